#!/usr/bin/env bash
# limits.sh CRAIG — --timeout and --memory are promises (issue 50, items 4 and 5).
#
# Memory: at any --memory value every subcommand ends with its memory-limit answer (verify
# `UNKNOWN (memory limit)`, solve and chc `unknown`, testgen `Search stopped: memory limit ...`)
# and exit 5, never a crash: craig threw std::system_error from the watchdog's thread under small
# limits (exit 134), and unwinding std::bad_alloc through GMP and CaDiCaL freed numbers twice or
# aborted. Time: `--timeout T` ends the process and every portfolio member within a second of T,
# also when the output is a pipe; members died only by their own CPU limits, seconds after the
# watchdog had ended the parent, and kept the pipe open. A member killed at its CPU-time limit is
# reported as a timeout, not as `no result (signal 9)`. Prints `ok NAME` / `FAIL NAME: why` and
# `N passed, M failed`; exit status 1 if anything failed.
set -u
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
inputs=$here/inputs
examples=$here/../../examples
chc_file=$here/../chc/cases/counter_int_sat.smt2
source "$(dirname "$0")/lib.sh"
hard=$inputs/rotate_and.c

# ---- memory: memcheck NAME MB WANT_RC ARGS...: no crash; at exit 5 the limit's answer
memcheck() {
  local name=$1 mb=$2 want=$3
  shift 3
  timeout 120 "$craig" "$@" --memory "$mb" >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  if grep -q "terminate called\|GNU MP\|double free\|fatal error\|internal error" "$tmp/err"; then
    fail "$name" "crash (exit $rc)"
  elif [ -n "$want" ] && [ "$rc" -ne "$want" ]; then fail "$name" "exit code $rc, expected $want"
  elif [ "$rc" -ne 0 ] && [ "$rc" -ne 5 ]; then fail "$name" "exit code $rc"
  elif [ "$rc" -eq 5 ] && ! grep -q "memory limit" "$tmp/err"; then fail "$name" "no memory-limit message"
  elif [ "$rc" -eq 5 ] && ! limit_answer "$1"; then fail "$name" "answer '$(head -1 "$tmp/out")'"
  else ok "$name"; fi
}
limit_answer() {  # the first line of the output is the subcommand's answer at the memory limit
  local first
  first=$(head -1 "$tmp/out")
  case $1 in
    verify) [ "$first" = "Verification result: UNKNOWN (memory limit)" ] ;;
    solve | chc) [ "$first" = unknown ] || grep -qx unknown "$tmp/out" ;;
    testgen) grep -q "^Search stopped: memory limit" "$tmp/out" ;;
  esac
}
for mb in 1 2 5 10; do  # below what craig needs to start: the limit's answer at once
  memcheck "memory_verify_$mb" "$mb" 5 verify "$examples/lock.c"
  memcheck "memory_solve_$mb" "$mb" 5 solve "$examples/congruence.smt2"
  memcheck "memory_chc_$mb" "$mb" 5 chc "$chc_file"
  memcheck "memory_testgen_$mb" "$mb" 5 testgen "$examples/lock.c" --output "$tmp/suite"
done
for mb in 20 50 100; do  # enough for the small inputs: their answers, or the limit's
  memcheck "memory_verify_$mb" "$mb" "" verify "$examples/lock.c"
  memcheck "memory_solve_$mb" "$mb" "" solve "$examples/congruence.smt2"
  memcheck "memory_chc_$mb" "$mb" "" chc "$chc_file"
  memcheck "memory_testgen_$mb" "$mb" "" testgen "$examples/lock.c" --output "$tmp/suite"
done
# The limit reached in the middle of the work: inside GMP (bignum: a double free before), inside
# CaDiCaL's search (pigeons) and in an engine's unwinding (bmc deepening without end).
# A limit far above what a small task needs gives the answer no limit gives: glibc's malloc arena
# per thread (64 MiB of address space each) ended lock.c with UNKNOWN (memory limit) at 60-100 MiB.
for mb in 64 100; do
  if run "memory_ample_$mb" 0 verify --engine impact --memory "$mb" "$examples/lock.c"; then
    if has out "Verification result: FALSE"; then ok "memory_ample_$mb"; else fail "memory_ample_$mb" "'$(head -1 "$tmp/out")'"; fi
  fi
done
memcheck memory_gmp_150 150 5 solve "$inputs/bignum.smt2"
memcheck memory_cadical_20 20 5 solve --timeout 10 "$inputs/pigeons.smt2"
memcheck memory_bmc_30 30 5 verify --engine bmc --no-accelerate --timeout 20 "$inputs/nondet_loop.c"  # diverges without acceleration
# A program that needs the preprocessor: cpp inherits the limit; its death is the memory limit
# (was exit 6, "preprocessing failed: ... cc1 Segmentation fault").
for mb in 15 25 40; do
  memcheck "memory_cpp_$mb" "$mb" "" verify "$hard"
done

# ---- time: the run in a session of its own, its output through a pipe. `elapsed` is the wall
# time until the pipe closed (every writer gone), `left` the processes of the session after it.
alive() {  # alive SID: the processes of session SID that still run (zombies are ended: an init
  # that does not reap them, as in containers, leaves them in the table)
  ps -s "$1" -o pid=,stat= | awk '$2 !~ /^Z/ { printf "%s ", $1 }'
}
in_session() {  # in_session SCRIPT ARGS...: bash -c SCRIPT in a new session; sets elapsed, left
  local start end sid
  start=$(date +%s.%N)
  setsid -w bash -c 'echo $$ >"$0/sid"; '"$1" "$tmp" "${@:2}" </dev/null
  end=$(date +%s.%N)
  elapsed=$(echo "$end - $start" | bc)
  sid=$(cat "$tmp/sid")
  left=$(alive "$sid")
}
in_session '"$1" verify --timeout 3 "$2" 2>"$0/err" | cat >"$0/out"' "$craig" "$hard"
if [ "$(echo "$elapsed >= 4.5" | bc)" = 1 ]; then fail timeout_pipe "took $elapsed s with --timeout 3"
elif [ -n "$left" ]; then fail timeout_pipe "processes left: $left"
elif ! head -1 "$tmp/out" | grep -q "^Verification result: UNKNOWN (timeout after 3 s"; then
  fail timeout_pipe "verdict '$(head -1 "$tmp/out")'"
else ok timeout_pipe; fi

# The same into a file: craig itself ends in time and leaves no member behind.
in_session '"$1" verify --timeout 3 "$2" >"$0/out" 2>"$0/err"' "$craig" "$hard"
if [ "$(echo "$elapsed >= 4.5" | bc)" = 1 ]; then fail timeout_file "took $elapsed s with --timeout 3"
elif [ -n "$left" ]; then fail timeout_file "processes left: $left"
else ok timeout_file; fi

# Members die with their parent, however it ends (here SIGKILL, as the watchdog's _exit).
setsid bash -c 'echo $$ >"$0/sid"; exec "$1" verify "$2" >/dev/null 2>&1' "$tmp" "$craig" "$hard" </dev/null &
sleep 2
sid=$(cat "$tmp/sid")
members=$(alive "$sid" | wc -w)
kill -KILL "$sid"
wait 2>/dev/null
sleep 1
left=$(alive "$sid")
if [ "$members" -le 1 ]; then fail members_die_with_parent "no member was running"
elif [ -n "$left" ]; then
  fail members_die_with_parent "left after the parent's end: $left"
  kill -KILL $left 2>/dev/null
else ok members_die_with_parent; fi

# ---- a member ended by its CPU-time limit (SIGKILL 5 s after SIGXCPU, as it does not poll)
if run member_cpu_limit 0 verify --timeout 60 --portfolio "value:value-precision=all@1" "$hard"; then
  if has out "signal 9"; then fail member_cpu_limit "reported as '$(grep -o "value[^;]*signal 9)" "$tmp/out")'"
  elif ! head -1 "$tmp/out" | grep -q "value:value-precision=all@1: UNKNOWN (timeout"; then
    fail member_cpu_limit "verdict '$(head -1 "$tmp/out")'"
  else ok member_cpu_limit; fi
fi

finish
