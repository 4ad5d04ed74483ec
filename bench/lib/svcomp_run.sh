# Functions for the benchmark scripts that run craig verify themselves, sourced: task selection
# (bench/emit_chc.sh), one task run under a CPU-time limit (bench/dag_family.sh,
# bench/summaries_reuse.sh), JSON and CSV fields (bench/summaries_revisions.sh). bench/svcomp.sh
# leaves all of this to craig bench run. Plain bash (5, for EPOCHREALTIME) + awk (mawk is enough)
# + sed + coreutils; no python, no jq.

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

# sv_one_task "REL<TAB>EXPECTED": runs craig verify on one task and writes
# SV_OUT/parts/<name>.csv: task,expected,result,reason,cpu,wall,exit,class,witness.
# Environment: SV_CRAIG, SV_ENGINE, SV_ARGS (extra options, split at blanks), SV_TIMEOUT (the
# CPU-time limit in seconds), SV_DIR, SV_OUT; SV_KEEP_JSON=1 keeps craig's JSON line (with
# --stats, its statistics) in SV_OUT/parts/<name>.json (empty without one).
sv_one_task() {
  local line=$1 rel expected name wit stdout stderr t0 t1 rc start end wall cpu
  local json result reason unsupported class witness
  IFS=$'\t' read -r rel expected <<<"$line"
  name=${rel%.yml}
  name=${name//\//__}
  wit=$SV_OUT/witnesses/$name.graphml
  stdout=$SV_OUT/parts/$name.stdout stderr=$SV_OUT/parts/$name.stderr
  t0=$SV_OUT/parts/$name.times0 t1=$SV_OUT/parts/$name.times1
  rm -f "$wit"

  # CPU time: bash's `times` before and after; the difference of the children's user+system time
  # is that of timeout(1) and craig under it (plus nothing else: no other child runs between).
  times >"$t0"
  start=$EPOCHREALTIME
  if [ -x "$SV_CRAIG" ]; then
    # (the group's 2>/dev/null silences bash's "Segmentation fault" report; craig's own stderr
    # goes to its file)
    # The limit is CPU time (as BenchExec's in SV-COMP), enforced by the kernel (SIGXCPU at
    # TIMEOUT s, SIGKILL 5 s later); craig's own --timeout and the guard are wall clock and get
    # 10x the time, so a loaded machine slows the runs but does not change them.
    local wall_limit=$((10 * SV_TIMEOUT))
    {
      (
        ulimit -S -t "$SV_TIMEOUT" && ulimit -H -t $((SV_TIMEOUT + 5)) || exit 126
        exec timeout -k 5 $((wall_limit + 10)) "$SV_CRAIG" verify --engine "$SV_ENGINE" ${SV_ARGS:-} \
          --timeout "$wall_limit" --json --witness "$wit" "$SV_DIR/$rel" >"$stdout" 2>"$stderr" </dev/null
      )
      rc=$?
    } 2>/dev/null
  else
    echo "craig binary $SV_CRAIG missing" >"$stderr"
    : >"$stdout"
    rc=127
  fi
  end=$EPOCHREALTIME
  times >"$t1"
  wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
  cpu=$(awk -v a="$(sv_children_cpu "$t0")" -v b="$(sv_children_cpu "$t1")" 'BEGIN { printf "%.3f", b - a }')

  json=$(grep -v '^[[:space:]]*$' "$stdout" | tail -n 1)
  case $json in "{"*"}") ;; *) json="" ;; esac
  if [ "${SV_KEEP_JSON:-0}" = 1 ]; then printf '%s\n' "$json" >"$SV_OUT/parts/$name.json"; fi
  result=$(sv_json_string "$json" result)
  reason=$(sv_json_string "$json" reason)
  unsupported=$(sv_json_string "$json" unsupported)
  [ -n "$result" ] || result=-

  case $rc in
    0)
      case $result in
        TRUE | FALSE)
          if [ "$expected" = - ]; then
            class=unchecked
          elif { [ "$result" = TRUE ] && [ "$expected" = true ]; } || { [ "$result" = FALSE ] && [ "$expected" = false ]; }; then
            class=correct-${expected}
          else
            class=wrong-$(echo "$result" | tr 'A-Z' 'a-z')
          fi
          ;;
        UNKNOWN) class=unknown ;;
        *) class=error reason="exit 0 without a JSON verdict line" ;;
      esac
      ;;
    4)
      class=unsupported
      # without the JSON field: craig's "unsupported: FILE:LINE:COL: construct" line
      [ -n "$unsupported" ] ||
        unsupported=$(cat "$stdout" "$stderr" | sed -n 's/^.*unsupported: //p' | tail -n 1)
      reason=${unsupported:-${reason:-unsupported (no construct given)}}
      ;;
    5) class=timeout reason=${reason:-resource limit} ;;
    152) class=timeout reason="CPU limit (${SV_TIMEOUT} s, SIGXCPU)" ;;
    124 | 137)
      if awk -v c="$cpu" -v t="$SV_TIMEOUT" 'BEGIN { exit !(c >= t) }'; then
        class=timeout reason="CPU limit ($((SV_TIMEOUT + 5)) s, SIGKILL)"
      else
        class=timeout reason="killed by the wall-clock guard ($((wall_limit + 10)) s)"
      fi
      ;;
    *)
      class=error
      local why=$reason
      [ -n "$why" ] || why=$(grep -v '^[[:space:]]*$' "$stderr" | tail -n 1)
      [ -n "$why" ] || why=$(grep -v '^[[:space:]]*$' "$stdout" | tail -n 1)
      case $rc in
        3) why="input error: $why" ;;
        6) why="I/O error: $why" ;;
        10) why="self-check failed: $why" ;;
        127) why="not run: $why" ;;
        *) [ "$rc" -gt 128 ] && why="signal $((rc - 128)): $why" ;;
      esac
      reason="exit $rc: $why"
      ;;
  esac
  # The kernel's CPU limit and the measured (rusage) CPU time disagree on loaded virtual
  # machines (measured: SIGXCPU for a 5 s limit after 7.1 s of user + system time): an answer
  # that took more than TIMEOUT s of measured CPU counts as a timeout. Wrong answers stay wrong.
  if { [ "${class#correct}" != "$class" ] || [ "$class" = unknown ]; } &&
    awk -v c="$cpu" -v t="$SV_TIMEOUT" 'BEGIN { exit !(c > t) }'; then
    reason="answered $result after the CPU limit (${cpu} s measured)"
    class=timeout
  fi
  if [ -s "$wit" ]; then witness=yes; else witness=no; fi

  echo "$(sv_csv_field "$rel"),$expected,$result,$(sv_csv_field "$reason"),$cpu,$wall,$rc,$class,$witness" \
    >"$SV_OUT/parts/$name.csv"
  # Keep the output of runs worth a look: wrong, errors, FALSE without a witness.
  if [ "${class#wrong}" != "$class" ] || [ "$class" = error ] || { [ "$result" = FALSE ] && [ "$witness" = no ]; }; then
    {
      echo "# craig verify --engine $SV_ENGINE ${SV_ARGS:+$SV_ARGS }--timeout $SV_TIMEOUT --json --witness $wit $SV_DIR/$rel"
      echo "# exit $rc, cpu ${cpu}s, wall ${wall}s, expected $expected, class $class, witness $witness"
      echo "# stdout"
      cat "$stdout"
      echo "# stderr"
      cat "$stderr"
    } >"$SV_OUT/logs/$name.log"
  fi
  rm -f "$stdout" "$stderr" "$t0" "$t1"
}
