#!/usr/bin/env bash
# engines.sh CRAIG — the engine interface on the command line (issue 16): --list-engines, an
# engine's options refused with another engine, --progress, --dump-arg and the statistics in
# --stats and --json. Prints `ok NAME` / `FAIL NAME: why` and `N passed, M failed`; exit status
# 1 if anything failed.
set -u
craig=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source "$(dirname "$0")/lib.sh"

cat > "$tmp/loop.c" <<'C'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int n = __VERIFIER_nondet_int(), x = 0;
  if (n < 0) return 0;
  while (x < n) x++;
  if (x != n) reach_error();
  return 0;
}
C
# An unbounded loop bmc never finishes: its progress lines are what the test reads.
cat > "$tmp/spin.c" <<'C'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int x = 0;
  while (__VERIFIER_nondet_int()) { x = x + 2; if (x == 7) reach_error(); }
  return 0;
}
C

if run list_engines 0 verify --list-engines; then
  if ! has out "bmc:" || ! has out "impact:" || ! has out "portfolio (default):" ||
     ! has out "--itp-bool (default mcmillan)" || ! has out "--portfolio-jobs (default 0)"; then
    fail list_engines "an engine or an option is missing"
  elif ! grep -A1 "^bmc:" "$tmp/out" | grep -q "can: takes bit-precise programs" ||
       ! grep -A1 "^whale:" "$tmp/out" | grep -q "can: solves the procedural model" ||
       grep -A1 "^value:" "$tmp/out" | grep -q "can:"; then
    fail list_engines "the engines' capabilities are not listed (bmc: words, whale: procedures, value: none)"
  else ok list_engines; fi
fi

if run option_of_other_engine 2 verify "$tmp/loop.c" --engine bmc --itp-lra dual-farkas; then
  if has err "--itp-lra needs --engine impact"; then ok option_of_other_engine
  else fail option_of_other_engine "no message naming the engine"; fi
fi

if run missing_file 2 verify; then ok missing_file; fi

# The portfolio (default engine): the winner is named, its members are checked on the command
# line, a member's option is passed on, and at the time limit every member's reason is given.
if run portfolio_winner 0 verify "$tmp/loop.c" --stats; then
  if ! has out "Verification result: TRUE"; then fail portfolio_winner "not TRUE"
  # Which member wins depends on the machine's load (members beyond --portfolio-jobs run in
  # time slices), so any member of the default portfolio may be the one named.
  elif ! grep -Eq "^ *portfolio.winner: (impact|value|vinta)" "$tmp/out"; then
    fail portfolio_winner "no winner named"
  elif ! has out "certify.reused: 1"; then fail portfolio_winner "the gate ran twice on the winner"
  else ok portfolio_winner; fi
fi
# --memory is shared among the members (each gets the parent's pages plus 1/n of the rest). ASan
# builds set no address-space limit (its shadow memory needs terabytes of it).
if run portfolio_memory 0 verify "$tmp/loop.c" --memory 2000 --stats; then
  share=$(sed -n 's/^ *portfolio.member-memory-mb: \([0-9]*\)$/\1/p' "$tmp/out")
  if [ -z "$share" ] && grep -q __asan_init "$craig"; then ok portfolio_memory
  elif [ -z "$share" ]; then fail portfolio_memory "no member memory limit"
  elif [ "$share" -ge 2000 ] || [ "$share" -lt 500 ]; then fail portfolio_memory "member limit $share MiB of 2000"
  else ok portfolio_memory; fi
fi
if run portfolio_bad_member 2 verify "$tmp/loop.c" --portfolio "bmc;impact:itp-bool=nonsense"; then
  if has err "itp-bool"; then ok portfolio_bad_member; else fail portfolio_bad_member "no message"; fi
fi
# A member's own time limit (@SECONDS) ends it; the run goes on without it.
start=$(date +%s)
if run member_limit 0 verify "$tmp/spin.c" --portfolio "bmc@1" --timeout 30; then
  if ! has out "no member decided: bmc@1: UNKNOWN (timeout at bound"; then fail member_limit "no member reason"
  elif [ $(( $(date +%s) - start )) -gt 10 ]; then fail member_limit "the member ran past its limit"
  else ok member_limit; fi
fi
if run member_limit_bad 2 verify "$tmp/spin.c" --portfolio "bmc@0"; then ok member_limit_bad; fi
if run jobs_with_impact 2 verify "$tmp/loop.c" --engine impact --portfolio-jobs 2; then ok jobs_with_impact; fi
if run portfolio_timeout 5 verify "$tmp/spin.c" --portfolio "bmc;bmc" --portfolio-jobs 1 --timeout 2; then
  if has out "timeout after 2 s in every member: bmc: UNKNOWN (timeout at bound"; then ok portfolio_timeout
  else fail portfolio_timeout "no member reasons"; fi
fi

if run progress 5 verify "$tmp/spin.c" --engine bmc --timeout 3 --progress; then
  if grep -qE '^\[craig [0-9.]+ s\] bmc: bound [0-9]+' "$tmp/err"; then ok progress
  else fail progress "no status line on stderr"; fi
fi

if run dump_arg 0 verify "$tmp/loop.c" --dump-arg "$tmp/arg.dot"; then
  if ! has out "Verification result: TRUE"; then fail dump_arg "not TRUE"
  elif ! grep -q '^digraph unwinding' "$tmp/arg.dot"; then fail dump_arg "no unwinding graph"
  elif ! grep -q 'style=dashed, color=blue' "$tmp/arg.dot"; then fail dump_arg "no covering edge"
  else ok dump_arg; fi
fi

if run dump_arg_bmc 0 verify "$tmp/loop.c" --engine bmc --bound 3 --dump-arg "$tmp/bmc.dot"; then
  if grep -q 'builds no ARG' "$tmp/bmc.dot"; then ok dump_arg_bmc
  else fail dump_arg_bmc "the file does not say bmc has no ARG"; fi
fi

cat > "$tmp/mc91.c" <<'EOF'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int mc91(int p) { if (p > 100) return p - 10; return mc91(mc91(p + 11)); }
int main(void) { int x = __VERIFIER_nondet_int(); if (mc91(x) < 91) reach_error(); return 0; }
EOF
if run dump_arg_whale 0 verify "$tmp/mc91.c" --engine whale --no-whale-houdini --dump-arg "$tmp/whale.dot"; then
  if ! has out "Verification result: TRUE"; then fail dump_arg_whale "not TRUE"
  elif ! grep -q '^digraph iarg' "$tmp/whale.dot"; then fail dump_arg_whale "no iARG graph"
  elif ! grep -q 'label="1: mc91' "$tmp/whale.dot"; then fail dump_arg_whale "no ARG of mc91"
  elif ! grep -q 'style=dashed, color=blue' "$tmp/whale.dot"; then fail dump_arg_whale "no covering edge"
  else ok dump_arg_whale; fi
fi

# --whale-merge (§6.6): fib's two calls share one child ARG, so the iARG is a chain and smaller
# than the tree of one ARG per call; the merged calls are counted, and the dump has one edge per call.
cat > "$tmp/fib.c" <<'EOF'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int fib(int n) { if (n < 1) return 0; if (n == 1) return 1; return fib(n - 1) + fib(n - 2); }
int main(void) { int x = __VERIFIER_nondet_int(); if (x < 0 || x > 40) return 0; if (fib(x) < x - 1) reach_error(); return 0; }
EOF
stat_of() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])["stats"][sys.argv[2]])' "$(tail -n 1 "$tmp/out")" "$1"; }
if run whale_merge 0 verify "$tmp/fib.c" --engine whale --whale-merge --json --stats --dump-arg "$tmp/merge.dot"; then
  merged_args=$(stat_of whale.args) merged_calls=$(stat_of whale.merged-calls)
  if ! has out "Verification result: TRUE"; then fail whale_merge "not TRUE"
  elif [ "${merged_calls:-0}" -le 0 ]; then fail whale_merge "whale.merged-calls is '$merged_calls'"
  elif ! grep -q 'a1 -> a2 \[label="call 1"\]' "$tmp/merge.dot"; then fail whale_merge "no edge of the second call to the merged ARG"
  elif run whale_merge 0 verify "$tmp/fib.c" --engine whale --no-whale-merge --json --stats; then
    if ! has out "Verification result: TRUE"; then fail whale_merge "not TRUE without merging"
    elif [ "$(stat_of whale.merged-calls)" != 0 ]; then fail whale_merge "calls merged with --no-whale-merge"
    elif [ "$merged_args" -ge "$(stat_of whale.args)" ]; then
      fail whale_merge "$merged_args ARGs merged, $(stat_of whale.args) without merging"
    else ok whale_merge; fi
  fi
fi

if run json_stats 0 verify "$tmp/loop.c" --engine bmc --bound 4 --json --stats --no-accelerate; then
  last=$(tail -n 1 "$tmp/out")
  if ! has out "  bmc.bound: 4"; then fail json_stats "no bmc.bound line in --stats"
  elif ! python3 -c 'import json,sys; d=json.loads(sys.argv[1]); assert d["stats"]["bmc.bound"] == 4' "$last"; then
    fail json_stats "the JSON line has no stats.bmc.bound = 4"
  else ok json_stats; fi
fi

# --use-summaries: refused where the engine does not inline calls; with a recursive function the
# summaries go to its non-recursive callee only (down stays inlined to the recursion bound).
if run use_summaries_whale 2 verify "$tmp/mc91.c" --engine whale --use-summaries; then
  if has err "--use-summaries needs an engine that inlines calls"; then ok use_summaries_whale
  else fail use_summaries_whale "no message naming the reason"; fi
fi
if run use_summaries_portfolio 2 verify "$tmp/mc91.c" --use-summaries; then
  if has err "--use-summaries needs an engine that inlines calls"; then ok use_summaries_portfolio
  else fail use_summaries_portfolio "no message naming the reason"; fi
fi
cat > "$tmp/rec.c" <<'EOF'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int twice(int x) { return x + x; }
int down(int n) { if (n <= 0) return 0; return down(n - 1); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 1000) return 0;
  int y = twice(x);
  if (down(2) != 0) reach_error();
  if (y < x) reach_error();
  return 0;
}
EOF
if run use_summaries_recursive 0 verify "$tmp/rec.c" --engine impact --use-summaries --stats --timeout 30; then
  if ! has out "Verification result: TRUE"; then fail use_summaries_recursive "not TRUE"
  elif ! has out "summaries.functions: 1"; then fail use_summaries_recursive "not exactly twice summarised"
  elif ! has out "summaries.calls: 1"; then fail use_summaries_recursive "the call of twice not replaced"
  else ok use_summaries_recursive; fi
fi


# ---- engine summaries end to end (issue 21): the summary file written, read back, refused for
# another program; a revision checked with --summaries-revision-of; the tree-property and no-check paths.
cat > "$tmp/v1.c" <<'C'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int max(int a, int b) { if (a > b) return 2 * a; return 2 * b; }
int fun(int a, int b) { int r = max(a, b); return r + 10 + a; }
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a < 0 || a > 100 || b < 0 || b > 100) return 0;
  if (!(fun(a, b) >= 10 + a + 2 * b)) reach_error();
  return 0;
}
C
sed 's/return 2 \* a;/return a + b + 1;/' "$tmp/v1.c" >"$tmp/v2.c"
sed 's/return 2 \* a;/return a;/' "$tmp/v1.c" >"$tmp/v3.c"
if run summaries_file 0 verify --engine summaries --itp-lra decomposed-farkas --summaries-file "$tmp/s.smt2" --stats "$tmp/v1.c"; then
  if ! head -1 "$tmp/out" | grep -q "^Verification result: TRUE"; then fail summaries_file "verdict $(head -1 "$tmp/out")"
  elif ! grep -q "define-fun |max|" "$tmp/s.smt2"; then fail summaries_file "no summary of max written"
  else ok summaries_file; fi
fi
cp "$tmp/s.smt2" "$tmp/s1.smt2"
if run summaries_file_reread 0 verify --engine summaries --summaries-file "$tmp/s.smt2" --stats "$tmp/v1.c"; then
  has out "summaries.loaded-valid: 2" && has out "summaries.refined: 0" && ok summaries_file_reread ||
    fail summaries_file_reread "summaries not reused: $(grep -E 'loaded|refined' "$tmp/out" | tr '\n' ' ')"
fi
if run summaries_file_foreign 3 verify --engine summaries --summaries-file "$tmp/s1.smt2" "$tmp/v2.c"; then
  has err "summaries of another program" && ok summaries_file_foreign || fail summaries_file_foreign "message"
fi
cp "$tmp/s1.smt2" "$tmp/s2.smt2"
if run summaries_revision_safe 0 verify --engine summaries --summaries-file "$tmp/s2.smt2" --summaries-revision-of "$tmp/v1.c" --stats "$tmp/v2.c"; then
  head -1 "$tmp/out" | grep -q "TRUE" && has out "summaries.revision.changed: 1" && has out "summaries.revision.kept: 1" &&
    ok summaries_revision_safe || fail summaries_revision_safe "$(head -1 "$tmp/out"); $(grep revision "$tmp/out" | tr '\n' ' ')"
fi
cp "$tmp/s1.smt2" "$tmp/s3.smt2"
if run summaries_revision_bug 0 verify --engine summaries --summaries-file "$tmp/s3.smt2" --summaries-revision-of "$tmp/v1.c" --stats "$tmp/v3.c"; then
  head -1 "$tmp/out" | grep -q "FALSE" && grep -qE "summaries.revision.weakened: [1-9]" "$tmp/out" &&
    ok summaries_revision_bug || fail summaries_revision_bug "$(head -1 "$tmp/out"); $(grep revision "$tmp/out" | tr '\n' ' ')"
fi
if run summaries_tree_property 0 verify --engine summaries --summaries-tree-property --no-summaries-check --summaries-file "$tmp/s1.smt2" "$tmp/v1.c"; then
  head -1 "$tmp/out" | grep -q "TRUE" && ok summaries_tree_property || fail summaries_tree_property "$(head -1 "$tmp/out")"
fi

# ---- engine pdr (issue 53): listed with its options, a bad choice refused, --progress while it
# blocks, its frames as Graphviz, its statistics.
cat > "$tmp/sum.c" <<'C'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int n = __VERIFIER_nondet_int(), x, y = 0;
  if (n < 0 || n >= 1000) return 0;
  x = n;
  while (x > 0) { x--; y++; }
  if (y != n) reach_error();
  return 0;
}
C
if run list_engines_pdr 0 verify --list-engines; then
  if grep -q "^pdr:" "$tmp/out" && has out "--pdr-generalize (default itp)" && has out "--pdr-ctg (default 2)"; then
    ok list_engines_pdr
  else fail list_engines_pdr "pdr or its options missing"; fi
fi
if run pdr_bad_generalize 2 verify "$tmp/loop.c" --engine pdr --pdr-generalize nonsense; then
  if has err "unknown value 'nonsense'"; then ok pdr_bad_generalize; else fail pdr_bad_generalize "no message"; fi
fi
# Literal dropping alone enumerates values of n on sum.c: it is still blocking when the budget ends.
if run pdr_progress 5 verify "$tmp/sum.c" --engine pdr --pdr-generalize mic --timeout 3 --progress --no-accelerate; then
  if ! grep -qE '^\[craig [0-9.]+ s\] pdr: frame [0-9]+, [0-9]+ lemmas' "$tmp/err"; then fail pdr_progress "no status line"
  elif ! has out "UNKNOWN (timeout"; then fail pdr_progress "not a timeout"
  else ok pdr_progress; fi
fi
if run pdr_dump_arg 0 verify "$tmp/sum.c" --engine pdr --stats --dump-arg "$tmp/pdr.dot"; then
  if ! has out "Verification result: TRUE"; then fail pdr_dump_arg "not TRUE"
  elif ! grep -q "digraph pdr" "$tmp/pdr.dot" || ! grep -q "F1" "$tmp/pdr.dot"; then fail pdr_dump_arg "no frames in the graph"
  elif ! has out "pdr.frames:" || ! has out "pdr.time.generalize-itp:"; then fail pdr_dump_arg "no statistics"
  else ok pdr_dump_arg; fi
fi

# ---- engine kind (issue 53): listed with its options, a bad choice refused, --progress while k
# grows, its locations as Graphviz, its statistics, --invariants on a k-induction certificate.
if run list_engines_kind 0 verify --list-engines; then
  if grep -q "^kind:" "$tmp/out" && has out "--kind-invariants (default both)" && has out "--kind-simple-path"; then
    ok list_engines_kind
  else fail list_engines_kind "kind or its options missing"; fi
fi
if run kind_bad_invariants 2 verify "$tmp/sum.c" --engine kind --kind-invariants nonsense; then
  if has err "unknown value 'nonsense'"; then ok kind_bad_invariants; else fail kind_bad_invariants "no message"; fi
fi
# Without invariants no k proves y == n on sum.c: k grows until the budget ends.
if run kind_progress 5 verify "$tmp/sum.c" --engine kind --kind-invariants none --timeout 3 --progress --no-accelerate; then
  if ! grep -qE '^\[craig [0-9.]+ s\] kind: k [0-9]+, [0-9]+ base and [0-9]+ step queries' "$tmp/err"; then fail kind_progress "no status line"
  elif ! has out "UNKNOWN (timeout"; then fail kind_progress "not a timeout"
  else ok kind_progress; fi
fi
cat > "$tmp/counter.c" <<'C'
extern void reach_error(void);
int main() { int x = 0; while (x < 10) x++; if (x > 10) reach_error(); return 0; }
C
if run kind_dump_arg 0 verify "$tmp/counter.c" --engine kind --kind-invariants none --stats --invariants --dump-arg "$tmp/kind.dot"; then
  if ! has out "Verification result: TRUE"; then fail kind_dump_arg "not TRUE"
  elif ! grep -q "digraph kind" "$tmp/kind.dot" || ! grep -q "k = 2" "$tmp/kind.dot"; then fail kind_dump_arg "no k in the graph"
  elif ! has out "kind.k: 2" || ! has out "kind.time.step:"; then fail kind_dump_arg "no statistics"
  elif ! has out "(k-induction, k = 2"; then fail kind_dump_arg "no k-induction note with --invariants"
  else ok kind_dump_arg; fi
fi
# ---- engine tpa (issue 54, item 2): listed with its options, a bad mode refused, --progress
# while its levels grow, its statistics.
cat > "$tmp/deep.c" <<'C'
extern void reach_error(void);
int main() { unsigned x = 0; while (x < 100000000u) x++; if (x == 100000000u) reach_error(); return 0; }
C
# The engine and both of its own options listed with their defaults (three lines).
run list_engines_tpa 0 verify --list-engines &&
  case $(grep -c -e '^tpa:' -e '--tpa-mode (default split)' -e '--tpa-projection-cubes (default 256)' "$tmp/out") in
    3) ok list_engines_tpa ;;
    *) fail list_engines_tpa "tpa or its options missing" ;;
  esac
if run tpa_bad_mode 2 verify "$tmp/loop.c" --engine tpa --tpa-mode nonsense; then
  if has err "unknown value 'nonsense'"; then ok tpa_bad_mode; else fail tpa_bad_mode "no message"; fi
fi
if run tpa_progress 5 verify "$tmp/deep.c" --engine tpa --timeout 3 --progress --stats --no-accelerate; then
  if ! grep -qE '^\[craig [0-9.]+ s\] tpa: split, level [0-9]+, [0-9]+ queries' "$tmp/err"; then fail tpa_progress "no status line"
  elif ! has out "UNKNOWN (timeout"; then fail tpa_progress "not a timeout"
  elif ! has out "tpa.levels:" || ! has out "tpa.time.queries:"; then fail tpa_progress "no statistics"
  else ok tpa_progress; fi
fi

finish
