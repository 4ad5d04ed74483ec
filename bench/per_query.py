#!/usr/bin/env python3
"""bench/per_query.py [--engines impact,ufo] [--limit 5] [--jobs 2] [--out DIR] TASK_OR_DIR...

The time of one solver query of the incremental engines, offline against online
(`--sat-integration`, issue 51: the online loop must not make small queries slower). Every task
(SV-COMP .yml, or every .yml below a directory) runs once per engine and loop, each run with
craig's --timeout LIMIT (a CPU rlimit of LIMIT + 5 s as a safety net); from its --stats the engine's
solving seconds and its query count:
  impact: impact.time.solving over houdini-queries + refinement-queries + implication-checks.solver
  ufo:    ufo.time.{refine-solving,interpolation,post,covering} over ufo.{cover-checks,post-queries,
          refine.queries,refine.itp-queries}
A run that times out still counts: its queries and their seconds are as real as a finished run's.
Writes DIR/results.csv (task,engine,loop,verdict,queries,solving_s,cpu_s) and DIR/summary.md
(per engine and loop: runs, queries, solving seconds, milliseconds per query; the ratio online
over offline, of the sums and the median of the per-task ratios over tasks with queries in both,
and over those with at least 50 ms of solving in both: the seconds are printed to the millisecond).
The binary is $CRAIG, by default build/craig.
"""
import argparse
import concurrent.futures
import csv
import datetime
import os
import pathlib
import re
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
TIME_KEYS = {
    "impact": ["impact.time.solving"],
    "ufo": ["ufo.time.refine-solving", "ufo.time.interpolation", "ufo.time.post", "ufo.time.covering"],
}
QUERY_KEYS = {
    "impact": ["impact.houdini-queries", "impact.refinement-queries", "impact.implication-checks.solver"],
    "ufo": ["ufo.cover-checks", "ufo.post-queries", "ufo.refine.queries", "ufo.refine.itp-queries"],
}
LOOPS = ["offline", "online"]


def tasks_of(args):
    out = []
    for a in args:
        p = pathlib.Path(a)
        if p.is_dir():
            out.extend(sorted(p.rglob("*.yml")))
        elif p.is_file():
            out.append(p)
        else:
            sys.exit(f"bench/per_query.py: no task or directory {a}")
    return out


def run_one(craig, task, engine, loop, limit):
    # craig stops itself at --timeout LIMIT (wall); the CPU rlimit a little above it is only a
    # safety net, so that a run is not killed before it prints its statistics.
    def limits():
        resource.setrlimit(resource.RLIMIT_CPU, (limit + 5, limit + 6))

    cmd = [craig, "verify", "--engine", engine, "--sat-integration", loop, "--stats", "--timeout", str(limit), str(task)]
    with tempfile.TemporaryFile("w+") as log:
        p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, preexec_fn=limits)
        _, _, usage = os.wait4(p.pid, 0)  # this child's own CPU time (runs go in parallel)
        p.returncode = 0
        log.seek(0)
        text = log.read()
    cpu = usage.ru_utime + usage.ru_stime
    m = re.search(r"Verification result: (\w+)", text)
    verdict = m.group(1) if m else "none"
    stats = dict(re.findall(r"^\s+([\w.-]+): ([0-9.]+)", text, re.M))
    queries = sum(int(float(stats.get(k, 0))) for k in QUERY_KEYS[engine])
    solving = sum(float(stats.get(k, 0)) for k in TIME_KEYS[engine])
    return [str(task), engine, loop, verdict, queries, f"{solving:.3f}", f"{cpu:.2f}"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engines", default="impact,ufo")
    ap.add_argument("--limit", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out")
    ap.add_argument("tasks", nargs="+")
    a = ap.parse_args()
    engines = a.engines.split(",")
    for e in engines:
        if e not in TIME_KEYS:
            sys.exit(f"bench/per_query.py: engine {e} unknown (impact, ufo)")
    craig = os.environ.get("CRAIG", str(HERE.parent / "build" / "craig"))
    out = pathlib.Path(a.out or HERE / "results" / ("per-query-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S")))
    out.mkdir(parents=True, exist_ok=True)
    tasks = tasks_of(a.tasks)
    jobs = [(t, e, l) for t in tasks for e in engines for l in LOOPS]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        rows = list(ex.map(lambda j: run_one(craig, j[0], j[1], j[2], a.limit), jobs))
    with open(out / "results.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["task", "engine", "loop", "verdict", "queries", "solving_s", "cpu_s"])
        w.writerows(rows)
    lines = [f"# Time per solver query, offline and online ({datetime.date.today()})", "",
             f"- craig: `{craig}`; {len(tasks)} tasks; --timeout {a.limit} per run (CPU rlimit {a.limit + 5} s); {a.jobs} jobs", "",
             "| engine | loop | runs | queries | solving s | ms per query |", "|---|---|---:|---:|---:|---:|"]
    for e in engines:
        for l in LOOPS:
            rs = [r for r in rows if r[1] == e and r[2] == l]
            q = sum(r[4] for r in rs)
            s = sum(float(r[5]) for r in rs)
            lines.append(f"| {e} | {l} | {len(rs)} | {q} | {s:.2f} | {1000 * s / q if q else 0:.3f} |")
    lines.append("")
    for e in engines:
        per, solving = {}, {}
        for r in rows:
            if r[1] == e and r[4] > 0:
                per.setdefault(r[0], {})[r[2]] = float(r[5]) / r[4]
                solving.setdefault(r[0], {})[r[2]] = float(r[5])
        ratios = [v["online"] / v["offline"] for v in per.values() if len(v) == 2 and v["offline"] > 0]
        # craig prints seconds to the millisecond: a task with a few milliseconds of solving has
        # a ratio of clock ticks, so the median is also given over the tasks with >= 50 ms in both.
        timed = [v["online"] / v["offline"] for t, v in per.items()
                 if len(v) == 2 and v["offline"] > 0 and min(solving[t].values()) >= 0.05]
        tot = {l: (sum(float(r[5]) for r in rows if r[1] == e and r[2] == l),
                   sum(r[4] for r in rows if r[1] == e and r[2] == l)) for l in LOOPS}
        if tot["offline"][1] and tot["online"][1] and tot["offline"][0] > 0:
            total_ratio = (tot["online"][0] / tot["online"][1]) / (tot["offline"][0] / tot["offline"][1])
            med = statistics.median(ratios) if ratios else float("nan")
            lines.append(f"- {e}: time per query online / offline {total_ratio:.2f} (sums), "
                         f"median per task {med:.2f} over {len(ratios)} tasks, "
                         f"{statistics.median(timed) if timed else float('nan'):.2f} over the {len(timed)} "
                         "with at least 50 ms of solving in both loops")
    (out / "summary.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"bench/per_query.py: wrote {out}/results.csv and summary.md", file=sys.stderr)


if __name__ == "__main__":
    main()
