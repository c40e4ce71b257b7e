#!/bin/bash
# panes-draw: an opened map is drawn in all four views. Each design view shows brush edges
# and entity boxes (pixels brighter than the grid and axes); the 3D view shows lit faces
# (pixels off its background, several flat grey levels). An empty map, the control, shows
# none of that, so the measures cannot pass on grid lines alone.
TEST=panes-draw
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

# Fractions of each view's area (the empty map measures ~0.0001 in the design views: the
# axes label, and 0 in the 3D view).
MIN_LINES_2D=0.002
MIN_FACES_3D=0.02
# Distinct grey levels (>= 10 pixels each) in the 3D view, per map: the sample map's room is
# one box seen from outside (three lit faces; the shaded view outlines only selected brushes,
# as Hammer's does); a real map shows many differently lit faces.
# Grey levels covering >= 0.3% of the 3D view each: differently lit faces.
MIN_SHADES=3

# measure IMAGE: sets L_TOP, L_FRONT, L_SIDE (lines_fraction), F_3D (off-background),
# G_3D (grey levels) and S_3D (shade levels). Needs the layout.
measure () {
  local img=$1 v
  for v in TOP FRONT SIDE; do
    local r=R$v
    crop "$img" "${!r}" "$GUI_TMP/$v.png"
    printf -v "L_$v" '%s' "$(lines_fraction "$GUI_TMP/$v.png")"
  done
  crop "$img" "$R3D" "$GUI_TMP/3d.png"
  F_3D=$(off_colour_fraction "$GUI_TMP/3d.png" "$BG_3D")
  G_3D=$(grey_levels "$GUI_TMP/3d.png" 10)
  S_3D=$(shade_levels "$GUI_TMP/3d.png" "$BG_3D" 0.003)
}

all_drawn () {
  gt "$L_TOP" $MIN_LINES_2D && gt "$L_FRONT" $MIN_LINES_2D && gt "$L_SIDE" $MIN_LINES_2D &&
    gt "$F_3D" $MIN_FACES_3D && [ "$G_3D" -ge $MIN_GREY_LEVELS ] && [ "$S_3D" -ge $MIN_SHADES ]
}

none_drawn () {
  lt "$L_TOP" $MIN_LINES_2D && lt "$L_FRONT" $MIN_LINES_2D && lt "$L_SIDE" $MIN_LINES_2D &&
    lt "$F_3D" $MIN_FACES_3D
}

# check_map STEP FILE
check_map () {
  local step=$1 file=$2 MIN_GREY_LEVELS=$3 name img
  name=$(basename "$file")
  diag "$name"
  start_app "$step" "$file" || { not_ok "$name: the editor shows a window"; return; }
  wait_loaded "$step" || { not_ok "$name: loads and draws the Top view"; stop_app; return; }
  check "$name: title is '$name – Quarry'" [ "$(title)" = "$name – Quarry" ]
  diag "panes: row handle at y=$LAYOUT_ROW, column handles at x=$LAYOUT_COL_UP (upper) and x=$LAYOUT_COL_LOW (lower)"

  # The views draw independently: wait until all four show the map, or time out.
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  while :; do
    img=$(shot "$step-views")
    measure "$img"
    all_drawn && break
    [ $SECONDS -ge $deadline ] && break
    sleep 0.5
  done
  check "$name: Top view draws the map (bright pixels $L_TOP > $MIN_LINES_2D)" gt "$L_TOP" $MIN_LINES_2D
  check "$name: Front view draws the map (bright pixels $L_FRONT > $MIN_LINES_2D)" gt "$L_FRONT" $MIN_LINES_2D
  check "$name: Side view draws the map (bright pixels $L_SIDE > $MIN_LINES_2D)" gt "$L_SIDE" $MIN_LINES_2D
  check "$name: 3D view draws the map (pixels off its background $F_3D > $MIN_FACES_3D)" gt "$F_3D" $MIN_FACES_3D
  check "$name: 3D view has $G_3D grey levels of >= 10 pixels (>= $MIN_GREY_LEVELS: differently lit faces)" [ "$G_3D" -ge $MIN_GREY_LEVELS ]
  check "$name: 3D view is shaded: $S_3D large flat grey levels (>= $MIN_SHADES)" [ "$S_3D" -ge $MIN_SHADES ]
  check "$name: the editor is still running" app_alive
  stop_app
}

# The control: an empty map.
diag "empty map (control)"
if start_app empty && wait_title 'Untitled – Quarry'; then
  deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  until layout "$(shot empty)" > /dev/null 2>&1 || [ $SECONDS -ge $deadline ]; do sleep 0.3; done
  sleep 1
  img=$(shot empty)
  if layout "$img"; then
    measure "$img"
    diag "empty map: bright $L_TOP $L_FRONT $L_SIDE, 3D off-background $F_3D, $G_3D grey levels"
    check "empty map: no view counts as drawn" none_drawn
  else
    not_ok "empty map: four panes"
  fi
else
  not_ok "empty map: the editor shows 'Untitled – Quarry'"
fi
stop_app

check_map sample "$SAMPLE_MAP" 3
if map=$(corpus_file valve220/NewDeralia.map); then
  check_map newderalia "$map" 9
fi

finish
