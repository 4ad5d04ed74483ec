#!/usr/bin/env python3
"""itp_z3.py CRAIG FILE... [-- CRAIG_ARGS...]

Independent check of craig's interpolants with z3. Every FILE is an SMT-LIB script with
:named assertions, check-sat and get-interpolants (SMTInterpol syntax, trees included; also
craig's get-dag-interpolants and get-state-transition-interpolants, the latter as its comb tree). The
script is run by `CRAIG solve --check-interpolants CRAIG_ARGS` with :print-success on (so that
responses line up with commands); for every get-interpolants that craig answered, z3 decides
(cvc5 breaks ties: a query z3 does not find unsat counts as unsat when cvc5 does, and is
reported as "z3 outvoted") for each node i of the partition tree (post-order; see src/smtlib/interpolants.cpp):
  - global:  A_i ∧ ¬I_i unsat and I_i ∧ B_i unsat (A_i: the subtree's partitions, B_i the rest,
             unnamed assertions belong to the root);
  - local:   (∧ I_c of the children c) ∧ P_i ∧ ¬I_i unsat, and at the root ∧ I_c ∧ P_root unsat;
  - symbols: every declared symbol of I_i occurs in A_i and in B_i (through define-fun bodies).
The z3 queries of a file are asked together (Z3Batch: each distinct query once, one z3 process,
each query its own script after a (reset), $ITP_Z3_TIMEOUT seconds each, default 30).
A get-interpolants that craig answers `unsupported` (an interpolant it cannot produce soundly)
is counted, not failed; so is a file craig rejects as erroneous input (exit code 3, e.g. the
regression sets' deliberately malformed scripts). Floors: more files with an unsupported answer
than the share $ITP_MAX_UNSUPPORTED of the files (default 0.1), or more rejected files than the
share $ITP_MAX_REJECTED (default 0.1), count as one more failure each, so that a craig that
answers `unsupported` or rejects everything does not pass (measured: no unsupported answer on
tests/smt/interpolation and on the dev set's interpolation tests with the three systems of
ctest; 3 of 56 dev-set files rejected, 0 of the cases). Last line: `N passed, M failed`
(files); exit 1 when a file failed.
Prints "skipped: z3 not found" and exits 77 (ctest's SKIP_RETURN_CODE) without z3.
"""
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

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


def comb_spec(args):
    """(get-state-transition-interpolants P_0 ... P_{n+1}) as the post-order tree of
    src/itp/state_transition.hpp: P_0, then per 0 < k <= n a leaf P_k (s_{k-1}) and a node holding
    nothing (g_k) above the previous state node and that leaf, then the root P_{n+1}. Its tree
    conditions are Def. 6.1's four conditions; the answer lists the nodes' interpolants in order."""
    flat = []
    read_tree(args, flat)
    spec = [(0, flat[0][1])]
    for k in range(1, len(flat) - 1):
        spec.append((len(spec), flat[k][1]))
        spec.append((0, []))
    spec.append((0, flat[-1][1]))
    return spec


OUTVOTED = []  # queries where z3 answered sat/unknown and cvc5 unsat (z3 bugs; see main)
RUNS = {"queries": 0, "z3": 0}  # distinct queries of the batches, z3 processes that ran them
MARK = "craig-itp-z3 answered"


def run_query(cmd, path):
    r = subprocess.run(cmd + [path], capture_output=True, text=True)
    out = r.stdout.strip().splitlines()
    if any("invalid model" in line for line in out + r.stderr.splitlines()):
        return "invalid-model"
    return out[0] if out else "error: " + r.stderr.strip()[:200]


def query_text(prelude, asserts):
    return "\n".join(list(prelude) + ["(assert %s)" % a for a in asserts] + ["(check-sat)"]) + "\n"


class Z3Batch:
    """The z3 queries of one problem, answered together: ask() registers a conjunction (each
    distinct one once) and returns its key, answer(key) runs every pending query in one z3
    process and reads the answers. Each query is a script of its own, separated from the previous
    one by (reset), so z3 decides it as if it had its own file (same logic, same non-incremental
    solver, the same -t limit per check-sat); a query that outlasts its limit by 5 s has z3
    killed, is answered "timeout", and the rest go to a fresh z3. As in z3_unsat, an answer other
    than unsat goes to cvc5, whose unsat outvotes z3 (unless tie_break is off)."""

    def __init__(self, timeout=Z3_TIMEOUT, tie_break=True, validate=True, runs=RUNS):
        self.runs = runs  # counts distinct queries and z3 processes
        self.answers = {}
        self.pending = []
        self.timeout = timeout
        self.cvc5 = tie_break and shutil.which("cvc5")
        # -t: z3's own limit per check-sat; the hard limit is the watchdog in run_z3.
        self.z3 = ["z3", "-t:%d" % (timeout * 1000)] + (["model_validate=true"] if validate else []) + ["-smt2"]

    def ask(self, prelude, asserts):
        key = query_text(prelude, asserts)
        if key not in self.answers:
            self.runs["queries"] += 1
            self.answers[key] = None
            self.pending.append(key)
        return key

    def answer(self, key):
        if self.answers[key] is None:
            self.run()
        return self.answers[key]

    def run(self):
        keys, self.pending = self.pending, []
        todo = keys
        while todo:
            todo = todo[self.run_z3(todo):]
        for key in keys:
            if self.answers[key] != "unsat" and self.cvc5:
                self.answers[key] = self.tie_break(key, self.answers[key])

    def run_z3(self, keys):
        """Answers keys[0], keys[1], ... in one z3 process; returns how many it answered (at least
        one: a query z3 dies or hangs on is answered with that)."""
        self.runs["z3"] += 1
        with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
            for k, key in enumerate(keys):
                f.write("%s%s(echo \"%s %d\")\n" % ("(reset)\n" if k else "", key, MARK, k))
            path = f.name
        err = tempfile.TemporaryFile()
        proc = subprocess.Popen(self.z3 + [path], stdout=subprocess.PIPE, stderr=err)
        fd, buf, lines, k = proc.stdout.fileno(), b"", [], 0
        deadline = time.monotonic() + self.timeout + 5
        try:
            while k < len(keys):
                ready = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0]
                data = os.read(fd, 1 << 16) if ready else None
                if not data:  # z3 hangs on keys[k] (None) or died on it (b"")
                    proc.kill()
                    proc.wait()
                    err.seek(0)
                    why = err.read().decode(errors="replace").strip()
                    self.answers[keys[k]] = ("timeout" if data is None else
                                             lines[0] if lines else "error: " + why[:200])
                    if "invalid model" in "\n".join(lines) + why:
                        self.answers[keys[k]] = "invalid-model"
                    return k + 1
                buf += data
                *complete, buf = buf.split(b"\n")
                for raw in complete:
                    line = raw.decode(errors="replace").strip()
                    if line != "%s %d" % (MARK, k):
                        if line:
                            lines.append(line)
                        continue
                    invalid = any("invalid model" in x for x in lines)
                    self.answers[keys[k]] = ("invalid-model" if invalid else
                                             lines[0] if lines else "error: no answer")
                    lines, k = [], k + 1
                    deadline = time.monotonic() + self.timeout + 5
            return k
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            proc.stdout.close()
            err.close()
            os.unlink(path)

    def tie_break(self, key, z):
        """z3 4.8 has wrong sat answers on Boolean arguments of uninterpreted functions (its own
        model_validate rejects the model): cvc5, as in the differential tests, breaks the tie."""
        with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
            f.write(key)
            path = f.name
        try:
            c = run_query(["cvc5", "--tlimit=%d" % (self.timeout * 1000)], path)
        finally:
            os.unlink(path)
        if c == "unsat":
            OUTVOTED.append(z)
            return "unsat"
        return "%s (cvc5: %s)" % (z, c)


def z3_unsat(prelude, asserts):
    """z3's answer to the conjunction ("unsat" also when cvc5 outvotes z3; see Z3Batch)."""
    batch = Z3Batch()
    return batch.answer(batch.ask(prelude, asserts))


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


def read_commands(path):
    """The commands of a script, its own :print-success dropped (see run_craig)."""
    text = open(path, encoding="utf-8", errors="replace").read()
    return [c for c in parse_all(text)
            if not (isinstance(c, list) and len(c) >= 2 and c[0] == "set-option" and c[1] == ":print-success")]


def run_craig(craig, cmds, arg_lists):
    """craig solve --check-interpolants on the commands with :print-success on (so that
    responses line up with commands), once per list of further arguments: the runs."""
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
        f.write("(set-option :print-success true)\n" + "\n".join(show(c) for c in cmds) + "\n")
        tmp = f.name
    try:
        return [subprocess.run([craig, "solve", "--check-interpolants"] + args + [tmp],
                               capture_output=True, text=True, timeout=600) for args in arg_lists]
    finally:
        os.unlink(tmp)


def check_file(craig, path, craig_args, batch=None):
    """(problems or None for an erroneous input, interpolants checked, unsupported answers); the
    z3 queries go to batch (a fresh one when None), all answered once craig's run is read."""
    cmds = read_commands(path)
    return check_run_later(cmds, run_craig(craig, cmds, [craig_args])[0], batch or Z3Batch())()


def check_run_later(cmds, r, batch):
    """check_file on craig's run r of cmds, its z3 queries asked in batch: returns the function
    that reads the answers and returns check_file's triple."""
    problems, unsupported = [], 0
    if r.returncode == 3:
        return lambda: (None, 0, 0)
    if r.returncode in (1, 10) or r.returncode >= 128 or r.returncode < 0:
        problems.append("craig exited with %d: %s" % (r.returncode, r.stderr.strip()[:300]))
    responses = parse_all(r.stdout)[1:]  # the first answers the added print-success
    script = Script()
    later = []  # problems in command order: texts, and checks that wait for z3's answers
    for idx, cmd in enumerate(cmds):
        if not isinstance(cmd, list) or not cmd:
            continue
        resp = responses[idx] if idx < len(responses) else None
        if cmd[0] == "get-dag-interpolants" and isinstance(resp, list) and resp and resp[0] != "error":
            later.append(check_dag_later(script, cmd[1:], resp, batch))
        elif cmd[0] in ("get-interpolants", "get-dag-interpolants", "get-state-transition-interpolants"):
            if resp == "unsupported":
                unsupported += 1
            elif isinstance(resp, list) and resp and resp[0] == "error":
                later.append("get-interpolants #%d: %s" % (idx, show(resp)))
            elif isinstance(resp, list):
                spec = comb_spec(cmd[1:]) if cmd[0] == "get-state-transition-interpolants" else None
                later.append(check_query_later(script, cmd[1:], resp, batch, spec))
            else:
                later.append("get-interpolants #%d: no answer (%s)" % (idx, resp))
        script.command(cmd)

    def finish():
        checked = 0
        for item in later:
            if isinstance(item, str):
                problems.append(item)
            else:
                checked += item(problems)
        return problems, checked, unsupported
    return finish


def check_dag(script, args, itps, problems):
    return check_dag_later(script, args, itps, Z3Batch())(problems)


def check_dag_later(script, args, itps, batch):
    """(get-dag-interpolants ENTRY EXIT (FROM TO LABEL)+) answered with one formula per vertex:
    I(entry) valid, I(exit) unsat, I(u) ∧ L ∧ ¬I(v) unsat on every edge, and the symbols of I(v)
    on edges of paths entry..v and on edges of paths v..exit. The z3 queries go to batch; the
    returned function, given the problem list, adds the problems and returns the count checked."""
    entry, exit_ = int(args[0]), int(args[1])
    macros, declared = script.macros(), script.declared()
    prelude = ["(set-logic %s)" % script.logic] + script.live("decls")

    def label(e):
        names = [e] if isinstance(e, str) else e[1:]
        return ["and", "true"] + [macros[norm(x)] for x in names]
    edges = [(int(f), int(t), label(l)) for f, t, l in args[2:]]
    n = len(itps)
    if n != max([entry, exit_] + [max(f, t) for f, t, _ in edges]) + 1:
        def wrong_count(problems):
            problems.append("expected one DAG interpolant per vertex, got %d" % n)
            return 0
        return wrong_count
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
    q_entry = batch.ask(prelude, ["(not %s)" % text[entry]])
    q_exit = batch.ask(prelude, [text[exit_]])
    q_edges = [batch.ask(prelude, [text[f], show(l), "(not %s)" % text[t]]) for f, t, l in edges]

    def finish(problems):
        ok = 0
        if batch.answer(q_entry) != "unsat":
            problems.append("DAG: I(entry) is not valid")
        if batch.answer(q_exit) != "unsat":
            problems.append("DAG: I(exit) is satisfiable")
        for (f, t, _), q in zip(edges, q_edges):
            r = batch.answer(q)
            if r != "unsat":
                problems.append("DAG edge %d->%d: I(u) and the label do not imply I(v) (z3: %s)" % (f, t, r))
        for v in range(n):
            if v in (entry, exit_) or v not in reach[entry] or exit_ not in reach[v]:
                continue
            before = [l for f, t, l in edges if f in reach[entry] and v in reach[t]]
            after = [l for f, t, l in edges if f in reach[v] and exit_ in reach[t]]
            syms = symbol_closure([itps[v]], macros, declared)
            shared = symbol_closure(before, macros, declared) & symbol_closure(after, macros, declared)
            bad = sorted(x for x in syms if x not in shared)
            if bad:
                problems.append("DAG I(%d) mentions symbols not on both sides: %s" % (v, " ".join(bad)))
            else:
                ok += 1
        return ok
    return finish


def check_query(script, args, itps, problems):
    return check_query_later(script, args, itps, Z3Batch())(problems)


def check_query_later(script, args, itps, batch, spec=None):
    """The global, local and vocabulary conditions of a get-interpolants answer (tree nodes in
    post-order; spec: the tree when not read from args); z3 queries go to batch, and the returned
    function, given the problem list, adds the problems and returns the count of interpolants
    that pass."""
    if spec is None:
        spec = []
        read_tree(args, spec)
    n = len(spec)
    if len(itps) != n - 1:
        def wrong_count(problems):
            problems.append("expected %d interpolants, got %d" % (n - 1, len(itps)))
            return 0
        return wrong_count
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
    part_syms = [symbol_closure(part_terms[j], macros, declared) for j in range(n)]
    nodes = []  # per node: local query, global queries (None at the root), symbols not shared
    for i in range(n):
        inside = [j for j in range(n) if spec[i][0] <= j <= i]
        a = [t for j in inside for t in parts[j]]
        b = [t for j in range(n) if j not in inside for t in parts[j]]
        kids = [itp_text[c] for c in range(n) if parent[c] == i]
        local = batch.ask(prelude, kids + parts[i] + ["(not %s)" % itp_text[i]])
        if i == n - 1:
            nodes.append((local, None, None, None))
            continue
        g1 = batch.ask(prelude, a + ["(not %s)" % itp_text[i]])
        g2 = batch.ask(prelude, [itp_text[i]] + b)
        syms = symbol_closure([itps[i]], macros, declared)
        sa = set().union(*[part_syms[j] for j in inside])
        sb = set().union(*[part_syms[j] for j in range(n) if j not in inside])
        nodes.append((local, g1, g2, sorted(s for s in syms if s not in sa or s not in sb)))

    def finish(problems):
        ok = 0
        for i, (q_local, q1, q2, bad) in enumerate(nodes):
            local = batch.answer(q_local)
            if local != "unsat":
                problems.append("node %d: children's interpolants and its partition do not imply I (z3: %s)" % (i, local))
            if q1 is None:
                continue
            g1, g2 = batch.answer(q1), batch.answer(q2)
            if g1 != "unsat":
                problems.append("I%d: A does not imply I (z3: %s)" % (i, g1))
            if g2 != "unsat":
                problems.append("I%d: I and B are not unsat (z3: %s)" % (i, g2))
            if bad:
                problems.append("I%d mentions symbols not shared: %s" % (i, " ".join(bad)))
            if local == "unsat" and g1 == "unsat" and g2 == "unsat" and not bad:
                ok += 1
        return ok
    return finish


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
        return 77
    craig, files = argv[0], argv[1:]
    passed = failed = total = unsup = unsup_files = erroneous = 0
    for path in files:
        try:
            problems, checked, unsupported = check_file(craig, path, craig_args)
        except Exception as e:  # a script this checker cannot read is a failure to look at
            problems, checked, unsupported = ["checker: %s" % e], 0, 0
        total += checked
        unsup += unsupported
        unsup_files += unsupported > 0
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
          "files with input errors: %d; z3 outvoted by cvc5: %d; distinct z3 queries: %d in %d z3 runs"
          % (total, unsup, erroneous, len(OUTVOTED), RUNS["queries"], RUNS["z3"]))
    for what, count, env in (("files with an unsupported answer", unsup_files, "ITP_MAX_UNSUPPORTED"),
                             ("files rejected as erroneous input", erroneous, "ITP_MAX_REJECTED")):
        share = float(os.environ.get(env, "0.1"))
        if count > share * len(files):
            print("FAIL floor: %d of %d %s (more than the share %g allowed; %s)" % (count, len(files), what, share, env))
            failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
