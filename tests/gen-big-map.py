#!/usr/bin/env python3
"""Writes a big synthetic map for the scale benchmark and the soak: N brushes
of the variety real maps have, about NewDeralia's size per brush (≈ 600
bytes and six faces), in Valve 220 .map or Source .vmf form.

  tests/gen-big-map.py N OUT.map|OUT.vmf [--seed S]

The brushes: axial boxes (most of a real map), wedges, eight-sided
columns, and boxes and wedges turned about a random axis or sheared, whose
plane points are not integers. They stand on a grid of cells in a few
storeys, so the views have something spread out to draw. About a tenth of
them belong to brush entities (func_detail, func_wall, func_door) of up to
a dozen brushes; every tenth cell also holds a point entity (light,
info_player_start), as NewDeralia has one entity for every five brushes.
A VMF's solid ids are shuffled, as an edited map's are. The same N
and seed write the same file. Nothing is committed: the
benchmark writes its maps into the build folder."""

import argparse
import math
import os
import random
import sys

TEXTURES = ["BRICK1", "STONE_WALL", "CXWOODM", "METAL_FLOOR", "ROOF_TILES", "PLASTER2", "GRASS01", "TRIM_A"]
VMF_MATERIALS = ["BRICK/BRICKWALL001A", "CONCRETE/CONCRETEFLOOR011A", "WOOD/WOODWALL009A",
                 "METAL/METALFLOOR001A", "TOOLS/TOOLSNODRAW", "PLASTER/PLASTERWALL005C"]
CELL = 160.0
STOREYS = 4


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def num(x):
    """Integers as integers, others with up to six decimals, as editors write them."""
    r = round(x, 6)
    if r == int(r):
        return str(int(r))
    return ("%.6f" % r).rstrip("0")


def box(size):
    sx, sy, sz = size
    v = [(x, y, z) for z in (-sz, sz) for y in (-sy, sy) for x in (-sx, sx)]
    faces = [[0, 1, 3, 2], [4, 5, 7, 6], [0, 1, 5, 4], [2, 3, 7, 6], [0, 2, 6, 4], [1, 3, 7, 5]]
    return v, faces


def wedge(size):
    """A ramp: bottom, back wall, slope and two triangular sides."""
    sx, sy, sz = size
    v = [(-sx, -sy, -sz), (sx, -sy, -sz), (-sx, sy, -sz), (sx, sy, -sz), (-sx, sy, sz), (sx, sy, sz)]
    faces = [[0, 1, 3, 2], [2, 3, 5, 4], [0, 1, 5, 4], [0, 2, 4], [1, 3, 5]]
    return v, faces


def column(size):
    """An eight-sided prism: ten faces, the mitred vertices not on the grid."""
    sx, sy, sz = size
    ring = [(sx * math.cos(math.pi / 8 + k * math.pi / 4), sy * math.sin(math.pi / 8 + k * math.pi / 4))
            for k in range(8)]
    v = [(x, y, -sz) for x, y in ring] + [(x, y, sz) for x, y in ring]
    faces = [list(range(8)), list(range(8, 16))] + [[k, (k + 1) % 8, 8 + (k + 1) % 8, 8 + k] for k in range(8)]
    return v, faces


def rotation(rng):
    """A turn about a random axis by a random angle (Rodrigues)."""
    while True:
        a = (rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1))
        n = math.sqrt(dot(a, a))
        if 0.1 < n <= 1:
            break
    x, y, z = (c / n for c in a)
    t = rng.uniform(5, 85) * math.pi / 180
    c, s, k = math.cos(t), math.sin(t), 1 - math.cos(t)
    return [[c + x * x * k, x * y * k - z * s, x * z * k + y * s],
            [y * x * k + z * s, c + y * y * k, y * z * k - x * s],
            [z * x * k - y * s, z * y * k + x * s, c + z * z * k]]


def shear(rng):
    m = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    i, j = rng.sample(range(3), 2)
    m[i][j] = rng.choice((-0.5, -0.375, 0.25, 0.4375))
    return m


def apply(m, p):
    return tuple(m[r][0] * p[0] + m[r][1] * p[1] + m[r][2] * p[2] for r in range(3))


def make_brush(rng):
    """The three plane points of each face (outward by the Quake convention:
    (p0 − p1) × (p2 − p1) points out of the brush), and each face's normal."""
    kind = rng.random()
    size = (rng.choice((8, 16, 24, 32, 48, 64)), rng.choice((8, 16, 32, 64)), rng.choice((4, 8, 16, 32, 64)))
    if kind < 0.62:
        v, faces = box(size)
        m = None
    elif kind < 0.74:
        v, faces = wedge(size)
        m = None
    elif kind < 0.80:
        v, faces = column(size)
        m = None
    elif kind < 0.93:
        v, faces = (box if rng.random() < 0.7 else wedge)(size)
        m = rotation(rng)
    else:
        v, faces = box(size)
        m = shear(rng)
    if m is not None:
        v = [apply(m, p) for p in v]
    centre = tuple(sum(p[i] for p in v) / len(v) for i in range(3))
    out = []
    for f in faces:
        p0, p1, p2 = v[f[0]], v[f[1]], v[f[2]]
        n = cross(sub(p0, p1), sub(p2, p1))
        if dot(n, sub(p1, centre)) < 0:
            p0, p2 = p2, p0
            n = (-n[0], -n[1], -n[2])
        out.append(((p0, p1, p2), n))
    return out


def valve_axes(n):
    """World-aligned texture axes for the face's dominant axis, as editors make them."""
    ax = max(range(3), key=lambda i: abs(n[i]))
    if ax == 2:
        return (1, 0, 0), (0, -1, 0)
    if ax == 0:
        return (0, 1, 0), (0, 0, -1)
    return (1, 0, 0), (0, 0, -1)


def cell_origin(i, side):
    storey, rest = i % STOREYS, i // STOREYS
    gx, gy = rest % side, rest // side
    return ((gx - side / 2) * CELL, (gy - side / 2) * CELL, storey * CELL)


def plan(n, rng):
    """Which brushes go to the world and which to brush entities, and where
    the point entities stand: [(classname, keys, [brush indices])]."""
    side = max(1, math.ceil(math.sqrt(n / STOREYS)))
    world, groups, i = [], [], 0
    while i < n:
        if rng.random() < 0.02:
            k = min(n - i, rng.randint(1, 12))
            cls = rng.choice(("func_detail", "func_wall", "func_door"))
            groups.append((cls, [("angle", "90")] if cls == "func_door" else [], list(range(i, i + k))))
            i += k
        else:
            world.append(i)
            i += 1
    points = []
    for c in range(0, n, 10):
        x, y, z = cell_origin(c, side)
        if c == 0:
            points.append(("info_player_start", [("origin", "%d %d %d" % (x, y, z + 40)), ("angle", "0")]))
        else:
            points.append(("light", [("origin", "%d %d %d" % (x + 40, y + 40, z + 72)),
                                     ("light", str(rng.choice((150, 200, 300))))]))
    return side, world, groups, points


def brushes(n, rng, side):
    for i in range(n):
        ox, oy, oz = cell_origin(i, side)
        # Centred in its cell, lifted onto the storey's floor, nudged by whole units.
        shift = (ox + rng.randint(-8, 8) * 4, oy + rng.randint(-8, 8) * 4, oz + 64)
        yield [(tuple(tuple(p[k] + shift[k] for k in range(3)) for p in pts), normal)
               for pts, normal in make_brush(rng)]


def write_map(out, n, rng):
    side, world, groups, points = plan(n, rng)
    solids = list(brushes(n, rng, side))

    def brush_text(b):
        lines = ["{\n"]
        for pts, normal in b:
            u, v = valve_axes(normal)
            lines.append("( %s ) ( %s ) ( %s ) %s [ %d %d %d %d ] [ %d %d %d %d ] 0 %s %s\n" % (
                " ".join(num(c) for c in pts[0]), " ".join(num(c) for c in pts[1]),
                " ".join(num(c) for c in pts[2]), rng.choice(TEXTURES),
                u[0], u[1], u[2], rng.randint(0, 15) * 8, v[0], v[1], v[2], rng.randint(0, 15) * 8,
                num(rng.choice((0.25, 0.5, 1))), num(rng.choice((0.25, 0.5, 1)))))
        lines.append("}\n")
        return "".join(lines)

    out.write('// Generated by tests/gen-big-map.py: %d brushes\n' % n)
    out.write('{\n"classname" "worldspawn"\n"mapversion" "220"\n"wad" "quarry-scale.wad"\n')
    for b in world:
        out.write(brush_text(solids[b]))
    out.write("}\n")
    for cls, keys, members in groups:
        out.write('{\n"classname" "%s"\n' % cls)
        for k, v in keys:
            out.write('"%s" "%s"\n' % (k, v))
        for b in members:
            out.write(brush_text(solids[b]))
        out.write("}\n")
    for cls, keys in points:
        out.write('{\n"classname" "%s"\n' % cls)
        for k, v in keys:
            out.write('"%s" "%s"\n' % (k, v))
        out.write("}\n")


def write_vmf(out, n, rng):
    side, world, groups, points = plan(n, rng)
    solids = list(brushes(n, rng, side))
    ids = {"side": 1, "entity": 1}
    # Solid ids out of file order, as in a map edited for a while (Hammer
    # numbers objects as they are made, and carving and pasting make them anywhere).
    solid_ids = list(range(2, n + 2))
    rng.shuffle(solid_ids)
    solid_ids = iter(solid_ids)

    def next_id(kind):
        ids[kind] += 1
        return ids[kind]

    def solid_text(b, indent):
        t = "\t" * indent
        lines = ["%ssolid\n%s{\n%s\t\"id\" \"%d\"\n" % (t, t, t, next(solid_ids))]
        for pts, normal in b:
            u, v = valve_axes(normal)
            scale = num(rng.choice((0.25, 0.5)))
            lines.append(
                '%s\tside\n%s\t{\n%s\t\t"id" "%d"\n%s\t\t"plane" "(%s) (%s) (%s)"\n%s\t\t"material" "%s"\n'
                '%s\t\t"uaxis" "[%d %d %d %d] %s"\n%s\t\t"vaxis" "[%d %d %d %d] %s"\n%s\t\t"rotation" "0"\n'
                '%s\t\t"lightmapscale" "16"\n%s\t\t"smoothing_groups" "0"\n%s\t}\n' % (
                    t, t, t, next_id("side"), t, " ".join(num(c) for c in pts[0]),
                    " ".join(num(c) for c in pts[1]), " ".join(num(c) for c in pts[2]), t,
                    rng.choice(VMF_MATERIALS), t, u[0], u[1], u[2], rng.randint(0, 15) * 8, scale,
                    t, v[0], v[1], v[2], rng.randint(0, 15) * 8, scale, t, t, t, t))
        lines.append('%s\teditor\n%s\t{\n%s\t\t"color" "0 %d %d"\n%s\t\t"visgroupshown" "1"\n'
                     '%s\t\t"visgroupautoshown" "1"\n%s\t}\n%s}\n' % (
                         t, t, t, rng.randint(100, 255), rng.randint(100, 255), t, t, t, t))
        return "".join(lines)

    out.write('versioninfo\n{\n\t"editorversion" "400"\n\t"editorbuild" "8000"\n\t"mapversion" "1"\n'
              '\t"formatversion" "100"\n\t"prefab" "0"\n}\nvisgroups\n{\n}\nviewsettings\n{\n'
              '\t"bSnapToGrid" "1"\n\t"bShowGrid" "1"\n\t"nGridSpacing" "16"\n}\n')
    out.write('world\n{\n\t"id" "1"\n\t"mapversion" "1"\n\t"classname" "worldspawn"\n\t"skyname" "sky_day01_01"\n')
    for b in world:
        out.write(solid_text(solids[b], 1))
    out.write("}\n")
    for cls, keys, members in groups:
        out.write('entity\n{\n\t"id" "%d"\n\t"classname" "%s"\n' % (next_id("entity"), cls))
        for k, v in keys:
            out.write('\t"%s" "%s"\n' % (k, v))
        for b in members:
            out.write(solid_text(solids[b], 1))
        out.write("}\n")
    for cls, keys in points:
        out.write('entity\n{\n\t"id" "%d"\n\t"classname" "%s"\n' % (next_id("entity"), cls))
        for k, v in keys:
            out.write('\t"%s" "%s"\n' % (k, v))
        out.write("}\n")
    out.write("cameras\n{\n\t\"activecamera\" \"-1\"\n}\ncordon\n{\n\t\"mins\" \"(-1024 -1024 -1024)\"\n"
              "\t\"maxs\" \"(1024 1024 1024)\"\n\t\"active\" \"0\"\n}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("brushes", type=int)
    parser.add_argument("output", help="OUT.map (Valve 220) or OUT.vmf")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.brushes < 1:
        parser.error("brushes must be at least 1")
    rng = random.Random(args.seed)
    tmp = args.output + ".tmp"
    with open(tmp, "w", encoding="ascii", newline="\n") as out:
        (write_vmf if args.output.endswith(".vmf") else write_map)(out, args.brushes, rng)
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
