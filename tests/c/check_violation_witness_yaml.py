#!/usr/bin/env python3
"""Checks a YAML 2.0 violation witness of `craig verify` against its program.

    check_violation_witness_yaml.py WITNESS.yml PROGRAM.c

Reads the witness with python3-yaml (without it: exit 77, which tests/c/run_verify.sh reports as a
problem; ./run.sh test installs it) and
checks what the format 2.0 schema and its text require of craig's witnesses: a list with
one entry_type violation_sequence; metadata with format_version "2.0", uuid, creation_time,
producer name/version, task input_files [PROGRAM], input_file_hashes {PROGRAM: SHA-256},
specification, data_model ILP32/LP64, language C; content a list of segments, each a
list whose only element is a waypoint of action follow, the last one of type target and
no other. Every location must point where the format says, read in the program text:
 - function_return: the ')' after a call's arguments (a __VERIFIER_nondet_* or external function); constraint
   `\\result == CONSTANT`, format acsl_expression;
 - branching: the keyword if, while, for or switch, or the '?' of a conditional;
   constraint value true/false (switch: an integer constant or default), no format;
 - target: a reach_error call (or a failed assertion call); no constraint.
Exit status 0 when all holds; the first problem is printed.
"""
import hashlib
import re
import sys



def call_open(text, close):
    """The index of the '(' that matches the ')' at index close (0 when there is none)."""
    depth = 0
    for k in range(close, -1, -1):
        if text[k] == ")":
            depth += 1
        elif text[k] == "(":
            depth -= 1
            if depth == 0:
                return k
    return 0

def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        fail("usage: check_violation_witness_yaml.py WITNESS PROGRAM")
    witness, program = sys.argv[1], sys.argv[2]
    try:
        import yaml
    except ImportError:
        print("python3-yaml is not installed (./run.sh test installs it)")
        sys.exit(77)
    with open(witness, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    with open(program, "rb") as f:
        data = f.read()
    lines = data.decode("utf-8", "replace").split("\n")

    if not isinstance(doc, list) or len(doc) != 1:
        fail("the witness is not a list of one entry")
    entry = doc[0]
    if set(entry) != {"entry_type", "metadata", "content"}:
        fail("entry keys %s" % sorted(entry))
    if entry["entry_type"] != "violation_sequence":
        fail("entry_type %r" % entry["entry_type"])
    m = entry["metadata"]
    if m.get("format_version") != "2.0":
        fail("format_version %r" % m.get("format_version"))
    if not re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", str(m.get("uuid"))):
        fail("uuid %r" % m.get("uuid"))
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", str(m.get("creation_time"))):
        fail("creation_time %r" % m.get("creation_time"))
    if not m.get("producer", {}).get("name") or not m["producer"].get("version"):
        fail("producer %r" % m.get("producer"))
    task = m.get("task", {})
    if task.get("input_files") != [program]:
        fail("input_files %r" % task.get("input_files"))
    if task.get("input_file_hashes") != {program: hashlib.sha256(data).hexdigest()}:
        fail("input_file_hashes %r" % task.get("input_file_hashes"))
    if "reach_error" not in str(task.get("specification")):
        fail("specification %r" % task.get("specification"))
    if task.get("data_model") not in ("ILP32", "LP64") or task.get("language") != "C":
        fail("data_model / language %r / %r" % (task.get("data_model"), task.get("language")))

    content = entry["content"]
    if not isinstance(content, list) or not content:
        fail("content is not a non-empty list")
    for i, seg in enumerate(content):
        where = "segment %d" % (i + 1)
        if not isinstance(seg, dict) or list(seg) != ["segment"] or not isinstance(seg["segment"], list):
            fail(where + " is not a segment")
        if len(seg["segment"]) != 1 or list(seg["segment"][0]) != ["waypoint"]:
            fail(where + " does not hold exactly one waypoint")
        w = seg["segment"][0]["waypoint"]
        if w.get("action") != "follow":
            fail(where + ": action %r" % w.get("action"))
        last = i == len(content) - 1
        if (w.get("type") == "target") != last:
            fail(where + ": the target must be the last waypoint and only there")
        loc = w.get("location", {})
        if loc.get("file_name") != program or not loc.get("function"):
            fail(where + ": location %r" % loc)
        line, col = loc.get("line"), loc.get("column")
        if not isinstance(line, int) or not isinstance(col, int) or not 1 <= line <= len(lines):
            fail(where + ": line/column %r/%r" % (line, col))
        text = lines[line - 1]
        rest = text[col - 1:]
        c = w.get("constraint")
        t = w.get("type")
        if t == "function_return":
            # A nondet call, or a call of an external function (no body in the program).
            if not rest.startswith(")") or not re.search(r"[A-Za-z_]\w*\s*$", text[:call_open(text, col - 1)]):
                fail(where + ": %d:%d is not the ')' of a call: %r" % (line, col, text))
            if not c or c.get("format") != "acsl_expression" or \
                    not re.fullmatch(r"\\result == (-?\d+U?|\(-\d+LL - 1\))", str(c.get("value"))):
                fail(where + ": constraint %r" % c)
        elif t == "branching":
            if not re.match(r"(if|while|for|switch)\b|\?", rest):
                fail(where + ": %d:%d is not a branching keyword: %r" % (line, col, text))
            if not c or set(c) != {"value"}:
                fail(where + ": constraint %r" % c)
            ok = c["value"] in ("true", "false") if not rest.startswith("switch") else \
                re.fullmatch(r"-?\d+U?|default", str(c["value"]))
            if not ok:
                fail(where + ": branching value %r" % c["value"])
        elif t == "target":
            if c is not None:
                fail(where + ": a target has no constraint")
            if not re.match(r"(reach_error|__VERIFIER_error|__assert_fail|__VERIFIER_assert|assert)\s*\(", rest):
                fail(where + ": %d:%d is not the error call: %r" % (line, col, text))
        else:
            fail(where + ": type %r" % t)
    print("ok: %d waypoints" % len(content))


main()
