// Construction of arithmetic terms in the linear normal form described in term.hpp.
#include <algorithm>

#include "smt/terms/rational.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

namespace {

// Scale integer-sorted monomials to coprime integer coefficients; returns the positive factor.
mpq_class integral_factor(const std::vector<Monomial>& ms) {
    mpz_class l = 1, g = 0;
    for (const Monomial& m : ms) mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), m.coeff.get_den_mpz_t());
    for (const Monomial& m : ms) {
        mpz_class n = m.coeff.get_num() * (l / m.coeff.get_den());
        mpz_gcd(g.get_mpz_t(), g.get_mpz_t(), n.get_mpz_t());
    }
    return mpq_class(l, g);
}

}  // namespace

Term TermManager::mk_numeral(const mpq_class& v, Sort s) {
    mpq_class c = v;
    c.canonicalize();
    return intern(Kind::Numeral, s, 0, {}, std::span<const mpq_class>(&c, 1));
}

void TermManager::as_polynomial(Term t, std::vector<Monomial>& out, mpq_class& k) const {
    switch (kind(t)) {
        case Kind::Numeral: k += numeral(t); return;
        case Kind::Linear:
            for (size_t i = 0; i < num_children(t); ++i) out.push_back({coeff(t, i), child(t, i)});
            k += constant(t);
            return;
        default: out.push_back({mpq_class(1), t});
    }
}

Term TermManager::mk_linear(std::vector<Monomial> ms, const mpq_class& constant, Sort s) {
    std::sort(ms.begin(), ms.end(), [](const Monomial& a, const Monomial& b) { return a.atom < b.atom; });
    size_t w = 0;
    for (size_t r = 0; r < ms.size(); ++r) {
        if (w > 0 && ms[w - 1].atom == ms[r].atom) {
            ms[w - 1].coeff += ms[r].coeff;
        } else {
            ms[w++] = std::move(ms[r]);
        }
        if (ms[w - 1].coeff == 0) --w;  // fine: a zero never merges with a later distinct atom
    }
    ms.resize(w);
    if (ms.empty()) return mk_numeral(constant, s);
    if (ms.size() == 1 && ms[0].coeff == 1 && constant == 0 && sort(ms[0].atom) == s) return ms[0].atom;
    std::vector<Term> kids;
    std::vector<mpq_class> rats;
    kids.reserve(ms.size());
    rats.reserve(ms.size() + 1);
    for (Monomial& m : ms) {
        kids.push_back(m.atom);
        rats.push_back(std::move(m.coeff));
    }
    rats.push_back(constant);
    return intern(Kind::Linear, s, 0, kids, rats);
}

Term TermManager::mk_add(std::span<const Term> args) {
    std::vector<Monomial> ms;
    mpq_class k = 0;
    Sort s = SortTable::Int;
    for (Term a : args) {
        if (sort(a) == SortTable::Real) s = SortTable::Real;
        as_polynomial(a, ms, k);
    }
    return mk_linear(std::move(ms), k, s);
}

Term TermManager::mk_scale(const mpq_class& c, Term a) {
    std::vector<Monomial> ms;
    mpq_class k = 0;
    as_polynomial(a, ms, k);
    for (Monomial& m : ms) m.coeff *= c;
    return mk_linear(std::move(ms), k * c, sort(a));
}

Term TermManager::mk_neg(Term a) { return mk_scale(mpq_class(-1), a); }

Term TermManager::mk_sub(Term a, Term b) {
    Term v[2] = {a, mk_neg(b)};
    return mk_add(v);
}

Term TermManager::mk_mul(std::span<const Term> args) {
    mpq_class c = 1;
    std::vector<Term> factors;
    Sort s = SortTable::Int;
    for (Term a : args) {
        if (sort(a) == SortTable::Real) s = SortTable::Real;
        if (kind(a) == Kind::Numeral)
            c *= numeral(a);
        else
            factors.push_back(a);
    }
    if (factors.empty()) return mk_numeral(c, s);
    if (c == 0) return mk_numeral(0, s);
    Term body;
    if (factors.size() == 1) {
        body = factors[0];
    } else {
        std::sort(factors.begin(), factors.end());
        body = intern(Kind::Mul, s, 0, factors, {});
    }
    Term scaled = mk_scale(c, body);
    if (sort(scaled) != s) return mk_to_real(scaled);
    return scaled;
}

Term TermManager::mk_real_div(Term a, Term b) {
    if (kind(b) == Kind::Numeral && numeral(b) != 0) {
        Term r = mk_scale(1 / numeral(b), a);
        return sort(r) == SortTable::Real ? r : mk_to_real(r);
    }
    Term kids[2] = {a, b};
    return intern(Kind::RealDiv, SortTable::Real, 0, kids, {});
}

Term TermManager::mk_int_div(Term a, Term b) {
    if (kind(a) == Kind::Numeral && kind(b) == Kind::Numeral && numeral(b) != 0) {
        // SMT-LIB: a = b*q + r with 0 <= r < |b|.
        mpz_class x = numeral(a).get_num(), y = numeral(b).get_num(), q;
        if (y > 0)
            mpz_fdiv_q(q.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t());
        else
            mpz_cdiv_q(q.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t());
        return mk_numeral(mpq_class(q), SortTable::Int);
    }
    Term kids[2] = {a, b};
    return intern(Kind::IntDiv, SortTable::Int, 0, kids, {});
}

Term TermManager::mk_mod(Term a, Term b) {
    if (kind(a) == Kind::Numeral && kind(b) == Kind::Numeral && numeral(b) != 0) {
        mpz_class x = numeral(a).get_num(), y = numeral(b).get_num(), r;
        mpz_class ay = abs(y);
        mpz_fdiv_r(r.get_mpz_t(), x.get_mpz_t(), ay.get_mpz_t());
        return mk_numeral(mpq_class(r), SortTable::Int);
    }
    Term kids[2] = {a, b};
    return intern(Kind::Mod, SortTable::Int, 0, kids, {});
}

Term TermManager::mk_abs(Term a) {
    if (kind(a) == Kind::Numeral) return mk_numeral(abs(numeral(a)), sort(a));
    return intern(Kind::Abs, sort(a), 0, std::span<const Term>(&a, 1), {});
}

Term TermManager::mk_to_real(Term a) {
    if (sort(a) == SortTable::Real) return a;
    std::vector<Monomial> ms;
    mpq_class k = 0;
    as_polynomial(a, ms, k);
    return mk_linear(std::move(ms), k, SortTable::Real);
}

Term TermManager::mk_to_int(Term a) {
    if (sort(a) == SortTable::Int) return a;
    if (kind(a) == Kind::Numeral) return mk_numeral(floor_q(numeral(a)), SortTable::Int);
    return intern(Kind::ToInt, SortTable::Int, 0, std::span<const Term>(&a, 1), {});
}

Term TermManager::mk_is_int(Term a) {
    if (sort(a) == SortTable::Int) return true_;
    if (kind(a) == Kind::Numeral) return mk_bool(numeral(a).get_den() == 1);
    return intern(Kind::IsInt, SortTable::Bool, 0, std::span<const Term>(&a, 1), {});
}

Term TermManager::mk_compare(Term a, Term b, bool strict) {
    // a - b (<|<=) 0  becomes  p (<|<=) rhs  with p's constant moved to the right.
    std::vector<Monomial> ms;
    mpq_class ka = 0, kb = 0;
    as_polynomial(a, ms, ka);
    size_t na = ms.size();
    as_polynomial(b, ms, kb);
    for (size_t i = na; i < ms.size(); ++i) ms[i].coeff = -ms[i].coeff;
    mpq_class k = ka - kb;
    const bool is_int = sort(a) == SortTable::Int && sort(b) == SortTable::Int;
    const Sort s = is_int ? SortTable::Int : SortTable::Real;
    Term p = mk_linear(ms, 0, s);
    mpq_class rhs = -k;
    if (kind(p) == Kind::Numeral) return mk_bool(strict ? 0 < rhs : 0 <= rhs);
    // Re-read the merged monomials from p so that the leading coefficient is known.
    ms.clear();
    mpq_class zero = 0;
    as_polynomial(p, ms, zero);
    mpq_class factor = is_int ? integral_factor(ms) : mpq_class(1 / abs(ms[0].coeff));
    bool negate = ms[0].coeff < 0;
    for (Monomial& m : ms) m.coeff *= negate ? -factor : factor;
    rhs *= negate ? -factor : factor;
    // Now: (not negated)  q (<|<=) rhs ;  (negated)  q (>|>=) rhs.
    Term q = mk_linear(std::move(ms), 0, s);
    if (!negate) {
        if (is_int) {
            mpq_class r = strict ? ceil_q(rhs) - 1 : floor_q(rhs);
            Term kids[2] = {q, mk_numeral(r, s)};
            return intern(Kind::Leq, SortTable::Bool, 0, kids, {});
        }
        Term kids[2] = {q, mk_numeral(rhs, s)};
        return intern(strict ? Kind::Lt : Kind::Leq, SortTable::Bool, 0, kids, {});
    }
    // q > rhs  is  not (q <= rhs);  q >= rhs  is  not (q < rhs).
    if (is_int) {
        mpq_class r = strict ? floor_q(rhs) : ceil_q(rhs) - 1;
        Term kids[2] = {q, mk_numeral(r, s)};
        return mk_not(intern(Kind::Leq, SortTable::Bool, 0, kids, {}));
    }
    Term kids[2] = {q, mk_numeral(rhs, s)};
    return mk_not(intern(strict ? Kind::Leq : Kind::Lt, SortTable::Bool, 0, kids, {}));
}

Term TermManager::mk_leq(Term a, Term b) { return mk_compare(a, b, false); }
Term TermManager::mk_lt(Term a, Term b) { return mk_compare(a, b, true); }

Term TermManager::mk_arith_eq(Term a, Term b) {
    const bool is_int = sort(a) == SortTable::Int && sort(b) == SortTable::Int;
    const Sort s = is_int ? SortTable::Int : SortTable::Real;
    Term d = mk_sub(a, b);
    std::vector<Monomial> ms;
    mpq_class k = 0;
    as_polynomial(d, ms, k);
    if (ms.empty()) return mk_bool(k == 0);
    mpq_class rhs = -k;
    mpq_class factor = is_int ? integral_factor(ms) : mpq_class(1 / abs(ms[0].coeff));
    if (ms[0].coeff < 0) factor = -factor;
    for (Monomial& m : ms) m.coeff *= factor;
    rhs *= factor;
    if (is_int && rhs.get_den() != 1) return false_;
    if (ms.size() == 2 && rhs == 0 && ms[0].coeff == 1 && ms[1].coeff == -1 && sort(ms[0].atom) == s &&
        sort(ms[1].atom) == s) {
        Term kids[2] = {ms[0].atom, ms[1].atom};
        return intern(Kind::Eq, SortTable::Bool, 0, kids, {});
    }
    Term p = mk_linear(std::move(ms), 0, s);
    Term kids[2] = {p, mk_numeral(rhs, s)};
    return intern(Kind::Eq, SortTable::Bool, 0, kids, {});
}

}  // namespace craig::smt
