# Functions for the benchmark scripts, sourced: task selection (bench/emit_chc.sh), one task run
# as a one-task craig bench run (bench/dag_family.sh, bench/summaries_reuse.sh), JSON and CSV
# fields (bench/summaries_revisions.sh). bench/svcomp.sh runs its whole set as one craig bench run.
# Plain bash + awk + sed + coreutils, and python3 for lib/bench_rows.py.

# The text of an unreach-call property file without whitespace (SV-COMP's, and the older
# __VERIFIER_error form).
SV_UNREACH_CALL='CHECK(init(main()),LTL(G!call(reach_error())))'
SV_UNREACH_CALL_OLD='CHECK(init(main()),LTL(G!call(__VERIFIER_error())))'

# sv_properties YML: one line per property of a task file: property_file <TAB> expected_verdict
# (true, false or empty). A small reader for the block style SV-COMP uses:
#   properties:
#     - property_file: ../properties/unreach-call.prp
#       expected_verdict: false
sv_properties() {
  awk '
    { sub(/\r$/, "") }
    /^[[:space:]]*#/ { next }
    { sub(/[[:space:]]+#.*$/, "") }
    /^[^[:space:]-]/ { inprops = ($0 ~ /^properties[[:space:]]*:/); next }
    inprops && /property_file[[:space:]]*:/ {
      f = $0; sub(/.*property_file[[:space:]]*:[[:space:]]*/, "", f)
      gsub(/^["\047]|["\047][[:space:]]*$|[[:space:]]+$/, "", f)
      file[++n] = f; ver[n] = ""
    }
    inprops && n > 0 && /expected_verdict[[:space:]]*:/ {
      v = $0; sub(/.*expected_verdict[[:space:]]*:[[:space:]]*/, "", v)
      gsub(/["\047[:space:]]/, "", v); ver[n] = tolower(v)
    }
    END { for (i = 1; i <= n; i++) print file[i] "\t" ver[i] }' "$1"
}

# sv_is_unreach_call YML PROPERTY_FILE: true if the property (a path relative to the task file)
# is unreach-call: its file name is unreach-call.prp, or its text is the unreach-call formula.
sv_is_unreach_call() {
  local yml=$1 prop=$2 path text
  [ "$(basename "$prop")" = unreach-call.prp ] && return 0
  case $prop in /*) path=$prop ;; *) path=$(dirname "$yml")/$prop ;; esac
  [ -f "$path" ] || return 1
  text=$(tr -d '[:space:]' <"$path")
  [ "$text" = "$SV_UNREACH_CALL" ] || [ "$text" = "$SV_UNREACH_CALL_OLD" ]
}

# sv_tasks DIR: one line per .yml task below DIR (sorted) that has an unreach-call property:
#   path relative to DIR <TAB> expected verdict (true, false or -)
sv_tasks() {
  local dir=$1 rel prop ver
  (cd "$dir" && find -L . -name '*.yml' -type f | sed 's|^\./||' | LC_ALL=C sort) |
    while IFS= read -r rel; do
      while IFS=$'\t' read -r prop ver; do
        if sv_is_unreach_call "$dir/$rel" "$prop"; then
          printf '%s\t%s\n' "$rel" "${ver:--}"
          break
        fi
      done < <(sv_properties "$dir/$rel")
    done
}

# sv_json_string LINE KEY: the value of the string field KEY of a one-line JSON object, with the
# escapes \" \\ \/ undone and \n \t turned into spaces (empty if absent).
sv_json_string() {
  printf '%s\n' "$1" |
    sed -nE 's/.*"'"$2"'"[[:space:]]*:[[:space:]]*"((\\.|[^"\\])*)".*/\1/p' |
    sed -E 's/\\[nrt]/ /g; s/\\"/"/g; s/\\\//\//g; s/\\\\/\\/g'
}
# sv_json_number LINE KEY: the value of the number field KEY (empty if absent).
sv_json_number() {
  printf '%s\n' "$1" | sed -nE 's/.*"'"$2"'"[[:space:]]*:[[:space:]]*(-?[0-9][0-9.eE+-]*).*/\1/p'
}

# sv_csv_field TEXT: TEXT fit for one unquoted CSV field (no commas, quotes or line breaks).
sv_csv_field() { printf '%s' "$1" | tr '\n\r,"' "  ;'"; }

# sv_children_cpu FILE: user + system CPU seconds of the waited-for children, from the output
# of bash's `times` (second line: children's user and system time, as 1m2.345s).
sv_children_cpu() {
  awk 'NR == 2 { t = 0
                 for (i = 1; i <= 2; i++) { split($i, a, "m"); sub(/s$/, "", a[2]); t += a[1] * 60 + a[2] }
                 printf "%.3f", t }' "$1"
}

# sv_one_task "REL<TAB>EXPECTED": runs craig verify on one task as a one-task `craig bench run`
# (its process group, CPU and wall-clock limits and measurement, as every craig bench run) and
# writes SV_OUT/parts/<name>.csv: task,expected,result,reason,cpu,wall,exit,class,witness
# (lib/bench_rows.py's columns, the task REL, the class judged against EXPECTED).
# Environment: SV_CRAIG, SV_ENGINE, SV_ARGS (extra options, split at blanks; --stats and
# --witness are craig bench's own and dropped), SV_TIMEOUT (the CPU-time limit in seconds; the
# wall clock gets 10x, so a loaded machine slows the runs but does not change them), SV_DIR,
# SV_OUT; SV_HARNESS (the craig that runs craig bench, default SV_CRAIG); SV_KEEP_JSON=1 keeps
# craig's JSON line (with its statistics) in SV_OUT/parts/<name>.json (empty without one). The
# witness goes to SV_OUT/witnesses/<name>.graphml; the output of a wrong or failing run, or of a
# FALSE without a witness, to SV_OUT/logs/<name>.log.
sv_one_task() {
  local line=$1 rel expected name bdir args=() a row run result class witness
  IFS=$'\t' read -r rel expected <<<"$line"
  name=${rel%.yml}
  name=${name//\//__}
  bdir=$SV_OUT/parts/$name.bench
  rm -rf "$bdir" "$SV_OUT/witnesses/$name.graphml"
  for a in ${SV_ARGS:-}; do
    [ "$a" = --stats ] || args+=("$a")
  done
  "${SV_HARNESS:-$SV_CRAIG}" bench run "$SV_DIR/$rel" --tool verify --craig "$SV_CRAIG" --jobs 1 \
    --timeout "$SV_TIMEOUT" --walltime $((10 * SV_TIMEOUT)) --out "$bdir" \
    --config "run=--engine $SV_ENGINE --json ${args[*]}" >/dev/null 2>"$bdir.log" </dev/null
  row=$(python3 "$(dirname "${BASH_SOURCE[0]}")/bench_rows.py" "$bdir" run "" "$SV_TIMEOUT" $((10 * SV_TIMEOUT)) 2>>"$bdir.log" |
    sed -n 2p)
  run=$(find "$bdir/runs/run" -mindepth 2 -maxdepth 2 -type d 2>/dev/null | head -n 1)
  if [ -z "$row" ] || [ -z "$run" ]; then
    row="-,-,-,craig bench run failed: $(sv_csv_field "$(tail -n 1 "$bdir.log" 2>/dev/null)"),0,0,127,error,no"
  fi
  IFS=, read -r _ _ result a b c d class witness <<<"$row"
  # The class against the caller's expected verdict (the task file's is craig bench's).
  case $result in
    TRUE | FALSE)
      if [ "$expected" = - ]; then
        class=unchecked
      elif [ "${result,,}" = "$expected" ]; then
        class=correct-$expected
      elif [ "${class#timeout}" = "$class" ]; then
        class=wrong-${result,,}
      fi
      ;;
  esac
  if [ -n "$run" ] && [ -s "$run/witness.graphml" ]; then
    mkdir -p "$SV_OUT/witnesses"
    cp "$run/witness.graphml" "$SV_OUT/witnesses/$name.graphml"
  fi
  echo "$(sv_csv_field "$rel"),$expected,$result,$a,$b,$c,$d,$class,$witness" >"$SV_OUT/parts/$name.csv"
  if [ "${SV_KEEP_JSON:-0}" = 1 ]; then
    { [ -n "$run" ] && grep -v '^[[:space:]]*$' "$run/output.log" | tail -n 1 | grep '^{.*}$'; } >"$SV_OUT/parts/$name.json"
  fi
  # Keep the output of runs worth a look: wrong, errors, FALSE without a witness.
  if [ "${class#wrong}" != "$class" ] || [ "$class" = error ] || { [ "$result" = FALSE ] && [ "$witness" = no ]; }; then
    mkdir -p "$SV_OUT/logs"
    {
      echo "# $(tr '\n' ' ' <"$run/command.txt" 2>/dev/null)"
      echo "# $row (expected $expected, class $class)"
      echo "# stdout"
      cat "$run/output.log" 2>/dev/null
      echo "# stderr"
      cat "$run/stderr.log" "$bdir.log" 2>/dev/null
    } >"$SV_OUT/logs/$name.log"
  fi
  rm -rf "$bdir" "$bdir.log"
}
