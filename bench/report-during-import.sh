#!/bin/bash
# A report filed every two seconds while `dispatch import` writes a large Apple Health export:
# how long each report takes and whether the import was still running
# (docs/benchmarks.md#a-report-during-an-import-2026-12-04).
#
# Usage: bench/report-during-import.sh DISPATCH EXPORT.xml [FOLDER]
# EXPORT.xml: health-large.xml from `swift run -c release dispatch-bench --only "Apple Health" --keep`.
set -u
dispatch=$1
export_file=$2
folder=${3:-$(mktemp -d)}
store=$folder/store.sqlite
rm -f "$store" "$store"-*
"$dispatch" --store "$store" init > /dev/null
start=$(date +%s.%N)
"$dispatch" --store "$store" import "$export_file" --time-zone America/New_York --json \
  > "$folder/import.json" &
importer=$!
sleep 2
for i in 1 2 3 4 5; do
  t0=$(date +%s.%N)
  "$dispatch" --store "$store" report --answer 'Are you working?=yes' --no-sensors > /dev/null
  status=$?
  t1=$(date +%s.%N)
  running=$(kill -0 "$importer" 2> /dev/null && echo yes || echo no)
  printf 'report %d at %.2f s: exit %d, took %.3f s, import running: %s\n' \
    "$i" "$(echo "$t0 - $start" | bc)" "$status" "$(echo "$t1 - $t0" | bc)" "$running"
  sleep 2
done
wait "$importer"
printf 'import exit %d after %.1f s\n' $? "$(echo "$(date +%s.%N) - $start" | bc)"
