#pragma once
// The solver options every engine query uses: the product's self-checks (models evaluated,
// theory conflicts re-checked) as the engine's options say, and the budget's deadline, so that
// no query outlives the run. `O` is any options struct with `check_models` and
// `check_certificates` (EngineSettings, LazyOptions, DagRefineOptions, CertifyOptions, ...).
#include "base/budget.hpp"
#include "smt/solver.hpp"

namespace craig::verifier {

template <class O>
smt::SolverOptions checked_solver_options(const O& o, const base::Budget& budget) {
    smt::SolverOptions so;
    so.check_models = o.check_models;
    so.check_certificates = o.check_certificates;
    so.deadline = budget.deadline();
    return so;
}

}  // namespace craig::verifier
