#!/usr/bin/env bash
# options_doc.sh CRAIG DOCS/OPTIONS.MD — the option reference in the docs is what `craig options`
# generates from the option tables (issue 52, item 3), and the options follow the naming rule
# (base/option_row.hpp): every engine's own options start with the engine's name, its family's
# (ufo- for the UFO family and VINTA, which refine with UFO's DAG interpolants; value- for
# value-impact, lazy- for lazy-inter, vinta- for both VINTAs), or are the interpolation layer's
# (itp-*). Exit 1 with the difference.
set -u
craig=$1
doc=$2
status=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
if ! "$craig" options > "$out"; then
  echo "FAIL craig options exited with $?"
  exit 1
fi
if ! diff -u "$doc" "$out"; then
  echo "FAIL $doc differs from 'craig options' (regenerate it: build/craig options > docs/options.md)"
  status=1
else
  echo "ok reference up to date"
fi
# The naming rule, read off the generated tables: "### ENGINE" then its rows "| `--NAME`".
bad=$(awk '/^### /{engine=$2} /^\| `--/ && engine != "" {
            name=$2; gsub(/[`,|]/, "", name); sub(/^--/, "", name);
            base=engine; sub(/-.*/, "", base);
            family=(engine ~ /^(cpufo|bpufo|cp|bp|vinta-box|vinta-boxes)$/) ? "ufo" : base;
            if (index(name, engine "-") != 1 && index(name, base "-") != 1 && index(name, family "-") != 1 &&
                index(name, "itp-") != 1 && name != engine) print engine ": --" name }' "$out")
if [ -n "$bad" ]; then
  echo "FAIL options without their engine's prefix:"
  echo "$bad"
  status=1
else
  echo "ok naming rule"
fi
exit $status
