#!/usr/bin/env python3
"""itp_all_systems.py CRAIG FILE... [--strict]

Every interpolation system on every get-interpolants, checked by z3, and the strength orders.
Each FILE (an SMT-LIB script with :named assertions, check-sat and get-interpolants) is run by
`CRAIG itp --all-systems` with :certify-interpolants on, so craig checks each of the 60
combinations (Boolean x LRA x EUF system) itself; the distinct results it prints are then
checked by z3 as in itp_z3.py (global, local and vocabulary conditions of every tree node).

Strength orders, read off craig's implication table (one proof, every system; "X => Y" when
each interpolant of X implies Y's) for every pair that differs in one component only. The
guarantees below are for interpolants of one proof; a sequence or tree whose local conditions
craig had to repair from fresh proofs (craig prints "tree property repaired") is counted apart,
as expected only:
  lra:  decomposed-farkas => farkas => flexible => dual-farkas => dual-decomposed-farkas
        (guaranteed: the leaf interpolants are ordered that way and the Boolean systems combine
        leaves monotonically)
  bool: mcmillan => pudlak, mcmillan => proof-sensitive-strong => pudlak and
        proof-sensitive => proof-sensitive-weak (guaranteed: same theory leaves, labels ordered
        pointwise, b <= ab <= a);
        pudlak => mcmillan-prime, proof-sensitive-strong => proof-sensitive,
        pudlak => proof-sensitive-weak => mcmillan-prime (expected; theory leaves differ: an
        a-labeled shared literal goes on A)
  euf:  strong => weak (expected; neither is the strongest or weakest EUF interpolant)
Every order craig reports as failed is re-decided by z3 (I_X ∧ ¬I_Y satisfiable?).
Last lines: z3 check counts, per order `holds / fails / undecided`, and `N passed, M failed`
(files). A file fails when an interpolant fails a z3 check or craig errs; with --strict also
when a guaranteed order fails. Floors (as in itp_z3.py): more system answers `unsupported` than
the share $ITP_MAX_UNSUPPORTED (default 0.1), more get-interpolants without an answer (craig
stopped early) than the share $ITP_MAX_UNANSWERED (default 0.1), or more files rejected as
erroneous input than the share $ITP_MAX_REJECTED (default 0.1) count as one more failure each
(measured on the dev set's interpolation tests: 0 of 1950, 0 of 65, 3 of 56).
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import itp_z3  # noqa: E402
from itp_z3 import Script, check_query_later, parse_all, show  # noqa: E402

BOOL = ["mcmillan", "pudlak", "mcmillan-prime", "proof-sensitive", "proof-sensitive-weak", "proof-sensitive-strong"]
LRA = ["decomposed-farkas", "farkas", "flexible", "dual-farkas", "dual-decomposed-farkas"]
EUF = ["strong", "weak"]
# Boolean orders: (stronger, weaker, guaranteed), see the docstring.
BOOL_ORDERS = [("mcmillan", "pudlak", True), ("mcmillan", "proof-sensitive-strong", True),
               ("proof-sensitive-strong", "pudlak", True), ("proof-sensitive", "proof-sensitive-weak", True),
               ("pudlak", "mcmillan-prime", False), ("proof-sensitive-strong", "proof-sensitive", False),
               ("pudlak", "proof-sensitive-weak", False), ("proof-sensitive-weak", "mcmillan-prime", False)]
ORDERS = ([("lra", True)] + [("bool %s=>%s" % (s, w), g) for s, w, g in BOOL_ORDERS] + [("euf", False)])


def systems():
    """The 60 systems, named as craig itp --all-systems names them (bool/lra/euf)."""
    return ["%s/%s/%s" % (b, l, e) for b in BOOL for l in LRA for e in EUF]


def expected_pairs():
    """(order name, guaranteed, stronger system, weaker system) for adjacent systems."""
    out = []
    for b in BOOL:
        for e in EUF:
            for k in range(len(LRA) - 1):
                out.append(("lra", True, "%s/%s/%s" % (b, LRA[k], e), "%s/%s/%s" % (b, LRA[k + 1], e)))
    for l in LRA:
        for e in EUF:
            for strong, weak, guaranteed in BOOL_ORDERS:
                out.append(("bool %s=>%s" % (strong, weak), guaranteed, "%s/%s/%s" % (strong, l, e),
                            "%s/%s/%s" % (weak, l, e)))
    for b in BOOL:
        for l in LRA:
            out.append(("euf", False, "%s/%s/strong" % (b, l), "%s/%s/weak" % (b, l)))
    return out


HEADER = re.compile(r"^; get-interpolants at .*:(\d+):(\d+): (\d+) distinct results")
GROUP = re.compile(r"^; \[(\d+)\] (\S+)(?: \(same: (.*)\))?$")
IMPL = re.compile(r"^;   \[(\d+)\] =>(.*)$")


def read_blocks(text):
    """{line: block}; block = {"groups": {k: (systems, itps or None)}, "implies": {k: {j: 1|-1}}}."""
    blocks, lines, i = {}, text.split("\n"), 0
    while i < len(lines):
        m = HEADER.match(lines[i])
        i += 1
        if not m:
            continue
        block = {"groups": {}, "implies": {}, "repaired": set()}
        blocks[int(m.group(1))] = block
        while i < len(lines) and not HEADER.match(lines[i]):
            g, im = GROUP.match(lines[i]), IMPL.match(lines[i])
            if g:
                systems = [g.group(2)] + ([s.strip() for s in g.group(3).split(",")] if g.group(3) else [])
                i += 1
                repaired = False
                while i < len(lines) and lines[i].startswith(";     "):
                    repaired = repaired or lines[i].startswith(";     tree property repaired")
                    i += 1
                itps = None
                if i < len(lines) and lines[i].startswith("("):
                    buf, depth = [], 0
                    while i < len(lines):
                        buf.append(lines[i])
                        depth += sum(1 for t in itp_z3.tokenize(lines[i]) if t == "(")
                        depth -= sum(1 for t in itp_z3.tokenize(lines[i]) if t == ")")
                        i += 1
                        if depth == 0:
                            break
                    itps = parse_all("\n".join(buf))[0]
                block["groups"][int(g.group(1))] = (systems, itps)
                if repaired:
                    block["repaired"].add(int(g.group(1)))
                continue
            if im:
                row = {}
                for tok in im.group(2).split():
                    row[int(tok.strip("[]?"))] = -1 if tok.endswith("?") else 1
                block["implies"][int(im.group(1))] = row
            i += 1
    return blocks


def z3_implies(script, a, b, batch):
    """The key of z3's query a ∧ ¬b (with the script's declarations) in batch: "unsat" when a
    implies b."""
    prelude = ["(set-logic %s)" % script.logic] + script.live("decls")
    return batch.ask(prelude, [show(a), "(not %s)" % show(b)])


def check_file(craig, path, stats):
    text = open(path, encoding="utf-8", errors="replace").read()
    cmds = [c for c in parse_all(text)
            if not (isinstance(c, list) and len(c) >= 2 and c[0] == "set-option"
                    and c[1] in (":print-success", ":certify-interpolants"))]
    texts = [show(c) for c in cmds]
    line_of, line = [], 2  # the line each command starts on (strings may span lines)
    for t in texts:
        line_of.append(line)
        line += 1 + t.count("\n")
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
        f.write("(set-option :certify-interpolants true)\n" + "\n".join(texts) + "\n")
        tmp = f.name
    try:
        r = subprocess.run([craig, "itp", "--all-systems", tmp], capture_output=True, text=True, timeout=1200)
    finally:
        os.unlink(tmp)
    if r.returncode == 3:
        return None
    problems = []
    if r.returncode not in (0, 4, 5):
        problems.append("craig exited with %d: %s" % (r.returncode, r.stderr.strip()[:300]))
    blocks = read_blocks(r.stdout)
    script = Script()
    pairs = expected_pairs()
    batch = itp_z3.Z3Batch()  # every z3 query of this file, each distinct one once, in one run
    later = []  # in command order: checks and order verdicts that wait for z3's answers
    for idx, cmd in enumerate(cmds):
        if not isinstance(cmd, list) or not cmd:
            continue
        if cmd[0] == "get-interpolants":
            block = blocks.get(line_of[idx])
            if block is None:
                stats["unanswered"] += 1
            else:
                stats["queries"] += 1
                group_of = {}
                for k, (systems, itps) in block["groups"].items():
                    for s in systems:
                        group_of[s] = k
                    if itps is None:
                        stats["unsupported_systems"] += len(systems)
                        continue
                    stats["systems"] += len(systems)
                    stats["groups"] += 1
                    later.append((systems[0], check_query_later(script, cmd[1:], itps, batch)))
                for name, guaranteed, strong, weak in pairs:
                    gs, gw = group_of.get(strong), group_of.get(weak)
                    if gs is None or gw is None or block["groups"][gs][1] is None or block["groups"][gw][1] is None:
                        continue
                    # A tree node repaired from a fresh proof breaks the one-proof premise.
                    if gs in block["repaired"] or gw in block["repaired"]:
                        key, guaranteed = name + " (repaired trees)", False
                    else:
                        key = name
                    verdict = 1 if gs == gw else block["implies"].get(gs, {}).get(gw, 0)
                    queries = []
                    if verdict == 0:  # craig says no: z3 must find a counter-model for some I_k
                        si, wi = block["groups"][gs][1], block["groups"][gw][1]
                        queries = [z3_implies(script, x, y, batch) for x, y in zip(si, wi)]
                    later.append((key, guaranteed, strong, weak, verdict, queries))
        script.command(cmd)
    for item in later:
        if len(item) == 2:
            system, finish = item
            found = []
            stats["z3_checked"] += finish(found)
            problems += ["%s: %s" % (system, p) for p in found]
            continue
        key, guaranteed, strong, weak, verdict, queries = item
        if verdict == 0 and all(batch.answer(q) == "unsat" for q in queries):
            problems.append("%s => %s: craig says no, z3 says yes" % (strong, weak))
            verdict = 1
        slot = {1: 0, 0: 1, -1: 2}[verdict]
        stats["orders"].setdefault(key, [0, 0, 0])[slot] += 1
        if verdict == 0:
            stats["order_failures"].append((key, guaranteed, path, strong, weak))
    return problems


def new_stats():
    return {"queries": 0, "unanswered": 0, "systems": 0, "unsupported_systems": 0, "groups": 0,
            "z3_checked": 0, "orders": {}, "order_failures": []}


def report(stats, passed, failed, strict):
    print("get-interpolants: %d answered with all systems, %d not answered; systems answering: %d, "
          "unsupported: %d; distinct results: %d; interpolants checked by z3: %d; z3 outvoted by cvc5: %d; "
          "distinct z3 queries: %d in %d z3 runs"
          % (stats["queries"], stats["unanswered"], stats["systems"], stats["unsupported_systems"],
             stats["groups"], stats["z3_checked"], len(itp_z3.OUTVOTED), itp_z3.RUNS["queries"],
             itp_z3.RUNS["z3"]))
    for name, guaranteed in ORDERS:
        for key, g in ((name, guaranteed), (name + " (repaired trees)", False)):
            if key not in stats["orders"] and key != name:
                continue
            h, f, u = stats["orders"].get(key, [0, 0, 0])
            print("order %-45s %s: holds %d, fails %d, undecided %d"
                  % (key, "guaranteed" if g else "expected  ", h, f, u))
    per_file = {}
    for key, guaranteed, path, strong, weak in stats["order_failures"]:
        per_file.setdefault((key, guaranteed, path), []).append("%s => %s" % (strong, weak))
    for (key, guaranteed, path), pairs in sorted(per_file.items()):
        print("  %s order %s fails on %s for %d system pairs, e.g. %s"
              % ("GUARANTEED" if guaranteed else "expected", key, path, len(pairs), pairs[0]))
    bad = [x for x in stats["order_failures"] if x[1]]
    if strict and bad:
        failed += len({x[2] for x in bad})
    print("%d passed, %d failed" % (passed, failed))
    return failed


def main():
    argv = sys.argv[1:]
    strict = "--strict" in argv
    argv = [a for a in argv if a != "--strict"]
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    if not itp_z3.shutil.which("z3"):
        print("skipped: z3 not found")
        return 77
    craig, files = argv[0], argv[1:]
    stats, passed, failed, rejected = new_stats(), 0, 0, 0
    for path in files:
        try:
            problems = check_file(craig, path, stats)
        except Exception as e:  # noqa: BLE001 - a script this checker cannot read is a failure
            problems = ["checker: %s" % e]
        if problems is None:
            rejected += 1
            continue
        if problems:
            failed += 1
            print("FAIL %s" % path)
            for p in problems[:20]:
                print("     " + p)
        else:
            passed += 1
    for what, count, total, env in (
            ("system answers unsupported", stats["unsupported_systems"],
             stats["systems"] + stats["unsupported_systems"], "ITP_MAX_UNSUPPORTED"),
            ("get-interpolants not answered", stats["unanswered"], stats["queries"] + stats["unanswered"],
             "ITP_MAX_UNANSWERED"),
            ("files rejected as erroneous input", rejected, len(files), "ITP_MAX_REJECTED")):
        share = float(os.environ.get(env, "0.1"))
        if count > share * total:
            print("FAIL floor: %d of %d %s (more than the share %g allowed; %s)" % (count, total, what, share, env))
            failed += 1
    return 1 if report(stats, passed, failed, strict) else 0


if __name__ == "__main__":
    sys.exit(main())
