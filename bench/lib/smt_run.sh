# Functions of bench/smt.sh (sourced): expected answers, results.csv from craig bench's, summary,
# cactus plot. Plain bash + awk (mawk is enough) + python3 (CSV) + gnuplot.

BENCH_SOLVERS=${BENCH_SOLVERS:-"craig z3 cvc5"}

# bench_expected DIR: one line per .smt2 file under DIR (sorted):
#   relative path <TAB> number of check-sats <TAB> expected answers, comma-separated <TAB> source
bench_expected() {
  local dir=$1 f n e src idx=""
  [ -f "$dir/INDEX.tsv" ] && idx=$dir/INDEX.tsv
  (cd "$dir" && find -L . -name '*.smt2' -type f | sed 's|^\./||' | LC_ALL=C sort) |
    while IFS= read -r f; do
      n="" e="" src=none
      if [ -n "$idx" ]; then
        IFS=$'\t' read -r e n < <(awk -F'\t' -v f="$f" '
          NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
          $1 == f { print $(col["expected"]) "\t" (col["num_check_sat"] ? $(col["num_check_sat"]) : ""); exit }' "$idx")
        [ -n "$e" ] && src=INDEX.tsv
      fi
      [ -n "$n" ] || n=$(grep -o '(check-sat' "$dir/$f" | wc -l)
      if [ -z "$e" ] && [ -f "$dir/$f.expected.out" ]; then
        e=$(grep -E '^(sat|unsat|unknown)$' "$dir/$f.expected.out" | paste -sd, -)
        [ -n "$e" ] && src=expected.out
      fi
      if [ -z "$e" ]; then
        e=$(grep -oE ':status[[:space:]]+(sat|unsat|unknown)' "$dir/$f" | awk '{ print $2 }' | paste -sd, -)
        [ -n "$e" ] && src=status
      fi
      [ -n "$e" ] || e=unknown
      printf '%s\t%s\t%s\t%s\n' "$f" "$n" "$e" "$src"
    done
}

# bench_results_csv BENCH_CSV PREFIX EXPECTED_TSV: results.csv ("file,solver,answer,time,status_ok")
# on standard output from craig bench's results.csv: file is the task without PREFIX (the set's
# folder name), solver the configuration, answer sat, unsat, unknown, timeout or error (every
# other status), time the CPU seconds, status_ok yes (a definite answer the expected one does not
# contradict), no (contradicts it) or - (no definite answer). The answer is the first check-sat's;
# status_ok looks at every answer the run printed (its output.log, also of a run that then hit
# the limit): one that contradicts the expected answer of its check-sat (EXPECTED_TSV's,
# bench_expected, in order) makes it no.
bench_results_csv() {
  python3 - "$1" "$2" "$3" <<'PY'
import csv, os, sys
bench, prefix, expected_tsv = sys.argv[1:4]
expected = {}
for line in open(expected_tsv):
    f = line.rstrip("\n").split("\t")
    if len(f) >= 3:
        expected[f[0]] = f[2].split(",")
def answers(log):
    try:
        with open(os.path.join(os.path.dirname(bench), log), errors="replace") as out:
            return [l.strip() for l in out if l.strip() in ("sat", "unsat", "unknown")]
    except (OSError, TypeError):
        return []
print("file,solver,answer,time,status_ok")
for r in csv.DictReader(open(bench, newline="")):
    task = r["task"][len(prefix):] if r["task"].startswith(prefix) else r["task"]
    s = r["status"]
    answer = s if s in ("sat", "unsat", "unknown") else "timeout" if s == "TIMEOUT" else "error"
    wants = expected.get(task, [])
    given = answers(r.get("log", ""))
    contradicts = any(a in ("sat", "unsat") and w in ("sat", "unsat") and a != w for a, w in zip(given, wants))
    ok = "no" if contradicts else "-" if answer not in ("sat", "unsat") else "yes"
    print("%s,%s,%s,%.3f,%s" % (task.replace(",", "%2C"), r["config"], answer, float(r["cputime"]), ok))
PY
}

# bench_summary OUTDIR NAME DIR TIMEOUT JOBS CRAIG: summary.md on standard output.
bench_summary() {
  local out=$1 name=$2 dir=$3 t=$4 jobs=$5 craig=$6 v_craig v_z3 v_cvc5
  v_craig=$("$craig" --version 2>/dev/null | head -1)
  v_z3=$(z3 --version 2>/dev/null | head -1)
  v_cvc5=$(cvc5 --version 2>/dev/null | head -1)
  echo "# SMT benchmark: $name"
  echo
  echo "- set: \`$dir\` ($(wc -l <"$out/expected.tsv") files; expected answers from" \
    "$(awk -F'\t' '{ c[$4]++ } END { s = ""; for (k in c) s = s (s ? ", " : "") k " " c[k]; print s }' "$out/expected.tsv"))"
  echo "- timeout ${t} s of CPU time per file and solver (craig bench run --timeout), $jobs job(s) in parallel," \
    "$(nproc 2>/dev/null) processors, $(date '+%Y-%m-%d %H:%M'); every run's files in \`$out/bench\`"
  echo "- craig: \`$craig\` (${v_craig:-not runnable}); z3: ${v_z3:-not found}; cvc5: ${v_cvc5:-not found}"
  echo
  awk -F, -v T="$t" -v solvers="$BENCH_SOLVERS" -v expfile="$out/expected.tsv" '
    BEGIN {
      ns = split(solvers, S, " ")
      while ((getline l < expfile) > 0) { split(l, x, "\t"); gsub(/,/, "%2C", x[1]); EXP[x[1]] = x[3] }
    }
    NR == 1 { next }
    {
      f = $1; s = $2; a = $3; tm = $4 + 0; ok = $5
      files[f] = 1; total[s]++
      if (ok == "yes") {
        solved[s]++; par[s] += tm; solvedby[f] = solvedby[f] " " s
        n = split(a, A, ";"); for (i = 1; i <= n; i++) { if (A[i] == "sat") sat[s]++; else if (A[i] == "unsat") unsat[s]++ }
      } else {
        par[s] += 2 * T
        if (ok == "no") { wrong[s]++; wronglist = wronglist "- `" f "`: " s " answered " a ", expected " EXP[f] "\n" }
        else if (a == "error") err[s]++
        else unk[s]++
        if (s ~ /^craig/ && ok != "no") unsolved = unsolved "- `" f "`: " s " " a " (" tm " s)\n"
      }
      # definite answers for the disagreement check
      if (a == "sat" || a == "unsat") ANS[f, a] = ANS[f, a] " " s
    }
    END {
      print "| solver | solved | sat | unsat | unknown/timeout | errors | wrong | PAR-2 (s) | solved only by it |"
      print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
      for (f in solvedby) { n = split(solvedby[f], B, " "); if (n == 1) uniq[B[1]]++ }
      for (k = 1; k <= ns; k++) {
        s = S[k]
        printf "| %s | %d/%d | %d | %d | %d | %d | %d | %.1f | %d |\n", s, solved[s], total[s], sat[s], unsat[s], unk[s], err[s], wrong[s], par[s], uniq[s]
      }
      print ""
      for (k = 1; k <= ns; k++) {
        c = S[k]
        if (c !~ /^craig/) continue
        line = c " PAR-2 ratio:"
        if (par["z3"] > 0) line = line sprintf(" %.2f × z3", par[c] / par["z3"])
        if (par["cvc5"] > 0) line = line sprintf(", %.2f × cvc5", par[c] / par["cvc5"])
        print line " (below 1 is better than the other solver)"
      }
      print ""
      print "Solved = the first check-sat answered sat/unsat, and no answer (of any check-sat) contradicting"
      print "its expected one (a wrong answer to a later check-sat is listed with the first expected answer);"
      print "sat/unsat count the answers of solved files; PAR-2 adds the CPU time of each solved"
      print "file and " 2 * T " s (2 × timeout) for every other file, wrong answers included."
      print ""
      print "## Wrong answers (contradicting the expected status)"
      print ""
      printf "%s", (wronglist == "" ? "none\n" : wronglist)
      print ""
      print "## Disagreements between solvers"
      print ""
      dis = ""
      for (f in files)
        if (ANS[f, "sat"] != "" && ANS[f, "unsat"] != "")
          dis = dis "- `" f "`: sat by" ANS[f, "sat"] ", unsat by" ANS[f, "unsat"] " (expected " EXP[f] ")\n"
      printf "%s", (dis == "" ? "none\n" : dis)
      print ""
      print "## Not solved by craig"
      print ""
      printf "%s", (unsolved == "" ? "none\n" : unsolved)
    }' "$out/results.csv"
}

# bench_cactus OUTDIR NAME TIMEOUT: cactus.png from results.csv (x: number of files solved,
# y: time of the k-th fastest solved file).
bench_cactus() {
  local out=$1 name=$2 t=$3 s plot="" term=png
  command -v gnuplot >/dev/null 2>&1 || { echo "bench/smt.sh: gnuplot not found, no cactus.png" >&2; return; }
  gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1 && term=pngcairo
  for s in $BENCH_SOLVERS; do
    awk -F, -v s="$s" 'NR > 1 && $2 == s && $5 == "yes" { print $4 }' "$out/results.csv" |
      sort -g | awk '{ print NR, ($1 < 0.001 ? 0.001 : $1) }' >"$out/cactus-$s.dat"
    if [ -s "$out/cactus-$s.dat" ]; then
      plot+="${plot:+, }'$out/cactus-$s.dat' using 1:2 with linespoints pointsize 0.6 title '$s'"
    fi
  done
  if [ -z "$plot" ]; then
    plot="NaN notitle"
  fi
  gnuplot <<EOF
set terminal $term noenhanced size 900,600
set output '$out/cactus.png'
set title "$name: time per solved file (timeout $t s)"
set xlabel 'number of files solved'
set ylabel 'CPU time (s)'
set logscale y
set key left top
set grid
plot $plot
EOF
  rm -f "$out"/cactus-*.dat
}
