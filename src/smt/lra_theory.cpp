#include "smt/lra_theory.hpp"

#include <algorithm>

#include "smt/lra_certificate.hpp"
#include "smt/solver.hpp"
#include "smt/terms/printer.hpp"

namespace craig::smt {

namespace {

constexpr uint64_t kBranchBudget = 20000;

mpq_class floor_q(const mpq_class& q) {
  mpz_class r;
  mpz_fdiv_q(r.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
  return mpq_class(r);
}

}  // namespace

LraTheory::LraTheory(TermManager& tm) : tm_(tm) {}

bool LraTheory::owns(Term atom) const {
  switch (tm_.kind(atom)) {
    case Kind::Leq:
    case Kind::Lt: return true;
    case Kind::Eq: return tm_.is_arith(tm_.child(atom, 0));
    default: return false;
  }
}

bool LraTheory::is_nonlinear(Term t) const {
  switch (tm_.kind(t)) {
    case Kind::Mul:
    case Kind::RealDiv:
    case Kind::IntDiv:
    case Kind::Mod:
    case Kind::Abs:
    case Kind::ToInt: return true;
    default: return false;
  }
}

LraTheory::Var LraTheory::var_of_atom(Term t) {
  auto it = poly_var_.find(t.id);
  if (it != poly_var_.end()) return it->second;
  Var v = simplex_.new_var();
  poly_var_.emplace(t.id, v);
  if (structural_.size() <= v) structural_.resize(v + 1);
  structural_[v] = t;
  if (is_int_.size() <= v) is_int_.resize(v + 1, 0);
  is_int_[v] = tm_.sort(t) == SortTable::Int;
  return v;
}

LraTheory::Var LraTheory::var_of_poly(Term p) {
  if (tm_.kind(p) != Kind::Linear) return var_of_atom(p);
  auto it = poly_var_.find(p.id);
  if (it != poly_var_.end()) return it->second;
  std::vector<std::pair<Var, mpq_class>> row;
  for (size_t i = 0; i < tm_.num_children(p); ++i)
    row.emplace_back(var_of_atom(tm_.child(p, i)), tm_.coeff(p, i));
  Var v = simplex_.new_row(row);
  poly_var_.emplace(p.id, v);
  if (is_int_.size() <= v) is_int_.resize(v + 1, 0);
  return v;
}

void LraTheory::ensure_term(Term t) {
  if (tm_.kind(t) == Kind::Numeral || poly_var_.count(t.id)) return;
  var_of_poly(t);
  model_valid_ = false;
}

std::optional<mpq_class> LraTheory::model_value(Term t) {
  if (tm_.kind(t) == Kind::Numeral) return tm_.numeral(t);
  auto it = poly_var_.find(t.id);
  if (it == poly_var_.end()) return std::nullopt;
  if (!model_valid_) {
    model_ = simplex_.concrete_model();
    model_valid_ = true;
  }
  mpq_class v = model_[it->second];
  if (tm_.kind(t) == Kind::Linear) v += tm_.constant(t);  // rows leave the constant out
  return v;
}

void LraTheory::begin_round() {
  model_valid_ = false;
  simplex_.push();
  conflict_ = false;
  asserted_.clear();
}

void LraTheory::end_round() {
  model_valid_ = false;
  simplex_.pop();
}

// Static learning: atoms over the same polynomial p imply each other by their bounds
// (p <= 1 implies p <= 2 and p < 3; p = 1 implies p <= 2 and excludes p < 1). Each new atom is
// linked to its neighbours in the sorted chain of p's bounds, so the SAT solver gets every
// implication between them by propagation instead of a theory conflict per pair.
void LraTheory::learn_static(Term atom) {
  if (!seen_atoms_.insert(atom.id).second) return;
  Kind k = tm_.kind(atom);
  if (k != Kind::Leq && k != Kind::Lt && k != Kind::Eq) return;
  Term p = tm_.child(atom, 0), rhs = tm_.child(atom, 1);
  if (tm_.kind(rhs) != Kind::Numeral || !tm_.is_arith(p)) return;
  const mpq_class& c = tm_.numeral(rhs);
  std::vector<BoundAtom>& chain = chains_[p.id];
  auto implies = [&](Term a, Term b) {
    implications_.emplace_back(a, b);
    ++static_lemmas_;
  };
  if (k == Kind::Eq) {
    // Bounds >= (c, 0) follow from p = c; bounds < (c, 0) contradict it.
    lra::DeltaRational b(c, 0);
    auto hi = std::lower_bound(chain.begin(), chain.end(), b,
                               [](const BoundAtom& x, const lra::DeltaRational& v) { return x.bound < v; });
    if (hi != chain.end()) implies(atom, hi->atom);
    if (hi != chain.begin()) implies(atom, tm_.mk_not(std::prev(hi)->atom));
    return;
  }
  lra::DeltaRational b(c, k == Kind::Lt ? -1 : 0);  // the atom says p <= b
  auto pos = std::lower_bound(chain.begin(), chain.end(), b,
                              [](const BoundAtom& x, const lra::DeltaRational& v) { return x.bound < v; });
  if (pos != chain.end()) implies(atom, pos->atom);               // p <= b  ==>  p <= next
  if (pos != chain.begin()) implies(std::prev(pos)->atom, atom);  // p <= prev  ==>  p <= b
  chain.insert(pos, {b, atom});
}

void LraTheory::assert_atom(Term atom, bool value, sat::Lit reason) {
  if (static_learning_) learn_static(atom);
  asserted_.push_back({atom, value, reason});
  if (conflict_) return;
  Kind k = tm_.kind(atom);
  Term p;
  mpq_class c;
  if (k == Kind::Eq && tm_.kind(tm_.child(atom, 1)) != Kind::Numeral) {
    p = tm_.mk_sub(tm_.child(atom, 0), tm_.child(atom, 1));
    c = 0;
  } else {
    p = tm_.child(atom, 0);
    c = tm_.numeral(tm_.child(atom, 1));
  }
  // A polynomial atom has no constant, but be robust: move one to the bound.
  if (tm_.kind(p) == Kind::Linear && tm_.constant(p) != 0) {
    c -= tm_.constant(p);
    p = tm_.mk_sub(p, tm_.mk_numeral(tm_.constant(p), tm_.sort(p)));
  }
  if (tm_.kind(p) == Kind::Numeral) {  // cannot happen for normalised atoms
    return;
  }
  const bool is_int = tm_.sort(tm_.child(atom, 1)) == SortTable::Int && tm_.sort(p) == SortTable::Int;
  Var v = var_of_poly(p);
  using lra::DeltaRational;
  bool ok = true;
  switch (k) {
    case Kind::Leq:
      if (value)
        ok = simplex_.assert_upper(v, DeltaRational(c, 0), reason);
      else
        ok = is_int ? simplex_.assert_lower(v, DeltaRational(c + 1, 0), reason)
                    : simplex_.assert_lower(v, DeltaRational(c, 1), reason);
      break;
    case Kind::Lt:
      if (value)
        ok = simplex_.assert_upper(v, DeltaRational(c, -1), reason);
      else
        ok = simplex_.assert_lower(v, DeltaRational(c, 0), reason);
      break;
    case Kind::Eq:
      if (value) {
        ok = simplex_.assert_upper(v, DeltaRational(c, 0), reason) &&
             simplex_.assert_lower(v, DeltaRational(c, 0), reason);
      } else if (diseq_lemma_done_.insert(atom.id).second) {
        // p != c  becomes the lemma  p = c  or  p < c  or  p > c.
        Term parts[3] = {atom, tm_.mk_lt(p, tm_.mk_numeral(c, tm_.sort(p))),
                         tm_.mk_gt(p, tm_.mk_numeral(c, tm_.sort(p)))};
        lemmas_.push_back(tm_.mk_or(parts));
      }
      break;
    default: break;
  }
  if (!ok) conflict_ = true;
}

void LraTheory::record_conflict(std::vector<std::vector<sat::Lit>>& conflicts) {
  const lra::Simplex::Conflict& conflict = simplex_.conflict();
  std::vector<sat::Lit> c;
  for (const auto& [reason, coeff] : conflict.farkas) c.push_back(reason);
  if (check_certificates_) check_certificate(conflict);
  conflicts.push_back(std::move(c));
}

void LraTheory::check_certificate(const lra::Simplex::Conflict& conflict) const {
  std::unordered_map<sat::Lit, const Asserted*> by_reason;
  for (const Asserted& a : asserted_) by_reason.emplace(a.reason, &a);
  std::vector<LraCertificateEntry> entries;
  for (size_t i = 0; i < conflict.farkas.size(); ++i) {
    auto it = by_reason.find(conflict.farkas[i].first);
    if (it == by_reason.end())
      throw CheckFailure("arithmetic conflict: a Farkas coefficient for a literal never asserted");
    entries.push_back({it->second->atom, it->second->value, conflict.bounds[i].upper,
                       conflict.farkas[i].second});
  }
  std::string why;
  if (!check_lra_certificate(tm_, entries, &why))
    throw CheckFailure("arithmetic conflict with an invalid Farkas certificate: " + why);
}

bool LraTheory::check(std::vector<std::vector<sat::Lit>>& conflicts) {
  incomplete_.clear();
  if (conflict_ || !simplex_.check()) {
    record_conflict(conflicts);
    return false;
  }
  for (const Asserted& a : asserted_) {
    Term atom = a.atom;
    auto kids = tm_.children(atom);
    std::vector<Term> stack(kids.begin(), kids.end());
    while (!stack.empty()) {
      Term t = stack.back();
      stack.pop_back();
      if (is_nonlinear(t)) {
        incomplete_ = "non-linear arithmetic: " + term_to_string(tm_, t, false).substr(0, 120);
        return true;
      }
      if (tm_.kind(t) == Kind::Linear)
        for (Term a : tm_.children(t)) stack.push_back(a);
    }
  }
  if (lemmas_.empty()) branch_on_fractional();
  return true;
}

bool LraTheory::branch_on_fractional() {
  std::vector<mpq_class> values = simplex_.concrete_model();
  for (Var v = 0; v < structural_.size(); ++v) {
    if (!structural_[v].valid() || !is_int_[v]) continue;
    if (values[v].get_den() == 1) continue;
    if (++branches_ > kBranchBudget) {
      incomplete_ = "branch-and-bound budget exhausted";
      return false;
    }
    Term x = structural_[v];
    splits_.push_back(tm_.mk_leq(x, tm_.mk_numeral(floor_q(values[v]), SortTable::Int)));
    return true;
  }
  return false;
}

void LraTheory::take_implications(std::vector<std::pair<Term, Term>>& out) {
  out.insert(out.end(), implications_.begin(), implications_.end());
  implications_.clear();
}

void LraTheory::take_requests(std::vector<Term>& lemmas, std::vector<Term>& splits) {
  lemmas.insert(lemmas.end(), lemmas_.begin(), lemmas_.end());
  splits.insert(splits.end(), splits_.begin(), splits_.end());
  lemmas_.clear();
  splits_.clear();
}

void LraTheory::extend_model(Model& model) {
  std::vector<mpq_class> values = simplex_.concrete_model();
  for (Var v = 0; v < structural_.size(); ++v) {
    Term t = structural_[v];
    if (!t.valid() || tm_.kind(t) != Kind::Const) continue;
    model.set_const(tm_.func_of(t), Value::of_number(values[v], tm_.sort(t)));
  }
}

}  // namespace craig::smt
