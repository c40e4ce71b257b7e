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
export GSETTINGS_SCHEMA_DIR

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
not_ok () { _checks=$((_checks + 1)); _failed=$((_failed + 1)); echo "not ok $_checks - $*"; }
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
WIN=

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
start_app () {
  local step=$1
  shift
  stop_app
  local home=$GUI_TMP/home-$step
  mkdir -p "$home/config" "$home/data" "$home/cache" "$home/state" "$home/runtime"
  chmod 700 "$home/runtime"
  HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache \
    XDG_STATE_HOME=$home/state XDG_RUNTIME_DIR=$home/runtime GSETTINGS_BACKEND=memory \
    NO_AT_BRIDGE=1 GTK_A11Y=none \
    "$QUARRY_APP" "$@" > "$QUARRY_GUI_ARTEFACTS/$TEST-$step-app.log" 2>&1 &
  APP_PID=$!
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
wait_title () {
  local expected=$1 deadline=$((SECONDS + ${2:-$QUARRY_GUI_TIMEOUT})) t
  while :; do
    t=$(title)
    [ "$t" = "$expected" ] && return 0
    [ $SECONDS -ge $deadline ] && break
    sleep 0.1
  done
  diag "title is '$t', expected '$expected'"
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

# _find_colour IMAGE ROW COLOUR first|last: the first (or last) x in row ROW of IMAGE whose
# pixel is COLOUR; nothing when there is none.
_find_colour () {
  "$CONVERT" "$1" -crop "${SCREEN_W}x1+0+$2" +repage -depth 8 txt:- 2> /dev/null | awk -v want="$3" -v which="$4" '
    NR > 1 && $3 == want { split($1, p, /[,:]/); x = p[1]; if (which == "first") { print x; exit } }
    END { if (which == "last" && x != "") print x }'
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
  row=$(_find_handle "$img" "1x${SCREEN_H}+$((SCREEN_W - 3))+0")
  [ -n "$row" ] || row=$(_find_handle "$img" "1x${SCREEN_H}+2+0")
  [ -n "$row" ] || { diag "no horizontal pane handle in $img"; return 1; }
  # The row handle's first line spans the panes: its ends are the panes' edges.
  left=$(_find_colour "$img" "$row" '#1B1B1B' first)
  right=$(_find_colour "$img" "$row" '#1B1B1B' last)
  [ -n "$left" ] && [ -n "$right" ] || { diag "no ends of the row handle in $img"; return 1; }
  right=$((right + 1))
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
