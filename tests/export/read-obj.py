#!/usr/bin/env python3
"""Reads an OBJ and its MTL as a float32 reader (Blender, three.js) would and
prints what they hold as JSON, for tests that compare it with the scene the
OBJ was written from. Independent of the writer: only the Wavefront formats
(Wavefront Advanced Visualizer manual, Appendix B1 "Object Files (.obj)" and
"Material Library File (.mtl)").

    read-obj.py OUT.obj

{"mtllib": [...],
 "counts": {"v": N, "vt": N, "vn": N, "f": N},
 "objects": [{"name": NAME,
              "triangles": [{"material": NAME,
                             "positions": [[x, y, z] * 3],
                             "uvs": [[u, v] * 3],
                             "normals": [[x, y, z] * 3]}]}],
 "materials": {NAME: {"kd": [r, g, b], "texture": PATH or null}}}

Numbers are rounded to float32, as those readers store them; texture paths
are as the MTL writes them, relative to its folder. Polygons of more than
three corners become fans.
"""
import json
import os
import struct
import sys


def f32(text):
    return struct.unpack("<f", struct.pack("<f", float(text)))[0]


def statements(path):
    """(keyword, arguments) per line, comments and blank lines left out."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if line:
                yield line[0], line[1:]


def resolve(index, count):
    """A 1-based index, or a negative one counting back from the end."""
    i = int(index)
    if i == 0:
        raise ValueError("index 0")
    return i - 1 if i > 0 else count + i


def read_obj(path):
    v, vt, vn = [], [], []
    counts = {"v": 0, "vt": 0, "vn": 0, "f": 0}
    objects, mtllib = [], []
    current, material = None, None
    for keyword, args in statements(path):
        if keyword == "v":
            v.append([f32(a) for a in args[:3]])
            counts["v"] += 1
        elif keyword == "vt":
            vt.append([f32(a) for a in args[:2]])
            counts["vt"] += 1
        elif keyword == "vn":
            vn.append([f32(a) for a in args[:3]])
            counts["vn"] += 1
        elif keyword == "o":
            if len(args) != 1:
                raise ValueError("object name with spaces: %r" % args)
            current = {"name": args[0], "triangles": []}
            objects.append(current)
        elif keyword == "usemtl":
            if len(args) != 1:
                raise ValueError("material name with spaces: %r" % args)
            material = args[0]
        elif keyword == "mtllib":
            mtllib.extend(args)
        elif keyword == "f":
            counts["f"] += 1
            if current is None:
                current = {"name": None, "triangles": []}
                objects.append(current)
            corners = []
            for a in args:
                parts = (a.split("/") + ["", ""])[:3]
                corners.append((
                    v[resolve(parts[0], len(v))],
                    vt[resolve(parts[1], len(vt))] if parts[1] else None,
                    vn[resolve(parts[2], len(vn))] if parts[2] else None,
                ))
            for k in range(1, len(corners) - 1):
                tri = [corners[0], corners[k], corners[k + 1]]
                current["triangles"].append({
                    "material": material,
                    "positions": [c[0] for c in tri],
                    "uvs": [c[1] for c in tri],
                    "normals": [c[2] for c in tri],
                })
        elif keyword in ("s", "g", "l", "p"):
            pass
        else:
            raise ValueError("unknown OBJ statement %r" % keyword)
    return {"mtllib": mtllib, "counts": counts, "objects": objects}


def read_mtl(path):
    materials, current = {}, None
    for keyword, args in statements(path):
        if keyword == "newmtl":
            if len(args) != 1:
                raise ValueError("material name with spaces: %r" % args)
            current = {"kd": None, "texture": None}
            materials[args[0]] = current
        elif keyword == "Kd":
            current["kd"] = [f32(a) for a in args[:3]]
        elif keyword == "map_Kd":
            # Options (-s, -o…) come before the file name, which is last.
            current["texture"] = args[-1]
    return materials


def main():
    obj = read_obj(sys.argv[1])
    obj["materials"] = {}
    folder = os.path.dirname(sys.argv[1])
    for name in obj["mtllib"]:
        obj["materials"].update(read_mtl(os.path.join(folder, name)))
    json.dump(obj, sys.stdout)


if __name__ == "__main__":
    main()
