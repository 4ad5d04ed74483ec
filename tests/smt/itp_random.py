#!/usr/bin/env python3
"""itp_random.py CRAIG COUNT FIRST_SEED LOGIC [--all-systems] [--max-unsupported SHARE]
                [--max-unanswered SHARE] [--max-rejected SHARE] [-- CRAIG_ARGS...]

Random interpolation problems: for each seed, the random script of the differential tests
(gen_qf_uf for QF_UF, gen_bv SEED SIZE for QF_BV, gen_arith SEED LOGIC for QF_LRA, QF_UFLRA,
QF_LIA, QF_UFLIA; found next to CRAIG in tests/, or $GEN_QF_UF / $GEN_BV / $GEN_ARITH) is flattened to its declarations and assertions;
if z3 finds them unsat, they are split at random into 2-5 partitions, given a random shape
(binary, sequence or tree, in SMTInterpol's syntax, or a DAG whose every entry-exit path
conjoins all partitions, asked with get-dag-interpolants) and craig's answer is checked by
craig itself and by z3 (itp_z3.py: global, local and vocabulary conditions). Seeds whose
assertions are sat are skipped. With --all-systems every get-interpolants problem goes through
itp_all_systems.py instead (all 60 systems, each distinct result checked by z3, strength orders
counted; a failed guaranteed order fails the problem), and every DAG problem (craig itp
--all-systems answers get-interpolants only) through craig solve once per system (CRAIG_ARGS and
--itp-bool/--itp-lra/--itp-euf), each distinct run checked as by itp_z3.py, with no strength
orders. Last line: `N passed, M failed` (unsat problems).

Floors: unsupported answers, unanswered queries and rejected scripts are counted rather than
failed one by one, but too many of them fail the run (a craig that answered `unsupported` or
nothing everywhere must not pass), each a share from 0 to 1: --max-unsupported (of the
interpolation queries, with --all-systems of the system runs, answered `unsupported`; default
$ITP_MAX_UNSUPPORTED, else 0.05), --max-unanswered (with --all-systems: get-interpolants that
craig itp --all-systems did not answer, e.g. after a timeout; default $ITP_MAX_UNANSWERED, else
0.05) and --max-rejected (unsat problems whose script craig rejected as erroneous input, exit 3:
the generated scripts are well-formed; default $ITP_MAX_REJECTED, else 0). An exceeded floor
counts as one more failure.
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import itp_all_systems  # noqa: E402
import itp_z3  # noqa: E402
from itp_z3 import check_file, parse_all, show  # noqa: E402


GENERATORS = {"QF_UF": ("gen_qf_uf", "GEN_QF_UF"), "QF_BV": ("gen_bv", "GEN_BV")}  # others: gen_arith


def generator(craig, logic):
    name, var = GENERATORS.get(logic, ("gen_arith", "GEN_ARITH"))
    env = os.environ.get(var)
    if env:
        return name, env
    for d in (os.path.join(os.path.dirname(craig), "tests"), os.path.dirname(craig)):
        if os.access(os.path.join(d, name), os.X_OK):
            return name, os.path.join(d, name)
    raise SystemExit("itp_random.py: no %s next to %s (set $%s)" % (name, craig, var))


def flatten(cmds):
    """Declarations (each name once) and the top-level assertions of a script, scopes ignored."""
    decls, seen, asserts, logic = [], set(), [], None
    for c in cmds:
        if not isinstance(c, list) or not c:
            continue
        if c[0] == "set-logic":
            logic = c[1]
        elif c[0] in ("declare-fun", "declare-const", "declare-sort", "define-fun", "define-sort"):
            if c[1] not in seen:
                seen.add(c[1])
                decls.append(show(c))
        elif c[0] == "assert":
            t = c[1]
            if isinstance(t, list) and t and t[0] == "!":
                t = t[1]
            asserts.append(show(t))
    return logic, decls, asserts


# The default of --max-unsupported. Measured on the ctest runs (seeds 1-200 of QF_UF, QF_LRA,
# QF_UFLRA and QF_LIA, two system combinations, 44-65 unsat problems per run; --all-systems on 40
# seeds of QF_UFLRA and QF_UF, 1230 system runs): no query answered unsupported, none
# unanswered, no script rejected.
DEFAULT_MAX_UNSUPPORTED = 0.05


def floor(what, count, total, share):
    """Prints the floor line; True when count exceeds share of total (a failure)."""
    over = count > share * total
    print("%sfloor: %d of %d %s (%s the share %g allowed)"
          % ("FAIL " if over else "", count, total, what, "more than" if over else "at most", share))
    return over


def bv_args(seed):
    """gen_bv's SIZE and CONSTS: large scripts, on odd seeds over six constants (more of them
    local to one partition, so more bits of local terms to keep out of the interpolants)."""
    return ["10"] + (["6"] if seed % 2 else [])


SEED_RUNS = {"queries": 0, "z3": 0}  # the seeds' unsat checks, counted apart from the interpolants'


def seed_scripts(gen, name, logic, seeds):
    """(seed, logic, declarations, assertions, unsat) of each seed's random script; unsat when z3
    finds the assertions unsat within 10 s (one z3 process for all the seeds)."""
    out, batch = [], itp_z3.Z3Batch(timeout=10, tie_break=False, validate=False, runs=SEED_RUNS)
    for seed in seeds:
        args = [gen, str(seed)] + ([logic] if name == "gen_arith" else bv_args(seed) if name == "gen_bv" else [])
        text = subprocess.run(args, capture_output=True, text=True).stdout
        lg, decls, asserts = flatten(parse_all(text))
        key = batch.ask(["(set-logic %s)" % (lg or "ALL")] + decls, asserts) if len(asserts) >= 2 else None
        out.append((seed, lg, decls, asserts, key))
    return [(seed, lg, decls, asserts, key is not None and batch.answer(key) == "unsat")
            for seed, lg, decls, asserts, key in out]


def random_shape(rng, n, dag=False):
    """The query for partitions P0..P{n-1}: binary, sequence, a random tree (get-interpolants)
    or, when dag is set, possibly a random DAG (get-dag-interpolants)."""
    kinds = (["binary"] if n == 2 else ["sequence", "tree"]) + (["dag"] if dag else [])
    kind = rng.choice(kinds)
    if kind == "dag":
        return "(get-dag-interpolants 0 %d %s)" % (n, " ".join(random_dag(rng, n))), kind
    if kind != "tree":
        return "(get-interpolants %s)" % " ".join("P%d" % i for i in range(n)), kind
    # A random tree in post-order: build it recursively over the index range.
    def build(lo, hi):  # partitions lo..hi, root hi; returns the element list of the subtree
        if lo == hi:
            return ["P%d" % hi]
        elems, i = [], lo
        while i < hi:
            j = rng.randint(i, hi - 1)
            sub = build(i, j)
            elems.append(sub if not elems else "(" + " ".join(sub) + ")")
            i = j + 1
        return [e for part in elems for e in (part if isinstance(part, list) else [part])] + ["P%d" % hi]
    return "(get-interpolants %s)" % " ".join(build(0, n - 1)), kind


def random_dag(rng, n):
    """Edges over vertices 0..n (entry 0, exit n) on which every entry-exit path conjoins all of
    P0..P{n-1}, so every path is unsatisfiable: the chain i -> i+1 labelled Pi, skip edges
    i -> j labelled Pi..P{j-1}, and parallel edges i -> i+1 labelled Pi and another partition."""
    def label(parts):
        return "P%d" % parts[0] if len(parts) == 1 else "(and %s)" % " ".join("P%d" % p for p in parts)
    edges = ["(%d %d P%d)" % (i, i + 1, i) for i in range(n)]
    for _ in range(rng.randint(1, n)):
        i = rng.randrange(n)
        if rng.random() < 0.5 and i + 2 <= n:
            j = rng.randint(i + 2, n)
            edges.append("(%d %d %s)" % (i, j, label(list(range(i, j)))))
        else:
            edges.append("(%d %d %s)" % (i, i + 1, label(sorted({i, rng.randrange(n)}))))
    rng.shuffle(edges)
    return edges


def check_dag_systems(craig, path, craig_args, stats):
    """craig itp --all-systems answers get-interpolants only: a DAG problem goes through craig
    solve --check-interpolants once per system, and each distinct run (answers, exit code and
    messages) is checked by z3 as in itp_z3.py, all queries in one batch. Returns the problems,
    each named by the systems whose run shows it."""
    cmds, runs, systems = itp_z3.read_commands(path), {}, itp_all_systems.systems()
    arg_lists = [craig_args + ["--itp-bool", b, "--itp-lra", l, "--itp-euf", e]
                 for b, l, e in (system.split("/") for system in systems)]
    for system, r in zip(systems, itp_z3.run_craig(craig, cmds, arg_lists)):
        runs.setdefault((r.returncode, r.stdout, r.stderr), (r, []))[1].append(system)
    batch = itp_z3.Z3Batch()
    later = [(names, itp_z3.check_run_later(cmds, r, batch)) for r, names in runs.values()]
    stats["runs"] += len(systems)
    stats["distinct"] += len(runs)
    problems = []
    for names, finish in later:
        found, checked, unsup = finish()
        if found is None:  # craig rejected the script as erroneous input (exit 3)
            stats["rejected"] += len(names)
        stats["checked"] += checked
        stats["unsupported"] += unsup * len(names)
        name = names[0] + (" and %d systems with the same run" % (len(names) - 1) if len(names) > 1 else "")
        problems += ["%s: %s" % (name, p) for p in found or []]
    return problems


def main():
    argv = sys.argv[1:]
    craig_args = []
    if "--" in argv:
        k = argv.index("--")
        argv, craig_args = argv[:k], argv[k + 1:]
    all_systems = "--all-systems" in argv
    argv = [a for a in argv if a != "--all-systems"]
    shares = {}
    for opt in ("--max-unsupported", "--max-unanswered", "--max-rejected"):
        while opt in argv:
            k = argv.index(opt)
            if k + 1 >= len(argv):
                print(__doc__, file=sys.stderr)
                return 2
            shares[opt] = float(argv[k + 1])
            del argv[k:k + 2]
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    if shutil.which("z3") is None:
        print("skipped: z3 not found")
        return 77
    craig, count, first, logic = argv[0], int(argv[1]), int(argv[2]), argv[3]
    max_unsupported = shares.get("--max-unsupported",
                                 float(os.environ.get("ITP_MAX_UNSUPPORTED", DEFAULT_MAX_UNSUPPORTED)))
    max_unanswered = shares.get("--max-unanswered", float(os.environ.get("ITP_MAX_UNANSWERED", 0.05)))
    max_rejected = shares.get("--max-rejected", float(os.environ.get("ITP_MAX_REJECTED", 0)))
    name, gen = generator(craig, logic)
    passed = failed = skipped = itps = unsupported = rejected = 0
    shapes = {}
    stats = itp_all_systems.new_stats()
    dag = {"runs": 0, "distinct": 0, "checked": 0, "unsupported": 0, "rejected": 0}
    seeds = []
    for seed in range(first, first + count):
        if not seeds:  # the next 50 seeds' scripts, unsat or not
            seeds = seed_scripts(gen, name, logic, range(seed, min(seed + 50, first + count)))
        _, lg, decls, asserts, unsat = seeds.pop(0)
        if not unsat:
            skipped += 1
            continue
        rng = random.Random(seed)
        n = rng.randint(2, min(5, len(asserts)))
        parts = [[] for _ in range(n)]
        for a in asserts:
            parts[rng.randrange(n)].append(a)
        shape, kind = random_shape(rng, n, dag=True)
        shapes[kind] = shapes.get(kind, 0) + 1
        # Named after the seed: the strength-order report names the scripts (deleted by then).
        with tempfile.NamedTemporaryFile("w", prefix="itp-random-%s-%d-" % (logic, seed), suffix=".smt2",
                                         delete=False) as f:
            f.write("(set-option :produce-interpolants true)\n(set-logic %s)\n%s\n" % (lg or "ALL", "\n".join(decls)))
            for i, p in enumerate(parts):
                f.write("(assert (! (and true true %s) :named P%d))\n" % (" ".join(p), i))
            f.write("(check-sat)\n%s\n" % shape)
            path = f.name
        if all_systems and kind == "dag":
            problems = check_dag_systems(craig, path, craig_args, dag)
        elif all_systems:
            before = len([x for x in stats["order_failures"] if x[1]])
            problems = itp_all_systems.check_file(craig, path, stats)
            if problems is not None and len([x for x in stats["order_failures"] if x[1]]) > before:
                problems.append("a guaranteed strength order fails")
        else:
            problems, checked, unsup = check_file(craig, path, craig_args)
            itps += checked
            unsupported += unsup
        if problems is None:  # craig rejected the generated script as erroneous input (exit 3)
            rejected += 1
            print("note: seed %d: craig rejected the script (exit 3)" % seed)
        elif problems:
            failed += 1
            keep = os.path.join(tempfile.gettempdir(), "itp-random-%s-%d.smt2" % (logic, seed))
            shutil.copy(path, keep)
            print("FAIL seed %d (%s, %d partitions): kept %s" % (seed, kind, n, keep))
            for p in problems:
                print("     " + p)
        else:
            passed += 1
        os.unlink(path)
    if all_systems:
        print("%s: %d unsat problems (%s), %d sat seeds skipped"
              % (logic, passed + failed + rejected, ", ".join("%s %d" % kv for kv in sorted(shapes.items())), skipped))
        print("get-dag-interpolants: %d system runs, %d answered unsupported; distinct runs: %d; "
              "interpolants checked by z3: %d" % (dag["runs"], dag["unsupported"], dag["distinct"], dag["checked"]))
        runs = stats["systems"] + stats["unsupported_systems"] + dag["runs"] - dag["rejected"]
        total = passed + failed + rejected
        failed += floor("system runs answered unsupported", stats["unsupported_systems"] + dag["unsupported"], runs,
                        max_unsupported)
        failed += floor("get-interpolants not answered", stats["unanswered"], stats["queries"] + stats["unanswered"],
                        max_unanswered)
        failed += floor("unsat problems rejected (exit 3)", rejected, total, max_rejected)
        failed += floor("DAG system runs rejected (exit 3)", dag["rejected"], dag["runs"], max_rejected)
        itp_all_systems.report(stats, passed, failed, False)
        return 1 if failed else 0
    print("%s: %d unsat problems (%s), %d sat seeds skipped; interpolants checked by z3: %d; "
          "get-interpolants unsupported: %d; z3 outvoted by cvc5: %d; distinct z3 queries: %d in %d z3 runs"
          % (logic, passed + failed + rejected, ", ".join("%s %d" % kv for kv in sorted(shapes.items())), skipped,
             itps, unsupported, len(itp_z3.OUTVOTED), itp_z3.RUNS["queries"], itp_z3.RUNS["z3"]))
    total = passed + failed + rejected
    failed += floor("interpolation queries answered unsupported", unsupported, total, max_unsupported)
    failed += floor("unsat problems rejected (exit 3)", rejected, total, max_rejected)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
