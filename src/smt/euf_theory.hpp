#pragma once
// EufTheory: the congruence-closure solver (smt/euf) as a Theory of the DPLL(T) loop.
// Owns equalities over uninterpreted sorts and Boolean-valued applications; Boolean terms
// that occur as arguments of applications are asserted as equal to true or false.
// Models: every congruence class gets one element of its sort, functions get finite tables.
#include <memory>

#include "smt/euf/congruence_closure.hpp"
#include "smt/theory.hpp"

namespace craig::smt {

class EufTheory final : public Theory {
 public:
  explicit EufTheory(TermManager& tm);
  const char* name() const override { return "euf"; }
  bool owns(Term atom) const override;
  void begin_round() override;
  void assert_atom(Term atom, bool value, sat::Lit reason) override;
  bool check(std::vector<std::vector<sat::Lit>>& conflicts) override;
  void extend_model(Model& model) override;
  void end_round() override;

 private:
  TermManager& tm_;
  euf::CongruenceClosure cc_;
};

}  // namespace craig::smt
