#!/bin/sh
# The measurement of README.md: every file of a CHC set, one at a time, each tool under
# `ulimit -t LIMIT` (CPU seconds) and nice -n 10; a run killed by the limit prints nothing and
# counts as unknown. Output: one line per file and tool, "file tool answer wall-seconds".
#   run.sh CRAIG SET_DIR LIMIT TOOL...
# TOOL: z3 (Spacer), or an engine of craig chc with options after colons, e.g. pdr, tpa,
# tpa:--tpa-mode:basic (the tool's name in the output is TOOL as given).
craig=$1; set_dir=$2; limit=$3; shift 3
timed() {  # timed FILE NAME COMMAND...: one output line
  file=$1; name=$2; shift 2
  t0=$(date +%s.%N)
  out=$( (ulimit -t "$limit"; nice -n 10 "$@" 2>/dev/null | head -1) 2>/dev/null )
  echo "$(basename "$file") $name ${out:-unknown} $(echo "$(date +%s.%N) - $t0" | bc)"
}
for f in "$set_dir"/*.smt2; do
  for tool in "$@"; do
    if [ "$tool" = z3 ]; then timed "$f" z3 z3 fp.engine=spacer "$f"
    else
      engine=${tool%%:*}
      opts=$(echo "${tool#"$engine"}" | tr ':' ' ')
      # shellcheck disable=SC2086  # the options are words
      timed "$f" "$tool" "$craig" chc --engine "$engine" $opts "$f"
    fi
  done
done
