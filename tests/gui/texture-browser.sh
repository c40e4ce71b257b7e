#!/bin/bash
# texture-browser: a map's own WAD textures, found, drawn and applied (issue 13). The map is
# a floor F = 0..256 x 0..256 x 0..16 and a wall W = 0..256 x 240..256 x 16..128, all faces
# "base", which LibreQuake's lq_medieval.wad (named by the worldspawn's `wad` key, an
# absolute path) does not hold:
#  1. the missing-textures bar lies over the foot of the 3D view; with no texture loaded the
#     view stays shaded: no WAD colours (browns) and no checkerboard (magenta: R = B, G small);
#  2. Shift+T opens the browser with its filter focused; "afloor1-" matches nothing (the minus
#     is text, not Zoom Out); typing "afloor1_4" instead (the pointer still,
#     where the panes meet) leaves exactly one thumbnail; with both brushes selected, a double-click on it gives every face that
#     texture in one step: a texture is loaded now, so the 3D view turns textured and shows
#     its browns, and Ctrl+S writes afloor1_4 on all 12 faces;
#  3. Ctrl+Z then Ctrl+S writes the file back byte for byte as it was, and the 3D view shows
#     the missing checkerboard where the browns were.
#  4. the thumbnail's right-click menu: Apply to Selection and Select Faces Using It.
TEST=texture-browser
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

WAD=$(corpus_file librequake/texture-wads/lq_medieval.wad) || finish

WORK=$GUI_TMP/work
mkdir -p "$WORK"
NAME=walls.map
MAP=$WORK/$NAME
make_map "$WORK/plain.map" "create block 0 0 0 256 256 16 --texture base" \
  "create block 0 240 16 256 256 128 --texture base" || bail "quarry-cli edit makes the test map"
sed "s|^\"classname\" \"worldspawn\"\$|&\n\"wad\" \"$WAD\"|" "$WORK/plain.map" > "$MAP"
grep -q '"wad"' "$MAP" || bail "the wad key is in the test map"
cp "$MAP" "$WORK/original.map"

# magenta_fraction IMAGE and wad_fraction IMAGE: the missing checkerboard's lit magenta, and
# the browns of afloor1_4 (R > G > B, R - B > 30), as fractions of IMAGE.
fractions () {
  read -r MAGENTA BROWN <<< "$("$CONVERT" "$1" -alpha off -depth 8 txt:- | awk '
    NR > 1 {
      split($2, c, /[(),]/)
      r = c[2] + 0; g = c[3] + 0; b = c[4] + 0
      n++
      if (r > 40 && (r - b) * (r - b) <= 100 && g <= 12) m++
      if (r > g && g > b && r - b > 30) w++
    }
    END { printf "%.4f %.4f\n", m / n, w / n }')"
}

view_3d_has () {
  crop "$1" "$R3D" "$GUI_TMP/3d.png"
  fractions "$GUI_TMP/3d.png"
  WHY="magenta $MAGENTA, brown $BROWN"
  case $2 in
    shaded) lt "$MAGENTA" 0.001 && lt "$BROWN" 0.01 ;;
    missing) gt "$MAGENTA" 0.05 && lt "$BROWN" 0.01 ;;
    textured) lt "$MAGENTA" 0.001 && gt "$BROWN" 0.2 ;;
  esac
}
shaded_drawn () { view_3d_has "$1" shaded; }
missing_drawn () { view_3d_has "$1" missing; }
textured_drawn () { view_3d_has "$1" textured; }



start_app app "$MAP" || bail "the editor opens $NAME"
wait_loaded 1-loaded || bail "it draws $NAME"
check "nothing loaded: the 3D view stays shaded" wait_shot 1-shaded shaded_drawn

# 2. select both brushes, open the browser, filter, double-click the one thumbnail.
point_at "$RTOP"
keys ctrl+a
# The pointer rests at the middle of the screen, on the panes' divider, as a hand leaves it:
# views changing around a still pointer must not take the keys from the filter being typed in
# (they did, after one key).
xdotool mousemove $((SCREEN_W / 2)) $((SCREEN_H / 2))
sleep 0.3
keys shift+t
# The browser takes the window's right side: the pane handles are found left of it.
LAYOUT_PROBE_X=$((LAYOUT_COL_UP + 20))
relayout 2-browser || bail "the views settle beside the browser"
# The browser is the panel right of the views; its grid starts under the filter and the
# options row. One texture left: the only thing drawn in the grid area is its cell.
grid_content () {
  local grid="$((SCREEN_W - LAYOUT_RIGHT - 20))x300+$((LAYOUT_RIGHT + 10))+$((MENU_H + 110))"
  crop "$1" "$grid" "$GUI_TMP/grid.png"
  # the trimmed box of what differs from the panel's background
  CELL=$("$CONVERT" "$GUI_TMP/grid.png" -fuzz 8% -trim -format '%wx%h%X%Y' info: 2> /dev/null)
  WHY="grid content $CELL"
}
# A minus typed in the filter is text, not the views' Zoom Out (the application's shortcuts
# took it before the entry): "afloor1-" matches no texture, where "afloor1" matches several.
no_cell () {
  grid_content "$1"
  # ImageMagick trims a plain image to one pixel outside it: "1x1-1-1"
  [[ $CELL == 1x1[-+]* ]]
}
xdotool type --delay 40 afloor1-
check "a minus typed in the filter stays there: afloor1- matches nothing" wait_shot 2-minus no_cell
xdotool key BackSpace
xdotool type --delay 40 _4
one_cell () {
  grid_content "$1"
  local w h x y
  IFS='x+' read -r w h x y <<< "$CELL"
  # one cell: one thumbnail (64 px) with its name and size under it, nothing to its right
  [ -n "$w" ] && [ "$w" -ge 60 ] && [ "$w" -le 110 ] && [ "$h" -ge 64 ] && [ "$h" -le 130 ] || return 1
  CELL_X=$((LAYOUT_RIGHT + 10 + x + w / 2))
  CELL_Y=$((MENU_H + 110 + y + 32))
}
check "typing afloor1_4 leaves one thumbnail in the browser" wait_shot 2-filtered one_cell
xdotool mousemove "$CELL_X" "$CELL_Y"
sleep 0.3
xdotool click --repeat 2 --delay 80 1
check "a double-click gives every selected face afloor1_4: the 3D view shows it" wait_shot 3-applied textured_drawn

stamp=$(file_stamp "$MAP")
keys ctrl+s
check "Ctrl+S writes the file" wait_file_written "$MAP" "$stamp"
faces=$(grep -c '^( ' "$MAP")
textured=$(grep -c '^( .* afloor1_4 ' "$MAP")
check "all $faces faces are afloor1_4 ($textured)" test "$faces" = 12 -a "$textured" = 12
check "the wad key is kept" grep -qF "\"wad\" \"$WAD\"" "$MAP"

# 3. one undo step takes it all back.
point_at "$RTOP"
keys ctrl+z
sleep 0.5
stamp=$(file_stamp "$MAP")
keys ctrl+s
check "Ctrl+S after Ctrl+Z writes the file" wait_file_written "$MAP" "$stamp"
same_file "$WORK/original.map" "one Ctrl+Z restores the map byte for byte"
# unselected, so that the checkerboard has its own colours, not the selection's tint
point_at "$RTOP"
keys Escape
check "undone, the faces are missing again in 3D" wait_shot 4-undone missing_drawn

# 4. the thumbnail's right-click menu: with the wall W alone selected (a click on its centre
# in the top view), Apply to Selection gives its 6 faces afloor1_4 and no other; with nothing
# selected, Select Faces Using It selects those 6 faces: W outlined in the face selection's
# yellow in the top view, the floor's far edge (y 0) not.
map_bounds "$MAP" && frame_map 5-framed || bail "the views frame the map"
click_world TOP "128 248 0"
xdotool mousemove "$CELL_X" "$CELL_Y"
sleep 0.3
xdotool click 3
sleep 0.5
shot 5-menu > /dev/null
# The menu opens below the pointer, its two items about 30 px apart.
click_px $((CELL_X + 75)) $((CELL_Y + 21))
sleep 0.5
stamp=$(file_stamp "$MAP")
point_at "$RTOP"
keys ctrl+s
check "Ctrl+S writes the file" wait_file_written "$MAP" "$stamp"
textured=$(grep -c '^( .* afloor1_4 ' "$MAP")
check "Apply to Selection from the menu: the wall's 6 faces are afloor1_4 ($textured)" test "$textured" = 6
keys Escape
xdotool mousemove "$CELL_X" "$CELL_Y"
sleep 0.3
xdotool click 3
sleep 0.5
click_px $((CELL_X + 75)) $((CELL_Y + 51))
yellow_at () { colour_at_points "$1" TOP '#FFE020' "$2"; }
wall_faces () { yellow_at "$1" "128 240 0" && no_colour_at_points "$1" TOP '#FFE020' "128 0 0"; }
check "Select Faces Using It: the wall's faces are selected, the floor's not" wait_shot 6-faces wall_faces
finish
