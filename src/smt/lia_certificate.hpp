#pragma once
// Term-level check of an integer lemma (a Gomory cut or a GCD conflict, lra/int_cuts.hpp) before
// the SAT solver sees it: the literals imply `conclusion` in every integer solution.
//
// The lemma comes with a split "S <= k or S >= k + 1". The checker accepts it iff
//   1. S is an Int polynomial with integer coefficients over Int atoms and k is an integer
//      (so one side holds in every integer solution), and
//   2. for each side, literals ∧ side ∧ ¬conclusion is infeasible over the reals: a fresh
//      simplex, fed by this file's own translation of the atoms (not LraTheory's), finds Farkas
//      coefficients, and check_lra_certificate verifies them against the atoms.
// Nothing of the derivation or of the theory's bookkeeping is trusted; the fresh simplex only
// searches, its answer is checked.
#include <gmpxx.h>

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "smt/lra_certificate.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

struct LiaLiteral {
    Term atom;
    bool value;  // the literal is atom (true) or its negation (false)
};

// The data of one integer lemma, kept for proofs (smt/proof.hpp).
struct LiaLemma {
    std::vector<LiaLiteral> literals;
    Term split;
    mpq_class split_bound;
    Term conclusion;
};

// A Farkas certificate, accepted by check_lra_certificate, that the literals are infeasible
// over the reals (a negated Int bound p <= c read as p >= c + 1); nullopt with `why` when
// there is none. Interpolation (itp/mixed_literals.hpp) splits a GCD conflict into its two
// sides with it.
std::optional<std::vector<LraCertificateEntry>> refute_over_reals(const TermManager& tm,
                                                                  std::span<const LiaLiteral> literals,
                                                                  std::string* why);

// `conclusion` is a Boolean term: an arithmetic atom, its negation, or false (a conflict).
bool check_lia_lemma(TermManager& tm, std::span<const LiaLiteral> literals, Term split, const mpq_class& split_bound,
                     Term conclusion, std::string* why);

}  // namespace craig::smt
