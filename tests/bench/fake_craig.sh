#!/usr/bin/env bash
# A stand-in for `craig verify` used by svcomp_sh.sh, measured by craig bench (`--craig` this
# file): the task's file name says what to do. craig bench runs
#   fake_craig.sh verify [--engine E] [OPTIONS] --json --timeout T --stats --witness W TASK.yml
# and reads the verdict from the line `Verification result: TRUE|FALSE|UNKNOWN ...`, as from
# craig; bench/svcomp.sh reads reason and unsupported construct from the last line, the JSON one.
# FAKE_CRAIG_MARK, when set, is put before every reason (so that a test sees which run wrote a row).
if [ "${1:-}" = --version ]; then echo "craig fake"; exit 0; fi
[ "${1:-}" = verify ] || exit 2
shift
wit="" task="" engine=portfolio extra=""
while [ $# -gt 0 ]; do
  case $1 in
    --engine) engine=$2; shift 2 ;;
    --timeout) shift 2 ;;
    --witness) wit=$2; shift 2 ;;
    --json | --stats) shift ;;
    --itp-*) extra+="$1=$2 "; shift 2 ;;
    *) task=$1; shift ;;
  esac
done
mark=${FAKE_CRAIG_MARK:+$FAKE_CRAIG_MARK: }
json() { printf '{"result":"%s","reason":"%s%s","unsupported":"%s","engine":"%s","time":0.1}\n' "$1" "$mark" "$2" "$3" "$engine"; }
verdict() { echo "Verification result: $1"; }
echo "craig verify $task"
case $(basename "$task" .yml) in
  true*) verdict TRUE; json TRUE 'k-induction, \"k\" = 2' "" ;;
  false_nowitness*) verdict FALSE; json FALSE "counterexample" "" ;;
  false*) echo '<graphml/>' >"$wit"; verdict FALSE; json FALSE "counterexample" "" ;;
  unknown*) verdict "UNKNOWN (bound 5 reached)"; json UNKNOWN "bound 5 reached" "" ;;
  unsupported_nojson*) echo "unsupported: /t/x.c:1:2: float" >&2; exit 4 ;;
  unsupported*) verdict "UNKNOWN (unsupported: /t/x.c:4:7: pointer)"; json UNKNOWN "unsupported construct" "/t/x.c:4:7: pointer"; exit 4 ;;
  memout*) verdict "UNKNOWN (memory limit)"; json UNKNOWN "memory limit" ""; exit 5 ;;
  hang*) exec sleep 60 ;;
  args*) a="engine=$engine $extra"; verdict UNKNOWN; json UNKNOWN "args ${a% }" "" ;;
  spin*) while :; do :; done ;;
  crash*) kill -SEGV $$ ;;
  inputerror*) echo "craig: error: t.c:1:1: expected ';'" >&2; exit 3 ;;
  nojson*) echo TRUE ;;
  trailing*) verdict TRUE; json TRUE "" ""; echo; echo ;;
esac
exit 0
