#!/usr/bin/env bash
# chc.sh CRAIG CASES — `craig chc` on the small problems of tests/chc/cases (issue 23): answers
# and exit codes per engine, witnesses (--print-witness; models re-checked by z3 when installed:
# the clauses with the model's define-funs in place of the predicates must be sat), and the
# errors: syntax (3), unsupported with FILE:LINE:COL (4), missing file and directory (6); and
# `craig verify --emit-chc` round trips (verdict = craig chc's answer = z3's).
# Prints `ok NAME` / `FAIL NAME: why` and `N passed, M failed`; exit status 1 if anything failed.
set -u
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cases=$2
source "$(dirname "$0")/lib.sh"

# file answer engines...
expect() {
  local file=$1 answer=$2
  shift 2
  for e in "$@"; do
    local name="${file%.smt2}.$e"
    if run "$name" 0 chc "$cases/$file" --engine "$e" --timeout 20; then
      if [ "$(head -1 "$tmp/out")" = "$answer" ]; then ok "$name"; else fail "$name" "expected $answer"; fi
    fi
  done
}
expect counter_int_sat.smt2 sat impact ufo portfolio
expect counter_int_unsat.smt2 unsat bmc impact ufo portfolio
expect halves_real_sat.smt2 sat portfolio
expect halves_real_unsat.smt2 unsat bmc impact ufo
expect two_preds_sat.smt2 sat bmc impact ufo
expect bool_arg.smt2 sat impact ufo
expect bool_int_real_sat.smt2 sat impact bmc
expect nonlinear_clause.smt2 sat whale portfolio
expect counter_int_unsat.smt2 unsat whale
# Engine pdr (issue 53): Int and Real, one and two predicates, Bool arguments; every generalization.
expect counter_int_sat.smt2 sat pdr
expect counter_int_unsat.smt2 unsat pdr
expect halves_real_unsat.smt2 unsat pdr
expect two_preds_sat.smt2 sat pdr
expect bool_int_real_sat.smt2 sat pdr
expect pdr_two_counters_sat.smt2 sat pdr
expect pdr_two_counters_unsat.smt2 unsat pdr
for g in mic both; do
  if run "pdr_generalize_$g" 0 chc "$cases/pdr_two_counters_sat.smt2" --engine pdr --pdr-generalize "$g" --timeout 20; then
    if [ "$(head -1 "$tmp/out")" = sat ]; then ok "pdr_generalize_$g"; else fail "pdr_generalize_$g" "not sat"; fi
  fi
done
# Engine kind (issue 53): k-induction on Int, Real, two predicates, Bool arguments; a sat answer
# from a k-induction certificate says so instead of a model.
expect counter_int_sat.smt2 sat kind
expect counter_int_unsat.smt2 unsat kind
expect halves_real_unsat.smt2 unsat kind
expect two_preds_sat.smt2 sat kind
expect bool_int_real_sat.smt2 sat kind
expect pdr_two_counters_sat.smt2 sat kind
expect pdr_two_counters_unsat.smt2 unsat kind
if run kind_witness_sat 0 chc "$cases/two_preds_sat.smt2" --engine kind --kind-invariants candidates --print-witness --timeout 20; then
  if grep -q "^; no model: 2-inductive.*the k-induction checked" "$tmp/out"; then ok kind_witness_sat; else fail kind_witness_sat "no k-induction note"; fi
fi
for s in none candidates pdr both; do
  if run "kind_invariants_$s" 0 chc "$cases/pdr_two_counters_sat.smt2" --engine kind --kind-invariants "$s" --bound 40 --timeout 20; then
    # Without invariants x == y is missing: no k is enough.
    want=sat; [ "$s" = none ] && want=unknown
    if [ "$(head -1 "$tmp/out")" = "$want" ]; then ok "kind_invariants_$s"; else fail "kind_invariants_$s" "not $want"; fi
  fi
done
# pdr's sat answer comes with a model per predicate (its converged frames), checked by z3.
if run pdr_witness_sat 0 chc "$cases/pdr_two_counters_sat.smt2" --engine pdr --print-witness --timeout 20; then
  if [ "$(grep -c '^(define-fun inv ' "$tmp/out")" = 1 ]; then ok pdr_witness_sat; else fail pdr_witness_sat "no model"; fi
  if command -v z3 >/dev/null 2>&1; then
    { echo "(set-logic HORN)"; grep '^(define-fun' "$tmp/out"; grep -v -e '^(declare-fun' -e '^(set-logic' "$cases/pdr_two_counters_sat.smt2"; } >"$tmp/model.smt2"
    if [ "$(z3 "$tmp/model.smt2" 2>&1 | head -1)" = sat ]; then ok pdr_witness_sat_z3; else fail pdr_witness_sat_z3 "z3 rejects the model"; fi
  fi
fi

# Engine tpa (issue 54, item 2): Int and Real, one and two predicates, both modes; the sat answer's
# model (its state invariant per predicate) checked by z3.
expect counter_int_sat.smt2 sat tpa
expect counter_int_unsat.smt2 unsat tpa
expect halves_real_sat.smt2 sat tpa
expect halves_real_unsat.smt2 unsat tpa
expect two_preds_sat.smt2 sat tpa
expect pdr_two_counters_unsat.smt2 unsat tpa
if run tpa_basic 0 chc "$cases/real_steps_sat.smt2" --engine tpa --tpa-mode basic --timeout 20; then
  if [ "$(head -1 "$tmp/out")" = sat ]; then ok tpa_basic; else fail tpa_basic "not sat"; fi
fi
if run tpa_witness_sat 0 chc "$cases/pdr_two_counters_sat.smt2" --engine tpa --print-witness --timeout 20; then
  if [ "$(grep -c '^(define-fun inv ' "$tmp/out")" = 1 ]; then ok tpa_witness_sat; else fail tpa_witness_sat "no model"; fi
  if command -v z3 >/dev/null 2>&1; then
    { echo "(set-logic HORN)"; grep '^(define-fun' "$tmp/out"; grep -v -e '^(declare-fun' -e '^(set-logic' "$cases/pdr_two_counters_sat.smt2"; } >"$tmp/model.smt2"
    if [ "$(z3 "$tmp/model.smt2" 2>&1 | head -1)" = sat ]; then ok tpa_witness_sat_z3; else fail tpa_witness_sat_z3 "z3 rejects the model"; fi
  fi
fi

# Engine options as for craig verify: passed on, refused for another engine.
if run engine_option 0 chc "$cases/halves_real_sat.smt2" --engine impact --itp-bool mcmillan-prime --itp-lra dual-farkas; then
  if [ "$(head -1 "$tmp/out")" = sat ]; then ok engine_option; else fail engine_option "not sat"; fi
fi
if run engine_option_other 2 chc "$cases/halves_real_sat.smt2" --engine bmc --itp-lra dual-farkas; then
  if has err "--itp-lra needs --engine impact"; then ok engine_option_other; else fail engine_option_other "no message"; fi
fi

# Acceleration (issue 54): a self-loop of two phases, 2.7*10^8 iterations, decided on the
# accelerated system by every engine of the program route; the unsafe one (2550 iterations) with a
# derivation of all 2552 clause instances, checked. --no-accelerate leaves the loop as it is.
expect accel_phases_sat.smt2 sat bmc impact pdr portfolio
expect accel_phases_unsat.smt2 unsat bmc impact pdr portfolio
if run accel_witness_sat 0 chc "$cases/accel_phases_sat.smt2" --print-witness --timeout 20; then
  # Either a model (checked on the original clauses) or the note that the accelerated system's
  # invariants were checked.
  if grep -q '^(define-fun inv ' "$tmp/out" || grep -q '^; no model: .*invariants of the accelerated system checked' "$tmp/out"; then
    ok accel_witness_sat; else fail accel_witness_sat "neither a model nor the note"; fi
fi
if run accel_witness_unsat 0 chc "$cases/accel_phases_unsat.smt2" --engine impact --print-witness --timeout 20; then
  if [ "$(grep -c '^  (step ' "$tmp/out")" = 2552 ] && has out ':head false)'; then ok accel_witness_unsat
  else fail accel_witness_unsat "not the 2552 clause instances"; fi
fi
# A diamond (alternating increments): an under-approximation next to the loop, which stays; the
# unsafe one's derivation of 1202 instances through it, the safe one's model the loop's invariant.
expect accel_diamond_unsat.smt2 unsat bmc impact pdr portfolio
expect accel_diamond_sat.smt2 sat impact pdr portfolio
if run accel_diamond_witness 0 chc "$cases/accel_diamond_unsat.smt2" --engine bmc --print-witness --stats --timeout 20; then
  if [ "$(grep -c '^  (step ' "$tmp/out")" = 1202 ] && has err "accelerate.loops-under: 1"; then ok accel_diamond_witness
  else fail accel_diamond_witness "not the 1202 clause instances through an under-approximation"; fi
fi
if run accel_diamond_model 0 chc "$cases/accel_diamond_sat.smt2" --engine impact --print-witness --timeout 20; then
  if grep -q '^(define-fun inv ' "$tmp/out"; then ok accel_diamond_model; else fail accel_diamond_model "no model"; fi
fi
if run accel_stats 0 chc "$cases/accel_phases_sat.smt2" --engine impact --stats --timeout 20; then
  if has err "accelerate.loops: 1" && has err "accelerate.phases: 2"; then ok accel_stats; else fail accel_stats "no statistics"; fi
fi
if run no_accelerate 5 chc "$cases/accel_phases_unsat.smt2" --engine bmc --no-accelerate --timeout 3; then
  if [ "$(cat "$tmp/out")" = unknown ]; then ok no_accelerate; else fail no_accelerate "not unknown"; fi
fi

# The domains of VINTA read Real variables too (more in tests/chc/vinta_real.sh).
expect halves_real_unsat.smt2 unsat vinta-box vinta-boxes

# Witnesses: a model per predicate for sat, a derivation ending in false for unsat.
if run witness_sat 0 chc "$cases/two_preds_sat.smt2" --print-witness; then
  if [ "$(grep -c '^(define-fun [pq] ' "$tmp/out")" = 2 ]; then ok witness_sat; else fail witness_sat "no model"; fi
  if command -v z3 >/dev/null 2>&1; then
    { echo "(set-logic HORN)"; grep '^(define-fun' "$tmp/out"; grep -v -e '^(declare-fun' -e '^(set-logic' "$cases/two_preds_sat.smt2"; } >"$tmp/model.smt2"
    if [ "$(z3 "$tmp/model.smt2" 2>&1 | head -1)" = sat ]; then ok witness_sat_z3; else fail witness_sat_z3 "z3 rejects the model"; fi
  fi
fi
if run witness_unsat 0 chc "$cases/halves_real_unsat.smt2" --print-witness; then
  if has out "(derivation" && has out ":head false)" && has out "(y1 (/ 15 16))"; then ok witness_unsat
  else fail witness_unsat "no derivation"; fi
fi

# Errors and unsupported input.
if run syntax_error 3 chc "$cases/syntax_error.smt2"; then
  if has err "syntax_error.smt2:3:44: unknown symbol 'y'" && [ ! -s "$tmp/out" ]; then ok syntax_error
  else fail syntax_error "message or output"; fi
fi
# (A nonlinear clause is unsupported by the linear engines; whale and the portfolio take it.)
for u in nonlinear_clause:4:1 non_horn:4:1 product:3:1 array_sort:2:18 alternation:3:31; do
  f=${u%%:*}
  if run "unsupported_$f" 4 chc "$cases/$f.smt2" --engine impact; then
    if has err "craig: unsupported: $cases/$f.smt2:${u#*:}: " && [ "$(cat "$tmp/out")" = unknown ]; then ok "unsupported_$f"
    else fail "unsupported_$f" "no position ${u#*:}"; fi
  fi
done
# craig verify --emit-chc: the large-block program as Horn clauses; the verdict round-trips
# through craig chc (TRUE = sat, FALSE = unsat) and, when installed, z3 agrees.
cat >"$tmp/wrap.c" <<'C'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int n = __VERIFIER_nondet_int(), x = 0;
  unsigned char c = 250;
  c += 10;
  if (n < 0) return 0;
  while (x < n) x++;
  if (x != n || c != 4) reach_error();
  return 0;
}
C
sed 's/c != 4)/c != 5)/' "$tmp/wrap.c" >"$tmp/wrap_false.c"
for v in wrap:TRUE:sat wrap_false:FALSE:unsat; do
  IFS=: read -r f verdict answer <<<"$v"
  if run "emit_$f" 0 verify "$tmp/$f.c" --emit-chc "$tmp/$f.smt2" --timeout 30; then
    if ! has out "Verification result: $verdict"; then fail "emit_$f" "not $verdict"
    elif run "emit_${f}_chc" 0 chc "$tmp/$f.smt2" --timeout 30 && [ "$(head -1 "$tmp/out")" = "$answer" ]; then
      ok "emit_$f"
      if command -v z3 >/dev/null 2>&1; then
        z=$(timeout 60 z3 "$tmp/$f.smt2" 2>&1 | head -1)
        if [ "$z" = "$answer" ]; then ok "emit_${f}_z3"; else fail "emit_${f}_z3" "z3 says $z"; fi
      fi
    else fail "emit_$f" "craig chc does not answer $answer"; fi
  fi
done
cat >"$tmp/mul.c" <<'C'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(); if (a * b == 7 && a == 1 && b != 7) reach_error(); return 0; }
C
if run emit_uf 0 verify "$tmp/mul.c" --emit-chc "$tmp/mul.smt2" --timeout 30; then
  if has err "--emit-chc: $tmp/mul.smt2 not written: " && [ ! -e "$tmp/mul.smt2" ]; then ok emit_uf
  else fail emit_uf "no warning, or a file"; fi
fi
if run emit_over_input 6 verify "$tmp/mul.c" --emit-chc "$tmp/mul.c"; then
  if grep -q "reach_error" "$tmp/mul.c"; then ok emit_over_input; else fail emit_over_input "input overwritten"; fi
fi

if run missing_file 6 chc "$tmp/none.smt2"; then ok missing_file; fi
if run directory 6 chc "$tmp"; then ok directory; fi
if run no_file 2 chc; then ok no_file; fi
finish
