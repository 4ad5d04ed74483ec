#!/usr/bin/env bash
# A stand-in for `craig verify` used by svcomp_sh.sh: the task's file name says what to do.
#   craig verify --engine E --timeout T --json --witness W TASK.yml
if [ "${1:-}" = --version ]; then echo "craig fake"; exit 0; fi
[ "${1:-}" = verify ] || exit 2
shift
wit="" task="" engine="" extra=""
while [ $# -gt 0 ]; do
  case $1 in
    --engine) engine=$2; shift 2 ;;
    --timeout) shift 2 ;;
    --witness) wit=$2; shift 2 ;;
    --json) shift ;;
    --itp-*) extra+="$1=$2 "; shift 2 ;;
    *) task=$1; shift ;;
  esac
done
json() { printf '{"result":"%s","reason":"%s","unsupported":"%s","engine":"%s","time":0.1}\n' "$1" "$2" "$3" "$engine"; }
echo "craig verify $task"
case $(basename "$task" .yml) in
  true*) echo TRUE; json TRUE 'k-induction, \"k\" = 2' "" ;;
  false_nowitness*) echo FALSE; json FALSE "counterexample" "" ;;
  false*) echo '<graphml/>' >"$wit"; echo FALSE; json FALSE "counterexample" "" ;;
  unknown*) echo UNKNOWN; json UNKNOWN "bound 5 reached" "" ;;
  unsupported_nojson*) echo "unsupported: /t/x.c:1:2: float" >&2; exit 4 ;;
  unsupported*) echo UNKNOWN; json UNKNOWN "unsupported construct" "/t/x.c:4:7: pointer" ; exit 4 ;;
  memout*) echo UNKNOWN; json UNKNOWN "memory limit" ""; exit 5 ;;
  hang*) exec sleep 60 ;;
  args*) echo UNKNOWN; json UNKNOWN "args ${extra% }" "" ;;
  spin*) while :; do :; done ;;
  crash*) kill -SEGV $$ ;;
  inputerror*) echo "t.c:1:1: expected ';'" >&2; exit 3 ;;
  nojson*) echo TRUE ;;
  trailing*) json TRUE "" ""; echo; echo ;;
esac
exit 0
