#!/bin/sh
# The measurement of README.md (after docs/results/pdr-2026-12-03/run.sh): every file of a CHC
# set, one at a time, each tool under `ulimit -t LIMIT` (CPU seconds) and nice -n 10; a run
# killed by the limit prints nothing and counts as unknown. Output: one line per file,
# "file tool answer wall-seconds".
#   run.sh CRAIG SET_DIR LIMIT TOOL...   TOOL: z3 | pdr | kind | kind-SOURCE (--kind-invariants SOURCE)
#                                        | kind-simple (--kind-simple-path)
#   STEP=N START=M: only every N-th file from the M-th (0-based; default all)
craig=$1; set_dir=$2; limit=$3; shift 3
step=${STEP:-1}; start=${START:-0}; i=0
for f in "$set_dir"/*.smt2; do
  i=$((i + 1))
  [ $(( (i - 1 - start) % step )) -eq 0 ] && [ $((i - 1)) -ge "$start" ] || continue
  for tool in "$@"; do
    case $tool in
      z3) cmd="z3 fp.engine=spacer $f" ;;
      pdr) cmd="$craig chc --engine pdr $f" ;;
      kind) cmd="$craig chc --engine kind $f" ;;
      kind-simple) cmd="$craig chc --engine kind --kind-simple-path $f" ;;
      kind-*) cmd="$craig chc --engine kind --kind-invariants ${tool#kind-} $f" ;;
    esac
    start_t=$(date +%s.%N)
    answer=$( (ulimit -t "$limit"; nice -n 10 $cmd 2>/dev/null | head -1) 2>/dev/null )
    end_t=$(date +%s.%N)
    [ -n "$answer" ] || answer=unknown
    echo "$(basename "$f") $tool $answer $(echo "$end_t - $start_t" | bc)"
  done
done
