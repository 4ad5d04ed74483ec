#!/usr/bin/env bash
# Whole-program tests of `craig verify`: run_verify.sh CRAIG DIR [K/N]
# (K/N: only the files whose position in name order is K modulo N, so that ctest runs N shards
# of the directory side by side; default all)
# Each DIR/*.c states its expected outcome in its first lines:
#   // expected: TRUE | FALSE | UNKNOWN | unsupported CONSTRUCT | error EXITCODE
#   // args: extra command-line arguments (optional)
#   // reason: text the verdict line must contain (optional)
#   // stderr: text standard error must contain (optional)
#   // stdout: text standard output must contain (optional; e.g. a statistic of the JSON line)
#   // timeout: --timeout in seconds (optional; 60 without); for an expected TRUE or FALSE it
#      is multiplied by $CRAIG_TEST_TIME_SCALE (the sanitizer build sets 3: its code runs 3-5x
#      slower, and a verdict test states the budget of a release build)
# Checks the verdict line, the JSON line, the exit code, for FALSE the replayed
# counterexample and the GraphML violation witness, and in a second run the YAML 2.0
# violation witness (--witness NAME.yml; checked by check_violation_witness_yaml.py against
# the program text), for TRUE a GraphML correctness witness, and that no other verdict
# leaves a witness file (a stale one is planted before each run).
set -u
craig="$1"; dir="$2"; shard="${3:-0/1}"
shard_k=${shard%/*}; shard_n=${shard#*/}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0; n=0; position=0
for f in "$dir"/*.c; do
  position=$((position + 1))
  [ $(((position - 1) % shard_n)) -eq "$shard_k" ] || continue
  n=$((n + 1))
  name=$(basename "$f" .c)
  expected=$(sed -n 's|^// expected: *||p' "$f" | head -1)
  args=$(sed -n 's|^// args: *\([^(]*\).*|\1|p' "$f" | head -1)
  reason=$(sed -n 's|^// reason: *||p' "$f" | head -1)
  stderr_text=$(sed -n 's|^// stderr: *||p' "$f" | head -1)
  stdout_text=$(sed -n 's|^// stdout: *||p' "$f" | head -1)
  limit=$(sed -n 's|^// timeout: *\([0-9]*\).*|\1|p' "$f" | head -1)
  limit=${limit:-60}
  case "$expected" in TRUE|FALSE) limit=$((limit * ${CRAIG_TEST_TIME_SCALE:-1}));; esac
  echo stale > "$tmp/$name.graphml"
  # shellcheck disable=SC2086
  timeout 120 "$craig" verify --json --timeout "$limit" --witness "$tmp/$name.graphml" $args "$f" \
    > "$tmp/$name.out" 2> "$tmp/$name.err"
  rc=$?
  verdict=$(sed -n 's|^Verification result: \([A-Z]*\).*|\1|p' "$tmp/$name.out")
  json=$(tail -n 1 "$tmp/$name.out")
  problem=""
  case "$expected" in
    TRUE|FALSE|UNKNOWN)
      [ "$rc" -eq 0 ] || problem="exit code $rc"
      [ "$verdict" = "$expected" ] || problem="$problem; verdict '$verdict'"
      case "$json" in *"\"result\":\"$expected\""*) ;; *) problem="$problem; json '$json'";; esac
      if [ "$expected" = FALSE ]; then
        grep -q "replayed concretely" "$tmp/$name.out" || problem="$problem; no replayed counterexample"
        grep -q 'key="violation"' "$tmp/$name.graphml" 2>/dev/null &&
          grep -q '<data key="violation">true</data>' "$tmp/$name.graphml" ||
          problem="$problem; no violation witness"
        # shellcheck disable=SC2086
        timeout 120 "$craig" verify --timeout "$limit" --witness "$tmp/$name.yml" $args "$f" > "$tmp/$name.yout" 2>&1 ||
          problem="$problem; second run (YAML witness) failed"
        grep -q "^Witness: $tmp/$name.yml (violation, YAML 2.0" "$tmp/$name.yout" ||
          problem="$problem; no YAML witness line"
        python3 "$here/check_violation_witness_yaml.py" "$tmp/$name.yml" "$f" > "$tmp/$name.ycheck" 2>&1 ||
          problem="$problem; YAML violation witness: $(head -c 300 "$tmp/$name.ycheck")"
      elif [ "$expected" = TRUE ]; then
        grep -q '<data key="witness-type">correctness_witness</data>' "$tmp/$name.graphml" 2>/dev/null ||
          problem="$problem; no correctness witness"
      else
        [ ! -e "$tmp/$name.graphml" ] || problem="$problem; a witness file is left for UNKNOWN"
      fi ;;
    unsupported*)
      construct=${expected#unsupported }
      [ "$rc" -eq 4 ] || problem="exit code $rc"
      [ "$verdict" = UNKNOWN ] || problem="$problem; verdict '$verdict'"
      [ ! -e "$tmp/$name.graphml" ] || problem="$problem; a witness file is left for UNKNOWN"
      case "$json" in *"\"unsupported\":\""*": $construct\""*) ;; *) problem="$problem; json '$json'";; esac ;;
    error*)
      code=${expected#error }
      [ "$rc" -eq "$code" ] || problem="exit code $rc"
      grep -q "$name.c:[0-9]*:[0-9]*:" "$tmp/$name.err" || problem="$problem; no FILE:LINE:COL in error" ;;
    *) problem="no '// expected:' line" ;;
  esac
  if [ -n "$reason" ] && ! grep -q "^Verification result: .*$reason" "$tmp/$name.out"; then
    problem="$problem; verdict line without '$reason'"
  fi
  if [ -n "$stderr_text" ] && ! grep -qF -- "$stderr_text" "$tmp/$name.err"; then
    problem="$problem; standard error without '$stderr_text'"
  fi
  if [ -n "$stdout_text" ] && ! grep -qF -- "$stdout_text" "$tmp/$name.out"; then
    problem="$problem; standard output without '$stdout_text'"
  fi
  if [ -n "$problem" ]; then
    fail=$((fail + 1))
    echo "FAIL $name (expected $expected): ${problem#; }"
    sed 's/^/  | /' "$tmp/$name.out" "$tmp/$name.err" | head -20
  else
    echo "ok   $name: $expected"
  fi
done
echo "$((n - fail)) of $n programs as expected"
[ "$fail" -eq 0 ]
