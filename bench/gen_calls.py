#!/usr/bin/env python3
"""Generated programs with many calls of loop-bearing helper functions (issue 18, --use-summaries).

  python3 bench/gen_calls.py OUTDIR [--kmin 2] [--kmax 30] [--families calls]
                             [--variants true,false]
  python3 bench/gen_calls.py --list-families

The same output as bench/gen_dag_family.py (tasks, properties/, index.tsv), so bench/dag_family.sh
runs it with DAG_GENERATOR=bench/gen_calls.py (with and without CRAIG_VERIFY_ARGS=--use-summaries).
Family:
  calls  main calls the helper step(x, n) k times in sequence, s = step(s, nondet), with
         step adding min(n, 100) to x one by one in a loop (n read nondeterministically in main).
         Inlined, every call site is a copy of the loop whose invariant (x >= the value at the
         call) an engine has to find again; WHALE proves the summary result >= x once, and with
         it main is a straight line. TRUE: the property is s >= 0. FALSE: s <= 3*k - 1 (a near
         miss: every call must add at least 3).
Standard library only.
"""
import sys

from gen_dag_family import HEADER, comment, main

STEP = """int step(int x, int n) {
  int i = 0;
  if (n > 100) n = 100;
  while (i < n) {
    i++;
    x++;
  }
  return x;
}
"""


def calls(k, variant):
    """k calls of step in sequence; see the module comment."""
    why = ("TRUE: step never decreases its first argument, so s >= 0 after every call."
           if variant == "true" else
           "FALSE: s reaches 3*k when every call adds 3 or more.")
    body = "".join("  s = step(s, __VERIFIER_nondet_int());\n" for _ in range(k))
    prop = "s < 0" if variant == "true" else "s >= %d" % (3 * k)
    return (comment(["calls, k = %d, expected verdict %s (bench/gen_calls.py)." % (k, variant),
                     "%d calls of a helper with a loop." % k, why]) +
            HEADER + "\n" + STEP + "\nint main(void) {\n  int s = 0;\n" + body +
            "  if (%s) {\n    reach_error();\n  }\n  return 0;\n}\n" % prop)


if __name__ == "__main__":
    sys.exit(main({"calls": calls}, __doc__.split("\n")[0]))
