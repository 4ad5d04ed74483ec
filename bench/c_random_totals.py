#!/usr/bin/env python3
"""Totals over the summaries of bench/c_random.sh chunks (issue 15).

    bench/c_random_totals.py docs/results/c-random-asan-2026-11-28/seeds-*-summary.txt

Reads each chunk's summary.txt and prints the seed ranges covered (with any gap or overlap
named), the programs run and discarded, gcc's verdicts, each engine's TRUE/FALSE/UNKNOWN/other,
the findings (the driver's failed programs) and the summed wall time. Exits 1 when the ranges
overlap or a summary cannot be read, so a table built from it never counts a seed twice.
"""
import re
import sys


def parse(path):
    text = open(path, encoding="utf-8").read()
    seeds = re.search(r"^seeds (\d+)\.\.(\d+): (\d+) programs, (\d+) s wall", text, re.M)
    gcc = re.search(r"^gcc ground truth: TRUE (\d+), FALSE (\d+); discarded (\d+)", text, re.M)
    tally = re.search(r"^(\d+) passed, (\d+) failed", text, re.M)
    if not (seeds and gcc and tally):
        raise ValueError(f"{path}: not a c_random.sh summary")
    engines = {}
    for m in re.finditer(r"^(\w+):\s+TRUE (\d+), FALSE (\d+), UNKNOWN (\d+), other (\d+)", text, re.M):
        engines[m.group(1)] = [int(m.group(i)) for i in range(2, 6)]
    return {
        "first": int(seeds.group(1)), "last": int(seeds.group(2)),
        "programs": int(seeds.group(3)), "wall": int(seeds.group(4)),
        "gcc": [int(gcc.group(1)), int(gcc.group(2))], "discarded": int(gcc.group(3)),
        "failed": int(tally.group(2)), "engines": engines,
    }


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        chunks = sorted((parse(p) for p in paths), key=lambda c: c["first"])
    except (OSError, ValueError) as err:
        print(f"c_random_totals: {err}", file=sys.stderr)
        return 1
    status = 0
    ranges = []
    for c in chunks:
        if ranges and c["first"] <= ranges[-1][1]:
            print(f"overlap: {c['first']}..{c['last']} with ..{ranges[-1][1]}", file=sys.stderr)
            status = 1
        if ranges and c["first"] <= ranges[-1][1] + 1:
            ranges[-1][1] = max(ranges[-1][1], c["last"])
        else:
            if ranges:
                print(f"gap: {ranges[-1][1] + 1}..{c['first'] - 1}")
            ranges.append([c["first"], c["last"]])
    total = lambda key: sum(c[key] for c in chunks)
    print("seeds:", ", ".join(f"{a}..{b}" for a, b in ranges))
    print(f"programs: {total('programs')} generated, {total('discarded')} discarded (UB or hang), "
          f"{total('programs') - total('discarded')} run")
    print(f"gcc: TRUE {sum(c['gcc'][0] for c in chunks)}, FALSE {sum(c['gcc'][1] for c in chunks)}")
    names = sorted({e for c in chunks for e in c["engines"]})
    for e in names:
        t = [sum(c["engines"].get(e, [0] * 4)[i] for c in chunks) for i in range(4)]
        print(f"{e}: TRUE {t[0]}, FALSE {t[1]}, UNKNOWN {t[2]}, other {t[3]}")
    print(f"findings: {total('failed')} programs; wall {total('wall')} s over {len(chunks)} chunks")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
