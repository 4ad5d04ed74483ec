#!/usr/bin/env python3
"""Generated multi-assertion programs: a library of small functions and many assertions (issue 21).

  python3 bench/gen_multi_assert.py OUTDIR --k K --m M [--seed S] [--violated V] [--range R]

Writes one SV-COMP task (format 2.0, unreach-call, ILP32): OUTDIR/multi_assert_kK_mM_sS.c
(..._vV.c when V > 0, so that a safe and an unsafe task of the same K, M, S can share OUTDIR),
the .yml next to it, and OUTDIR/properties/unreach-call.prp (copied from the SV-COMP set, the task
names it as properties/unreach-call.prp). Prints the .yml path.

The program, after HiFrog's setting (function summaries from interpolants, reused across
assertions):
  library  K functions int fI(int x, int y), non-recursive: fI calls at most two earlier ones,
           chains of calls are at most 3 long, and every function but the last ceil(K/4) (the
           roots, which main calls) is called by a later one; + and - with small constants,
           comparisons, if/else, loops `for (i = 0; i < n; i++)` with n = 2 or 3 in some; ints
           only, no pointers.
  main     reads a, b, c with __VERIFIER_nondet_int(), assumes each in [-R, R] (default R = 10),
           then has M assertion sites `r = fJ(u, v); if (!(COND)) reach_error();`, COND a bound on
           r or on r - u or r - v. The sites call the roots in turn, mostly with the same kind
           of bound per function: a summary of fJ made for one site can prove the later ones
           (from M = 2 ceil(K/4) on, each root is called from two sites or more; the functions
           below them are shared anyway). With V = 0 the first M' sites of the task of M > M'
           sites are those of the task of M' (the library depends on K and S only).
Verdicts are decided by construction, not guessed: the inputs range over a finite box, so the
generator evaluates the library (the same statement trees it prints as C, memoised per
argument pair) on every input of the box. A site that holds gets a bound that every input
meets (the extreme over the box, loosened by 0..2); a violated site gets the extreme over the
inputs that pass every earlier site, tightened by one, so that an input exists on which all
earlier sites hold and this one fails (the C comment names one). Exactly V sites are violated;
expected_verdict is false when V > 0. All values stay far from int overflow (checked: |v| < 2^20).
bench/lib/multi_assert_check.sh checks the sites independently (gcc, every input and random ones).
Standard library only; deterministic for a given seed.
"""
import argparse
import itertools
import os
import random
import shutil
import sys
import textwrap

HEADER = """extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
"""
UNREACH_CALL = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"
INPUTS = ("a", "b", "c")
MAX_DEPTH = 3        # longest chain of calls inside the library; bounds the inlined size
LIMIT = 1 << 20      # every value of every evaluation stays below this in magnitude

# ---- a tiny statement language, printed as C and evaluated in Python from the same trees ----
# expressions: ("v", name) ("c", n) ("+", e, e) ("-", e, e) ("call", fname, (e, e))
# conditions:  (op, e, e) with op in < <= > >= == !=
# statements:  ("decl", name, e|None) ("set", name, e) ("if", cond, then, else)
#              ("for", var, n, body) ("ret", e)


def V(n):
    return ("v", n)


def C(n):
    return ("c", n)


def add(e, k):
    return e if k == 0 else ("+", e, C(k))


def cexpr(e):
    t = e[0]
    if t == "v":
        return e[1]
    if t == "c":
        return str(e[1])
    if t == "call":
        return "%s(%s)" % (e[1], ", ".join(cexpr(a) for a in e[2]))
    a, b = cexpr(e[1]), e[2]
    if b[0] == "c" and b[1] < 0:          # x + -3 is printed x - 3, x - -3 as x + 3
        return "%s %s %d" % (a, "-" if t == "+" else "+", -b[1])
    rb = cexpr(b)
    if b[0] in "+-":
        rb = "(" + rb + ")"
    return "%s %s %s" % (a, t, rb)


def cstmts(stmts, ind):
    out = []
    for s in stmts:
        t = s[0]
        if t == "decl":
            out.append(ind + "int %s%s;" % (s[1], "" if s[2] is None else " = " + cexpr(s[2])))
        elif t == "set":
            out.append(ind + "%s = %s;" % (s[1], cexpr(s[2])))
        elif t == "ret":
            out.append(ind + "return %s;" % cexpr(s[1]))
        elif t == "if":
            c = s[1]
            out.append(ind + "if (%s %s %s) {" % (cexpr(c[1]), c[0], cexpr(c[2])))
            out += cstmts(s[2], ind + "  ")
            if s[3]:
                out.append(ind + "} else {")
                out += cstmts(s[3], ind + "  ")
            out.append(ind + "}")
        elif t == "for":
            v = s[1]
            out.append(ind + "for (%s = 0; %s < %d; %s++) {" % (v, v, s[2], v))
            out += cstmts(s[3], ind + "  ")
            out.append(ind + "}")
    return out


CMP = {"<": lambda p, q: p < q, "<=": lambda p, q: p <= q, ">": lambda p, q: p > q,
       ">=": lambda p, q: p >= q, "==": lambda p, q: p == q, "!=": lambda p, q: p != q}


class Library:
    """The functions (name -> dict with params, body, callees) and a memoised evaluator
    that also records the range of every argument and result (for the comments)."""

    def __init__(self):
        self.funcs = {}
        self.order = []
        self.memo = {}
        self.ranges = {}  # name -> [xlo, xhi, ylo, yhi, rlo, rhi]

    def call(self, name, args):
        key = (name, args)
        if key in self.memo:
            return self.memo[key]
        f = self.funcs[name]
        env = dict(zip(f["params"], args))
        r = self.run(f["body"], env)
        if r is None or abs(r) >= LIMIT:
            raise AssertionError("%s%r returned %r" % (name, args, r))
        self.memo[key] = r
        g = self.ranges.setdefault(name, [args[0], args[0], args[1], args[1], r, r])
        for i, v in enumerate((args[0], args[1], r)):
            g[2 * i] = min(g[2 * i], v)
            g[2 * i + 1] = max(g[2 * i + 1], v)
        return r

    def ev(self, e, env):
        t = e[0]
        if t == "v":
            return env[e[1]]
        if t == "c":
            return e[1]
        if t == "call":
            return self.call(e[1], tuple(self.ev(a, env) for a in e[2]))
        a, b = self.ev(e[1], env), self.ev(e[2], env)
        v = a + b if t == "+" else a - b
        if abs(v) >= LIMIT:
            raise AssertionError("value %d out of range" % v)
        return v

    def run(self, stmts, env):
        for s in stmts:
            t = s[0]
            if t == "decl":
                env[s[1]] = 0 if s[2] is None else self.ev(s[2], env)
            elif t == "set":
                env[s[1]] = self.ev(s[2], env)
            elif t == "ret":
                return self.ev(s[1], env)
            elif t == "if":
                c = s[1]
                r = self.run(s[2] if CMP[c[0]](self.ev(c[1], env), self.ev(c[2], env)) else s[3], env)
                if r is not None:
                    return r
            elif t == "for":
                env[s[1]] = 0
                while env[s[1]] < s[2]:
                    r = self.run(s[3], env)
                    if r is not None:
                        return r
                    env[s[1]] += 1
        return None


def uses(stmts, name):
    def ue(e):
        if e[0] == "v":
            return e[1] == name
        if e[0] == "c":
            return False
        if e[0] == "call":
            return any(ue(a) for a in e[2])
        return ue(e[1]) or ue(e[2])
    for s in stmts:
        t = s[0]
        if t in ("decl", "set") and s[2] is not None and ue(s[2]):
            return True
        if t == "ret" and ue(s[1]):
            return True
        if t == "if" and (ue(s[1][1]) or ue(s[1][2]) or uses(s[2], name) or uses(s[3], name)):
            return True
        if t == "for" and uses(s[3], name):
            return True
    return False


def small(rng, lo=1, hi=3):
    """A nonzero constant in [-hi, -lo] or [lo, hi]."""
    return rng.choice([-1, 1]) * rng.randint(lo, hi)


def call_graph(k, rng):
    """Who calls whom: f<i> -> list of callee indices (all smaller than i). The last ceil(k/4)
    functions are the roots, which main calls; every other function gets a caller among the
    later ones (so every function is called somewhere), at most two callees each, and a level one more than its
    caller's; then functions call a second function of a deeper level at random (shared
    callees). Along every call the level grows, so call chains have at most MAX_DEPTH calls."""
    p = max(1, (k + 3) // 4)
    level = {j: 0 for j in range(k - p + 1, k + 1)}
    callees = {j: [] for j in range(1, k + 1)}
    for i in range(k - p, 0, -1):
        # one candidate per free call slot, so that callers with no callee yet are preferred
        slots = [j for j in range(i + 1, k + 1) if level[j] < MAX_DEPTH for _ in range(2 - len(callees[j]))]
        if not slots:
            raise SystemExit("gen_multi_assert: no caller left for f%d (k=%d)" % (i, k))
        j = rng.choice(slots)
        callees[j].append(i)
        level[i] = level[j] + 1
    for j in range(k, 0, -1):
        if len(callees[j]) < 2 and level[j] < MAX_DEPTH and rng.random() < 0.5:
            deeper = [i for i in range(1, j) if level[i] > level[j] and i not in callees[j]]
            if deeper:
                callees[j].append(rng.choice(deeper))
    return callees, [j for j in range(1, k + 1) if level[j] == 0]


def gen_function(rng, callees):
    """A function calling the given functions: r from an initial expression (a call of the first
    callee if any), maybe an if/else (whose else calls the second callee if any), maybe a bounded
    loop nudging r by one per iteration, then return r (+ a constant)."""
    x, y, r = V("x"), V("y"), V("r")
    callees = list(callees)
    rng.shuffle(callees)

    body = []
    loop = rng.random() < 0.4
    if loop:
        body.append(("decl", "i", None))
    if callees:
        g = callees[0]
        args = rng.choice([(x, y), (y, x), (x, C(rng.randint(-3, 3))), (add(x, small(rng)), y)])
        init = ("call", g, args)
    else:
        init = rng.choice([x, y, add(x, small(rng)), add(y, small(rng)), ("-", x, y)])
    body.append(("decl", "r", init))

    if len(callees) > 1 or rng.random() < 0.6:
        op = rng.choice(["<", "<=", ">", ">="])
        rhs = rng.choice([x, y, C(rng.randint(-5, 5)), add(y, small(rng))])
        then = [("set", "r", rng.choice([add(r, small(rng)), add(x, small(rng)), add(y, rng.randint(0, 3))]))]
        if len(callees) > 1:
            g = callees[1]
            els = [("set", "r", ("call", g, rng.choice([(r, y), (y, r), (r, x), (x, r)])))]
        else:
            els = rng.choice([[], [("set", "r", add(y, small(rng)))], [("set", "r", add(r, small(rng)))]])
        body.append(("if", (op, r, rhs), then, els))
    if loop:
        n = rng.randint(2, 3)
        kind = rng.randrange(4)
        if kind == 0:
            lb = [("if", ("<", r, add(y, rng.randint(-2, 2))), [("set", "r", add(r, 1))], [])]
        elif kind == 1:
            lb = [("if", ("<", r, y), [("set", "r", add(r, 1))], [("set", "r", add(r, -1))])]
        elif kind == 2:
            lb = [("set", "r", add(r, rng.choice([-1, 1, 2])))]
        else:
            lb = [("if", (">", r, x), [("set", "r", add(r, -1))], [])]
        body.append(("for", "i", n, lb))
    # Every parameter is used (gcc -Wextra would warn otherwise, and an unused one is dead weight).
    for p in ("x", "y"):
        if not uses(body, p):
            body.append(("if", (rng.choice(["<", ">"]), r, V(p)), [("set", "r", add(r, small(rng)))], []))
    body.append(("ret", add(r, rng.choice([0, 0, small(rng)]))))

    return {"params": ("x", "y"), "body": body, "callees": sorted(callees, key=lambda g: int(g[1:]))}


# Bound templates of a site r = f(u, v): the bounded quantity and its C form for a constant k.
TEMPLATES = {
    "r":   (lambda r, u, v: r,     lambda u, v, k: "r %s %d"),
    "r-u": (lambda r, u, v: r - u, lambda u, v, k: "r %s " + cexpr(add(V(u), k))),
    "r-v": (lambda r, u, v: r - v, lambda u, v, k: "r %s " + cexpr(add(V(v), k))),
}


def site_cond(tmpl, op, u, v, k):
    text = TEMPLATES[tmpl][1](u, v, k)
    return text % (op, k) if tmpl == "r" else text % op


def generate(k, m, seed, violated, rng_range):
    # Random streams: the library depends on (k, seed) only and site j on (k, seed, j) (plus the
    # sites before it, which it must not repeat): for V = 0 the task of m sites is the task of m'
    # < m sites plus m - m' more, so CPU time over m shows the cost of the added assertions.
    # Which sites are violated depends on m and V.
    rng = random.Random("multi_assert:%d:%d" % (k, seed))
    lib = Library()
    graph, roots = call_graph(k, rng)
    for i in range(1, k + 1):
        name = "f%d" % i
        lib.funcs[name] = gen_function(rng, ["f%d" % c for c in graph[i]])
        lib.order.append(name)

    # The sites call the roots (the last ceil(k/4) functions) in rounds, each round shuffled:
    # from m = 2 * ceil(k/4) on, every root is called from two sites or more; their callees
    # are shared anyway.
    pool = ["f%d" % j for j in roots]
    primary = {g: (rng.choice(list(TEMPLATES)), rng.choice([">=", "<="])) for g in pool}
    site_funcs = []
    while len(site_funcs) < m:
        site_funcs += rng.sample(pool, len(pool))
    bad = set(random.Random("multi_assert:%d:%d:%d:%d" % (k, m, seed, violated)).sample(range(m), violated))

    R = rng_range
    box = list(itertools.product(range(-R, R + 1), repeat=len(INPUTS)))
    alive = box                      # the inputs on which every site so far holds
    sites, seen = [], set()
    for j in range(m):
        g = site_funcs[j]
        srng = random.Random("multi_assert:%d:%d:site%d" % (k, seed, j))
        for attempt in range(200):
            tmpl, op = primary[g] if srng.random() < 0.7 and attempt < 100 else \
                (srng.choice(list(TEMPLATES)), srng.choice([">=", "<="]))
            ui, vi = srng.sample(range(len(INPUTS)), 2)
            u, v = INPUTS[ui], INPUTS[vi]
            q = TEMPLATES[tmpl][0]
            slack = srng.randint(0, 2)

            def val(inp):
                return q(lib.call(g, (inp[ui], inp[vi])), inp[ui], inp[vi])
            if j in bad:
                vals = [val(inp) for inp in alive]
                ext = min(vals) if op == ">=" else max(vals)
                if ext == max(vals) and ext == min(vals):
                    continue          # constant on the inputs left: failing would end every run
                kk = ext + 1 if op == ">=" else ext - 1
                witness = next(inp for inp, w in zip(alive, vals) if w == ext)
            else:
                vals = [val(inp) for inp in box]
                kk = min(vals) - slack if op == ">=" else max(vals) + slack
                witness = None
            key = (g, u, v, site_cond(tmpl, op, u, v, kk))
            if key in seen:
                continue
            seen.add(key)
            break
        else:
            raise SystemExit("gen_multi_assert: no fitting condition for site %d (k=%d m=%d seed=%d)"
                             % (j + 1, k, m, seed))
        holds = (lambda inp, q=q, ui=ui, vi=vi, g=g, op=op, kk=kk:
                 CMP[op](q(lib.call(g, (inp[ui], inp[vi])), inp[ui], inp[vi]), kk))
        if j in bad:
            alive = [inp for inp in alive if holds(inp)]
            assert alive and not holds(witness)
        else:
            assert all(holds(inp) for inp in box)
        sites.append({"f": g, "u": u, "v": v, "cond": key[3], "tmpl": tmpl, "op": op, "k": kk,
                      "bad": j in bad, "witness": witness})
    return lib, pool, sites


def comment(lines):
    out = []
    for l in lines:
        out += textwrap.wrap(l, 93, subsequent_indent="  ") or [""]
    return "/*\n" + "".join((" * " + l).rstrip() + "\n" for l in out) + " */\n"


def program(k, m, seed, violated, R):
    lib, pool, sites = generate(k, m, seed, violated, R)
    verdict = "false" if violated else "true"
    bad = [str(j + 1) for j, s in enumerate(sites) if s["bad"]]
    lines = [
        "multi_assert k = %d, m = %d, seed = %d: %d library functions, %d assertion sites, %d violated; "
        "expected verdict %s (bench/gen_multi_assert.py)." % (k, m, seed, k, m, violated, verdict),
        "input range: [%d, %d] for %s (assumed in main); no other nondeterminism."
        % (-R, R, ", ".join(INPUTS)),
        "Sites call %s; each site's verdict was decided by evaluating the library on all %d inputs "
        "of the box: a site that holds holds for every input; a violated site fails for the input "
        "given, on which every earlier site holds." % (", ".join(pool), (2 * R + 1) ** len(INPUTS)),
        "violated sites: %s" % (", ".join(bad) if bad else "none"),
        "",
        "Argument and result ranges of the library over all calls of this program (no overflow):",
    ]
    for g in lib.order:
        f = lib.funcs[g]
        rg = lib.ranges.get(g)
        calls = " calls %s;" % ", ".join(f["callees"]) if f["callees"] else ""
        if rg:
            lines.append("%s:%s x in [%d, %d], y in [%d, %d], returns [%d, %d]" % ((g, calls) + tuple(rg)))
        else:
            lines.append("%s:%s never executed (its calls are in branches no input takes)" % (g, calls))
    lines.append("")
    for j, s in enumerate(sites):
        if s["bad"]:
            w = ", ".join("%s = %d" % p for p in zip(INPUTS, s["witness"]))
            lines.append("site %d: r = %s(%s, %s); %s is violated, e.g. for %s"
                         % (j + 1, s["f"], s["u"], s["v"], s["cond"], w))
        else:
            lines.append("site %d: r = %s(%s, %s); %s holds" % (j + 1, s["f"], s["u"], s["v"], s["cond"]))
    text = [comment(lines), HEADER]
    for g in lib.order:
        text.append("\nint %s(int x, int y) {\n%s\n}\n" % (g, "\n".join(cstmts(lib.funcs[g]["body"], "  "))))
    text.append("\nint main(void) {\n")
    text += ["  int %s = __VERIFIER_nondet_int();\n" % a for a in INPUTS]
    text.append("  int r;\n")
    text += ["  __VERIFIER_assume(%s >= %d && %s <= %d);\n" % (a, -R, a, R) for a in INPUTS]
    for j, s in enumerate(sites):
        text.append("  r = %s(%s, %s);\n" % (s["f"], s["u"], s["v"]))
        text.append("  if (!(%s)) reach_error(); /* site %d: %s */\n"
                    % (s["cond"], j + 1, "violated" if s["bad"] else "holds"))
    text.append("  return 0;\n}\n")
    return "".join(text)


def task_yml(c_name, verdict):
    return ("format_version: '2.0'\n\n"
            "# generated by bench/gen_multi_assert.py\n"
            "input_files: '%s'\n\n"
            "properties:\n"
            "  - property_file: properties/unreach-call.prp\n"
            "    expected_verdict: %s\n\n"
            "options:\n"
            "  language: C\n"
            "  data_model: ILP32\n" % (c_name, verdict))


def write_property(outdir):
    """OUTDIR/properties/unreach-call.prp, copied from the SV-COMP set ($CRAIG_SVCOMP, default
    <repository>/../shared/bench/svcomp), or written from the standard text without it."""
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sv = os.environ.get("CRAIG_SVCOMP") or os.path.join(os.path.dirname(top), "shared", "bench", "svcomp")
    dest = os.path.join(outdir, "properties", "unreach-call.prp")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    if os.path.exists(dest):
        return
    src = os.path.join(sv, "c", "properties", "unreach-call.prp")
    if os.path.isfile(src):
        shutil.copyfile(src, dest)
    else:
        with open(dest, "w", encoding="ascii") as f:
            f.write(UNREACH_CALL)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--k", type=int, required=True, help="library functions")
    ap.add_argument("--m", type=int, required=True, help="assertion sites")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--violated", type=int, default=0, help="violated sites (default 0)")
    ap.add_argument("--range", type=int, default=10, help="inputs in [-R, R] (default 10)")
    a = ap.parse_args()
    if a.k < 1 or a.m < 1:
        ap.error("need k >= 1 and m >= 1")
    if not 0 <= a.violated <= a.m:
        ap.error("need 0 <= violated <= m")
    if not 1 <= a.range <= 30:
        ap.error("need 1 <= range <= 30 (the generator evaluates every input of the box)")
    name = "multi_assert_k%d_m%d_s%d%s" % (a.k, a.m, a.seed, "_v%d" % a.violated if a.violated else "")
    os.makedirs(a.outdir, exist_ok=True)
    text = program(a.k, a.m, a.seed, a.violated, a.range)
    with open(os.path.join(a.outdir, name + ".c"), "w", encoding="ascii") as f:
        f.write(text)
    with open(os.path.join(a.outdir, name + ".yml"), "w", encoding="ascii") as f:
        f.write(task_yml(name + ".c", "false" if a.violated else "true"))
    write_property(a.outdir)
    print(os.path.join(a.outdir, name + ".yml"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
