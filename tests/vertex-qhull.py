#!/usr/bin/env python3
"""quarry-cli edit's vertex-move on corpus brushes against Qhull (issue 19). TAP.

Usage: vertex-qhull.py QUARRY_CLI

Brushes sampled from corpus maps (a fixed seed) are copied into a small map
in a temporary folder; each has one corner moved by a random whole-unit
delta (two in five towards the brush's middle, to be swallowed) with `quarry-cli edit … --step "vertex-move 0:B X Y Z DX DY DZ"`.
Qhull's `qconvex` (Debian's qhull-bin) computes the hull of the brush's
corners with that one moved, independently of Quarry's hull:
- where the moved point is one of Qhull's extreme points, the step succeeds
  and the brush's corners (`quarry-cli mesh --json`) are Qhull's extreme
  points and its volume Qhull's; Euler's formula holds and every corner lies
  on its face's plane; every face whose plane is still one of the hull's
  facets is written back exactly as before (the same line);
- where it is not (swallowed) or Qhull finds no volume, the step exits 1
  and writes nothing;
- a chain of accepted steps undone (`--undo N`) saves the same bytes as the
  map converted without edits.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

import qrmap

CLI = sys.argv[1]
CORPUS = os.environ.get("QUARRY_CORPUS") or os.environ.get("QUARRY_CORPUS_DEFAULT", "")
MAPS = [
    ("librequake/lq1/maps/src/e1/e1m3.map", False),
    ("valve220/zoo_npcs.map", True),
    ("valve220/NewDeralia.map", True),
]
PER_MAP = 25
MAX_CORNERS = 40
results = []


def ok(good, name, why=""):
    results.append((good, name, why))


def brush_blocks(path):
    """The face lines of every brush of the map, in file order (brushes
    holding anything but face lines, such as patches, are left out)."""
    return [b.lines for e in qrmap.read(path) for b in e.brushes
            if b.lines and not b.nested and all(s.startswith("(") for s in b.lines)]


def cli(*args, check=True):
    return subprocess.run([CLI, *args], capture_output=True, text=True, check=check)


def mesh(path):
    data = json.loads(cli("mesh", path, "--json").stdout)
    return data["entities"][0]["brushes"]


def corners(brush):
    pts = []
    for face in brush["faces"]:
        for v in face["vertices"]:
            if not any(max(abs(a - b) for a, b in zip(v, p)) < 1e-6 for p in pts):
                pts.append(v)
    return pts


def snap(x):
    r = round(x)
    return float(r) if abs(x - r) <= 1e-3 else x


def qhull(points):
    """(volume, extreme points, facet planes (unit normal, offset)) or None
    when Qhull finds no volume."""
    text = "3\n%d\n" % len(points) + "".join("%r %r %r\n" % tuple(p) for p in points)
    run = subprocess.run(["qconvex", "FS", "Fx", "n"], input=text, capture_output=True, text=True)
    if run.returncode != 0:
        return None
    lines = run.stdout.split("\n")
    # FS: "0", then "2 area volume"; Fx: count, then indices; n: "4", count, then planes.
    volume = float(lines[1].split()[2])
    k = int(lines[2])
    extreme = [points[int(lines[3 + i])] for i in range(k)]
    at = 3 + k
    n_planes = int(lines[at + 1])
    planes = []
    for i in range(n_planes):
        nx, ny, nz, off = map(float, lines[at + 2 + i].split())
        planes.append(((nx, ny, nz), -off))
    return volume, extreme, planes


def sub(a, b):
    return [a[i] - b[i] for i in range(3)]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def dot(a, b):
    return sum(a[i] * b[i] for i in range(3))


def face_plane(line):
    """The plane of a face line's three points, normal out of the brush."""
    p = qrmap.face_points(line)
    n = cross(sub(p[0], p[1]), sub(p[2], p[1]))
    length = dot(n, n) ** 0.5
    n = [c / length for c in n]
    return n, dot(n, p[1])


def same_set(a, b, eps=1e-3):
    if len(a) != len(b):
        return False
    return all(any(max(abs(x - y) for x, y in zip(p, q)) <= eps for q in b) for p in a)


def check_solid(brush):
    faces = brush["faces"]
    v = len(corners(brush))
    e2 = sum(len(f["vertices"]) for f in faces)
    if v - e2 // 2 + len(faces) != 2:
        return "Euler: V %d E %d F %d" % (v, e2 // 2, len(faces))
    for f in faces:
        n, d = f["plane"][:3], f["plane"][3]
        for p in f["vertices"]:
            if abs(dot(n, p) - d) > 1e-4:
                return "corner %r is %g off its face's plane" % (p, dot(n, p) - d)
    return ""


def saved_brushes(path):
    return brush_blocks(path)


def main():
    if shutil.which("qconvex") is None:
        print("1..0 # SKIP qconvex not installed (Debian package qhull-bin)")
        return
    present = [(m, v) for m, v in MAPS if os.path.exists(os.path.join(CORPUS, m))]
    if not present:
        print("1..0 # SKIP corpus not found (%s)" % CORPUS)
        return
    rng = random.Random(19)
    tmp = tempfile.mkdtemp(prefix="quarry-vertex-")
    accepted = refused = 0
    try:
        for rel, valve in present:
            blocks = [b for b in brush_blocks(os.path.join(CORPUS, rel)) if len(b) >= 4]
            sample = rng.sample(blocks, min(PER_MAP, len(blocks)))
            small = os.path.join(tmp, "small.map")
            with open(small, "w", encoding="latin-1") as f:
                f.write('{\n"classname" "worldspawn"\n')
                if valve:
                    f.write('"mapversion" "220"\n')
                for b in sample:
                    f.write("{\n" + "\n".join(b) + "\n}\n")
                f.write("}\n")
            base = os.path.join(tmp, "base.map")
            cli("convert", small, base)
            with open(base, "rb") as f:
                base_bytes = f.read()
            before_lines = saved_brushes(base)
            brushes = mesh(base)
            chain = []
            for i, brush in enumerate(brushes):
                if not brush["valid"]:
                    continue
                pts = corners(brush)
                if len(pts) > MAX_CORNERS:
                    continue
                k = rng.randrange(len(pts))
                if rng.random() < 0.4:
                    # Towards the middle, often far enough to be swallowed.
                    mid = [sum(p[j] for p in pts) / len(pts) for j in range(3)]
                    t = rng.uniform(0.3, 1.5)
                    delta = [round((mid[j] - pts[k][j]) * t) for j in range(3)]
                else:
                    delta = [rng.randint(-24, 24) for _ in range(3)]
                moved = [snap(pts[k][j] + delta[j]) for j in range(3)]
                expect = qhull([moved if j == k else p for j, p in enumerate(pts)])
                out = os.path.join(tmp, "out.map")
                if os.path.exists(out):
                    os.unlink(out)
                step = "vertex-move 0:%d %r %r %r %d %d %d" % (i, *pts[k], *delta)
                run = cli("edit", base, out, "--step", step, check=False)
                name = "%s brush %d: %s" % (rel, i, step)
                swallowed = expect is None or not any(
                    max(abs(a - b) for a, b in zip(moved, q)) <= 1e-6 for q in expect[1])
                if swallowed:
                    refused += 1
                    ok(run.returncode == 1 and not os.path.exists(out), name + " refused",
                       "exit %d: %s" % (run.returncode, run.stderr.strip()))
                    continue
                accepted += 1
                if run.returncode != 0:
                    ok(False, name, "refused: " + run.stderr.strip())
                    continue
                after = mesh(out)[i]
                got = corners(after)
                why = ""
                if not same_set(got, expect[1]):
                    why = "corners %r, Qhull's %r" % (got, expect[1])
                else:
                    why = check_solid(after)
                # Faces on a plane the hull still has keep their line exactly.
                after_lines = saved_brushes(out)[i]
                for line in before_lines[i]:
                    n, d = face_plane(line)
                    if any(max(abs(n[j] - pn[j]) for j in range(3)) < 1e-9 and abs(d - pd) < 1e-6
                           for pn, pd in expect[2]) and line not in after_lines:
                        why = why or "face lost its line: %s" % line
                ok(not why, name, why)
                vol = mesh_volume(after)
                ok(abs(vol - expect[0]) <= 1e-6 * max(1.0, expect[0]), name + " volume",
                   "%r, Qhull's %r" % (vol, expect[0]))
                if len(chain) < 4:
                    chain.append(step)
                # The untouched brushes are written back as they were.
                ok(all(saved_brushes(out)[j] == before_lines[j] for j in range(len(before_lines)) if j != i),
                   name + " other brushes untouched")
            if chain:
                out = os.path.join(tmp, "undone.map")
                args = ["edit", base, out]
                for s in chain:
                    args += ["--step", s]
                cli(*args, "--undo", str(len(chain)))
                with open(out, "rb") as f:
                    ok(f.read() == base_bytes, "%s: %d vertex steps undone give the same bytes" % (rel, len(chain)))
    finally:
        shutil.rmtree(tmp)
    ok(accepted >= 20 and refused >= 5, "both outcomes sampled",
       "%d accepted, %d refused" % (accepted, refused))
    print("1..%d" % len(results))
    print("# %d moves accepted, %d refused" % (accepted, refused))
    for n, (good, name, why) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if good else "not ok", n, name))
        if not good and why:
            print("# " + why[:2000])


def mesh_volume(brush):
    """Volume from the face polygons: tetrahedra from a corner to each fan
    triangle, the faces counter-clockwise from outside."""
    o = brush["faces"][0]["vertices"][0]
    total = 0.0
    for f in brush["faces"]:
        v = f["vertices"]
        for j in range(1, len(v) - 1):
            total += dot(sub(v[0], o), cross(sub(v[j], o), sub(v[j + 1], o))) / 6
    return total


main()
