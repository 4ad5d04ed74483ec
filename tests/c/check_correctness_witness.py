#!/usr/bin/env python3
"""Checks the correctness witnesses of `craig verify --engine impact` on one program.

    check_correctness_witness.py CRAIG PROGRAM.c [BOUND] [-- EXTRA CRAIG ARGS]

EXTRA CRAIG ARGS may name another engine (`--engine whale`: its contracts are location
invariants at function entries and return statements).

1. Structure: the YAML 2.0 witness (read line by line: python3-yaml is not needed) has
   one invariant_set entry with the required metadata, the program's SHA-256, and
   loop_invariant entries whose location is a `while`/`for` keyword of the program, and
   location_invariant entries at a statement (contracts: a `return` or a function's first
   statement); the
   GraphML witness is well-formed XML (xml.etree) of witness-type correctness_witness with
   the same hash, every invariant node has invariant.scope, every edge from the entry
   node has startline and control, and its invariants are among the YAML ones.
2. Semantics (independent of the engine): every loop invariant is asserted at its loop head
   in a copy of the program (the condition c becomes `__witness_check(INV) && (c)`, which
   calls reach_error when INV is false), every location invariant before its statement
   (`return e;` becomes `{ __witness_check(INV); return e; }`), and
   `craig verify --engine bmc --bound BOUND` must find no violation (UNKNOWN at the bound or
   the recursion depth counts as none found); asserting the negation of the first invariant
   must give FALSE (so the instrumentation is reached and the check can fail).
Exit status 0 when all holds; the first problem is printed.
"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

GRAPHML = "{http://graphml.graphdrawing.org/xmlns}"


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr


def yaml_unquote(s):
    if not (s.startswith('"') and s.endswith('"')):
        fail("not a double-quoted YAML scalar: " + s)
    s = s[1:-1]
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\":
            if s[i + 1] == "x":
                out.append(chr(int(s[i + 2:i + 4], 16)))
                i += 4
                continue
            out.append(s[i + 1])
            i += 2
            continue
        out.append(s[i])
        i += 1
    return "".join(out)


def read_yaml(path, program, digest):
    lines = open(path).read().splitlines()
    if not lines or lines[0] != '- entry_type: "invariant_set"':
        fail("first line is not an invariant_set entry: %r" % lines[:1])
    text = "\n".join(lines)
    for key in ('format_version: "2.0"', 'language: "C"', "input_files:", "input_file_hashes:",
                "specification:", "producer:", "creation_time:", "content:"):
        if key not in text:
            fail("YAML witness lacks " + key)
    if not re.search(r'uuid: "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"', text):
        fail("no version-4 uuid")
    if not re.search(r'data_model: "(ILP32|LP64)"', text):
        fail("no data_model ILP32/LP64")
    if '%s: "%s"' % (quote(program), digest) not in text:
        fail("input_file_hashes does not give the program's SHA-256 " + digest)
    invs, cur = [], None
    for ln in lines:
        s = ln.strip()
        if s == "- invariant:":
            cur = {}
            invs.append(cur)
        elif cur is not None and ":" in s:
            k, v = s.split(":", 1)
            cur[k] = v.strip()
    for inv in invs:
        for k in ("type", "file_name", "line", "column", "function", "value", "format"):
            if k not in inv:
                fail("invariant without " + k + ": " + repr(inv))
        inv["type"] = yaml_unquote(inv["type"])
        if inv["type"] not in ("loop_invariant", "location_invariant") or \
                yaml_unquote(inv["format"]) != "c_expression":
            fail("unexpected type/format " + repr(inv))
        if yaml_unquote(inv["file_name"]) != program:
            fail("file_name is not the program")
        inv["line"], inv["column"] = int(inv["line"]), int(inv["column"])
        inv["value"] = yaml_unquote(inv["value"])
    return invs


def quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def check_graphml(path, digest, yaml_values):
    root = ET.parse(path).getroot()
    graph = root.find(GRAPHML + "graph")
    data = {d.get("key"): d.text for d in graph.findall(GRAPHML + "data")}
    if data.get("witness-type") != "correctness_witness":
        fail("GraphML witness-type is %r" % data.get("witness-type"))
    if data.get("programhash") != digest:
        fail("GraphML programhash differs from the program's SHA-256")
    for k in ("producer", "specification", "programfile", "architecture", "creationtime", "sourcecodelang"):
        if not data.get(k):
            fail("GraphML lacks graph data " + k)
    nodes = {}
    for n in graph.findall(GRAPHML + "node"):
        nodes[n.get("id")] = {d.get("key"): d.text for d in n.findall(GRAPHML + "data")}
    entries = [i for i, d in nodes.items() if d.get("entry") == "true"]
    if len(entries) != 1:
        fail("GraphML needs exactly one entry node, has %d" % len(entries))
    for i, d in nodes.items():
        if "invariant" in d:
            if not d.get("invariant.scope"):
                fail("invariant node %s without invariant.scope" % i)
            if d["invariant"] not in yaml_values:
                fail("GraphML invariant %r is not a YAML loop invariant" % d["invariant"])
    for e in graph.findall(GRAPHML + "edge"):
        d = {x.get("key"): x.text for x in e.findall(GRAPHML + "data")}
        if e.get("source") not in nodes or e.get("target") not in nodes:
            fail("edge to an unknown node")
        if e.get("source") == entries[0] and ("startline" not in d or d.get("control") not in
                                               ("condition-true", "condition-false")):
            fail("edge from the entry node without startline/control")


def find_condition(src, line, col):
    """Offsets (start, end) of the loop condition of the while/for keyword at line:col
    (1-based); for a `for` without condition start == end."""
    lines = src.split("\n")
    pos = sum(len(x) + 1 for x in lines[:line - 1]) + col - 1
    m = re.compile(r"(while|for)\b").match(src, pos)
    if not m:
        fail("no while/for keyword at %d:%d" % (line, col))
    i = src.index("(", m.end())
    depth, j, semis = 0, i, []
    while True:
        c = src[j]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                break
        elif c == ";" and depth == 1:
            semis.append(j)
        j += 1
    if m.group(1) == "while":
        return i + 1, j
    if len(semis) != 2:
        fail("cannot split the for header at %d:%d" % (line, col))
    return semis[0] + 1, semis[1]


PRELUDE = ("extern void reach_error(void); "
           "static int __witness_check(int ok) { if (!ok) reach_error(); return 1; }\n")


def offset(src, line, col):
    lines = src.split("\n")
    return sum(len(x) + 1 for x in lines[:line - 1]) + col - 1


def statement_end(src, pos):
    """Offset just after the `;` ending the simple statement that starts at pos."""
    depth, j = 0, pos
    while True:
        c = src[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == ";" and depth == 0:
            return j + 1
        j += 1


def instrument(src, invs):
    edits = []
    for inv in invs:
        check = "__witness_check(%s)" % inv["value"]
        if inv["type"] == "location_invariant":
            pos = offset(src, inv["line"], inv["column"])
            if re.compile(r"return\b").match(src, pos):
                end = statement_end(src, pos)
                edits.append((pos, end, "{ " + check + "; " + src[pos:end] + " }"))
            else:
                edits.append((pos, pos, check + "; "))
            continue
        a, b = find_condition(src, inv["line"], inv["column"])
        cond = src[a:b].strip()
        edits.append((a, b, " " + check + (" && (" + cond + ")" if cond else "")))
    for a, b, text in sorted(edits, reverse=True):
        src = src[:a] + text + src[b:]
    return PRELUDE + src


def bmc(craig, src, bound, workdir, name):
    path = os.path.join(workdir, name)
    with open(path, "w") as f:
        f.write(src)
    rc, out = run([craig, "verify", "--engine", "bmc", "--bound", str(bound), "--timeout", "20", path])
    m = re.search(r"^Verification result: (\w+)", out, re.M)
    return rc, (m.group(1) if m else "none"), out


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    craig, program = args[0], args[1]
    bound = int(args[2]) if len(args) > 2 else 12
    digest = hashlib.sha256(open(program, "rb").read()).hexdigest()
    with tempfile.TemporaryDirectory() as tmp:
        yml, gml = os.path.join(tmp, "w.yml"), os.path.join(tmp, "w.graphml")
        for w in (yml, gml):
            engine = [] if "--engine" in extra else ["--engine", "impact"]
            rc, out = run([craig, "verify"] + engine + ["--timeout", "20", "--witness", w] + extra + [program])
            if rc != 0 or "Verification result: TRUE" not in out:
                fail("craig did not answer TRUE (exit %d):\n%s" % (rc, out))
            if not os.path.exists(w):
                fail("no witness written for TRUE")
        invs = read_yaml(yml, program, digest)
        check_graphml(gml, digest, {i["value"] for i in invs if i["type"] == "loop_invariant"})
        if not invs:
            # Nothing to assert: the program has no loop, or craig says why each was left out.
            left = re.findall(r"^  left out .*$", out, re.M)
            if re.search(r"\b(while|for|do)\b", open(program).read()) and not left:
                fail("no loop invariant and no loop left out:\n" + out)
            print("ok %s: no loop invariant%s" % (os.path.basename(program),
                                                  "".join("\n  " + x.strip() for x in left)))
            return
        src = open(program).read()
        rc, verdict, out = bmc(craig, instrument(src, invs), bound, tmp, "checked.c")
        if rc != 0 or verdict == "FALSE" or verdict == "none":
            fail("bmc refutes or cannot run the asserted invariants (exit %d):\n%s" % (rc, out))
        held = verdict
        wrong = [dict(invs[0], value="!(%s)" % invs[0]["value"])] + invs[1:]
        rc, verdict, out = bmc(craig, instrument(src, wrong), bound, tmp, "negated.c")
        if verdict != "FALSE":
            fail("the negated invariant is not refuted (%s):\n%s" % (verdict, out))
        loops = sum(1 for i in invs if i["type"] == "loop_invariant")
        print("ok %s: %d loop and %d location invariant(s) asserted, bmc bound %d: %s; negation refuted"
              % (os.path.basename(program), loops, len(invs) - loops, bound, held))


if __name__ == "__main__":
    main()
