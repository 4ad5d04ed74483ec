#!/usr/bin/env python3
"""itp_bench.py OUT_DIR TIMEOUT CRAIG FILE...

Interpolation benchmark (bench/itp.sh runs it): every FILE (SMT-LIB scripts with
get-interpolants) is run by `CRAIG solve --itp-stats` once per interpolation system below;
craig's diagnostics give the seconds of every check-sat and get-interpolants (proof mining
and interpolation) and the sizes of the interpolants. Every binary query (two partitions) is
also given to cvc5 as `(get-interpolant I (not B))` over the assertions of A, with the same
time limit (cvc5 computes interpolants by syntax-guided synthesis; its answers are not checked
here, only timed). Writes OUT_DIR/results.csv, OUT_DIR/cvc5.csv and OUT_DIR/summary.md.
"""
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "smt"))
from itp_z3 import Script, parse_all, read_tree, show  # noqa: E402

SYSTEMS = [
    ("mcmillan", "farkas", "strong"),
    ("pudlak", "farkas", "strong"),
    ("mcmillan-prime", "farkas", "strong"),
    ("mcmillan", "dual-farkas", "weak"),
    ("mcmillan", "decomposed-farkas", "strong"),
    ("mcmillan", "flexible", "strong"),
]


def run_craig(craig, path, system, timeout):
    b, l, e = system
    t0 = time.time()
    try:
        r = subprocess.run([craig, "solve", "--itp-stats", "--timeout", str(timeout), "--itp-bool", b,
                            "--itp-lra", l, "--itp-euf", e, path], capture_output=True, text=True,
                           timeout=timeout + 20)
        out, err, rc = r.stdout, r.stderr, r.returncode
    except subprocess.TimeoutExpired:
        out, err, rc = "", "", 124
    wall = time.time() - t0
    solve = sum(float(x) for x in re.findall(r"^; check-sat seconds (\S+)", err, re.M))
    itps = []
    for line in re.findall(r"^; get-interpolants seconds .*$", err, re.M):
        secs = float(line.split()[3])
        sizes = [tuple(int(x) for x in re.findall(r"\d+", part)) for part in line.split("|")[1:]]
        itps.append((secs, sizes))
    unsupported = len(re.findall(r"unsupported: no interpolants|could not be certified", err))
    return rc, wall, solve, itps, unsupported


def binary_queries(path):
    """(prelude, A formulas, B formulas) of every two-partition get-interpolants."""
    cmds = parse_all(open(path, encoding="utf-8", errors="replace").read())
    script, queries = Script(), []
    for cmd in cmds:
        if isinstance(cmd, list) and cmd and cmd[0] == "get-interpolants":
            spec = []
            read_tree(cmd[1:], spec)
            if len(spec) == 2:
                names_a = set(spec[0][1])
                a = [t for t, n, _ in script.live("asserts") if n in names_a]
                b = [t for t, n, _ in script.live("asserts") if n not in names_a]
                queries.append((list(script.live("decls")), a, b))
        if isinstance(cmd, list):
            script.command(cmd)
    return queries


def run_cvc5(prelude, a, b, timeout):
    with tempfile.NamedTemporaryFile("w", suffix=".smt2", delete=False) as f:
        f.write("(set-logic ALL)\n(set-option :produce-interpolants true)\n" + "\n".join(prelude) + "\n")
        for t in a:
            f.write("(assert %s)\n" % t)
        f.write("(get-interpolant I (not (and true %s)))\n" % " ".join(b))
        path = f.name
    t0 = time.time()
    try:
        r = subprocess.run(["cvc5", "--tlimit=%d" % (timeout * 1000), path], capture_output=True,
                           text=True, timeout=timeout + 20)
        out, err = r.stdout.strip(), r.stderr.lower()
        if out.startswith("(define-fun I"):
            status = "solved"
        elif "interrupted" in err or "timeout" in err:
            status = "timeout"
        else:
            status = "error" if r.returncode != 0 else "other"
    except subprocess.TimeoutExpired:
        status = "timeout"
    finally:
        os.unlink(path)
    return status, time.time() - t0


def main():
    out_dir, timeout, craig, files = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    rows = []
    for path in files:
        for system in SYSTEMS:
            rc, wall, solve, itps, unsup = run_craig(craig, path, system, timeout)
            for k, (secs, sizes) in enumerate(itps):
                rows.append(dict(file=os.path.basename(path), system="/".join(system), query=k, rc=rc,
                                 solve_s=solve, itp_s=secs,
                                 nodes=sum(s[0] for s in sizes), atoms=sum(s[1] for s in sizes),
                                 symbols=sum(s[2] for s in sizes), interpolants=len(sizes)))
            if unsup:
                rows.append(dict(file=os.path.basename(path), system="/".join(system), query="unsupported",
                                 rc=rc, solve_s=solve, itp_s="", nodes="", atoms="", symbols="",
                                 interpolants=unsup))
    with open(os.path.join(out_dir, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["file", "system", "query", "rc", "solve_s", "itp_s", "nodes",
                                          "atoms", "symbols", "interpolants"])
        w.writeheader()
        w.writerows(rows)
    cvc = []
    if shutil.which("cvc5"):
        for path in files:
            for k, (prelude, a, b) in enumerate(binary_queries(path)):
                status, secs = run_cvc5(prelude, a, b, timeout)
                cvc.append(dict(file=os.path.basename(path), query=k, status=status, seconds=secs))
    with open(os.path.join(out_dir, "cvc5.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["file", "query", "status", "seconds"])
        w.writeheader()
        w.writerows(cvc)

    lines = ["# Interpolation benchmark (%s, timeout %d s, %d files)" % (time.strftime("%Y-%m-%d"), timeout, len(files)),
             "", "| system | get-interpolants answered | unsupported | solve s | interpolation s | itp/solve | "
             "interpolants | mean DAG nodes | mean atoms |", "|---|---|---|---|---|---|---|---|---|"]
    for system in SYSTEMS:
        name = "/".join(system)
        ok = [r for r in rows if r["system"] == name and r["query"] != "unsupported"]
        uns = sum(r["interpolants"] for r in rows if r["system"] == name and r["query"] == "unsupported")
        solve = {}
        for r in ok:
            solve[r["file"]] = r["solve_s"]
        s_solve, s_itp = sum(solve.values()), sum(r["itp_s"] for r in ok)
        n_itps = sum(r["interpolants"] for r in ok)
        lines.append("| %s | %d | %d | %.3f | %.3f | %.2f | %d | %.1f | %.1f |" % (
            name, len(ok), uns, s_solve, s_itp, s_itp / s_solve if s_solve else 0, n_itps,
            sum(r["nodes"] for r in ok) / n_itps if n_itps else 0, sum(r["atoms"] for r in ok) / n_itps if n_itps else 0))
    if cvc:
        solved = [c for c in cvc if c["status"] == "solved"]
        base = [r for r in rows if r["system"] == "mcmillan/farkas/strong" and r["query"] != "unsupported"]
        lines += ["", "cvc5 `get-interpolant` on the %d binary queries: %d solved in %.1f s (timeouts: %d, errors or other: %d); "
                  "craig (mcmillan/farkas) answers all get-interpolants of these files in %.2f s of interpolation "
                  "(plus %.2f s of solving)." % (
                      len(cvc), len(solved), sum(c["seconds"] for c in solved),
                      sum(1 for c in cvc if c["status"] == "timeout"), sum(1 for c in cvc if c["status"] in ("other", "error")),
                      sum(r["itp_s"] for r in base), sum({r["file"]: r["solve_s"] for r in base}.values()))]
    lines += ["", "Sizes are summed over the interpolants of a query; interpolation time includes proof mining."]
    with open(os.path.join(out_dir, "summary.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
