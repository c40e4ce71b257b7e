#!/bin/bash
# clip: the Clip tool by mouse and keyboard, checked in the file Ctrl+S writes. On a map of a
# slab R (0..384 x 0..256 x -16..0) and a block B = 64..192 x 64..128 x 0..128 on it:
#  - a click on B's left side in the Top view selects it; Shift+X switches to the Clip tool
#    (no preview yet: no amber anywhere);
#  - a drag in the Front view from (48,-16) to (208,144) (x, z): a line through B's corners
#    (64,0) and (192,128), the plane x - z = 64 along Y. The preview shows both parts amber
#    (the default keeps both halves) in the four views; the document is unchanged;
#  - Return clips ("*"), Ctrl+S: R as it was and two valid wedges, 6 vertices and 5 faces
#    each, the front one x - z >= 64 (under the line) and the back one x - z <= 64, each with
#    the face (64,y,0) (192,y,128) on the plane, facing away from the other; their volumes
#    add up exactly to B's, 128 x 64 x 128;
#  - Ctrl+Z, Ctrl+S: the file is byte for byte what quarry-cli convert makes of the original
#    (the clip is one undo step) and B is selected again;
#  - the same drag, X (keep the front half: the back part turns grey; the kept part stays
#    amber in all four views), X (keep the back half: the other way round), X (both), X (the
#    front half), Return, Ctrl+S: R and the front wedge alone, a ramp rising to +X;
#  - Ctrl+Z, Ctrl+S: the original again, byte for byte.
TEST=clip
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=block.map
MAP=$WORK/$NAME
make_map "$MAP" "create block 0 0 -16 384 256 0 --texture base" "create block 64 64 0 192 128 128 --texture base" ||
  bail "quarry-cli edit makes the test map"
"$QUARRY_CLI" convert "$MAP" "$WORK/original.map" || bail "quarry-cli convert of the test map"

# The clip line's ends in the Front view (on the grid, beyond B's corners on the line).
CLIP_FROM="48 0 -16"
CLIP_TO="208 0 144"
# Points on the parts' outlines in the Front view, away from the clip line and its ends:
# the back part's left side and top, the front part's right side and bottom.
BACK_PTS=("64 0 96" "96 0 128")
FRONT_PTS=("192 0 32" "160 0 0")

# block_selected IMAGE: B's sides are red in the Top and Front views (a quarter along them:
# the selection's handles are at the corners and middles).
block_selected () {
  colour_at_points "$1" TOP "$SELECTED" "64 80 0" "192 80 0" "96 64 0" "96 128 0" &&
    colour_at_points "$1" FRONT "$SELECTED" "64 0 32" "192 0 96" "96 0 128"
}

# amber_count IMAGE VIEW: how many pixels of VIEW are amber (5%: not the clip line's yellow).
amber_count () {
  local r=R$2
  crop "$1" "${!r}" "$GUI_TMP/view.png"
  colour_pixels "$GUI_TMP/view.png" "$AMBER" 5%
}

# no_amber IMAGE: no amber anywhere in the four views.
no_amber () {
  local v n
  for v in 3D TOP FRONT SIDE; do
    n=$(amber_count "$1" "$v")
    [ "$n" = 0 ] || { WHY="$v view: $n amber pixels"; return 1; }
  done
}

# amber_everywhere IMAGE: every view shows amber lines (more than 20 pixels).
amber_everywhere () {
  local v n
  WHY=
  for v in 3D TOP FRONT SIDE; do
    n=$(amber_count "$1" "$v")
    [ "$n" -gt 20 ] || WHY="$WHY $v view: $n amber pixels;"
  done
  [ -z "$WHY" ]
}

# saw_amber_everywhere IMAGE: amber_everywhere on a screenshot already taken; says why not.
saw_amber_everywhere () { amber_everywhere "$1" || { diag "$WHY ($1)"; return 1; }; }

GREY='#707070' # a part the clip removes

# preview_both IMAGE: both parts amber in every view, both outlines amber in the Front view.
preview_both () {
  amber_everywhere "$1" && colour_at_points "$1" FRONT "$AMBER" "${BACK_PTS[@]}" "${FRONT_PTS[@]}"
}
# keep_one IMAGE KEPT_PTS REMOVED_PTS: in the Front view the kept part's outline is amber,
# the removed part's grey and not amber (the names of two arrays of points).
keep_one () {
  local kept="$2[@]" removed="$3[@]"
  colour_at_points "$1" FRONT "$AMBER" "${!kept}" && colour_at_points "$1" FRONT "$GREY" "${!removed}" &&
    no_colour_at_points "$1" FRONT "$AMBER" "${!removed}"
}
front_kept () { keep_one "$1" FRONT_PTS BACK_PTS; }
back_kept () { keep_one "$1" BACK_PTS FRONT_PTS; }

# clip_check FILE both|front WHAT: R as it was, and the wedges the clip leaves of B.
clip_check () {
  py_checks '
import sys
from fractions import Fraction as F
from mapgeom import Brush, mesh
path, keep, what = sys.argv[1:4]
brushes, planes = [], []
for e, ent in enumerate(mesh(path)["entities"]):
    for entry in ent.get("brushes", []):
        brushes.append(Brush(entry, e))
        planes.append([f["plane"] for f in entry.get("faces", [])])
def say(cond, text):
    print(("ok " if cond else "not ok ") + what + ": " + text)
ref = [b for b in brushes if b.valid and b.bounds == ((0, 0, -16), (384, 256, 0)) and len(b.vertices) == 8]
say(len(ref) == 1, "the slab R is there as it was")
pieces = [(b, p) for b, p in zip(brushes, planes) if b not in ref]
ys = (64, 128)
cut = {(x, y, z) for y in ys for (x, z) in ((64, 0), (192, 128))}
wedges = {
    # x - z >= 64, under the line; closed by the plane turned around: facing (-1, 0, 1)
    "front": ({(x, y, z) for y in ys for (x, z) in ((64, 0), (192, 0), (192, 128))}, (-1, 0, 1)),
    # x - z <= 64, above it; closed by the plane: facing (1, 0, -1)
    "back": ({(x, y, z) for y in ys for (x, z) in ((64, 0), (64, 128), (192, 128))}, (1, 0, -1)),
}
want = ["back", "front"] if keep == "both" else ["front"]
say(len(pieces) == len(want), "%d brush(es) where B was (%d: %s)" % (len(want), len(pieces),
    "; ".join(b.bounds_text() if b.valid else "invalid: %s" % b.reason for b, _ in pieces)))
found = []
for b, p in pieces:
    name = [k for k, (verts, _) in wedges.items() if b.valid and set(b.vertices) == verts]
    found += name
    label = name[0] if name else "brush %s" % b.name
    say(b.valid, "%s is valid" % label)
    if not b.valid:
        continue
    say(len(b.vertices) == 6 and len(b.faces) == 5,
        "%s is a wedge: 6 vertices, 5 faces (%d, %d)" % (label, len(b.vertices), len(b.faces)))
    say(b.volume() == 128 * 64 * 128 // 2, "%s holds half of B: %d (%s)" % (label, 128 * 64 * 128 // 2, b.volume()))
    on = [i for i, f in enumerate(b.faces) if set(f) == cut]
    say(len(on) == 1 and all(v[0] - v[2] == 64 for v in b.faces[on[0]]) if on else False,
        "%s has the clip plane x - z = 64 as a face, corners %s" % (label, sorted(cut)))
    if on and name:
        # The outward normal, from the counter-clockwise polygon (a rectangle: no three of
        # its corners in a line).
        f = b.faces[on[0]]
        a = tuple(q - r for q, r in zip(f[1], f[0]))
        c = tuple(q - r for q, r in zip(f[2], f[0]))
        n = (a[1] * c[2] - a[2] * c[1], a[2] * c[0] - a[0] * c[2], a[0] * c[1] - a[1] * c[0])
        d = wedges[name[0]][1]
        k = n[0] / d[0]
        say(k > 0 and n == tuple(k * x for x in d), "%s: the cut face faces %s, away from the other part (%s)"
            % (label, d, n))
        pl = p[on[0]]
        say(pl[1] == 0 and pl[0] == -pl[2] and (pl[0] > 0) == (d[0] > 0),
            "%s: the cut face'"'"'s plane in the mesh is along %s (%s)" % (label, d, pl))
say(sorted(found) == want, "the pieces are the %s wedge(s) (found: %s)" % (" and ".join(want), ", ".join(found) or "none"))
total = sum((b.volume() for b, _ in pieces if b.valid), F(0))
if keep == "both":
    say(total == 128 * 64 * 128, "their volumes add up to B'"'"'s, %d (%s)" % (128 * 64 * 128, total))
' "$@"
}

diag "$NAME: a slab R 0..384 x 0..256 x -16..0, a block B 64..192 x 64..128 x 0..128"
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
check "the Top view shows R and B where expected ($FIT_TOP)" \
  wait_edges app-framed TOP "0 0 0" "384 256 0" "64 64 0" "192 128 0"
check "the Front view shows R and B where expected ($FIT_FRONT)" \
  wait_edges app-framed FRONT "0 0 -16" "384 0 0" "64 0 128" "192 0 128"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# The Select tool is the default one. A quarter along the side: not on a handle.
click_world TOP "64 80 0"
check "a click on B's left side in the Top view selects it" wait_shot 1-selected block_selected
switch_tool shift+x 2-clip-tool || bail "Shift+X switches to the Clip tool"
check "the Clip tool shows nothing before a drag (no amber)" wait_shot 2-clip-tool no_amber

# ---- keep both ----
drag_world FRONT "$CLIP_FROM" "$CLIP_TO"
check "a drag in the Front view across B: the preview shows both parts amber in all four views" \
  wait_shot 3-both-preview preview_both
check "the preview does not change the document (no '*')" [ "$(title)" = "$NAME – Quarry" ]
point_at "$RFRONT"
keys Return
check "Return clips, keeping both halves: '*'" wait_title "*$NAME – Quarry"
check "the preview is gone" wait_shot 4-clipped-both no_amber
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-both.map"
clip_check "$MAP" both "keep both"

keys ctrl+z
check "Ctrl+Z: '*' (the document differs from the file saved)" wait_title "*$NAME – Quarry"
check "B is back, selected" wait_shot 5-undone block_selected
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/original.map" "after undoing the clip: the file is what quarry-cli convert makes of the original" undone-both

# ---- keep the front half ----
drag_world FRONT "$CLIP_FROM" "$CLIP_TO"
check "the same drag: both parts amber again" wait_shot 6-both-preview-again preview_both
point_at "$RFRONT"
keys x
check "X (keep the front half): in the Front view the front part stays amber, the back part turns grey" \
  wait_shot 7-front-preview front_kept
# In the other views the two parts' outlines coincide: the kept one should still show.
check "the kept front part shows amber in all four views" saw_amber_everywhere "$QUARRY_GUI_ARTEFACTS/$TEST-7-front-preview.png"
keys x
check "X again (keep the back half): in the Front view the back part amber, the front part grey" \
  wait_shot 8-back-preview back_kept
check "the kept back part shows amber in all four views" saw_amber_everywhere "$QUARRY_GUI_ARTEFACTS/$TEST-8-back-preview.png"
# Twice more: keep both, then the front half again.
keys x
check "X again (keep both): both parts amber" wait_shot 9-both-preview-third preview_both
keys x
check "X again: the front half" wait_shot 10-front-preview-again front_kept
keys Return
check "Return clips, keeping the front half: '*'" wait_title "*$NAME – Quarry"
check "the preview is gone" wait_shot 11-clipped-front no_amber
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-front.map"
clip_check "$MAP" front "keep front"

keys ctrl+z
check "Ctrl+Z: '*'" wait_title "*$NAME – Quarry"
shot 12-undone > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/original.map" "after undoing the second clip: the file is what quarry-cli convert makes of the original" undone-front

check "the editor is still running" app_alive
finish
