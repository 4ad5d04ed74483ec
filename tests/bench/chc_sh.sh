#!/usr/bin/env bash
# Test of bench/chc.sh (a thin use of craig bench run, z3 an exec: configuration): on three small
# Horn problems craig (CRAIG) and z3 agree and the run exits 0 with a summary, the results folder
# of craig bench (z3's program in its manifest, every run through the harness) and its report;
# with a craig that answers unsat everywhere (tests/chc/fake_craig.sh, measured with --craig by
# the real craig's harness) the disagreement is listed and the run exits 1; engine `none` runs z3 alone, and --report on
# the merged rows of a craig-only and a z3-only run gives the same counts as the joint run (and
# a cactus plot when gnuplot is installed); an engine with options after ':' gets a column of its
# own. Usage: chc_sh.sh REPOSITORY CRAIG.
# Skipped without z3 (the disagreement needs a second solver).
set -uo pipefail
root=$1 craig=$2
if ! command -v z3 >/dev/null 2>&1; then echo "skipped: z3 not found"; exit 77; fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chc-sh-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/set"
for f in counter_int_sat counter_int_unsat two_preds_sat; do cp "$root/tests/chc/cases/$f.smt2" "$tmp/set/"; done
fail=0
export CRAIG_HARNESS=$craig
if CRAIG=$craig CHC_OUT=$tmp/real bash "$root/bench/chc.sh" "$tmp/set" 5 impact >"$tmp/real.log" 2>&1 &&
  grep -q '^| craig-impact | 2 | 1 | 0 | 0 | 0 |' "$tmp/real/summary.md" &&
  grep -q '^| z3 | 2 | 1 | 0 | 0 | 0 |' "$tmp/real/summary.md" &&
  [ "$(grep -c ',z3,\(sat\|unsat\),' "$tmp/real/results.csv")" = 3 ] &&
  grep -qx 'config.z3: exec:z3 fp.engine=spacer' "$tmp/real/bench/manifest.txt" &&
  grep -q '^program-sha256.z3: [0-9a-f]\{64\}$' "$tmp/real/bench/manifest.txt" &&
  [ "$(grep -c ',chc,\(sat\|unsat\),missing,' "$tmp/real/bench/results.csv")" = 6 ] &&
  [ "$(head -1 "$tmp/real/bench/runs/z3/set/counter_int_sat.smt2/1/command.txt")" = "$(command -v z3)" ] &&
  grep -q 'program of z3' "$tmp/real/report/index.html"; then
  echo "ok: craig and z3 agree, counts in summary.md, craig bench's folder and report"
else
  echo "FAIL: real run"; cat "$tmp/real.log" "$tmp/real/summary.md" 2>/dev/null | head -20; fail=1
fi
if CRAIG=$root/tests/chc/fake_craig.sh CHC_OUT=$tmp/fake bash "$root/bench/chc.sh" "$tmp/set" 5 impact >"$tmp/fake.log" 2>&1; then
  echo "FAIL: a wrong craig passed"; fail=1
elif grep -q '^- counter_int_sat.smt2: ' "$tmp/fake/summary.md"; then
  echo "ok: disagreements listed, exit status 1"
else
  echo "FAIL: no disagreement listed"; fail=1
fi
# One engine in two settings: options after ':' reach craig chc, one column each; a value craig
# refuses shows as error-2 in its rows.
Z3=0 CRAIG=$craig CHC_OUT=$tmp/settings bash "$root/bench/chc.sh" "$tmp/set" 5 bmc bmc:--sat-integration=online \
  >"$tmp/settings.log" 2>&1
Z3=0 CRAIG=$craig CHC_OUT=$tmp/badopt bash "$root/bench/chc.sh" "$tmp/set" 5 bmc:--sat-integration=sometimes \
  >"$tmp/badopt.log" 2>&1
if grep -q '^| craig-bmc | [0-9]* | 1 | ' "$tmp/settings/summary.md" &&
  grep -q '^| craig-bmc:--sat-integration=online | [0-9]* | 1 | ' "$tmp/settings/summary.md" &&
  [ "$(grep -c ',craig-bmc:--sat-integration=sometimes,error-2,' "$tmp/badopt/results.csv")" = 3 ]; then
  echo "ok: engine options after ':'"
else
  echo "FAIL: engine options after ':'"; cat "$tmp/settings/summary.md" "$tmp/badopt/results.csv" 2>/dev/null | head -20; fail=1
fi
# z3 alone, craig alone, merged, --report: the same summary table as the joint run.
if CRAIG=$craig CHC_OUT=$tmp/z3only bash "$root/bench/chc.sh" "$tmp/set" 5 none >"$tmp/z3only.log" 2>&1 &&
  Z3=0 CRAIG=$craig CHC_OUT=$tmp/craigonly bash "$root/bench/chc.sh" "$tmp/set" 5 impact >"$tmp/craigonly.log" 2>&1 &&
  ! grep -q ',craig-' "$tmp/z3only/results.csv" && ! grep -q ',z3,' "$tmp/craigonly/results.csv"; then
  mkdir -p "$tmp/merged"
  { cat "$tmp/craigonly/results.csv"; tail -n +2 "$tmp/z3only/results.csv"; } >"$tmp/merged/results.csv"
  cp "$tmp/craigonly/summary.md" "$tmp/merged/summary.md"
  if CRAIG=$craig bash "$root/bench/chc.sh" --report "$tmp/merged" >"$tmp/merged.log" 2>&1 &&
    diff <(grep '^| ' "$tmp/real/summary.md" | cut -d'|' -f1-7) \
      <(grep '^| ' "$tmp/merged/summary.md" | cut -d'|' -f1-7) >/dev/null; then  # counts (PAR-2 is timing)
    echo "ok: none and --report"
  else
    echo "FAIL: --report table differs"; cat "$tmp/merged.log" "$tmp/merged/summary.md" | head -20; fail=1
  fi
  if command -v gnuplot >/dev/null 2>&1 && ! grep -q '<svg' "$tmp/merged/cactus.svg" 2>/dev/null; then
    echo "FAIL: no cactus.svg"; fail=1
  fi
else
  echo "FAIL: z3-only or craig-only run"; cat "$tmp/z3only.log" "$tmp/craigonly.log" | head -20; fail=1
fi
# Nothing to run: no engine and no z3.
Z3=0 CRAIG=$craig CHC_OUT=$tmp/nothing bash "$root/bench/chc.sh" "$tmp/set" 5 none >"$tmp/nothing.log" 2>&1
if [ $? -eq 2 ] && grep -q "nothing to run" "$tmp/nothing.log"; then
  echo "ok: nothing to run is a usage error"
else
  echo "FAIL: ENGINE none with Z3=0"; cat "$tmp/nothing.log" | head -5; fail=1
fi
exit $fail
