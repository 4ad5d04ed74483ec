#!/usr/bin/env bash
# model_query.sh SCRIPT OUTPUT OUTDIR
#
# Turns every model that a solver printed for SCRIPT (its standard output is in OUTPUT) into a
# stand-alone query OUTDIR/query_K.smt2 (K = 1, 2, ... in the order of the get-model commands)
# that is satisfiable exactly when the model satisfies the assertions active at that get-model:
#
#   the active declare-sort/define-sort commands,
#   one fresh constant per abstract value ((as @S_i S) in craig/cvc5 style, or a model's own
#     (declare-fun S!val!i () S) in z3 style), pairwise distinct per sort,
#   the model's define-funs,
#   the active declarations, definitions and assertions, minus the declarations of the symbols
#     that the model defines,
#   the assumptions of the last check-sat-assuming, and (check-sat).
#
# Responses are matched to commands in order: every command that answers (check-sat, get-*,
# echo, ...) takes one response, other commands take a "success" under :print-success, and an
# (error ...) response belongs to the command it follows.
#
# Prints one line per get-model: "K query", "K skipped (last answer was A)" or
# "K error: WHAT" (the get-model had no usable response). Exit status 0, or 2 on bad usage.
# Plain POSIX awk (Debian's mawk is enough): no python in the test dependencies.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: model_query.sh SCRIPT OUTPUT OUTDIR" >&2
  exit 2
fi
script=$1 output=$2 outdir=$3
mkdir -p "$outdir"

awk -v outdir="$outdir" '
# ---- tokenizer: one token array per input file (f = 1 script, 2 output) -------------------
# Tokens: "(" ")" strings, |quoted symbols| and atoms; comments dropped. A string or quoted
# symbol may span lines (state carried in instr/insym).
function addtok(f, t) { NT[f]++; TOK[f, NT[f]] = t }
function lex(f, line,    i, L, c, j, k) {
  L = length(line); i = 1
  if (instr[f] || insym[f]) {
    c = instr[f] ? "\"" : "|"
    while (i <= L) {
      k = substr(line, i, 1)
      if (k == c) {
        if (c == "\"" && substr(line, i + 1, 1) == "\"") { pend[f] = pend[f] "\"\""; i += 2; continue }
        pend[f] = pend[f] c; i++
        addtok(f, pend[f]); instr[f] = 0; insym[f] = 0; pend[f] = ""
        break
      }
      pend[f] = pend[f] k; i++
    }
    if (instr[f] || insym[f]) { pend[f] = pend[f] " "; return }
  }
  while (i <= L) {
    c = substr(line, i, 1)
    if (c == " " || c == "\t" || c == "\r") { i++; continue }
    if (c == ";") return
    if (c == "(" || c == ")") { addtok(f, c); i++; continue }
    if (c == "\"" || c == "|") {
      pend[f] = c; i++
      if (c == "\"") instr[f] = 1; else insym[f] = 1
      while (i <= L) {
        k = substr(line, i, 1)
        if (k == c) {
          if (c == "\"" && substr(line, i + 1, 1) == "\"") { pend[f] = pend[f] "\"\""; i += 2; continue }
          pend[f] = pend[f] c; i++
          addtok(f, pend[f]); instr[f] = 0; insym[f] = 0; pend[f] = ""
          break
        }
        pend[f] = pend[f] k; i++
      }
      if (instr[f] || insym[f]) { pend[f] = pend[f] " "; return }
      continue
    }
    j = i
    while (j <= L) {
      k = substr(line, j, 1)
      if (k == " " || k == "\t" || k == "\r" || k == "(" || k == ")" || k == ";" || k == "\"" || k == "|") break
      j++
    }
    addtok(f, substr(line, i, j - i)); i = j
  }
}
# Top-level items of file f: ITEM[f, k] = first token, IEND[f, k] = last token.
function items(f,    t, d, n) {
  n = 0; d = 0
  for (t = 1; t <= NT[f]; t++) {
    if (d == 0) { n++; ITEM[f, n] = t }
    if (TOK[f, t] == "(") d++
    else if (TOK[f, t] == ")") d--
    if (d == 0) IEND[f, n] = t
  }
  if (d != 0) IEND[f, n] = NT[f]
  NI[f] = n
}
# Text of tokens a..b of file f (SMT-LIB spacing).
function text(f, a, b,    s, t, x, prev) {
  s = ""; prev = "("
  for (t = a; t <= b; t++) {
    x = TOK[f, t]
    if (prev != "(" && x != ")") s = s " "
    s = s x; prev = x
  }
  return s
}
# Symbol key: |abc| and abc are the same symbol.
function key(sym) {
  if (sym ~ /^\|.*\|$/) return substr(sym, 2, length(sym) - 2)
  return sym
}
# The matching ")" of the "(" at token t of file f.
function close_of(f, t,    d) {
  d = 0
  for (; t <= NT[f]; t++) {
    if (TOK[f, t] == "(") d++
    else if (TOK[f, t] == ")") { d--; if (d == 0) return t }
  }
  return NT[f]
}
# The matching "(" of the ")" at token t of file f.
function open_of(f, t,    d) {
  d = 0
  for (; t >= 1; t--) {
    if (TOK[f, t] == ")") d++
    else if (TOK[f, t] == "(") { d--; if (d == 0) return t }
  }
  return 1
}
# Output text of tokens a..b of the output (file 2) with abstract values replaced by fresh
# constants, registered in AV (name -> sort) in order of appearance.
function model_text(a, b,    s, t, x, prev, e, nm, u, srt, ss) {
  s = ""; prev = "("
  for (t = a; t <= b; t++) {
    x = TOK[2, t]
    if (x == "(" && TOK[2, t + 1] == "as" && TOK[2, t + 2] ~ /^[|]?@/) {
      e = close_of(2, t)
      ss = (TOK[2, e - 1] == ")") ? open_of(2, e - 1) : e - 1  # the sort is the last item
      srt = text(2, ss, e - 1)
      nm = ""
      for (u = t + 2; u < ss; u++) nm = nm TOK[2, u]  # cvc5 prints @|my sort|_0
      gsub(/\|/, "", nm)
      x = "|" nm "|"
      if (!(x in AVSORT)) { NAV++; AVNAME[NAV] = x; AVSORT[x] = srt }
      t = e
    }
    if (prev != "(" && x != ")") s = s " "
    s = s x; prev = x
  }
  return s
}

FNR == NR { lex(1, $0); next }
{ lex(2, $0) }

END {
  items(1); items(2)
  split("check-sat check-sat-assuming get-model get-value get-assignment get-unsat-core get-unsat-assumptions get-assertions get-info get-option get-proof get-interpolants echo", P, " ")
  for (i in P) PRODUCES[P[i]] = 1
  j = 1; ps = 0; level = 0; nrec = 0; global = 0; last = "none"; nmodel = 0; nassume = 0
  for (k = 1; k <= NI[1]; k++) {
    a = ITEM[1, k]; b = IEND[1, k]
    if (TOK[1, a] != "(") continue
    cmd = TOK[1, a + 1]
    resp = ""; respk = 0
    # A command with a real response never answers "success" (cvc5 prints an extra one after
    # echo under :print-success): skip those.
    if (cmd in PRODUCES) while (j <= NI[2] && TOK[2, ITEM[2, j]] == "success") j++
    take = (cmd in PRODUCES) || (j <= NI[2] && TOK[2, ITEM[2, j]] == "(" && TOK[2, ITEM[2, j] + 1] == "error")
    if (ps && j <= NI[2] && TOK[2, ITEM[2, j]] == "success") take = 1
    if (cmd == "set-option" && TOK[1, a + 2] == ":print-success") {
      take = (j <= NI[2] && TOK[2, ITEM[2, j]] == "success")
      ps = (TOK[1, a + 3] == "true")
    }
    if (take && j <= NI[2]) { respk = j; resp = TOK[2, ITEM[2, j]]; j++ }
    iserr = (resp == "(" && TOK[2, ITEM[2, respk] + 1] == "error")

    if (cmd == "set-option" && TOK[1, a + 2] == ":global-declarations") global = (TOK[1, a + 3] == "true")
    if (cmd ~ /^(declare-sort|define-sort|declare-fun|declare-const|define-fun|define-fun-rec|define-funs-rec|define-const|assert)$/) {
      if (!iserr) {
        nrec++; RA[nrec] = a; RB[nrec] = b; RCMD[nrec] = cmd
        RLEV[nrec] = (global && cmd != "assert") ? 0 : level
        RNAME[nrec] = key(TOK[1, a + 2])
      }
    } else if (cmd == "push") {
      if (!iserr) level += (TOK[1, a + 2] == ")" ? 1 : TOK[1, a + 2] + 0)
    } else if (cmd == "pop") {
      if (!iserr) {
        level -= (TOK[1, a + 2] == ")" ? 1 : TOK[1, a + 2] + 0)
        if (level < 0) level = 0
        m = 0
        for (r = 1; r <= nrec; r++)
          if (RLEV[r] <= level) { m++; RA[m] = RA[r]; RB[m] = RB[r]; RCMD[m] = RCMD[r]; RLEV[m] = RLEV[r]; RNAME[m] = RNAME[r] }
        nrec = m
      }
    } else if (cmd == "reset" || cmd == "reset-assertions") {
      level = 0
      if (cmd == "reset") { nrec = 0; ps = 0; global = 0 }
      else {
        m = 0
        for (r = 1; r <= nrec; r++)
          if (global && RCMD[r] != "assert") { m++; RA[m] = RA[r]; RB[m] = RB[r]; RCMD[m] = RCMD[r]; RLEV[m] = 0; RNAME[m] = RNAME[r] }
        nrec = m
      }
    } else if (cmd == "check-sat" || cmd == "check-sat-assuming") {
      last = iserr ? "error" : resp
      nassume = 0
      if (cmd == "check-sat-assuming") {
        t = a + 3; e = close_of(1, a + 2)
        while (t < e) {
          if (TOK[1, t] == "(") { u = close_of(1, t); nassume++; ASM[nassume] = text(1, t, u); t = u + 1 }
          else { nassume++; ASM[nassume] = TOK[1, t]; t++ }
        }
      }
    } else if (cmd == "get-model") {
      nmodel++
      if (last != "sat") { print nmodel " skipped (last answer was " last ")"; continue }
      if (respk == 0) { print nmodel " error: no response"; continue }
      if (iserr) { print nmodel " error: " text(2, ITEM[2, respk], IEND[2, respk]); continue }
      if (resp != "(") { print nmodel " error: not a model: " resp; continue }
      emit(nmodel, respk)
      print nmodel " query"
    }
  }
}

function emit(n, respk,    file, r, t, e, ma, mb, nd, x, s, c, d, srt, list, cnt, body, ADEF, UDEF, k2) {
  file = outdir "/query_" n ".smt2"
  printf "" > file
  delete AVSORT; NAV = 0
  # user define-funs, so that a model that repeats them does not clash
  for (r = 1; r <= nrec; r++) if (RCMD[r] ~ /^define-/) UDEF[RNAME[r]] = 1
  # model items: (define-fun ...), (declare-fun V () S) universe elements, others ignored
  ma = ITEM[2, respk] + 1; mb = IEND[2, respk] - 1
  if (TOK[2, ma] == "model") ma++
  body = ""
  for (t = ma; t <= mb; t++) {
    if (TOK[2, t] != "(") continue
    e = close_of(2, t)
    c = TOK[2, t + 1]
    if (c == "define-fun" || c == "define-fun-rec") {
      nm = key(TOK[2, t + 2])
      if (!(nm in UDEF)) { ADEF[nm] = 1; body = body model_text(t, e) "\n" }
    } else if (c == "declare-fun" && TOK[2, t + 3] == "(" && TOK[2, t + 4] == ")") {
      x = TOK[2, t + 2]
      if (!(x in AVSORT)) { NAV++; AVNAME[NAV] = x; AVSORT[x] = text(2, t + 5, e - 1) }
    }
    t = e
  }
  print "; model " n " checked against the active assertions" >> file
  for (r = 1; r <= nrec; r++)
    if (RCMD[r] == "declare-sort" || RCMD[r] == "define-sort") print text(1, RA[r], RB[r]) >> file
  for (x = 1; x <= NAV; x++) print "(declare-const " AVNAME[x] " " AVSORT[AVNAME[x]] ")" >> file
  # pairwise distinct per sort
  delete list; delete cnt
  for (x = 1; x <= NAV; x++) { srt = AVSORT[AVNAME[x]]; list[srt] = list[srt] " " AVNAME[x]; cnt[srt]++ }
  for (srt in list) if (cnt[srt] >= 2) print "(assert (distinct" list[srt] "))" >> file
  printf "%s", body >> file
  for (r = 1; r <= nrec; r++) {
    if (RCMD[r] == "declare-sort" || RCMD[r] == "define-sort") continue
    if ((RCMD[r] == "declare-fun" || RCMD[r] == "declare-const") && (RNAME[r] in ADEF)) continue
    print text(1, RA[r], RB[r]) >> file
  }
  for (x = 1; x <= nassume; x++) print "(assert " ASM[x] ")" >> file
  print "(check-sat)" >> file
  close(file)
}
' "$script" "$output"
