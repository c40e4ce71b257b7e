#!/usr/bin/env python3
"""The layer fence (src/fence/README.md): compiles probes with each layer's
real flags, taken from the build's compile_commands.json, and checks that a
GL include below src/render, and a GTK include below src/app, stop with the
fence's message, while an allowed include compiles. TAP output.

Usage: check-layer-fence.py BUILD_DIR
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

GL = ["epoxy/gl.h", "GL/gl.h"]
GTK = ["gtk/gtk.h", "gdk/gdk.h"]
# layer → (forbidden includes, an include the layer may use)
LAYERS = {
    "geom": (GL + GTK, "glib.h"),
    "model": (GL + GTK, "glib-object.h"),
    "io": (GL + GTK, "gio/gio.h"),
    "texture": (GL + GTK, "gdk-pixbuf/gdk-pixbuf.h"),
    "export": (GL + GTK, "json-c/json.h"),
    "compile": (GL + GTK, "gio/gio.h"),
    "tools": (GL + GTK, "glib.h"),
    "render": (GTK, "epoxy/gl.h"),
    "cli": (GL + GTK, "json-c/json.h"),
}


def layer_command(commands, layer):
    """The compile command of the layer's first source, as a word list."""
    for entry in commands:
        path = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
        if os.sep + os.path.join("src", layer) + os.sep in path:
            words = entry.get("arguments") or shlex.split(entry["command"])
            return entry["directory"], words
    return None, None


def probe(directory, words, include, scratch):
    """Compiles a file holding only `#include <include>` with the words of
    a real compile (its source, output and dependency file swapped out)."""
    source = os.path.join(scratch, "probe.c")
    with open(source, "w") as f:
        f.write("#include <%s>\n" % include)
    args = []
    skip = False
    for i, w in enumerate(words):
        if skip:
            skip = False
            continue
        if w in ("-o", "-MQ", "-MF", "-MT", "-c"):
            skip = True
            continue
        if w == "-MD":
            continue
        args.append(w)
    args += ["-fsyntax-only", "-c", source]
    run = subprocess.run(args, cwd=directory, capture_output=True, text=True)
    return run.returncode, run.stderr


def main():
    build = sys.argv[1]
    with open(os.path.join(build, "compile_commands.json")) as f:
        commands = json.load(f)
    checks = []
    for layer, (forbidden, allowed) in LAYERS.items():
        checks.append((layer, allowed, True))
        for include in forbidden:
            checks.append((layer, include, False))
    print("1..%d" % len(checks))
    failed = 0
    with tempfile.TemporaryDirectory() as scratch:
        for n, (layer, include, ok) in enumerate(checks, 1):
            directory, words = layer_command(commands, layer)
            name = "src/%s %s <%s>" % (layer, "may include" if ok else "is stopped at", include)
            if words is None:
                print("not ok %d %s # no compile command for the layer" % (n, name))
                failed += 1
                continue
            code, err = probe(directory, words, include, scratch)
            if ok:
                good = code == 0
            else:
                # Failing is not enough: a missing header fails too. The
                # fence's own #error must be what stopped it.
                good = code != 0 and "layer fence" in err
            if good:
                print("ok %d %s" % (n, name))
            else:
                failed += 1
                print("not ok %d %s" % (n, name))
                for line in err.strip().splitlines()[:6]:
                    print("# " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
