#!/usr/bin/env python3
"""The comparison benchmark (issue 18): Quarry's export union against the
compilers that remove the same hidden faces, on the same maps, best of five.

  tests/bench-compare.py QUARRY_CLI [MAP…]     (default: e1m3, NewDeralia, spirit3ctfduel1)

Quarry: `quarry-cli export MAP OUT.glb --json` (union_ms is the union and
T-junction repair; triangles before and after it).
QUARRY_QBSP=/path/to/qbsp: ericw-tools' qbsp (-threads 1 -noclip) writing a
.bsp of a copy of the map; its CSG time is that of the stages that make the
visible faces (QBSP_FACE_STAGES), its faces and triangles those of the .bsp.
It reads Quake and Valve 220 maps, not Quake 3 patches.
QUARRY_SEED_CSG=/path/to/csg: Stefan Hajnoczi's 2001 `csg MAP OUT.cmf`
(MAP files article) on a copy without comment lines; its union time and
triangles are printed only by the Linux port that times Brush::MergeList
("Union ms:"). It reads Valve 220 maps only.
A tool that is not given is skipped with one line; a tool that fails on a
map is reported and the table goes on.

`meson test -C build --benchmark compare` runs it on the corpus."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

cli = os.path.abspath(sys.argv[1])
corpus = os.environ.get("QUARRY_CORPUS") or os.environ.get("QUARRY_CORPUS_DEFAULT", "../shared/corpus")
maps = [os.path.abspath(m) for m in sys.argv[2:] or [os.path.join(corpus, m) for m in (
    "librequake/lq1/maps/src/e1/e1m3.map", "valve220/NewDeralia.map", "quake3/spirit3ctfduel1.map")]]
tools = {"qbsp": os.environ.get("QUARRY_QBSP"), "seed csg": os.environ.get("QUARRY_SEED_CSG")}
REPEAT = 5


def timed(cmd, cwd):
    """Wall time of one run in ms, its standard output and error; None for the time when it failed."""
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "", str(e)
    ms = (time.perf_counter() - start) * 1000
    return (ms if out.returncode == 0 else None), out.stdout, out.stderr


def failure(text):
    """The lines that say why, without the progress and missing-WAD chatter."""
    lines = [" ".join(l.split()) for l in text.splitlines()
             if l.strip() and not re.match(r"(Parsing |WAD not found|-+ |\*+ |\[)", l.strip())]
    # Both tools' parsers say what they expected (the seed's next line what it found).
    first = next((i for i, l in enumerate(lines) if re.search(r"expected", l, re.I)), 0)
    return "fails: " + (" ".join(lines[first:first + 2])[:100] if lines else "no output")


def quarry(path, work):
    runs = []
    for _ in range(REPEAT):
        ms, out, err = timed([cli, "export", path, os.path.join(work, "out.glb"), "--json"], work)
        if ms is None:
            return None, None, failure(out + err)
        runs.append((ms, json.loads(out)))
    r = runs[0][1]
    return (min(ms for ms, _ in runs), min(x["union_ms"] for _, x in runs),
            "triangles %d -> %d; scene %.1f ms, write %.1f ms" % (
                r["triangles_before"], r["triangles"],
                min(x["scene_ms"] for _, x in runs), min(x["write_ms"] for _, x in runs)))


# qbsp has no union of its own: its visible faces come out of the BSP tree
# (BrushBSP, portals, flood fill from the void, MarkVisibleSides, MakeFaces)
# and TJunc mends them as Quarry's T-junction repair does. It flushes every
# line, so the time from one of these "---- Stage ----" headers to the next
# line that starts a stage is that stage's time.
QBSP_FACE_STAGES = {"ChopBrushes", "BrushBSP", "MakeTreePortals", "CalcTreeBounds", "FillOutside", "FillDetail",
                    "FillBrushEntity", "MarkVisibleSides", "MakeFaces", "TJunc"}


def qbsp_run(cmd, cwd):
    """Wall time, the face stages' time in hull 0 and the output of one run; None for the time when it failed."""
    start = time.perf_counter()
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                errors="replace")
    except OSError as e:
        return None, None, str(e)
    lines, stage, stage_start, hull, faces_ms = [], None, 0, None, 0.0
    for line in proc.stdout:
        now = time.perf_counter()
        lines.append(line)
        header = re.match(r"---- (\w+) ----", line)
        hull_line = re.match(r"Processing (?:hull (\d+)|map)", line)
        if header or hull_line:
            if stage in QBSP_FACE_STAGES and hull == 0:
                faces_ms += (now - stage_start) * 1000
            stage, stage_start = (header.group(1) if header else None), now
        if hull_line:
            hull = int(hull_line.group(1) or 0)
    ms = (time.perf_counter() - start) * 1000
    return (ms if proc.wait() == 0 else None), faces_ms, "".join(lines)


def qbsp(exe, path, work):
    # qbsp writes the .bsp, .log and .prt beside the map: it gets a copy.
    # One thread, as Quarry's export; -noclip: no collision hulls 1 and 2, which
    # Quarry has nothing like; -logbmodels prints the brush entities' stages too.
    copy = os.path.join(work, os.path.basename(path))
    shutil.copyfile(path, copy)
    runs = []
    for _ in range(REPEAT):
        ms, faces_ms, out = qbsp_run([exe, "-nopercent", "-logbmodels", "-noclip", "-threads", "1", copy,
                                      os.path.join(work, "out.bsp")], work)
        if ms is None:
            return None, None, failure(out.replace(work + os.sep, ""))
        runs.append((ms, faces_ms))
    # The .bsp's lump table: a face of n edges is n - 2 triangles.
    faces = re.search(r"^\s*(\d+)\s+faces\s+\d+\s*$", out, re.M)
    surfedges = re.search(r"^\s*(\d+)\s+surfedges\s+\d+\s*$", out, re.M)
    text = ""
    if faces and surfedges:
        text = "%s faces in the .bsp (%d triangles)" % (
            faces.group(1), int(surfedges.group(1)) - 2 * int(faces.group(1)))
    return min(ms for ms, _ in runs), min(f for _, f in runs), text


def seed(exe, path, work):
    # Its 2001 parser predates the "// brush N" comments TrenchBroom writes:
    # its copy goes without them.
    copy = os.path.join(work, os.path.basename(path))
    with open(path, "rb") as src, open(copy, "wb") as dst:
        dst.writelines(l for l in src if not l.lstrip().startswith(b"//"))
    runs = []
    for _ in range(REPEAT):
        ms, out, err = timed([exe, copy, os.path.join(work, "out.cmf")], work)
        out += err
        # The 2001 program prints its own errors and may still exit 0.
        if ms is None or "Polygons:" not in out:
            return None, None, failure(out.replace(work + os.sep, ""))
        runs.append((ms, out))
    out = runs[0][1]
    union = [re.search(r"^Union ms:\s*([0-9.]+)", o, re.M) for _, o in runs]
    before = re.search(r"^Triangles before union:\s*(\d+)", out, re.M)
    after = re.search(r"^Triangles after union:\s*(\d+)", out, re.M)
    polys = re.search(r"^Polygons:\s*(\d+)", out, re.M).group(1)
    text = ("triangles %s -> %s; " % (before.group(1), after.group(1))) if before and after else ""
    return (min(ms for ms, _ in runs), min(float(u.group(1)) for u in union) if all(union) else None,
            text + "%s polygons" % polys)


for name, exe in tools.items():
    if not exe:
        print("bench-compare: %s skipped (QUARRY_%s not set)" % (name, "QBSP" if name == "qbsp" else "SEED_CSG"))
    elif not os.access(exe, os.X_OK):
        print("bench-compare: %s skipped (%s is not an executable)" % (name, exe))
        tools[name] = None

print("%-22s %-9s %10s %9s  %s" % ("map", "tool", "total ms", "CSG ms", "faces / triangles"))
for m in maps:
    runners = [("quarry", quarry)]
    if tools["qbsp"]:
        runners.append(("qbsp", lambda p, w: qbsp(tools["qbsp"], p, w)))
    if tools["seed csg"]:
        runners.append(("seed csg", lambda p, w: seed(tools["seed csg"], p, w)))
    for name, run in runners:
        work = tempfile.mkdtemp(prefix="quarry-bench-compare-")
        try:
            total, csg, text = run(m, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print("%-22s %-9s %10s %9s  %s" % (
            os.path.basename(m)[:22], name, "-" if total is None else "%.1f" % total,
            "-" if csg is None else "%.1f" % csg, text))
