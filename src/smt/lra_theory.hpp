#pragma once
// LraTheory: linear arithmetic (smt/lra Simplex) as a Theory of the DPLL(T) loop.
//
// Every polynomial of an arithmetic atom becomes a simplex variable: a term that is not a sum
// (a constant, an application, an ite) is a structural variable; a sum is a row over the
// structural variables of its atoms. Atoms become bounds:
//   (<= p c): p <= c, negated p > c;  (< p c): p < c, negated p >= c;  (= p c): both bounds.
// Strict bounds use the infinitesimal delta. A negated equality is not a convex constraint:
// the theory asks for the valid lemma (= p c) or (< p c) or (> p c) and lets the SAT solver
// choose. Integer variables whose value is fractional are split by branch-and-bound lemmas
// (x <= floor(v)) or (x >= floor(v) + 1), with a budget after which the answer is unknown.
// Conflicts carry Farkas coefficients (kept for the proof and interpolation layers).
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "smt/lra/simplex.hpp"
#include "smt/theory.hpp"

namespace craig::smt {

class LraTheory final : public Theory {
 public:
  explicit LraTheory(TermManager& tm);
  const char* name() const override { return "lra"; }
  bool owns(Term atom) const override;
  void begin_round() override;
  void assert_atom(Term atom, bool value, sat::Lit reason) override;
  bool check(std::vector<std::vector<sat::Lit>>& conflicts) override;
  void extend_model(Model& model) override;
  void end_round() override;
  void take_requests(std::vector<Term>& lemmas, std::vector<Term>& splits) override;

  // Check every conflict's Farkas certificate against its atoms (lra_certificate.hpp); a
  // failure throws CheckFailure.
  void set_check_certificates(bool on) { check_certificates_ = on; }
  // Bound implications between atoms over the same polynomial, added once (default off).
  void set_static_learning(bool on) { static_learning_ = on; }
  // The simplex's arithmetic (lra/arithmetic.hpp); before the first atom.
  void set_arithmetic(lra::Arith a) { simplex_.set_arithmetic(a); }
  uint64_t static_lemmas() const { return static_lemmas_; }
  const lra::Simplex::Stats& simplex_stats() const { return simplex_.stats(); }
  // The static implications a => b found since the last call (valid clauses: they need no
  // relevancy and do not hold up a round).
  void take_implications(std::vector<std::pair<Term, Term>>& out);

  // Theory combination: make t (an Int/Real term) known to the simplex, so that it has a value.
  void ensure_term(Term t);
  // After a successful check: the value of t in the model this round will produce, or nothing
  // if t is unknown to the simplex.
  std::optional<mpq_class> model_value(Term t);

  // f(t) for every application of an uninterpreted function the simplex has a variable for.
  template <class F>
  void for_each_application(F&& f) const {
    for (Term t : structural_)
      if (t.valid() && tm_.kind(t) == Kind::App) f(t);
  }

  // Why the last check could not decide (non-linear atom, branch budget), or empty.
  const std::string& incomplete_reason() const override { return incomplete_; }

 private:
  using Var = lra::Simplex::Var;
  Var var_of_poly(Term p);
  Var var_of_atom(Term t);
  bool is_nonlinear(Term t) const;
  void record_conflict(std::vector<std::vector<sat::Lit>>& conflicts);
  void learn_static(Term atom);
  void check_certificate(const lra::Simplex::Conflict& conflict) const;
  bool branch_on_fractional();

  TermManager& tm_;
  lra::Simplex simplex_;
  std::unordered_map<uint32_t, Var> poly_var_;  // term id -> simplex variable
  std::vector<Term> structural_;                // structural variable -> its term
  std::vector<uint8_t> is_int_;                 // per simplex variable
  std::unordered_set<uint32_t> diseq_lemma_done_;
  std::vector<Term> lemmas_, splits_;
  struct Asserted {
    Term atom;
    bool value;
    sat::Lit reason;
  };
  std::vector<Asserted> asserted_;  // this round's literals
  bool check_certificates_ = false;
  // Static learning (learn_static): per polynomial, its bound atoms sorted by bound.
  struct BoundAtom {
    lra::DeltaRational bound;
    Term atom;
  };
  bool static_learning_ = false;
  std::unordered_map<uint32_t, std::vector<BoundAtom>> chains_;
  std::unordered_set<uint32_t> seen_atoms_;
  uint64_t static_lemmas_ = 0;
  std::vector<std::pair<Term, Term>> implications_;
  std::vector<mpq_class> model_;  // concrete values of this round, computed on demand
  bool model_valid_ = false;
  bool conflict_ = false;
  uint64_t branches_ = 0;
  std::string incomplete_;
};

}  // namespace craig::smt
