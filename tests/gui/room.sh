#!/bin/bash
# room: the issue's acceptance scenario. A mapper builds a small room with a doorway carved
# through a wall, a hollowed box and a clipped ramp entirely with the mouse and keyboard, undoes
# and redoes all of it, and saves it as .map and .vmf. On a map of one floor slab R (0..768 x
# 0..384 x -16..0; the views are framed on it, so every world point's pixel is known, see
# lib.sh's screen_xy), each step one undo step:
#  1. Block (Shift+B): a drag in the Top view from (64,64) to (320,320) outlines a pending
#     box (amber) 0..64 high (the tool's first depth); in the Front view its top handle
#     dragged from z 64 to 128; Return: the room's block 64..320 x 64..320 x 0..128 ("*").
#  2. Ctrl+H, Return: hollowed as the dialog proposes (16, inward): six walls around the
#     inside 80..304 x 80..304 x 16..112.
#  3. Block: the doorway's carver, outlined in the Top view 160..224 x 48..96 (through the
#     wall at y 64..80), as deep as the selected walls (0..128); in the Front view its top
#     handle down to 96 and its bottom handle up to 16 (the floor's top); Return;
#  4. Ctrl+Shift+C: it carves the wall (the carver stays selected);
#  5. Delete: the carver goes; the wall has an opening 160..224 x 64..80 x 16..96.
#  6. Block: a box 448..544 x 160..256, as deep as the last block made (16..96), its handles
#     dragged to 32..128; Return;
#  7. Ctrl+H, Ctrl+A 3 2 (the thickness typed), Alt+O (Outward), Return: the box becomes a
#     room with 32-unit walls around it, 416..576 x 128..288 x 0..160.
#  8. Block: a box 608..736 x 128..256, as deep as the selected walls (0..160), its top
#     handle down to 128; Return;
#  9. Clip (Shift+X): a drag in the Front view from (608,0) to (736,128) (the clip points lie
#     halfway through the selection along y, at 192; the views show what stays amber); X keeps
#     the front half, the one under the line; Return: a ramp, the wedge
#     with corners (608|736, 128|256, 0) and (736, 128|256, 128).
# Ctrl+S writes E. Checked in E: R as it was; the room's pieces tile its box less its inside
# and the doorway, and the wall's pieces tile the wall less the opening (exact volumes); no
# brush reaches into the carver's place; the box's six walls tile 416..576 x 128..288 x 0..160
# less 448..544 x 160..256 x 32..128; the ramp's corners, solved exactly from E's plane points,
# are the wedge's (and quarry-cli mesh's to 1e-9), its volume 128³/2; E is byte for byte what
# the same nine steps through quarry-cli edit and csg make of the original.
# Undo: Ctrl+Z eight times, Ctrl+S: R and the room's block alone; once more, Ctrl+S: the
# file is byte for byte what quarry-cli convert makes of the original; a tenth Ctrl+Z finds
# nothing to undo. Redo: Ctrl+Shift+Z eight times, Ctrl+S: E with the ramp's block unclipped;
# Ctrl+Y, Ctrl+S: E again, byte for byte; one more Ctrl+Y finds nothing to redo.
# Save As (Ctrl+Shift+S): in the file chooser, Ctrl+A, "room.vmf", Return: the title names
# room.vmf; quarry-cli reads it as VMF, 16 valid brushes with exactly E's corners and faces.
# (Save As comes last: it makes the .vmf the window's file.) F9 shows the History panel: a
# screenshot for the record.
TEST=room
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=room.map
MAP=$WORK/$NAME
VMF=$WORK/room.vmf
make_map "$MAP" "create block 0 0 -16 768 384 0 --texture base" || bail "quarry-cli edit makes the test map"
"$QUARRY_CLI" convert "$MAP" "$WORK/original.map" || bail "quarry-cli convert of the test map"

# The same nine steps through quarry-cli: step-N.map is the map after step N. (The Clip tool
# puts its points at depth 0 and the plane's third point one unit along the view's depth.)
cli_steps () {
  local c=$QUARRY_CLI w=$WORK
  "$c" edit "$MAP" "$w/step-1.map" --step "create block 64 64 0 320 320 128 --texture base" &&
    "$c" csg hollow "$w/step-1.map" "$w/step-2.map" --brush 0:1 --thickness 16 &&
    "$c" edit "$w/step-2.map" "$w/step-3.map" --step "create block 160 48 16 224 96 96 --texture base" &&
    "$c" csg carve "$w/step-3.map" "$w/step-4.map" --brush 0:7 &&
    "$c" edit "$w/step-4.map" "$w/step-5.map" --step "delete 0:9" &&
    "$c" edit "$w/step-5.map" "$w/step-6.map" --step "create block 448 160 32 544 256 128 --texture base" &&
    "$c" csg hollow "$w/step-6.map" "$w/step-7.map" --brush 0:9 --thickness 32 --outward &&
    "$c" edit "$w/step-7.map" "$w/step-8.map" --step "create block 608 128 0 736 256 128 --texture base" &&
    "$c" csg split "$w/step-8.map" "$w/step-9.map" --brush 0:15 --plane "608 192 0 736 192 128 608 193 0" --keep front
}
cli_steps > /dev/null || bail "quarry-cli makes the expected maps"

# ---- what the views show ----

# box_in IMAGE COLOUR X0 Y0 Z0 X1 Y1 Z1: the box's outline shows COLOUR (amber: the Block
# tool's pending box; red: selected) in the Top view (points a quarter along its four sides:
# the corners and middles carry handles) and along its top, left and right sides in the
# Front view.
box_in () {
  local c=$2 x0=$3 y0=$4 z0=$5 x1=$6 y1=$7 z1=$8
  local xq=$((x0 + (x1 - x0) / 4)) yq=$((y0 + (y1 - y0) / 4)) zq=$((z0 + (z1 - z0) / 4))
  colour_at_points "$1" TOP "$c" "$xq $y0 0" "$xq $y1 0" "$x0 $yq 0" "$x1 $yq 0" &&
    colour_at_points "$1" FRONT "$c" "$xq 0 $z1" "$x0 0 $zq" "$x1 0 $zq"
}
red_box () { box_in "$1" "$SELECTED" "${@:2}"; }
room_pending () { box_in "$1" "$AMBER" 64 64 0 320 320 128; }
room_made () { red_box "$1" 64 64 0 320 320 128; }
# The walls' inner sides, selected: the inside's outline in the Top and Front views.
room_hollowed () {
  colour_at_points "$1" TOP "$SELECTED" "80 136 0" "304 136 0" "136 80 0" "136 304 0" &&
    colour_at_points "$1" FRONT "$SELECTED" "80 0 40" "136 0 16" "136 0 112"
}
door_pending () { box_in "$1" "$AMBER" 160 48 16 224 96 96; }
door_made () { red_box "$1" 160 48 16 224 96 96 && no_colour_at_points "$1" TOP "$SELECTED" "80 136 0"; }
# The carver stays selected; the wall's new pieces show the opening's top edge (z 96) left
# and right of it in the Front view, where no edge was.
door_carved () {
  door_made "$1" && colour_at_points "$1" FRONT '#D6D6D2' "112 0 96" "272 0 96"
}
# The carver gone: nothing where its outline stood out of the room (y 48..64), no red; the
# opening's edges stay.
door_deleted () {
  local p s
  for p in "176 48 0" "160 56 0" "224 56 0"; do
    # shellcheck disable=SC2086
    s=$(screen_xy TOP $p)
    # shellcheck disable=SC2086
    [ "$(bright_near "$1" $s)" = 0 ] || { WHY="Top view: an edge at ($p) where the carver was"; return 1; }
  done
  no_colour_at_points "$1" FRONT "$SELECTED" "176 0 96" "160 0 36" &&
    colour_at_points "$1" FRONT '#D6D6D2' "112 0 96" "272 0 96" "160 0 36" "224 0 36"
}
box_pending () { box_in "$1" "$AMBER" 448 160 32 544 256 128; }
box_made () { red_box "$1" 448 160 32 544 256 128; }
box_hollowed () { red_box "$1" 416 128 0 576 288 160; }
ramp_pending () { box_in "$1" "$AMBER" 608 128 0 736 256 128; }
ramp_block_made () { red_box "$1" 608 128 0 736 256 128; }
# The Clip tool's preview: keeping both halves, the whole block is amber; keeping the front
# half, the part above the line (its top and left sides) is not.
clip_both () { colour_at_points "$1" FRONT "$AMBER" "640 0 128" "608 0 96" "736 0 32"; }
clip_front () {
  colour_at_points "$1" FRONT "$AMBER" "736 0 32" "736 0 96" &&
    no_colour_at_points "$1" FRONT "$AMBER" "640 0 128" "608 0 96"
}
# The ramp, selected: the slope from (608,0) to (736,128) and the high side are red in the
# Front view; the block's top and left sides are gone.
ramp_clipped () {
  colour_at_points "$1" FRONT "$SELECTED" "640 0 32" "704 0 96" "736 0 32" &&
    no_colour_at_points "$1" FRONT "$SELECTED" "640 0 128" "608 0 96" &&
    no_colour_at_points "$1" FRONT "$AMBER" "640 0 128" "736 0 32"
}

# ---- keys ----

# block "X Y Z" "X Y Z" ["X Y Z" "X Y Z"]…: the Block tool's outline, a drag in the Top view
# between the first two points; then each further pair, a drag in the Front view (of one of
# the pending box's handles).
block () {
  drag_world TOP "$1" "$2"
  shift 2
  while [ $# -ge 2 ]; do
    drag_world FRONT "$1" "$2"
    shift 2
  done
}

# hollow_typed STEP DIGIT…: Ctrl+H; in the dialog, Ctrl+A and the digits typed into the wall
# thickness (it has the focus), Alt+O for Outward, Return. Keeps the dialog as STEP.
hollow_typed () {
  local dlg
  keys ctrl+h
  dlg=$(wait_window Hollow) || return 1
  sleep 0.3
  window_keys "$dlg" ctrl+a "${@:2}" alt+o
  sleep 0.3
  shot "$1" > /dev/null
  window_keys "$dlg" Return
  wait_window_gone "$dlg"
}

# keys_and_title KEY N TITLE: presses KEY N times, then waits for TITLE.
keys_and_title () {
  local i
  for i in $(seq 1 "$2"); do keys "$1"; sleep 0.2; done
  wait_title "$3"
}

# still_title TITLE: after a second, the title is still TITLE.
still_title () { sleep 1; [ "$(title)" = "$1" ] || { diag "title is '$(title)'"; return 1; }; }

# same_geometry FILE EXPECTED WHAT: FILE's brushes, in order, have exactly EXPECTED's corners
# and faces (quarry-cli mesh of each; -0 and 0 are one number).
same_geometry () {
  py_checks '
import sys
from mapgeom import world_brushes
a, b, what = world_brushes(sys.argv[1]), world_brushes(sys.argv[2]), sys.argv[3]
bad = [x.name for x, y in zip(a, b) if x.valid != y.valid or x.vertices != y.vertices
       or sorted(tuple(sorted(f)) for f in x.faces) != sorted(tuple(sorted(f)) for f in y.faces)]
print(("ok " if len(a) == len(b) and not bad else "not ok ") + "%s: %d brushes with exactly the corners and faces of %d expected%s"
      % (what, len(a), len(b), " (not: %s)" % ", ".join(bad) if bad else ""))
' "$1" "$2" "$3"
}

# ---- the scenario ----

diag "$NAME: a floor slab R 0..768 x 0..384 x -16..0"
open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
check "the Top view shows R where expected ($FIT_TOP)" wait_edges app-framed TOP "0 0 0" "768 384 0" "0 384 0" "768 0 0"
check "the Front view shows R where expected ($FIT_FRONT)" wait_edges app-framed FRONT "0 0 -16" "768 0 0" "0 0 0" "768 0 -16"
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"

# 1-2. The room.
switch_tool shift+b 1-block-tool || bail "Shift+B switches to the Block tool"
block "64 64 0" "320 320 0" "192 0 64" "192 0 128"
check "1. Block: the outline in the Top view, the top handle up in the Front view: a pending box 64..320 x 64..320 x 0..128" \
  wait_shot 2-room-pending room_pending
check "the pending box does not change the document (no '*')" [ "$(title)" = "$NAME – Quarry" ]
point_at "$RTOP"
keys Return
check "Return: the room's block is made ('*')" wait_title "*$NAME – Quarry"
check "the room's block is selected, 64..320 x 64..320 x 0..128" wait_shot 2-room room_made
point_at "$RTOP"
check "2. Ctrl+H, Return: the Hollow dialog proposes 16, inward" hollow_selection 3-hollow-dialog
check "the room is hollowed: its walls' inner sides are selected" wait_shot 3-hollowed room_hollowed

# 3-5. The doorway.
block "160 48 0" "224 96 0" "192 0 128" "192 0 96" "192 0 0" "192 0 16"
check "3. Block: the doorway's carver, pending 160..224 x 48..96 x 16..96" wait_shot 4-door-pending door_pending
point_at "$RTOP"
keys Return
check "Return: the carver is made and selected" wait_shot 4-door door_made
point_at "$RTOP"
keys ctrl+shift+c
check "4. Ctrl+Shift+C carves the wall: the opening's top edge shows, the carver stays selected" \
  wait_shot 5-carved door_carved
point_at "$RTOP"
keys Delete
check "5. Delete: the carver is gone, the opening stays" wait_shot 6-door-deleted door_deleted

# 6-7. The hollowed box.
block "448 160 0" "544 256 0" "496 0 96" "496 0 128" "496 0 16" "496 0 32"
check "6. Block: the box, pending 448..544 x 160..256 x 32..128" wait_shot 7-box-pending box_pending
point_at "$RTOP"
keys Return
check "Return: the box is made and selected" wait_shot 7-box box_made
point_at "$RTOP"
check "7. Ctrl+H, 32 typed, Alt+O (Outward), Return" hollow_typed 8-hollow-dialog 3 2
check "the box's walls go around it: 416..576 x 128..288 x 0..160, selected" wait_shot 8-box-hollowed box_hollowed

# 8-9. The ramp.
block "608 128 0" "736 256 0" "672 0 160" "672 0 128"
check "8. Block: the ramp's block, pending 608..736 x 128..256 x 0..128" wait_shot 9-ramp-pending ramp_pending
point_at "$RTOP"
keys Return
check "Return: the ramp's block is made and selected" wait_shot 9-ramp-block ramp_block_made
switch_tool shift+x 10-clip-tool || bail "Shift+X switches to the Clip tool"
drag_world FRONT "608 0 0" "736 0 128"
check "9. Clip: a drag from (608,0) to (736,128) in the Front view; both halves stay (amber)" \
  wait_shot 10-clip-line clip_both
point_at "$RFRONT"
keys x
check "X keeps the front half: the block's top and left sides are not amber" wait_shot 11-clip-front clip_front
keys Return
check "Return clips: the ramp is selected, the block's top and left sides gone" wait_shot 12-ramp ramp_clipped

# ---- E ----

check "Ctrl+S saves the room (E)" save_now "$MAP" "$NAME"
cp "$MAP" "$WORK/E.map"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-E.map"
py_checks '
import sys
from fractions import Fraction as F
from mapgeom import world_brushes, exact_brushes, check_tiling, box_brush, box_volume, disjoint

def say(cond, text):
    print(("ok " if cond else "not ok ") + "E: " + text)

brushes = world_brushes(sys.argv[1])
invalid = [b.name for b in brushes if not b.valid]
say(len(brushes) == 16 and not invalid, "16 brushes, all valid (%d; invalid: %s)" % (len(brushes), ", ".join(invalid) or "none"))
print("# E: %s" % "; ".join(b.bounds_text() for b in brushes if b.valid))
valid = [b for b in brushes if b.valid]
slab = [b for b in valid if b.bounds == ((0, 0, -16), (768, 384, 0)) and len(b.vertices) == 8]
say(len(slab) == 1 and slab[0].volume() == box_volume((0, 0, -16), (768, 384, 0)), "the floor slab R is there as it was")

# The room: its box less its inside and the doorway; the wall at y 64..80 (between the floor
# and the ceiling, the full width, as hollow lays it out) less the opening.
room, inside = ((64, 64, 0), (320, 320, 128)), ((80, 80, 16), (304, 304, 112))
carver, opening = ((160, 48, 16), (224, 96, 96)), ((160, 64, 16), (224, 80, 96))
wall = ((64, 64, 16), (320, 80, 112))
pieces = [b for b in valid if b.inside(*room)]
for line in check_tiling(pieces, room[0], room[1], [box_brush(*inside), box_brush(*carver)],
                         box_volume(*room) - box_volume(*inside) - box_volume(*opening),
                         "E: the room", "its inside or the doorway"):
    print(line)
wall_pieces = [b for b in pieces if b.inside(*wall)]
for line in check_tiling(wall_pieces, wall[0], wall[1], [box_brush(*opening)],
                         box_volume(*wall) - box_volume(*opening), "E: the doorway wall", "the opening"):
    print(line)
say(len(wall_pieces) == 3, "the wall is in 3 pieces, one per carver plane that cuts it (%d)" % len(wall_pieces))
into = [b.name for b in valid if not disjoint(b, box_brush(*carver))]
say(not into, "no brush reaches into the carver'"'"'s place 160..224 x 48..96 x 16..96 (the carver is gone)%s"
    % (" (%s)" % ", ".join(into) if into else ""))

# The box hollowed outward.
outer, inner = ((416, 128, 0), (576, 288, 160)), ((448, 160, 32), (544, 256, 128))
walls = [b for b in valid if b.inside(*outer)]
say(len(walls) == 6, "the box has 6 walls (%d)" % len(walls))
for line in check_tiling(walls, outer[0], outer[1], [box_brush(*inner)], box_volume(*outer) - box_volume(*inner),
                         "E: the box hollowed outward by 32", "its room"):
    print(line)

# The ramp: exactly, from the plane points written; and as quarry-cli mesh solves it.
want = sorted((F(x), F(y), F(z)) for x, y, z in [(608, 128, 0), (608, 256, 0), (736, 128, 0), (736, 256, 0),
                                                 (736, 128, 128), (736, 256, 128)])
ramp_box = ((608, 128, 0), (736, 256, 128))
exact = [b for b in exact_brushes(sys.argv[1]) if b.valid and b.inside(*ramp_box)]
say(len(exact) == 1, "one brush in the ramp'"'"'s block (%d)" % len(exact))
if exact:
    r = exact[0]
    say(r.vertices == want, "the ramp'"'"'s corners, solved exactly from its planes, are the wedge'"'"'s (%s)"
        % "; ".join(" ".join(str(c) for c in v) for v in r.vertices))
    say(len(r.faces) == 5, "it has 5 faces (%d)" % len(r.faces))
    say(r.volume() == F(128 ** 3, 2), "its volume is 128³/2 = 1048576 (%s)" % r.volume())
meshed = [b for b in valid if b.bounds[0][0] > 600]  # the ramp alone lies past x 600
if len(meshed) == 1:
    got = meshed[0].vertices
    dev = max((abs(float(g[a] - w[a])) for g, w in zip(got, want) for a in range(3)), default=0.0) if len(got) == 6 else None
    say(dev is not None and dev <= 1e-9, "quarry-cli mesh gives the ramp the same 6 corners to 1e-9 (off by at most %s)" % dev)
else:
    say(False, "quarry-cli mesh: one brush in the ramp'"'"'s block (%d)" % len(meshed))
say(len(slab) + len(pieces) + len(walls) + len(exact) == len(brushes),
    "every brush is R, a piece of the room, a wall of the box or the ramp")
' "$MAP"
same_geometry "$MAP" "$WORK/step-9.map" "E has the corners of what quarry-cli's nine steps make"
same_file "$WORK/step-9.map" "E is byte for byte what the same nine steps through quarry-cli edit and csg make" E

# ---- undo all ----

check "Ctrl+Z eight times: '*'" keys_and_title ctrl+z 8 "*$NAME – Quarry"
shot 13-undone-8 > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
same_geometry "$MAP" "$WORK/step-1.map" "after eight undos: R and the room's block alone"
check "a ninth Ctrl+Z: '*'" keys_and_title ctrl+z 1 "*$NAME – Quarry"
shot 14-undone-all > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/original.map" "after undoing all nine steps, the file is what quarry-cli convert makes of the original" undone
keys ctrl+z
check "a tenth Ctrl+Z finds nothing to undo (no '*')" still_title "$NAME – Quarry"

# ---- redo all ----

check "Ctrl+Shift+Z eight times: '*'" keys_and_title ctrl+shift+z 8 "*$NAME – Quarry"
shot 15-redone-8 > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
same_geometry "$MAP" "$WORK/step-8.map" "after eight redos: E with the ramp's block unclipped"
check "Ctrl+Y: '*'" keys_and_title ctrl+y 1 "*$NAME – Quarry"
wait_view_settled "$RFRONT" 16-redone-all > /dev/null
check "Ctrl+S" save_now "$MAP" "$NAME"
same_file "$WORK/E.map" "after redoing all nine steps, the file is E again" redone
keys ctrl+y
check "one more Ctrl+Y finds nothing to redo (no '*')" still_title "$NAME – Quarry"

# ---- Save As .vmf ----

save_as_vmf () {
  local dlg
  point_at "$RTOP"
  keys ctrl+shift+s
  dlg=$(wait_window "Save Map") || return 1
  sleep 0.5
  # The name field has the focus, "room" of room.map selected.
  window_keys "$dlg" ctrl+a
  xdotool type --delay 60 room.vmf
  sleep 0.3
  shot 17-save-as > /dev/null
  window_keys "$dlg" Return
  wait_window_gone "$dlg" && wait_title "room.vmf – Quarry"
}
check "Ctrl+Shift+S, Ctrl+A, room.vmf, Return: saved as room.vmf (the title names it)" save_as_vmf
check "the .vmf is written" [ -s "$VMF" ]
cp "$VMF" "$QUARRY_GUI_ARTEFACTS/$TEST-E.vmf" 2> /dev/null
py_checks '
import json, os, subprocess, sys
info = json.loads(subprocess.run([os.environ["QUARRY_CLI"], "info", sys.argv[1], "--json"], check=True,
                                 capture_output=True, text=True).stdout)
print(("ok " if info["dialect"] == "vmf" and info["brushes"] == 16 and not info["invalid"] else "not ok ")
      + "quarry-cli reads the .vmf as VMF: 16 brushes, none invalid (%s, %d, invalid %s)"
      % (info["dialect"], info["brushes"], info["invalid"]))
' "$VMF"
same_geometry "$VMF" "$WORK/E.map" "the .vmf has E's brushes"

point_at "$RTOP"
keys F9
sleep 1
relayout 18-history > /dev/null

check "the editor is still running" app_alive
finish
