#!/usr/bin/env python3
"""quarry-cli export on corpus maps, checked against quarry-cli's own mesh
output and read back by readers that share nothing with the writers
(read-obj.py, check-glb.py, the Khronos validator when installed). TAP.

Usage: test-export-cli.py QUARRY_CLI

- Without the union (--no-union, map axes) every exported triangle lies on
  a face of `quarry-cli mesh --json`, and its corners' UVs are that face's
  texel coordinates divided by the texture's size (`quarry-cli textures`),
  v flipped for OBJ.
- The .glb of the same map passes the structural checker and, when
  tools/dev installed it, the validator with no errors and no warnings.
- With the union: fewer triangles and, Y up, the map turned as glTF wants
  ((x, y, z) → (x, z, −y)), scaled.
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CLI = sys.argv[1]
CORPUS = os.environ.get("QUARRY_CORPUS") or os.environ.get("QUARRY_CORPUS_DEFAULT", "")
MAP = os.path.join(CORPUS, "librequake/lq1/maps/src/e1/e1m3.map")
results = []


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, check=True).stdout


def ok(good, name, why=""):
    results.append((good, name, why))


def key(p):
    """A corner on a grid of 1/64 (mesh corners are doubles, the files'
    are float32: within 1e-4 of each other)."""
    return tuple(int(c * 64 // 1) for c in p)


def keys_near(p):
    """The grid cells a float32 copy of p may have fallen into."""
    import itertools
    return set(itertools.product(*[{int((c - 1e-3) * 64 // 1), int((c + 1e-3) * 64 // 1)} for c in p]))


def nkey(n):
    return tuple(round(c, 2) + 0.0 for c in n)


def main():
    if not os.path.isfile(MAP):
        if os.environ.get("QUARRY_REQUIRE_CORPUS"):
            print("Bail out! %s missing and QUARRY_REQUIRE_CORPUS is set" % MAP)
            return 1
        print("1..0 # SKIP corpus not found (%s)" % MAP)
        return 0
    work = tempfile.mkdtemp(prefix="quarry-export-")

    # Texture sizes and the mesh, from quarry-cli's other commands.
    sizes = {t["name"]: (t["width"], t["height"]) for t in json.loads(run("textures", MAP, "--json"))["textures"]
             if t["width"]}
    mesh = json.loads(run("mesh", MAP, "--json"))
    corners = {}  # (texture, corner, normal) → [uv / size]
    for entity in mesh["entities"]:
        for brush in entity.get("brushes", []):
            for face in brush.get("faces", []):
                if "vertices" not in face or face["texture"] not in sizes:
                    continue
                w, h = sizes[face["texture"]]
                n = nkey(face["plane"][:3])
                for p, uv in zip(face["vertices"], face["uv"]):
                    corners.setdefault((face["texture"], key(p), n), []).append((uv[0] / w, uv[1] / h))

    # OBJ without the union, map axes.
    obj = os.path.join(work, "e1m3.obj")
    figures = json.loads(run("export", MAP, obj, "--no-union", "--up", "z", "--json"))
    scene = json.loads(subprocess.run([sys.executable, os.path.join(HERE, "read-obj.py"), obj],
                                      capture_output=True, text=True, check=True).stdout)
    names = {}
    for name, m in scene["materials"].items():
        names[name] = m["texture"]
    checked = unmatched = bad_uv = 0
    for o in scene["objects"]:
        for t in o["triangles"]:
            texture = t["material"]
            for p, uv, nrm in zip(t["positions"], t["uvs"], t["normals"]):
                # The material name is the texture's, made safe: find the
                # texture by trying the mesh's names for this corner.
                found = None
                for tex in (x for x in sizes if x == texture or safe(x) == texture):
                    found = [uv for k in keys_near(p) for uv in corners.get((tex, k, nkey(nrm)), [])]
                    if found:
                        break
                if not found:
                    if unmatched < 3:
                        print("# unmatched corner %s of %s, normal %s" % (p, texture, nrm))
                    unmatched += 1
                    continue
                checked += 1
                want_v = 1 - uv[1]  # OBJ rows go up
                if not any(abs(f32(u) - uv[0]) <= 1e-5 * max(1, abs(u)) and abs(v - want_v) <= 1e-5 * max(1, abs(v))
                           for u, v in found):
                    bad_uv += 1
    ok(checked > 10000, "no-union OBJ: %d corners matched to mesh faces" % checked)
    ok(unmatched == 0, "no-union OBJ: every corner lies on a mesh face of its texture", "%d did not" % unmatched)
    ok(bad_uv == 0, "no-union OBJ: UVs are the mesh's texel UVs over the texture size", "%d differ" % bad_uv)
    ok(figures["triangles"] == figures["triangles_before"], "no-union keeps every triangle",
       "%d of %d" % (figures["triangles"], figures["triangles_before"]))
    ok(figures["materials_without_image"] == 0, "every e1m3 texture resolved and written",
       "%d without image" % figures["materials_without_image"])
    written = {os.path.join(os.path.dirname(obj), m["texture"]) for m in scene["materials"].values() if m["texture"]}
    ok(all(os.path.isfile(f) for f in written) and len(written) == figures["materials"],
       "a PNG beside the OBJ for every material")

    # glTF with the union, Y up and scaled to metres.
    glb = os.path.join(work, "e1m3.glb")
    figures_u = json.loads(run("export", MAP, glb, "--scale", "0.03125", "--json"))
    ok(figures_u["triangles"] < figures["triangles"] * 1.3 and figures_u["triangles"] > 0,
       "union: triangles %d (%d without)" % (figures_u["triangles"], figures["triangles"]))
    with open(glb, "rb") as f:
        once = f.read()
    # Repeated in one process (the benchmarks' way): the same file and figures.
    glb2 = os.path.join(work, "e1m3-repeat.glb")
    figures_r = json.loads(run("export", MAP, glb2, "--scale", "0.03125", "--json", "--repeat", "3"))
    with open(glb2, "rb") as f:
        ok(f.read() == once, "--repeat 3 writes the same .glb")
    ok(all(figures_r[k] == figures_u[k] for k in ("objects", "materials", "triangles", "triangles_before", "vertices"))
       and 0 <= figures_r["union_ms"] <= figures_r["scene_ms"],
       "--repeat 3 reports the same figures, the union within the scene's time")
    check = subprocess.run([sys.executable, os.path.join(HERE, "check-glb.py"), glb, "--dump"],
                           capture_output=True, text=True)
    ok(check.returncode == 0, "glb passes the structural checker", check.stderr.strip()[:400])
    if check.returncode == 0:
        dump = json.loads(check.stdout)
        ys = [p[1] for node in dump["nodes"] for prim in node["primitives"] for p in prim["positions"]]
        zs = [p[2] for node in dump["nodes"] for prim in node["primitives"] for p in prim["positions"]]
        # e1m3's brushes span z (up) about -600…1000 units and y -2300…1300.
        bounds = json.loads(run("info", MAP, "--json"))["bounds"]
        lo, hi = bounds["min"], bounds["max"]
        ok(abs(min(ys) - lo[2] / 32) < 0.5 and abs(max(ys) - hi[2] / 32) < 0.5,
           "glb Y is the map's Z over 32", "y %.2f…%.2f, z/32 %.2f…%.2f" % (min(ys), max(ys), lo[2] / 32, hi[2] / 32))
        ok(abs(min(zs) + hi[1] / 32) < 0.5 and abs(max(zs) + lo[1] / 32) < 0.5,
           "glb Z is minus the map's Y over 32")
    modules = os.environ.get("QUARRY_GLTF_VALIDATOR", "")
    node = subprocess.run(["sh", "-c", "command -v node"], capture_output=True, text=True).stdout.strip()
    if modules and node and os.path.isdir(os.path.join(modules, "gltf-validator")):
        v = subprocess.run([node, os.path.join(HERE, "validate-gltf.mjs"), modules, glb], capture_output=True, text=True)
        try:
            report = json.loads(v.stdout)
            ok(report["errors"] == 0 and report["warnings"] == 0, "Khronos validator: no errors, no warnings",
               json.dumps(report.get("messages", [])[:5]))
        except (ValueError, KeyError):
            ok(False, "Khronos validator ran", v.stderr[:400])
    else:
        results.append((True, "Khronos validator # SKIP not installed (tools/dev test installs it)", ""))

    # Quake 3 patches: every point of quarry-cli mesh's tessellation is in the OBJ.
    q3 = os.path.join(CORPUS, "quake3/spirit3ctfduel1.map")
    if os.path.isfile(q3):
        patch_points = [p for e in json.loads(run("mesh", q3, "--json"))["entities"] for patch in e.get("patches", [])
                        for p in patch["vertices"]]
        q3obj = os.path.join(work, "q3.obj")
        run("export", q3, q3obj, "--no-union", "--up", "z", "--no-textures")
        q3scene = json.loads(subprocess.run([sys.executable, os.path.join(HERE, "read-obj.py"), q3obj],
                                            capture_output=True, text=True, check=True).stdout)
        have = {key(p) for o in q3scene["objects"] for t in o["triangles"] for p in t["positions"]}
        missing = sum(1 for p in patch_points if not keys_near(p) & have)
        ok(len(patch_points) > 1000 and missing == 0,
           "Quake 3 patches: all %d tessellated points exported" % len(patch_points), "%d missing" % missing)
        without = json.loads(run("export", q3, q3obj, "--no-union", "--no-patches", "--no-textures", "--json"))
        ok(without["triangles"] < q3scene["counts"]["f"], "--no-patches leaves them out")

    # Source displacements: every displaced point of quarry-cli mesh is in the OBJ.
    vmf = os.path.join(CORPUS, "vmf/plumber_test.vmf")
    if os.path.isfile(vmf):
        disp_points = [p for e in json.loads(run("mesh", vmf, "--json"))["entities"] for b in e.get("brushes", [])
                       for f in b.get("faces", []) if "displacement" in f for p in f["displacement"]["vertices"]]
        vobj = os.path.join(work, "vmf.obj")
        run("export", vmf, vobj, "--up", "z", "--no-textures")
        vscene = json.loads(subprocess.run([sys.executable, os.path.join(HERE, "read-obj.py"), vobj],
                                           capture_output=True, text=True, check=True).stdout)
        have = {key(p) for o in vscene["objects"] for t in o["triangles"] for p in t["positions"]}
        missing = sum(1 for p in disp_points if not keys_near(p) & have)
        ok(len(disp_points) >= 81 and missing == 0,
           "Source displacements: all %d displaced points exported" % len(disp_points), "%d missing" % missing)

    shutil.rmtree(work, ignore_errors=True)
    print("1..%d" % len(results))
    for i, (good, name, why) in enumerate(results, 1):
        print("%s %d %s" % ("ok" if good else "not ok", i, name))
        if not good and why:
            print("# " + why)
    return 0 if all(r[0] for r in results) else 1


def safe(name):
    """The OBJ writer's material name for a texture name, as its header
    documents it: letters, digits, '_', '-', '.' kept, the rest '_'."""
    return "".join(c if c.isalnum() and c.isascii() or c in "_-." else "_" for c in name)


if __name__ == "__main__":
    sys.exit(main())
