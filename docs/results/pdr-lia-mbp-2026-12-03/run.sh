#!/bin/bash
# run.sh BIN OUT: pdr on each file of files.txt under ulimit -t 10
: > $2
while read f; do
  s=$(date +%s.%N)
  a=$( (ulimit -t 10; nice -n 10 $1 chc --engine pdr $f 2>/dev/null | head -1) 2>/dev/null )
  e=$(date +%s.%N)
  echo "$(basename $f) ${a:-unknown} $(echo "$e - $s" | bc)" >> $2
done < files.txt
