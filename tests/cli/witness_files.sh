#!/usr/bin/env bash
# witness_files.sh CRAIG — where `craig verify --witness` may write (issue 15, defect 6).
#
# 1. --witness naming an input of the job (the C file, the task file, the property file; also
#    through a symlink or another spelling of the path) is a command-line error before any work:
#    exit code 2, `craig: error: --witness FILE names an input file`, the file unchanged
#    (byte-compared). Before the fix a TRUE result overwrote the C file with a GraphML witness.
# 2. --witness-format yaml, or a .yml/.yaml witness name, on FALSE writes the YAML 2.0
#    violation witness (entry_type violation_sequence), not GraphML; GraphML stays the default.
# Prints `ok NAME` / `FAIL NAME: why` and `N passed, M failed`; exit status 1 if anything failed.
set -u
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source "$(dirname "$0")/lib.sh"

cat > "$tmp/true.c" <<'C'
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0 && x < 0) reach_error();
  return 0;
}
C
cat > "$tmp/false.c" <<'C'
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42) reach_error();
  return 0;
}
C
echo 'CHECK( init(main()), LTL(G ! call(reach_error())) )' > "$tmp/unreach-call.prp"
cat > "$tmp/task.yml" <<'Y'
format_version: '2.0'
input_files: 'true.c'
properties:
  - property_file: unreach-call.prp
    expected_verdict: true
options:
  language: C
  data_model: ILP32
Y
ln -s true.c "$tmp/link.c"
for f in true.c false.c unreach-call.prp task.yml; do cp "$tmp/$f" "$tmp/$f.orig"; done

# refused NAME FILE-THAT-MUST-STAY WITNESS ARGS...: exit 2, the message, the file unchanged.
refused() {
  local name=$1 keep=$2 witness=$3
  shift 3
  (cd "$tmp" && timeout 60 "$craig" verify --witness "$witness" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null)
  local rc=$?
  if [ "$rc" -ne 2 ]; then fail "$name" "exit code $rc, expected 2"
  elif ! grep -qF -- "craig: error: --witness $witness names an input file" "$tmp/err"; then fail "$name" "no error message"
  elif ! cmp -s "$tmp/$keep" "$tmp/$keep.orig"; then fail "$name" "$keep was changed"
  elif [ -s "$tmp/out" ]; then fail "$name" "output although refused: $(head -c 200 "$tmp/out")"
  else ok "$name"; fi
  cp "$tmp/$keep.orig" "$tmp/$keep"
}
refused witness_is_true_c true.c true.c true.c
refused witness_is_false_c false.c false.c false.c
refused witness_is_c_other_spelling true.c ./true.c true.c
refused witness_is_symlink_to_c true.c link.c true.c
refused witness_is_c_via_symlink true.c true.c link.c
refused witness_is_c_with_format_yaml true.c true.c --witness-format yaml true.c
refused witness_is_task_file task.yml task.yml task.yml
refused witness_is_task_c_file true.c true.c task.yml
refused witness_is_task_property task.yml unreach-call.prp task.yml
refused witness_is_property_option unreach-call.prp unreach-call.prp --property unreach-call.prp true.c

# written NAME WITNESS ARGS...: exit 0 and the witness file holds what `want` says.
written() {
  local name=$1 witness=$2 want=$3
  shift 3
  rm -f "$tmp/$witness"
  (cd "$tmp" && timeout 60 "$craig" verify --witness "$witness" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null)
  local rc=$?
  if [ "$rc" -ne 0 ]; then fail "$name" "exit code $rc, expected 0"
  elif ! grep -qF -- "$want" "$tmp/$witness" 2>/dev/null; then fail "$name" "the witness lacks '$want'"
  else ok "$name"; fi
}
written false_yml_name w.yml 'entry_type: "violation_sequence"' false.c
written false_yaml_name w.yaml 'type: "function_return"' false.c
written false_format_yaml w.txt 'type: "target"' --witness-format yaml false.c
written false_graphml_default w.graphml '<data key="witness-type">violation_witness</data>' false.c
written false_format_graphml w.yml '<data key="witness-type">violation_witness</data>' --witness-format graphml false.c
written true_yml_name w.yml 'entry_type: "invariant_set"' true.c
if grep -q '<graphml' "$tmp/w.txt" 2>/dev/null; then fail false_format_yaml_not_graphml "GraphML written"
else ok false_format_yaml_not_graphml; fi

finish
