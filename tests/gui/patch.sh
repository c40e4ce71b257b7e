#!/bin/bash
# patch: a Quake 3 patch is drawn, picked and deleted like a brush. The map: a floor slab
# (-128..128² x -16..0), a pillar in a corner (up to z 96, so that framing the brushes shows
# the whole arch) and an arch patch (5 x 3 control points: a half cylinder of radius 64 over
# x -64..64, along y -64..64, its top at z 64):
#  - the Front view draws the arch's curve: edges at its top (0, 0, 64) and on the curve at
#    the middle of each quarter span (±48, 0, 48: a quadratic Bézier arc, not a circle), where
#    no brush has an edge;
#  - a click on its top in the Front view selects it (red there; the floor stays white);
#  - Delete removes it: "*", the 3D view loses its pixels (thousands of them: the patch was
#    drawn in 3D), the Front view its edges;
#  - Undo brings it back; Escape clears the selection; a click in the 3D view on one of the
#    pixels it had selects it again (red in the Front view); Delete, Ctrl+S: the file holds
#    the brushes and no patch, and is what quarry-cli makes of the map without the patch.
TEST=patch
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=arch.map
MAP=$WORK/$NAME

face () { echo "( $1 ) ( $2 ) ( $3 ) floor 0 0 0 0.5 0.5 0 0 0"; }
# box X0 Y0 Z0 X1 Y1 Z1: a brush in the Quake 3 legacy form.
box () {
  echo "{"
  face "$1 $2 $3" "$1 $(($2 + 1)) $3" "$1 $2 $(($3 + 1))"
  face "$1 $2 $3" "$1 $2 $(($3 + 1))" "$(($1 + 1)) $2 $3"
  face "$1 $2 $3" "$(($1 + 1)) $2 $3" "$1 $(($2 + 1)) $3"
  face "$4 $5 $6" "$4 $(($5 + 1)) $6" "$(($4 + 1)) $5 $6"
  face "$4 $5 $6" "$(($4 + 1)) $5 $6" "$4 $5 $(($6 + 1))"
  face "$4 $5 $6" "$4 $5 $(($6 + 1))" "$4 $(($5 + 1)) $6"
  echo "}"
}
row () { echo "( ( $1 -64 $2 $3 0 ) ( $1 0 $2 $3 0.5 ) ( $1 64 $2 $3 1 ) )"; }
{
  printf '{\n"classname" "worldspawn"\n'
  box -128 -128 -16 128 128 0
  box 112 112 0 128 128 96
  printf '{\npatchDef2\n{\ntextures/arch\n( 5 3 0 0 0 )\n(\n'
  row -64 0 0; row -64 64 0.25; row 0 64 0.5; row 64 64 0.75; row 64 0 1
  printf ')\n}\n}\n}\n'
} > "$MAP"
cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-$NAME"
# What the file must be once the patch is gone: the same map without it, as quarry-cli saves.
sed '/^{$/{N;/patchDef2/{:a;N;/\n}\n}$/!ba;d}}' "$MAP" > "$WORK/no-patch.map"
grep -q patchDef2 "$WORK/no-patch.map" && bail "the map without the patch is made"
"$QUARRY_CLI" convert "$WORK/no-patch.map" "$WORK/expected.map" || bail "quarry-cli convert"

ARCH="0 0 64"
ARCH45="-48 0 48"
arch_drawn () { edges_at "$1" FRONT "$ARCH" "$ARCH45" "48 0 48" > /dev/null; }
arch_gone () { ! bright_at "$1" FRONT "$ARCH" && ! bright_at "$1" FRONT "$ARCH45"; }
# bright_at IMAGE VIEW "X Y Z": a bright pixel within a pixel of the point.
bright_at () {
  local s
  # shellcheck disable=SC2086
  s=$(screen_xy "$2" $3) || return 1
  # shellcheck disable=SC2086
  [ "$(bright_near "$1" $s)" -gt 0 ]
}
arch_selected () {
  colour_at_points "$1" FRONT "$SELECTED" "$ARCH" "$ARCH45" &&
    no_colour_at_points "$1" FRONT "$SELECTED" "-128 0 -16" "128 0 -16" "112 0 96"
}
nothing_selected () { no_colour_at_points "$1" FRONT "$SELECTED" "$ARCH" "$ARCH45"; }

open_map app "$MAP" || bail "the editor opens $NAME, draws it and frames it"
check "the Front view draws the floor and the pillar where expected" \
  wait_edges app-framed FRONT "-128 0 -16" "128 0 0" "112 0 96"
check "the Front view draws the arch's curve (top and 45° points)" wait_shot 1-drawn arch_drawn
[ "$_failed" = 0 ] || bail "the views' geometry is known (no point in driving the tools blind)"
wait_view_settled "$R3D" 1-3d > /dev/null || bail "the 3D view settles"
cp "$SETTLED_CROP" "$GUI_TMP/3d-with.png"

click_world FRONT "$ARCH"
check "a click on the arch's top in the Front view selects it (and nothing else)" wait_shot 2-selected arch_selected
check "selecting changes nothing (no '*')" [ "$(title)" = "$NAME – Quarry" ]

point_at "$RFRONT"
keys Delete
check "Delete deletes it: '*'" wait_title "*$NAME – Quarry"
check "the Front view no longer draws the arch" wait_shot 3-deleted arch_gone
wait_view_settled "$R3D" 3-3d > /dev/null || bail "the 3D view settles"
cp "$SETTLED_CROP" "$GUI_TMP/3d-without.png"
"$CONVERT" "$GUI_TMP/3d-with.png" "$GUI_TMP/3d-without.png" -compose difference -composite \
  -colorspace Gray -threshold 2% "$GUI_TMP/3d-mask.png"
ARCH_PIXELS=$("$CONVERT" "$GUI_TMP/3d-mask.png" -format '%[fx:int(mean*w*h+0.5)]' info:)
cp "$GUI_TMP/3d-mask.png" "$QUARRY_GUI_ARTEFACTS/$TEST-3d-mask.png"
check "the 3D view drew the arch: $ARCH_PIXELS pixels went with it (more than 2000)" [ "$ARCH_PIXELS" -gt 2000 ]

keys ctrl+z
check "Undo brings the arch back" wait_shot 4-undone arch_drawn
check "Undo leaves the map as saved (no '*')" wait_title "$NAME – Quarry"
point_at "$RFRONT"
keys Escape
check "Escape clears the selection" wait_shot 4-cleared nothing_selected

# A pixel in the middle of those the arch covered in the 3D view: the median of the mask's
# white pixels in scan order, shifted into screen coordinates.
IFS='x+' read -r _ _ X3D Y3D <<< "$R3D"
read -r PX PY <<< "$("$CONVERT" "$GUI_TMP/3d-mask.png" txt:- | awk -F'[,: ]+' '/#FFFFFF/ { x[n] = $1; y[n] = $2; n++ }
  END { if (n) print x[int(n / 2)], y[int(n / 2)] }')"
[ -n "${PX:-}" ] || bail "the 3D mask has a pixel of the arch"
diag "clicking the 3D view at $((X3D + PX)),$((Y3D + PY)), a pixel of the arch"
click_px $((X3D + PX)) $((Y3D + PY))
check "a click on the arch in the 3D view selects it" wait_shot 5-picked-3d arch_selected

keys Delete
check "Delete deletes it again: '*'" wait_title "*$NAME – Quarry"
check "Ctrl+S saves in place" save_now "$MAP" "$NAME"
check "the saved file has no patch" bash -c "! grep -q patchDef2 '$MAP'"
same_file "$WORK/expected.map" "the file equals the map without the patch, as quarry-cli writes it" no-patch

check "the editor is still running" app_alive
finish
