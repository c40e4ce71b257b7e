#!/bin/bash
# open-clean: opening maps leaves no GLib/GTK warning in the editor's log (lib.sh checks
# each log when the editor stops).
#  - The corpus's quake3/forlorn.map (Quake 3, patches kept as blocks): it loads, the title
#    names it and the Top view draws it. (Its status message once asked a label for a
#    negative width.)
#  - A map named junk<FF>.map with the bytes FF FE inside a number: an error dialog opens and
#    the editor keeps running; quarry-cli reports the same file:line:column with the bytes
#    as "\xFF\xFE", valid UTF-8. (The raw bytes of the message and of the name once reached
#    the dialog's labels: Pango warnings.)
TEST=open-clean
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

if map=$(corpus_file quake3/forlorn.map); then
  if start_app forlorn "$map" && wait_loaded forlorn-loaded; then
    check "forlorn.map: the title names it" [ "$(title)" = "forlorn.map – Quarry" ]
    check "forlorn.map: the editor is still running" app_alive
  else
    not_ok "forlorn.map: loads and draws the Top view"
  fi
  stop_app
fi

valid_utf8 () { iconv -f UTF-8 -t UTF-8 <<< "$1" > /dev/null 2>&1; }

junk=$GUI_TMP/$'junk\xff.map'
printf '{\n"classname" "worldspawn"\n{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1\xff\xfe 0 ) a 0 0 0 1 1\n}\n}\n' > "$junk"
expected="quarry-cli: $GUI_TMP/junk\\xFF.map:4:25: expected a number, found “1\\xFF\\xFE”"
cli_message=$("$QUARRY_CLI" info "$junk" 2>&1 > /dev/null)
check "quarry-cli: '$expected' (said: $cli_message)" [ "$cli_message" = "$expected" ]
check "quarry-cli: the message is valid UTF-8" valid_utf8 "$cli_message"

if start_app junk "$junk"; then
  if dlg=$(wait_dialog); then
    ok "junk\\xFF.map: an error dialog opens ($(wait_window_drawn "$dlg" junk-error))"
    check "junk\\xFF.map: the editor is still running" app_alive
    window_keys "$dlg" Return
    check "junk\\xFF.map: Return closes the dialog" wait_window_gone "$dlg"
  else
    not_ok "junk\\xFF.map: an error dialog opens ($(shot junk-error))"
  fi
else
  not_ok "junk\\xFF.map: the editor shows a window"
fi
stop_app

finish
