// Reader of CHC-COMP problems: SMT-LIB 2.6 scripts in logic HORN, on the SMT-LIB syntax layer
// (lexer, s-expressions, environment, term builder of src/smtlib/syntax).
//
//   smt::TermManager tm;
//   chc::ChcSystem sys = chc::read_chc(in, "f.smt2", tm);
//
// Accepted: set-logic HORN; declare-fun of predicates (range Bool, argument sorts Int, Real,
// Bool); assert of a clause `(forall ((x S) ...) F)` (nested foralls too), of an unquantified
// F, or of `(not (exists ((x S) ...) F'))` (the query form F = (not F')); check-sat; exit;
// set-info, set-option, get-info, get-model, get-proof and echo are ignored. F is any
// quantifier-free Boolean term the term builder takes (LIA, LRA, let, ite, ...) whose
// predicate applications make it a Horn clause (clause_shape.hpp).
//
// Errors (nothing is guessed): smtlib::SyntaxError / smtlib::ScriptError for ill-formed input
// (unbalanced parentheses, unknown symbols, sort errors), smtlib::Unsupported for well-formed
// input outside the fragment (another logic, uninterpreted functions, declare-const,
// define-fun, quantifier alternation, arrays, a non-Horn clause). Each carries the
// line and column of the offending command or term.
#pragma once

#include <istream>
#include <string>

#include "chc/clauses.hpp"

namespace craig::chc {

ChcSystem read_chc(std::istream& in, const std::string& file, smt::TermManager& tm);

}  // namespace craig::chc
