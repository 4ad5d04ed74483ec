#pragma once
// The solver options every engine query uses: the product's self-checks (models evaluated,
// theory conflicts re-checked) as the engine's options say, and the budget's deadline, so that
// no query outlives the run. `O` is any options struct with `check_models` and
// `check_certificates` (EngineSettings, LazyOptions, DagRefineOptions, CertifyOptions, ...);
// one with `sat_integration` (the engines' options) also chooses the loop of its queries. The
// certification gate's options have none: its fresh solvers keep the default (offline) loop, a
// different path from the one that found the verdict.
#include "base/budget.hpp"
#include "smt/solver.hpp"

namespace craig::verifier {

template <class O>
smt::SolverOptions checked_solver_options(const O& o, const base::Budget& budget) {
    smt::SolverOptions so;
    so.check_models = o.check_models;
    so.check_certificates = o.check_certificates;
    if constexpr (requires { o.sat_integration; }) so.sat_integration = o.sat_integration;
    so.deadline = budget.deadline();
    return so;
}

}  // namespace craig::verifier
