#!/bin/bash
# pane-split: with default settings the dividers sit where the schema says (0.5 of the
# view area's width and height: pane-split-horizontal, pane-split-vertical), the two rows
# share one column split (their handles line up), and loading a map (small or large) leaves
# them where they were.
TEST=pane-split
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

# Where 0.5 puts the handles: GtkPaned's max-position is its size less the handle. The
# panes lie right of the tool bar (EXPECT_COL is set from the measured LAYOUT_LEFT).
EXPECT_ROW=$(( MENU_H + (SCREEN_H - MENU_H - STATUS_H - HANDLE + 1) / 2 ))
# Pixels of slack for rounding and chrome.
SLACK=3

near () { local d=$(($1 - $2)); [ ${d#-} -le $SLACK ]; }

# check_split STEP FILE…
check_split () {
  local step=$1 name img
  shift
  name=${1:+$(basename "$1")}
  name=${name:-empty map}
  start_app "$step" "$@" || { not_ok "$name: the editor shows a window"; return; }
  if [ $# -gt 0 ]; then
    wait_loaded "$step" || { not_ok "$name: loads and draws the Top view"; stop_app; return; }
  else
    local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
    until layout "$(shot "$step")" > /dev/null 2>&1 || [ $SECONDS -ge $deadline ]; do sleep 0.3; done
    sleep 1
  fi
  img=$(shot "$step")
  layout "$img" || { not_ok "$name: four panes"; stop_app; return; }
  EXPECT_COL=$(( LAYOUT_LEFT + (LAYOUT_RIGHT - LAYOUT_LEFT - HANDLE + 1) / 2 ))
  diag "$name: row handle at y=$LAYOUT_ROW, column handles at x=$LAYOUT_COL_UP (upper) and x=$LAYOUT_COL_LOW (lower); 0.5 puts them at y=$EXPECT_ROW and x=$EXPECT_COL (panes from x=$LAYOUT_LEFT to $LAYOUT_RIGHT)"
  check "$name: the rows' column handles line up" [ "$LAYOUT_COL_UP" = "$LAYOUT_COL_LOW" ]
  check "$name: the column split is at 0.5 of the width (x=$LAYOUT_COL_UP, expected $EXPECT_COL ±$SLACK)" \
    near "$LAYOUT_COL_UP" "$EXPECT_COL"
  check "$name: the row split is at 0.5 of the height (y=$LAYOUT_ROW, expected $EXPECT_ROW ±$SLACK)" \
    near "$LAYOUT_ROW" "$EXPECT_ROW"
  stop_app
}

check_split empty
check_split sample "$SAMPLE_MAP"
if map=$(corpus_file valve220/NewDeralia.map); then
  check_split newderalia "$map"
fi

finish
