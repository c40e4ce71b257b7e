#!/usr/bin/env python3
"""The export benchmark (issue 18): `quarry-cli export --json --repeat 5`
of corpus maps, each to .glb and .obj; prints per map the triangles before
and after hidden faces were removed and the fastest scene (union,
T-junctions, triangles, UVs), union and write times.

  tests/bench-export.py QUARRY_CLI [MAP…]      (default: e1m3, NewDeralia, spirit3ctfduel1)

`meson test -C build --benchmark export` runs it on the corpus."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

cli = sys.argv[1]
corpus = os.environ.get("QUARRY_CORPUS") or os.environ.get("QUARRY_CORPUS_DEFAULT", "../shared/corpus")
maps = sys.argv[2:] or [os.path.join(corpus, m) for m in (
    "librequake/lq1/maps/src/e1/e1m3.map", "valve220/NewDeralia.map", "quake3/spirit3ctfduel1.map")]
work = tempfile.mkdtemp(prefix="quarry-bench-export-")
try:
    for m in maps:
        for ext in ("glb", "obj"):
            r = json.loads(subprocess.run([cli, "export", m, os.path.join(work, "out." + ext), "--json", "--repeat", "5"],
                                          capture_output=True, text=True, check=True).stdout)
            print("%-40s %s  objects %4d  triangles %7d (before %7d)  scene %7.1f ms  union %7.1f ms  write %7.1f ms" % (
                os.path.basename(m), ext, r["objects"], r["triangles"], r["triangles_before"],
                r["scene_ms"], r["union_ms"], r["write_ms"]))
finally:
    shutil.rmtree(work, ignore_errors=True)
