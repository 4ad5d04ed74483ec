#!/usr/bin/env python3
# bench/lib/bench_rows.py BENCH_DIR CONFIG TOP TIMEOUT WALL
#
# The rows of one configuration of a `craig bench run` results folder in the columns of the
# SV-COMP scripts (bench/svcomp.sh, lib/svcomp_run.sh's sv_one_task):
#   task,expected,result,reason,cpu,wall,exit,class,witness
# from BENCH_DIR/results.csv (config,task,repetition,tool,status,category,expected,cputime,
# walltime,memory,exit_code,signal,termination,score,log,witness) and each run's output: its last
# non-empty line, craig's JSON verdict, gives result, reason and the unsupported construct.
# TOP: the task names are shown below this folder name (empty: below the folder the tasks have in
# common); TIMEOUT and WALL: the limits, for the reasons of timeouts. Rows sorted by task.
import csv, json, os, sys
bench, config, top, timeout, wall = sys.argv[1:6]
rows = [r for r in csv.DictReader(open(os.path.join(bench, "results.csv"), newline="")) if r["config"] == config]
names = [r["task"] for r in rows]
if top:  # a directory: the task's path below it
    prefix = top + "/"
else:  # a suite: below the folder the tasks have in common
    prefix = os.path.commonpath(names) + "/" if len(names) > 1 else os.path.dirname(names[0]) + "/" if names else ""
def field(text):  # one unquoted CSV field: no commas, quotes or line breaks
    return text.translate(str.maketrans("\n\r,\"", "  ;'"))
def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""
def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else ""
print("task,expected,result,reason,cpu,wall,exit,class,witness")
out = []
for r in rows:
    run = os.path.join(bench, os.path.dirname(r["log"]))
    stdout, stderr = read(os.path.join(run, "output.log")), read(os.path.join(run, "stderr.log"))
    verdict = {}
    line = last_line(stdout)
    if line.startswith("{") and line.endswith("}"):
        try:
            verdict = json.loads(line)
        except ValueError:
            pass
    result = verdict.get("result") or "-"
    reason, construct = verdict.get("reason", ""), verdict.get("unsupported", "")
    status, category, code, sig = r["status"], r["category"], int(r["exit_code"]), int(r["signal"])
    expected = r["expected"] or "-"
    said = {"true": "TRUE", "false(unreach-call)": "FALSE"}.get(status)
    if status in ("TIMEOUT", "OUT OF MEMORY"):
        cls = "timeout"
        if status == "OUT OF MEMORY": reason = reason or "memory limit"
        elif r["termination"] == "cputime": reason = "CPU limit (%s s)" % timeout
        elif r["termination"] == "walltime": reason = "wall-clock limit (%s s)" % wall
        elif not reason or code == 0: reason = "over the CPU limit (%s s measured)" % r["cputime"]
    elif code == 4 and sig == 0:
        cls = "unsupported"
        if not construct:  # craig's "unsupported: FILE:LINE:COL: construct" line
            found = [l.split("unsupported: ", 1)[1] for l in (stdout + "\n" + stderr).splitlines() if "unsupported: " in l]
            construct = found[-1].rstrip(")") if found else ""
        reason = construct or reason or "unsupported (no construct given)"
    elif said and category == "missing":
        cls = "unchecked"
    elif said:
        cls = ("correct-" + expected) if category == "correct" else "wrong-" + said.lower()
    elif status == "unknown":
        cls = "unknown"
    else:
        cls = "error"
        reason = "%s: %s" % (status, reason or last_line(stderr) or last_line(stdout))
    witness = r["witness"] and os.path.getsize(os.path.join(bench, r["witness"])) > 0
    task = r["task"][len(prefix):] if r["task"].startswith(prefix) else r["task"]
    out.append("%s,%s,%s,%s,%.3f,%.3f,%d,%s,%s" % (field(task), expected, result, field(reason), float(r["cputime"]),
                                                  float(r["walltime"]), 128 + sig if sig else code, cls,
                                                  "yes" if witness else "no"))
print("\n".join(sorted(out, key=lambda l: l.split(",", 1)[0])) if out else "", end="\n" if out else "")
