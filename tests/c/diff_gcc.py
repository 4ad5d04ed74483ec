#!/usr/bin/env python3
"""Differential test of `craig verify` against gcc on random C programs (issue 15).

    diff_gcc.py CRAIG N FIRST_SEED [--engines bmc,impact] [--craig-args ARGS] [--timeout S] [--jobs J]
                [--gen PATH] [--gen-args ARGS] [--size K] [--max-unknown-share X] [--save DIR]
                [--summary FILE]

Seeds FIRST_SEED .. FIRST_SEED+N-1 are turned into programs by gen_c (tests/tools/gen_c.cpp;
--gen, else $GEN_C, else tests/gen_c beside CRAIG; --gen-args=--lib passes --lib on to it).
Ground truth: the program is compiled by gcc with UBSan and the harness diff_gcc_harness.c,
which runs it on every vector of the input domain listed in its `// inputs:` line; it is FALSE
iff some vector reaches reach_error. What
the program prints (gen_c --lib: printf, puts, putchar) goes to /dev/null in the harness.
gcc runs with -Werror=format, so a printf whose arguments do not match its format is a
generator bug (reported), not a program with undefined behaviour that goes unseen.
Programs with undefined behaviour (or a hang) on some vector are discarded and counted.
Known gap: gcc folds some expressions before UBSan instruments them (seed 2157: `b || (x0 -
2147483647)` becomes a comparison), so a little UB goes unseen; craig's replay then refuses the
counterexample (UNKNOWN "signed overflow"), which is right and not counted as a finding.

Each engine runs `craig verify --json --timeout S --engine E --data-model LP64 ARGS` (gcc's x86-64
model; ARGS split at blanks, e.g. "--precision bv"). A finding is: TRUE where gcc reaches the error; FALSE where it never does; an exit
code outside {0, 4, 5} or a signal; sanitizer output on stderr; no verdict; a verdict other
than UNKNOWN later than S + 5 s; still running at S + 10 s (killed). Programs with findings
are saved (with craig's output) under --save (default diff_gcc-failures/), each with the
command that reproduces it. The run fails on any finding, and also when more than
--max-unknown-share of craig's answers are UNKNOWN, so that a craig answering UNKNOWN
everywhere cannot pass. The last line reads `N passed, M failed`, N counting the programs
checked (not discarded) without a finding.
Prints `skipped: ...` and exits 77 (ctest's SKIP_RETURN_CODE) when gcc or its UBSan runtime is missing.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "diff_gcc_harness.c")
GCC_FLAGS = ["-std=gnu11", "-O0", "-fsanitize=undefined", "-fno-sanitize-recover=all", "-Werror=format"]
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "runtime error:", "ERROR: LeakSanitizer")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("craig")
    p.add_argument("n", type=int)
    p.add_argument("first_seed", type=int)
    p.add_argument("--engines", default="bmc,impact")
    p.add_argument("--craig-args", default="", help="more arguments of every craig run, split at blanks")
    p.add_argument("--timeout", type=int, default=10)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--gen", default=None)
    p.add_argument("--gen-args", default="", help="more arguments of gen_c, split at blanks (written --gen-args=--lib)")
    p.add_argument("--size", type=int, default=None, help="gen_c --size (default: from the seed)")
    p.add_argument("--max-unknown-share", type=float, default=0.2)
    p.add_argument("--save", default="diff_gcc-failures")
    p.add_argument("--summary", default=None, help="also write the report to this file")
    p.add_argument("--log", default=None,
                   help="write one tab-separated line per program and engine: seed, gcc, engine, "
                        "verdict, seconds, finding, reason")
    return p.parse_args()


def ground_truth(program, workdir):
    """'TRUE' / 'FALSE', or ('discard', why), or ('error', message) for a generator bug."""
    with open(program) as f:
        text = f.read()
    m = re.search(r"^// inputs: (.*)$", text, re.M)
    if not m:
        return "error", "no '// inputs:' line"
    bounds = []
    for item in m.group(1).split(";"):
        lo, hi = item.split()[1].split("..")
        bounds += [lo, hi]
    binary = os.path.join(workdir, "truth")
    cc = subprocess.run(["gcc", *GCC_FLAGS, '-DPROGRAM="%s"' % program, HARNESS, "-o", binary],
                        capture_output=True, text=True)
    if cc.returncode != 0:
        return "error", "gcc rejects the program:\n" + cc.stderr[-2000:]
    # gcc folds constant subexpressions such as 5 + 2147483647 before UBSan instruments them;
    # only its -Woverflow warning tells (seed 1925: craig's replay found that overflow).
    if "integer overflow in expression" in cc.stderr:
        return "discard", "ub"
    run = subprocess.run([binary, *bounds], capture_output=True, text=True, timeout=600)
    os.remove(binary)  # long runs would otherwise keep one binary per program
    m = re.search(r"vectors (\d+) reached (\d+) ub (\d+) hang (\d+) other (\d+)", run.stdout)
    if not m:
        return "error", "harness output: " + run.stdout + run.stderr[-1000:]
    vectors, reached, ub, hang, other = map(int, m.groups())
    if ub:
        return "discard", "ub"
    if hang:
        return "discard", "hang"
    if other:
        return "error", "harness: %d vectors ended abnormally" % other
    return "FALSE" if reached else "TRUE"


def reason_class(reason):
    """UNKNOWN reasons without numbers and locations, e.g. 'timeout', 'bound N'."""
    reason = re.sub(r"\S+:\d+:\d+", "LOC", reason or "")
    return re.sub(r"\d+", "N", reason).strip() or "-"


def run_craig(craig, engine, timeout, program, extra=()):
    cmd = [craig, "verify", "--json", "--timeout", str(timeout), "--engine", engine,
           "--data-model", "LP64", *extra, program]
    start = time.monotonic()
    # A session of its own, so that the hard kill reaches any children too.
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout + 10)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        return {"cmd": cmd, "verdict": None, "finding": "killed after %d s" % (timeout + 10),
                "out": out, "err": err, "time": time.monotonic() - start}
    elapsed = time.monotonic() - start
    verdict, reason = None, ""
    for line in reversed(out.splitlines()):
        if line.startswith("{"):
            try:
                j = json.loads(line)
                verdict, reason = j.get("result"), j.get("reason", "")
            except ValueError:
                pass
            break
    finding = None
    if rc < 0:
        finding = "signal %d" % -rc
    elif rc not in (0, 4, 5):
        finding = "exit code %d" % rc
    elif any(mark in err for mark in SANITIZER_MARKS):
        finding = "sanitizer report"
    elif verdict not in ("TRUE", "FALSE", "UNKNOWN"):
        finding = "no verdict"
    elif verdict != "UNKNOWN" and elapsed > timeout + 5:
        finding = "%s after %.1f s" % (verdict, elapsed)
    return {"cmd": cmd, "verdict": verdict, "reason": reason, "finding": finding,
            "out": out, "err": err, "time": elapsed}


def check_seed(args, gen, seed, engines, tmproot):
    """One program: ground truth, then every engine. Returns a result record."""
    workdir = tempfile.mkdtemp(dir=tmproot)
    program = os.path.join(workdir, "gen_c_%d.c" % seed)
    with open(program, "w") as f:
        size = ["--size", str(args.size)] if args.size else []
        g = subprocess.run([gen, str(seed), *size, *args.gen_args.split()], stdout=f, stderr=subprocess.PIPE, text=True)
    rec = {"seed": seed, "program": program, "runs": {}, "findings": []}
    if g.returncode != 0:
        rec["findings"].append(("gen", "gen_c failed: " + g.stderr))
        return rec
    truth = ground_truth(program, workdir)
    if isinstance(truth, tuple):
        if truth[0] == "discard":
            rec["discard"] = truth[1]
        else:
            rec["findings"].append(("gcc", "generator: " + truth[1]))
        return rec
    rec["truth"] = truth
    for e in engines:
        r = run_craig(args.craig, e, args.timeout, program, args.craig_args.split())
        rec["runs"][e] = r
        if r["finding"] is None and r["verdict"] in ("TRUE", "FALSE") and r["verdict"] != truth:
            r["finding"] = "wrong verdict %s, gcc says %s" % (r["verdict"], truth)
        if r["finding"]:
            rec["findings"].append((e, r["finding"]))
    return rec


def save_failure(args, rec):
    """Copy a failing program and craig's output to the save folder; returns repro lines."""
    os.makedirs(args.save, exist_ok=True)
    dest = os.path.join(args.save, os.path.basename(rec["program"]))
    shutil.copy(rec["program"], dest)
    lines = []
    for engine, what in rec["findings"]:
        r = rec["runs"].get(engine)
        if r:
            log = dest[:-2] + ".%s.log" % engine
            with open(log, "w") as f:
                f.write("$ %s\n# %s\n--- stdout\n%s--- stderr\n%s" %
                        (" ".join(r["cmd"]), what, r["out"], r["err"]))
            cmd = " ".join(r["cmd"][:-1] + [dest])
            lines.append("  seed %d %s: %s (gcc: %s)\n    reproduce: %s" %
                         (rec["seed"], engine, what, rec.get("truth"), cmd))
        else:
            lines.append("  seed %d: %s\n    program: %s" % (rec["seed"], what, dest))
    return lines


def main():
    args = parse_args()
    engines = [e for e in args.engines.split(",") if e]
    if shutil.which("gcc") is None:
        print("skipped: gcc not found")
        return 77
    gen = args.gen or os.environ.get("GEN_C") or os.path.join(os.path.dirname(args.craig), "tests", "gen_c")
    if not os.access(gen, os.X_OK):
        print("diff_gcc: generator %s not found (--gen)" % gen, file=sys.stderr)
        return 2
    tmproot = tempfile.mkdtemp(prefix="diff_gcc.")
    try:
        probe = os.path.join(tmproot, "probe.c")
        with open(probe, "w") as f:
            f.write("int main(void) { return 0; }\n")
        if subprocess.run(["gcc", *GCC_FLAGS, '-DPROGRAM="%s"' % probe, HARNESS, "-o", probe + ".bin"],
                          capture_output=True).returncode != 0:
            print("skipped: gcc cannot build with -fsanitize=undefined (libubsan missing?)")
            return 77
        return run(args, gen, engines, tmproot)
    finally:
        shutil.rmtree(tmproot, ignore_errors=True)


def run(args, gen, engines, tmproot):
    start = time.monotonic()
    seeds = range(args.first_seed, args.first_seed + args.n)
    verdicts = {e: collections.Counter() for e in engines}
    unknown = {e: collections.Counter() for e in engines}
    times = {e: 0.0 for e in engines}
    truths, discards = collections.Counter(), collections.Counter()
    passed = failed = 0
    report = []
    log = open(args.log, "w") if args.log else None
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(check_seed, args, gen, s, engines, tmproot) for s in seeds]
        for done, fut in enumerate(futures, 1):  # in seed order, so the output is stable
            rec = fut.result()
            if done % 100 == 0:
                print("diff_gcc: %d/%d programs, %d failed, %.0f s" %
                      (done, len(futures), failed, time.monotonic() - start), file=sys.stderr, flush=True)
            if log:
                if not rec["runs"]:
                    log.write("%d\t%s\t-\t-\t-\t%s\t-\n" % (rec["seed"], rec.get("truth", rec.get("discard", "error")),
                                                          "; ".join(w for _, w in rec["findings"]) or "-"))
                for e, r in rec["runs"].items():
                    log.write("%d\t%s\t%s\t%s\t%.2f\t%s\t%s\n" % (rec["seed"], rec["truth"], e, r["verdict"],
                                                                r["time"], r["finding"] or "-", r.get("reason", "")))
                log.flush()
            if "discard" in rec:
                discards[rec["discard"]] += 1
                continue
            if "truth" in rec:
                truths[rec["truth"]] += 1
            for e, r in rec["runs"].items():
                verdicts[e][r["verdict"] or "none"] += 1
                times[e] += r["time"]
                if r["verdict"] == "UNKNOWN":
                    unknown[e][reason_class(r["reason"])] += 1
            if rec["findings"]:
                failed += 1
                lines = save_failure(args, rec)
                for line in lines:
                    print("FAIL" + line[1:], flush=True)
                report += lines
            else:
                passed += 1
    if log:
        log.close()
    wall = time.monotonic() - start
    out = ["seeds %d..%d: %d programs, %.0f s wall, craig --timeout %d, %d jobs%s" %
           (seeds.start, seeds.stop - 1, len(seeds), wall, args.timeout, args.jobs,
            ", gen_c " + args.gen_args if args.gen_args else ""),
           "gcc ground truth: TRUE %d, FALSE %d; discarded %d (ub %d, hang %d)" %
           (truths["TRUE"], truths["FALSE"], sum(discards.values()), discards["ub"], discards["hang"])]
    answers = unknowns = 0
    for e in engines:
        v = verdicts[e]
        out.append("%-7s TRUE %d, FALSE %d, UNKNOWN %d, other %d; craig time %.0f s" %
                   (e + ":", v["TRUE"], v["FALSE"], v["UNKNOWN"],
                    sum(v.values()) - v["TRUE"] - v["FALSE"] - v["UNKNOWN"], times[e]))
        for reason, k in unknown[e].most_common():
            out.append("          UNKNOWN %d: %s" % (k, reason))
        answers += sum(v.values())
        unknowns += v["UNKNOWN"]
    share = unknowns / answers if answers else 0.0
    too_unknown = answers > 0 and share > args.max_unknown_share
    out.append("UNKNOWN share %.3f (limit %.3f)%s" %
               (share, args.max_unknown_share, ": TOO HIGH" if too_unknown else ""))
    if report:
        out.append("findings (programs kept in %s):" % os.path.abspath(args.save))
        out += report
    if answers == 0 and failed == 0:
        out.append("no program was checked (all discarded?)")
        too_unknown = True
    out.append("%d passed, %d failed" % (passed, failed))
    print("\n".join(out))
    if args.summary:
        with open(args.summary, "w") as f:
            f.write("\n".join(out) + "\n")
    return 1 if failed or too_unknown else 0


if __name__ == "__main__":
    sys.exit(main())
