#!/usr/bin/env python3
"""DAG interpolants, one-proof route against per-vertex route (itp/dag_interpolation.hpp).

  python3 bench/dag_routes.py CRAIG [SIZES...]

Families of infeasible program-like DAGs with K if-then-else diamonds over SSA variables:
  diamonds  x_{i+1} = x_i + 1 or x_i + 2; the exit needs x_K < K
  bypass    the same plus edges join_i -> join_{i+2} (x_{i+2} = x_i + 3), so that the one proof's
            cuts share symbols outside a vertex's scope (eliminated by qe_lra)
  bool      Boolean SSA flags: p_{i+1} = p_i or p_{i+1} = (p_i or q_i); p_0, the exit needs not p_K
  uf        x_{i+1} = x_i + 1 or x_{i+1} = f(x_i) with f(y) >= y + 1 asserted on that edge
Each DAG is answered by both routes with --itp-stats (solver calls with and without proofs,
vertices from the proof and from fallbacks, eliminated symbols, total DAG nodes of the
interpolants, seconds of the command) and certified (--check-interpolants) in a second run.
"""
import re
import subprocess
import sys


def ladder(k, logic, decl, init, left, right, bad, skip=None):
    """K diamonds: vertices 0 entry, join_i = 1 + 3i, its branches join_i + 1 and join_i + 2,
    exit join_K + 1; left(i)/right(i) label the branches, skip(i) an optional join_i -> join_{i+2}
    edge."""
    named, edges = [], []

    def label(name, formula):
        named.append("(assert (! %s :named %s))" % (formula, name))
        return name

    join = lambda i: 1 + 3 * i
    exit_v = join(k) + 1
    edges.append((0, join(0), label("init", init)))
    for i in range(k):
        edges.append((join(i), join(i) + 1, label("a%d" % i, left(i))))
        edges.append((join(i), join(i) + 2, label("b%d" % i, right(i))))
        edges.append((join(i) + 1, join(i + 1), label("t%d" % i, "true")))
        edges.append((join(i) + 2, join(i + 1), label("u%d" % i, "true")))
        if skip and i + 2 <= k:
            edges.append((join(i), join(i + 2), label("s%d" % i, skip(i))))
    edges.append((join(k), exit_v, label("bad", bad)))
    return logic, decl, named, edges, exit_v


def reals(k):
    return ["(declare-fun x%d () Real)" % i for i in range(k + 1)]


def diamonds(k, bypass=False):
    return ladder(k, "QF_LRA", reals(k), "(= x0 0.0)",
                  lambda i: "(= x%d (+ x%d 1.0))" % (i + 1, i),
                  lambda i: "(= x%d (+ x%d 2.0))" % (i + 1, i),
                  "(< x%d %d.0)" % (k, k),
                  (lambda i: "(= x%d (+ x%d 3.0))" % (i + 2, i)) if bypass else None)


def bools(k):
    decl = ["(declare-fun p%d () Bool)" % i for i in range(k + 1)]
    decl += ["(declare-fun q%d () Bool)" % i for i in range(k)]
    return ladder(k, "QF_UF", decl, "p0", lambda i: "(= p%d p%d)" % (i + 1, i),
                  lambda i: "(= p%d (or p%d q%d))" % (i + 1, i, i), "(not p%d)" % k)


def uf(k):
    return ladder(k, "QF_UFLRA", reals(k) + ["(declare-fun f (Real) Real)"], "(= x0 0.0)",
                  lambda i: "(= x%d (+ x%d 1.0))" % (i + 1, i),
                  lambda i: "(and (= x%d (f x%d)) (>= (f x%d) (+ x%d 1.0)))" % (i + 1, i, i, i),
                  "(< x%d %d.0)" % (k, k))


def script(logic, decl, named, edges, exit_v):
    lines = ["(set-option :produce-interpolants true)", "(set-logic %s)" % logic] + decl + named
    lines.append("(get-dag-interpolants 0 %d %s)" % (exit_v, " ".join("(%d %d %s)" % e for e in edges)))
    return "\n".join(lines) + "\n"


def run(craig, text, route, certify):
    args = [craig, "solve", "-", "--itp-stats", "--itp-dag-route", route]
    if certify:
        args.append("--check-interpolants")
    p = subprocess.run(args, input=text, capture_output=True, text=True, timeout=600)
    stats = re.search(r"; get-dag-interpolants route \S+ (.*)", p.stderr)
    return p.returncode, stats.group(1) if stats else (p.stdout + p.stderr).strip()[:200]


def main():
    craig = sys.argv[1]
    sizes = [int(s) for s in sys.argv[2:]] or [5, 10, 20]
    families = [("diamonds", lambda k: diamonds(k)), ("bypass", lambda k: diamonds(k, True)),
                ("bool", bools), ("uf", uf)]
    for fam, make in families:
        for k in sizes:
            text = script(*make(k))
            for route in ("one-proof", "per-vertex"):
                rc, stats = run(craig, text, route, False)
                crc, _ = run(craig, text, route, True)
                print("%-9s K=%-3d %-10s rc=%d certified=%s  %s" %
                      (fam, k, route, rc, "yes" if crc == 0 else "NO(%d)" % crc, stats))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
