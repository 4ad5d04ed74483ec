#!/usr/bin/env python3
"""Which engine configurations a portfolio should run, from single-engine runs of bench/svcomp.sh.

  python3 bench/portfolio_select.py [--budget 60] [--max-members 3] [--base LABEL] LABEL=results.csv ...

Model: a portfolio of m members within a CPU budget B gives each member B/m seconds of CPU (the
members share the cores in time slices, and their CPU adds up). A member solves a task in the
portfolio when its single run answered it correctly (class correct-true or correct-false) with
at most B/m seconds of CPU. The script ranks every set of up to --max-members runs by solved
tasks (ties: less CPU), and shows for the best sets what each member adds. --base restricts the
ranking to sets that contain that run (the current default, say).

This is a model: it ignores the portfolio's own overhead and the members' sharing of memory
and caches; the chosen set must be confirmed by a real portfolio run (bench/svcomp.sh with
--engine portfolio --portfolio ...), which is what the default is decided on.
Standard library only.
"""
import argparse
import csv
import itertools
import sys


def load(path):
    """task -> CPU seconds of a correct answer (tasks answered wrongly or not at all are absent)."""
    solved = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row.get("class", "").startswith("correct"):
                try:
                    solved[row["task"]] = float(row["cpu"] or 0)
                except ValueError:
                    continue
    return solved


def solved_by(runs, members, budget):
    share = budget / len(members)
    out = {}
    for m in members:
        for task, cpu in runs[m].items():
            if cpu <= share:
                out[task] = min(out.get(task, cpu), cpu)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--budget", type=float, default=60.0, help="CPU seconds per task (default 60)")
    ap.add_argument("--max-members", type=int, default=3)
    ap.add_argument("--base", default=None, help="rank only sets containing this run")
    ap.add_argument("--top", type=int, default=10, help="sets to list (default 10)")
    ap.add_argument("runs", nargs="+", help="LABEL=results.csv")
    a = ap.parse_args()
    runs = {}
    for spec in a.runs:
        if "=" not in spec:
            sys.exit("portfolio_select.py: give runs as LABEL=results.csv, not '%s'" % spec)
        label, path = spec.split("=", 1)
        runs[label] = load(path)
    if a.base and a.base not in runs:
        sys.exit("portfolio_select.py: --base %s is not among the runs" % a.base)
    ranked = []
    for m in range(1, a.max_members + 1):
        for members in itertools.combinations(sorted(runs), m):
            if a.base and a.base not in members:
                continue
            s = solved_by(runs, members, a.budget)
            ranked.append((len(s), -sum(s.values()), members, s))
    ranked.sort(key=lambda r: (-r[0], -r[1], len(r[2])))
    print("# Portfolio selection (model: each of m members gets %.0f/m s of CPU)\n" % a.budget)
    print("| members | solved | CPU of solved (s) |")
    print("|---|---:|---:|")
    for n, neg_cpu, members, _ in ranked[: a.top]:
        print("| %s | %d | %.1f |" % (" + ".join(members), n, -neg_cpu))
    print("\n## Single runs at the full budget\n")
    print("| run | solved |")
    print("|---|---:|")
    for label in sorted(runs, key=lambda l: -len(solved_by(runs, (l,), a.budget))):
        print("| %s | %d |" % (label, len(solved_by(runs, (label,), a.budget))))
    if ranked:
        best = ranked[0]
        print("\n## What each member of the best set adds\n")
        for m in best[2]:
            rest = tuple(x for x in best[2] if x != m)
            without = solved_by(runs, rest, a.budget) if rest else {}
            only = sorted(set(best[3]) - set(without))
            print("- %s: %d task(s) no other member of the set solves%s" %
                  (m, len(only), (": " + ", ".join(only[:12]) + (" ..." if len(only) > 12 else "")) if only else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
