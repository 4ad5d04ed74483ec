#!/usr/bin/env bash
# diff_random.sh CRAIG N [FIRST_SEED=1] [SIZE] [LOGIC=QF_UF]
#
# Differential test on random scripts: for the N seeds FIRST_SEED, FIRST_SEED+1, ...
# generates a script (SIZE 1..10, or a seed-dependent size when omitted; SIZE may be left out
# before LOGIC), runs `CRAIG solve --timeout 20` and `z3 -T:20` ($DIFF_TIMEOUT seconds instead
# of 20 when set), and compares every check-sat answer. LOGIC QF_UF uses gen_qf_uf
# (`gen_qf_uf SEED [SIZE]`); QF_LRA, QF_LIA, QF_UFLRA and QF_UFLIA use gen_arith
# (`gen_arith SEED LOGIC [SIZE]`), QF_BV and QF_UFBV gen_bv (`gen_bv SEED [SIZE] [--uf]`).
#
# A seed fails when
#   - craig and z3 give opposite definite answers (sat vs unsat) and cvc5, asked as a second
#     oracle, does not side with craig (when cvc5 sides with craig, z3 is counted as outvoted);
#   - z3 has no definite answer, cvc5 has one, and craig's definite answer is the opposite;
#   - craig exits with anything but 0 (5 = timeout and 4 = unsupported are counted separately,
#     not failures; 3 is accepted only for the error of a final (get-model) after an unsat or
#     unknown answer), prints an (error ...) anywhere else, or gives fewer answers than there
#     are check-sats;
#   - the script ends with (get-model) after sat and z3 finds that the printed model does not
#     satisfy the assertions (model_query.sh).
# craig's `unknown` answers, timeouts and unsupported runs are counted, not failed one by one,
# but the run fails when there are too many of them (floors; a craig that answered `unknown`
# everywhere, or timed out everywhere, must not pass): more than $DIFF_MAX_UNKNOWN of the
# check-sat answers unknown, or more than $DIFF_MAX_TIMEOUTS of the seeds timed out, or more than
# $DIFF_MAX_UNSUPPORTED of the seeds unsupported (shares from 0 to 1). The defaults per LOGIC
# below are measured shares with a margin. $CRAIG_FLAGS is added to craig's command line
# (e.g. CRAIG_FLAGS=--check-proofs: every unsat answer's proof is then checked too, and a proof
# that does not check exits with 10, a failure). Failing seeds are printed and their
# scripts and outputs kept under a temporary directory. Last line: `N passed, M failed`
# (a floor that is exceeded counts as one more failure).
# Skips (exit 77, ctest's SKIP_RETURN_CODE, "skipped: z3 not found") when z3 is absent.
#
# The generator is $GEN, else $GEN_QF_UF (QF_UF) or $GEN_ARITH (arithmetic), else the
# generator next to CRAIG (build/tests/gen_qf_uf, build/tests/gen_arith), else it is compiled
# from tests/tools/ into the temporary directory.
set -uo pipefail
if [ $# -lt 2 ] || [ $# -gt 5 ]; then
  echo "usage: diff_random.sh CRAIG N [FIRST_SEED] [SIZE] [LOGIC]" >&2
  exit 2
fi
craig=$1 count=$2 first=${3:-1} size=${4:-} logic=${5:-}
limit=${DIFF_TIMEOUT:-20}
if [ -z "$logic" ] && [[ "$size" == QF_* ]]; then logic=$size size=""; fi
logic=${logic:-QF_UF}
case $logic in
  QF_UF) tool=gen_qf_uf gen=${GEN:-${GEN_QF_UF:-}} ;;
  QF_LRA | QF_LIA | QF_UFLRA | QF_UFLIA) tool=gen_arith gen=${GEN:-${GEN_ARITH:-}} ;;
  QF_BV | QF_UFBV) tool=gen_bv gen=${GEN:-${GEN_BV:-}} ;;
  *)
    echo "diff_random.sh: unknown LOGIC $logic (QF_UF, QF_LRA, QF_LIA, QF_UFLRA, QF_UFLIA, QF_BV, QF_UFBV)" >&2
    exit 2
    ;;
esac
# Floors: the largest shares of unknown answers, timed-out seeds and unsupported seeds that
# pass. Measured on the ctest runs (smt.random_*: QF_UF 400 seeds at 20 s, the arithmetic
# logics 300 seeds at 10 s, release build, 2 busy cores), unknown answers / timeouts /
# unsupported: QF_UF 0 of 979 / 0 of 400 / 0; QF_LRA 0 of 715 / 0 of 300 / 0; QF_LIA 6 of 774
# / 1 of 300 / 0; QF_UFLRA 4 of 705 / 0 of 300 / 0; QF_UFLIA 6 of 743 / 2 of 300 / 0. The
# floors leave room for a slower machine (timeouts turn into unknowns and timeouts).
case $logic in
  QF_UF | QF_LRA | QF_BV | QF_UFBV) floors=(0.02 0.02 0.02) ;;
  QF_UFLRA) floors=(0.05 0.03 0.02) ;;
  QF_LIA | QF_UFLIA) floors=(0.05 0.05 0.02) ;;
esac
max_unknown=${DIFF_MAX_UNKNOWN:-${floors[0]}}
max_timeouts=${DIFF_MAX_TIMEOUTS:-${floors[1]}}
max_unsupported=${DIFF_MAX_UNSUPPORTED:-${floors[2]}}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v z3 >/dev/null 2>&1; then
  echo "skipped: z3 not found"
  exit 77
fi
have_cvc5=0
command -v cvc5 >/dev/null 2>&1 && have_cvc5=1
if [ ! -x "$craig" ]; then
  echo "diff_random.sh: $craig is not an executable" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/craig-diff.XXXXXX")
if [ -z "$gen" ]; then
  for g in "$(dirname "$craig")/tests/$tool" "$(dirname "$craig")/$tool"; do
    [ -x "$g" ] && gen=$g && break
  done
fi
if [ -z "$gen" ]; then
  gen="$work/$tool"
  ${CXX:-c++} -std=c++20 -O2 -o "$gen" "$here/../tools/$tool.cpp" || exit 2
fi
# generate SEED FILE
generate() {
  local args=("$1")
  [ "$tool" = gen_arith ] && args+=("$logic")
  [ "$logic" = QF_UFBV ] && args+=(--uf)
  [ -n "$size" ] && args+=("$size")
  "$gen" "${args[@]}" >"$2"
}

answers() { grep -E '^(sat|unsat|unknown|timeout)$' "$1" | sed 's/^timeout$/unknown/'; }

passed=0 failed=0 timeouts=0 unsupported=0 unknowns=0 outvoted=0 models=0 nsat=0 nunsat=0
failed_seeds=()
for ((seed = first; seed < first + count; seed++)); do
  file="$work/seed-$seed.smt2"
  generate "$seed" "$file" || { echo "diff_random.sh: $gen failed on seed $seed" >&2; exit 2; }
  # shellcheck disable=SC2086
  { "$craig" solve --timeout "$limit" ${CRAIG_FLAGS:-} "$file" >"$work/craig.out" 2>"$work/craig.err"; } 2>/dev/null
  rc=$?
  z3 -T:"$limit" "$file" >"$work/z3.out" 2>&1
  mapfile -t ca < <(answers "$work/craig.out")
  mapfile -t za < <(answers "$work/z3.out")
  mapfile -t cva < <(true)
  nchecks=$(grep -c '^(check-sat' "$file")
  last_is_get_model=0
  grep -v '^(exit)' "$file" | tail -1 | grep -q '^(get-model)' && last_is_get_model=1
  problems=()

  # exit code and errors
  nerr=$(grep -c '^(error' "$work/craig.out")
  tolerated_error=0
  if [ "$last_is_get_model" -eq 1 ] && [ "${#ca[@]}" -gt 0 ] && { [ "${ca[-1]}" = unsat ] || [ "${ca[-1]}" = unknown ]; } &&
    [ "$nerr" -eq 1 ] && tail -1 "$work/craig.out" | grep -q '^(error'; then
    tolerated_error=1
  fi
  case $rc in
    0) ;;
    5) timeouts=$((timeouts + 1)) ;;
    4) unsupported=$((unsupported + 1)) ;;
    3) [ "$tolerated_error" -eq 1 ] || problems+=("craig exited with 3 (input error)") ;;
    *) problems+=("craig exited with $rc$([ "$rc" -gt 128 ] && echo " (signal $((rc - 128)))")") ;;
  esac
  if [ "$nerr" -gt "$tolerated_error" ]; then
    problems+=("craig printed an error: $(grep -m1 '^(error' "$work/craig.out")")
  fi
  if [ "$rc" -ne 5 ] && [ "${#ca[@]}" -lt "$nchecks" ]; then
    problems+=("craig gave ${#ca[@]} answers for $nchecks check-sats")
  fi

  # answers
  for ((i = 0; i < ${#ca[@]} && i < nchecks; i++)); do
    c=${ca[$i]} z=${za[$i]:-unknown}
    case $c in
      sat) nsat=$((nsat + 1)) ;;
      unsat) nunsat=$((nunsat + 1)) ;;
      *) unknowns=$((unknowns + 1)); continue ;;
    esac
    if [ "$z" = "$c" ]; then continue; fi
    # opposite answers, or z3 without an answer: ask cvc5
    o=""
    if [ "$have_cvc5" -eq 1 ]; then
      if [ "${#cva[@]}" -eq 0 ]; then
        mapfile -t cva < <(cvc5 --incremental --tlimit="${limit}000" "$file" 2>/dev/null |
          grep -E '^(sat|unsat|unknown)$')
      fi
      o=${cva[$i]:-unknown}
    fi
    if [ "$z" = unknown ]; then
      if [ "$o" = sat ] || [ "$o" = unsat ]; then
        [ "$o" = "$c" ] || problems+=("check-sat #$((i + 1)): craig $c, cvc5 $o (z3 unknown)")
      fi
    elif [ "$o" = "$c" ]; then
      outvoted=$((outvoted + 1))
      echo "note: seed $seed check-sat #$((i + 1)): z3 says $z, craig and cvc5 say $c"
    else
      problems+=("check-sat #$((i + 1)): craig $c, z3 $z${o:+, cvc5 $o}")
    fi
  done

  # the final model, when there is one
  if [ "$last_is_get_model" -eq 1 ] && [ "$rc" -eq 0 ] && [ "${#ca[@]}" -gt 0 ] &&
    [ "${ca[-1]}" = sat ] && [ ${#problems[@]} -eq 0 ]; then
    rm -f "$work"/query_*.smt2
    report=$(bash "$here/model_query.sh" "$file" "$work/craig.out" "$work" | tail -1)
    if [ "${report#* }" != query ]; then
      problems+=("final get-model: ${report#* }")
    else
      q=$(z3 -T:60 "$work/query_${report%% *}.smt2" 2>&1)
      if [ "$q" = sat ]; then
        models=$((models + 1))
      else
        problems+=("the model does not satisfy the assertions (z3: $(echo "$q" | head -2 | tr '\n' ' '))")
        cp "$work/query_${report%% *}.smt2" "$work/seed-$seed.model-query.smt2"
      fi
    fi
  fi

  if [ ${#problems[@]} -eq 0 ]; then
    passed=$((passed + 1))
    rm -f "$file"
  else
    failed=$((failed + 1))
    failed_seeds+=("$seed")
    echo "FAIL seed $seed$([ -n "$size" ] && echo " size $size"): kept $file"
    for p in "${problems[@]}"; do echo "     $p"; done
    cp "$work/craig.out" "$work/seed-$seed.craig.out"
    cp "$work/craig.err" "$work/seed-$seed.craig.err"
    cp "$work/z3.out" "$work/seed-$seed.z3.out"
  fi
done

echo "craig answers ($logic): $nsat sat, $nunsat unsat, $unknowns unknown; $timeouts timeouts;" \
  "$unsupported runs with unsupported input;" \
  "$models models checked; z3 outvoted by cvc5: $outvoted"
# floor WHAT COUNT TOTAL MAX: fails the run when COUNT exceeds the share MAX of TOTAL.
floor() {
  if awk -v c="$2" -v t="$3" -v m="$4" 'BEGIN { exit !(c > m * t) }'; then
    echo "FAIL floor: $2 of $3 $1 (more than the share $4 allowed; see DIFF_MAX_* in diff_random.sh)"
    failed=$((failed + 1))
  else
    echo "floor: $2 of $3 $1 (at most the share $4 allowed)"
  fi
}
floor "check-sat answers unknown" "$unknowns" "$((nsat + nunsat + unknowns))" "$max_unknown"
floor "seeds timed out" "$timeouts" "$count" "$max_timeouts"
floor "seeds unsupported" "$unsupported" "$count" "$max_unsupported"
if [ ${#failed_seeds[@]} -eq 0 ]; then
  rm -rf "$work"
else
  echo "failing seeds: ${failed_seeds[*]} (scripts in $work)"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
