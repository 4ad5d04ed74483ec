#!/usr/bin/env bash
# check_model.sh CRAIG FILE...
#
# Runs `CRAIG solve FILE` and checks every model it prints (one per get-model) with z3: the
# model's define-funs, abstract values as pairwise distinct fresh constants, and the assertions
# active at that get-model (see model_query.sh) must be satisfiable together. Every get-model
# of FILE must follow a sat answer and yield a model; craig must exit with 0.
#
# Prints one line per file and a summary `N passed, M failed`; exit status 1 if anything
# failed. Skips (exit 77, ctest's SKIP_RETURN_CODE, "skipped: z3 not found") when z3 is absent.
# Failing scripts, outputs and queries are kept under a temporary directory (printed).
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: check_model.sh CRAIG FILE..." >&2
  exit 2
fi
craig=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v z3 >/dev/null 2>&1; then
  echo "skipped: z3 not found"
  exit 77
fi
if [ ! -x "$craig" ]; then
  echo "check_model.sh: $craig is not an executable" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/craig-models.XXXXXX")
passed=0
failed=0
for file in "$@"; do
  name=$(basename "$file" .smt2)
  dir="$work/$name"
  mkdir -p "$dir"
  out="$dir/craig.out"
  "$craig" solve --timeout 20 "$file" >"$out" 2>"$dir/craig.err"
  rc=$?
  problems=()
  [ "$rc" -eq 0 ] || problems+=("craig exited with $rc")
  report=$(bash "$here/model_query.sh" "$file" "$out" "$dir")
  models=0
  while read -r k what; do
    [ -n "$k" ] || continue
    if [ "$what" != "query" ]; then
      problems+=("get-model #$k: $what")
      continue
    fi
    answer=$(z3 -T:20 "$dir/query_$k.smt2" 2>&1)
    if [ "$answer" = "sat" ]; then
      models=$((models + 1))
    else
      problems+=("model #$k does not satisfy the assertions (z3 on query_$k.smt2: $(echo "$answer" | head -3 | tr '\n' ' '))")
    fi
  done <<<"$report"
  [ -n "$report" ] || problems+=("no get-model in the script")
  if [ ${#problems[@]} -eq 0 ]; then
    echo "ok   $file ($models models)"
    passed=$((passed + 1))
    rm -rf "$dir"
  else
    echo "FAIL $file"
    for p in "${problems[@]}"; do echo "     $p"; done
    echo "     kept in $dir"
    cp "$file" "$dir/"
    failed=$((failed + 1))
  fi
done
[ "$failed" -eq 0 ] && rm -rf "$work"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
