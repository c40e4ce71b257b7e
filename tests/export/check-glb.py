#!/usr/bin/env python3
"""Structural check of a glTF 2.0 binary file (.glb), independent of Quarry's writer.

Usage: check-glb.py FILE.glb [--dump]

Checks the GLB container (header, chunk types, lengths, padding), the JSON's
references, every accessor against its buffer view and buffer (bounds, 4-byte
alignment, component alignment, strides), POSITION min/max against the data,
index values against the vertex count and the restart value, triangle counts,
unit normals, and images (PNG signature; external files present). Problems go
to stderr and make the exit status 1. With --dump, prints the decoded scene as
JSON: nodes with their primitives' positions, normals, UVs and indices as the
file holds them (float32 values), materials and their images (PNG bytes as
base64, or the external file's path).

Facts from the glTF 2.0 specification (Khronos, 2.0.1): §4.4 (GLB), §3.6
(accessors, buffer views), §3.7.2 (primitives), §3.3 (URIs).
"""

import base64
import json
import math
import os
import struct
import sys
import urllib.parse

COMPONENTS = {5120: ("b", 1), 5121: ("B", 1), 5122: ("h", 2), 5123: ("H", 2), 5125: ("I", 4), 5126: ("f", 4)}
TYPES = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class Checker:
    def __init__(self, path):
        self.path = path
        self.problems = []

    def fail(self, message):
        self.problems.append(message)

    def read(self):
        with open(self.path, "rb") as f:
            data = f.read()
        if len(data) < 20:
            self.fail("shorter than a header and one chunk header")
            return None, None
        magic, version, length = struct.unpack_from("<4sII", data, 0)
        if magic != b"glTF":
            self.fail(f"magic {magic!r}, not b'glTF'")
        if version != 2:
            self.fail(f"version {version}, not 2")
        if length != len(data):
            self.fail(f"header length {length} but the file has {len(data)} bytes")
        chunks = []
        at = 12
        while at < len(data):
            if at + 8 > len(data):
                self.fail(f"chunk header at {at} runs past the end")
                break
            size, kind = struct.unpack_from("<II", data, at)
            if size % 4 != 0:
                self.fail(f"chunk at {at} has length {size}, not a multiple of 4")
            if at + 8 + size > len(data):
                self.fail(f"chunk at {at} runs past the end")
                break
            chunks.append((kind, data[at + 8:at + 8 + size]))
            at += 8 + size
        if not chunks or chunks[0][0] != 0x4E4F534A:
            self.fail("the first chunk is not JSON")
            return None, None
        text = chunks[0][1]
        stripped = text.rstrip(b" ")
        if text[len(stripped):] != b" " * (len(text) - len(stripped)) or len(text) - len(stripped) > 3:
            self.fail("the JSON chunk is not padded with at most 3 spaces")
        try:
            gltf = json.loads(text.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            self.fail(f"the JSON chunk does not parse: {e}")
            return None, None
        bin_chunk = None
        if len(chunks) > 1:
            if chunks[1][0] != 0x004E4942:
                self.fail("the second chunk is not BIN")
            else:
                bin_chunk = chunks[1][1]
        if len(chunks) > 2:
            self.fail(f"{len(chunks)} chunks; this writer makes at most 2")
        return gltf, bin_chunk

    def index(self, gltf, kind, i, where):
        items = gltf.get(kind, [])
        if not isinstance(i, int) or not 0 <= i < len(items):
            self.fail(f"{where}: {kind}[{i}] does not exist")
            return None
        return items[i]

    def check_buffers(self, gltf, bin_chunk):
        buffers = gltf.get("buffers", [])
        if "buffers" in gltf and not buffers:
            self.fail("buffers is present but empty")
        for i, b in enumerate(buffers):
            if i == 0 and "uri" not in b:
                if bin_chunk is None:
                    self.fail("buffer 0 refers to a BIN chunk the file lacks")
                elif not b["byteLength"] <= len(bin_chunk) <= b["byteLength"] + 3:
                    self.fail(f"buffer 0 byteLength {b['byteLength']} against a BIN chunk of {len(bin_chunk)}")
                else:
                    if any(bin_chunk[b["byteLength"]:]):
                        self.fail("the BIN chunk's padding is not zeros")
            else:
                self.fail(f"buffer {i} is external; this writer keeps one buffer in the BIN chunk")
        if bin_chunk is not None and not buffers:
            self.fail("a BIN chunk but no buffer")
        for i, v in enumerate(gltf.get("bufferViews", [])):
            where = f"bufferViews[{i}]"
            buf = self.index(gltf, "buffers", v.get("buffer"), where)
            if buf is None:
                continue
            offset, length = v.get("byteOffset", 0), v["byteLength"]
            if offset % 4 != 0:
                self.fail(f"{where}: byteOffset {offset} is not 4-byte aligned")
            if offset + length > buf["byteLength"]:
                self.fail(f"{where}: ends at {offset + length}, past the buffer's {buf['byteLength']}")
            stride = v.get("byteStride")
            if stride is not None and (stride % 4 != 0 or not 4 <= stride <= 252):
                self.fail(f"{where}: byteStride {stride}")
            if v.get("target") not in (None, 34962, 34963):
                self.fail(f"{where}: target {v.get('target')}")

    def read_accessor(self, gltf, bin_chunk, i, where):
        """The accessor's values as a list of tuples, after checking its bounds."""
        a = self.index(gltf, "accessors", i, where)
        if a is None:
            return None, None
        where = f"accessors[{i}]"
        if a.get("componentType") not in COMPONENTS or a.get("type") not in TYPES:
            self.fail(f"{where}: componentType {a.get('componentType')} type {a.get('type')}")
            return None, a
        fmt, size = COMPONENTS[a["componentType"]]
        n = TYPES[a["type"]]
        count = a.get("count", 0)
        if count < 1:
            self.fail(f"{where}: count {count}")
            return None, a
        view = self.index(gltf, "bufferViews", a.get("bufferView"), where)
        if view is None or bin_chunk is None:
            return None, a
        element = size * n
        stride = view.get("byteStride", element)
        if stride < element:
            self.fail(f"{where}: stride {stride} under the element size {element}")
        offset = a.get("byteOffset", 0)
        start = view.get("byteOffset", 0) + offset
        if offset % size != 0 or start % size != 0:
            self.fail(f"{where}: offset {offset} (absolute {start}) not a multiple of the component size {size}")
        end = offset + stride * (count - 1) + element
        if end > view["byteLength"]:
            self.fail(f"{where}: reaches byte {end} of a view of {view['byteLength']}")
            return None, a
        values = [struct.unpack_from("<" + fmt * n, bin_chunk, start + k * stride) for k in range(count)]
        return values, a

    def check_minmax(self, values, a, where):
        if "min" not in a or "max" not in a:
            self.fail(f"{where}: POSITION without min and max")
            return
        for k in range(len(values[0])):
            lo = min(v[k] for v in values)
            hi = max(v[k] for v in values)
            if a["min"][k] != lo or a["max"][k] != hi:
                self.fail(f"{where}: min/max {a['min'][k]}/{a['max'][k]} but the data spans {lo}/{hi} (component {k})")

    def image_record(self, gltf, bin_chunk, i, where):
        img = self.index(gltf, "images", i, where)
        if img is None:
            return None
        record = {"name": img.get("name"), "mimeType": img.get("mimeType")}
        if "bufferView" in img:
            if img.get("mimeType") != "image/png":
                self.fail(f"images[{i}]: bufferView image without mimeType image/png")
            view = self.index(gltf, "bufferViews", img["bufferView"], f"images[{i}]")
            if view is None or bin_chunk is None:
                return record
            if "byteStride" in view or "target" in view:
                self.fail(f"images[{i}]: its buffer view has a stride or target")
            start = view.get("byteOffset", 0)
            png = bin_chunk[start:start + view["byteLength"]]
            record["png_base64"] = base64.b64encode(png).decode("ascii")
        elif "uri" in img:
            uri = img["uri"]
            record["uri"] = uri
            parsed = urllib.parse.urlsplit(uri)
            if parsed.scheme or parsed.netloc or uri.startswith("/"):
                self.fail(f"images[{i}]: uri {uri!r} is not a relative reference")
            if any(c not in "-._~/%" and not (c.isascii() and c.isalnum()) for c in uri):
                self.fail(f"images[{i}]: uri {uri!r} holds characters that should be percent-encoded")
            file = os.path.join(os.path.dirname(os.path.abspath(self.path)), urllib.parse.unquote(uri))
            record["file"] = file
            if not os.path.isfile(file):
                self.fail(f"images[{i}]: {file} does not exist")
                return record
            with open(file, "rb") as f:
                png = f.read()
        else:
            self.fail(f"images[{i}]: neither bufferView nor uri")
            return record
        if not png.startswith(PNG_SIGNATURE):
            self.fail(f"images[{i}]: not a PNG")
        return record

    def run(self):
        gltf, bin_chunk = self.read()
        if gltf is None:
            return None
        asset = gltf.get("asset", {})
        if asset.get("version") != "2.0":
            self.fail(f"asset.version {asset.get('version')!r}")
        for kind in ("nodes", "meshes", "accessors", "bufferViews", "buffers", "materials", "images",
                     "textures", "samplers"):
            if kind in gltf and not gltf[kind]:
                self.fail(f"{kind} is present but empty")
        self.check_buffers(gltf, bin_chunk)

        materials = []
        for i, m in enumerate(gltf.get("materials", [])):
            pbr = m.get("pbrMetallicRoughness", {})
            record = {"name": m.get("name"), "alphaMode": m.get("alphaMode", "OPAQUE"),
                      "baseColorFactor": pbr.get("baseColorFactor", [1, 1, 1, 1]),
                      "metallicFactor": pbr.get("metallicFactor", 1),
                      "roughnessFactor": pbr.get("roughnessFactor", 1)}
            if "baseColorTexture" in pbr:
                tex = self.index(gltf, "textures", pbr["baseColorTexture"].get("index"), f"materials[{i}]")
                if tex is not None:
                    sampler = self.index(gltf, "samplers", tex.get("sampler"), f"materials[{i}]")
                    if sampler is not None:
                        record["wrap"] = [sampler.get("wrapS", 10497), sampler.get("wrapT", 10497)]
                    record["image"] = self.image_record(gltf, bin_chunk, tex.get("source"), f"materials[{i}]")
            materials.append(record)

        scenes = gltf.get("scenes", [])
        scene = self.index(gltf, "scenes", gltf.get("scene", 0), "scene") if scenes else None
        node_ids = scene.get("nodes", []) if scene else []
        if scene is not None and "nodes" in scene and not node_ids:
            self.fail("the scene has an empty nodes array")
        nodes = []
        for n in node_ids:
            node = self.index(gltf, "nodes", n, "scenes")
            if node is None:
                continue
            mesh = self.index(gltf, "meshes", node.get("mesh"), f"nodes[{n}]")
            if mesh is None:
                continue
            prims = []
            for p, prim in enumerate(mesh.get("primitives", [])):
                where = f"nodes[{n}].mesh primitive {p}"
                attrs = prim.get("attributes", {})
                decoded = {}
                counts = set()
                for key in ("POSITION", "NORMAL", "TEXCOORD_0"):
                    if key not in attrs:
                        self.fail(f"{where}: no {key}")
                        continue
                    values, a = self.read_accessor(gltf, bin_chunk, attrs[key], where)
                    if values is None:
                        continue
                    if a["componentType"] != 5126:
                        self.fail(f"{where}: {key} is not float")
                    counts.add(len(values))
                    decoded[key] = [list(v) for v in values]
                    if key == "POSITION":
                        self.check_minmax(values, a, where)
                    if key == "NORMAL" and any(abs(math.sqrt(sum(c * c for c in v)) - 1) > 1e-3 for v in values):
                        self.fail(f"{where}: a normal is not unit length")
                if len(counts) > 1:
                    self.fail(f"{where}: attributes of different counts {sorted(counts)}")
                n_vertices = min(counts) if counts else 0
                if prim.get("mode", 4) != 4:
                    self.fail(f"{where}: mode {prim.get('mode')} is not triangles")
                indices, a = self.read_accessor(gltf, bin_chunk, prim.get("indices"), where)
                index_type = None
                if indices is not None:
                    index_type = a["componentType"]
                    restart = {5121: 255, 5123: 65535, 5125: 4294967295}.get(index_type)
                    if restart is None or a["type"] != "SCALAR":
                        self.fail(f"{where}: indices of componentType {index_type} type {a['type']}")
                    indices = [v[0] for v in indices]
                    if len(indices) % 3 != 0:
                        self.fail(f"{where}: {len(indices)} indices is not whole triangles")
                    if any(i >= n_vertices or i == restart for i in indices):
                        self.fail(f"{where}: an index is past the {n_vertices} vertices or the restart value")
                    view = gltf["bufferViews"][a["bufferView"]]
                    if view.get("target") != 34963 or "byteStride" in view:
                        self.fail(f"{where}: the index buffer view has target {view.get('target')}")
                for key in attrs:
                    view = gltf["bufferViews"][gltf["accessors"][attrs[key]]["bufferView"]]
                    if view.get("target") != 34962:
                        self.fail(f"{where}: {key}'s buffer view has target {view.get('target')}")
                material = None
                if "material" in prim:
                    if self.index(gltf, "materials", prim["material"], where) is not None:
                        material = gltf["materials"][prim["material"]].get("name")
                prims.append({"material": material, "positions": decoded.get("POSITION"),
                              "normals": decoded.get("NORMAL"), "uvs": decoded.get("TEXCOORD_0"),
                              "indices": indices, "index_type": index_type})
            nodes.append({"name": node.get("name"), "mesh_name": mesh.get("name"), "primitives": prims})
        return {"asset": asset, "nodes": nodes, "materials": materials,
                "counts": {k: len(gltf.get(k, [])) for k in ("nodes", "meshes", "accessors", "bufferViews",
                                                             "materials", "images", "textures", "samplers")}}


def main():
    args = [a for a in sys.argv[1:] if a != "--dump"]
    if len(args) != 1:
        sys.exit(__doc__.split("\n\n")[1])
    checker = Checker(args[0])
    result = checker.run()
    for p in checker.problems:
        print(f"{args[0]}: {p}", file=sys.stderr)
    if "--dump" in sys.argv and result is not None:
        # One write: json.dump's many small writes take seconds for 65k vertices.
        sys.stdout.write(json.dumps(result) + "\n")
    sys.exit(1 if checker.problems else 0)


if __name__ == "__main__":
    main()
