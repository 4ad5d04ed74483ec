#!/usr/bin/env bash
# The theory refinement heuristics H0-H7 compared (issue 22; the thesis' Table 6.2): solved
# programs, refinements, refined operators and CPU time per configuration, next to the
# bit-precise (bv) and integer (lia) encodings.
#
#   bench/precision_heuristics.sh DIR [TIMEOUT] [ENGINE]
#
# DIR holds C programs whose expected verdict is in the name (..._true.c / ..._false.c) or in a
# `// expected: TRUE|FALSE` line (bench/gen_bitops.py makes a family; tests/c/verify/bv_*.c are
# hand-written ones). All runs are one `craig bench run` of those programs (a list file) with one
# configuration per heuristic: `craig verify --engine ENGINE --json` plus the configuration's
# options, TIMEOUT s of CPU each (craig bench's --timeout, also told to craig), $JOBS (default 1)
# at once. Results: $CRAIG_BENCH_RESULTS (default ../bench-results, beside the repository)/
# precision-DATE/: bench/ (craig bench's folder: every run's output, result XML, results.csv),
# runs.csv and summary.txt. CRAIG: the binary (default build/craig).
# Configurations: $PRECISION_CONFIGS (default "lia bv h0 h1 h2 h3 h4 h5 h6 h7"; hN means
# --precision refine --precision-heuristic hN). A wrong verdict is reported and makes the exit
# code 1.
set -u
dir="${1:?usage: precision_heuristics.sh DIR [TIMEOUT] [ENGINE]}"
timeout="${2:-10}"
engine="${3:-bmc}"
here=$(cd "$(dirname "$0")/.." && pwd)
craig="${CRAIG:-$here/build/craig}"
configs="${PRECISION_CONFIGS:-lia bv h0 h1 h2 h3 h4 h5 h6 h7}"
out="${CRAIG_BENCH_RESULTS:-$here/../bench-results}/precision-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
out=$(cd "$out" && pwd)
dir=$(cd "$dir" && pwd)
csv="$out/runs.csv"
# The programs with a stated verdict, and that verdict.
: >"$out/programs.list"
: >"$out/expected.tsv"
for f in "$dir"/*.c; do
  [ -e "$f" ] || continue
  name=$(basename "$f" .c)
  case "$name" in
    *_true) expected=TRUE ;;
    *_false) expected=FALSE ;;
    *) expected=$(sed -n 's|^// expected: *\([A-Z]*\).*|\1|p' "$f" | head -1) ;;
  esac
  [ "$expected" = TRUE ] || [ "$expected" = FALSE ] || continue
  echo "$f" >>"$out/programs.list"
  printf '%s\t%s\n' "$name" "$expected" >>"$out/expected.tsv"
done
[ -s "$out/programs.list" ] || { echo "precision_heuristics.sh: no program with a stated verdict in $dir" >&2; exit 2; }
cfg=()
for c in $configs; do
  case "$c" in
    lia|bv|uf) args="--precision $c" ;;
    h[0-7]) args="--precision refine --precision-heuristic $c" ;;
    *) echo "unknown configuration $c" >&2; exit 2 ;;
  esac
  cfg+=(--config "$c=--engine $engine --json $args")
done
if ! "$craig" bench run "$out/programs.list" --tool verify --timeout "$timeout" --jobs "${JOBS:-1}" --out "$out/bench" \
  "${cfg[@]}" </dev/null >"$out/bench.log" 2>&1; then
  echo "precision_heuristics.sh: craig bench run failed (see $out/bench.log)" >&2
  tail -3 "$out/bench.log" >&2
  exit 2
fi
# runs.csv from craig bench's rows and each run's JSON line (verdict, precision statistics,
# reason); a run without one is TIMEOUT when the harness stopped it, else ERROR.
python3 - "$out" "$configs" >"$csv" <<'PY'
import csv, json, os, sys
out, configs = sys.argv[1], sys.argv[2].split()
expected = dict(l.rstrip("\n").split("\t") for l in open(os.path.join(out, "expected.tsv")))
rows = list(csv.DictReader(open(os.path.join(out, "bench", "results.csv"), newline="")))
print("program,config,expected,verdict,refinements,refined_sites,cpu_s,reason")
order = {c: i for i, c in enumerate(configs)}
lines = []
for r in rows:
    name = os.path.basename(r["task"])[:-2]
    text = open(os.path.join(out, "bench", r["log"]), errors="replace").read().splitlines()
    last = [l for l in text if l.strip()][-1:] or [""]
    try:
        j = json.loads(last[0]) if last[0].startswith("{") else {}
    except ValueError:
        j = {}
    st = j.get("stats", {})
    verdict = j.get("result") or ("TIMEOUT" if r["status"] in ("TIMEOUT", "OUT OF MEMORY") else "ERROR")
    reason = (j.get("reason") or "").replace(",", ";")[:80]
    lines.append((name, order.get(r["config"], 99), "%s,%s,%s,%s,%s,%s,%.3f,%s" % (
        name, r["config"], expected.get(name, ""), verdict, st.get("precision.refinements", 0),
        st.get("precision.refined-sites", 0), float(r["cputime"]), reason)))
for _, _, l in sorted(lines):
    print(l)
PY
wrong=$(awk -F, 'NR > 1 && ($4 == "TRUE" || $4 == "FALSE") && $4 != $3 { print "WRONG: " $1 " " $2 ": " $4 ", expected " $3 > "/dev/stderr"; n++ } END { print n + 0 }' "$csv")
{
  echo "precision heuristics: $dir, engine $engine, timeout ${timeout}s"
  echo "binary $craig (sha256 $(sha256sum "$craig" | cut -c1-12)), date $(date -u +%Y-%m-%dT%H:%MZ)"
  printf "%-6s %7s %6s %6s %12s %14s %9s\n" config solved true false refinements refined-sites cpu-s
  for c in $configs; do
    awk -F, -v c="$c" 'NR > 1 && $2 == c {
        n++; if ($4 == $3) { s++; if ($4 == "TRUE") t++; else f++ }
        r += $5; q += $6; cpu += $7 }
      END { printf "%-6s %3d/%-3d %6d %6d %12d %14d %9.1f\n", c, s, n, t, f, r, q, cpu }' "$csv"
  done
  echo "wrong verdicts: $wrong"
} | tee "$out/summary.txt"
[ "$wrong" -eq 0 ]
