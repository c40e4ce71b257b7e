#!/bin/sh
# po/POTFILES.in lists, sorted, every source and .ui file with translatable
# strings and the data files gettext reads (desktop, schema, metainfo).
set -eu
cd "$1"
listed=$(grep -v '^#' po/POTFILES.in | grep -v '^$')
sorted=$(printf '%s\n' "$listed" | LC_ALL=C sort)
if [ "$listed" != "$sorted" ]; then
  echo "po/POTFILES.in is not sorted"
  exit 1
fi
wanted=$( { ls data/*.desktop.in data/*.gschema.xml data/*.metainfo.xml
            grep -rl -e '_("' -e 'translatable="yes"' src ui 2>/dev/null || true; } | LC_ALL=C sort -u)
if [ "$listed" != "$wanted" ]; then
  echo "po/POTFILES.in is out of date; it should read:"
  printf '%s\n' "$wanted"
  exit 1
fi
echo "1..1"
echo "ok 1 po/POTFILES.in lists every file with translatable strings"
