#!/usr/bin/env bash
# A wrong `craig verify` for c.diff_gcc.checker_fails: every program is TRUE, at once.
# tests/c/diff_gcc.py must report the FALSE programs among its seeds as failures.
echo "Verification result: TRUE"
echo '{"result":"TRUE","reason":"","unsupported":"","engine":"fake","time":0}'
