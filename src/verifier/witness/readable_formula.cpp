#include "verifier/witness/readable_formula.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace craig::verifier {

namespace {

using smt::Kind;
using smt::Term;

// Fourier-Motzkin combines at most this many pairs per eliminated constant; beyond, the
// constraints on it are dropped (a weaker result, still implied).
constexpr std::size_t kMaxCombinations = 256;
// Cubes merged pairwise only up to this many disjuncts (each round is quadratic).
constexpr std::size_t kMaxMergedCubes = 64;

using Raw = std::map<Term, mpz_class>;  // atom -> coefficient, no zeros
using Form = std::vector<std::pair<Term, mpz_class>>;

struct Interval {
    std::optional<mpz_class> lo, hi;
    bool empty() const { return lo && hi && *lo > *hi; }
    bool operator==(const Interval&) const = default;
};

// lo <= form <= hi; form normalised (coprime, first coefficient positive).
struct Constraint {
    Form form;
    Interval bounds;
};

struct Cube {
    std::vector<Constraint> linear;  // one per form, in order of first appearance
    std::vector<Term> other;         // no duplicates
    bool is_false = false;
};

mpz_class floor_div(const mpz_class& a, const mpz_class& b) {
    mpz_class q;
    mpz_fdiv_q(q.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
    return q;
}
mpz_class ceil_div(const mpz_class& a, const mpz_class& b) {
    mpz_class q;
    mpz_cdiv_q(q.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
    return q;
}

// lo <= raw <= hi as a normalised constraint (an integer form: the bounds round inwards).
Constraint normalised(const Raw& raw, Interval b) {
    Constraint c;
    mpz_class g = 0;
    for (const auto& [atom, k] : raw) g = gcd(g, k);
    if (g == 0) {  // no atoms: 0 in b or not; callers test forms for emptiness first
        c.bounds = b;
        return c;
    }
    const bool negate = raw.begin()->second < 0;
    for (const auto& [atom, k] : raw) c.form.emplace_back(atom, negate ? mpz_class(-k / g) : mpz_class(k / g));
    if (b.lo) b.lo = ceil_div(*b.lo, g);
    if (b.hi) b.hi = floor_div(*b.hi, g);
    if (negate) {
        Interval n;
        if (b.hi) n.lo = -*b.hi;
        if (b.lo) n.hi = -*b.lo;
        b = n;
    }
    c.bounds = b;
    return c;
}

Raw raw_of(const Form& f) { return Raw(f.begin(), f.end()); }

class Reader {
public:
    Reader(smt::TermManager& tm, const AtomRange* range) : tm_(tm), range_(range) {}

    // ---- formulas as cubes ----

    std::vector<Term> disjuncts(Term t) const {
        std::vector<Term> out;
        flatten(t, Kind::Or, out);
        return out;
    }

    // `simplify_others`: the other conjuncts are simplified themselves (not when projecting).
    Cube cube(Term t, bool simplify_others) {
        Cube c;
        std::vector<Term> conjuncts;
        flatten(t, Kind::And, conjuncts);
        for (Term a : conjuncts) add_conjunct(c, a, simplify_others);
        return c;
    }

    Term term(const Cube& c) {
        if (c.is_false) return tm_.mk_false();
        std::vector<Term> parts;
        for (const Constraint& k : c.linear) {
            if (k.form.empty()) {
                if (k.bounds.empty() || (k.bounds.lo && *k.bounds.lo > 0) || (k.bounds.hi && *k.bounds.hi < 0))
                    return tm_.mk_false();
                continue;
            }
            std::vector<smt::Monomial> ms;
            for (const auto& [atom, coeff] : k.form) ms.push_back({mpq_class(coeff), atom});
            const Term f = tm_.mk_linear(std::move(ms), 0, smt::SortTable::Int);
            const auto& [lo, hi] = k.bounds;
            if (lo && hi && *lo == *hi) {
                parts.push_back(tm_.mk_eq(f, num(*lo)));
                continue;
            }
            if (lo) parts.push_back(tm_.mk_leq(num(*lo), f));
            if (hi) parts.push_back(tm_.mk_leq(f, num(*hi)));
        }
        parts.insert(parts.end(), c.other.begin(), c.other.end());
        return tm_.mk_and(parts);
    }

    Term disjunction(const std::vector<Cube>& cubes) {
        std::vector<Term> ds;
        for (const Cube& c : cubes) ds.push_back(term(c));
        return tm_.mk_or(ds);
    }

    // ---- simplification ----

    void simplify(Cube& c) {
        if (c.is_false) return;
        move_bounds_across_equalities(c);
        for (std::size_t i = 0; i < c.linear.size();) {
            Constraint& k = c.linear[i];
            if (k.bounds.empty()) {
                c.is_false = true;
                return;
            }
            if (auto r = form_range(k.form)) {
                if ((k.bounds.lo && *k.bounds.lo > r->second) || (k.bounds.hi && *k.bounds.hi < r->first)) {
                    c.is_false = true;
                    return;
                }
                if (k.bounds.lo && *k.bounds.lo <= r->first) k.bounds.lo.reset();
                if (k.bounds.hi && *k.bounds.hi >= r->second) k.bounds.hi.reset();
            }
            if (!k.bounds.lo && !k.bounds.hi)
                c.linear.erase(c.linear.begin() + static_cast<std::ptrdiff_t>(i));
            else
                ++i;
        }
    }

    // Drops cubes another implies and merges pairs that differ in one interval, to a fixpoint.
    void merge(std::vector<Cube>& cubes) {
        if (cubes.size() > kMaxMergedCubes) return;
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t i = 0; i < cubes.size() && !changed; ++i)
                for (std::size_t j = i + 1; j < cubes.size() && !changed; ++j) {
                    if (implies(cubes[j], cubes[i])) {
                        cubes.erase(cubes.begin() + static_cast<std::ptrdiff_t>(j));
                        changed = true;
                    } else if (implies(cubes[i], cubes[j])) {
                        cubes.erase(cubes.begin() + static_cast<std::ptrdiff_t>(i));
                        changed = true;
                    } else if (union_of(cubes[i], cubes[j])) {
                        simplify(cubes[i]);
                        cubes.erase(cubes.begin() + static_cast<std::ptrdiff_t>(j));
                        changed = true;
                    }
                }
        }
    }

    // ---- projection ----

    void eliminate(Cube& c, Term x) {
        if (c.is_false) return;
        // Forms whose other atoms mention x (an operator application over it) are dropped.
        std::erase_if(c.linear, [&](const Constraint& k) {
            return std::any_of(k.form.begin(), k.form.end(),
                               [&](const auto& m) { return m.first != x && mentions(m.first, x); });
        });
        for (std::size_t i = 0; i < c.linear.size(); ++i)
            if (unit_equality(c.linear[i], x)) {
                substitute(c, i, x);
                return;
            }
        std::erase_if(c.other, [&](Term t) { return mentions(t, x); });
        // Each constraint as upper bounds (form <= hi); those with x split by its sign.
        std::vector<std::pair<Raw, mpz_class>> pos, neg;
        std::vector<Constraint> rest;
        for (const Constraint& k : c.linear) {
            const mpz_class a = coefficient(k.form, x);
            if (a == 0) {
                rest.push_back(k);
                continue;
            }
            const Raw f = raw_of(k.form);
            if (k.bounds.hi) (a > 0 ? pos : neg).emplace_back(f, *k.bounds.hi);
            if (k.bounds.lo) (a > 0 ? neg : pos).emplace_back(scaled(f, -1), -*k.bounds.lo);
        }
        c.linear = std::move(rest);
        if (pos.size() * neg.size() > kMaxCombinations) return;
        for (const auto& [p, hp] : pos)
            for (const auto& [n, hn] : neg) {
                const mpz_class a = p.at(x), b = -n.at(x);  // both > 0
                Raw sum = scaled(p, b);
                add(sum, n, a);
                sum.erase(x);
                const mpz_class bound = b * hp + a * hn;
                if (sum.empty()) {
                    if (bound < 0) c.is_false = true;
                    continue;
                }
                insert(c, normalised(sum, Interval{std::nullopt, bound}));
            }
    }

private:
    Term num(const mpz_class& v) const { return tm_.mk_numeral(mpq_class(v), smt::SortTable::Int); }

    void flatten(Term t, Kind k, std::vector<Term>& out) const {
        if (tm_.kind(t) == k) {
            for (Term c : tm_.children(t)) flatten(c, k, out);
            return;
        }
        out.push_back(t);
    }

    void add_conjunct(Cube& c, Term a, bool simplify_others) {
        if (c.is_false || a == tm_.mk_true()) return;
        if (a == tm_.mk_false()) {
            c.is_false = true;
            return;
        }
        if (auto k = constraint(a)) {
            if (k->form.empty()) {
                if (k->bounds.empty() || (k->bounds.lo && *k->bounds.lo > 0) || (k->bounds.hi && *k->bounds.hi < 0))
                    c.is_false = true;
                return;
            }
            insert(c, *k);
            return;
        }
        if (simplify_others && tm_.kind(a) == Kind::Or) {
            const Term s = simplified(a);
            if (s != a && tm_.kind(s) != Kind::Or) {
                std::vector<Term> parts;
                flatten(s, Kind::And, parts);
                for (Term p : parts) add_conjunct(c, p, false);
                return;
            }
            a = s;
        }
        if (std::none_of(c.other.begin(), c.other.end(), [&](Term o) { return same_conjunct(o, a); }))
            c.other.push_back(a);
    }

    // Equal, or disjunctions of the same disjuncts in another order.
    bool same_conjunct(Term a, Term b) const {
        if (a == b) return true;
        if (tm_.kind(a) != Kind::Or || tm_.kind(b) != Kind::Or || tm_.num_children(a) != tm_.num_children(b))
            return false;
        std::vector<Term> x(tm_.children(a).begin(), tm_.children(a).end());
        std::vector<Term> y(tm_.children(b).begin(), tm_.children(b).end());
        std::sort(x.begin(), x.end());
        std::sort(y.begin(), y.end());
        return x == y;
    }

public:
    Term simplified(Term t) {
        std::vector<Cube> cubes;
        for (Term d : disjuncts(t)) {
            Cube c = cube(d, true);
            simplify(c);
            if (c.is_false) continue;
            if (c.linear.empty() && c.other.empty()) return tm_.mk_true();
            cubes.push_back(std::move(c));
        }
        merge(cubes);
        return disjunction(cubes);
    }

private:
    // An Int comparison as a constraint; nothing for anything else (kept as a conjunct).
    std::optional<Constraint> constraint(Term t) const {
        bool negated = false;
        while (tm_.kind(t) == Kind::Not) {
            negated = !negated;
            t = tm_.child(t, 0);
        }
        const Kind k = tm_.kind(t);
        if (k != Kind::Leq && k != Kind::Lt && k != Kind::Eq) return std::nullopt;
        if (tm_.num_children(t) != 2 || tm_.sort(tm_.child(t, 0)) != smt::SortTable::Int ||
            tm_.sort(tm_.child(t, 1)) != smt::SortTable::Int)
            return std::nullopt;
        if (k == Kind::Eq && negated) return std::nullopt;
        std::map<Term, mpq_class> q;
        mpq_class konst = 0;
        linear(tm_.child(t, 0), 1, q, konst);
        linear(tm_.child(t, 1), -1, q, konst);
        // Scale to integers: F + K (op) 0 with integer F, K.
        mpz_class den = konst.get_den();
        for (const auto& [a, c] : q) den = lcm(den, mpz_class(c.get_den()));
        Raw raw;
        for (const auto& [a, c] : q)
            if (c != 0) raw[a] = mpq_class(c * den).get_num();
        const mpz_class K = mpq_class(konst * den).get_num();
        Interval b;
        if (k == Kind::Eq) {
            b.lo = mpz_class(-K);
            b.hi = mpz_class(-K);
        } else if (k == Kind::Leq) {
            if (negated) b.lo = mpz_class(1 - K);
            else b.hi = mpz_class(-K);
        } else {
            if (negated) b.lo = mpz_class(-K);
            else b.hi = mpz_class(-K - 1);
        }
        if (raw.empty()) return Constraint{{}, b};
        return normalised(raw, b);
    }

    void linear(Term t, const mpq_class& factor, std::map<Term, mpq_class>& q, mpq_class& konst) const {
        switch (tm_.kind(t)) {
            case Kind::Numeral: konst += factor * tm_.numeral(t); return;
            case Kind::Linear:
                for (std::size_t i = 0; i < tm_.num_children(t); ++i)
                    linear(tm_.child(t, i), factor * tm_.coeff(t, i), q, konst);
                konst += factor * tm_.constant(t);
                return;
            default: q[t] += factor; return;
        }
    }

    static bool same_form(const Form& a, const Form& b) { return a == b; }

    static void insert(Cube& c, const Constraint& k) {
        for (Constraint& e : c.linear)
            if (same_form(e.form, k.form)) {
                if (k.bounds.lo && (!e.bounds.lo || *k.bounds.lo > *e.bounds.lo)) e.bounds.lo = k.bounds.lo;
                if (k.bounds.hi && (!e.bounds.hi || *k.bounds.hi < *e.bounds.hi)) e.bounds.hi = k.bounds.hi;
                if (e.bounds.empty()) c.is_false = true;
                return;
            }
        c.linear.push_back(k);
        if (k.bounds.empty()) c.is_false = true;
    }

    std::optional<std::pair<mpz_class, mpz_class>> form_range(const Form& f) const {
        if (!range_ || !*range_) return std::nullopt;
        mpz_class lo = 0, hi = 0;
        for (const auto& [atom, k] : f) {
            auto r = (*range_)(atom);
            if (!r) return std::nullopt;
            lo += k > 0 ? k * r->first : k * r->second;
            hi += k > 0 ? k * r->second : k * r->first;
        }
        return std::pair{lo, hi};
    }

    // x == y + c (or x == c - y): every bound on the form y alone becomes one on x, for a
    // reader sees each value bounded once.
    static void move_bounds_across_equalities(Cube& c) {
        for (bool moved = true; moved && !c.is_false;) {
            moved = false;
            for (std::size_t e = 0; e < c.linear.size() && !moved; ++e) {
                const Constraint& eq = c.linear[e];
                if (eq.form.size() != 2 || !eq.bounds.lo || !eq.bounds.hi || *eq.bounds.lo != *eq.bounds.hi) continue;
                if (abs(eq.form[0].second) != 1 || abs(eq.form[1].second) != 1) continue;
                const Term x = eq.form[0].first, y = eq.form[1].first;
                const mpz_class v = *eq.bounds.lo, b = eq.form[1].second;  // x + b*y == v
                for (std::size_t i = 0; i < c.linear.size(); ++i) {
                    const Constraint& ky = c.linear[i];
                    if (ky.form.size() != 1 || ky.form[0].first != y) continue;
                    // x = v - b*y
                    Interval ix;
                    const auto& [lo, hi] = ky.bounds;
                    if (b < 0) {
                        if (lo) ix.lo = v + *lo;
                        if (hi) ix.hi = v + *hi;
                    } else {
                        if (hi) ix.lo = v - *hi;
                        if (lo) ix.hi = v - *lo;
                    }
                    c.linear.erase(c.linear.begin() + static_cast<std::ptrdiff_t>(i));
                    insert(c, Constraint{{{x, 1}}, ix});
                    moved = true;
                    break;
                }
            }
        }
    }

    // Every constraint (and other conjunct) of b is one of a, or a's is inside b's interval.
    bool implies(const Cube& a, const Cube& b) const {
        for (Term t : b.other)
            if (std::none_of(a.other.begin(), a.other.end(), [&](Term o) { return same_conjunct(o, t); }))
                return false;
        for (const Constraint& kb : b.linear) {
            auto ka = std::find_if(a.linear.begin(), a.linear.end(),
                                   [&](const Constraint& k) { return same_form(k.form, kb.form); });
            if (ka == a.linear.end()) return false;
            if (kb.bounds.lo && (!ka->bounds.lo || *ka->bounds.lo < *kb.bounds.lo)) return false;
            if (kb.bounds.hi && (!ka->bounds.hi || *ka->bounds.hi > *kb.bounds.hi)) return false;
        }
        return true;
    }

    // a := a || b when they differ only in the interval of one form and the union of the two
    // intervals is an interval of the integers.
    static bool union_of(Cube& a, const Cube& b) {
        if (a.linear.size() != b.linear.size() || a.other.size() != b.other.size()) return false;
        for (Term t : b.other)
            if (std::find(a.other.begin(), a.other.end(), t) == a.other.end()) return false;
        Constraint* differs = nullptr;
        const Constraint* with = nullptr;
        for (const Constraint& kb : b.linear) {
            auto ka = std::find_if(a.linear.begin(), a.linear.end(),
                                   [&](const Constraint& k) { return same_form(k.form, kb.form); });
            if (ka == a.linear.end()) return false;
            if (ka->bounds == kb.bounds) continue;
            if (differs) return false;
            differs = &*ka;
            with = &kb;
        }
        if (!differs) return false;
        const Interval &x = differs->bounds, &y = with->bounds;
        // Overlapping or adjacent: neither lies entirely above the other plus one.
        if (x.lo && y.hi && *x.lo > *y.hi + 1) return false;
        if (y.lo && x.hi && *y.lo > *x.hi + 1) return false;
        Interval u;
        if (x.lo && y.lo) u.lo = std::min(*x.lo, *y.lo);
        if (x.hi && y.hi) u.hi = std::max(*x.hi, *y.hi);
        differs->bounds = u;
        if (!u.lo && !u.hi) a.linear.erase(a.linear.begin() + (differs - a.linear.data()));
        return true;
    }

    static mpz_class coefficient(const Form& f, Term x) {
        for (const auto& [atom, k] : f)
            if (atom == x) return k;
        return 0;
    }

    static bool unit_equality(const Constraint& k, Term x) {
        return k.bounds.lo && k.bounds.hi && *k.bounds.lo == *k.bounds.hi && abs(coefficient(k.form, x)) == 1;
    }

    static Raw scaled(const Raw& r, const mpz_class& s) {
        Raw out;
        for (const auto& [a, k] : r) out[a] = k * s;
        return out;
    }
    static void add(Raw& into, const Raw& r, const mpz_class& s) {
        for (const auto& [a, k] : r) {
            mpz_class& v = into[a];
            v += k * s;
            if (v == 0) into.erase(a);
        }
    }

    // Eliminates x by the equality c.linear[e] (x's coefficient +-1): exact.
    void substitute(Cube& c, std::size_t e, Term x) {
        const Constraint eq = c.linear[e];
        c.linear.erase(c.linear.begin() + static_cast<std::ptrdiff_t>(e));
        const mpz_class ex = coefficient(eq.form, x), v = *eq.bounds.lo;  // ex*x + rest == v
        // x == ex * (v - rest)
        Raw rest = raw_of(eq.form);
        rest.erase(x);
        std::vector<Constraint> old = std::move(c.linear);
        c.linear.clear();
        for (Constraint& k : old) {
            const mpz_class a = coefficient(k.form, x);
            if (a == 0) {
                insert(c, k);
                continue;
            }
            // k.form = a*x + f  ==  a*ex*v - a*ex*rest + f
            Raw f = raw_of(k.form);
            f.erase(x);
            add(f, rest, -a * ex);
            const mpz_class shift = a * ex * v;
            Interval b;
            if (k.bounds.lo) b.lo = *k.bounds.lo - shift;
            if (k.bounds.hi) b.hi = *k.bounds.hi - shift;
            if (f.empty()) {
                if (b.empty() || (b.lo && *b.lo > 0) || (b.hi && *b.hi < 0)) c.is_false = true;
                continue;
            }
            insert(c, normalised(f, b));
        }
        std::vector<smt::Monomial> ms;
        for (const auto& [a, k] : rest) ms.push_back({mpq_class(-ex * k), a});
        const Term value = tm_.mk_linear(std::move(ms), mpq_class(ex * v), smt::SortTable::Int);
        std::vector<Term> other = std::move(c.other);
        c.other.clear();
        for (Term t : other) {
            const Term s = tm_.substitute(t, std::unordered_map<Term, Term, smt::TermHash>{{x, value}});
            if (s == tm_.mk_true()) continue;
            if (s == tm_.mk_false()) c.is_false = true;
            if (std::find(c.other.begin(), c.other.end(), s) == c.other.end()) c.other.push_back(s);
        }
    }

    bool mentions(Term t, Term x) {
        if (t == x) return true;
        auto key = std::pair{t.id, x.id};
        if (auto it = mentions_.find(key); it != mentions_.end()) return it->second;
        bool r = false;
        for (Term c : tm_.children(t))
            if (mentions(c, x)) {
                r = true;
                break;
            }
        mentions_[key] = r;
        return r;
    }

    struct PairHash {
        std::size_t operator()(const std::pair<std::uint32_t, std::uint32_t>& p) const {
            return std::hash<std::uint64_t>{}((std::uint64_t{p.first} << 32) | p.second);
        }
    };

    smt::TermManager& tm_;
    const AtomRange* range_;
    std::unordered_map<std::pair<std::uint32_t, std::uint32_t>, bool, PairHash> mentions_;
};

}  // namespace

Term simplify_for_reading(smt::TermManager& tm, Term formula, const AtomRange& range) {
    return Reader(tm, &range).simplified(formula);
}

Term project_out(smt::TermManager& tm, Term formula, const std::vector<Term>& eliminate) {
    if (eliminate.empty()) return formula;
    Reader r(tm, nullptr);
    std::vector<Cube> cubes;
    for (Term d : r.disjuncts(formula)) {
        Cube c = r.cube(d, false);
        for (Term x : eliminate) r.eliminate(c, x);
        if (c.is_false) continue;
        cubes.push_back(std::move(c));
    }
    return r.disjunction(cubes);
}

}  // namespace craig::verifier
