#!/bin/sh
# The measurement of README.md: every file of a CHC set, one at a time, each tool under
# `ulimit -t LIMIT` (CPU seconds) and nice -n 10; a run killed by the limit prints nothing and
# counts as unknown. Output: one line per file, "file tool answer cpu-seconds".
#   run.sh CRAIG SET_DIR LIMIT TOOL...      TOOL: z3 | impact | pdr | pdr-itp | pdr-both | pdr-mic | pdr-lra-SYSTEM (--itp-lra SYSTEM)
craig=$1; set_dir=$2; limit=$3; shift 3
for f in "$set_dir"/*.smt2; do
  for tool in "$@"; do
    case $tool in
      z3) cmd="z3 fp.engine=spacer $f" ;;
      impact) cmd="$craig chc --engine impact $f" ;;
      pdr) cmd="$craig chc --engine pdr $f" ;;
      pdr-lra-*) cmd="$craig chc --engine pdr --itp-lra ${tool#pdr-lra-} $f" ;;
      pdr-*) cmd="$craig chc --engine pdr --pdr-generalize ${tool#pdr-} $f" ;;
    esac
    start=$(date +%s.%N)
    answer=$( (ulimit -t "$limit"; nice -n 10 $cmd 2>/dev/null | head -1) 2>/dev/null )
    end=$(date +%s.%N)
    [ -n "$answer" ] || answer=unknown
    echo "$(basename "$f") $tool $answer $(echo "$end - $start" | bc)"
  done
done
