#!/usr/bin/env python3
"""Generated program families for DAG unrolling against tree unwinding (issue 17).

  python3 bench/gen_dag_family.py OUTDIR [--kmin 2] [--kmax 30] [--families F,...]
                                  [--variants true,false]
  python3 bench/gen_dag_family.py --list-families

Writes SV-COMP tasks (format 2.0, unreach-call, ILP32, C) to OUTDIR/FAMILY/FAMILY_kNN_VARIANT.{c,yml},
the property file OUTDIR/properties/unreach-call.prp, and OUTDIR/index.tsv (one line per task:
family, variant, k, task path relative to OUTDIR, expected verdict).

craig's large-block encoding (Beyer et al. FMCAD 2009) merges every loop-free piece between two cut
points (entry, loop heads, error, exit) into one block, so a branch inside a loop body is one
disjunctive block, not two paths. Paths of the cut-point graph multiply only through loops:
  seqloops  k loops of nondeterministic length in sequence, each body branching on a
            nondeterministic value that sets the loop's flag; after the loops c = f_1 + ... + f_k
            and the property is c <= k. The cut-point graph is a chain of k self-loops: a tree
            unwinding has one vertex per prefix of iteration counts (a_1, ..., a_i), so its
            paths to the error with D blocks number C(D, k); a DAG unrolling keeps one node per
            head and unrolling.
  nested    one loop (bound n <= 1000) whose body holds k such flag loops; c adds the k flags
            per outer iteration, property c <= k*n. Per outer iteration the cut-point paths
            multiply by the inner iteration counts.
  diamonds  k stages in sequence, each a branch whose two arms are loops of n <= 1000
            iterations, followed by x += 1 on one arm and x += 2 on the other; property x <= 2*k.
            Both arms' loop heads are cut points, so the branch sits between cut points: 2^k
            cut-point paths reach the assertion even with one iteration per loop. A tree
            unwinding copies everything after a stage once per arm, and the labels one path's
            interpolants give (x <= 1 after a first arm) do not cover the vertices after the
            other arm (x = 2), so it refines path by path; a DAG unrolling joins the arms after
            each stage, where x <= 2*(i-1) holds for all paths at once.
TRUE variants need a loop invariant: every loop runs a nondeterministic number of times
(unbounded, or up to n <= 1000), so neither full unrolling nor a complete bounded model check
proves them. FALSE variants change only the final comparison by one (a near miss), and few
executions reach the error: in seqloops those where every loop runs and sets its flag, in nested
those where this happens in each of n >= 1 outer iterations, in diamonds the one path that takes
the second arm at every stage.
Standard library only.
"""
import argparse
import os
import sys
import textwrap

HEADER = """extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
"""

UNREACH_CALL = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"


def comment(lines):
    """A C block comment of the lines, each wrapped at 96 columns."""
    out = [w for l in lines for w in textwrap.wrap(l, 93)]
    return "/*\n" + "".join(" * " + l + "\n" for l in out) + " */\n"


def flag_loop(i, indent):
    """A loop of nondeterministic length whose body sets the flag f<i> on a nondeterministic
    branch (one block between two visits of the loop head), then c += f<i>."""
    lines = [
        "int f%d = 0;" % i,
        "while (__VERIFIER_nondet_int()) {",
        "  if (__VERIFIER_nondet_int()) {",
        "    f%d = 1;" % i,
        "  }",
        "}",
        "c = c + f%d;" % i,
    ]
    return [indent + l for l in lines]


def seqloops(k, variant):
    """k loops of nondeterministic length in sequence; loop i sets its flag f_i on a
    nondeterministic branch; c counts the flags after the loops."""
    why = ("TRUE: every flag is 0 or 1, so c <= %d; the proof needs c <= i-1 and f_i <= 1 at the "
           "head of loop i (the loops are unbounded)." % k if variant == "true" else
           "FALSE: when every loop runs at least once and sets its flag, c = %d." % k)
    body = [l for i in range(1, k + 1) for l in flag_loop(i, "  ")]
    bad = "c > %d" % k if variant == "true" else "c >= %d" % k
    return (comment(["seqloops, k = %d, expected verdict %s (bench/gen_dag_family.py)." % (k, variant),
                     "%d loops in sequence, each with a branch that sets its flag; %s" % (k, why)]) +
            HEADER + "\nint main(void) {\n  int c = 0;\n" +
            "\n".join(body) + "\n  if (%s) {\n    reach_error();\n  }\n  return 0;\n}\n" % bad)


def nested(k, variant):
    """One loop of n <= 1000 iterations; its body runs k inner loops of nondeterministic length,
    each setting its flag on a nondeterministic branch, and adds the flags to c."""
    why = ("TRUE: each outer iteration adds at most %d, so c <= %d*i <= %d*n; the proof needs "
           "that invariant of the outer loop." % (k, k, k) if variant == "true" else
           "FALSE: with n = 1 and every inner loop run at least once and setting its flag, "
           "c = %d = %d*n." % (k, k))
    body = [l for j in range(1, k + 1) for l in flag_loop(j, "    ")]
    bad = "c > %d * n" % k if variant == "true" else "n > 0 && c >= %d * n" % k
    return (comment(["nested, k = %d, expected verdict %s (bench/gen_dag_family.py)." % (k, variant),
                     "One loop whose body holds %d inner loops, each with a branch that sets its flag;" % k,
                     why]) +
            HEADER + "\nint main(void) {\n" +
            "  int n = __VERIFIER_nondet_int();\n  __VERIFIER_assume(n >= 0 && n <= 1000);\n" +
            "  int c = 0;\n  int i = 0;\n  while (i < n) {\n" + "\n".join(body) +
            "\n    i = i + 1;\n  }\n  if (%s) {\n    reach_error();\n  }\n  return 0;\n}\n" % bad)


def diamonds(k, variant):
    """k stages in sequence; stage i is a branch whose arms are loops of n <= 1000 iterations,
    followed by x += 1 on one arm and x += 2 on the other."""
    why = ("TRUE: each stage adds 1 or 2, so x <= %d; the proof needs x <= 2*(i-1) at the loop "
           "heads of stage i; the facts of one path (x = a + 2*b after a first and b second arms) "
           "are stronger and hold on that path only." % (2 * k) if variant == "true" else
           "FALSE: the second arm at every stage (one of the 2^%d paths) gives x = %d." % (k, 2 * k))
    body = []
    for i in range(1, k + 1):
        body += [
            "  j = 0;",
            "  if (__VERIFIER_nondet_int()) {",
            "    while (j < n) {",
            "      j = j + 1;",
            "    }",
            "    x = x + 1;",
            "  } else {",
            "    while (j < n) {",
            "      j = j + 1;",
            "    }",
            "    x = x + 2;",
            "  }",
        ]
    bad = "x > %d" % (2 * k) if variant == "true" else "x >= %d" % (2 * k)
    return (comment(["diamonds, k = %d, expected verdict %s (bench/gen_dag_family.py)." % (k, variant),
                     "%d stages in sequence, each a branch between two loops (2^%d cut-point paths);" % (k, k),
                     why]) +
            HEADER + "\nint main(void) {\n" +
            "  int n = __VERIFIER_nondet_int();\n  __VERIFIER_assume(n >= 0 && n <= 1000);\n" +
            "  int x = 0;\n  int j;\n" + "\n".join(body) +
            "\n  if (%s) {\n    reach_error();\n  }\n  return 0;\n}\n" % bad)


FAMILIES = {"seqloops": seqloops, "nested": nested, "diamonds": diamonds}
VARIANTS = ("true", "false")


def task_yml(c_name, variant):
    return ("format_version: '2.0'\n\n"
            "# generated by bench/gen_*.py\n"
            "input_files: '%s'\n\n"
            "properties:\n"
            "  - property_file: ../properties/unreach-call.prp\n"
            "    expected_verdict: %s\n\n"
            "options:\n"
            "  language: C\n"
            "  data_model: ILP32\n" % (c_name, variant))


def write(path, text):
    with open(path, "w", encoding="ascii") as f:
        f.write(text)


def main(families_table=None, description=None):
    """The command line of a generator of families (this one's, or another's table of
    FAMILY -> function(k, variant) returning the C text, as bench/gen_protocol.py passes)."""
    FAMILIES = families_table or globals()["FAMILIES"]
    ap = argparse.ArgumentParser(description=description or __doc__.split("\n")[0])
    ap.add_argument("outdir", nargs="?")
    ap.add_argument("--kmin", type=int, default=2)
    ap.add_argument("--kmax", type=int, default=30)
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--list-families", action="store_true")
    a = ap.parse_args()
    if a.list_families:
        print("\n".join(FAMILIES))
        return 0
    if not a.outdir:
        ap.error("OUTDIR is required")
    families = [f for f in a.families.split(",") if f]
    variants = [v for v in a.variants.split(",") if v]
    for f in families:
        if f not in FAMILIES:
            ap.error("unknown family %r (families: %s)" % (f, ", ".join(FAMILIES)))
    for v in variants:
        if v not in VARIANTS:
            ap.error("unknown variant %r (variants: true, false)" % v)
    if not 1 <= a.kmin <= a.kmax:
        ap.error("need 1 <= kmin <= kmax")

    os.makedirs(os.path.join(a.outdir, "properties"), exist_ok=True)
    write(os.path.join(a.outdir, "properties", "unreach-call.prp"), UNREACH_CALL)
    index = []
    for f in families:
        os.makedirs(os.path.join(a.outdir, f), exist_ok=True)
        for v in variants:
            for k in range(a.kmin, a.kmax + 1):
                name = "%s_k%02d_%s" % (f, k, v)
                write(os.path.join(a.outdir, f, name + ".c"), FAMILIES[f](k, v))
                write(os.path.join(a.outdir, f, name + ".yml"), task_yml(name + ".c", v))
                index.append("%s\t%s\t%d\t%s/%s.yml\t%s\n" % (f, v, k, f, name, v))
    write(os.path.join(a.outdir, "index.tsv"), "".join(index))
    return 0


if __name__ == "__main__":
    sys.exit(main())
