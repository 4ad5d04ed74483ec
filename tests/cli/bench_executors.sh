#!/usr/bin/env bash
# bench_executors.sh CRAIG TASKS parallel|slurm — craig bench run's executors (issue 55 item 4) on
# the tiny tasks of tests/bench/craig_bench (TASKS), two configurations with limits, against the
# local executor's run of the same: identical statuses (craig bench compare), every run made by a
# `craig bench execute` worker (its measurement file, the host in the result XML); with z3
# installed, an external configuration (z3=exec:z3 ...) on the CHC tasks likewise: the request
# carries z3's full command line, the statuses equal the local executor's.
#   parallel: GNU parallel on this machine, and through --hosts with the sshlogin ':' (this machine).
#   slurm:    a real single-node Slurm cluster started here for the test (munged, slurmctld and
#             slurmd from Debian's packages, on 127.0.0.1 only, configuration, state and logs in a
#             temporary folder, stopped at the end), one job array in chunks of two runs.
# Exit 77 (skipped) without the task folder or without the mode's programs.
set -u
craig=$1
tasks=$2
mode=$3
[ -d "$tasks/tasks" ] || { echo "skipped: no task folder $tasks"; exit 77; }
case "$mode" in
  parallel) need="parallel" ;;
  slurm) need="munged slurmctld slurmd sbatch scancel sinfo" ;;
  *) echo "usage: bench_executors.sh CRAIG TASKS parallel|slurm" >&2; exit 2 ;;
esac
for p in $need; do
  command -v "$p" >/dev/null 2>&1 || [ -x "/usr/sbin/$p" ] || { echo "skipped: $p is not installed"; exit 77; }
done
export PATH="$PATH:/usr/sbin"
. "$(dirname "$0")/lib.sh"
bench() { timeout 300 "$craig" bench "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
configs=(--timeout 3 --memory 2000 --config default= --config "bmc=--engine bmc --no-accelerate")

# The same statuses as the local run, each run through a worker.
same_as_local() {  # same_as_local NAME DIR
  local name=$1 dir=$2
  if [ "$rc" -ne 0 ]; then fail "$name" "exit $rc"; return; fi
  local runs measured
  runs=$(find "$dir/runs" -name result.txt | wc -l)
  measured=$(find "$dir/runs" -name measurement.txt | wc -l)
  if [ "$runs" -ne 12 ] || [ "$measured" -ne 12 ]; then
    fail "$name" "$runs run records, $measured measurements (12 each expected)"
    return
  fi
  if ! grep -q 'title="host" value="' "$dir/results.default.xml"; then fail "$name" "no host column"; return; fi
  bench compare "$local" "$dir"
  if [ "$rc" -eq 0 ] && [ "$(grep -c '^0 of 6 tasks differ in status$' "$tmp/out")" -eq 2 ]; then
    ok "$name"
  else
    fail "$name" "statuses differ from the local executor's (exit $rc)"
  fi
}

local=$tmp/local
bench run "$tasks/tasks" --out "$local" "${configs[@]}" --jobs 2
if [ "$rc" -eq 0 ]; then ok local_run; else fail local_run "exit $rc"; fi

# external_same_as_local NAME EXECUTOR-ARGS...: z3 beside craig on the CHC tasks through the
# executor, against the local run of the same.
ext_configs=(--timeout 10 --config default= --config "z3=exec:z3 fp.engine=spacer")
external_same_as_local() {
  local name=$1
  shift
  command -v z3 >/dev/null 2>&1 || { echo "skip $name: z3 not installed"; return; }
  [ -d "$tmp/xlocal" ] || bench run "$tasks/chc" --out "$tmp/xlocal" "${ext_configs[@]}"
  bench run "$tasks/chc" --out "$tmp/x-$name" "${ext_configs[@]}" --jobs 2 "$@"
  if [ "$rc" -ne 0 ]; then fail "$name" "exit $rc"; return; fi
  local req=$tmp/x-$name/runs/z3/chc/counter_safe.smt2/1/request.txt
  if [ "$(find "$tmp/x-$name/runs" -name measurement.txt | wc -l)" -ne 4 ] ||
     ! grep -qx "argv.0: $(command -v z3)" "$req" || ! grep -qx "argv.1: fp.engine=spacer" "$req"; then
    fail "$name" "no worker measurements or no full command in $req"
    return
  fi
  bench compare "$tmp/xlocal" "$tmp/x-$name"
  if [ "$rc" -eq 0 ] && [ "$(grep -c '^0 of 2 tasks differ in status$' "$tmp/out")" -eq 2 ] &&
     grep -q '^z3,chc/counter_unsafe.smt2,1,chc,unsat,correct,' "$tmp/x-$name/results.csv"; then
    ok "$name"
  else
    fail "$name" "statuses differ from the local executor's (exit $rc)"
  fi
}

if [ "$mode" = parallel ]; then
  bench run "$tasks/tasks" --out "$tmp/p" "${configs[@]}" --jobs 2 --executor parallel
  same_as_local parallel_same_statuses "$tmp/p"
  external_same_as_local parallel_external --executor parallel
  echo ":" >"$tmp/hosts"
  bench run "$tasks/tasks" --out "$tmp/h" "${configs[@]}" --jobs 2 --executor parallel --hosts "$tmp/hosts"
  same_as_local parallel_hosts_same_statuses "$tmp/h"
  bench run "$tasks/tasks" --out "$tmp/bad" "${configs[@]}" --executor local --hosts "$tmp/hosts"
  if [ "$rc" -eq 2 ] && grep -q "hosts is an option of --executor parallel" "$tmp/err"; then ok hosts_needs_parallel
  else fail hosts_needs_parallel "exit $rc"; fi
  bench run "$tasks/tasks" --out "$tmp/bad2" "${configs[@]}" --executor parallel --hosts "$tmp/no-such-file"
  if [ "$rc" -eq 2 ] && grep -q "no such file" "$tmp/err"; then ok hosts_missing; else fail hosts_missing "exit $rc"; fi
  # A resumed run through the executor makes only the missing runs.
  rm -rf "$tmp/p/runs/bmc"
  bench run --resume "$tmp/p" --executor parallel --jobs 2
  if [ "$rc" -eq 0 ] && grep -q "6 runs to make, 6 finished before" "$tmp/out"; then
    same_as_local parallel_resume "$tmp/p"
  else
    fail parallel_resume "exit $rc"
  fi
  finish
  exit
fi

# ---- Slurm: a cluster of one node on 127.0.0.1, for this test only (bench/lib/local_slurm.sh)
. "$(dirname "$0")/../../bench/lib/local_slurm.sh"
s=$tmp/slurm
stop_cluster() {
  local_slurm_stop "$s"
  rm -rf "$tmp"
}
trap stop_cluster EXIT
if local_slurm_start "$s" craigtest 2>"$tmp/why"; then ok slurm_cluster
else fail slurm_cluster "$(cat "$tmp/why")"; finish; exit; fi

bench run "$tasks/tasks" --out "$tmp/sl" "${configs[@]}" --jobs 2 --executor slurm --slurm-chunk 2 --slurm-partition craigtest
same_as_local slurm_same_statuses "$tmp/sl"
external_same_as_local slurm_external --executor slurm --slurm-partition craigtest
if grep -q "^#SBATCH --array=0-5%2$" "$tmp/sl/executor/job.sh" && [ "$(ls "$tmp/sl/executor"/slurm-*.out 2>/dev/null | wc -l)" -eq 6 ]; then
  ok slurm_one_array_in_chunks
else
  fail slurm_one_array_in_chunks "$(grep array "$tmp/sl/executor/job.sh")"
fi
bench run "$tasks/tasks" --out "$tmp/bad" "${configs[@]}" --slurm-chunk 2
if [ "$rc" -eq 2 ] && grep -q "options of --executor slurm" "$tmp/err"; then ok slurm_options_need_slurm
else fail slurm_options_need_slurm "exit $rc"; fi
finish
