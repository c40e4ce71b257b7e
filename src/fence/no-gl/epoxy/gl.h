/* Put first on the include path of the layers below src/render (src/fence/README.md). */
#error "layer fence (DESIGN.md, Layers): only src/render and src/app may use GL; this layer must not include <epoxy/gl.h>"
