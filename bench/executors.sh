#!/usr/bin/env bash
# bench/executors.sh OUT TIMEOUT JOBS SET... [-- --config NAME=ARGS...] — the same craig bench run
# through each executor (issue 55): local, GNU parallel, and Slurm on a one-node cluster started
# here on 127.0.0.1 (bench/lib/local_slurm.sh) and stopped at the end. Writes OUT/local,
# OUT/parallel, OUT/slurm (results folders), OUT/compare.txt (`craig bench compare` of local
# against each other one: the tasks whose status differs) and OUT/report/index.html (all three).
# Exit status 1 when any status differs. $CRAIG is the binary (default build/craig).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
craig=${CRAIG:-$here/../build/craig}
if [ $# -lt 4 ]; then echo "usage: bench/executors.sh OUT TIMEOUT JOBS SET... [-- --config NAME=ARGS...]" >&2; exit 2; fi
out=$1 timeout=$2 jobs=$3
shift 3
sets=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do sets+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
extra=("$@")
mkdir -p "$out"
out=$(cd "$out" && pwd)
. "$here/lib/local_slurm.sh"
s=$(mktemp -d)
trap 'local_slurm_stop "$s"; rm -rf "$s"' EXIT
local_slurm_start "$s" bench || exit 1
for e in local parallel slurm; do
  args=("${sets[@]}" --out "$out/$e" --timeout "$timeout" --jobs "$jobs" --executor "$e" "${extra[@]}")
  [ "$e" = slurm ] && args+=(--slurm-partition bench)
  start=$(date +%s.%N)
  "$craig" bench run "${args[@]}" >"$out/$e.log" 2>&1 || echo "bench/executors.sh: $e: exit $?" >&2
  echo "$e: $(echo "$(date +%s.%N) - $start" | bc) s wall" | tee -a "$out/wall.txt"
done
status=0
: >"$out/compare.txt"
for e in parallel slurm; do
  "$craig" bench compare "$out/local" "$out/$e" >>"$out/compare.txt" 2>&1
  grep -Eq "^[1-9][0-9]* of [0-9]+ tasks differ" "$out/compare.txt" && status=1
done
"$craig" bench report "$out/local" "$out/parallel" "$out/slurm" --out "$out/report" >/dev/null
cat "$out/compare.txt"
exit $status
