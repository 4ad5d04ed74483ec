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

# ---- a program on standard input is named <stdin> (issue 50 item 13; was the temporary copy's
# path, /tmp/craig-stdin-…/stdin.c): in the path, the witness, syntax errors and cpp's errors
if has out "reach_error is called at <stdin>:5:" && ! grep -q "craig-stdin" "$tmp/out" "$tmp/err"; then
  ok stdin_name
else fail stdin_name "locations do not read <stdin>:LINE:COL"; fi
printf '#include <stdio.h>\nint main(void) {\n  int x = ;\n}\n' >"$tmp/bad.c"
timeout 60 "$craig" verify - <"$tmp/bad.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 3 ] && has err "<stdin>:3:" && ! grep -q "craig-stdin" "$tmp/err"; then ok stdin_syntax_error
else fail stdin_syntax_error "exit $rc, the error does not name <stdin>:3"; fi
printf '#include "no-such-header.h"\nint main(void) { return 0; }\n' >"$tmp/bad.c"
timeout 60 "$craig" verify - <"$tmp/bad.c" >"$tmp/out" 2>"$tmp/err"
if has err "<stdin>" && ! grep -q "craig-stdin" "$tmp/err"; then ok stdin_cpp_error
else fail stdin_cpp_error "cpp's error does not name <stdin>"; fi
timeout 60 "$craig" verify - --engine bmc --witness "$tmp/w.yml" <"$tmp/p.c" >"$tmp/out" 2>"$tmp/err"
if grep -q 'file_name: "<stdin>"' "$tmp/w.yml" 2>/dev/null && ! grep -q "craig-stdin" "$tmp/w.yml"; then
  ok stdin_witness_name
else fail stdin_witness_name "the witness does not name <stdin>"; fi

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
