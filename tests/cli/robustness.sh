#!/usr/bin/env bash
# robustness.sh CRAIG — the command line's contract on bad input, limits and signals (issue 15).
#
# Each check runs craig on an input of tests/cli/inputs (or a file it makes) and states the exit
# code and the text it must print. A check names the defect it guards; every one of them failed
# on craig before its fix. Prints `ok NAME` / `FAIL NAME: why` and the closing line
# `N passed, M failed`; exit status 1 if anything failed.
set -u
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
inputs=$here/inputs
source "$(dirname "$0")/lib.sh"

# ---- defect 3: GMP's allocations go through craig's out-of-memory path (was abort, exit 134)
if run gmp_out_of_memory 5 solve --memory 300 "$inputs/bignum.smt2"; then
  if has err "GNU MP"; then fail gmp_out_of_memory "GMP aborted"
  elif ! has err "memory limit"; then fail gmp_out_of_memory "no memory-limit message"
  else ok gmp_out_of_memory; fi
fi

# ---- defect 4: SIGINT / SIGTERM end the run with UNKNOWN (interrupted), statistics, exit 5
interrupt() {  # interrupt NAME SIGNAL ARGS...: sends SIGNAL after 1 s; must end within 6 s
  local name=$1 sig=$2
  shift 2
  "$craig" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null &
  local pid=$!
  sleep 1
  kill -"$sig" "$pid"
  local waited=0
  while kill -0 "$pid" 2>/dev/null && [ $waited -lt 60 ]; do sleep 0.1; waited=$((waited + 1)); done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid"
    fail "$name" "still running 6 s after SIG$sig"
    return 1
  fi
  wait "$pid"
  rc=$?
  [ "$rc" -eq 5 ] || { fail "$name" "exit code $rc, expected 5"; return 1; }
}
# nondet_loop.c diverges under bmc only without acceleration (its loop is a translation).
if interrupt interrupt_verify INT verify --engine bmc --no-accelerate "$inputs/nondet_loop.c"; then
  if ! head -1 "$tmp/out" | grep -q "^Verification result: UNKNOWN (interrupted at bound [0-9]*)$"; then
    fail interrupt_verify "verdict line '$(head -1 "$tmp/out")'"
  elif ! has out "bmc.bound:"; then fail interrupt_verify "no statistics"
  else ok interrupt_verify; fi
fi
if interrupt interrupt_verify_impact TERM verify --engine impact --bound 0 "$inputs/diverge_impact.c"; then
  if ! head -1 "$tmp/out" | grep -q "^Verification result: UNKNOWN (interrupted"; then
    fail interrupt_verify_impact "verdict line '$(head -1 "$tmp/out")'"
  else ok interrupt_verify_impact; fi
fi
if interrupt interrupt_solve TERM solve "$inputs/pigeons.smt2"; then
  if [ "$(cat "$tmp/out")" != "unknown" ]; then fail interrupt_solve "output '$(head -c 200 "$tmp/out")'"
  else ok interrupt_solve; fi
fi

# ---- the time limit while the answer is printed: one verdict line, never a second (UNKNOWN)
# one. The witness goes to a FIFO nobody reads, so the run blocks after its verdict line until
# the watchdog ends it; before the fix the watchdog printed "UNKNOWN (timeout ...)" as well (a
# benchmark run showed two verdict lines).
mkfifo "$tmp/blocked.graphml"
"$craig" verify --engine bmc --timeout 1 --witness "$tmp/blocked.graphml" "$inputs/bom_false.c" >"$tmp/out" 2>"$tmp/err" </dev/null &
pid=$!
waited=0
while kill -0 "$pid" 2>/dev/null && [ $waited -lt 250 ]; do sleep 0.1; waited=$((waited + 1)); done
if kill -0 "$pid" 2>/dev/null; then
  kill -KILL "$pid"
  fail limit_after_verdict "still running 25 s after the start (time limit 1 s)"
elif [ "$(grep -c "^Verification result" "$tmp/out")" != 1 ]; then
  fail limit_after_verdict "verdict lines: $(grep "^Verification result" "$tmp/out" | tr '\n' '|')"
else
  ok limit_after_verdict
fi
wait "$pid" 2>/dev/null
rm -f "$tmp/blocked.graphml"

# ---- defect 5: input handling
mkdir -p "$tmp/dir.c" "$tmp/dir.smt2"
if run directory_verify 6 verify "$tmp/dir.c"; then
  has err "is a directory" && ok directory_verify || fail directory_verify "no 'is a directory'"
fi
if run directory_verify_json 6 verify --json "$tmp/dir.c"; then
  tail -1 "$tmp/out" | grep -q '"result":"ERROR","reason":".*is a directory' && ok directory_verify_json ||
    fail directory_verify_json "no JSON line"
fi
if run directory_solve 6 solve "$tmp/dir.smt2"; then
  has err "is a directory" && ok directory_solve || fail directory_solve "no 'is a directory'"
fi
if run preprocessor_error 3 verify "$inputs/error_directive.c"; then
  if ! has err "error_directive.c:1:2: preprocessor: #error this configuration is not supported"; then
    fail preprocessor_error "message"
  elif has err "^" || has err "|"; then fail preprocessor_error "gcc's source echo in the message"
  else ok preprocessor_error; fi
fi
if run preprocessor_missing_header 3 verify "$inputs/missing_header.c"; then
  has err "missing_header.c:1:10: preprocessor: no_such_header.h: No such file or directory" &&
    ok preprocessor_missing_header || fail preprocessor_missing_header "message"
fi
if run byte_order_mark 0 verify "$inputs/bom_false.c"; then
  head -1 "$tmp/out" | grep -q "^Verification result: FALSE$" && ok byte_order_mark ||
    fail byte_order_mark "verdict '$(head -1 "$tmp/out")'"
fi
timeout 60 "$craig" verify - <"$inputs/bom_false.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 0 ]; then fail verify_stdin "exit code $rc"
elif ! head -1 "$tmp/out" | grep -q "^Verification result: FALSE$"; then fail verify_stdin "verdict"
else ok verify_stdin; fi

# ---- defect 8: messages and the command line
if run timeout_reason 5 verify --engine bmc --no-accelerate --timeout 1 "$inputs/nondet_loop.c"; then
  head -1 "$tmp/out" | grep -q "^Verification result: UNKNOWN (timeout after 1 s at bound [0-9]*)$" &&
    ok timeout_reason || fail timeout_reason "verdict line '$(head -1 "$tmp/out")'"
fi
run negative_timeout 2 verify --timeout -1 "$inputs/nondet_loop.c" && ok negative_timeout
run negative_memory 2 solve --memory -1 "$inputs/pigeons.smt2" && ok negative_memory
run verify_refuses_solver_tuning 2 verify --lia-branch-budget 5 "$inputs/nondet_loop.c" &&
  ok verify_refuses_solver_tuning
printf 'int main(void) { return 0 }\n' >"$tmp/syntax.c"
if run json_on_syntax_error 3 verify --json "$tmp/syntax.c"; then
  tail -1 "$tmp/out" | grep -q '^{"result":"ERROR","reason":".*syntax.c:1:' && ok json_on_syntax_error ||
    fail json_on_syntax_error "last line '$(tail -1 "$tmp/out")'"
fi
if run help_defaults 0 verify --help; then
  if has out "{false}"; then fail help_defaults "a flag shown as {false}"
  elif ! has out "--timeout FLOAT:NONNEGATIVE=0" || ! has out "--recursion-depth UINT=3" ||
    ! has out "--bound UINT=0"; then fail help_defaults "a default missing"
  else ok help_defaults; fi
fi

finish
