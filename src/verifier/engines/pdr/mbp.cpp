#include "verifier/engines/pdr/mbp.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace craig::verifier::pdr {

using smt::Kind;
using smt::Monomial;
using smt::Term;

namespace {

bool value_of(const smt::Model& m, Term t) { return m.evaluate(t).b; }

// ---- implicant

class ImplicantWalk {
public:
    ImplicantWalk(smt::TermManager& tm, const smt::Model& m) : tm_(tm), m_(m) {}

    std::vector<Term> run(Term f) {
        todo_.push_back({f, true});
        while (!todo_.empty()) {
            const auto [t, pol] = todo_.back();
            todo_.pop_back();
            if (!seen_.insert(std::uint64_t{t.id} << 1 | pol).second) continue;
            step(t, pol);
        }
        return std::move(out_);
    }

private:
    // t has model value `pol`; queue what makes it so.
    void step(Term t, bool pol) {
        const auto kids = tm_.children(t);
        switch (tm_.kind(t)) {
            case Kind::True:
            case Kind::False: return;
            case Kind::Not: todo_.push_back({kids[0], !pol}); return;
            case Kind::And:
            case Kind::Or: {
                // And true / Or false: every child; otherwise one child with the deciding value.
                const bool all = (tm_.kind(t) == Kind::And) == pol;
                for (Term c : kids) {
                    if (all) {
                        todo_.push_back({c, pol});
                    } else if (value_of(m_, c) == pol) {
                        todo_.push_back({c, pol});
                        return;
                    }
                }
                return;
            }
            case Kind::Implies: {
                // a1 => ... => an  is  ¬a1 ∨ ... ∨ ¬a(n-1) ∨ an.
                const std::size_t n = kids.size();
                if (pol) {
                    for (std::size_t i = 0; i + 1 < n; ++i)
                        if (!value_of(m_, kids[i])) {
                            todo_.push_back({kids[i], false});
                            return;
                        }
                    todo_.push_back({kids[n - 1], true});
                } else {
                    for (std::size_t i = 0; i + 1 < n; ++i) todo_.push_back({kids[i], true});
                    todo_.push_back({kids[n - 1], false});
                }
                return;
            }
            case Kind::Ite:
                if (tm_.is_bool(t)) {
                    const bool c = value_of(m_, kids[0]);
                    todo_.push_back({kids[0], c});
                    todo_.push_back({c ? kids[1] : kids[2], pol});
                    return;
                }
                break;
            case Kind::Xor:
                for (Term c : kids) todo_.push_back({c, value_of(m_, c)});
                return;
            case Kind::Eq:
            case Kind::Distinct:
                if (tm_.is_bool(kids[0])) {
                    for (Term c : kids) todo_.push_back({c, value_of(m_, c)});
                    return;
                }
                if (tm_.kind(t) == Kind::Distinct && kids.size() > 2) {
                    // n-ary: the pairs' (dis)equalities; false: one equal pair.
                    for (std::size_t i = 0; i < kids.size(); ++i)
                        for (std::size_t j = i + 1; j < kids.size(); ++j) {
                            const Term eq = tm_.mk_eq(kids[i], kids[j]);
                            const bool v = value_of(m_, eq);
                            if (pol) {
                                todo_.push_back({eq, false});
                            } else if (v) {
                                todo_.push_back({eq, true});
                                return;
                            }
                        }
                    return;
                }
                break;
            default: break;
        }
        // An atom: its arithmetic ites replaced by the branches the model takes.
        const Term a = deite(t);
        const Term lit = pol ? a : tm_.mk_not(a);
        if (lit != tm_.mk_true() && out_set_.insert(lit).second) out_.push_back(lit);
    }

    Term deite(Term t) {
        if (auto it = deited_.find(t); it != deited_.end()) return it->second;
        Term r = t;
        if (tm_.kind(t) == Kind::Ite && !tm_.is_bool(t)) {
            const Term c = tm_.child(t, 0);
            const bool v = value_of(m_, c);
            todo_.push_back({c, v});
            r = deite(tm_.child(t, v ? 1 : 2));
        } else if (tm_.num_children(t) > 0) {
            std::vector<Term> kids(tm_.children(t).begin(), tm_.children(t).end());
            bool changed = false;
            for (Term& k : kids) {
                if (tm_.is_bool(k) && tm_.kind(t) != Kind::Ite) continue;  // a Boolean argument (of an App) stays
                const Term d = deite(k);
                changed |= d != k;
                k = d;
            }
            if (changed) r = tm_.rebuild(t, kids);
        }
        deited_.emplace(t, r);
        return r;
    }

    smt::TermManager& tm_;
    const smt::Model& m_;
    std::vector<std::pair<Term, bool>> todo_;
    std::unordered_set<std::uint64_t> seen_;
    std::unordered_map<Term, Term, smt::TermHash> deited_;
    std::vector<Term> out_;
    std::unordered_set<Term, smt::TermHash> out_set_;
};

// ---- projection

enum class Rel : std::uint8_t { Le, Lt, Eq, Dvd };  // poly REL 0; Dvd: mod divides poly

struct Constraint {
    std::vector<Monomial> poly;  // sorted by atom id, non-zero coefficients
    mpq_class k;                 // constant
    Rel rel = Rel::Le;
    bool is_int = false;
    mpz_class mod = 0;  // Dvd: the modulus (>= 2); integer coefficients
};

// Divisibility literals keep their moduli at most this (term_to_c prints congruences up to it).
constexpr unsigned long kMaxModulus = 1UL << 20;

void normalise(std::vector<Monomial>& ms) {
    std::sort(ms.begin(), ms.end(), [](const Monomial& a, const Monomial& b) { return a.atom < b.atom; });
    std::size_t w = 0;
    for (std::size_t r = 0; r < ms.size(); ++r) {
        if (w > 0 && ms[w - 1].atom == ms[r].atom) {
            ms[w - 1].coeff += ms[r].coeff;
        } else {
            ms[w++] = ms[r];
        }
    }
    ms.resize(w);
    std::erase_if(ms, [](const Monomial& m) { return m.coeff == 0; });
}

mpq_class coeff_of(const Constraint& c, Term x) {
    for (const Monomial& m : c.poly)
        if (m.atom == x) return m.coeff;
    return 0;
}

// a + f * b
Constraint combine(const Constraint& a, const mpq_class& f, const Constraint& b) {
    Constraint r;
    r.poly = a.poly;
    for (const Monomial& m : b.poly) r.poly.push_back({f * m.coeff, m.atom});
    normalise(r.poly);
    r.k = a.k + f * b.k;
    r.rel = a.rel;
    r.is_int = a.is_int && b.is_int;
    r.mod = a.mod;
    return r;
}

Constraint scaled(Constraint c, const mpq_class& f) {
    for (Monomial& m : c.poly) m.coeff *= f;
    c.k *= f;
    return c;
}

class Projector {
public:
    Projector(smt::TermManager& tm, const smt::Model& m) : tm_(tm), m_(m) {}

    Projection run(std::span<const Term> literals, std::span<const Term> eliminate) {
        elim_.insert(eliminate.begin(), eliminate.end());
        // Variables to replace by their model value: Booleans, and those inside opaque terms.
        std::unordered_map<Term, Term, smt::TermHash> by_value;
        for (Term x : eliminate)
            if (tm_.is_bool(x)) by_value.emplace(x, value_term(x));
        for (Term l : literals) scan_opaque(l, false, by_value);
        std::vector<Term> lits;
        for (Term l : literals) {
            const Term s = by_value.empty() ? l : tm_.substitute(l, by_value);
            if (s != tm_.mk_true()) lits.push_back(s);
        }
        out_.by_value = static_cast<unsigned>(by_value.size());
        std::vector<Term> other;
        for (Term l : lits) {
            if (auto c = to_constraint(l)) {
                cs_.push_back(std::move(*c));
            } else {
                other.push_back(l);
            }
        }
        for (Term x : eliminate)
            if (!by_value.count(x)) eliminate_var(x);
        std::unordered_set<Term, smt::TermHash> seen;
        auto emit = [&](Term t) {
            if (t != tm_.mk_true() && seen.insert(t).second) out_.cube.push_back(t);
        };
        for (Term t : other) emit(t);
        for (const Constraint& c : cs_) {
            const Term p = tm_.mk_linear(c.poly, c.k, c.is_int ? smt::SortTable::Int : smt::SortTable::Real);
            const Term zero = tm_.mk_numeral(0, c.is_int ? smt::SortTable::Int : smt::SortTable::Real);
            switch (c.rel) {
                case Rel::Dvd:
                    emit(tm_.mk_eq(tm_.mk_mod(p, tm_.mk_numeral(mpq_class(c.mod), smt::SortTable::Int)), zero));
                    break;
                case Rel::Le: emit(tm_.mk_leq(p, zero)); break;
                case Rel::Lt: emit(tm_.mk_lt(p, zero)); break;
                case Rel::Eq:
                    emit(tm_.mk_leq(p, zero));
                    emit(tm_.mk_geq(p, zero));
                    break;
            }
        }
        return std::move(out_);
    }

private:
    Term value_term(Term x) {
        const smt::Value v = m_.evaluate(x);
        if (tm_.is_bool(x)) return tm_.mk_bool(v.b);
        return tm_.mk_numeral(v.q, tm_.sort(x));
    }

    // Eliminated constants that occur below an opaque term (an application, a non-linear
    // operator) or in a literal that is no arithmetic constraint: replaced by their value.
    void scan_opaque(Term t, bool opaque, std::unordered_map<Term, Term, smt::TermHash>& by_value) {
        if (!scanned_.insert(std::uint64_t{t.id} << 1 | opaque).second) return;
        const Kind k = tm_.kind(t);
        if (!opaque) {
            if (const std::optional<Divisibility> d = divisibility(t)) {  // its polynomial is no opaque term
                scan_opaque(d->p, false, by_value);
                return;
            }
        }
        if (k == Kind::Const) {
            if (opaque && elim_.count(t) && !by_value.count(t)) by_value.emplace(t, value_term(t));
            return;
        }
        const bool transparent = k == Kind::Not || k == Kind::Leq || k == Kind::Lt || k == Kind::Linear ||
                                 (k == Kind::Eq && tm_.is_arith(tm_.child(t, 0)));
        for (Term c : tm_.children(t)) scan_opaque(c, opaque || !transparent, by_value);
    }

    mpq_class value(const std::vector<Monomial>& poly, const mpq_class& k) const {
        mpq_class v = k;
        for (const Monomial& m : poly) v += m.coeff * m_.evaluate(m.atom).q;
        return v;
    }

    // (= (mod p d) r) with numerals d >= 2 (an integer) and r, either way round.
    struct Divisibility {
        Term p;
        mpz_class d;
        mpq_class r;
    };
    std::optional<Divisibility> divisibility(Term a) const {
        if (tm_.kind(a) != Kind::Eq || tm_.num_children(a) != 2) return std::nullopt;
        Term m = tm_.child(a, 0), r = tm_.child(a, 1);
        if (tm_.kind(m) != Kind::Mod) std::swap(m, r);
        if (tm_.kind(m) != Kind::Mod || tm_.kind(r) != Kind::Numeral) return std::nullopt;
        const Term d = tm_.child(m, 1);
        if (tm_.kind(d) != Kind::Numeral) return std::nullopt;
        const mpq_class dv = tm_.numeral(d);
        if (dv.get_den() != 1 || dv < 2 || dv > kMaxModulus) return std::nullopt;
        return Divisibility{tm_.child(m, 0), dv.get_num(), tm_.numeral(r)};
    }

    std::optional<Constraint> to_constraint(Term lit) {
        bool neg = false;
        Term a = lit;
        if (tm_.kind(a) == Kind::Not) {
            neg = true;
            a = tm_.child(a, 0);
        }
        if (const std::optional<Divisibility> dv = divisibility(a)) {
            // d | p - r; negated: d | p - r' for the model's remainder r' (the model's cell).
            Constraint c;
            c.rel = Rel::Dvd;
            c.is_int = true;
            c.mod = dv->d;
            tm_.as_polynomial(dv->p, c.poly, c.k);
            normalise(c.poly);
            for (const Monomial& m : c.poly)
                if (m.coeff.get_den() != 1) return std::nullopt;
            if (c.k.get_den() != 1) return std::nullopt;
            mpq_class r = dv->r;
            if (neg) {
                const mpz_class v = value(c.poly, c.k).get_num();
                mpz_class rem;
                mpz_fdiv_r(rem.get_mpz_t(), v.get_mpz_t(), c.mod.get_mpz_t());
                r = rem;
            }
            c.k -= r;
            return c;
        }
        const Kind k = tm_.kind(a);
        if (k != Kind::Leq && k != Kind::Lt && !(k == Kind::Eq && tm_.is_arith(tm_.child(a, 0)))) return std::nullopt;
        Constraint c;
        mpq_class ka = 0, kb = 0;
        std::vector<Monomial> rhs;
        tm_.as_polynomial(tm_.child(a, 0), c.poly, ka);
        tm_.as_polynomial(tm_.child(a, 1), rhs, kb);
        for (const Monomial& m : rhs) c.poly.push_back({-m.coeff, m.atom});
        c.k = ka - kb;  // lhs - rhs
        normalise(c.poly);
        c.is_int = tm_.sort(tm_.child(a, 0)) == smt::SortTable::Int && tm_.sort(tm_.child(a, 1)) == smt::SortTable::Int;
        auto flip = [&] {
            for (Monomial& m : c.poly) m.coeff = -m.coeff;
            c.k = -c.k;
        };
        if (k == Kind::Eq) {
            if (!neg) {
                c.rel = Rel::Eq;
            } else {
                // a ≠ b: the side the model is on.
                c.rel = Rel::Lt;
                if (value(c.poly, c.k) > 0) flip();
            }
        } else if (!neg) {
            c.rel = k == Kind::Leq ? Rel::Le : Rel::Lt;
        } else {
            // ¬(p ≤ 0) is -p < 0; ¬(p < 0) is -p ≤ 0.
            flip();
            c.rel = k == Kind::Leq ? Rel::Lt : Rel::Le;
        }
        tighten(c);
        return c;
    }

    // Int: integer coefficients, and p < 0 as p + 1 ≤ 0.
    static void tighten(Constraint& c) {
        if (!c.is_int || c.rel == Rel::Dvd) return;  // a divisibility is made with integer coefficients
        mpz_class l = 1;
        for (const Monomial& m : c.poly) mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), m.coeff.get_den_mpz_t());
        mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), c.k.get_den_mpz_t());
        if (l != 1) {
            for (Monomial& m : c.poly) m.coeff *= l;
            c.k *= l;
        }
        if (c.rel == Rel::Lt) {
            c.k += 1;
            c.rel = Rel::Le;
        }
    }

    void eliminate_var(Term x) {
        std::vector<std::size_t> with;
        for (std::size_t i = 0; i < cs_.size(); ++i)
            if (coeff_of(cs_[i], x) != 0) with.push_back(i);
        if (with.empty()) {
            ++out_.exact;
            return;
        }
        const bool is_int = tm_.sort(x) == smt::SortTable::Int;
        bool unit = true, divides = false;
        std::optional<std::size_t> eq;
        for (std::size_t i : with) {
            const mpq_class a = coeff_of(cs_[i], x);
            const bool u = abs(a) == 1;
            unit &= u;
            divides |= cs_[i].rel == Rel::Dvd;
            if (cs_[i].rel == Rel::Eq && (!is_int || u) && !eq) eq = i;
        }
        if (eq) {
            // x = -(rest)/a: substitute into the others.
            const Constraint e = cs_[*eq];
            const mpq_class a = coeff_of(e, x);
            std::vector<Constraint> next;
            for (std::size_t i = 0; i < cs_.size(); ++i) {
                if (i == *eq) continue;
                const mpq_class b = coeff_of(cs_[i], x);
                if (b == 0) {
                    next.push_back(std::move(cs_[i]));
                } else {
                    Constraint r = combine(cs_[i], -b / a, e);
                    r.rel = cs_[i].rel;
                    tighten(r);
                    next.push_back(std::move(r));
                }
            }
            cs_ = std::move(next);
            ++out_.exact;
            return;
        }
        if (is_int && (!unit || divides) && cooper(x, with)) {
            ++out_.exact;
            return;
        }
        if (is_int && (!unit || divides)) {
            // Moduli past kMaxModulus: x := its model value.
            const mpq_class v = m_.evaluate(x).q;
            for (std::size_t i : with) {
                Constraint& c = cs_[i];
                c.k += coeff_of(c, x) * v;
                std::erase_if(c.poly, [&](const Monomial& m) { return m.atom == x; });
            }
            drop_trivial();
            ++out_.by_value;
            return;
        }
        // Bounds: a·x + r REL 0; a > 0 an upper bound x REL -r/a, a < 0 a lower bound.
        struct Bound {
            std::size_t index;
            std::vector<Monomial> poly;  // the bound term -r/a
            mpq_class k;
            bool strict;
            bool lower;
            mpq_class value;
        };
        std::vector<Bound> bounds;
        bool has_lower = false, has_upper = false;
        for (std::size_t i : with) {
            const Constraint& c = cs_[i];
            const mpq_class a = coeff_of(c, x);
            Bound b{i, {}, -c.k / a, c.rel == Rel::Lt, a < 0, 0};
            for (const Monomial& m : c.poly)
                if (m.atom != x) b.poly.push_back({-m.coeff / a, m.atom});
            b.value = value(b.poly, b.k);
            (b.lower ? has_lower : has_upper) = true;
            bounds.push_back(std::move(b));
        }
        std::vector<Constraint> next;
        std::vector<bool> drop(cs_.size(), false);
        for (std::size_t i : with) drop[i] = true;
        for (std::size_t i = 0; i < cs_.size(); ++i)
            if (!drop[i]) next.push_back(std::move(cs_[i]));
        if (has_lower && has_upper) {
            // The greatest lower bound under the model (strict first on ties): x := it (+ε).
            const Bound* best = nullptr;
            for (const Bound& b : bounds)
                if (b.lower && (!best || b.value > best->value || (b.value == best->value && b.strict && !best->strict)))
                    best = &b;
            for (const Bound& b : bounds) {
                if (&b == best) continue;
                Constraint r;
                r.is_int = is_int;
                // lower: b ≤ best (strict when b is strict and best is not);
                // upper: best ≤ b (strict when either is).
                const std::vector<Monomial>& lo = b.lower ? b.poly : best->poly;
                const std::vector<Monomial>& hi = b.lower ? best->poly : b.poly;
                const mpq_class klo = b.lower ? b.k : best->k, khi = b.lower ? best->k : b.k;
                r.poly = lo;
                for (const Monomial& m : hi) r.poly.push_back({-m.coeff, m.atom});
                normalise(r.poly);
                r.k = klo - khi;
                const bool strict = b.lower ? (b.strict && !best->strict) : (b.strict || best->strict);
                r.rel = strict ? Rel::Lt : Rel::Le;
                tighten(r);
                next.push_back(std::move(r));
            }
        }
        cs_ = std::move(next);
        drop_trivial();
        ++out_.exact;
    }

    // Int x with a coefficient other than ±1, or in a divisibility: the model's cell of Cooper's
    // elimination (Bjørner and Janota, LPAR 2015; Spacer's LIA projection). Every constraint is
    // scaled so that x's coefficient is ±L (L the lcm of x's coefficients) and L·x becomes y with
    // L | y; with D the lcm of L and the moduli, y := T + δ for the greatest lower bound T under
    // the model and δ = (M(y) - M(T)) mod D (else T - δ for the least upper bound, else the
    // constant M(y) mod D). The results hold in the model (T + δ ≤ M(y), T + δ ≡ M(y) mod D) and
    // imply ∃x (x = (T + δ)/L satisfies them all). False when D exceeds kMaxModulus.
    bool cooper(Term x, const std::vector<std::size_t>& with) {
        std::vector<Constraint> cx;
        for (std::size_t i : with) {
            if (cs_[i].rel == Rel::Eq) {
                Constraint le = cs_[i], ge = scaled(cs_[i], -1);
                le.rel = ge.rel = Rel::Le;
                cx.push_back(std::move(le));
                cx.push_back(std::move(ge));
            } else {
                cx.push_back(cs_[i]);
            }
        }
        mpz_class L = 1;
        for (const Constraint& c : cx) {
            const mpq_class a = abs(coeff_of(c, x));
            if (a.get_den() != 1) return false;  // tighten made them integral; stay safe
            mpz_lcm(L.get_mpz_t(), L.get_mpz_t(), a.get_num_mpz_t());
        }
        mpz_class D = L;
        for (Constraint& c : cx) {
            const mpq_class f = mpq_class(L) / abs(coeff_of(c, x));
            if (f != 1) {
                c = scaled(std::move(c), f);
                if (c.rel == Rel::Dvd) c.mod *= f.get_num();
            }
            if (c.rel == Rel::Dvd) mpz_lcm(D.get_mpz_t(), D.get_mpz_t(), c.mod.get_mpz_t());
        }
        if (D > kMaxModulus) return false;
        const mpz_class my = L * m_.evaluate(x).q.get_num();  // M(y)
        // The rest of c (without x) and the sign of y in c.
        auto rest = [&](const Constraint& c) {
            Constraint r = c;
            std::erase_if(r.poly, [&](const Monomial& m) { return m.atom == x; });
            return r;
        };
        // T: the bound term as a constraint-shaped linear term (poly + k); sigma: +1 lower, -1 upper.
        std::optional<Constraint> t;
        int sigma = 0;
        mpq_class tv;
        for (const Constraint& c : cx) {
            if (c.rel != Rel::Le) continue;
            if (coeff_of(c, x) < 0) {  // -y + r ≤ 0: y ≥ r
                Constraint r = rest(c);
                const mpq_class v = value(r.poly, r.k);
                if (sigma != 1 || v > tv) t = std::move(r), tv = v, sigma = 1;
            }
        }
        if (sigma == 0)
            for (const Constraint& c : cx) {
                if (c.rel != Rel::Le || coeff_of(c, x) < 0) continue;  // y + r ≤ 0: y ≤ -r
                Constraint r = scaled(rest(c), -1);
                const mpq_class v = value(r.poly, r.k);
                if (sigma != -1 || v < tv) t = std::move(r), tv = v, sigma = -1;
            }
        // y := t + sigma·δ, or the constant M(y) mod D without bounds.
        Constraint y;
        y.is_int = true;
        if (t) {
            y = *t;
            mpz_class diff = sigma == 1 ? mpz_class(my - tv.get_num()) : mpz_class(tv.get_num() - my);
            mpz_class delta;
            mpz_fdiv_r(delta.get_mpz_t(), diff.get_mpz_t(), D.get_mpz_t());
            y.k += sigma == 1 ? mpq_class(delta) : mpq_class(-delta);
        } else {
            mpz_class c0;
            mpz_fdiv_r(c0.get_mpz_t(), my.get_mpz_t(), D.get_mpz_t());
            y.poly.clear();
            y.k = c0;
        }
        std::vector<Constraint> next;
        std::vector<bool> drop(cs_.size(), false);
        for (std::size_t i : with) drop[i] = true;
        for (std::size_t i = 0; i < cs_.size(); ++i)
            if (!drop[i]) next.push_back(std::move(cs_[i]));
        for (const Constraint& c : cx) {
            const mpq_class s = coeff_of(c, x) > 0 ? 1 : -1;
            Constraint r = combine(rest(c), s, y);
            r.rel = c.rel;
            r.mod = c.mod;
            r.is_int = true;
            next.push_back(std::move(r));
        }
        if (L > 1) {  // L | y
            Constraint d = y;
            d.rel = Rel::Dvd;
            d.mod = L;
            next.push_back(std::move(d));
        }
        cs_ = std::move(next);
        drop_trivial();
        return true;
    }

    // Constraints without atoms are true (the model satisfies every constraint); drop them.
    void drop_trivial() {
        std::erase_if(cs_, [](const Constraint& c) { return c.poly.empty(); });
    }

    smt::TermManager& tm_;
    const smt::Model& m_;
    std::unordered_set<Term, smt::TermHash> elim_;
    std::unordered_set<std::uint64_t> scanned_;
    std::vector<Constraint> cs_;
    Projection out_;
};

}  // namespace

std::vector<Term> implicant(smt::TermManager& tm, Term formula, const smt::Model& model) {
    return ImplicantWalk(tm, model).run(formula);
}

Projection project(smt::TermManager& tm, std::span<const Term> literals, std::span<const Term> eliminate,
                   const smt::Model& model) {
    return Projector(tm, model).run(literals, eliminate);
}

}  // namespace craig::verifier::pdr
