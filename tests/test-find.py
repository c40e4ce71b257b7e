#!/usr/bin/env python3
"""quarry-cli find on corpus maps, counted against the map files read by
the tests' own reader (qrmap.py): faces by texture glob (case ignored),
entities by class and key. TAP output.

  tests/test-find.py QUARRY_CLI"""
import fnmatch
import json
import os
import subprocess
import sys
import tempfile

import qrmap

cli = sys.argv[1]
corpus = os.environ.get("QUARRY_CORPUS") or os.environ.get("QUARRY_CORPUS_DEFAULT", "../shared/corpus")
MAP = os.path.join(corpus, "librequake/lq1/maps/src/e1/e1m3.map")
n = 0


def ok(good, name):
    global n
    n += 1
    print("%s %d %s" % ("ok" if good else "not ok", n, name))


def find(*args, path=MAP):
    return json.loads(subprocess.run([cli, "find", path, "--json", *args], capture_output=True, text=True,
                                     check=True).stdout)["hits"]


def read_map(path):
    """Entities as (keys, brushes), a brush a list of texture names."""
    return [(e.keys, [[qrmap.face_texture(s) for s in b.lines] for b in e.brushes]) for e in qrmap.read(path)]


if not os.path.isfile(MAP):
    print("1..0 # SKIP the corpus is not at %s" % corpus)
    sys.exit(0)
print("1..12")
entities = read_map(MAP)
faces = [(e, b, f, t) for e, (_, brushes) in enumerate(entities) for b, brush in enumerate(brushes)
         for f, t in enumerate(brush)]

for glob in ("*WATER*", "med_csl_brk1?", "clip"):
    hits = find("--texture", glob)
    want = [(e, b, f) for e, b, f, t in faces if fnmatch.fnmatchcase(t.lower(), glob.lower())]
    ok([(h["entity"], h["brush"], h["face"]) for h in hits] == want and len(want) > 0,
       "--texture %s: %d faces, as the file has" % (glob, len(want)))

# --exact: a name with '*' in it (Quake's liquids) is that name, not a glob.
liquid = sorted({t for _, _, _, t in faces if t.startswith("*")})[0]
hits = find("--texture", liquid.upper(), "--exact")
want = [(e, b, f) for e, b, f, t in faces if t.lower() == liquid.lower()]
ok([(h["entity"], h["brush"], h["face"]) for h in hits] == want and len(want) > 0,
   "--texture %s --exact: %d faces, the name's alone" % (liquid.upper(), len(want)))
hits = find("--texture", "*", "--exact")
ok(hits == [], "--texture '*' --exact: no face is named *")

cls = "info_teleport_destination"
hits = find("--entities", "classname=" + cls)
want = [e for e, (keys, _) in enumerate(entities) if any(k == "classname" and cls in v for k, v in keys)]
ok([h["entity"] for h in hits] == want and len(want) > 0 and all(h["brush"] is None for h in hits),
   "--entities classname=%s: %d entities" % (cls, len(want)))

# Both: faces of one texture, only in brush entities of one class.
hits = find("--texture", "*", "--entities", "classname=func_door")
want = [(e, b, f) for e, b, f, t in faces if any(k == "classname" and "func_door" in v for k, v in entities[e][0])]
ok([(h["entity"], h["brush"], h["face"]) for h in hits] == want and len(want) > 0,
   "--texture '*' --entities classname=func_door: %d faces" % len(want))

# Chains: entities wired to a targetname through target, killtarget and
# pathtarget, both ways, worked out here over the file's keys.
def wired(name):
    named = {}
    for e, (keys, _) in enumerate(entities):
        for k, v in keys:
            if k == "targetname" and v:
                named.setdefault(v, []).append(e)
    edges = {e: set() for e in range(len(entities))}
    for e, (keys, _) in enumerate(entities):
        for k, v in keys:
            if k in ("target", "killtarget", "pathtarget"):
                for o in named.get(v, []):
                    edges[e].add(o)
                    edges[o].add(e)
    seen, todo = set(named.get(name, [])), list(named.get(name, []))
    while todo:
        for o in edges[todo.pop()]:
            if o not in seen:
                seen.add(o)
                todo.append(o)
    return sorted(seen)


names = sorted({v for keys, _ in entities for k, v in keys if k == "targetname" and v})
bad = [t for t in names[::max(1, len(names) // 12)] if [h["entity"] for h in find("--chain", t)] != wired(t)]
longest = max(names, key=lambda t: len(wired(t)))
ok(not bad and len(wired(longest)) > 2, "--chain on %d targetnames as the keys wire them (longest: %s, %d entities)%s"
   % (len(names[::max(1, len(names) // 12)]), longest, len(wired(longest)), "; differ: " + ", ".join(bad) if bad else ""))

# Source outputs wire too: a relay firing door1's Open.
VMF = """world
{
	"id" "1"
	"classname" "worldspawn"
}
entity
{
	"id" "2"
	"classname" "logic_relay"
	"targetname" "relay1"
	connections
	{
		"OnTrigger" "door1,Open,,0,-1"
	}
}
entity
{
	"id" "3"
	"classname" "func_door"
	"targetname" "door1"
}
entity
{
	"id" "4"
	"classname" "light"
	"targetname" "lamp"
	editor
	{
		"visgroupshown" "0"
	}
}
"""
with tempfile.TemporaryDirectory() as work:
    vmf = os.path.join(work, "wired.vmf")
    with open(vmf, "w") as f:
        f.write(VMF)
    ok([h["entity"] for h in find("--chain", "door1", path=vmf)] == [1, 2], "VMF: door1 is wired to the relay that opens it")
    ok([h["entity"] for h in find("--chain", "lamp", path=vmf)] == [3], "VMF: the lamp to nothing else")
    hits = find("--entities", "targetname", path=vmf)
    ok([(h["entity"], h["hidden"]) for h in hits] == [(1, False), (2, False), (3, True)],
       "VMF: the hidden lamp is found and said hidden, the relay is not: %s" % hits)

# A TrenchBroom layer's lock: its entities are found and said locked (the window lists them,
# selects them not), the others not.
LAYERED = """{
"classname" "worldspawn"
}
{
"classname" "func_group"
"_tb_type" "_tb_layer"
"_tb_name" "Locked"
"_tb_id" "1"
"_tb_layer_sort_index" "0"
"_tb_layer_locked" "1"
}
{
"classname" "light"
"origin" "0 0 0"
"_tb_layer" "1"
}
{
"classname" "light"
"origin" "64 0 0"
}
"""
with tempfile.TemporaryDirectory() as work:
    path = os.path.join(work, "layered.map")
    with open(path, "w") as f:
        f.write(LAYERED)
    hits = find("--entities", "light", path=path)
    ok([(h["entity"], h["locked"], h["hidden"]) for h in hits] == [(2, True, False), (3, False, False)],
       "a locked layer's light is found and said locked, the other not: %s" % hits)
