#!/bin/bash
# textures: the 3D view draws the document's textures (issue 13, "Drawing"), filled by
# QUARRY_DEBUG_TEXTURES until the loaders land. Pixels are classified in the 3D view:
#  - "vivid": saturation above 80% — the debug patterns' hues; the shaded style's faces
#    (greys, pale blue, amber, a red tint for the selection) never come near;
#  - "magenta": R = B (±8), G ≤ 8, R > 60 — the checkerboard of missing textures, lit;
#  - "grey": R = G = B between 40 and 140 — a texture not decoded yet (128, lit); the
#    background (2A2E33) and the checkerboard's black are neither.
# 1. e1m3 of LibreQuake with every texture a checker pattern: the view opens textured
#    (a texture is loaded and the user chose no style) and is mostly vivid; without the
#    variable (the control) it draws its own WADs' textures, none of them vivid.
# 2. A wall of a `{` texture (alpha-tested: its second colour is see-through) fills the view
#    in front of two walls, one missing (magenta checkerboard) and one pending (grey): both
#    show through the holes. Textures missing or pending only (no texture loaded) leave the
#    style shaded: no magenta. Once the user picks a style (View > 3D Shaded), it stands:
#    the map opened again in a second window stays shaded though its textures load.
TEST=textures
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

# classify IMAGE: sets VIVID, MAGENTA and GREY to fractions of IMAGE's pixels.
classify () {
  read -r VIVID MAGENTA GREY <<< "$("$CONVERT" "$1" -alpha off -depth 8 txt:- | awk '
    NR > 1 {
      split($2, c, /[(),]/)
      r = c[2] + 0; g = c[3] + 0; b = c[4] + 0
      hi = r > g ? r : g; hi = b > hi ? b : hi
      lo = r < g ? r : g; lo = b < lo ? b : lo
      n++
      if (hi > 60 && hi - lo > 0.8 * hi) v++
      if (r > 60 && (r - b) * (r - b) <= 64 && g <= 8) m++
      if (r == g && g == b && r >= 40 && r <= 140) k++
    }
    END { printf "%.4f %.4f %.4f\n", v / n, m / n, k / n }')"
}

# shaded_now IMAGE: the 3D view of IMAGE has nothing vivid and is filled with faces, so a
# wireframe (nothing vivid either) does not pass (for wait_shot).
shaded_now () {
  crop "$1" "$R3D" "$GUI_TMP/chosen.png"
  classify "$GUI_TMP/chosen.png"
  FACES=$(off_colour_fraction "$GUI_TMP/chosen.png" "$BG_3D")
  WHY="vivid $VIVID, off the background $FACES"
  lt "$VIVID" 0.002 && gt "$FACES" 0.5
}

# View > 3D Shaded from the keyboard: the menu opens on its first item and Up wraps to its
# last, Texture Folders…, then Textures, Problems, History, Entities, Face Normals,
# 3D Textured, 3D Wireframe, 3D Shaded.
VIEW_3D_SHADED="Up Up Up Up Up Up Up Up Up Return"

# view_3d STEP: waits for the map to draw, keeps its 3D view as STEP-3d.png and classifies it.
view_3d () {
  wait_loaded "$1" || return 1
  wait_view_settled "$R3D" "$1-3d" || return 1
  cp "$SETTLED_CROP" "$GUI_TMP/$1-3d.png"
  classify "$GUI_TMP/$1-3d.png"
  diag "$1: vivid $VIVID, magenta $MAGENTA, grey $GREY"
}

# 1. A corpus map.
if e1m3=$(corpus_file librequake/lq1/maps/src/e1/e1m3.map); then
  export QUARRY_DEBUG_TEXTURES=checker
  start_app checker "$e1m3" || bail "the editor opens e1m3 with checker textures"
  unset QUARRY_DEBUG_TEXTURES
  if view_3d checker; then
    check "e1m3 textured: most of the 3D view is vivid ($VIVID > 0.5)" gt "$VIVID" 0.5
    check "e1m3 textured: no texture is drawn as missing ($MAGENTA < 0.001)" lt "$MAGENTA" 0.001
  else
    not_ok "e1m3 with checker textures draws"
  fi
  stop_app

  # e1m3 with its own WADs' textures (the loaders find them through its `wad` key): the
  # textures' detail gives the 3D view thousands of colours; View > 3D Shaded leaves the
  # flat faces' few shades.
  start_app shaded "$e1m3" || bail "the editor opens e1m3"
  if view_3d shaded; then
    check "e1m3 with its own textures: nothing vivid ($VIVID < 0.002)" lt "$VIVID" 0.002
    FACES=$(off_colour_fraction "$GUI_TMP/shaded-3d.png" "$BG_3D")
    check "e1m3 with its own textures: faces are drawn ($FACES of the view off the background > 0.5)" gt "$FACES" 0.5
    # colours_3d IMAGE: sets COLOURS to the number of distinct colours in its 3D view.
    colours_3d () {
      crop "$1" "$R3D" "$GUI_TMP/colours.png"
      COLOURS=$("$CONVERT" "$GUI_TMP/colours.png" -format %k info:)
      WHY="$COLOURS colours"
    }
    textured_colours () { colours_3d "$1"; [ "$COLOURS" -gt 3000 ]; }
    flat_colours () { colours_3d "$1"; [ "$COLOURS" -lt 400 ]; }
    check "e1m3's own textures are drawn: the 3D view has over 3000 colours" wait_shot own-textured textured_colours
    point_at "$RTOP"
    keys alt+v
    sleep 0.7
    # shellcheck disable=SC2086  # the keys are words
    xdotool key --delay 150 $VIEW_3D_SHADED
    check "the same view shaded has few colours: the texture pixels were the textures'" wait_shot own-shaded flat_colours
  else
    not_ok "e1m3 draws with its own textures"
  fi
  stop_app
fi

# 2. A fence in front of a missing and a pending wall; the camera stands 64 units before
# the fence, which fills the view but for the floor.
WORK=$GUI_TMP/work
mkdir -p "$WORK"
MAP=$WORK/fence.map
# Texture order (mixed: checker, missing, pending in turn): floor, ghost, wait, {fence.
make_map "$MAP" "create block -512 -512 -16 1024 1024 0 --texture floor" \
  "create block -512 384 0 256 400 512 --texture ghost" "create block 256 384 0 1024 400 512 --texture wait" \
  "create block -512 128 0 1024 144 512 --texture {fence" || bail "quarry-cli edit makes the fence map"
printf '{\n"classname" "info_player_start"\n"origin" "256 64 24"\n"angle" "90"\n}\n' >> "$MAP"

export QUARRY_DEBUG_TEXTURES=mixed
start_app fence "$MAP" || bail "the editor opens the fence map"
unset QUARRY_DEBUG_TEXTURES
if view_3d fence; then
  check "the missing wall shows through the fence's holes ($MAGENTA > 0.05)" gt "$MAGENTA" 0.05
  check "the pending wall shows through the fence's holes ($GREY > 0.05)" gt "$GREY" 0.05
  check "the fence and floor patterns are drawn ($VIVID > 0.2)" gt "$VIVID" 0.2

  # View > 3D Shaded: the user's choice.
  point_at "$RTOP"
  keys alt+v
  sleep 0.7
  # shellcheck disable=SC2086  # the keys are words
  xdotool key --delay 150 $VIEW_3D_SHADED
  check "View > 3D Shaded draws the fence map shaded" wait_shot 3-chosen shaded_now

  # The map again, in a second window (Open never reuses a window with a file): its
  # textures load, but the choice stands.
  keys ctrl+o
  if dlg=$(wait_window "Open Map"); then
    sleep 0.5
    window_keys "$dlg" ctrl+l
    sleep 0.3
    xdotool type --delay 20 "$MAP"
    sleep 0.5
    xdotool key Return
    wait_window_gone "$dlg"
    deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
    until [ "$(xdotool search --name ' – Quarry$' 2> /dev/null | wc -l)" -ge 2 ] || [ $SECONDS -ge $deadline ]; do
      sleep 0.2
    done
    check "Open shows the map in a second window" [ "$(xdotool search --name ' – Quarry$' | wc -l)" -ge 2 ]
    # The new window maps over the first, at the same place and size.
    sleep 1
    if wait_view_settled "$R3D" 4-reopened; then
      classify "$SETTLED_CROP"
      FACES=$(off_colour_fraction "$SETTLED_CROP" "$BG_3D")
      diag "reopened: vivid $VIVID, off the background $FACES"
      check "the second window draws the map ($FACES off the background > 0.5)" gt "$FACES" 0.5
      check "the chosen style stands though textures loaded (vivid $VIVID < 0.002)" lt "$VIVID" 0.002
    else
      not_ok "the second window settles"
    fi
  else
    not_ok "Ctrl+O shows the chooser"
  fi
else
  not_ok "the fence map draws"
fi
stop_app

export QUARRY_DEBUG_TEXTURES=missing
start_app missing "$MAP" || bail "the editor opens the fence map with missing textures"
unset QUARRY_DEBUG_TEXTURES
if view_3d missing; then
  check "no texture loaded: the style stays shaded (no magenta: $MAGENTA < 0.001)" lt "$MAGENTA" 0.001
  FACES=$(off_colour_fraction "$GUI_TMP/missing-3d.png" "$BG_3D")
  check "no texture loaded: the fence is drawn shaded ($FACES of the view off the background > 0.5)" gt "$FACES" 0.5
else
  not_ok "the fence map draws with missing textures"
fi
finish
