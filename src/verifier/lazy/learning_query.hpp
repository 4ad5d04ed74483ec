// The exact learning query of lazy annotation, shared by IntraLA (lazy_search.hpp) and InterLA
// (inter_search.hpp): is A ∧ B satisfiable for the C operators (exact_check.hpp, operator
// instances put into the partition of the formula whose application they refute)?
//   Sat      the model: a real execution (the caller reads a counterexample from it);
//   Unsat    with `learn`, a binary interpolant of (A, B) from the checked proof, simplified as
//            the labels are (constant propagation, bound subsumption);
//   Unknown  with the reason (the solver's, the operator rounds, a proof or interpolation failure).
// Gomory cuts are tried first, as impact does: a cut within one partition interpolates like any
// lemma; a proof whose cut mixed the partitions is solved again without cuts.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "smt/model.hpp"
#include "smt/solver.hpp"
#include "verifier/lazy/lazy_search.hpp"

namespace craig::verifier {

struct LearningQuery {
    smt::Result result = smt::Result::Unknown;
    std::string why;                  // Unknown
    std::optional<smt::Model> model;  // Sat
    smt::Term interpolant;            // Unsat with learning
    std::size_t instances = 0;        // operator instances asserted
};

LearningQuery learning_query(smt::TermManager& tm, std::span<const smt::Term> a, std::span<const smt::Term> b,
                             bool learn, const LazyOptions& options, const base::Budget& budget);

}  // namespace craig::verifier
