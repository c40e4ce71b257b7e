#!/bin/bash
# modify-save: the title's "*" follows the document's changes, and Ctrl+S writes the file.
#  - modify-save.sh [delete] (test modify-save): Ctrl+A, Delete: the title gains "*", the Top
#    view empties; Ctrl+Z: back to the saved state, no "*", the map drawn again; Ctrl+A,
#    Delete, Ctrl+S: saved without a question (the map was opened from a .map), no "*", and
#    the file on disk has no brushes left in worldspawn (fewer brushes than before).
#  - modify-save.sh undo (test undo-save): Ctrl+A, Delete, Ctrl+Z, Ctrl+S: the file
#    written equals what quarry-cli convert makes of the original (save(load(x)) in the
#    map's own dialect).
# Each on data/maps/sample.map (Valve 220) and the corpus's quake/dm3.map (standard Quake).
PART=${1:-delete}
case $PART in
  delete) TEST=modify-save ;;
  undo) TEST=undo-save ;;
  *) echo "usage: $0 [delete|undo]" >&2; exit 2 ;;
esac
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

: "${QUARRY_PYTHON:=python3}"
MIN_LINES_2D=0.002

# top_view_lines STEP: waits for the Top view to hold still, prints its lines_fraction.
top_view_lines () {
  wait_view_settled "$RTOP" "$1" > /dev/null || return 1
  lines_fraction "$SETTLED_CROP"
}

# wait_top_view empty|drawn STEP: waits until the Top view shows no map or the map.
wait_top_view () {
  local want=$1 step=$2 deadline=$((SECONDS + QUARRY_GUI_TIMEOUT)) l
  while :; do
    l=$(top_view_lines "$step")
    if [ -n "$l" ]; then
      if [ "$want" = empty ]; then lt "$l" $MIN_LINES_2D && return 0; else gt "$l" $MIN_LINES_2D && return 0; fi
    fi
    [ $SECONDS -ge $deadline ] && break
    sleep 0.3
  done
  diag "the Top view is not $want: bright pixels ${l:-?} (threshold $MIN_LINES_2D, $QUARRY_GUI_ARTEFACTS/$TEST-$step.png)"
  return 1
}

# info_field FILE FIELD: one field of quarry-cli info --json.
info_field () {
  "$QUARRY_CLI" info "$1" --json | "$QUARRY_PYTHON" -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$2"
}

# worldspawn_brushes FILE: how many brushes the worldspawn entity has.
worldspawn_brushes () {
  "$QUARRY_CLI" mesh "$1" --json | "$QUARRY_PYTHON" -c '
import json, sys
ents = json.load(sys.stdin)["entities"]
print(sum(len(e["brushes"]) for e in ents if e.get("classname") == "worldspawn"))'
}

# delete_and_save STEP FILE
delete_and_save () {
  local step=$1 name work brushes_before ws_before
  name=$(basename "$2")
  work=$GUI_TMP/$step
  mkdir -p "$work"
  cp "$2" "$work/$name"
  brushes_before=$(info_field "$work/$name" brushes)
  ws_before=$(worldspawn_brushes "$work/$name")
  diag "$name: delete everything, undo, delete again and save ($brushes_before brushes, $ws_before in worldspawn)"

  start_app "$step" "$work/$name" || { not_ok "$name: the editor shows a window"; return; }
  wait_loaded "$step-1-loaded" || { not_ok "$name: loads and draws the Top view"; stop_app; return; }
  check "$name: a freshly opened map is unmodified" [ "$(title)" = "$name – Quarry" ]

  point_at "$RTOP"
  keys ctrl+a
  keys Delete
  check "$name: Ctrl+A, Delete: the title shows the change" wait_title "*$name – Quarry"
  check "$name: the Top view is empty" wait_top_view empty "$step-2-deleted"

  keys ctrl+z
  check "$name: Ctrl+Z: back at the saved state, no '*'" wait_title "$name – Quarry"
  check "$name: the Top view shows the map again" wait_top_view drawn "$step-3-undone"

  keys ctrl+a
  keys Delete
  check "$name: Ctrl+A, Delete again: '*' again" wait_title "*$name – Quarry"
  keys ctrl+s
  local saved=0 img
  wait_title "$name – Quarry" && saved=1
  img=$(shot "$step-4-saved")
  if [ $saved = 1 ]; then
    ok "$name: Ctrl+S saves: no '*'"
  else
    not_ok "$name: Ctrl+S saves: no '*' (see $img)"
  fi
  if [ $saved = 1 ]; then
    check "$name: the file on disk changed" not_same "$2" "$work/$name"
    local brushes_after ws_after
    brushes_after=$(info_field "$work/$name" brushes)
    ws_after=$(worldspawn_brushes "$work/$name")
    check "$name: the saved file loads with fewer brushes ($brushes_before, now ${brushes_after:-unreadable})" \
      lt "${brushes_after:-999999999}" "$brushes_before"
    check "$name: no brushes left in worldspawn (now $ws_after)" [ "$ws_after" = 0 ]
  else
    not_ok "$name: the file on disk has the deletion (not saved)"
  fi
  check "$name: the editor is still running" app_alive
  stop_app
}

not_same () { ! cmp -s "$1" "$2"; }

# undo_and_save STEP FILE
undo_and_save () {
  local step=$1 name work stamp
  name=$(basename "$2")
  work=$GUI_TMP/$step
  mkdir -p "$work"
  cp "$2" "$work/$name"
  "$QUARRY_CLI" convert "$2" "$work/expected.map" || { not_ok "$name: quarry-cli convert"; return; }
  diag "$name: delete everything, undo and save"

  start_app "$step" "$work/$name" || { not_ok "$name: the editor shows a window"; return; }
  wait_loaded "$step-1-loaded" || { not_ok "$name: loads and draws the Top view"; stop_app; return; }
  point_at "$RTOP"
  keys ctrl+a
  keys Delete
  check "$name: Ctrl+A, Delete: '*'" wait_title "*$name – Quarry"
  keys ctrl+z
  check "$name: Ctrl+Z: no '*'" wait_title "$name – Quarry"
  check "$name: the Top view shows the map again" wait_top_view drawn "$step-2-undone"
  stamp=$(file_stamp "$work/$name")
  keys ctrl+s
  check "$name: Ctrl+S writes the file" wait_file_written "$work/$name" "$stamp"
  shot "$step-3-saved" > /dev/null
  check "$name: no '*' after saving" wait_title "$name – Quarry"
  if cmp -s "$work/expected.map" "$work/$name"; then
    ok "$name: the saved file equals quarry-cli convert of the original"
  else
    cp "$work/$name" "$QUARRY_GUI_ARTEFACTS/$TEST-$step-saved.map"
    cp "$work/expected.map" "$QUARRY_GUI_ARTEFACTS/$TEST-$step-expected.map"
    not_ok "$name: the saved file equals quarry-cli convert of the original (kept both as $QUARRY_GUI_ARTEFACTS/$TEST-$step-{saved,expected}.map)"
    diff "$work/expected.map" "$work/$name" | head -20 | sed 's/^/#   /'
  fi
  check "$name: the editor is still running" app_alive
  stop_app
}

if [ "$PART" = delete ]; then
  delete_and_save sample "$SAMPLE_MAP"
  if map=$(corpus_file quake/dm3.map); then
    delete_and_save dm3 "$map"
  fi
else
  undo_and_save sample "$SAMPLE_MAP"
  if map=$(corpus_file quake/dm3.map); then
    undo_and_save dm3 "$map"
  fi
fi

finish
