#include "sat/sat_solver.hpp"

#include <cadical.hpp>
#include <chrono>

namespace craig::sat {

struct SatSolver::Terminator : CaDiCaL::Terminator {
  std::function<bool()> stop;
  bool terminate() override { return stop && stop(); }
};

SatSolver::SatSolver(uint32_t seed)
    : solver_(std::make_unique<CaDiCaL::Solver>()), terminator_(std::make_unique<Terminator>()) {
  if (seed) solver_->set("seed", static_cast<int>(seed & 0x7fffffff));
  solver_->connect_terminator(terminator_.get());
}

SatSolver::~SatSolver() { solver_->disconnect_terminator(); }

int SatSolver::new_var() {
  ++stats_.vars;
  return ++num_vars_;
}

void SatSolver::add_clause(std::span<const Lit> lits) {
  ++stats_.clauses;
  for (Lit l : lits) solver_->add(l);
  solver_->add(0);
}

void SatSolver::freeze(Lit l) { solver_->freeze(var_of(l)); }

void SatSolver::set_phase(Lit l) { solver_->phase(l); }

void SatSolver::set_terminator(std::function<bool()> stop) { terminator_->stop = std::move(stop); }

SatResult SatSolver::solve(std::span<const Lit> assumptions) {
  auto start = std::chrono::steady_clock::now();
  for (Lit a : assumptions) solver_->assume(a);
  int r = solver_->solve();
  ++stats_.solves;
  stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (r == 10) return SatResult::Sat;
  if (r == 20) return SatResult::Unsat;
  return SatResult::Unknown;
}

bool SatSolver::value(Lit l) const {
  // Variables CaDiCaL never saw are unconstrained; val() reports them as their own
  // literal (true), which is a valid choice.
  return solver_->val(l) > 0;
}

bool SatSolver::failed(Lit l) const { return solver_->failed(l); }

}  // namespace craig::sat
