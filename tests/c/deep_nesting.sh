#!/usr/bin/env bash
# deep_nesting.sh CRAIG              — deeply nested C programs (issue 50 item 11)
# deep_nesting.sh CRAIG --task DIR   — a real SV-COMP task that nests deeply, in DIR (the svcomp
#                                      folder of the development set, or $CRAIG_SVCOMP; exit 77
#                                      without the file)
#
# Valid C is never a syntax error: nesting that machine-generated programs reach (thousands of
# blocks, else-if arms, labels, operands) is verified like any other program, and nesting beyond
# what the stack holds is UNKNOWN with the reason (exit 4), never an input error or a crash. The
# programs are generated here (the deepest are megabytes). Every check failed on craig before the
# fix (exit 3, "nesting is too deep" / "expression is too deeply nested").
set -u
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source "$(dirname "$0")/../cli/lib.sh"

if [ "${2:-}" = --task ]; then
  # pals_floodmax.5.2 (seq-mthreaded-reduced, 10,530 lines, expected FALSE) nests 695 blocks and
  # 1,100 else-if arms. Within a few seconds craig finds no verdict; it must read the program.
  task=${CRAIG_SVCOMP:-$3}/c/seq-mthreaded-reduced/pals_floodmax.5.2.ufo.UNBOUNDED.pals.c.v+lhb-reducer.yml
  [ -f "$task" ] || { echo "skipped: no file $task"; exit 77; }
  timeout 60 "$craig" verify --timeout 3 "$task" >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  if has out "Verification result: TRUE"; then fail svcomp_task "TRUE, expected FALSE"
  elif [ "$rc" -eq 0 ] && has out "Verification result: FALSE"; then ok svcomp_task
  elif [ "$rc" -eq 5 ] && has out "UNKNOWN (timeout"; then ok svcomp_task
  else fail svcomp_task "exit code $rc: neither FALSE nor a timeout"; fi
  finish
  exit
fi

# gen NAME PYTHON-EXPRESSION: writes $tmp/NAME.c, main's body being the expression's value (with
# `a`, an input that is 0 or 1, and `r(s, n)` = s repeated n times).
gen() {
  python3 - "$tmp/$1.c" "$2" <<'PY'
import sys
r = lambda s, n: s * n
body = eval(sys.argv[2])
with open(sys.argv[1], "w") as f:
    f.write("extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
            "int main(void) {\n  int a = __VERIFIER_nondet_int();\n  if (a < 0 || a > 1) return 0;\n"
            + body + "\n  return 0;\n}\n")
PY
}

# verdict NAME WORD [ARGS...]: craig verify ARGS $tmp/NAME.c answers WORD (exit 0).
verdict() {
  local name=$1 word=$2
  shift 2
  run "$name" 0 verify --timeout 30 "$@" "$tmp/$name.c" || return
  if has out "Verification result: $word"; then ok "$name"; else fail "$name" "expected $word"; fi
}

# unsupported NAME [ARGS...]: UNKNOWN because of the nesting (exit 4), the reason given.
unsupported() {
  local name=$1
  shift
  run "$name" 4 verify --timeout 30 "$@" "$tmp/$name.c" || return
  if has out "Verification result: UNKNOWN (unsupported:" && has out "too deep"; then ok "$name"
  else fail "$name" "expected UNKNOWN (unsupported: ... too deep...)"; fi
}

# Nesting that real programs reach: verified.
gen ifs_false 'r("if (a) {", 3000) + "reach_error();" + r("}", 3000)'
verdict ifs_false FALSE
gen ifs_true 'r("if (a > 0) {", 3000) + "if (a <= 0) reach_error();" + r("}", 3000)'
verdict ifs_true TRUE
gen else_if_false 'r("if (a == 2) ; else ", 3000) + "reach_error();"'
verdict else_if_false FALSE
gen labels_false '"".join("l%d: " % i for i in range(3000)) + "reach_error();"'
verdict labels_false FALSE
gen sum_true '"int s = a" + r(" + a", 4999) + "; if (a == 1 && s != 5000) reach_error();"'
verdict sum_true TRUE
gen parens_true '"if (" + r("(", 1500) + "a" + r(")", 1500) + " != a) reach_error();"'
verdict parens_true TRUE

# Beyond the stack (1 GiB: 16,384 parentheses, 131,072 blocks or operands; a quarter of --memory
# on the smaller stack): UNKNOWN with the reason.
gen parens_adversarial '"return " + r("(", 100000) + "a" + r(")", 100000) + ";"'
unsupported parens_adversarial
gen blocks_adversarial 'r("{", 150000) + r("}", 150000)'
unsupported blocks_adversarial
gen sum_adversarial '"return a" + r(" + a", 150000) + ";"'
unsupported sum_adversarial
gen blocks_small_stack 'r("{", 20000) + "reach_error();" + r("}", 20000)'
unsupported blocks_small_stack --memory 400
# The same program fits the default stack.
cp "$tmp/blocks_small_stack.c" "$tmp/blocks_false.c"
verdict blocks_false FALSE

finish
