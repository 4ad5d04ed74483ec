#include "verifier/invariants/invariant_candidates.hpp"

#include <algorithm>
#include <unordered_set>

#include "verifier/domains/atoms.hpp"

namespace craig::verifier {

using smt::Term;

namespace {

// The largest modulus of a congruence candidate, the most bounds taken
// from the program's atoms, and "no position" in the sampled variables.
constexpr unsigned long kMaxModulus = 1UL << 20;
constexpr std::size_t kMaxProgramBounds = 64;
constexpr std::size_t kNoPosition = SIZE_MAX;

// Real when a Real variable occurs, else Int.
smt::Sort sort_of(const smt::TermManager& tm, const std::vector<smt::Monomial>& ms) {
    for (const smt::Monomial& m : ms)
        if (tm.sort(m.atom) == smt::SortTable::Real) return smt::SortTable::Real;
    return smt::SortTable::Int;
}

}  // namespace

// The bounds of the program's inequality and equality atoms over Int variables alone (cur or
// next constants, not both), at most kMaxProgramBounds of them, in edge order.
std::vector<ProgramBound> collect_program_bounds(const Program& p) {
    smt::TermManager& tm = p.terms();
    std::vector<ProgramBound> out;
    std::unordered_set<Term, smt::TermHash> seen;
    std::vector<Term> atoms;
    for (const Edge& e : p.edges) {
        atoms.clear();
        collect_atoms(tm, e.formula, atoms);
        for (Term a : atoms) {
            if (out.size() >= kMaxProgramBounds) return out;
            if (tm.kind(a) != smt::Kind::Leq && tm.kind(a) != smt::Kind::Eq) continue;
            const auto kids = tm.children(a);
            if (kids.size() != 2 || tm.kind(kids[1]) != smt::Kind::Numeral) continue;
            if (tm.sort(kids[0]) != smt::SortTable::Int || !seen.insert(a).second) continue;
            std::vector<smt::Monomial> ms;
            mpq_class k = 0;
            tm.as_polynomial(kids[0], ms, k);
            ProgramBound b;
            bool cur = false, next = false, plain = !ms.empty();
            for (const smt::Monomial& m : ms) {
                const VarId v = p.var_of(m.atom);
                if (v == UINT32_MAX) {
                    plain = false;
                    break;
                }
                (m.atom == p.vars[v].cur ? cur : next) = true;
                b.terms.emplace_back(v, m.coeff);
            }
            if (!plain || (cur && next)) continue;
            b.constant = tm.numeral(kids[1]) - k;
            out.push_back(std::move(b));
        }
    }
    return out;
}

Term affine_term(smt::TermManager& tm, const AffineEquality& e, std::span<const VarId> arith,
                 std::span<const Term> at) {
    std::vector<smt::Monomial> ms;
    for (std::size_t i = 0; i < arith.size(); ++i)
        if (e.coeffs[i] != 0) ms.push_back({e.coeffs[i], at[arith[i]]});
    const smt::Sort s = sort_of(tm, ms);
    return tm.mk_linear(std::move(ms), e.constant, s);
}

void sample_outside_hull(smt::Solver& s, std::span<const VarId> arith, std::span<const Term> state, Term assumption,
                         StateSamples& samples) {
    smt::TermManager& tm = s.terms();
    for (std::size_t round = 0; round <= arith.size(); ++round) {
        std::vector<Term> inside;
        for (const AffineEquality& e : samples.hull) {
            const Term lin = affine_term(tm, e, arith, state);
            inside.push_back(tm.mk_eq(lin, tm.mk_numeral(0, tm.sort(lin))));
        }
        std::vector<Term> as{tm.mk_not(tm.mk_and(inside))};
        if (assumption.valid()) as.push_back(assumption);
        if (s.check(as) != smt::Result::Sat) return;
        std::vector<mpq_class> point;
        for (VarId v : arith) point.push_back(s.model().evaluate(state[v]).q);
        samples.points.push_back(std::move(point));
        samples.hull = affine_equalities(samples.points, arith.size());
    }
}

std::vector<Term> invariant_candidates(const Program& blocks, std::span<const VarId> arith,
                                       const std::vector<std::vector<mpq_class>>& samples,
                                       const std::vector<AffineEquality>& hull,
                                       std::span<const ProgramBound> program_bounds) {
    smt::TermManager& tm = blocks.terms();
    const std::size_t nvars = arith.size();
    std::vector<std::size_t> position(blocks.vars.size(), kNoPosition);
    for (std::size_t i = 0; i < nvars; ++i) position[arith[i]] = i;
    std::vector<Term> out;
    std::vector<Term> cur;
    for (const ProgramVar& v : blocks.vars) cur.push_back(v.cur);
    for (const AffineEquality& e : hull) {
        const Term lin = affine_term(tm, e, arith, cur);
        const Term zero = tm.mk_numeral(0, tm.sort(lin));
        out.push_back(tm.mk_leq(lin, zero));
        out.push_back(tm.mk_geq(lin, zero));
    }
    // Bounds of the variables and of their pairwise differences as far as the samples
    // go (octagon-like templates: x >= y, y >= 0, ...); Houdini drops the accidental ones.
    auto bounds = [&](const std::vector<smt::Monomial>& ms, auto value) {
        mpq_class lo = value(samples[0]), hi = lo;
        for (const auto& pt : samples) {
            const mpq_class x = value(pt);
            if (x < lo) lo = x;
            if (x > hi) hi = x;
        }
        const smt::Sort s = sort_of(tm, ms);
        const Term t = tm.mk_linear(ms, 0, s);
        out.push_back(tm.mk_geq(t, tm.mk_numeral(lo, s)));
        out.push_back(tm.mk_leq(t, tm.mk_numeral(hi, s)));
    };
    for (std::size_t i = 0; i < nvars; ++i) {
        bounds({{1, cur[arith[i]]}}, [&](const std::vector<mpq_class>& pt) { return pt[i]; });
        for (std::size_t j = i + 1; j < nvars; ++j)
            bounds({{1, cur[arith[i]]}, {-1, cur[arith[j]]}},
                   [&](const std::vector<mpq_class>& pt) { return mpq_class(pt[i] - pt[j]); });
    }
    // The range of each C variable's type: the lowering keeps values in it (wrap-around,
    // inputs in range), but no label states it, and without it an invariant x + y = n with
    // unsigned y++ is not inductive (y could wrap to 0).
    for (std::size_t i = 0; i < nvars; ++i) {
        if (tm.sort(cur[arith[i]]) != smt::SortTable::Int) continue;
        // Only C-declared variables (not those of Horn clauses, whose types are nominal).
        if (blocks.plain().var_origin(arith[i]).decl == UINT32_MAX) continue;
        if (const auto range = blocks.plain().type_range(arith[i])) {
            out.push_back(tm.mk_geq(cur[arith[i]], tm.mk_numeral(mpq_class(range->first), smt::SortTable::Int)));
            out.push_back(tm.mk_leq(cur[arith[i]], tm.mk_numeral(mpq_class(range->second), smt::SortTable::Int)));
        }
    }
    // Congruences x = r (mod g) where every sample agrees modulo g >= 2 (i += 2 loops: the
    // exit value follows only from the parity and the bound).
    for (std::size_t i = 0; i < nvars; ++i) {
        if (tm.sort(cur[arith[i]]) != smt::SortTable::Int) continue;
        mpz_class g = 0;
        for (const auto& pt : samples) g = gcd(g, mpz_class(pt[i].get_num() - samples[0][i].get_num()));
        if (g < 2 || g > kMaxModulus) continue;
        mpz_class r = samples[0][i].get_num() % g;
        if (r < 0) r += g;
        const Term m = tm.mk_mod(cur[arith[i]], tm.mk_numeral(mpq_class(g), smt::SortTable::Int));
        out.push_back(tm.mk_eq(m, tm.mk_numeral(mpq_class(r), smt::SortTable::Int)));
    }
    // The program's own bounds q <= c (guards, assertions) and their neighbours q <= c + 1
    // (the value a loop leaves with), q >= c, q >= c + 1, where the samples satisfy them.
    for (const ProgramBound& b : program_bounds) {
        std::vector<smt::Monomial> ms;
        bool over_arith = true;
        for (const auto& [var, coeff] : b.terms)
            if (position[var] == kNoPosition)
                over_arith = false;
            else
                ms.push_back({coeff, cur[var]});
        if (!over_arith) continue;
        auto value = [&](const std::vector<mpq_class>& pt) {
            mpq_class x = 0;
            for (const auto& [var, coeff] : b.terms) x += coeff * pt[position[var]];
            return x;
        };
        mpq_class lo = value(samples[0]), hi = lo;
        for (const auto& pt : samples) {
            lo = std::min(lo, value(pt));
            hi = std::max(hi, value(pt));
        }
        const Term q = tm.mk_linear(ms, 0, smt::SortTable::Int);
        for (const mpq_class& c : {b.constant, mpq_class(b.constant + 1)}) {
            const Term k = tm.mk_numeral(c, smt::SortTable::Int);
            if (hi <= c) out.push_back(tm.mk_leq(q, k));
            if (lo >= c) out.push_back(tm.mk_geq(q, k));
        }
    }
    return out;
}

}  // namespace craig::verifier
