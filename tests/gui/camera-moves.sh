#!/bin/bash
# camera-moves: holding W with the pointer over the 3D view moves the camera forward: the 3D
# picture changes, and the map (which the camera looks at once View ▸ Zoom to Map framed it;
# sample.map opens at its player start, inside the room) grows. The design views show
# nothing new but the camera's marker, which moved forward, and the document stays as it was.
TEST=camera-moves
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

start_app sample "$SAMPLE_MAP" || bail "the editor shows a window"
wait_loaded 1-loaded || bail "sample.map loads and draws"
# Frame the map in all four views: the camera outside it, looking at it.
point_at "$RTOP"
keys ctrl+shift+e

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
# The camera's marker (CAMERA_MARKER) in either picture is left out of the comparison.
marker_mask () {
  "$CONVERT" "$1" -alpha off -fuzz 10% -fill white -opaque "$CAMERA_MARKER" -fill black +opaque white "$2"
}
marker_mask "$GUI_TMP/before-top.png" "$GUI_TMP/mask-before.png"
marker_mask "$GUI_TMP/after-top.png" "$GUI_TMP/mask-after.png"
"$CONVERT" "$GUI_TMP/mask-before.png" "$GUI_TMP/mask-after.png" -compose lighten -composite -negate "$GUI_TMP/keep.png"
for p in before after; do
  "$CONVERT" "$GUI_TMP/$p-top.png" "$GUI_TMP/keep.png" -compose multiply -composite "$GUI_TMP/$p-top-kept.png"
done
top_ae=$(differing_pixels "$GUI_TMP/before-top-kept.png" "$GUI_TMP/after-top-kept.png")
marker_ae=$(differing_pixels "$GUI_TMP/mask-before.png" "$GUI_TMP/mask-after.png")
check "the Top view is unchanged but for the camera's marker ($top_ae pixels differ elsewhere)" [ "$top_ae" = 0 ]
check "the camera's marker moved in the Top view ($marker_ae pixels of it differ)" [ "$marker_ae" != 0 ]
check "the title is unchanged (moving the camera is no document change)" [ "$(title)" = "sample.map – Quarry" ]
check "the editor is still running" app_alive
finish
