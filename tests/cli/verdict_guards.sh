#!/usr/bin/env bash
# verdict_guards.sh CRAIG — the guards in front of a verdict hold on every path to it
# (docs/architecture.md, "Where a verdict is printed"). Each check names the path it covers;
# every one of them failed on craig before its guard was added there.
set -u
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source "$(dirname "$0")/lib.sh"

cat >"$tmp/p.c" <<'C'
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 3) reach_error();
  return 0;
}
C
echo 'CHECK( init(main()), LTL(G ! overflow) )' >"$tmp/no-overflow.prp"

# ---- a program on standard input takes the property check of a named file (was TRUE, exit 0)
timeout 60 "$craig" verify - --property "$tmp/no-overflow.prp" <"$tmp/p.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 4 ]; then fail stdin_property "exit code $rc, expected 4"
elif ! has out "Verification result: UNKNOWN (unsupported property"; then fail stdin_property "no UNKNOWN line"
else ok stdin_property; fi
if run file_property 4 verify "$tmp/p.c" --property "$tmp/no-overflow.prp"; then
  if has out "unsupported property"; then ok file_property; else fail file_property "no reason"; fi
fi

# ---- standard input with the supported property still verifies
timeout 60 "$craig" verify - --engine bmc <"$tmp/p.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 0 ] || ! has out "Verification result: FALSE"; then fail stdin_verdict "exit $rc, not FALSE"
else ok stdin_verdict; fi

# ---- a task file whose only property is unsupported
cat >"$tmp/t.yml" <<'Y'
format_version: '2.0'
input_files: 'p.c'
properties:
  - property_file: ./no-overflow.prp
    expected_verdict: true
options:
  language: C
  data_model: ILP32
Y
if run task_property 4 verify "$tmp/t.yml"; then
  if has out "unsupported property"; then ok task_property; else fail task_property "no reason"; fi
fi

finish
