#!/usr/bin/env python3
"""The scale benchmark: maps of 10k, 30k and 100k brushes written by
gen-big-map.py, each measured by `quarry-cli bench` (parse, geometry,
select all, move all, undo, redo, save, peak RSS) and, when the editor is
given, by `quarry --bench-render` under xvfb-run (first complete frame
after process start, median redraw of the four views, and the window's
Show Panels, Select All, move all, Undo and Redo, each to the end of the
frame that shows it). Prints one table
and the growth exponent of every figure: the slope of log(time) against
log(brushes) between successive sizes and over the whole range — 1 is
linear, 2 quadratic; n log n shows as a little above 1.

  tests/bench-scale.py --cli build/src/cli/quarry-cli [--quarry build/src/app/quarry]
                       [--sizes 10000,30000,100000] [--format map|vmf] [--dir DIR] [--repeat N]
                       [--json OUT]

The maps are written to DIR (default: a folder in /tmp) and kept there,
so a second run does not generate them again."""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CLI_FIGURES = ["parse_ms", "geometry_ms", "parse_geometry_ms", "select_all_ms", "move_all_ms", "undo_all_ms",
               "redo_all_ms", "move_one_ms", "find_all_ms", "texture_all_ms", "save_ms", "peak_rss_kb"]
GUI_FIGURES = ["first_frame_ms", "redraw_ms", "gui_show_panels_ms", "gui_select_all_ms", "gui_move_all_ms",
               "gui_undo_ms", "gui_redo_ms"]


def generate(size, fmt, folder, seed):
    path = os.path.join(folder, "scale-%d-s%d.%s" % (size, seed, fmt))
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "gen-big-map.py"), str(size), path, "--seed", str(seed)],
                       check=True)
    return path


def cli_bench(cli, path, repeat):
    out = subprocess.run([cli, "bench", path, "--repeat", str(repeat)], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def gui_bench(quarry, path, frames, env):
    """First complete frame and median redraw from quarry --bench-render; None when it cannot run."""
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24 -nolisten tcp", quarry,
           "--bench-render=%d" % frames, path]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env)
    except (OSError, subprocess.TimeoutExpired) as e:
        print("bench-scale: %s: %s" % (" ".join(cmd), e), file=sys.stderr)
        return None
    first = re.search(r"first complete frame: ([0-9.]+) ms", out.stdout)
    redraw = re.search(r"redraw median: ([0-9.]+) ms", out.stdout)
    if not first or not redraw:
        print("bench-scale: no figures from the editor:\n%s%s" % (out.stdout, out.stderr), file=sys.stderr)
        return None
    figures = {"first_frame_ms": float(first.group(1)), "redraw_ms": float(redraw.group(1))}
    for name, ms in re.findall(r"edit ([a-z ]+): ([0-9.]+) ms to the end of its frame", out.stdout):
        figures["gui_%s_ms" % name.replace(" ", "_")] = float(ms)
    return figures


def slope(n0, t0, n1, t1):
    if t0 is None or t1 is None or t0 <= 0 or t1 <= 0:
        return None
    return math.log(t1 / t0) / math.log(n1 / n0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--quarry", help="the editor; measures the first frame and redraws too")
    parser.add_argument("--schemas", help="GSETTINGS_SCHEMA_DIR for the editor")
    parser.add_argument("--sizes", default="10000,30000,100000")
    parser.add_argument("--format", default="map", choices=("map", "vmf"))
    parser.add_argument("--dir", default=os.path.join(tempfile.gettempdir(), "quarry-scale"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--frames", type=int, default=10)
    parser.add_argument("--reference", help="a real map (NewDeralia) whose per-brush load cost to compare with")
    parser.add_argument("--json", help="also write every figure to this file")
    args = parser.parse_args()

    sizes = [int(s) for s in args.sizes.split(",")]
    os.makedirs(args.dir, exist_ok=True)
    env = dict(os.environ, GSETTINGS_BACKEND="memory")
    if args.schemas:
        env["GSETTINGS_SCHEMA_DIR"] = args.schemas
    rows = []
    for size in sizes:
        path = generate(size, args.format, args.dir, args.seed)
        row = {"target": size, "bytes": os.path.getsize(path)}
        row.update(cli_bench(args.cli, path, args.repeat))
        if args.quarry:
            gui = gui_bench(args.quarry, path, args.frames, env)
            if gui:
                row.update(gui)
        rows.append(row)
        print("bench-scale: %d brushes done" % row["brushes"], file=sys.stderr, flush=True)

    reference = cli_bench(args.cli, args.reference, max(args.repeat, 5)) if args.reference else None
    figures = CLI_FIGURES + (GUI_FIGURES if args.quarry else [])
    head = "%-18s" % "brushes" + "".join("%12d" % r["brushes"] for r in rows)
    if len(rows) > 1:
        head += "".join("%9s" % ("k%d-%d" % (i, i + 1)) for i in range(len(rows) - 1)) + "%9s" % "k all"
    print(head)
    exponents = {}
    for f in figures:
        vals = [r.get(f) for r in rows]
        line = "%-18s" % f + "".join("%12s" % ("-" if v is None else "%.3f" % v) for v in vals)
        ks = [slope(rows[i]["brushes"], vals[i], rows[i + 1]["brushes"], vals[i + 1]) for i in range(len(rows) - 1)]
        if len(rows) > 1:
            ks.append(slope(rows[0]["brushes"], vals[0], rows[-1]["brushes"], vals[-1]))
            line += "".join("%9s" % ("-" if k is None else "%.2f" % k) for k in ks)
        exponents[f] = ks
        print(line)
    per_brush = ["%-18s" % "rss_bytes/brush" + "".join("%12d" % (r["peak_rss_kb"] * 1024 // r["brushes"]) for r in rows),
                 "%-18s" % "load_us/brush" + "".join("%12.2f" % (r["parse_geometry_ms"] * 1000 / r["brushes"])
                                                    for r in rows)]
    print("\n".join(per_brush))
    if reference:
        print("%-18s%12.2f  (%s: %d brushes, %.2f ms parse + geometry, %d RSS bytes/brush)" % (
            "reference_us/b", reference["parse_geometry_ms"] * 1000 / reference["brushes"],
            os.path.basename(reference["file"]), reference["brushes"], reference["parse_geometry_ms"],
            reference["peak_rss_kb"] * 1024 // reference["brushes"]))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"rows": rows, "exponents": exponents, "reference": reference}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
