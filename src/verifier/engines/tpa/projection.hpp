// Projections for tpa, on pdr's implicants and model-based projection (pdr/mbp.hpp):
//
//   keep_only(tm, f, model, keep)        model ⊨ cube ⊨ ∃(others). f   (one cube, an under-approximation)
//   project_exactly(tm, f, keep, ...)     ∃(others). f exactly, as a disjunction of such cubes
//
// keep_only is Golem's keepOnly (TPA's midpoints and reached states): a conjunction of literals
// over the constants of `keep` only, true in the model, every state of which extends to a model
// of f. project_exactly enumerates cubes (model of f ∧ ¬(cubes so far), then keep_only) until f
// implies their disjunction: then the disjunction is the projection (each cube implies it, and
// it implies the disjunction). It stops without a result after `max_cubes` cubes (pdr's LIA
// projection substitutes values where a variable has a coefficient other than ±1, so the cubes
// need not be finitely many), an undecided query, or a constant of a sort other than Bool, Int
// and Real. Elimination is by value for Booleans, so a formula whose Booleans the keep set
// fixes costs no extra cubes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "smt/model.hpp"
#include "smt/solver.hpp"
#include "verifier/engines/tpa/transition_system.hpp"

namespace craig::verifier::tpa {

struct Cube {
    std::vector<smt::Term> literals;
    unsigned by_value = 0;  // variables replaced by their model value
};

// Requires model ⊨ f. None when f has a constant outside `keep` of a sort MBP cannot eliminate.
std::optional<Cube> keep_only(smt::TermManager& tm, smt::Term f, const smt::Model& model, const TermSet& keep);

struct ExactProjection {
    std::optional<smt::Term> formula;  // the projection; none when not found
    unsigned cubes = 0;
    std::string why;  // none: why
};

ExactProjection project_exactly(smt::TermManager& tm, smt::Term f, const TermSet& keep,
                                const smt::SolverOptions& solver_options, unsigned max_cubes);

}  // namespace craig::verifier::tpa
