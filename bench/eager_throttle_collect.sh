#!/bin/bash
# eager_throttle_collect.sh BIN SETDIR OUT: per file of SETDIR/INDEX.tsv (10 s each) the answer, user+sys CPU
# and the eager simplex's counters (checks, skipped, work, assigned, seconds, period), tab-separated.
BIN=$1; SET=$2; OUT=$3
: > $OUT
tail -n +2 $SET/INDEX.tsv | cut -f1,2 | while IFS=$'\t' read f exp; do
  s=$( { /usr/bin/time -f "CPU %U %S" timeout 20 $BIN solve --stats --timeout 10 $SET/$f 2>&1; } 2>&1 )
  ans=$(echo "$s" | grep -m1 -E '^(sat|unsat|unknown)$')
  cpu=$(echo "$s" | awk '/^CPU/{print $2+$3}')
  g(){ echo "$s" | awk -v k=":$1" '$1==k{print $2}'; }
  echo -e "$f\t$exp\t${ans:-none}\t$cpu\t$(g online-eager-simplex-checks)\t$(g online-eager-simplex-skipped)\t$(g online-eager-simplex-work)\t$(g online-eager-simplex-assigned)\t$(g online-eager-simplex-time)\t$(g online-eager-simplex-period)" >> $OUT
done
