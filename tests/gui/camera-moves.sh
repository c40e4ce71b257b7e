#!/bin/bash
# camera-moves: holding W with the pointer over the 3D view moves the camera forward: the 3D
# picture changes, and the map (which the camera starts out looking at) grows. The design
# views and the document stay as they were.
TEST=camera-moves
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

start_app sample "$SAMPLE_MAP" || bail "the editor shows a window"
wait_loaded 1-loaded || bail "sample.map loads and draws"

# Only move over the 3D view: a click there would select.
point_at "$R3D"
wait_view_settled "$R3D" 2-before || bail "the 3D view holds still"
cp "$SETTLED_CROP" "$GUI_TMP/before-3d.png"
img=$QUARRY_GUI_ARTEFACTS/$TEST-2-before.png
crop "$img" "$RTOP" "$GUI_TMP/before-top.png"
faces_before=$(off_colour_fraction "$GUI_TMP/before-3d.png" "$BG_3D")

xdotool windowfocus "$WIN" 2> /dev/null
xdotool keydown w
sleep 0.5
xdotool keyup w

deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
while :; do
  wait_view_settled "$R3D" 3-after || break
  ae=$(differing_pixels "$GUI_TMP/before-3d.png" "$SETTLED_CROP")
  [ "$ae" != 0 ] && break
  [ $SECONDS -ge $deadline ] && break
  sleep 0.3
done
cp "$SETTLED_CROP" "$GUI_TMP/after-3d.png"
check "holding W for 0.5 s changes the 3D view ($ae pixels differ)" [ "$ae" != 0 ]
faces_after=$(off_colour_fraction "$GUI_TMP/after-3d.png" "$BG_3D")
check "the map grows in the 3D view (covers $faces_before, then $faces_after of it)" gt "$faces_after" "$faces_before"

crop "$QUARRY_GUI_ARTEFACTS/$TEST-3-after.png" "$RTOP" "$GUI_TMP/after-top.png"
top_ae=$(differing_pixels "$GUI_TMP/before-top.png" "$GUI_TMP/after-top.png")
check "the Top view is unchanged ($top_ae pixels differ)" [ "$top_ae" = 0 ]
check "the title is unchanged (moving the camera is no document change)" [ "$(title)" = "sample.map – Quarry" ]
check "the editor is still running" app_alive
finish
