#!/usr/bin/env python3
"""Generated protocol state machines for the explicit-value analysis (issue 19).

  python3 bench/gen_protocol.py OUTDIR [--kmin 2] [--kmax 30] [--families protocol]
                                [--variants true,false]
  python3 bench/gen_protocol.py --list-families

The same output as bench/gen_dag_family.py (tasks, properties/, index.tsv), so bench/dag_family.sh
runs it with DAG_GENERATOR=bench/gen_protocol.py. Family:
  protocol  an automaton with states 0..k driven by nondeterministic events in an unbounded loop,
            and k counters: entering state j sets c_j = 1, returning to state 0 resets them all;
            the property after every step is s != 0 || c_1 + ... + c_k == 0. Reachable states
            are few (c_j = 1 exactly when s >= j), so explicit values of s and the counters prove
            it; a symbolic proof needs the k relations c_j == (s >= j) at the loop head.
TRUE: every return to state 0 resets the counters. FALSE: from state k event 3 returns to state 0
without resetting c_k (a near miss: only the path through all k states reaches it).
Standard library only.
"""
import sys

from gen_dag_family import HEADER, comment, main


def protocol(k, variant):
    """States 0..k, counters c_1..c_k; see the module comment."""
    why = ("TRUE: every transition into state 0 resets c_1..c_%d; the proof needs c_j == (s >= j) "
           "for every j at the loop head." % k if variant == "true" else
           "FALSE: state %d returns to state 0 on event 3 without resetting c_%d." % (k, k))
    counters = ["c%d" % j for j in range(1, k + 1)]
    reset = " ".join("%s = 0;" % c for c in counters)
    body = ["    int e = __VERIFIER_nondet_int();"]
    for j in range(0, k + 1):
        kw = "if" if j == 0 else "} else if"
        body.append("    %s (s == %d) {" % (kw, j))
        if j < k:
            body.append("      if (e == 1) {")
            body.append("        s = %d;" % (j + 1))
            body.append("        c%d = 1;" % (j + 1))
            if j > 0:
                body.append("      } else if (e == 2) {")
                body.append("        s = 0;")
                body.append("        " + reset)
            body.append("      }")
        else:
            body.append("      if (e == 2) {")
            body.append("        s = 0;")
            body.append("        " + reset)
            body.append("      } else if (e == 3) {")
            body.append("        s = 0;")
            if variant == "true":
                body.append("        " + reset)
            else:
                body.append("        " + " ".join("%s = 0;" % c for c in counters[:-1]))
            body.append("      }")
    body.append("    }")
    body.append("    if (s == 0 && %s != 0) {" % " + ".join(counters))
    body.append("      reach_error();")
    body.append("    }")
    return (comment(["protocol, k = %d, expected verdict %s (bench/gen_protocol.py)." % (k, variant),
                     "A state machine with states 0..%d and %d counters." % (k, k), why]) +
            HEADER + "\nint main(void) {\n  int s = 0;\n" +
            "".join("  int %s = 0;\n" % c for c in counters) +
            "  while (__VERIFIER_nondet_int()) {\n" + "\n".join(body) + "\n  }\n  return 0;\n}\n")


if __name__ == "__main__":
    sys.exit(main({"protocol": protocol}, __doc__.split("\n")[0]))
