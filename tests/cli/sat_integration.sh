#!/usr/bin/env bash
# sat_integration.sh CRAIG — `--sat-integration` and `:sat-integration`: both loops answer, on the
# command line and through set-option of craig solve, and for the engines of craig verify and
# craig chc; an unknown value is refused (exit 2).
set -uo pipefail
craig=$1
. "$(dirname "$0")/lib.sh"
# shows NAME STREAM TEXT: after a run, the check passes when STREAM has TEXT and fails otherwise.
shows() { if has "$2" "$3"; then ok "$1"; else fail "$1" "no '$3' on std$2"; fi; }
printf '(declare-const p Bool)\n(declare-const q Bool)\n(assert (or p q))\n(assert (not p))\n(check-sat)\n(get-value (q))\n' >"$tmp/a.smt2"
{ printf '(set-option :sat-integration online)\n'; cat "$tmp/a.smt2"; } >"$tmp/b.smt2"
printf '(get-option :sat-integration)\n' >"$tmp/c.smt2"
run offline 0 solve --sat-integration offline "$tmp/a.smt2" && shows offline out "((q true))"
run unknown-value 2 solve --sat-integration sometimes "$tmp/a.smt2" && shows unknown-value err "unknown value sometimes"
run online 0 solve --sat-integration online "$tmp/a.smt2" && shows online out "((q true))"
run online-set-option 0 solve "$tmp/b.smt2" && shows online-set-option out "((q true))"
run default-online 0 solve "$tmp/c.smt2" && shows default-online out "online"
# EUF disequality propagation (off by default): a != c and b = c make a = b false; either way unsat.
printf '(declare-sort U 0)\n(declare-const a U)\n(declare-const b U)\n(declare-const c U)\n(assert (not (= a c)))\n(assert (= b c))\n(assert (= a b))\n(check-sat)\n' >"$tmp/d.smt2"
run diseq-off 0 solve "$tmp/d.smt2" && shows diseq-off out "unsat"
run diseq-on 0 solve --check-proofs --euf-diseq-propagation "$tmp/d.smt2" && shows diseq-on out "unsat"
# Row propagation (off by default): x + y <= 0 and x > 0 decide y <= 0; either way unsat, and
# :lra-row-propagation reads back as set.
printf '(declare-const x Real)\n(declare-const y Real)\n(assert (<= (+ x y) 0))\n(assert (> x 0))\n(assert (or (> y 0) (> (+ x y) 1)))\n(check-sat)\n(get-option :lra-row-propagation)\n' >"$tmp/r.smt2"
run rows-off 0 solve "$tmp/r.smt2" && shows rows-off out "false"
run rows-on 0 solve --check-proofs --lra-row-propagation "$tmp/r.smt2" && shows rows-on out "true"
run rows-on-unsat 0 solve --check-proofs --lra-row-propagation "$tmp/r.smt2" && shows rows-on-unsat out "unsat"
# craig solve --stats: the solver's statistics on stderr when the script ends, also when a
# check-sat stopped at --timeout (pigeonhole 10 into 9: no answer in 1 s).
run stats 0 solve --stats "$tmp/r.smt2" && shows stats err ":online-eager-row-propagations 0"
python3 - "$tmp/php.smt2" <<'PY'
import sys
n, m = 10, 9
lines = ["(set-logic QF_UF)"]
lines += [f"(declare-const p{i}_{j} Bool)" for i in range(n) for j in range(m)]
lines += ["(assert (or " + " ".join(f"p{i}_{j}" for j in range(m)) + "))" for i in range(n)]
lines += [f"(assert (not (and p{a}_{j} p{b}_{j})))" for j in range(m) for a in range(n) for b in range(a + 1, n)]
open(sys.argv[1], "w").write("\n".join(lines + ["(check-sat)"]) + "\n")
PY
start=$(date +%s%N)
run stats-timeout 5 solve --stats --timeout 1 "$tmp/php.smt2" && shows stats-timeout err ":sat-integration \"online\""
ms=$((($(date +%s%N) - start) / 1000000))
if [ "$ms" -lt 2500 ]; then ok stats-timeout-time; else fail stats-timeout-time "took $ms ms"; fi
# verify and chc: the engines' queries in either loop, verdicts checked by the gate as always.
cat >"$tmp/safe.c" <<'C'
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() { int n = __VERIFIER_nondet_int(), x = 0; if (n < 0) return 0;
  while (x < n) x++; if (x != n) reach_error(); return 0; }
C
sed 's/x != n/x == 3/' "$tmp/safe.c" >"$tmp/unsafe.c"
for loop in offline online; do
  for engine in impact ufo bmc; do
    if [ $engine != bmc ]; then
      run verify-safe-$engine-$loop 0 verify --engine $engine --sat-integration $loop "$tmp/safe.c" &&
        shows verify-safe-$engine-$loop out "Verification result: TRUE"
    fi
    run verify-unsafe-$engine-$loop 0 verify --engine $engine --sat-integration $loop "$tmp/unsafe.c" &&
      shows verify-unsafe-$engine-$loop out "Verification result: FALSE"
  done
  run verify-chc-$loop 0 verify --engine bmc --emit-chc "$tmp/unsafe.smt2" "$tmp/unsafe.c"
  run chc-bmc-$loop 0 chc --engine bmc --sat-integration $loop "$tmp/unsafe.smt2" && shows chc-bmc-$loop out "unsat"
done
run verify-unknown-value 2 verify --sat-integration sometimes "$tmp/safe.c" &&
  shows verify-unknown-value err "unknown value sometimes"
finish
