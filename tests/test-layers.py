#!/usr/bin/env python3
"""TrenchBroom's layers through quarry-cli (issue 20): `edit` layer steps
checked key by key in the saved file (read by the tests' own reader,
qrmap.py) in TrenchBroom's order, reloaded and saved again unchanged,
undone back to the exact file; `layers --json` against the file; `export`
leaving an omitted layer out; the corpus map with layers round-tripping
byte for byte. TAP output.

  tests/test-layers.py QUARRY_CLI"""
import json
import os
import subprocess
import sys
import tempfile

import qrmap

cli = sys.argv[1]
corpus = os.environ.get("QUARRY_CORPUS") or os.environ.get("QUARRY_CORPUS_DEFAULT", "../shared/corpus")
JUNCTION = os.path.join(corpus, "valve220/q30_junction.map")
n = 0


def ok(good, name):
    global n
    n += 1
    print("%s %d %s" % ("ok" if good else "not ok", n, name))


def run(*args, check=True):
    return subprocess.run([cli, *args], capture_output=True, text=True, check=check)


def edit(src, dst, *steps, undo=0):
    args = ["edit", src, dst]
    for s in steps:
        args += ["--step", s]
    if undo:
        args += ["--undo", str(undo)]
    return run(*args)


def cube(x):
    """A 64-unit Valve 220 cube at x, as brush lines."""
    planes = [((x, 0, 0), (x, 1, 0), (x, 0, 1)), ((x + 64, 0, 0), (x + 64, 0, 1), (x + 64, 1, 0)),
              ((x, 0, 0), (x, 0, 1), (x + 1, 0, 0)), ((x, 64, 0), (x + 1, 64, 0), (x, 64, 1)),
              ((x, 0, 0), (x + 1, 0, 0), (x, 1, 0)), ((x, 0, 64), (x, 1, 64), (x + 1, 0, 64))]
    return "{\n" + "".join("( %d %d %d ) ( %d %d %d ) ( %d %d %d ) base [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
                           % (a + b + c) for a, b, c in planes) + "}\n"


# The world's two cubes, a light, a group (TrenchBroom's, id 3) holding a
# cube of its own and a grouped light.
MAP = ('{\n"classname" "worldspawn"\n' + cube(0) + cube(128) + "}\n"
       '{\n"classname" "light"\n"origin" "0 0 128"\n}\n'
       '{\n"classname" "func_group"\n"_tb_type" "_tb_group"\n"_tb_name" "G"\n"_tb_id" "3"\n' + cube(256) + "}\n"
       '{\n"classname" "light"\n"origin" "256 0 128"\n"_tb_group" "3"\n}\n')

LAYER_KEYS = ["classname", "_tb_type", "_tb_name", "_tb_id", "_tb_layer_sort_index", "_tb_layer_locked",
              "_tb_layer_hidden", "_tb_layer_omit_from_export"]

print("1..18")
with tempfile.TemporaryDirectory() as work:
    path = lambda name: os.path.join(work, name)
    with open(path("in.map"), "w") as f:
        f.write(MAP)
    edit(path("in.map"), path("base.map"))
    base = qrmap.read(path("base.map"))
    steps = ["layer-add Props", "layer-add Lights", "layer-move Props 0:1 1", "layer-move Lights 3",
             "layer-omit Props on", "layer-hide Props", "layer-lock Props",
             "layer-current Props", "create block 512 0 0 576 64 64"]
    edit(path("base.map"), path("out.map"), *steps)
    out = qrmap.read(path("out.map"))
    layers = [e for e in out if ("_tb_type", "_tb_layer") in e.keys]

    ok([e.keys for e in layers] == [
        [("classname", "func_group"), ("_tb_type", "_tb_layer"), ("_tb_name", "Props"), ("_tb_id", "4"),
         ("_tb_layer_sort_index", "0"), ("_tb_layer_locked", "1"), ("_tb_layer_hidden", "1"),
         ("_tb_layer_omit_from_export", "1")],
        [("classname", "func_group"), ("_tb_type", "_tb_layer"), ("_tb_name", "Lights"), ("_tb_id", "5"),
         ("_tb_layer_sort_index", "1")]],
       "layer entities: TrenchBroom's keys in its order, ids above the group's, sort indices in turn")
    ok(all([k for k, _ in e.keys] == [k for k in LAYER_KEYS if k in dict(e.keys)] for e in layers),
       "flags set omit, hide, lock land as locked, hidden, omitted")
    ok(out[0].keys == base[0].keys and [b.lines for b in out[0].brushes] == [base[0].brushes[0].lines],
       "the world keeps its keys and its first cube; the second left it")
    ok([b.lines for b in layers[0].brushes][0] == base[0].brushes[1].lines and len(layers[0].brushes) == 2,
       "Props holds the world's second cube and the block made while it was current")
    ok(out[1].keys == base[1].keys + [("_tb_layer", "4")],
       "the light moved to Props carries \"_tb_layer\" \"4\", last")
    ok(out[2].keys == base[2].keys + [("_tb_layer", "5")] and out[3].keys == base[3].keys,
       "moving the grouped light moves its group; the light keeps only \"_tb_group\"")

    listed = json.loads(run("layers", path("out.map"), "--json").stdout)["layers"]
    ok([(l["name"], l["id"], l["hidden"], l["locked"], l["omit_from_export"], l["brushes"], l["entities"])
        for l in listed] == [("Default Layer", 0, False, False, False, 1, 0), ("Props", 4, True, True, True, 2, 1),
                             ("Lights", 5, False, False, False, 1, 2)],
       "layers --json: order, state and members as the file has them")

    edit(path("out.map"), path("again.map"))
    ok(open(path("again.map"), "rb").read() == open(path("out.map"), "rb").read(),
       "the saved file reloads and saves again byte for byte")

    # layer-current is not a step: eight of the nine are.
    edit(path("base.map"), path("undone.map"), *steps, undo=8)
    ok(open(path("undone.map"), "rb").read() == open(path("base.map"), "rb").read(),
       "undoing every layer step gives the exact file back")

    edit(path("out.map"), path("shown.map"), "layer-show Props", "layer-unlock Props", "layer-rename Props Furniture")
    shown = [e for e in qrmap.read(path("shown.map")) if ("_tb_type", "_tb_layer") in e.keys][0]
    ok(shown.keys == [("classname", "func_group"), ("_tb_type", "_tb_layer"), ("_tb_name", "Furniture"),
                      ("_tb_id", "4"), ("_tb_layer_sort_index", "0"), ("_tb_layer_omit_from_export", "1")],
       "show and unlock drop their keys; rename changes _tb_name in place")

    edit(path("out.map"), path("deleted.map"), "layer-delete Props", "layer-move 'Default Layer' 3",
         "layer-hide default")
    deleted = qrmap.read(path("deleted.map"))
    ok([b.lines for b in deleted[0].brushes] == [base[0].brushes[0].lines, base[0].brushes[1].lines]
       + [layers[0].brushes[1].lines] and deleted[0].keys == base[0].keys + [("_tb_layer_hidden", "1")],
       "delete: the layer's brushes to the end of the world; the default layer's state on worldspawn, last")
    ok(len(deleted) == len(base) + 1 and deleted[1].keys == base[1].keys and deleted[2].keys == base[2].keys,
       "delete: its light back in the default layer; the group moved back by name loses its key")

    # Export: the omitted layer's cube and block are not in the mesh.
    with_omit = json.loads(run("export", path("out.map"), path("a.obj"), "--json").stdout)
    edit(path("out.map"), path("kept.map"), "layer-omit Props off")
    without = json.loads(run("export", path("kept.map"), path("b.obj"), "--json").stdout)
    ok(with_omit["triangles_before"] == 24 and without["triangles_before"] == 48,
       "export leaves the omitted layer out (%d triangles, %d with it)"
       % (with_omit["triangles_before"], without["triangles_before"]))

    edit(path("out.map"), path("isolated.map"), "layer-show-all", "layer-unlock-all", "layer-isolate Lights",
         "layer-down Props")
    listed = json.loads(run("layers", path("isolated.map"), "--json").stdout)["layers"]
    ok([(l["name"], l["hidden"], l["locked"]) for l in listed]
       == [("Default Layer", True, False), ("Lights", False, False), ("Props", True, False)],
       "show-all, unlock-all, isolate Lights, Props down: Lights alone shown, and listed before Props")
    iso = [e for e in qrmap.read(path("isolated.map")) if ("_tb_type", "_tb_layer") in e.keys]
    ok([dict(e.keys)["_tb_layer_sort_index"] for e in iso] == ["1", "0"],
       "the layers renumbered by place: Props 1, Lights 0")

    bad = run("edit", path("out.map"), path("x.map"), "--step", "layer-move Nope 0:0", check=False)
    ok(bad.returncode == 1 and "no layer" in bad.stderr, "a layer that does not exist is an error (status 1)")

    if os.path.isfile(JUNCTION):
        edit(JUNCTION, path("junction.map"))
        ok(open(path("junction.map"), "rb").read() == open(JUNCTION, "rb").read(),
           "q30_junction.map (layers and groups) round-trips byte for byte")
        ents = qrmap.read(JUNCTION)
        want = sorted(((int(dict(e.keys)["_tb_layer_sort_index"]), dict(e.keys)["_tb_name"],
                        "_tb_layer_hidden" in dict(e.keys), "_tb_layer_locked" in dict(e.keys),
                        "_tb_layer_omit_from_export" in dict(e.keys))
                       for e in ents if ("_tb_type", "_tb_layer") in e.keys))
        listed = json.loads(run("layers", JUNCTION, "--json").stdout)["layers"]
        ok([(l["sort_index"], l["name"], l["hidden"], l["locked"], l["omit_from_export"]) for l in listed[1:]]
           == want and listed[0]["name"] == "Default Layer" and len(want) == 9,
           "q30_junction.map: its 9 layers listed by sort index with their flags")
    else:
        ok(True, "# SKIP the corpus is not at %s" % corpus)
        ok(True, "# SKIP the corpus is not at %s" % corpus)
