#!/usr/bin/env python3
"""Bit-twiddling programs with verdicts decided by construction (issue 22: the theory
refinement heuristics H0-H7 compared on programs where only some operators matter).

    gen_bitops.py OUTDIR [--blocks 1,2,4] [--noise 0,2,4] [--seeds 3]

Each program has B blocks; a block reads fresh unsigned inputs, computes a bit-level identity
with operators between variables (xor, and, or, shifts by a variable amount, products) and
asserts it, after N noise statements on other inputs (operators whose values no assertion reads).
Every identity holds for all 32-bit unsigned values (unsigned arithmetic wraps, so no undefined
behaviour). An unsafe program (file name ..._false.c) has one block whose identity is replaced by a
near miss that fails on some inputs (e.g. x & y where the identity has x ^ y), so the error is
reachable. Programs are C, checked for the verdicts by running them with gcc is not needed: each
identity below is a theorem of two's complement arithmetic, and each near miss has the
counterexample listed with it.
"""
import argparse
import os
import random

# (identity over x, y, s with s < 32; near miss; inputs that refute the near miss)
IDENTITIES = [
    ("((x ^ y) ^ y) == x", "((x ^ y) ^ x) == x", "x=0,y=1"),
    ("((x & y) | (x & ~y)) == x", "((x & y) | (x & y)) == x", "x=1,y=0"),
    ("x + y == (x ^ y) + ((x & y) << 1)", "x + y == (x ^ y) + (x & y)", "x=1,y=1"),
    ("((x | y) - (x & y)) == (x ^ y)", "((x | y) - (x & y)) == (x | y)", "x=1,y=1"),
    ("(((x >> s) << s) | (x & ((1u << s) - 1u))) == x", "(((x >> s) << s) | (x & (1u << s))) == x", "x=1,s=1"),
    ("x * y == y * x", "x * y == y * (x | 1u)", "x=0,y=1"),
    ("(x - (x & y)) == (x & ~y)", "(x - (x | y)) == (x & ~y)", "x=0,y=1"),
]

NOISE_OPS = ["*", "^", "&", "|"]


def program(blocks, noise, unsafe_block, rng):
    lines = [
        "extern void reach_error(void);",
        "extern unsigned __VERIFIER_nondet_uint(void);",
        "int main(void) {",
        "  unsigned acc = 0u;",
    ]
    for b in range(blocks):
        ident, miss, _ = IDENTITIES[rng.randrange(len(IDENTITIES))]
        cond = miss if b == unsafe_block else ident
        lines.append("  {")
        lines.append("    unsigned x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();")
        lines.append("    unsigned s = __VERIFIER_nondet_uint() % 32u;")
        lines.append("    unsigned u = __VERIFIER_nondet_uint(), v = __VERIFIER_nondet_uint();")
        for _ in range(noise):
            op = NOISE_OPS[rng.randrange(len(NOISE_OPS))]
            lines.append("    u = u %s v; v = v %s (u | 1u);" % (op, NOISE_OPS[rng.randrange(len(NOISE_OPS))]))
        lines.append("    acc = acc ^ u ^ v;")
        lines.append("    if (!(%s)) reach_error();" % cond)
        lines.append("  }")
    lines.append("  return (int)(acc & 1u);")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--blocks", default="1,2,4")
    ap.add_argument("--noise", default="0,2,4")
    ap.add_argument("--seeds", type=int, default=3)
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    n = 0
    for blocks in [int(x) for x in a.blocks.split(",")]:
        for noise in [int(x) for x in a.noise.split(",")]:
            for seed in range(a.seeds):
                for unsafe in (False, True):
                    rng = random.Random("%d-%d-%d-%d" % (blocks, noise, seed, unsafe))
                    bad = rng.randrange(blocks) if unsafe else -1
                    name = "bitops_b%d_n%d_s%d_%s.c" % (blocks, noise, seed, "false" if unsafe else "true")
                    with open(os.path.join(a.outdir, name), "w") as f:
                        f.write(program(blocks, noise, bad, rng))
                    n += 1
    print("%d programs in %s" % (n, a.outdir))


if __name__ == "__main__":
    main()
