#pragma once
// SatSolver: owner of one CaDiCaL instance, independent of terms.
//
// Literals are DIMACS integers (variable v > 0, literal v or -v). The solver is incremental:
// clauses accumulate across solve() calls, assumptions hold for one call only. Variables the
// caller will assume or read later must be frozen so that CaDiCaL's inprocessing keeps them
// (CaDiCaL may otherwise eliminate them). A terminator callback, polled by CaDiCaL, stops a
// solve early (result Unknown). States follow cadical.hpp: after Sat, value() is defined;
// after Unsat under assumptions, failed() is defined; any new clause ends both.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace CaDiCaL {
class Solver;
}

namespace craig::sat {

using Lit = int;

inline int var_of(Lit l) { return l < 0 ? -l : l; }

enum class SatResult { Sat, Unsat, Unknown };

struct SatStats {
  uint64_t solves = 0;
  uint64_t clauses = 0;
  uint64_t vars = 0;
  double seconds = 0;
};

class SatSolver {
 public:
  explicit SatSolver(uint32_t seed = 0);  // CaDiCaL takes options only before first use
  ~SatSolver();
  SatSolver(const SatSolver&) = delete;
  SatSolver& operator=(const SatSolver&) = delete;

  int new_var();
  int num_vars() const { return num_vars_; }
  void add_clause(std::span<const Lit> lits);
  void add_clause(std::initializer_list<Lit> lits) {
    add_clause(std::span<const Lit>(lits.begin(), lits.size()));
  }
  // A hint: the value the solver prefers for l's variable is "l true" (CaDiCaL may still
  // choose otherwise, e.g. in its lucky-phase search).
  void set_phase(Lit l);
  void freeze(Lit l);
  // Called often during solve(); returning true stops the search with Unknown.
  void set_terminator(std::function<bool()> stop);

  SatResult solve(std::span<const Lit> assumptions = {});
  bool value(Lit l) const;   // after Sat: is l true in the model
  bool failed(Lit l) const;  // after Unsat: was assumption l used in the refutation
  const SatStats& stats() const { return stats_; }

 private:
  struct Terminator;
  std::unique_ptr<CaDiCaL::Solver> solver_;
  std::unique_ptr<Terminator> terminator_;
  int num_vars_ = 0;
  SatStats stats_;
};

}  // namespace craig::sat
