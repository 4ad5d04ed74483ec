#!/usr/bin/env python3
# run.py CRAIG LIMIT OUT.csv FILE... : `craig chc` on every file under every config below, each run
# under RLIMIT_CPU = LIMIT s and nice 5, two runs at once; CPU time from wait4; first output line = answer.
# Resumable: rows already in OUT.csv are not run again.
import os, sys, resource, time, csv, concurrent.futures as cf
craig, limit, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
files = sys.argv[4:]
configs = {
 "impact": ["--engine", "impact"],
 "impact-dec": ["--engine", "impact", "--itp-lra", "decomposed-farkas"],
 "impact-mp": ["--engine", "impact", "--itp-bool", "mcmillan-prime", "--itp-lra", "dual-farkas"],
 "pdr": ["--engine", "pdr"],
 "kind": ["--engine", "kind"],
 "tpa": ["--engine", "tpa"],
}
done = set()
if os.path.exists(out):
    for r in csv.DictReader(open(out)): done.add((r["config"], r["task"]))
jobs = [(c, f) for f in files for c in configs if (c, f) not in done]
new = not os.path.exists(out)
fh = open(out, "a", newline="")
w = csv.writer(fh)
if new: w.writerow(["config", "task", "answer", "class", "cpu", "wall"])
def run_measured(c, f):
    def lim():
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 2))
        os.nice(5)
    t0 = time.time()
    pid = os.fork()
    if pid == 0:
        lim()
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 2)
        outfd = os.open(f"/tmp/sel.{os.getpid()}.out", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(outfd, 1)
        os.execv(craig, [craig, "chc"] + configs[c] + [f])
    _, status, ru = os.wait4(pid, 0)
    wall = time.time() - t0
    txt = open(f"/tmp/sel.{pid}.out", errors="replace").read()
    os.unlink(f"/tmp/sel.{pid}.out")
    first = (txt.split("\n") or [""])[0].strip()
    cpu = ru.ru_utime + ru.ru_stime
    return c, f, first, cpu, wall
with cf.ThreadPoolExecutor(2) as ex:
    futs = [ex.submit(run_measured, c, f) for c, f in jobs]
    for fu in cf.as_completed(futs):
        c, f, first, cpu, wall = fu.result()
        cls = ("correct-" + first) if first in ("sat", "unsat") else "unknown"
        w.writerow([c, f, first, cls, f"{cpu:.2f}", f"{wall:.2f}"])
        fh.flush()
