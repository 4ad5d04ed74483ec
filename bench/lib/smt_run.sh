# Functions of bench/smt.sh (sourced): expected answers, one file on all solvers, summary,
# cactus plot. Plain bash + awk (mawk is enough) + gnuplot.

BENCH_SOLVERS=${BENCH_SOLVERS:-"craig z3 cvc5"}

# bench_config_args NAME: the extra arguments of configuration NAME (BENCH_CONFIGS: lines NAME=ARGS).
bench_config_args() {
  printf '%s' "${BENCH_CONFIGS:-}" | awk -v n="$1" 'index($0, n "=") == 1 { print substr($0, length(n) + 2); exit }'
}

# Wall-clock seconds since the epoch, with fractions.
bench_now() { date +%s.%N; }
bench_sub() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

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

# bench_run_solver SOLVER FILE NCHECKS -> sets ANSWERS (space-separated), RC, SECS, TIMED_OUT, OUTFILE
bench_run_solver() {
  local solver=$1 file=$2 nchecks=$3 t=$BENCH_TIMEOUT start end cmd=() extra=()
  OUTFILE=$(mktemp "${TMPDIR:-/tmp}/bench-out.XXXXXX")
  case $solver in
    craig) cmd=("$BENCH_CRAIG" solve --timeout "$t" "$file") ;;
    craig-*)
      read -r -a extra <<<"$(bench_config_args "${solver#craig-}")"
      cmd=("$BENCH_CRAIG" solve --timeout "$t" "${extra[@]}" "$file")
      ;;
    z3) cmd=(z3 "-T:$t" "$file") ;;
    cvc5)
      cmd=(cvc5 "--tlimit=$(awk -v t="$t" 'BEGIN { printf "%d", t * 1000 }')")
      if [ "$nchecks" -gt 1 ] || grep -q '(push' "$file"; then cmd+=(--incremental); fi
      cmd+=("$file")
      ;;
  esac
  TIMED_OUT=0
  if [[ $solver == craig* ]] && [ ! -x "$BENCH_CRAIG" ]; then
    echo "craig binary $BENCH_CRAIG missing" >"$OUTFILE"
    RC=127 SECS=0 ANSWERS=""
    return
  fi
  if ! command -v "${cmd[0]}" >/dev/null 2>&1; then
    echo "${cmd[0]} not found" >"$OUTFILE"
    RC=127 SECS=0 ANSWERS=""
    return
  fi
  start=$(bench_now)
  timeout -k 5 "$(awk -v t="$t" 'BEGIN { printf "%d", t + 10 }')" "${cmd[@]}" >"$OUTFILE" 2>&1 </dev/null
  RC=$?
  end=$(bench_now)
  SECS=$(bench_sub "$start" "$end")
  ANSWERS=$(grep -E '^(sat|unsat|unknown|timeout)$' "$OUTFILE" | head -n "$nchecks" | tr '\n' ' ')
  if [ "$RC" -eq 124 ] || [ "$RC" -eq 137 ] || { [[ $solver == craig* ]] && [ "$RC" -eq 5 ]; } ||
    grep -qE '^timeout$|interrupted by timeout|resource limit' "$OUTFILE" ||
    awk -v s="$SECS" -v t="$t" 'BEGIN { exit !(s >= 0.98 * t) }'; then
    TIMED_OUT=1
  fi
}

# bench_one_file "FILE<TAB>NCHECKS<TAB>EXPECTED<TAB>SOURCE": runs every solver on the file and
# writes BENCH_OUT/parts/<n>.csv lines "file,solver,answer,time,status_ok".
bench_one_file() {
  local line=$1 f n e src solver a answer ok wrong given definite i part csvname
  IFS=$'\t' read -r f n e src <<<"$line"
  [ "$n" -ge 1 ] 2>/dev/null || n=1
  local want=()
  IFS=, read -r -a want <<<"$e"
  csvname=${f//,/%2C}
  part=$BENCH_OUT/parts/$(echo "$f" | tr '/ ' '__').csv
  : >"$part"
  for solver in $BENCH_SOLVERS; do
    bench_run_solver "$solver" "$BENCH_DIR/$f" "$n"
    local got=()
    read -r -a got <<<"$ANSWERS"
    given=${#got[@]} definite=0 wrong=0
    for ((i = 0; i < given; i++)); do
      a=${got[$i]}
      [ "$a" = timeout ] && a=unknown && got[$i]=unknown
      if [ "$a" = sat ] || [ "$a" = unsat ]; then
        definite=$((definite + 1))
        w=${want[$i]:-unknown}
        if { [ "$w" = sat ] || [ "$w" = unsat ]; } && [ "$w" != "$a" ]; then wrong=1; fi
      fi
    done
    local crashed=0
    if [ "$RC" -eq 127 ]; then crashed=1; fi
    if [ "$RC" -ge 128 ] && [ "$RC" -ne 137 ]; then crashed=1; fi
    if [[ $solver == craig* ]] && { [ "$RC" -eq 1 ] || [ "$RC" -eq 10 ]; }; then crashed=1; fi
    if [ "$wrong" -eq 1 ]; then
      answer=$(echo "${got[*]}" | tr ' ' ';') ok=no
    elif [ "$crashed" -eq 0 ] && [ "$definite" -ge "$n" ]; then
      answer=$(echo "${got[*]}" | tr ' ' ';') ok=yes
    elif [ "$crashed" -eq 1 ]; then
      answer=error ok=-
    elif [ "$TIMED_OUT" -eq 1 ]; then
      answer=timeout ok=-
    elif [ "$given" -gt 0 ]; then
      answer=unknown ok=-
    else
      answer=error ok=-
    fi
    echo "$csvname,$solver,$answer,$SECS,$ok" >>"$part"
    if [ "$ok" = no ] || { [ "$answer" = error ] && [ "$RC" -ne 127 ]; }; then
      cp "$OUTFILE" "$BENCH_OUT/logs/$(echo "$f" | tr '/ ' '__').$solver.out"
      echo "exit code $RC, ${SECS}s, expected $e ($src)" >>"$BENCH_OUT/logs/$(echo "$f" | tr '/ ' '__').$solver.out"
    fi
    rm -f "$OUTFILE"
  done
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
  echo "- timeout ${t} s per file and solver, $jobs job(s) in parallel, $(nproc 2>/dev/null) processors," \
    "$(date '+%Y-%m-%d %H:%M')"
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
      # definite answers per check-sat for the disagreement check
      if (a != "error" && a != "timeout" && a != "unknown") {
        n = split(a, A, ";")
        for (i = 1; i <= n; i++) if (A[i] == "sat" || A[i] == "unsat") ANS[f, i, A[i]] = ANS[f, i, A[i]] " " s
        if (n > maxn[f]) maxn[f] = n
      }
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
      print "Solved = every check-sat answered sat/unsat and no answer contradicts the expected one;"
      print "sat/unsat count the answers of solved files; PAR-2 adds the wall-clock time of each solved"
      print "file and " 2 * T " s (2 × timeout) for every other file, wrong answers included."
      print ""
      print "## Wrong answers (contradicting the expected status)"
      print ""
      printf "%s", (wronglist == "" ? "none\n" : wronglist)
      print ""
      print "## Disagreements between solvers"
      print ""
      dis = ""
      for (f in files) for (i = 1; i <= maxn[f]; i++)
        if (ANS[f, i, "sat"] != "" && ANS[f, i, "unsat"] != "")
          dis = dis "- `" f "` check-sat " i ": sat by" ANS[f, i, "sat"] ", unsat by" ANS[f, i, "unsat"] " (expected " EXP[f] ")\n"
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
set ylabel 'wall-clock time (s)'
set logscale y
set key left top
set grid
plot $plot
EOF
  rm -f "$out"/cactus-*.dat
}
