#!/usr/bin/env python3
"""Seed corpora for the fuzz targets (README.md here), made at fuzz time from
the corpus of real files and a few inline snippets, so no corpus file is ever
committed.

    make-seeds.py CORPUS OUTDIR [TARGET...]

writes OUTDIR/TARGET/NAME for each target (all when none is named), after
emptying OUTDIR/TARGET.

    make-seeds.py --replay EXE TARGET CORPUS [PATH...]

makes TARGET's seeds in a temporary folder and runs the replay build of its
target (EXE) on them and on each PATH that exists (its regression crashers):
the default test suite's check that every seed and crasher still passes. Large files are cut down: a fuzzer mutates small
inputs many times faster, and the inputs' structure is what matters. Maps
and definition files become slices cut at line starts (truncated text is a
good seed too); a large WAD is rewritten with its first few lumps. Targets
whose first byte chooses a mode (clipboard, image) get that byte prefixed.
A missing corpus leaves only the inline seeds."""

import os
import struct
import subprocess
import sys
import tempfile

TARGETS = ["map", "vmf", "clipboard", "fgd", "def", "ent", "wad", "pak", "wal", "vtf", "image", "vmt", "shader"]

# Text seeds are cut to about this size; binary files up to BINARY_MAX are kept whole.
SLICE = 16 * 1024
BINARY_MAX = 64 * 1024

CUBE_STANDARD = """{
( -16 -16 -16 ) ( -16 -15 -16 ) ( -16 -16 -15 ) a 0 0 0 1 1
( -16 -16 -16 ) ( -16 -16 -15 ) ( -15 -16 -16 ) a 0 0 0 1 1
( -16 -16 -16 ) ( -15 -16 -16 ) ( -16 -15 -16 ) a 0 0 0 1 1
( 16 16 16 ) ( 16 17 16 ) ( 17 16 16 ) a 0 0 0 1 1
( 16 16 16 ) ( 17 16 16 ) ( 16 16 17 ) a 0 0 0 1 1
( 16 16 16 ) ( 16 16 17 ) ( 16 17 16 ) a 0 0 0 1 1
}
"""

INLINE = {
    "map": {
        "quake.map": '{\n"classname" "worldspawn"\n' + CUBE_STANDARD + '}\n{\n"classname" "light"\n"origin" "0 0 32"\n}\n',
        "valve.map": '{\n"classname" "worldspawn"\n"mapversion" "220"\n{\n'
        "( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) b [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
        "( 8 0 0 ) ( 8 0 1 ) ( 8 1 0 ) b [ 0 1 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
        "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) b [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
        "( 0 8 0 ) ( 1 8 0 ) ( 0 8 1 ) b [ 1 0 0 0 ] [ 0 0 -1 0 ] 0 1 1\n"
        "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) b [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n"
        "( 0 0 8 ) ( 0 1 8 ) ( 1 0 8 ) b [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1\n}\n}\n",
        "quake2.map": '{\n"classname" "worldspawn"\n'
        + CUBE_STANDARD.replace("a 0 0 0 1 1", "e1u1/floor1_3 0 0 0 1 1 0 1 0")
        + "}\n",
        "quake3.map": '{\n"classname" "worldspawn"\n{\nbrushDef\n{\n'
        "( 0 0 64 ) ( 64 0 64 ) ( 0 64 64 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) common/caulk 0 0 0\n"
        "( 0 0 0 ) ( 0 64 0 ) ( 64 0 0 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) common/caulk 0 0 0\n"
        "( 0 0 0 ) ( 64 0 0 ) ( 0 0 64 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) common/caulk 0 0 0\n"
        "( 64 64 0 ) ( 0 64 0 ) ( 64 64 64 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) common/caulk 0 0 0\n"
        "( 0 64 0 ) ( 0 0 0 ) ( 0 64 64 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) common/caulk 0 0 0\n"
        "( 64 0 0 ) ( 64 64 0 ) ( 64 0 64 ) ( ( 0.015625 0 0 ) ( 0 0.015625 0 ) ) common/caulk 0 0 0\n"
        "}\n}\n{\npatchDef2\n{\nbase_wall/metal\n( 3 3 0 0 0 )\n(\n"
        "( ( 0 0 0 0 0 ) ( 32 0 0 0.5 0 ) ( 64 0 0 1 0 ) )\n"
        "( ( 0 32 16 0 0.5 ) ( 32 32 16 0.5 0.5 ) ( 64 32 16 1 0.5 ) )\n"
        "( ( 0 64 0 0 1 ) ( 32 64 0 0.5 1 ) ( 64 64 0 1 1 ) )\n)\n}\n}\n}\n",
    },
    "vmf": {
        "box.vmf": 'versioninfo\n{\n"editorversion" "400"\n"mapversion" "1"\n}\nworld\n{\n"id" "1"\n"classname" "worldspawn"\n'
        'solid\n{\n"id" "2"\n'
        + "".join(
            'side\n{\n"id" "%d"\n"plane" "%s"\n"material" "DEV/DEV_MEASUREGENERIC01"\n'
            '"uaxis" "[1 0 0 0] 0.25"\n"vaxis" "[0 -1 0 0] 0.25"\n"rotation" "0"\n'
            '"lightmapscale" "16"\n"smoothing_groups" "0"\n%s}\n'
            % (
                i + 3,
                plane,
                (
                    'dispinfo\n{\n"power" "2"\n"startposition" "[-64 -64 64]"\n"elevation" "0"\n"subdiv" "0"\n'
                    'normals\n{\n' + "".join('"row%d" "%s"\n' % (r, " ".join(["0 0 1"] * 5)) for r in range(5)) + "}\n"
                    'distances\n{\n' + "".join('"row%d" "%s"\n' % (r, " ".join(["4"] * 5)) for r in range(5)) + "}\n}\n"
                )
                if i == 0
                else "",
            )
            for i, plane in enumerate(
                [
                    "(-64 64 64) (64 64 64) (64 -64 64)",
                    "(-64 -64 0) (64 -64 0) (64 64 0)",
                    "(-64 64 64) (-64 -64 64) (-64 -64 0)",
                    "(64 64 0) (64 -64 0) (64 -64 64)",
                    "(64 64 64) (-64 64 64) (-64 64 0)",
                    "(64 -64 0) (-64 -64 0) (-64 -64 64)",
                ]
            )
        )
        + '}\n}\nentity\n{\n"id" "20"\n"classname" "info_player_start"\n"origin" "0 0 100"\n'
        'connections\n{\n"OnTrigger" "door,Open,,0,-1"\n}\n}\n',
    },
    "fgd": {
        "small.fgd": '@BaseClass = Targetname [ targetname(target_source) : "Name" ]\n'
        '@PointClass base(Targetname) size(-16 -16 -16, 16 16 16) color(255 0 0) = info_x : "X"\n'
        '[\n\tspawnflags(flags) = [ 1 : "A" : 0 2 : "B" : 1 ]\n\tskin(choices) : "Skin" : 0 = [ 0 : "One" 1 : "Two" ]\n'
        '\thealth(integer) : "Health" : 100 : "How much"\n\tinput Kill(void) : "Removes"\n\toutput OnDeath(void) : "Died"\n]\n'
        '@SolidClass = func_wall : "Wall" []\n@include "other.fgd"\n',
    },
    "def": {
        "small.def": "/*QUAKED info_player_start (1 0 0) (-16 -16 -24) (16 16 32) SUSPENDED\n"
        "The player's start.\n-------- KEYS --------\nangle : facing\n"
        "-------- SPAWNFLAGS --------\nSUSPENDED : hangs\n*/\n"
        "/*QUAKED func_door (0 .5 .8) ? START_OPEN\nA door.\n*/\n",
    },
    "ent": {
        "small.ent": '<?xml version="1.0"?>\n<classes>\n<point name="light" color="0 1 0" box="-8 -8 -8 8 8 8">\n'
        'A light.\n<integer key="light" name="Brightness" value="300">How bright</integer>\n'
        '<flag key="LINEAR" name="Linear" bit="0">fall off</flag>\n</point>\n'
        '<group name="func_group" color="0 0.5 0.8">\n<string key="_tb_name" name="Name"/>\n</group>\n</classes>\n',
    },
    "vmt": {
        "patch.vmt": 'patch\n{\n"include" "materials/a/b.vmt"\n"insert"\n{\n"$basetexture" "x/y" [$WIN32]\n}\n}\n',
        "blend.vmt": '"WorldVertexTransition"\n{\n// a comment\n"$basetexture" "nature/dirt"\n'
        '"$basetexture2" "nature/grass"\nProxies\n{\nAnimatedTexture\n{\n"animatedtexturevar" "$basetexture"\n}\n}\n}\n',
    },
    "shader": {
        "small.shader": "textures/base/wall\n{\n\tqer_editorimage textures/base/wall.tga\n\tsurfaceparm nomarks\n"
        "\t{\n\t\tmap $lightmap\n\t\trgbGen identity\n\t}\n}\n/* block */\ntextures/sky\n{\n\tskyparms - 512 -\n}\n",
    },
}

# The target a corpus file seeds, by extension; image seeds take a mode byte.
BY_EXTENSION = {
    ".map": "map",
    ".vmf": "vmf",
    ".fgd": "fgd",
    ".def": "def",
    ".ent": "ent",
    ".wad": "wad",
    ".pak": "pak",
    ".wal": "wal",
    ".vtf": "vtf",
    ".vmt": "vmt",
    ".shader": "shader",
    ".png": "image",
    ".jpg": "image",
    ".tga": "image",
    ".pcx": "image",
    ".lmp": "image",
}


def text_slices(data):
    """The head, a middle and a tail slice, each starting and ending at a line start."""
    if len(data) <= 2 * SLICE:
        return [data]
    slices = []
    for start in (0, len(data) // 2, len(data) - SLICE):
        if start > 0:
            start = data.find(b"\n", start) + 1
        end = data.rfind(b"\n", start, start + SLICE) + 1
        if end > start:
            slices.append(data[start:end])
    return slices


def small_wad(data, keep=3):
    """The WAD with its first `keep` lumps only, or None when its directory is unreadable."""
    if len(data) < 12:
        return None
    magic, count, offset = struct.unpack_from("<4sii", data, 0)
    if count < 0 or offset < 0 or offset + 32 * count > len(data):
        return None
    lumps, directory = b"", b""
    for i in range(min(count, keep)):
        pos, disk, size, kind, comp, _, name = struct.unpack_from("<iiiBBH16s", data, offset + 32 * i)
        body = data[pos : pos + disk]
        directory += struct.pack("<iiiBBH16s", 12 + len(lumps), len(body), size, kind, comp, 0, name)
        lumps += body
    return struct.pack("<4sii", magic, min(count, keep), 12 + len(lumps)) + lumps + directory


def corpus_seeds(corpus):
    """(target, name, bytes) for each seed the corpus gives."""
    for folder, dirs, files in os.walk(corpus):
        dirs.sort()
        for file in sorted(files):
            path = os.path.join(folder, file)
            ext = os.path.splitext(file)[1].lower()
            target = BY_EXTENSION.get(ext)
            if target is None:
                continue
            name = os.path.relpath(path, corpus).replace(os.sep, "_")
            with open(path, "rb") as f:
                data = f.read()
            if target in ("map", "vmf", "fgd", "def", "ent", "vmt", "shader"):
                for i, piece in enumerate(text_slices(data)):
                    yield target, "%s.%d" % (name, i), piece
                    if target in ("map", "vmf") and i == 0:
                        # Plain and centred paste into each kind of document.
                        mode = len(name) % 8
                        yield "clipboard", "%s.%d" % (name, mode), bytes([mode]) + piece[:4096]
            elif target == "wad":
                piece = data if len(data) <= BINARY_MAX else small_wad(data)
                if piece is not None:
                    yield target, name, piece
            elif target == "image":
                mode = {".tga": 0, ".pcx": 2, ".lmp": 3}.get(ext, 1)
                if len(data) <= 2 * BINARY_MAX:
                    yield target, name, bytes([mode]) + data
            elif len(data) <= 2 * BINARY_MAX:
                yield target, name, data


def replay(exe, target, corpus, paths):
    with tempfile.TemporaryDirectory(prefix="quarry-seeds-") as out:
        make(corpus, out, [target])
        args = [exe, os.path.join(out, target)] + [p for p in paths if os.path.exists(p)]
        return subprocess.run(args).returncode


def main(argv):
    if len(argv) >= 5 and argv[1] == "--replay":
        sys.exit(replay(argv[2], argv[3], argv[4], argv[5:]))
    if len(argv) < 3:
        sys.exit(__doc__)
    make(argv[1], argv[2], argv[3:] or TARGETS)


def make(corpus, out, wanted):
    for target in wanted:
        if target not in TARGETS:
            sys.exit("make-seeds.py: unknown target %s" % target)
        folder = os.path.join(out, target)
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            os.remove(os.path.join(folder, old))

    def write(target, name, data):
        if target in wanted:
            with open(os.path.join(out, target, name), "wb") as f:
                f.write(data)

    for target, seeds in INLINE.items():
        for name, text in seeds.items():
            write(target, "inline_" + name, text.encode())
            if target in ("map", "vmf"):
                for mode in range(8):
                    write("clipboard", "inline_%s.%d" % (name, mode), bytes([mode]) + text.encode())
    if os.path.isdir(corpus):
        for target, name, data in corpus_seeds(corpus):
            write(target, name, data)
    for target in wanted:
        n = len(os.listdir(os.path.join(out, target)))
        if n == 0:
            # Binary formats have no inline seed: the fuzzer starts from nothing.
            write(target, "empty", b"")
            n = 1
        print("%s: %d seeds" % (target, n))


if __name__ == "__main__":
    main(sys.argv)
