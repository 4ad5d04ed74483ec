#!/usr/bin/env python3
"""itp_z3.py CRAIG FILE... [-- CRAIG_ARGS...]

Independent check of craig's interpolants with z3. Every FILE is an SMT-LIB script with
:named assertions, check-sat and get-interpolants (SMTInterpol syntax, trees included). The
script is run by `CRAIG solve --check-interpolants CRAIG_ARGS` with :print-success on (so that
responses line up with commands); for every get-interpolants that craig answered, z3 decides
(cvc5 breaks ties: a query z3 does not find unsat counts as unsat when cvc5 does, and is
reported as "z3 outvoted") for each node i of the partition tree (post-order; see src/smt/smtlib/interpolants.cpp):
  - global:  A_i ∧ ¬I_i unsat and I_i ∧ B_i unsat (A_i: the subtree's partitions, B_i the rest,
             unnamed assertions belong to the root);
  - local:   (∧ I_c of the children c) ∧ P_i ∧ ¬I_i unsat, and at the root ∧ I_c ∧ P_root unsat;
  - symbols: every declared symbol of I_i occurs in A_i and in B_i (through define-fun bodies).
A get-interpolants that craig answers `unsupported` (an interpolant it cannot produce soundly)
is counted, not failed; so is a file craig rejects as erroneous input (exit code 3, e.g. the
regression sets' deliberately malformed scripts). Last line: `N passed, M failed` (files);
exit 1 when a file failed.
Prints "skipped: z3 not found" and exits 0 without z3.
"""
import os
import shutil
import subprocess
import sys
import tempfile

Z3_TIMEOUT = int(os.environ.get("ITP_Z3_TIMEOUT", "30"))


def tokenize(text):
    toks, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c == ";":
            while i < n and text[i] != "\n":
                i += 1
        elif c in "()":
            toks.append(c)
            i += 1
        elif c == '"':
            j = i + 1
            while j < n:
                if text[j] == '"':
                    if j + 1 < n and text[j + 1] == '"':
                        j += 2
                        continue
                    break
                j += 1
            toks.append(text[i:j + 1])
            i = j + 1
        elif c == "|":
            j = text.index("|", i + 1)
            toks.append(text[i:j + 1])
            i = j + 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in '();"|':
                j += 1
            toks.append(text[i:j])
            i = j
    return toks


def parse_all(text):
    out, stack = [], [[]]
    for t in tokenize(text):
        if t == "(":
            stack.append([])
        elif t == ")":
            if len(stack) == 1:
                raise ValueError("unbalanced ')'")
            e = stack.pop()
            stack[-1].append(e)
        else:
            stack[-1].append(t)
    if len(stack) != 1:
        raise ValueError("unbalanced '('")
    return stack[0]


def show(e):
    """Text of an s-expression (iterative: random scripts nest deeper than Python's stack)."""
    if isinstance(e, str):
        return e
    out, stack = [], [(e, 0)]
    while stack:
        node, k = stack.pop()
        if k == 0:
            out.append("(")
        elif k < len(node):
            out.append(" ")
        if k < len(node):
            stack.append((node, k + 1))
            x = node[k]
            if isinstance(x, str):
                out.append(x)
            else:
                stack.append((x, 0))
        else:
            out.append(")")
    return "".join(out)


def norm(sym):
    if len(sym) > 2 and sym[0] == "|" and sym[-1] == "|":
        inner = sym[1:-1]
        if inner and all(ch.isalnum() or ch in "~!@$%^&*_-+=<>.?/" for ch in inner) and not inner[0].isdigit():
            return inner
    return sym


def atoms(e, out):
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.add(norm(x))
        else:
            stack.extend(x)
    return out


class Script:
    """The live declarations and assertions of a script, command by command."""

    def __init__(self):
        self.frames = [{"decls": [], "asserts": [], "funs": set(), "macros": {}}]
        # The script's own logic: under ALL a QF_UF script's (declare-sort Int 0) is an error.
        self.logic = "ALL"

    def live(self, key):
        r = []
        for f in self.frames:
            r.extend(f[key])
        return r

    def declared(self):
        s = set()
        for f in self.frames:
            s |= f["funs"]
        return s

    def macros(self):
        m = {}
        for f in self.frames:
            m.update(f["macros"])
        return m

    def command(self, cmd):
        head = cmd[0] if cmd and isinstance(cmd[0], str) else ""
        top = self.frames[-1]
        if head == "set-logic":
            self.logic = cmd[1]
        elif head in ("declare-fun", "declare-const"):
            top["decls"].append(show(cmd))
            top["funs"].add(norm(cmd[1]))
        elif head in ("declare-sort", "define-sort"):
            top["decls"].append(show(cmd))
        elif head == "define-fun":
            top["decls"].append(show(cmd))
            top["macros"][norm(cmd[1])] = cmd[4]
        elif head == "assert":
            term, name = cmd[1], None
            if isinstance(term, list) and term and term[0] == "!":
                for k in range(2, len(term) - 1):
                    if term[k] == ":named":
                        name = norm(term[k + 1])
                        top["macros"][name] = term[1]
            top["asserts"].append((show(term), name, term))
        elif head == "push":
            for _ in range(int(cmd[1]) if len(cmd) > 1 else 1):
                self.frames.append({"decls": [], "asserts": [], "funs": set(), "macros": {}})
        elif head == "pop":
            for _ in range(int(cmd[1]) if len(cmd) > 1 else 1):
                if len(self.frames) > 1:
                    self.frames.pop()
        elif head in ("reset", "reset-assertions"):
            keep = self.frames[0] if head == "reset-assertions" else None
            self.frames = [{"decls": keep["decls"] if keep else [], "asserts": [],
                            "funs": keep["funs"] if keep else set(), "macros": {}}]


def read_tree(elems, spec):
    """Post-order partitions of a get-interpolants argument list: spec gets (start, names)."""
    first = len(spec)
    for e in elems:
        if isinstance(e, str):
            spec.append((first, [norm(e)]))
        elif e and e[0] == "and":
            spec.append((first, [norm(x) for x in e[1:]]))
        else:
            read_tree(e, spec)


OUTVOTED = []  # queries where z3 answered sat/unknown and cvc5 unsat (z3 bugs; see main)


def run_query(cmd, path):
    r = subprocess.run(cmd + [path], capture_output=True, text=True)
    out = r.stdout.strip().splitlines()
    if any("invalid model" in line for line in out + r.stderr.splitlines()):
        return "invalid-model"
    return out[0] if out else "error: " + r.stderr.strip()[:200]


def z3_unsat(prelude, asserts):
    """z3's answer to the conjunction; "unsat" also when z3 disagrees and cvc5 (as in the
    differential tests, the tie-breaker) answers unsat: z3 4.8 has wrong sat answers on
    Boolean arguments of uninterpreted functions (its own model_validate rejects the model)."""
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
        f.write("\n".join(prelude) + "\n")
        for a in asserts:
            f.write("(assert " + a + ")\n")
        f.write("(check-sat)\n")
        path = f.name
    try:
        z = run_query(["z3", "-T:%d" % Z3_TIMEOUT, "model_validate=true", "-smt2"], path)
        if z != "unsat" and shutil.which("cvc5"):
            c = run_query(["cvc5", "--tlimit=%d" % (Z3_TIMEOUT * 1000)], path)
            if c == "unsat":
                OUTVOTED.append(z)
                return "unsat"
            z = "%s (cvc5: %s)" % (z, c)
        return z
    finally:
        os.unlink(path)


def symbol_closure(terms, macros, declared):
    seen, todo = set(), list(terms)
    while todo:
        t = todo.pop()
        for a in atoms(t, set()):
            if a in seen:
                continue
            seen.add(a)
            if a in macros:
                todo.append(macros[a])
    return seen & declared


def check_file(craig, path, craig_args):
    text = open(path, encoding="utf-8", errors="replace").read()
    # :print-success stays on (a script's own setting is dropped), so that responses line up.
    cmds = [c for c in parse_all(text)
            if not (isinstance(c, list) and len(c) >= 2 and c[0] == "set-option" and c[1] == ":print-success")]
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
        f.write("(set-option :print-success true)\n" + "\n".join(show(c) for c in cmds) + "\n")
        tmp = f.name
    try:
        r = subprocess.run([craig, "solve", "--check-interpolants"] + craig_args + [tmp],
                           capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(tmp)
    problems, checked, unsupported = [], 0, 0
    if r.returncode == 3:
        return None, 0, 0
    if r.returncode in (1, 10) or r.returncode >= 128 or r.returncode < 0:
        problems.append("craig exited with %d: %s" % (r.returncode, r.stderr.strip()[:300]))
    responses = parse_all(r.stdout)[1:]  # the first answers the added print-success
    script = Script()
    for idx, cmd in enumerate(cmds):
        if not isinstance(cmd, list) or not cmd:
            continue
        resp = responses[idx] if idx < len(responses) else None
        if cmd[0] == "get-dag-interpolants" and isinstance(resp, list) and resp and resp[0] != "error":
            checked += check_dag(script, cmd[1:], resp, problems)
        elif cmd[0] == "get-interpolants" or cmd[0] == "get-dag-interpolants":
            if resp == "unsupported":
                unsupported += 1
            elif isinstance(resp, list) and resp and resp[0] == "error":
                problems.append("get-interpolants #%d: %s" % (idx, show(resp)))
            elif isinstance(resp, list):
                checked += check_query(script, cmd[1:], resp, problems)
            else:
                problems.append("get-interpolants #%d: no answer (%s)" % (idx, resp))
        script.command(cmd)
    return problems, checked, unsupported


def check_dag(script, args, itps, problems):
    """(get-dag-interpolants ENTRY EXIT (FROM TO LABEL)+) answered with one formula per vertex:
    I(entry) valid, I(exit) unsat, I(u) ∧ L ∧ ¬I(v) unsat on every edge, and the symbols of I(v)
    on edges of paths entry..v and on edges of paths v..exit."""
    entry, exit_ = int(args[0]), int(args[1])
    macros, declared = script.macros(), script.declared()
    prelude = ["(set-logic %s)" % script.logic] + script.live("decls")

    def label(e):
        names = [e] if isinstance(e, str) else e[1:]
        return ["and", "true"] + [macros[norm(x)] for x in names]
    edges = [(int(f), int(t), label(l)) for f, t, l in args[2:]]
    n = len(itps)
    if n != max([entry, exit_] + [max(f, t) for f, t, _ in edges]) + 1:
        problems.append("expected one DAG interpolant per vertex, got %d" % n)
        return 0
    succ = [[] for _ in range(n)]
    for f, t, _ in edges:
        succ[f].append(t)

    def reach_from(v):
        seen, todo = {v}, [v]
        while todo:
            for w in succ[todo.pop()]:
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen
    reach = [reach_from(v) for v in range(n)]
    text = [show(t) for t in itps]
    ok = 0
    if z3_unsat(prelude, ["(not %s)" % text[entry]]) != "unsat":
        problems.append("DAG: I(entry) is not valid")
    if z3_unsat(prelude, [text[exit_]]) != "unsat":
        problems.append("DAG: I(exit) is satisfiable")
    for f, t, l in edges:
        r = z3_unsat(prelude, [text[f], show(l), "(not %s)" % text[t]])
        if r != "unsat":
            problems.append("DAG edge %d->%d: I(u) and the label do not imply I(v) (z3: %s)" % (f, t, r))
    for v in range(n):
        if v in (entry, exit_) or v not in reach[entry] or exit_ not in reach[v]:
            continue
        before = [l for f, t, l in edges if f in reach[entry] and v in reach[t]]
        after = [l for f, t, l in edges if f in reach[v] and exit_ in reach[t]]
        syms = symbol_closure([itps[v]], macros, declared)
        bad = sorted(x for x in syms if x not in symbol_closure(before, macros, declared)
                     or x not in symbol_closure(after, macros, declared))
        if bad:
            problems.append("DAG I(%d) mentions symbols not on both sides: %s" % (v, " ".join(bad)))
        else:
            ok += 1
    return ok


def check_query(script, args, itps, problems):
    spec = []
    read_tree(args, spec)
    n = len(spec)
    if len(itps) != n - 1:
        problems.append("expected %d interpolants, got %d" % (n - 1, len(itps)))
        return 0
    asserts = script.live("asserts")
    part_of = {}
    for p, (_, names) in enumerate(spec):
        for nm in names:
            part_of[nm] = p
    parts = [[] for _ in range(n)]
    part_terms = [[] for _ in range(n)]
    for txt, name, term in asserts:
        p = part_of.get(name, n - 1) if name else n - 1
        parts[p].append(txt)
        part_terms[p].append(term)
    prelude = ["(set-logic %s)" % script.logic] + script.live("decls")
    macros, declared = script.macros(), script.declared()
    parent = [None] * n
    for i in range(n):
        for k in range(i + 1, n):
            if spec[k][0] <= spec[i][0]:
                parent[i] = k
                break
    itp_text = [show(t) for t in itps] + ["false"]
    ok = 0
    for i in range(n):
        inside = [j for j in range(n) if spec[i][0] <= j <= i]
        a = [t for j in inside for t in parts[j]]
        b = [t for j in range(n) if j not in inside for t in parts[j]]
        kids = [itp_text[c] for c in range(n) if parent[c] == i]
        local = z3_unsat(prelude, kids + parts[i] + ["(not %s)" % itp_text[i]])
        if local != "unsat":
            problems.append("node %d: children's interpolants and its partition do not imply I (z3: %s)" % (i, local))
        if i == n - 1:
            continue
        g1 = z3_unsat(prelude, a + ["(not %s)" % itp_text[i]])
        g2 = z3_unsat(prelude, [itp_text[i]] + b)
        if g1 != "unsat":
            problems.append("I%d: A does not imply I (z3: %s)" % (i, g1))
        if g2 != "unsat":
            problems.append("I%d: I and B are not unsat (z3: %s)" % (i, g2))
        syms = symbol_closure([itps[i]], macros, declared)
        sa = symbol_closure([t for j in inside for t in part_terms[j]], macros, declared)
        sb = symbol_closure([t for j in range(n) if j not in inside for t in part_terms[j]], macros, declared)
        bad = sorted(s for s in syms if s not in sa or s not in sb)
        if bad:
            problems.append("I%d mentions symbols not shared: %s" % (i, " ".join(bad)))
        if local == "unsat" and g1 == "unsat" and g2 == "unsat" and not bad:
            ok += 1
    return ok


def main():
    argv = sys.argv[1:]
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    craig_args = []
    if "--" in argv:
        k = argv.index("--")
        argv, craig_args = argv[:k], argv[k + 1:]
    if shutil.which("z3") is None:
        print("skipped: z3 not found")
        return 0
    craig, files = argv[0], argv[1:]
    passed = failed = total = unsup = erroneous = 0
    for path in files:
        try:
            problems, checked, unsupported = check_file(craig, path, craig_args)
        except Exception as e:  # a script this checker cannot read is a failure to look at
            problems, checked, unsupported = ["checker: %s" % e], 0, 0
        total += checked
        unsup += unsupported
        if problems is None:
            erroneous += 1
        elif problems:
            failed += 1
            print("FAIL %s %s" % (path, " ".join(craig_args)))
            for p in problems:
                print("     " + p)
        else:
            passed += 1
    print("interpolants checked by z3: %d; get-interpolants answered unsupported: %d; "
          "files with input errors: %d; z3 outvoted by cvc5: %d" % (total, unsup, erroneous, len(OUTVOTED)))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
