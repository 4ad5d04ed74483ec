// `craig chc FILE.smt2`: a CHC-COMP problem (logic HORN) solved by craig's engines, with every
// answer certified before it is printed.
//
//   ChcOptions o; o.input = "f.smt2"; o.engine = "impact";
//   verifier::VerifyStatus s = run_chc(o, std::cout, std::cerr);
//
// Pipeline: read (reader.hpp) -> linear clauses as a Program (to_program.hpp) -> large-block
// encoding -> engine -> certification; for the procedural engine whale instead: any clauses as
// procedures (to_procedures.hpp; a nonlinear system given to the portfolio goes to whale, the
// other engines refuse it as unsupported at its first nonlinear clause):
//   sat    the engine's certificate passes the verifier's gate (certify_safe: the invariant map
//          inductive with fresh solvers, bmc's complete unrolling, or whale's contracts by
//          Hoare's rule), and the model read off it satisfies every clause (model.hpp, fresh
//          solvers again);
//   unsat  the counterexample's clause sequence (a post-order of a derivation tree) gets values
//          from a fresh solver and the derivation checks by exact evaluation (derivation.hpp).
// A certificate or derivation that does not check throws smt::CheckFailure (exit 10) and no
// answer is printed; an undecided check gives `unknown`.
//
// Output: `sat`, `unsat` or `unknown` on `out` (the reason of unknown on `err` as
// `craig: unknown: REASON`); with `print_witness` the model (define-fun per predicate; none after
// bmc's complete unrolling, which has no invariants: a comment says so) or the derivation
// follows. Errors: `craig: error: FILE:LINE:COL: ...` (InputError), unsupported input prints
// `unknown` and `craig: unsupported: FILE:LINE:COL: ...` (Unsupported); an unreadable file is
// IoError; UNKNOWN at the time limit or after an interrupt is ResourceLimit. A file without
// (check-sat) is an InputError (nothing asked); a system without queries is sat.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "verifier/run/run_options.hpp"
#include "verifier/run/verify.hpp"

namespace craig::chc {

// The default members of the portfolio for Horn clauses, chosen by bench/portfolio_select.py from
// single-engine runs on both CHC dev sets (docs/results/chc-selection-2026-12-04) and confirmed
// at 60 s against the former default (docs/results/chc-portfolio-60s-2026-12-06: one more on
// LRA-TS, three more on LIA-Lin, none lost): impact proves most systems, kind (with the bounded
// pdr run behind its auxiliary invariants) and pdr prove integer systems that impact does not;
// pdr with dual Farkas interpolants, which solve as many dev files as Farkas ones with fewer
// lemmas and give the lemma x > 0 where Farkas ones diverge (docs/results/pdr-itp-2026-12-06).
inline constexpr std::string_view kChcPortfolio = "impact@20;kind@20;pdr:itp-lra=dual-farkas";

// The engine a portfolio hands a nonlinear system to (the members above take linear ones only):
// nonlinear clauses are procedures with several calls.
inline constexpr std::string_view kNonlinearEngine = "whale";

// engine: "portfolio" by default, its members kChcPortfolio unless engine_options names them.
struct ChcOptions : verifier::RunOptions {
    bool print_witness = false;  // the model or the derivation after the answer
    // Accelerate the self-loops of integer predicates (verifier/accelerate/accelerate.hpp) for the
    // engines of the program route; the original system gets the time the accelerated one leaves.
    bool accelerate = true;
    // stats: on `err`, after the answer.
};

verifier::VerifyStatus run_chc(const ChcOptions& options, std::ostream& out, std::ostream& err);

}  // namespace craig::chc
