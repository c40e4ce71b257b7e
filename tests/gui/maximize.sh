#!/bin/bash
# maximize: Ctrl+Shift+M over the Top view makes it fill everything between the menu bar and
# the status bar (no pane handles, no 3D background left, the map still drawn), and again
# brings the four panes back as they were. The maximise button in a pane's header does the
# same for the Front view.
TEST=maximize
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

MIN_LINES_2D=0.002

# header_title IMAGE X Y OUT: the left part of a pane header (its title) at X,Y.
header_title () { crop "$1" "200x$((HEADER_H - 1))+$2+$3" "$4"; }

# is_maximized IMAGE: one 2D view over the whole area: no pane handles, the header's title
# is $EXPECT_TITLE's, nowhere the 3D view's background, the former 3D area now the 2D
# background, and the map drawn.
is_maximized () {
  local img=$1
  layout "$img" > /dev/null 2>&1 && { WHY="the pane handles are still there"; return 1; }
  header_title "$img" "$LAYOUT_LEFT" "$MENU_H" "$GUI_TMP/title.png"
  local t
  t=$(differing_pixels "$EXPECT_TITLE" "$GUI_TMP/title.png")
  [ "$t" = 0 ] || { WHY="the header's title is not the expected pane's ($t pixels differ)"; return 1; }
  crop "$img" "$RFULL" "$GUI_TMP/full.png"
  crop "$img" "$R3D_BEFORE" "$GUI_TMP/old3d.png"
  local off3d bg2d lines
  off3d=$(off_colour_fraction "$GUI_TMP/full.png" "$BG_3D" 1%)
  bg2d=$(off_colour_fraction "$GUI_TMP/old3d.png" "$BG_2D" 1%)
  lines=$(lines_fraction "$GUI_TMP/full.png")
  WHY="3D background in $(awk -v f="$off3d" 'BEGIN { print 1 - f }') of the area, 2D background in $(awk -v f="$bg2d" 'BEGIN { print 1 - f }') of the former 3D area, bright pixels $lines"
  gt "$off3d" 0.999 && lt "$bg2d" 0.5 && gt "$lines" $MIN_LINES_2D
}

# restored IMAGE: the same four panes as before maximising, with the same pictures.
restored () {
  local img=$1 v r b
  layout "$img" > /dev/null 2>&1 || { WHY="no four panes"; return 1; }
  if [ "$LAYOUT_ROW $LAYOUT_COL_UP $LAYOUT_COL_LOW" != "$LAYOUT_BEFORE" ]; then
    WHY="handles at $LAYOUT_ROW $LAYOUT_COL_UP $LAYOUT_COL_LOW, before at $LAYOUT_BEFORE"
    return 1
  fi
  WHY=
  for v in 3D TOP FRONT SIDE; do
    r=R$v
    crop "$img" "${!r}" "$GUI_TMP/after-$v.png"
    b=$(differing_pixels "$GUI_TMP/before-$v.png" "$GUI_TMP/after-$v.png")
    [ "$b" = 0 ] || WHY="$WHY $v view: $b pixels differ;"
  done
  [ -z "$WHY" ]
}

# wait_for PREDICATE STEP: polls screenshots until PREDICATE IMAGE holds.
wait_for () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) img
  while :; do
    img=$(shot "$2")
    "$1" "$img" && return 0
    [ $SECONDS -ge $deadline ] && { diag "$2: $WHY ($img)"; return 1; }
    sleep 0.3
  done
}

start_app sample "$SAMPLE_MAP" || bail "the editor shows a window"
wait_loaded 1-loaded || bail "sample.map loads and draws"
LAYOUT_BEFORE="$LAYOUT_ROW $LAYOUT_COL_UP $LAYOUT_COL_LOW"
R3D_BEFORE=$R3D
RFRONT_BEFORE=$RFRONT
img=$QUARRY_GUI_ARTEFACTS/$TEST-1-loaded.png
for v in 3D TOP FRONT SIDE; do r=R$v; crop "$img" "${!r}" "$GUI_TMP/before-$v.png"; done
header_title "$img" $((LAYOUT_COL_UP + HANDLE)) "$MENU_H" "$GUI_TMP/title-top.png"
header_title "$img" "$LAYOUT_LEFT" $((LAYOUT_ROW + HANDLE)) "$GUI_TMP/title-front.png"

# Ctrl+Shift+M over the Top view.
point_at "$RTOP"
keys ctrl+shift+m
EXPECT_TITLE=$GUI_TMP/title-top.png
check "Ctrl+Shift+M over the Top view maximises it" wait_for is_maximized 2-maximized
check "the title is unchanged (no document change)" [ "$(title)" = "sample.map – Quarry" ]
keys ctrl+shift+m
check "Ctrl+Shift+M again restores the four panes as they were" wait_for restored 3-restored

# The maximise button at the right end of the Front pane's header.
IFS='x+' read -r w h x y <<< "$RFRONT_BEFORE"
button_x=$((x + w - INSET - 13))
button_y=$((y - INSET - HEADER_H / 2 - 1))
xdotool mousemove "$button_x" "$button_y" click 1
EXPECT_TITLE=$GUI_TMP/title-front.png
check "the Front pane's maximise button maximises it" wait_for is_maximized 4-button-maximized
# The button stays at the right end of the (now full-width) header.
xdotool mousemove $((SCREEN_W - INSET - 13)) $((MENU_H + HEADER_H / 2)) click 1
check "its button again restores the four panes as they were" wait_for restored 5-button-restored

check "the editor is still running" app_alive
finish
