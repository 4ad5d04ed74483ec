// Farkas interpolants of linear arithmetic conflicts (theory_interpolants.hpp).
#include <map>
#include <vector>

#include "itp/theory_interpolants.hpp"

namespace craig::itp {

using smt::Kind;
using smt::Monomial;
using smt::SortTable;

namespace {

// Σ λ_i·lit_i over a subset of a certificate, as  poly ⋈ 0  with ⋈ in {<=, <}.
struct WeightedSum {
  std::map<uint32_t, mpq_class> coeffs;  // atom id -> coefficient
  mpq_class constant = 0;                // on the left side
  bool strict = false;
  bool any_real = false;
};

void add_poly(const TermManager& tm, Term t, const mpq_class& factor, WeightedSum& s) {
  std::vector<Monomial> ms;
  mpq_class c = 0;
  tm.as_polynomial(t, ms, c);
  for (const Monomial& m : ms) {
    s.coeffs[m.atom.id] += factor * m.coeff;
    if (tm.sort(m.atom) == SortTable::Real) s.any_real = true;
  }
  s.constant += factor * c;
}

// Adds λ·literal, read as check_lra_certificate reads it. False on a shape that is no
// inequality (a disequality).
bool add_literal(const TermManager& tm, const smt::LraCertificateEntry& e, WeightedSum& s) {
  Kind kind = tm.kind(e.atom);
  if (kind != Kind::Leq && kind != Kind::Lt && kind != Kind::Eq) return false;
  Term lhs = tm.child(e.atom, 0), rhs = tm.child(e.atom, 1);
  if (!tm.is_arith(lhs)) return false;
  mpq_class sign = 1, offset = 0;
  bool strict = false;
  if (kind == Kind::Eq) {
    if (!e.value) return false;
    sign = e.upper ? 1 : -1;
  } else if (e.value) {
    strict = kind == Kind::Lt;
  } else {
    sign = -1;
    strict = kind == Kind::Leq;
    if (strict && tm.sort(lhs) == SortTable::Int && tm.sort(rhs) == SortTable::Int) {
      strict = false;
      offset = 1;
    }
  }
  add_poly(tm, lhs, e.lambda * sign, s);
  add_poly(tm, rhs, -e.lambda * sign, s);
  s.constant += e.lambda * offset;
  s.strict = s.strict || strict;
  return true;
}

// The term  poly + constant ⋈ 0, scaled to integer coefficients (a positive factor keeps the
// inequality) so that it is well-formed over Int as well as over Real.
Term to_term(TermManager& tm, const WeightedSum& s) {
  mpz_class den = s.constant.get_den();
  for (const auto& [id, c] : s.coeffs)
    if (c != 0) mpz_lcm(den.get_mpz_t(), den.get_mpz_t(), c.get_den_mpz_t());
  std::vector<Monomial> ms;
  for (const auto& [id, c] : s.coeffs)
    if (c != 0) ms.push_back(Monomial{c * den, tm.term(id)});
  mpq_class k = s.constant * den;
  smt::Sort sort = s.any_real ? SortTable::Real : SortTable::Int;
  if (ms.empty()) return tm.mk_bool(s.strict ? k < 0 : k <= 0);
  Term poly = tm.mk_linear(std::move(ms), 0, sort);
  Term rhs = tm.mk_numeral(-k, sort);
  return s.strict ? tm.mk_lt(poly, rhs) : tm.mk_leq(poly, rhs);
}

std::optional<Term> side_sum(TermManager& tm, std::span<const smt::LraCertificateEntry> entries,
                             std::span<const Side> sides, Side side, std::string* why) {
  WeightedSum s;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (sides[i] != side) continue;
    if (!add_literal(tm, entries[i], s)) {
      if (why) *why = "a Farkas certificate entry is no inequality";
      return std::nullopt;
    }
  }
  return to_term(tm, s);
}

}  // namespace

std::optional<Term> lra_interpolant(TermManager& tm,
                                    std::span<const smt::LraCertificateEntry> entries,
                                    std::span<const Side> sides, Coloring& coloring,
                                    const ItpOptions& options, std::string* why) {
  switch (options.lra) {
    case LraSystem::Farkas:
      return side_sum(tm, entries, sides, Side::A, why);
    case LraSystem::DualFarkas: {
      auto b = side_sum(tm, entries, sides, Side::B, why);
      if (!b) return std::nullopt;
      return tm.mk_not(*b);
    }
    default:
      if (why) *why = std::string("LRA system ") + name(options.lra) + " is not available yet";
      return std::nullopt;
  }
}

}  // namespace craig::itp
