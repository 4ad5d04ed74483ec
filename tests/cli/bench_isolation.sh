#!/usr/bin/env bash
# bench_isolation.sh CRAIG TASKS choice|enforce — craig bench run --isolation (issue 55 item 1) on
# the tiny tasks of tests/bench/craig_bench (TASKS).
#   choice:  --isolation rlimits works and the manifest says so; --isolation cgroup2 is refused
#            (exit 2, naming what is missing) where cgroups v2 are not usable, and auto then picks
#            rlimits (with a note), else both take cgroup2; --resume refuses another isolation only
#            when --isolation asks for it.
#   enforce: a memory hog (an exec: configuration, `tail /dev/zero`) under --isolation cgroup2
#            --memory 100 is OUT OF MEMORY (the kernel's OOM kill in its cgroup). craig must be
#            alone in its cgroup: when it is not (under ctest it never is) the run is retried in a
#            scope of its own (systemd-run --user --scope -p Delegate=yes); exit 77 (skipped) with
#            the reason when cgroups v2 are not usable either way.
# Exit 77 (skipped) without the task folder.
set -u
craig=$1
tasks=$2
mode=$3
[ -d "$tasks/tasks" ] && [ -d "$tasks/chc" ] || { echo "skipped: no task folder $tasks"; exit 77; }
. "$(dirname "$0")/lib.sh"
bench() { timeout 120 "$craig" bench "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
task=$tasks/tasks/straight_true.yml
missing="--isolation cgroup2: cgroups v2 are not usable here: "

case "$mode" in
choice)
  bench run "$task" --out "$tmp/r" --timeout 5 --isolation rlimits
  if [ "$rc" -eq 0 ] && grep -qx "isolation: rlimits" "$tmp/r/manifest.txt" &&
     grep -q '^default,straight_true.yml,1,verify,true,correct,' "$tmp/r/results.csv"; then
    ok rlimits
  else
    fail rlimits "exit $rc"
  fi
  bench run "$task" --out "$tmp/c" --timeout 5 --isolation cgroup2
  if [ "$rc" -eq 2 ]; then
    if grep -qF -- "$missing" "$tmp/err" && [ -n "$(sed -n "s/.*$missing//p" "$tmp/err")" ] && [ ! -e "$tmp/c" ]; then
      ok cgroup2_refused_here
    else
      fail cgroup2_refused_here "no reason given"
    fi
    used=rlimits
  elif [ "$rc" -eq 0 ] && grep -qx "isolation: cgroup2" "$tmp/c/manifest.txt"; then
    ok cgroup2_usable_here
    used=cgroup2
  else
    fail cgroup2 "exit $rc"
    used=rlimits
  fi
  bench run "$task" --out "$tmp/a" --timeout 5
  if [ "$rc" -eq 0 ] && grep -qx "isolation: $used" "$tmp/a/manifest.txt" &&
     { [ "$used" = cgroup2 ] || grep -q "note: runs isolated with rlimits (cgroups v2: " "$tmp/err"; }; then
    ok "auto_picks_$used"
  else
    fail auto "exit $rc, $(grep isolation "$tmp/a/manifest.txt")"
  fi
  # --resume: the same isolation, or none asked for, continues; another one asked for is refused.
  bench run --resume "$tmp/r" --isolation rlimits
  if [ "$rc" -eq 0 ]; then ok resume_same; else fail resume_same "exit $rc"; fi
  sed -i 's/^isolation: rlimits$/isolation: cgroup9/' "$tmp/r/manifest.txt"
  bench run --resume "$tmp/r" --isolation rlimits
  if [ "$rc" -eq 2 ] && has err "runs were made with isolation cgroup9, --isolation asks for rlimits"; then
    ok resume_refuses_asked_other
  else
    fail resume_refuses_asked_other "exit $rc"
  fi
  bench run --resume "$tmp/r"
  if [ "$rc" -eq 0 ] && has err "runs were made with isolation cgroup9, these with $used"; then
    ok resume_auto_notes_other
  else
    fail resume_auto_notes_other "exit $rc"
  fi
  sed -i '/^isolation: /d' "$tmp/r/manifest.txt"  # a folder made before the key: rlimits
  bench run --resume "$tmp/r" --isolation rlimits
  if [ "$rc" -eq 0 ]; then ok resume_old_folder; else fail resume_old_folder "exit $rc"; fi
  bench run "$task" --out "$tmp/x" --isolation cgroups
  if [ "$rc" -eq 2 ]; then ok unknown_isolation; else fail unknown_isolation "exit $rc"; fi
  finish
  ;;
enforce)
  mkdir -p "$tmp/bin"
  printf '#!/bin/sh\n[ "${1:-}" = --version ] && { echo "hog 1"; exit 0; }\nexec tail /dev/zero\n' >"$tmp/bin/hog"
  chmod +x "$tmp/bin/hog"
  args=(bench run "$tasks/chc/counter_safe.smt2" --out "$tmp/h" --timeout 20 --memory 100 --isolation cgroup2
        --config "hog=exec:hog")
  PATH="$tmp/bin:$PATH" timeout 120 "$craig" "${args[@]}" >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  if [ "$rc" -eq 2 ] && has err "$missing" && command -v systemd-run >/dev/null 2>&1; then
    why=$(sed -n "s/.*$missing//p" "$tmp/err")
    rm -rf "$tmp/h"
    PATH="$tmp/bin:$PATH" timeout 120 systemd-run --user --scope --quiet -p Delegate=yes \
      "$craig" "${args[@]}" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
  fi
  if [ "$rc" -ne 0 ] && grep -qF -- "$missing" "$tmp/err"; then
    echo "skipped: $(sed -n "s/.*$missing//p" "$tmp/err")"
    exit 77
  fi
  if [ "$rc" -ne 0 ] && [ -n "${why:-}" ]; then
    echo "skipped: ${why} (and systemd-run --user --scope failed: $(head -c 300 "$tmp/err"))"
    exit 77
  fi
  if [ "$rc" -eq 0 ] && grep -qx "isolation: cgroup2" "$tmp/h/manifest.txt" &&
     grep -q '^hog,[^,]*counter_safe.smt2,1,chc,OUT OF MEMORY,error,' "$tmp/h/results.csv"; then
    ok memory_hog_out_of_memory
  else
    fail memory_hog_out_of_memory "exit $rc, $(grep '^hog' "$tmp/h/results.csv" 2>/dev/null)"
  fi
  finish
  ;;
*) echo "usage: bench_isolation.sh CRAIG TASKS choice|enforce" >&2; exit 2 ;;
esac
