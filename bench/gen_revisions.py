#!/usr/bin/env python3
"""Revision pairs for incremental verification with function summaries (issue 21, UpProver).

  python3 bench/gen_revisions.py OUTDIR [--generated N] [--dev N] [--k 4,8] [--m 4] [--seed S]
                                        [--range R] [--old-violated V] [--svcomp DIR]
                                        [--dev-folders LIST] [--dev-max-bytes B]
                                        [--skip-unsupported CRAIG] [--check [RUNS]]

Writes revision pairs, an OLD and a NEW SV-COMP task each (.c or .i and .yml, format 2.0, property
properties/unreach-call.prp with its expected_verdict, copied into OUTDIR/properties/ as
bench/gen_multi_assert.py does), all in OUTDIR, and OUTDIR/pairs.csv:
  pair,source,change,flavour,old_yml,new_yml,old_expected,new_expected
(yml paths relative to OUTDIR). NEW is OLD with one function changed; the kind of change
(constant, branch, function) and the flavour (safe: every assertion site keeps its verdict; bug:
a site that held is violated in NEW) are in the file names and in NEW's header comment.

generated (--generated N, default 12): OLD is bench/gen_multi_assert.py's task for (k, m, seed)
  (the same text; k cycles through --k, seed = --seed + pair index), NEW changes one library
  function that OLD executes:
    constant  a constant of its statement trees (an expression constant, a comparison's bound, a
              loop bound) moved by -3..3;
    branch    an if: another comparison operator, the arms swapped, the condition negated with
              the arms swapped (a refactoring), or an arm dropped;
    function  a new helper h1(int x, int y) (a clamp or an offset of x against y) defined just
              before the function, which now passes one of its expressions e through h1(e, x|y).
  The pairs cycle through the change kinds, then the flavours (safe, bug), then the k. The verdict
  of NEW is decided exactly, as gen_multi_assert.py decides OLD's: the mutated statement trees are
  evaluated on every input of the box [-R, R]^3; site N is violated when some input passes the
  sites before it and fails N (that is, reaches its reach_error()). A candidate change of the
  wanted flavour is searched among random candidates (bug: a site that held now fails and every
  violated site stays violated; safe: the same sites fail, preferring changes that alter the function's results on some argument it is
  called with over refactorings that alter nothing); OLD's seed is moved on when none is found.
  NEW's comment has the same shape as OLD's (input range, argument ranges, one line per site,
  `/* site N: holds|violated */` in main), so bench/lib/multi_assert_check.sh checks it.
dev (--dev N, default 12): mutations of the SV-COMP tasks in --svcomp DIR (default
  $CRAIG_SVCOMP/c or <repository>/../shared/bench/svcomp/c; read only, OLD is a byte copy)
  with an unreach-call property and an expected verdict, up to --dev-max-bytes (default 6000):
  semantics-preserving refactorings in one function body (a function other than main, reach_error
  and __VERIFIER_* where there is one), so NEW has OLD's expected verdict (flavour safe):
    constant  an integer literal c (decimal, no suffix, below 2^20) written ((c + 1) - 1);
    branch    `if (C) A else B` written `if (!(C)) B else A` (no else: B is `{ }`; an arm that is
              not a block is put in braces); the arms may be blocks, labelled, simple, if, for,
              while and do statements (not switch), and the if holds no preprocessor line;
    function  a literal c (not 0, not after `case` or `[`) written craig_rev_id(c), with
              `int craig_rev_id(int v) { return v; }` added at the top of the file.
  Tasks with two or more function definitions besides main (reach_error and __VERIFIER_* not
  counted) come first, then the folders recursive-simple, recursive, loop-*, loops, others, small
  files first, one task per family (name without digits) before repeating one, expected true and
  false alternately (three pairs each), every other pair with a non-recursive function to change
  (the engine keeps no summary of a recursive function: a change there rechecks its callers).
  Every NEW task (and OLD) must compile with `gcc -c -w`; a candidate that does not is skipped. --skip-unsupported CRAIG leaves out the tasks on which `CRAIG verify
  --engine summaries --summaries-unwind 1` exits 4 (a construct the engine does not support; the generator
  otherwise does not run craig).
--check [RUNS]: run bench/lib/multi_assert_check.sh -n RUNS (default 20000) on the generated
  pairs' OLD and NEW tasks (gcc, exhaustive inputs) and fail when it disagrees.
Standard library only (gcc for the dev tasks' compile check); deterministic for given options.
"""
import argparse
import csv
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True       # no bench/__pycache__ from the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_multi_assert as gma  # noqa: E402

CHANGES = ("constant", "branch", "function")
FLAVOURS = ("safe", "bug")
OPS = ("<", "<=", ">", ">=", "==", "!=")
NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
HELPER = "h1"


# ------------------------------------------------------------------------------------------------
# generated pairs
# ------------------------------------------------------------------------------------------------

def walk_exprs(e, path):
    """Yields (path, expr) for e and its subexpressions; a path indexes into nested tuples."""
    yield path, e
    t = e[0]
    if t in ("+", "-"):
        yield from walk_exprs(e[1], path + (1,))
        yield from walk_exprs(e[2], path + (2,))
    elif t == "call":
        for i, a in enumerate(e[2]):
            yield from walk_exprs(a, path + (2, i))


def walk_stmts(stmts, path):
    """Yields (path, stmt) for every statement, nested ones included; path indexes the body."""
    for i, s in enumerate(stmts):
        yield path + (i,), s
        if s[0] == "if":
            yield from walk_stmts(s[2], path + (i, 2))
            yield from walk_stmts(s[3], path + (i, 3))
        elif s[0] == "for":
            yield from walk_stmts(s[3], path + (i, 3))


def expr_slots(stmts):
    """(path, expr, statement) of every expression of the statements: initialisers, assignments,
    returns, both sides of conditions, with their subexpressions."""
    for p, s in walk_stmts(stmts, ()):
        if s[0] in ("decl", "set") and s[2] is not None:
            roots = [(s[2], p + (2,))]
        elif s[0] == "ret":
            roots = [(s[1], p + (1,))]
        elif s[0] == "if":
            roots = [(s[1][1], p + (1, 1)), (s[1][2], p + (1, 2))]
        else:
            roots = []
        for e, q in roots:
            for q2, e2 in walk_exprs(e, q):
                yield q2, e2, s


def set_at(tree, path, value):
    """A copy of tree (nested tuples and lists) with the node at path replaced."""
    if not path:
        return value
    i = path[0]
    items = list(tree)
    items[i] = set_at(tree[i], path[1:], value)
    return items if isinstance(tree, list) else tuple(items)


def stmt_text(s):
    return " ".join(l.strip() for l in gma.cstmts([s], ""))


def cond_text(c):
    return "%s %s %s" % (gma.cexpr(c[1]), c[0], gma.cexpr(c[2]))


def helper_function(rng):
    """h1(x, y): x clamped against y + B or moved by d when below/above y + B (both parameters
    used; gcc -Wextra would warn otherwise). Returns (description, function dict)."""
    x, y, r = gma.V("x"), gma.V("y"), gma.V("r")
    kind = rng.randrange(4)
    b = rng.randint(-8, 8)
    d = gma.small(rng, 1, 2)
    if kind == 0:
        body = [("decl", "r", x), ("if", (">", r, gma.add(y, b)), [("set", "r", gma.add(y, b))], []), ("ret", r)]
        what = "clamps x to at most %s" % gma.cexpr(gma.add(y, b))
    elif kind == 1:
        body = [("decl", "r", x), ("if", ("<", r, gma.add(y, b)), [("set", "r", gma.add(y, b))], []), ("ret", r)]
        what = "clamps x to at least %s" % gma.cexpr(gma.add(y, b))
    elif kind == 2:
        op = rng.choice(["<", ">", "<=", ">="])
        body = [("decl", "r", x), ("if", (op, r, gma.add(y, b)), [("set", "r", gma.add(r, d))], []), ("ret", r)]
        what = "adds %d to x when x %s %s" % (d, op, gma.cexpr(gma.add(y, b)))
    else:
        d0 = rng.choice([0, 0, d])
        body = [("decl", "r", ("-", x, y)), ("ret", gma.add(("+", r, y), d0))]
        what = "returns %s" % gma.cexpr(body[1][1])
    return what, {"params": ("x", "y"), "body": body, "callees": []}


def candidates(lib, fname, change, rng):
    """Random candidate changes of function fname: (description, new funcs dict, new order)."""
    f = lib.funcs[fname]
    body = f["body"]
    out = []
    if change == "constant":
        for p, e, st in expr_slots(body):
            if e[0] == "c":
                for d in (-3, -2, -1, 1, 2, 3):
                    nb = set_at(body, p, gma.C(e[1] + d))
                    out.append(("constant %d -> %d in `%s`" % (e[1], e[1] + d, stmt_text(st)), nb))
        for p, s in walk_stmts(body, ()):
            if s[0] == "for":
                for n in (s[2] - 1, s[2] + 1):
                    if 1 <= n <= 4:
                        out.append(("loop bound %d -> %d in `for (%s = 0; %s < %d; ...)`" % (s[2], n, s[1], s[1], s[2]),
                                    set_at(body, p + (2,), n)))
    elif change == "branch":
        for p, s in walk_stmts(body, ()):
            if s[0] != "if":
                continue
            c = s[1]
            old = "if (%s)" % cond_text(c)
            for op in OPS:
                if op != c[0]:
                    nc = (op, c[1], c[2])
                    out.append(("condition `%s` -> `if (%s)`" % (old, cond_text(nc)), set_at(body, p + (1,), nc)))
            if s[3]:
                out.append(("arms of `%s` swapped" % old, set_at(body, p, ("if", c, s[3], s[2]))))
            nc = (NEGATE[c[0]], c[1], c[2])
            out.append(("`%s` written `if (%s)` with the arms swapped (a refactoring)" % (old, cond_text(nc)),
                        set_at(body, p, ("if", nc, s[3], s[2]))))
            if s[3]:
                out.append(("else arm of `%s` dropped" % old, set_at(body, p, ("if", c, s[2], []))))
            out.append(("then arm of `%s` emptied" % old, set_at(body, p, ("if", c, [], s[3]))))
    else:
        slots = [(p, e) for p, e, _ in expr_slots(body)]
        for _ in range(40):
            p, e = rng.choice(slots)
            what, h = helper_function(rng)
            arg = gma.V(rng.choice(["x", "y"]))
            call = ("call", HELPER, (e, arg))
            nb = set_at(body, p, call)
            desc = "new function %s (%s) called in %s: `%s` -> `%s`" % (
                HELPER, what, fname, gma.cexpr(e), gma.cexpr(call))
            out.append((desc, nb, h))
    res = []
    for item in out:
        desc, nb = item[0], item[1]
        if any(not gma.uses(nb, prm) for prm in f["params"]):
            continue        # a parameter no longer used: gcc -Wextra (the checker's -Werror) refuses
        funcs = dict(lib.funcs)
        funcs[fname] = dict(f, body=nb)
        order = list(lib.order)
        if len(item) > 2:
            funcs[HELPER] = item[2]
            order.insert(order.index(fname), HELPER)
            funcs[fname]["callees"] = sorted(set(f["callees"]) | {HELPER})
        if gma.cstmts(nb, "") == gma.cstmts(body, ""):
            continue
        res.append((desc, funcs, order))
    rng.shuffle(res)
    return res


def evaluate(funcs, order, sites, R):
    """A fresh Library over funcs; per site whether it is reached (violated) and a witness input;
    raises AssertionError on overflow or a function without a return."""
    lib = gma.Library()
    lib.funcs = funcs
    lib.order = order
    box = itertools.product(range(-R, R + 1), repeat=len(gma.INPUTS))
    reached = {}
    for inp in box:
        for j, s in enumerate(sites):
            ui, vi = gma.INPUTS.index(s["u"]), gma.INPUTS.index(s["v"])
            q = gma.TEMPLATES[s["tmpl"]][0]
            if not gma.CMP[s["op"]](q(lib.call(s["f"], (inp[ui], inp[vi])), inp[ui], inp[vi]), s["k"]):
                reached.setdefault(j, inp)
                break
    return lib, reached


def render(lines, lib, sites, reached, R):
    """The C text of a program in gen_multi_assert.py's layout (gma.program), with the comment
    lines given and site N marked violated iff it is reached."""
    text = [gma.comment(lines), gma.HEADER]
    for g in lib.order:
        text.append("\nint %s(int x, int y) {\n%s\n}\n" % (g, "\n".join(gma.cstmts(lib.funcs[g]["body"], "  "))))
    text.append("\nint main(void) {\n")
    text += ["  int %s = __VERIFIER_nondet_int();\n" % a for a in gma.INPUTS]
    text.append("  int r;\n")
    text += ["  __VERIFIER_assume(%s >= %d && %s <= %d);\n" % (a, -R, a, R) for a in gma.INPUTS]
    for j, s in enumerate(sites):
        text.append("  r = %s(%s, %s);\n" % (s["f"], s["u"], s["v"]))
        text.append("  if (!(%s)) reach_error(); /* site %d: %s */\n"
                    % (s["cond"], j + 1, "violated" if j in reached else "holds"))
    text.append("  return 0;\n}\n")
    return "".join(text)



def range_lines(lib):
    out = []
    for g in lib.order:
        f = lib.funcs[g]
        rg = lib.ranges.get(g)
        calls = " calls %s;" % ", ".join(f["callees"]) if f["callees"] else ""
        if rg:
            out.append("%s:%s x in [%d, %d], y in [%d, %d], returns [%d, %d]" % ((g, calls) + tuple(rg)))
        else:
            out.append("%s:%s never executed (its calls are in branches no input takes)" % (g, calls))
    return out


def site_lines(sites, reached):
    out = []
    for j, s in enumerate(sites):
        if j in reached:
            w = ", ".join("%s = %d" % p for p in zip(gma.INPUTS, reached[j]))
            out.append("site %d: r = %s(%s, %s); %s is violated, e.g. for %s" % (j + 1, s["f"], s["u"], s["v"], s["cond"], w))
        else:
            out.append("site %d: r = %s(%s, %s); %s holds" % (j + 1, s["f"], s["u"], s["v"], s["cond"]))
    return out


def changed_results(old_lib, new_lib, fname):
    """How many of the argument pairs OLD calls fname with give another result in NEW."""
    keys = [a for (g, a) in list(old_lib.memo) if g == fname]
    diff = 0
    for a in keys:
        try:
            if new_lib.call(fname, a) != old_lib.memo[(fname, a)]:
                diff += 1
        except AssertionError:
            diff += 1
    return diff, len(keys)


def generated_pair(k, m, seed, violated, R, change, flavour):
    """(old text, new text, description dict) or None when no candidate of the flavour exists."""
    old_text = gma.program(k, m, seed, violated, R)
    lib, pool, sites = gma.generate(k, m, seed, violated, R)
    old_lib, old_reached = evaluate(lib.funcs, lib.order, sites, R)
    rng = random.Random("gen_revisions:%d:%d:%d:%s:%s" % (k, m, seed, change, flavour))
    executed = [g for g in lib.order if g in old_lib.ranges]
    rng.shuffle(executed)
    fallback = None
    tried = 0
    for fname in executed:
        for desc, funcs, order in candidates(old_lib, fname, change, rng)[:60]:
            tried += 1
            if tried > 150:
                break
            try:
                new_lib, reached = evaluate(funcs, order, sites, R)
            except AssertionError:
                continue
            new_bad = set(reached) - set(old_reached)
            lost = set(old_reached) - set(reached)
            if flavour == "bug" and new_bad and not lost:
                return finish(k, m, seed, violated, R, change, flavour, old_text, old_lib, old_reached,
                              new_lib, reached, sites, pool, fname, desc)
            if flavour == "safe" and not new_bad and not lost:
                diff, _ = changed_results(old_lib, new_lib, fname)
                if diff and "(a refactoring)" not in desc:
                    return finish(k, m, seed, violated, R, change, flavour, old_text, old_lib, old_reached,
                                  new_lib, reached, sites, pool, fname, desc)
                if fallback is None:
                    fallback = (new_lib, reached, fname, desc)
    if fallback is not None:
        new_lib, reached, fname, desc = fallback
        return finish(k, m, seed, violated, R, change, flavour, old_text, old_lib, old_reached,
                      new_lib, reached, sites, pool, fname, desc)
    return None


def finish(k, m, seed, violated, R, change, flavour, old_text, old_lib, old_reached, new_lib, reached,
           sites, pool, fname, desc):
    diff, ncalls = changed_results(old_lib, new_lib, fname)
    new_bad = sorted(set(reached) - set(old_reached))
    verdict = "false" if reached else "true"
    old_verdict = "false" if old_reached else "true"
    if flavour == "bug":
        fl = ("bug-introducing: site%s %s held in OLD and %s violated in NEW"
              % ("s" if len(new_bad) > 1 else "", ", ".join(str(j + 1) for j in new_bad),
                 "are" if len(new_bad) > 1 else "is"))
    else:
        fl = "safe-preserving: every site keeps its verdict"
    lines = [
        "revision pair (bench/gen_revisions.py): NEW = OLD with one library function changed, "
        "change: %s, flavour: %s." % (change, flavour),
        "OLD: multi_assert k = %d, m = %d, seed = %d, %d violated (bench/gen_multi_assert.py), expected "
        "verdict %s." % (k, m, seed, violated, old_verdict),
        "change in %s: %s; %s returns another value on %d of the %d argument pairs OLD calls it with."
        % (fname, desc, fname, diff, ncalls),
        "%s; expected verdict of NEW: %s (decided by evaluating the changed library on every input of "
        "the box)." % (fl, verdict),
        "",
        "input range: [%d, %d] for %s (assumed in main); no other nondeterminism."
        % (-R, R, ", ".join(gma.INPUTS)),
        "Sites call %s; each site's verdict was decided by evaluating the library on all %d inputs "
        "of the box: a site that holds holds for every input; a violated site fails for the input "
        "given, on which every earlier site holds." % (", ".join(pool), (2 * R + 1) ** len(gma.INPUTS)),
        "violated sites: %s" % (", ".join(str(j + 1) for j in sorted(reached)) or "none"),
        "",
        "Argument and result ranges of the library over all calls of this program (no overflow):",
    ] + range_lines(new_lib) + [""] + site_lines(sites, reached)
    new_text = render(lines, new_lib, sites, reached, R)
    # The code of OLD as rendered here must be gen_multi_assert.py's (the layouts agree).
    old_lines = ["x"]
    check = render(old_lines, old_lib, sites, old_reached, R)
    assert check.split(" */\n", 1)[1] == old_text.split(" */\n", 1)[1], "render differs from gen_multi_assert"
    return old_text, new_text, {"old": old_verdict, "new": verdict, "function": fname, "desc": desc}


# ------------------------------------------------------------------------------------------------
# dev pairs: textual refactorings of SV-COMP tasks
# ------------------------------------------------------------------------------------------------

TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>L?"(?:\\.|[^"\\\n])*")
  | (?P<char>L?'(?:\\.|[^'\\\n])*')
  | (?P<number>\.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_.])*)
  | (?P<ident>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<punct>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!~<>=?:;,.(){}\[\]#])
""", re.S | re.X)
KEYWORDS_STMT = {"if", "for", "while", "do", "switch", "else", "case", "default"}


class Lexed:
    """Tokens (kind, text, start, end) of a C file; preprocessor lines are kept apart
    (self.directives: (start, end))."""

    def __init__(self, src):
        self.src = src
        self.toks = []
        self.directives = []
        pos, n = 0, len(src)
        while pos < n:
            if src[pos] == "#" and not src[src.rfind("\n", 0, pos) + 1:pos].strip():
                end = pos                  # a directive: to the end of the line (with continuations)
                while True:
                    nl = src.find("\n", end)
                    if nl < 0:
                        end = n
                        break
                    if src[nl - 1] == "\\":
                        end = nl + 1
                        continue
                    end = nl
                    break
                self.directives.append((pos, end))
                pos = end
                continue
            m = TOKEN.match(src, pos)
            if not m:
                raise ValueError("cannot lex at offset %d: %r" % (pos, src[pos:pos + 20]))
            if m.lastgroup not in ("ws", "comment"):
                self.toks.append((m.lastgroup, m.group(), m.start(), m.end()))
            pos = m.end()

    def text(self, i):
        return self.toks[i][1] if 0 <= i < len(self.toks) else ""

    def match(self, i):
        """Index of the bracket closing the one at i."""
        open_, close = self.toks[i][1], {"(": ")", "{": "}", "[": "]"}[self.toks[i][1]]
        depth = 0
        for j in range(i, len(self.toks)):
            t = self.toks[j][1]
            if t == open_:
                depth += 1
            elif t == close:
                depth -= 1
                if depth == 0:
                    return j
        raise ValueError("unbalanced %s" % open_)

    def functions(self):
        """(name, name token index, body open index, body close index) of the function
        definitions: at brace depth 0, IDENT ( ... ) { ... }."""
        out = []
        i, n = 0, len(self.toks)
        while i < n:
            t = self.toks[i][1]
            if t == "{":
                # a top-level brace: function body if preceded by ) of IDENT(...)
                j = i - 1
                close = j if self.text(j) == ")" else None
                if close is not None:
                    # find the matching ( backwards
                    depth = 0
                    k = close
                    while k >= 0:
                        if self.toks[k][1] == ")":
                            depth += 1
                        elif self.toks[k][1] == "(":
                            depth -= 1
                            if depth == 0:
                                break
                        k -= 1
                    if k > 0 and self.toks[k - 1][0] == "ident" and self.toks[k - 1][1] not in KEYWORDS_STMT:
                        end = self.match(i)
                        out.append((self.toks[k - 1][1], k - 1, i, end))
                        i = end + 1
                        continue
                i = self.match(i) + 1
                continue
            if t in ("(", "["):
                i = self.match(i) + 1
                continue
            i += 1
        return out

    def recursive(self, fns):
        """Names of the functions on a cycle of the call graph (a call: a defined function's name
        followed by `(` in a body)."""
        names = {fn[0] for fn in fns}
        calls = {fn[0]: {self.toks[i][1] for i in range(fn[2], fn[3])
                         if self.toks[i][0] == "ident" and self.toks[i][1] in names and self.text(i + 1) == "("}
                 for fn in fns}
        rec = set()
        for f in names:
            seen, todo = set(), list(calls.get(f, ()))
            while todo:
                g = todo.pop()
                if g == f:
                    rec.add(f)
                    break
                if g not in seen:
                    seen.add(g)
                    todo.extend(calls.get(g, ()))
        return rec

    def has_directive(self, start, end):
        return any(start <= a < end for a, _ in self.directives)


def parse_stmt(lx, i, stop):
    """Index just past the statement that starts at token i (< stop), or None when it cannot
    tell (switch, case labels, unbalanced text): blocks, labelled statements, if (with its else,
    which binds to the nearest if), for, while, do and simple statements up to their `;`."""
    if i >= stop:
        return None
    t = lx.toks[i]
    if t[1] == "{":
        j = lx.match(i) + 1
        return j if j <= stop else None
    if t[0] == "ident" and t[1] in ("if", "for", "while"):
        if lx.text(i + 1) != "(":
            return None
        end = parse_stmt(lx, lx.match(i + 1) + 1, stop)
        if end is not None and t[1] == "if" and lx.text(end) == "else" and end < stop:
            end = parse_stmt(lx, end + 1, stop)
        return end
    if t[0] == "ident" and t[1] == "do":
        end = parse_stmt(lx, i + 1, stop)
        if end is None or lx.text(end) != "while" or lx.text(end + 1) != "(":
            return None
        close = lx.match(end + 1)
        return close + 2 if lx.text(close + 1) == ";" and close + 2 <= stop else None
    if t[0] == "ident" and t[1] in KEYWORDS_STMT:
        return None
    if t[0] == "ident" and lx.text(i + 1) == ":":
        return parse_stmt(lx, i + 2, stop)          # label: statement
    depth = 0
    for j in range(i, stop):
        s = lx.toks[j][1]
        if s in ("(", "[", "{"):
            depth += 1
        elif s in (")", "]", "}"):
            depth -= 1
            if depth < 0:
                return None
        elif s == ";" and depth == 0:
            return j + 1
    return None


def dev_sites(lx, fn, change):
    """Candidate edits (start offset, end offset, replacement, description) in function fn."""
    name, _, lo, hi = fn
    src = lx.src
    out = []
    if change in ("constant", "function"):
        for i in range(lo + 1, hi):
            kind, text, a, b = lx.toks[i]
            if kind != "number" or not re.fullmatch(r"0|[1-9][0-9]*", text) or int(text) >= 1 << 20:
                continue
            prev = lx.text(i - 1)
            if change == "constant":
                out.append((a, b, "((%s + 1) - 1)" % text, "constant %s written ((%s + 1) - 1)" % (text, text)))
            elif text != "0" and prev not in ("case", "[") and lx.text(i + 1) != "]":
                out.append((a, b, "craig_rev_id(%s)" % text, "literal %s written craig_rev_id(%s)" % (text, text)))
    else:
        for i in range(lo + 1, hi):
            if lx.toks[i][1] != "if" or lx.text(i + 1) != "(":
                continue
            cclose = lx.match(i + 1)
            aend = parse_stmt(lx, cclose + 1, hi)
            if aend is None:
                continue
            bstart = bend = None
            if lx.text(aend) == "else":
                bstart = aend + 1
                bend = parse_stmt(lx, bstart, hi)
                if bend is None:
                    continue
            end_tok = (bend if bend is not None else aend) - 1
            start, end = lx.toks[i][2], lx.toks[end_tok][3]
            if lx.has_directive(start, end):
                continue
            cond = src[lx.toks[i + 2][2]:lx.toks[cclose - 1][3]] if cclose > i + 2 else ""
            if not cond.strip():
                continue
            a_txt = src[lx.toks[cclose + 1][2]:lx.toks[aend - 1][3]]
            b_txt = src[lx.toks[bstart][2]:lx.toks[bend - 1][3]] if bstart is not None else ""
            def arm(txt):
                return txt if txt.startswith("{") else "{ %s }" % txt if txt else "{ }"
            rep = "if (!(%s)) %s else %s" % (cond, arm(b_txt), arm(a_txt))
            short = re.sub(r"\s+", " ", cond)
            out.append((start, end, rep, "`if (%s) A%s` written `if (!(%s)) %s else A`"
                        % (short, " else B" if bstart is not None else "", short, "B" if bstart is not None else "{ }")))
    return out


def line_of(src, off):
    return src.count("\n", 0, off) + 1


def yml_unreach(path):
    """(input file, expected verdict, data model) of a task's unreach-call property, or None."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    m = re.search(r"^input_files:\s*['\"]?([^'\"\n]+?)['\"]?\s*$", text, re.M)
    if not m:
        return None
    verdict = None
    for pm in re.finditer(r"property_file:\s*(\S+)\s*\n\s*expected_verdict:\s*(\w+)", text):
        if os.path.basename(pm.group(1)) == "unreach-call.prp":
            verdict = pm.group(2).lower()
    if verdict not in ("true", "false"):
        return None
    dm = re.search(r"data_model:\s*(\w+)", text)
    return m.group(1), verdict, dm.group(1) if dm else "ILP32"


def compiles(path):
    """gcc -c -w accepts the file (the extension says .c or preprocessed .i)."""
    r = subprocess.run(["gcc", "-c", "-w", "-o", os.devnull, path], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    return r.returncode == 0


FOLDER_RANK = {"recursive-simple": 0, "recursive": 1}


def dev_tasks(svdir, folders, max_bytes):
    tasks = []
    for folder in sorted(os.listdir(svdir)):
        d = os.path.join(svdir, folder)
        if not os.path.isdir(d) or folder == "properties" or (folders and folder not in folders):
            continue
        for yml in sorted(os.listdir(d)):
            if not yml.endswith(".yml"):
                continue
            info = yml_unreach(os.path.join(d, yml))
            if info is None:
                continue
            cfile = os.path.join(d, info[0])
            if not os.path.isfile(cfile) or os.path.getsize(cfile) > max_bytes:
                continue
            with open(cfile, encoding="utf-8", errors="replace") as f:
                src = f.read()
            try:
                lx = Lexed(src)
                fns = lx.functions()
            except (ValueError, KeyError):
                continue
            mutable = [fn for fn in fns if fn[0] != "main" and fn[0] != "reach_error"
                       and not fn[0].startswith("__VERIFIER_")]
            rank = FOLDER_RANK.get(folder, 2 if folder.startswith("loop-") else 3 if folder == "loops" else 4)
            rec = lx.recursive(fns)
            tasks.append({"nonrec": any(fn[0] not in rec for fn in mutable), "folder": folder, "yml": yml, "c": cfile, "verdict": info[1], "model": info[2],
                          "src": src, "lx": lx, "fns": fns, "mutable": mutable, "size": len(src),
                          "key": (0 if len(mutable) >= 2 else 1, rank, len(src), folder, yml),
                          "family": folder + "/" + re.sub(r"[-_]+", "_", re.sub(r"[0-9]+", "", yml[:-4])).strip("_")})
    tasks.sort(key=lambda t: t["key"])
    return tasks


def dev_mutation(task, change, rng, tmpdir):
    """(new text, description, function) or None: a candidate edit in a mutable function (else
    main) whose result compiles."""
    lx = task["lx"]
    fns = list(task["mutable"])
    rng.shuffle(fns)
    rec = lx.recursive(task["fns"])
    fns.sort(key=lambda fn: fn[0] in rec)   # non-recursive functions first: they have summaries
    mains = [fn for fn in task["fns"] if fn[0] == "main"]
    for fn in fns + mains:
        sites = dev_sites(lx, fn, change)
        rng.shuffle(sites)
        for start, end, rep, desc in sites[:8]:
            src = task["src"]
            new = src[:start] + rep + src[end:]
            where = "in function %s%s (OLD line %d)" % (fn[0], " (recursive)" if fn[0] in rec else "",
                                                        line_of(src, start))
            head = ("/* craig revision pair (bench/gen_revisions.py): NEW = %s/%s with one function changed,\n"
                    " * change: %s, flavour: safe (a semantics-preserving refactoring; expected verdict\n"
                    " * unchanged: %s): %s %s.%s */\n"
                    % (task["folder"], os.path.basename(task["c"]), change, task["verdict"], desc, where,
                       "\n * craig_rev_id, the added function, is the identity." if change == "function" else ""))
            if change == "function":
                head += "int craig_rev_id(int v) { return v; }\n"
            new = head + new
            ext = os.path.splitext(task["c"])[1]
            probe = os.path.join(tmpdir, "probe%s" % ext)
            with open(probe, "w", encoding="utf-8") as f:
                f.write(new)
            if compiles(probe):
                return new, "%s %s" % (desc, where), fn[0]
    return None


# ------------------------------------------------------------------------------------------------

def task_yml(c_name, verdict, model, note):
    return ("format_version: '2.0'\n\n"
            "# %s\n"
            "input_files: '%s'\n\n"
            "properties:\n"
            "  - property_file: properties/unreach-call.prp\n"
            "    expected_verdict: %s\n\n"
            "options:\n"
            "  language: C\n"
            "  data_model: %s\n" % (note, c_name, verdict, model))


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--generated", type=int, default=12, help="generated pairs (default 12)")
    ap.add_argument("--dev", type=int, default=12, help="pairs from SV-COMP tasks (default 12)")
    ap.add_argument("--k", default="4,8", help="library sizes, cycled (default 4,8)")
    ap.add_argument("--m", type=int, default=4, help="assertion sites (default 4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--range", type=int, default=10)
    ap.add_argument("--old-violated", type=int, default=0, help="violated sites of OLD (default 0)")
    ap.add_argument("--svcomp", default=None, help="SV-COMP C tasks (default $CRAIG_SVCOMP/c)")
    ap.add_argument("--dev-folders", default="", help="comma-separated folders (default all)")
    ap.add_argument("--dev-max-bytes", type=int, default=6000)
    ap.add_argument("--skip-unsupported", metavar="CRAIG", default=None,
                    help="skip dev tasks on which `CRAIG verify --engine summaries --summaries-unwind 1` exits 4")
    ap.add_argument("--check", nargs="?", const=20000, type=int, default=None, metavar="RUNS")
    a = ap.parse_args()
    ks = [int(x) for x in a.k.split(",") if x.strip()]
    if not ks or min(ks) < 1 or a.m < 1 or not 0 <= a.old_violated <= a.m or a.generated < 0 or a.dev < 0:
        ap.error("need k >= 1, m >= 1, 0 <= old-violated <= m, counts >= 0")
    if not 1 <= a.range <= 30:
        ap.error("need 1 <= range <= 30")
    out = a.outdir
    os.makedirs(out, exist_ok=True)
    gma.write_property(out)
    rows = []
    gen_ymls = []

    for i in range(a.generated):
        change = CHANGES[i % 3]
        flavour = FLAVOURS[(i // 3) % 2]
        k = ks[(i // 6) % len(ks)]
        seed = a.seed + i
        res = None
        for attempt in range(20):
            s = seed + 1000 * attempt
            res = generated_pair(k, a.m, s, a.old_violated, a.range, change, flavour)
            if res:
                seed = s
                break
        if res is None:
            raise SystemExit("gen_revisions: no %s %s change found for k=%d m=%d" % (flavour, change, k, a.m))
        old_text, new_text, d = res
        pair = "gen%02d_%s_%s_k%d_m%d_s%d" % (i + 1, change, flavour, k, a.m, seed)
        for side, text, verdict in (("old", old_text, d["old"]), ("new", new_text, d["new"])):
            write(os.path.join(out, "%s_%s.c" % (pair, side)), text)
            write(os.path.join(out, "%s_%s.yml" % (pair, side)),
                  task_yml("%s_%s.c" % (pair, side), verdict, "ILP32",
                           "revision pair %s, %s (bench/gen_revisions.py)" % (pair, side.upper())))
            gen_ymls.append(os.path.join(out, "%s_%s.yml" % (pair, side)))
        rows.append([pair, "generated", change, flavour, pair + "_old.yml", pair + "_new.yml", d["old"], d["new"]])
        print("%s: %s: %s (%s -> %s)" % (pair, d["function"], d["desc"], d["old"], d["new"]), file=sys.stderr)

    if a.dev > 0:
        top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        sv = a.svcomp or os.path.join(os.environ.get("CRAIG_SVCOMP") or
                                      os.path.join(os.path.dirname(top), "shared", "bench", "svcomp"), "c")
        if not os.path.isdir(sv):
            raise SystemExit("gen_revisions: no SV-COMP tasks in %s (--svcomp)" % sv)
        folders = set(x for x in a.dev_folders.split(",") if x)
        tasks = [t for t in dev_tasks(sv, folders, a.dev_max_bytes) if compiles(t["c"])]
        if a.skip_unsupported:
            kept = []
            for t in tasks:
                try:
                    r = subprocess.run([a.skip_unsupported, "verify", "--engine", "summaries", "--summaries-unwind", "1",
                                        "--timeout", "10", t["c"]], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL, timeout=30)
                    if r.returncode == 4:
                        continue
                except subprocess.TimeoutExpired:
                    pass
                kept.append(t)
            print("gen_revisions: %d of %d dev tasks supported by %s" % (len(kept), len(tasks), a.skip_unsupported),
                  file=sys.stderr)
            tasks = kept
        rng = random.Random("gen_revisions:dev:%d" % a.seed)
        used_tasks, used_families = set(), set()
        tmpdir = tempfile.mkdtemp(prefix="gen_revisions.")
        try:
            for i in range(a.dev):
                change = CHANGES[i % 3]
                want = ("true", "false")[(i // 3) % 2] if a.dev > 1 else None
                picked = None
                # every other pair: a task with a non-recursive function to change (only those
                # have summaries of their own); preference: unused family with the wanted verdict
                # (and kind of function), unused family, unused task, any task
                nonrec = i % 2 == 1
                for rule in range(5):
                    for t in tasks:
                        if t["c"] in used_tasks and rule < 4:
                            continue
                        if rule < 3 and t["family"] in used_families:
                            continue
                        if rule < 2 and want and t["verdict"] != want:
                            continue
                        if rule == 0 and nonrec and not t["nonrec"]:
                            continue
                        mut = dev_mutation(t, change, random.Random("%s:%s:%d" % (t["c"], change, a.seed)), tmpdir)
                        if mut:
                            picked = (t, mut)
                            break
                    if picked:
                        break
                if not picked:
                    print("gen_revisions: no dev task fits a %s change (pair %d skipped)" % (change, i + 1), file=sys.stderr)
                    continue
                t, (new_text, desc, fname) = picked
                used_tasks.add(t["c"])
                used_families.add(t["family"])
                base = re.sub(r"[^A-Za-z0-9_-]", "_", os.path.splitext(t["yml"])[0])
                pair = "dev%02d_%s_safe_%s_%s" % (i + 1, change, t["folder"], base)
                ext = os.path.splitext(t["c"])[1]
                shutil.copyfile(t["c"], os.path.join(out, pair + "_old" + ext))
                write(os.path.join(out, pair + "_new" + ext), new_text)
                for side in ("old", "new"):
                    write(os.path.join(out, "%s_%s.yml" % (pair, side)),
                          task_yml("%s_%s%s" % (pair, side, ext), t["verdict"], t["model"],
                                   "revision pair %s, %s (bench/gen_revisions.py) of %s/%s"
                                   % (pair, side.upper(), t["folder"], t["yml"])))
                rows.append([pair, "dev", change, "safe", pair + "_old.yml", pair + "_new.yml", t["verdict"], t["verdict"]])
                print("%s: %s" % (pair, desc), file=sys.stderr)
        finally:
            shutil.rmtree(tmpdir, ignore_errors=True)

    with open(os.path.join(out, "pairs.csv"), "w", newline="", encoding="ascii") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["pair", "source", "change", "flavour", "old_yml", "new_yml", "old_expected", "new_expected"])
        w.writerows(rows)
    print(os.path.join(out, "pairs.csv"))

    if a.check is not None and gen_ymls:
        checker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", "multi_assert_check.sh")
        r = subprocess.run([checker, "-n", str(a.check)] + gen_ymls)
        if r.returncode != 0:
            print("gen_revisions: bench/lib/multi_assert_check.sh disagrees (see above)", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
