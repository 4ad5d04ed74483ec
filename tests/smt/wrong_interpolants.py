#!/usr/bin/env python3
"""wrong_interpolants.py ARGS... (with $REAL_CRAIG set)

A craig that lies, for itp_checker_fails.sh: runs `$REAL_CRAIG ARGS...` and negates the first
formula of every interpolant answer in its output (craig solve: each get-interpolants or
get-dag-interpolants answer; craig itp --all-systems: the first group of each query). The
checkers must report every such answer."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from itp_z3 import parse_all, show, tokenize  # noqa: E402


def negate_first(text):
    answer = parse_all(text)[0]
    return show([["not", answer[0]]] + answer[1:])


def main():
    r = subprocess.run([os.environ["REAL_CRAIG"]] + sys.argv[1:], capture_output=True, text=True)
    lines, out, i, armed = r.stdout.split("\n"), [], 0, sys.argv[1] != "itp"
    while i < len(lines):
        line = lines[i]
        if sys.argv[1] == "itp" and line.startswith("; [1] "):
            armed = True
        if not (armed and line.startswith("(") and not line.startswith("(error")):
            out.append(line)
            i += 1
            continue
        buf, depth = [], 0  # the answer's lines, up to its closing parenthesis
        while i < len(lines):
            buf.append(lines[i])
            depth += sum((t == "(") - (t == ")") for t in tokenize(lines[i]))
            i += 1
            if depth == 0:
                break
        out.append(negate_first("\n".join(buf)))
        armed = sys.argv[1] != "itp"
    sys.stdout.write("\n".join(out))
    sys.stderr.write(r.stderr)
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
