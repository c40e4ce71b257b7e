#!/usr/bin/env python3
"""disp-terrain.py — writes a Source .vmf of displaced terrain for tests and benchmarks.

A square of N x N floor brushes (CELL units wide, 16 deep, top at z = 0), the top side of each
displaced at POWER (shared reference 000, §7: startposition at the side's lowest x and y, normals
straight up, distances the height of a few smooth hills sampled at every grid point, alphas
following the height). Heights are a function of the world position, so neighbouring
displacements meet exactly at their shared edges. An info_player_start stands south-west of
the square looking north-east over it (at --start X Y Z, if given).

Usage: disp-terrain.py OUT.vmf [--count N] [--power P] [--cell UNITS] [--hill HEIGHT]
                       [--material NAME] [--start X Y Z]
"""
import argparse
import math


def height(x, y, size, hill):
    """A few round hills over the square [0, size]^2; 0 at its border."""
    hills = ((0.5, 0.5, 0.22, 1.0), (0.2, 0.75, 0.12, 0.6), (0.8, 0.25, 0.15, 0.8), (0.75, 0.8, 0.1, 0.5))
    h = 0.0
    for cx, cy, r, a in hills:
        d2 = ((x / size - cx) ** 2 + (y / size - cy) ** 2) / (r * r)
        h += a * math.exp(-d2)
    edge = min(x, y, size - x, size - y) / (0.05 * size)
    return hill * h * min(1.0, max(0.0, edge))


def num(v):
    """Shortest text of a number: integers without a fraction."""
    r = round(v, 3)
    return str(int(r)) if r == int(r) else repr(r)


def side(ids, plane, material, disp=None):
    out = ['\t\tside\n\t\t{\n', '\t\t\t"id" "%d"\n' % next(ids),
           '\t\t\t"plane" "%s"\n' % " ".join("(%s)" % " ".join(num(c) for c in p) for p in plane),
           '\t\t\t"material" "%s"\n' % material,
           '\t\t\t"uaxis" "[1 0 0 0] 0.25"\n', '\t\t\t"vaxis" "[0 -1 0 0] 0.25"\n',
           '\t\t\t"rotation" "0"\n', '\t\t\t"lightmapscale" "16"\n', '\t\t\t"smoothing_groups" "0"\n']
    if disp is not None:
        out.append(disp)
    out.append('\t\t}\n')
    return "".join(out)


def dispinfo(x0, y0, z, cell, power, size, hill):
    n = (1 << power) + 1
    rows = {k: [] for k in ("normals", "distances", "offsets", "offset_normals", "alphas")}
    # On an upward side starting at its lowest x and y, point (r, c) lies at
    # (x0 + c step, y0 + r step): src/geom/qr-dispgrid.c, checked against Hammer's maps.
    for r in range(n):
        dist, alpha = [], []
        for c in range(n):
            h = height(x0 + cell * c / (n - 1), y0 + cell * r / (n - 1), size, hill)
            dist.append(num(h))
            alpha.append(num(min(255.0, 255.0 * h / hill)) if hill > 0 else "0")
        rows["normals"].append(" ".join(["0 0 1"] * n))
        rows["distances"].append(" ".join(dist))
        rows["offsets"].append(" ".join(["0 0 0"] * n))
        rows["offset_normals"].append(" ".join(["0 0 1"] * n))
        rows["alphas"].append(" ".join(alpha))
    out = ['\t\t\tdispinfo\n\t\t\t{\n', '\t\t\t\t"power" "%d"\n' % power,
           '\t\t\t\t"startposition" "[%s %s %s]"\n' % (num(x0), num(y0), num(z)),
           '\t\t\t\t"flags" "0"\n', '\t\t\t\t"elevation" "0"\n', '\t\t\t\t"subdiv" "0"\n']
    for key in ("normals", "distances", "offsets", "offset_normals", "alphas"):
        out.append('\t\t\t\t%s\n\t\t\t\t{\n' % key)
        for r, row in enumerate(rows[key]):
            out.append('\t\t\t\t\t"row%d" "%s"\n' % (r, row))
        out.append('\t\t\t\t}\n')
    out.append('\t\t\t}\n')
    return "".join(out)


def brush(ids, x0, y0, cell, power, size, hill, material):
    x1, y1, z0, z1 = x0 + cell, y0 + cell, -16, 0
    sides = [
        side(ids, ((x0, y1, z1), (x1, y1, z1), (x1, y0, z1)), material,
             dispinfo(x0, y0, z1, cell, power, size, hill)),
        side(ids, ((x0, y0, z0), (x1, y0, z0), (x1, y1, z0)), "tools/toolsnodraw"),
        side(ids, ((x0, y1, z0), (x1, y1, z0), (x1, y1, z1)), "tools/toolsnodraw"),
        side(ids, ((x1, y0, z0), (x0, y0, z0), (x0, y0, z1)), "tools/toolsnodraw"),
        side(ids, ((x1, y1, z0), (x1, y0, z0), (x1, y0, z1)), "tools/toolsnodraw"),
        side(ids, ((x0, y0, z0), (x0, y1, z0), (x0, y1, z1)), "tools/toolsnodraw"),
    ]
    return '\tsolid\n\t{\n\t\t"id" "%d"\n%s\t}\n' % (next(ids), "".join(sides))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=32)
    ap.add_argument("--power", type=int, default=3)
    ap.add_argument("--cell", type=int, default=256)
    ap.add_argument("--hill", type=float, default=512)
    ap.add_argument("--material", default="nature/blendgrassdirt01")
    ap.add_argument("--start", type=float, nargs=3)
    a = ap.parse_args()
    size = a.count * a.cell
    ids = iter(range(2, 1 << 30))
    parts = ['versioninfo\n{\n\t"editorversion" "400"\n\t"mapversion" "1"\n\t"formatversion" "100"\n}\n',
             'world\n{\n\t"id" "1"\n\t"mapversion" "1"\n\t"classname" "worldspawn"\n']
    for i in range(a.count):
        for j in range(a.count):
            parts.append(brush(ids, i * a.cell, j * a.cell, a.cell, a.power, size, a.hill, a.material))
    parts.append('}\n')
    start = a.start or (-0.15 * size, -0.15 * size, 0.25 * a.hill + 64)
    parts.append('entity\n{\n\t"id" "%d"\n\t"classname" "info_player_start"\n\t"origin" "%s"\n'
                 '\t"angles" "0 45 0"\n}\n' % (next(ids), " ".join(num(c) for c in start)))
    with open(a.out, "w") as f:
        f.write("".join(parts))


if __name__ == "__main__":
    main()
