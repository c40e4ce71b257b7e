/* Put first on the include path of every layer below src/app (src/fence/README.md). */
#error "layer fence (DESIGN.md, Layers): only src/app may use GTK; this layer must not include <gsk/gsk.h>"
