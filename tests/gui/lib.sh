# shellcheck shell=bash disable=SC2034  # (variables are used by the sourcing scripts)
# Shared helpers for the GUI tests: sourced by each tests/gui/*.sh after it sets TEST.
#
# Each test runs the real editor under its own Xvfb server (1280x800x24, no window manager),
# drives it with xdotool and checks screenshots with ImageMagick. Every screenshot is kept
# in $QUARRY_GUI_ARTEFACTS as <test>-<step>.png, the editor's output as <test>-<step>-app.log.
#
# Environment (meson sets all of these; run by hand, the defaults assume <source>/build):
#   QUARRY_APP             the editor binary
#   QUARRY_CLI             quarry-cli
#   GSETTINGS_SCHEMA_DIR   the build folder's data/ (gschemas.compiled)
#   QUARRY_SOURCE_ROOT     the source tree (for data/maps/sample.map)
#   QUARRY_GUI_ARTEFACTS   where screenshots go
#   QUARRY_CORPUS          the corpus, else QUARRY_CORPUS_DEFAULT, else <source>/../shared/corpus
#   QUARRY_REQUIRE_CORPUS  set to 1: a missing corpus fails instead of skipping
#   QUARRY_GUI_TIMEOUT     seconds to wait for the window / for a change (default 20)
#   QUARRY_PYTHON          Python 3, for mapgeom.py (default python3)
#
# Exit status: 0 pass, 1 fail, 77 skip. Output: TAP-style lines, one per check.

set -u

: "${TEST:?set TEST before sourcing lib.sh}"

GUI_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${QUARRY_SOURCE_ROOT:=$(cd "$GUI_LIB_DIR/../.." && pwd)}"
: "${QUARRY_APP:=$QUARRY_SOURCE_ROOT/build/src/app/quarry}"
: "${QUARRY_CLI:=$QUARRY_SOURCE_ROOT/build/src/cli/quarry-cli}"
: "${GSETTINGS_SCHEMA_DIR:=$QUARRY_SOURCE_ROOT/build/data}"
: "${QUARRY_GUI_ARTEFACTS:=$QUARRY_SOURCE_ROOT/build/tests/gui/artefacts}"
: "${QUARRY_GUI_TIMEOUT:=20}"
# No autosaves unless a test asks for them (crash-recovery.sh): a test that stops the editor
# with a signal and starts it again in the same home would meet the recovery dialog.
: "${QUARRY_AUTOSAVE_SECONDS:=0}"
export GSETTINGS_SCHEMA_DIR QUARRY_AUTOSAVE_SECONDS

SAMPLE_MAP=$QUARRY_SOURCE_ROOT/data/maps/sample.map

# Screen and window size; the window sits at 0,0 (no window manager), so screen
# coordinates are window coordinates.
SCREEN_W=1280
SCREEN_H=800
# Chrome measured on the default theme: menu bar, pane header (with its bottom border),
# status bar, and the pane handles (wide-handle: 5 px).
MENU_H=24
HEADER_H=25
STATUS_H=18
HANDLE=5
# View crops stay this far inside the measured edges.
INSET=4

# Colours of the views' backgrounds.
BG_2D='#1D1E20'
BG_3D='#2A2E33'

# ---- TAP-style reporting ----

_checks=0
_failed=0

ok () { _checks=$((_checks + 1)); echo "ok $_checks - $*"; }
not_ok () {
  _checks=$((_checks + 1))
  _failed=$((_failed + 1))
  echo "not ok $_checks - $*"
  _input_trail
}
# After a failed check: the last click the test made and the last presses the editor
# received (its Quarry-Input log), to tell a click lost on the way from one gone astray.
_input_trail () {
  [ -n "${_last_click:-}" ] && diag "the test's last click: $_last_click"
  [ -n "${APP_LOG:-}" ] && [ -e "$APP_LOG" ] || return 0
  grep -a 'Quarry-Input-DEBUG' "$APP_LOG" | tail -n 4 | sed 's/^/#   /'
}
diag () { echo "# $*"; }

# check DESCRIPTION COMMAND…: runs the command, reports it.
check () {
  local what=$1
  shift
  if "$@"; then ok "$what"; else not_ok "$what"; fi
}

skip_all () { echo "1..0 # SKIP $*"; exit 77; }

# Stops the test now (the EXIT trap cleans up).
bail () { not_ok "$*"; finish; }

finish () {
  # The editor's log is checked when it stops: stop it before the plan is counted.
  stop_app
  echo "1..$_checks"
  [ -e "${GUI_TMP:-/nonexistent}/corpus-failed" ] && _failed=$((_failed + 1))
  if [ "$_failed" -gt 0 ]; then
    diag "$_failed check(s) failed; screenshots in $QUARRY_GUI_ARTEFACTS/$TEST-*.png"
    exit 1
  fi
  if [ -e "${GUI_TMP:-/nonexistent}/corpus-skipped" ]; then
    diag "the checks on corpus maps were skipped"
    exit 77
  fi
  exit 0
}

# ---- prerequisites and Xvfb ----

for tool in xvfb-run xdotool import convert compare identify; do
  command -v "$tool" > /dev/null || skip_all "$tool is not installed (GUI tests need xvfb-run, xdotool and ImageMagick)"
done
# Debian's ImageMagick 6 also installs its tools under versioned names; use those when
# present, so that a wrapper earlier in PATH does not add its start-up to every call.
CONVERT=$(command -v convert-im6.q16 || command -v convert)
COMPARE=$(command -v compare-im6.q16 || command -v compare)
IDENTIFY=$(command -v identify-im6.q16 || command -v identify)
IMPORT=$(command -v import-im6.q16 || command -v import)
[ -x "$QUARRY_APP" ] || bail "the editor is not built: $QUARRY_APP"
[ -x "$QUARRY_CLI" ] || bail "quarry-cli is not built: $QUARRY_CLI"
[ -f "$GSETTINGS_SCHEMA_DIR/gschemas.compiled" ] || bail "no compiled schema in $GSETTINGS_SCHEMA_DIR"

# Re-runs the calling script under a private Xvfb server; returns only inside it.
if [ -z "${QUARRY_GUI_IN_XVFB:-}" ]; then
  export QUARRY_GUI_IN_XVFB=1
  exec xvfb-run -a -s "-screen 0 ${SCREEN_W}x${SCREEN_H}x24 -nolisten tcp" bash "$0" "$@"
fi

mkdir -p "$QUARRY_GUI_ARTEFACTS"
rm -f "$QUARRY_GUI_ARTEFACTS/$TEST"-*
GUI_TMP=$(mktemp -d "${TMPDIR:-/tmp}/quarry-gui-$TEST.XXXXXX")

APP_PID=
APP_LOG=
WIN=

# GLib's log lines for warnings and worse ("(quarry:PID): Gtk-WARNING **: …", "… CRITICAL
# **: …", "Pango-WARNING", g_error's "ERROR **") and failed g_assert()s ("ERROR:file:line:…").
APP_LOG_BAD='(WARNING|CRITICAL|ERROR) \*\*:|^ERROR:|^Bail out!'

# check_app_log: one check that the editor printed no GLib or GTK warning, critical or error
# into its log ($APP_LOG); on failure it names the first such lines. A warning means the
# editor misused an API or showed bad text: it is a bug even when the screen looks right.
check_app_log () {
  local name bad
  name=$(basename "$APP_LOG")
  bad=$(grep -nE "$APP_LOG_BAD" "$APP_LOG" 2> /dev/null)
  if [ -z "$bad" ]; then
    ok "$name: no GLib/GTK warnings or criticals"
    return 0
  fi
  not_ok "$name: $(wc -l <<< "$bad") GLib/GTK warning(s) or critical(s), the first: $(head -1 <<< "$bad")"
  head -5 <<< "$bad" | sed 's/^/#   /'
  return 1
}

# stop_app: ends the editor (if it still runs) and checks its log (check_app_log).
stop_app () {
  [ -n "$APP_PID" ] || return 0
  if kill -0 "$APP_PID" 2> /dev/null; then
    kill "$APP_PID" 2> /dev/null
    local i
    for i in $(seq 1 20); do
      kill -0 "$APP_PID" 2> /dev/null || break
      sleep 0.1
    done
    kill -9 "$APP_PID" 2> /dev/null
  fi
  wait "$APP_PID" 2> /dev/null
  APP_PID=
  WIN=
  check_app_log
}

_cleanup () {
  stop_app
  rm -rf "$GUI_TMP"
}
trap _cleanup EXIT
trap 'exit 1' INT TERM HUP

# ---- corpus ----

corpus_dir () {
  if [ -n "${QUARRY_CORPUS:-}" ]; then
    echo "$QUARRY_CORPUS"
  elif [ -n "${QUARRY_CORPUS_DEFAULT:-}" ]; then
    echo "$QUARRY_CORPUS_DEFAULT"
  else
    echo "$QUARRY_SOURCE_ROOT/../shared/corpus"
  fi
}

# corpus_file RELATIVE: prints the path of a corpus file. When it is missing, reports the
# part of the test that needs it as skipped (or failed, with QUARRY_REQUIRE_CORPUS set) and
# returns 1; the test then ends with status 77 unless another check failed.
corpus_file () {
  local path
  path=$(corpus_dir)/$1
  if [ -f "$path" ]; then
    echo "$path"
    return 0
  fi
  if [ -n "${QUARRY_REQUIRE_CORPUS:-}" ]; then
    echo "not ok - $path is missing and QUARRY_REQUIRE_CORPUS is set" >&2
    touch "$GUI_TMP/corpus-failed"
  else
    echo "ok - # SKIP $path not found: set QUARRY_CORPUS or -Dcorpus_dir (tests of real maps skipped)" >&2
    touch "$GUI_TMP/corpus-skipped"
  fi
  return 1
}

# ---- the editor ----

# start_app STEP [FILE…]: starts the editor with a private home and memory settings, waits
# for its window ("… – Quarry") and sets WIN. Output goes to <test>-STEP-app.log.
# APP_HOME names a home that several starts share (default: one per STEP); APP_WRAPPER is a
# command (words) the editor runs under, such as setpriv.
start_app () {
  local step=$1
  shift
  stop_app
  local home=$GUI_TMP/home-${APP_HOME:-$step}
  mkdir -p "$home/config/gtk-4.0" "$home/data" "$home/cache" "$home/state" "$home/runtime"
  chmod 700 "$home/runtime"
  # No animations: a screenshot then shows where a change ends, not a frame of its slide,
  # and a click lands where the widget stays (GTK gives a press to the widget the last
  # motion found, so a click during a slide can go to where the widget was).
  printf '[Settings]\ngtk-enable-animations=false\n' > "$home/config/gtk-4.0/settings.ini"
  # shellcheck disable=SC2086  # APP_WRAPPER is words
  HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache \
    XDG_STATE_HOME=$home/state XDG_RUNTIME_DIR=$home/runtime GSETTINGS_BACKEND=memory \
    NO_AT_BRIDGE=1 GTK_A11Y=none G_MESSAGES_DEBUG="${G_MESSAGES_DEBUG:+$G_MESSAGES_DEBUG }Quarry-Input" \
    ${APP_WRAPPER:-} "$QUARRY_APP" "$@" > "$QUARRY_GUI_ARTEFACTS/$TEST-$step-app.log" 2>&1 &
  APP_PID=$!
  APP_LOG=$QUARRY_GUI_ARTEFACTS/$TEST-$step-app.log
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) id
  while [ $SECONDS -lt $deadline ]; do
    if ! kill -0 "$APP_PID" 2> /dev/null; then
      wait "$APP_PID"
      diag "the editor exited with status $? before showing its window; log:"
      sed 's/^/#   /' "$QUARRY_GUI_ARTEFACTS/$TEST-$step-app.log"
      APP_PID=
      return 1
    fi
    # A 1x1 helper window is called "quarry"; the editor's is "NAME – Quarry".
    for id in $(xdotool search --name ' – Quarry$' 2> /dev/null); do
      WIN=$id
      return 0
    done
    sleep 0.2
  done
  diag "no editor window after ${QUARRY_GUI_TIMEOUT}s"
  return 1
}

title () { xdotool getwindowname "$WIN" 2> /dev/null; }

# wait_title TITLE [SECONDS]: waits until the window title is exactly TITLE.
wait_title () { WAIT_SECONDS=${2:-$QUARRY_GUI_TIMEOUT} wait_equal title "$1" title; }

# wait_equal WHAT EXPECTED CMD [ARG…]: until CMD's output is EXPECTED (WAIT_SECONDS, by default
# QUARRY_GUI_TIMEOUT, at most); on failure the diagnostic says "WHAT is '…', expected '…'".
wait_equal () {
  local what=$1 expected=$2 deadline=$((SECONDS + ${WAIT_SECONDS:-$QUARRY_GUI_TIMEOUT})) got
  shift 2
  while :; do
    got=$("$@")
    [ "$got" = "$expected" ] && return 0
    [ $SECONDS -ge $deadline ] && break
    sleep 0.1
  done
  diag "$what is '$got', expected '$expected'"
  return 1
}

app_alive () { [ -n "$APP_PID" ] && kill -0 "$APP_PID" 2> /dev/null; }

# ---- input ----

# point_at REGION: moves the pointer to the middle of a WxH+X+Y region. A view takes the
# keyboard focus when the pointer enters it.
point_at () {
  local w h x y
  IFS='x+' read -r w h x y <<< "$1"
  # Enter from outside first, so that the view sees a fresh enter event.
  xdotool mousemove $((x + w / 2 + 7)) $((y + h / 2 + 5))
  sleep 0.1
  xdotool mousemove $((x + w / 2)) $((y + h / 2))
  sleep 0.3
}

# keys KEY…: key strokes to the focused window (XTEST: real events, not XSendEvent).
keys () {
  xdotool windowfocus "$WIN" 2> /dev/null
  xdotool key --delay 60 "$@"
}

# ---- screenshots ----

# shot STEP: captures the screen as <test>-STEP.png and prints the path.
shot () {
  local out=$QUARRY_GUI_ARTEFACTS/$TEST-$1.png
  "$IMPORT" -silent -window root "$out"
  echo "$out"
}

# crop IMAGE REGION OUT: cuts a WxH+X+Y region out of a screenshot.
crop () { "$CONVERT" "$1" -crop "$2" +repage "$3"; }

# differing_pixels A B: how many pixels differ between two images (AE), 0 if identical.
differing_pixels () { "$COMPARE" -metric AE "$1" "$2" null: 2>&1 | sed 's/ .*//'; }

# Scans a one-pixel line of IMAGE (geometry "Wx1+0+Y" or "1xH+X+0") for a pane handle: a
# run of 1B1B1B, 353535, 353535, 353535, 1B1B1B. Prints the offset of its first pixel.
_find_handle () {
  "$CONVERT" "$1" -crop "$2" +repage -depth 8 txt:- 2> /dev/null | awk '
    NR > 1 {
      split($1, p, /[,:]/)
      i = p[1] + p[2]  # one of them is 0
      c[i] = $3
      if (i > n) n = i
    }
    END {
      for (i = 0; i + 4 <= n; i++)
        if (c[i] == "#1B1B1B" && c[i+1] == "#353535" && c[i+2] == "#353535" &&
            c[i+3] == "#353535" && c[i+4] == "#1B1B1B") { print i; exit }
    }'
}

# _handle_span IMAGE ROW: the columns a horizontal pane handle starting at ROW covers: the
# longest run of columns whose five pixels from ROW down are the handle's; prints "LEFT RIGHT"
# (RIGHT exclusive).
_handle_span () {
  "$CONVERT" "$1" -crop "${SCREEN_W}x5+0+$2" +repage -depth 8 txt:- 2> /dev/null | awk -v w="$SCREEN_W" '
    NR > 1 { split($1, p, /[,:]/); c[p[1], p[2]] = $3 }
    END {
      best = 0
      for (x = 0; x <= w; x++) {
        good = x < w && c[x, 0] == "#1B1B1B" && c[x, 1] == "#353535" && c[x, 2] == "#353535" &&
               c[x, 3] == "#353535" && c[x, 4] == "#1B1B1B"
        if (good && run == 0) start = x
        if (good) run++
        else { if (run > best) { best = run; bl = start; br = x }; run = 0 }
      }
      if (best > 0) print bl, br
    }'
}

# layout IMAGE: finds the three pane handles in a screenshot of the 2x2 layout and sets
# R3D, RTOP, RFRONT and RSIDE to the view areas (below the headers, inside the handles) as
# WxH+X+Y, LAYOUT_LEFT and LAYOUT_RIGHT to the panes' left edge (the tool bar's width) and
# right edge, and RFULL to the area one maximised view fills. Fails when the handles are
# not all there.
layout () {
  local img=$1 row col_up col_low left right
  # The row handle, in a column just inside the right edge (the tool bar is at the left;
  # the 2D views at the right have no labels there); else just inside the left edge.
  # (LAYOUT_PROBE_X moves that column when a panel, such as the texture browser, is open
  # at the right.)
  row=$(_find_handle "$img" "1x${SCREEN_H}+${LAYOUT_PROBE_X:-$((SCREEN_W - 3))}+0")
  [ -n "$row" ] || row=$(_find_handle "$img" "1x${SCREEN_H}+2+0")
  [ -n "$row" ] || { diag "no horizontal pane handle in $img"; return 1; }
  # The row handle spans the panes: its ends are the panes' edges.
  read -r left right <<< "$(_handle_span "$img" "$row")"
  if [ -z "$left" ] || [ -z "$right" ]; then diag "no ends of the row handle in $img"; return 1; fi
  # The column handles, in a row through each header (labels never draw 1B1B1B).
  col_up=$(_find_handle "$img" "$((right - left))x1+${left}+$((MENU_H + 12))")
  col_low=$(_find_handle "$img" "$((right - left))x1+${left}+$((row + HANDLE + 12))")
  if [ -z "$col_up" ] || [ -z "$col_low" ]; then
    diag "no vertical pane handle in $img"
    return 1
  fi
  col_up=$((col_up + left))
  col_low=$((col_low + left))

  local up_y=$((MENU_H + HEADER_H + INSET)) up_h=$((row - INSET - MENU_H - HEADER_H - INSET))
  local low_y=$((row + HANDLE + HEADER_H + INSET))
  local low_h=$((SCREEN_H - STATUS_H - INSET - low_y))
  R3D="$((col_up - left - 2 * INSET))x${up_h}+$((left + INSET))+${up_y}"
  RTOP="$((right - col_up - HANDLE - 2 * INSET))x${up_h}+$((col_up + HANDLE + INSET))+${up_y}"
  RFRONT="$((col_low - left - 2 * INSET))x${low_h}+$((left + INSET))+${low_y}"
  RSIDE="$((right - col_low - HANDLE - 2 * INSET))x${low_h}+$((col_low + HANDLE + INSET))+${low_y}"
  LAYOUT_ROW=$row LAYOUT_COL_UP=$col_up LAYOUT_COL_LOW=$col_low LAYOUT_LEFT=$left LAYOUT_RIGHT=$right
  _set_rfull
}

# The single view area when one view is maximised (all between the header and status bar,
# right of the tool bar): set from the last layout, before it as if there were no tool bar.
_set_rfull () {
  RFULL="$((LAYOUT_RIGHT - LAYOUT_LEFT - 2 * INSET))x$((SCREEN_H - MENU_H - HEADER_H - STATUS_H - 2 * INSET))+$((LAYOUT_LEFT + INSET))+$((MENU_H + HEADER_H + INSET))"
}
LAYOUT_LEFT=0
LAYOUT_RIGHT=$SCREEN_W
_set_rfull

# ---- measures ----

# lines_fraction IMAGE: the fraction of pixels with a channel above 82%. In a 2D view that
# is brush edges (D6D6D2), selected objects (FF4C38) and entity boxes (6CE06C, 6CC4F0, …);
# the background, the grid and the axes (B24040, 409E47, 476BCC at most) are darker.
lines_fraction () {
  "$CONVERT" "$1" -separate -evaluate-sequence Max -threshold 82% -format '%[fx:mean]' info:
}

# off_colour_fraction IMAGE COLOUR [FUZZ]: the fraction of pixels not within FUZZ of COLOUR.
off_colour_fraction () {
  "$CONVERT" "$1" -fuzz "${3:-3%}" -fill '#000000' -opaque "$2" -fill '#FFFFFF' +opaque '#000000' \
    -colorspace Gray -format '%[fx:mean]' info:
}

# shade_levels IMAGE BACKGROUND MIN_FRACTION: how many grey levels (8-bit) other than the
# background (±3) each cover at least MIN_FRACTION of the image: the flat-shaded face
# brightnesses of the 3D view.
shade_levels () {
  local bg
  bg=$("$CONVERT" xc:"$2" -colorspace Gray -depth 8 -format '%[fx:int(255*p{0,0}.intensity+0.5)]' info:)
  "$CONVERT" "$1" -colorspace Gray -depth 8 -format %c histogram:info:- | awk -v bg="$bg" -v min="$3" -v area="$("$IDENTIFY" -format '%[fx:w*h]' "$1")" '
    { n = $1 + 0; v = $2; gsub(/[(),]/, "", v); v += 0
      if ((v < bg - 3 || v > bg + 3) && n >= min * area) k++ }
    END { print k + 0 }'
}

# grey_levels IMAGE MIN_PIXELS: distinct 8-bit grey levels with at least MIN_PIXELS each.
grey_levels () {
  "$CONVERT" "$1" -colorspace Gray -depth 8 -format %c histogram:info:- |
    awk -v min="$2" '$1 + 0 >= min { k++ } END { print k + 0 }'
}

# gt A B / lt A B: floating-point comparisons.
gt () { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }
lt () { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# wait_view_settled REGION STEP [MIN_LINES]: waits until REGION of the screen holds still
# (two captures 0.4 s apart identical) and, if MIN_LINES is given, has at least that
# lines_fraction. Leaves the last capture as <test>-STEP.png and its crop in SETTLED_CROP.
wait_view_settled () {
  local region=$1 step=$2 min=${3:-} deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  local prev=$GUI_TMP/settle-prev.png cur=$GUI_TMP/settle-cur.png img
  rm -f "$prev"
  while :; do
    img=$(shot "$step")
    crop "$img" "$region" "$cur"
    if [ -f "$prev" ] && [ "$(differing_pixels "$prev" "$cur")" = 0 ]; then
      if [ -z "$min" ] || gt "$(lines_fraction "$cur")" "$min"; then
        SETTLED_CROP=$GUI_TMP/settled-$step.png
        cp "$cur" "$SETTLED_CROP"
        return 0
      fi
    fi
    [ $SECONDS -ge $deadline ] && break
    cp "$cur" "$prev"
    sleep 0.4
  done
  diag "$region did not settle${min:+ with more than $min of it lines} within ${QUARRY_GUI_TIMEOUT}s ($img)"
  return 1
}

# wait_loaded STEP: waits for the map to load and draw: the Top view shows lines and holds
# still. Sets the layout (R3D, RTOP, …) from the settled screenshot.
wait_loaded () {
  local step=$1 deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) img
  # The window first maps black; wait for the pane handles.
  while :; do
    img=$(shot "$step")
    layout "$img" 2> /dev/null > /dev/null && break
    [ $SECONDS -ge $deadline ] && { layout "$img"; return 1; }
    sleep 0.3
  done
  layout "$img" > /dev/null
  wait_view_settled "$RTOP" "$step" 0.0005 || return 1
  # Give the other views a moment to catch up with the same document.
  sleep 0.5
  img=$(shot "$step")
  layout "$img"
}

# ---- world and screen ----

: "${QUARRY_PYTHON:=python3}"
MAPGEOM=$GUI_LIB_DIR/mapgeom.py

# view_area VIEW: the whole drawing area of the 2D view VIEW (TOP, FRONT or SIDE): its
# R$VIEW crop grown back by INSET, WxH+X+Y.
view_area () {
  local r=R$1 w h x y
  IFS='x+' read -r w h x y <<< "${!r}"
  echo "$((w + 2 * INSET))x$((h + 2 * INSET))+$((x - INSET))+$((y - INSET))"
}

# map_bounds FILE: sets MAP_BOUNDS to the bounds of FILE's valid brushes (quarry-cli info),
# "minx miny minz maxx maxy maxz": what the 2D views frame when the editor opens FILE.
map_bounds () {
  MAP_BOUNDS=$("$QUARRY_CLI" info "$1" --json | "$QUARRY_PYTHON" -c '
import json, sys
b = json.load(sys.stdin)["bounds"]
print(" ".join("%.17g" % (c + 0.0) for c in b["min"] + b["max"]))') && [ -n "$MAP_BOUNDS" ]
}

# view_zoom VIEW: "level zoom centre_h centre_v" that framing MAP_BOUNDS gives the 2D view VIEW
# at its present size.
view_zoom () {
  local w h x y
  IFS='x+' read -r w h x y <<< "$(view_area "$1")"
  # shellcheck disable=SC2086  # MAP_BOUNDS is six words
  "$QUARRY_PYTHON" "$MAPGEOM" view "${1,,}" "$w" "$h" $MAP_BOUNDS
}

# screen_xy VIEW X Y Z: the screen pixel "x y" where the world point X,Y,Z appears in the 2D
# view VIEW (needs layout's R$VIEW). The zoom and centre are those frame_map recorded in
# FIT_$VIEW: a view keeps them when it is resized (the tool bar grows with some tools),
# only its middle moves.
screen_xy () {
  local w h x y fit=FIT_$1
  [ -n "${!fit:-}" ] || { diag "screen_xy: no frame_map before"; return 1; }
  IFS='x+' read -r w h x y <<< "$(view_area "$1")"
  # mapgeom.py place, in awk: 8 processes fewer per point than Python on a busy machine.
  # shellcheck disable=SC2086  # the fit is four words
  awk -v view="$1" -v w="$w" -v h="$h" -v ox="$x" -v oy="$y" -v p="$2 $3 $4" -v fit="${!fit}" 'BEGIN {
    split(p, c, " "); split(fit, f, " ")
    r = view == "SIDE" ? 2 : 1; u = view == "TOP" ? 2 : 3
    sx = w / 2 + (c[r] - f[3]) * f[2]; sy = h / 2 - (c[u] - f[4]) * f[2]
    # floor(v + 0.5), as mapgeom.py rounds
    sx = sx + 0.5; sy = sy + 0.5
    fx = int(sx); if (fx > sx) fx--
    fy = int(sy); if (fy > sy) fy--
    print ox + fx, oy + fy }'
}

# frame_map STEP: View ▸ Zoom to Map (Ctrl+Shift+E): the 2D views frame the map for the size
# they have now (on opening they frame it for the size they had then, which a map named on
# the command line can meet before the window has its own), then waits for them to settle,
# measures the layout again and records
# each 2D view's zoom and centre (FIT_TOP, FIT_FRONT, FIT_SIDE) for screen_xy. Needs
# MAP_BOUNDS (map_bounds FILE).
frame_map () {
  point_at "$RTOP"
  keys ctrl+shift+e
  sleep 0.3
  relayout "$1" || return 1
  FIT_TOP=$(view_zoom TOP) && FIT_FRONT=$(view_zoom FRONT) && FIT_SIDE=$(view_zoom SIDE)
}

# relayout STEP: waits until the panes stop moving (the tool bar grows and shrinks with the
# tool, animated) and hold still, then sets the layout from the last capture.
relayout () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) img prev="" now area
  local cur=$GUI_TMP/relayout-cur.png old=$GUI_TMP/relayout-prev.png
  rm -f "$old"
  while :; do
    img=$(shot "$1")
    if layout "$img" > /dev/null 2>&1; then
      now="$R3D $RTOP $RFRONT $RSIDE"
      # The panes, not the status bar (the pointer's coordinates) nor the tool bar.
      area="$((LAYOUT_RIGHT - LAYOUT_LEFT))x$((SCREEN_H - STATUS_H - MENU_H))+${LAYOUT_LEFT}+${MENU_H}"
      crop "$img" "$area" "$cur"
      if [ "$now" = "$prev" ] && [ "$(differing_pixels "$old" "$cur")" = 0 ]; then
        return 0
      fi
      prev=$now
      cp "$cur" "$old"
    fi
    [ $SECONDS -ge $deadline ] && { diag "the panes did not settle ($img)"; return 1; }
    sleep 0.3
  done
}

# switch_tool KEY STEP: KEY (shift+b, shift+s, …) over the Top view, waits until the tool bar
# shows the change (its toggle buttons), then for the panes to settle (relayout): the tool
# bar can change its width with the tool, which moves and resizes the views.
switch_tool () {
  local area before=$GUI_TMP/toolbar-before.png now=$GUI_TMP/toolbar-now.png
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  area="$((LAYOUT_LEFT > 0 ? LAYOUT_LEFT : 1))x$((SCREEN_H - STATUS_H - MENU_H))+0+${MENU_H}"
  crop "$(shot "$2")" "$area" "$before"
  point_at "$RTOP"
  keys "$1"
  while :; do
    crop "$(shot "$2")" "$area" "$now"
    [ "$(differing_pixels "$before" "$now")" != 0 ] && break
    [ $SECONDS -ge $deadline ] && { diag "$1: the tool bar did not change"; return 1; }
    sleep 0.2
  done
  # The Texture tool opens Face Properties over the Side view; it is closed (Escape, as a
  # mapper might) so that the panes can be measured. Tests of the dialog open it again.
  if [ "$1" = shift+a ]; then
    local dlg
    dlg=$(wait_visible_window "Face Properties") || return 1
    window_keys "$dlg" Escape
    while xdotool search --onlyvisible --name "^Face Properties\$" > /dev/null 2>&1; do
      [ $SECONDS -ge $deadline ] && { diag "Escape did not close Face Properties"; return 1; }
      sleep 0.2
    done
  fi
  relayout "$2"
}

# wait_visible_window NAME: wait_window, for a window that is shown (a dialog hidden on close
# keeps its X window).
wait_visible_window () {
  WAIT_WINDOW_VISIBLE=1 wait_window "$@"
}

# wait_edges STEP VIEW "X Y Z"…: takes screenshots until edges_at holds for them.
wait_edges () {
  local step=$1 deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) img
  shift
  while :; do
    img=$(shot "$step")
    edges_at "$img" "$@" 2> /dev/null > /dev/null && return 0
    [ $SECONDS -ge $deadline ] && break
    sleep 0.3
  done
  edges_at "$img" "$@"
}

# edges_at IMAGE VIEW "X Y Z"…: every world point given shows a bright (edge) pixel within
# a pixel of where screen_xy puts it in VIEW. Says which do not.
edges_at () {
  local img=$1 view=$2 p s missing=
  shift 2
  for p in "$@"; do
    # shellcheck disable=SC2086
    s=$(screen_xy "$view" $p)
    # shellcheck disable=SC2086
    [ "$(bright_near "$img" $s)" -gt 0 ] || missing="$missing ($p at $s)"
  done
  [ -z "$missing" ] && return 0
  diag "$view view: no edge at$missing in $img"
  return 1
}

# ---- pointer ----

# click_px X Y [KEY]: a left click at screen X,Y (holding KEY, e.g. ctrl).
# The pointer arrives from a pixel away: GTK gives a press to the widget its last motion
# found, so the click needs a motion of its own after whatever changed the layout.
click_px () {
  xdotool mousemove $(($1 + 1)) $(($2 + 1))
  sleep 0.1
  xdotool mousemove "$1" "$2"
  sleep 0.15
  _last_click="$1,$2 at $(date +%T.%3N)"
  [ -n "${3:-}" ] && xdotool keydown "$3"
  xdotool click 1
  [ -n "${3:-}" ] && xdotool keyup "$3"
  sleep 0.2
}

# drag_px X0 Y0 X1 Y1 [KEY]: presses the left button at X0,Y0, moves to X1,Y1 in steps and
# releases there, holding KEY (e.g. shift, alt) from before the press to after the release.
drag_px () {
  local x0=$1 y0=$2 x1=$3 y1=$4 mod=${5:-} i n=8
  # Arrive from a few pixels away, so that the view sees motion before the press.
  xdotool mousemove $((x0 + 5)) $((y0 + 5))
  sleep 0.1
  xdotool mousemove "$x0" "$y0"
  sleep 0.2
  [ -n "$mod" ] && xdotool keydown "$mod"
  xdotool mousedown 1
  sleep 0.1
  for i in $(seq 1 $n); do
    xdotool mousemove $((x0 + (x1 - x0) * i / n)) $((y0 + (y1 - y0) * i / n))
    sleep 0.05
  done
  sleep 0.2
  xdotool mouseup 1
  [ -n "$mod" ] && xdotool keyup "$mod"
  sleep 0.2
}

# point_world VIEW "X Y Z": the pointer to a world point of a 2D view, arriving from a few
# pixels away so that the view sees the motion.
point_world () {
  local x y
  # shellcheck disable=SC2086
  read -r x y <<< "$(screen_xy "$1" $2)" || return 1
  xdotool mousemove $((x + 5)) $((y + 5))
  sleep 0.1
  xdotool mousemove "$x" "$y"
  sleep 0.3
}

# click_world VIEW "X Y Z" [KEY] / drag_world VIEW "X Y Z" "X Y Z" [KEY]: click_px and
# drag_px at world points of a 2D view (screen_xy).
click_world () {
  local a
  # shellcheck disable=SC2086
  a=$(screen_xy "$1" $2) || return 1
  # shellcheck disable=SC2086
  click_px $a ${3:-}
}
drag_world () {
  local a b
  # shellcheck disable=SC2086
  a=$(screen_xy "$1" $2) && b=$(screen_xy "$1" $3) || return 1
  # shellcheck disable=SC2086
  drag_px $a $b ${4:-}
}

# ---- colours ----

# Colours of the editing overlays in the 2D views.
AMBER='#FFD030'    # the Block tool's pending box
SELECTED='#FF4C38' # selected brushes
CAMERA_MARKER='#30A0C8' # the 3D camera's marker in the design views

# colour_pixels IMAGE COLOUR [FUZZ]: how many pixels of IMAGE are within FUZZ of COLOUR.
colour_pixels () {
  "$CONVERT" "$1" -alpha off -fuzz "${3:-12%}" -fill '#000000' +opaque "$2" -fill '#FFFFFF' -opaque "$2" \
    -colorspace Gray -format '%[fx:int(mean*w*h+0.5)]' info:
}

# colour_near IMAGE X Y COLOUR [RADIUS]: how many pixels within RADIUS (default 2) of the
# screen pixel X,Y have COLOUR (within 12%).
colour_near () {
  local r=${5:-2}
  "$CONVERT" "$1" -crop "$((2 * r + 1))x$((2 * r + 1))+$(($2 - r))+$(($3 - r))" +repage -alpha off -fuzz 12% \
    -fill '#000000' +opaque "$4" -fill '#FFFFFF' -opaque "$4" -colorspace Gray -format '%[fx:int(mean*w*h+0.5)]' info:
}

# bright_near IMAGE X Y [RADIUS]: how many pixels within RADIUS (default 1) of X,Y are
# bright (lines_fraction's threshold): brush edges, selected or not.
bright_near () {
  local r=${4:-1}
  "$CONVERT" "$1" -crop "$((2 * r + 1))x$((2 * r + 1))+$(($2 - r))+$(($3 - r))" +repage \
    -separate -evaluate-sequence Max -threshold 82% -format '%[fx:int(mean*w*h+0.5)]' info:
}

# colour_at_points IMAGE VIEW COLOUR "X Y Z"…: every world point shows COLOUR within 2 px of
# where it appears in VIEW. Sets WHY to the points that do not.
colour_at_points () {
  local img=$1 view=$2 colour=$3 p s
  shift 3
  WHY=
  for p in "$@"; do
    # shellcheck disable=SC2086
    s=$(screen_xy "$view" $p) || return 1
    # shellcheck disable=SC2086
    [ "$(colour_near "$img" $s "$colour")" -gt 0 ] || WHY="$WHY ($p at $s)"
  done
  [ -z "$WHY" ] || WHY="$view view: no $colour at$WHY"
  [ -z "$WHY" ]
}

# no_colour_at_points IMAGE VIEW COLOUR "X Y Z"…: none of the points shows COLOUR (within 2 px).
no_colour_at_points () {
  local img=$1 view=$2 colour=$3 p s
  shift 3
  WHY=
  for p in "$@"; do
    # shellcheck disable=SC2086
    s=$(screen_xy "$view" $p) || return 1
    # shellcheck disable=SC2086
    [ "$(colour_near "$img" $s "$colour")" = 0 ] || WHY="$WHY ($p at $s)"
  done
  [ -z "$WHY" ] || WHY="$view view: $colour at$WHY"
  [ -z "$WHY" ]
}

# no_edges_at IMAGE VIEW "X Y Z"…: no edge (bright_near) at any of the points: hidden objects.
no_edges_at () {
  local img=$1 view=$2 p s
  shift 2
  WHY=
  for p in "$@"; do
    # shellcheck disable=SC2086
    s=$(screen_xy "$view" $p) || return 1
    # shellcheck disable=SC2086
    [ "$(bright_near "$img" $s)" = 0 ] || WHY="$WHY ($p at $s)"
  done
  [ -z "$WHY" ] || { WHY="$view view: an edge still at$WHY"; return 1; }
}

# none_selected_in IMAGE VIEW: not one pixel of the view in the selection's colour.
none_selected_in () {
  local n
  crop "$1" "$(view_area "$2")" "$GUI_TMP/none-selected.png"
  n=$(colour_pixels "$GUI_TMP/none-selected.png" "$SELECTED" 4%)
  [ "$n" = 0 ] || { WHY="$n selected pixels in the $2 view"; return 1; }
}

# wait_shot STEP COMMAND…: takes screenshots (<test>-STEP.png) until COMMAND IMAGE holds, for
# QUARRY_GUI_TIMEOUT at most; then says why not (WHY) and fails.
wait_shot () {
  local step=$1 deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) img
  shift
  while :; do
    img=$(shot "$step")
    WHY=
    "$@" "$img" && return 0
    [ $SECONDS -ge $deadline ] && break
    sleep 0.3
  done
  diag "$step: ${WHY:-not as expected} ($img)"
  return 1
}

# ---- saving, and checks on saved files ----

file_stamp () { stat -c '%i %s %Y %Z' "$1" 2> /dev/null; }

# wait_file_written FILE STAMP: waits until FILE's stat differs from STAMP (the editor writes
# a temporary file and renames it over FILE, so once the stat changed the file is whole).
wait_file_written () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  until [ "$(file_stamp "$1")" != "$2" ]; do
    [ $SECONDS -ge $deadline ] && return 1
    sleep 0.2
  done
}

# save_now FILE NAME: Ctrl+S, then waits for FILE to be rewritten and the title to lose "*".
save_now () {
  local stamp
  stamp=$(file_stamp "$1")
  keys ctrl+s
  wait_file_written "$1" "$stamp" || { diag "Ctrl+S did not rewrite $1"; return 1; }
  wait_title "$2 – Quarry"
}

# same_file EXPECTED WHAT [TAG]: a check that the map saved last ($MAP) is byte for byte
# EXPECTED; on a difference it keeps both, as $TEST-TAG-{saved,expected}.map (TAG: EXPECTED's
# name and the check's number), and shows the start of the diff.
same_file () {
  local tag=${3:-$(basename "$1" .map)-$((_checks + 1))}
  if cmp -s "$1" "$MAP"; then
    ok "$2"
    return
  fi
  cp "$MAP" "$QUARRY_GUI_ARTEFACTS/$TEST-$tag-saved.map"
  cp "$1" "$QUARRY_GUI_ARTEFACTS/$TEST-$tag-expected.map"
  not_ok "$2 (kept: $TEST-$tag-{saved,expected}.map)"
  diff "$1" "$MAP" | head -20 | sed 's/^/#   /'
}

# py_checks CODE ARG…: runs Python CODE (with mapgeom importable) that prints lines "ok TEXT",
# "not ok TEXT" or "# TEXT"; reports each as a check or a comment. A Python error is a failed
# check.
py_checks () {
  local code=$1 out=$GUI_TMP/py-checks.txt line status=0
  shift
  PYTHONPATH=$GUI_LIB_DIR${PYTHONPATH:+:$PYTHONPATH} QUARRY_CLI=$QUARRY_CLI \
    "$QUARRY_PYTHON" -c "$code" "$@" > "$out" 2>&1 || status=$?
  while IFS= read -r line; do
    case $line in
      "ok "*) ok "${line#ok }" ;;
      "not ok "*) not_ok "${line#not ok }" ;;
      "#"*) echo "$line" ;;
      *) echo "# $line" ;;
    esac
  done < "$out"
  [ $status = 0 ] || not_ok "the Python checks ran to the end (status $status)"
}

# ---- dialogs ----

# wait_window TITLE: waits for a window titled exactly TITLE (a dialog) and prints its id.
wait_window () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) id
  while :; do
    for id in $(xdotool search ${WAIT_WINDOW_VISIBLE:+--onlyvisible} --name "^$1\$" 2> /dev/null); do
      echo "$id"
      return 0
    done
    [ $SECONDS -ge $deadline ] && { diag "no window '$1' after ${QUARRY_GUI_TIMEOUT}s"; return 1; }
    sleep 0.2
  done
}

# wait_window_gone ID: waits until the window ID is closed.
wait_window_gone () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  while xdotool getwindowname "$1" > /dev/null 2>&1; do
    [ $SECONDS -ge $deadline ] && { diag "window $1 still open after ${QUARRY_GUI_TIMEOUT}s"; return 1; }
    sleep 0.2
  done
}

# wait_dialog: waits for a shown window of the editor other than its main window (a message
# dialog, which has no title) and prints its id.
wait_dialog () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) id
  while :; do
    for id in $(xdotool search --onlyvisible --pid "$APP_PID" 2> /dev/null); do
      [ "$id" != "$WIN" ] && { echo "$id"; return 0; }
    done
    [ $SECONDS -ge $deadline ] && { diag "no dialog after ${QUARRY_GUI_TIMEOUT}s"; return 1; }
    sleep 0.2
  done
}

# wait_window_drawn ID STEP [BEFORE]: takes screenshots (<test>-STEP.png) until the window
# ID's area is no longer black (a new window shows black, or what lay under it, until the
# application draws it) and differs from the same area of the screenshot BEFORE; prints the
# path of the last one.
wait_window_drawn () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) img area
  area=$(xdotool getwindowgeometry --shell "$1" | awk -F= '
    { v[$1] = $2 } END { print v["WIDTH"] "x" v["HEIGHT"] "+" v["X"] "+" v["Y"] }')
  [ -n "${3:-}" ] && crop "$3" "$area" "$GUI_TMP/dialog-before.png"
  while :; do
    img=$(shot "$2")
    if [ "$("$CONVERT" "$img" -crop "$area" +repage -format '%[fx:mean > 0.02]' info:)" = 1 ]; then
      [ -z "${3:-}" ] && break
      crop "$img" "$area" "$GUI_TMP/dialog-now.png"
      [ "$(differing_pixels "$GUI_TMP/dialog-before.png" "$GUI_TMP/dialog-now.png")" != 0 ] && break
    fi
    [ $SECONDS -ge $deadline ] && { diag "window $1 ($area) still black after ${QUARRY_GUI_TIMEOUT}s"; break; }
    sleep 0.3
  done
  echo "$img"
}

# wait_app_exit: waits for the editor to end by itself; says how it ended (APP_STATUS) and
# checks its log as stop_app does.
wait_app_exit () {
  local deadline=$((SECONDS + QUARRY_GUI_TIMEOUT))
  APP_STATUS=
  while kill -0 "$APP_PID" 2> /dev/null; do
    [ $SECONDS -ge $deadline ] && { diag "the editor still runs after ${QUARRY_GUI_TIMEOUT}s"; return 1; }
    sleep 0.2
  done
  wait "$APP_PID"
  APP_STATUS=$?
  stop_app
}

# window_keys ID KEY…: key strokes to the window ID (a dialog).
window_keys () {
  local id=$1
  shift
  xdotool windowfocus "$id" 2> /dev/null
  sleep 0.2
  xdotool key --delay 60 "$@"
}

# hollow_selection STEP: Ctrl+H, then Return in the dialog it opens (wall thickness and
# direction as the dialog proposes: the grid size, 16, inward, on a fresh start). Keeps a
# screenshot of the dialog as <test>-STEP.png.
hollow_selection () {
  local dlg
  keys ctrl+h
  dlg=$(wait_window Hollow) || return 1
  sleep 0.3
  shot "$1" > /dev/null
  window_keys "$dlg" Return
  wait_window_gone "$dlg"
}

# ---- maps ----

# make_map OUT [STEP…]: writes OUT, a Valve 220 Quake map with an empty worldspawn, plus what
# the quarry-cli edit steps (e.g. "create block 0 0 0 128 128 128 --texture base") make.
make_map () {
  local out=$1 empty=$GUI_TMP/empty.map args=() step
  shift
  printf '// Game: Quake\n// Format: Valve\n{\n"classname" "worldspawn"\n"mapversion" "220"\n}\n' > "$empty"
  if [ $# = 0 ]; then cp "$empty" "$out"; return; fi
  for step in "$@"; do args+=(--step "$step"); done
  "$QUARRY_CLI" edit "$empty" "$out" "${args[@]}"
}

# two_boxes_vmf DIR: DIR/plain.vmf, boxes A = 0..128³ and B = 256..384 × 0..128 × 0..128 as
# `quarry-cli convert` writes them, and A_SIDES, B_SIDES: their sides' midpoints in the Top view.
two_boxes_vmf () {
  make_map "$1/boxes.map" "create block 0 0 0 128 128 128 --texture base" \
    "create block 256 0 0 384 128 128 --texture base" || { diag "quarry-cli edit makes the boxes"; return 1; }
  "$QUARRY_CLI" convert "$1/boxes.map" "$1/plain.vmf" || { diag "quarry-cli convert to VMF"; return 1; }
  A_SIDES=("0 64 0" "128 64 0" "64 0 0" "64 128 0")
  B_SIDES=("256 64 0" "384 64 0" "320 0 0" "320 128 0")
}

# open_map STEP FILE: starts the editor on FILE, waits for it to draw, frames the map (see
# frame_map) and sets MAP_BOUNDS. Says what failed.
open_map () {
  map_bounds "$2" || { diag "quarry-cli info $2 failed"; return 1; }
  start_app "$1" "$2" || return 1
  wait_loaded "$1-loaded" || return 1
  frame_map "$1-framed"
}
