// Loos–Weispfenning virtual substitution and Boolean cofactoring (qe_lra.hpp).
#include "itp/qe_lra.hpp"

#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#include "itp/interpolant_size.hpp"

namespace craig::itp {

using smt::Kind;
using smt::Monomial;
using smt::SortTable;
using smt::Term;
using smt::TermHash;
using smt::TermManager;

namespace {

// An atom read as  a·x + rest  ⋈  0  with ⋈ one of <=, <, = (the atom's kind).
struct LinearAtom {
    Kind rel;
    mpq_class a;
    std::vector<Monomial> rest;
    mpq_class constant;
};

// A test point of the elimination set: −∞/+∞ (infinite, direction `eps`), or the term `point`
// shifted by eps·ε (eps ∈ {−1, 0, 1}).
struct TestPoint {
    bool infinite = false;
    int eps = 0;
    Term point;
};

class VirtualSubstitution {
public:
    VirtualSubstitution(TermManager& tm, Term x) : tm_(tm), x_(x) {}

    QeResult run(Term phi, uint64_t max_nodes) {
        if (!contains_x(phi)) return {phi, {}};
        if (std::string why = collect(phi); !why.empty()) return {Term{}, why};
        const std::vector<TestPoint>& points = lower_.size() <= upper_.size() ? lower_ : upper_;
        const int infinity = lower_.size() <= upper_.size() ? -1 : 1;
        std::vector<Term> disjuncts;
        std::vector<TestPoint> all{{true, infinity, Term{}}};
        all.insert(all.end(), points.begin(), points.end());
        uint64_t nodes = 0;
        for (const TestPoint& p : all) {
            Term d = substitute(phi, p);
            if (d == tm_.mk_true()) return {d, {}};
            disjuncts.push_back(d);
            nodes += term_size(tm_, d).dag_nodes;
            if (nodes > max_nodes)
                return {Term{}, "quantifier elimination result above " + std::to_string(max_nodes) + " nodes"};
        }
        return {tm_.mk_or(disjuncts), {}};
    }

private:
    bool contains_x(Term root) {
        std::vector<std::pair<Term, bool>> stack{{root, false}};
        while (!stack.empty()) {
            auto [t, expanded] = stack.back();
            stack.pop_back();
            if (has_x_.count(t.id)) continue;
            if (t == x_) {
                has_x_[t.id] = true;
                continue;
            }
            if (tm_.num_children(t) == 0) {
                has_x_[t.id] = false;
                continue;
            }
            if (!expanded) {
                stack.push_back({t, true});
                for (Term c : tm_.children(t))
                    if (!has_x_.count(c.id)) stack.push_back({c, false});
                continue;
            }
            bool any = false;
            for (Term c : tm_.children(t)) any = any || has_x_.at(c.id);
            has_x_[t.id] = any;
        }
        return has_x_.at(root.id);
    }

    static bool is_arith_relation(const TermManager& tm, Term t) {
        Kind k = tm.kind(t);
        if (k == Kind::Leq || k == Kind::Lt) return true;
        return (k == Kind::Eq || k == Kind::Distinct) && tm.is_arith(tm.child(t, 0));
    }

    // `t` (Leq, Lt or arithmetic Eq) as a·x + rest ⋈ 0; empty `why` on success.
    std::string linearize(Term t, LinearAtom& out) {
        out.rel = tm_.kind(t);
        out.a = 0;
        out.rest.clear();
        out.constant = 0;
        std::vector<Monomial> ms;
        mpq_class k0 = 0, k1 = 0;
        tm_.as_polynomial(tm_.child(t, 0), ms, k0);
        const size_t left = ms.size();
        tm_.as_polynomial(tm_.child(t, 1), ms, k1);
        for (size_t i = left; i < ms.size(); ++i) ms[i].coeff = -ms[i].coeff;
        out.constant = k0 - k1;
        for (Monomial& m : ms) {
            if (m.atom == x_) {
                out.a += m.coeff;
            } else if (contains_x(m.atom)) {
                return "the eliminated variable occurs inside the non-linear or uninterpreted term in the atom";
            } else {
                out.rest.push_back(std::move(m));
            }
        }
        return {};
    }

    // Test points of both elimination sets from every x-atom and the polarities it occurs in.
    std::string collect(Term phi) {
        enum : uint8_t { Pos = 1, Neg = 2, Both = 3 };
        std::unordered_map<uint32_t, uint8_t> seen;
        std::vector<std::pair<Term, uint8_t>> stack{{phi, Pos}};
        std::set<std::pair<uint32_t, int>> have_lower, have_upper;
        auto flip = [](uint8_t p) -> uint8_t {
            return static_cast<uint8_t>(((p & Pos) ? Neg : 0) | ((p & Neg) ? Pos : 0));
        };
        LinearAtom la;
        while (!stack.empty()) {
            auto [t, pol] = stack.back();
            stack.pop_back();
            if (!contains_x(t)) continue;
            uint8_t& s = seen[t.id];
            if ((s | pol) == s) continue;
            pol = static_cast<uint8_t>(pol & ~s);
            s |= pol;
            const Kind k = tm_.kind(t);
            auto kids = tm_.children(t);
            if (is_arith_relation(tm_, t)) {
                if (k == Kind::Distinct) {
                    for (size_t i = 0; i < kids.size(); ++i)
                        for (size_t j = i + 1; j < kids.size(); ++j)
                            stack.push_back({tm_.mk_eq(kids[i], kids[j]), flip(pol)});
                    continue;
                }
                if (std::string why = linearize(t, la); !why.empty()) return why;
                if (la.a == 0) continue;
                // Boundary point e = −rest/a.
                std::vector<Monomial> ms;
                for (const Monomial& m : la.rest) ms.push_back({-m.coeff / la.a, m.atom});
                Term e = tm_.mk_linear(std::move(ms), -la.constant / la.a, SortTable::Real);
                for (uint8_t side : {Pos, Neg}) {
                    if (!(pol & side)) continue;
                    // The literal as it holds: a·x + rest ⋈ 0 (Pos) or its negation (Neg).
                    const bool positive = side == Pos;
                    int lower = 2, upper = 2;  // 2: no point; else the ε shift of the point
                    if (k == Kind::Eq) {
                        if (positive)
                            lower = upper = 0;
                        else {
                            lower = 1;
                            upper = -1;
                        }
                    } else {
                        const bool strict = (k == Kind::Lt) == positive;  // ¬(d <= 0) is d > 0, ¬(d < 0) is d >= 0
                        const bool x_below = (la.a > 0) == positive;      // the literal bounds x from above
                        if (x_below)
                            upper = strict ? -1 : 0;
                        else
                            lower = strict ? 1 : 0;
                    }
                    if (lower != 2 && have_lower.insert({e.id, lower}).second) lower_.push_back({false, lower, e});
                    if (upper != 2 && have_upper.insert({e.id, upper}).second) upper_.push_back({false, upper, e});
                }
                continue;
            }
            switch (k) {
                case Kind::Not: stack.push_back({kids[0], flip(pol)}); break;
                case Kind::And:
                case Kind::Or:
                    for (Term c : kids) stack.push_back({c, pol});
                    break;
                case Kind::Implies:
                    stack.push_back({kids[0], flip(pol)});
                    stack.push_back({kids[1], pol});
                    break;
                case Kind::Ite:
                    if (!tm_.is_bool(t)) return "the eliminated variable occurs in an arithmetic ite";
                    stack.push_back({kids[0], Both});
                    stack.push_back({kids[1], pol});
                    stack.push_back({kids[2], pol});
                    break;
                case Kind::Xor:
                case Kind::Eq:
                case Kind::Distinct:
                    if (!tm_.is_bool(kids[0]))
                        return "the eliminated variable occurs in an equality of uninterpreted sort";
                    for (Term c : kids) stack.push_back({c, Both});
                    break;
                default: return std::string("the eliminated variable occurs under ") + std::string(smt::kind_name(k));
            }
        }
        return {};
    }

    // The atom a·x + rest ⋈ 0 at the test point.
    Term substitute_atom(Term t, const TestPoint& p) {
        LinearAtom la;
        linearize(t, la);  // cannot fail: collect() read every atom
        if (la.a == 0) return t;
        const Kind k = la.rel;
        if (p.infinite) {
            // a·x → sign(a)·p.eps·∞.
            if (k == Kind::Eq) return tm_.mk_false();
            return tm_.mk_bool((la.a > 0) != (p.eps > 0));
        }
        // q = a·s + rest.
        std::vector<Monomial> ms = la.rest;
        mpq_class k0 = la.constant;
        std::vector<Monomial> sub;
        mpq_class ks = 0;
        tm_.as_polynomial(p.point, sub, ks);
        for (Monomial& m : sub) ms.push_back({m.coeff * la.a, m.atom});
        k0 += ks * la.a;
        Term q = tm_.mk_linear(std::move(ms), k0, SortTable::Real);
        Term zero = tm_.mk_numeral(0, SortTable::Real);
        if (p.eps == 0) {
            if (k == Kind::Eq) return tm_.mk_eq(q, zero);
            return k == Kind::Lt ? tm_.mk_lt(q, zero) : tm_.mk_leq(q, zero);
        }
        // q + a·eps·ε ⋈ 0 for every small enough ε > 0.
        if (k == Kind::Eq) return tm_.mk_false();
        return (la.a > 0) == (p.eps > 0) ? tm_.mk_lt(q, zero) : tm_.mk_leq(q, zero);
    }

    Term substitute(Term root, const TestPoint& p) {
        std::unordered_map<uint32_t, Term> done;
        std::vector<std::pair<Term, bool>> stack{{root, false}};
        std::vector<Term> kids;
        while (!stack.empty()) {
            auto [t, expanded] = stack.back();
            stack.pop_back();
            if (done.count(t.id)) continue;
            if (!contains_x(t)) {
                done[t.id] = t;
                continue;
            }
            const Kind k = tm_.kind(t);
            if (is_arith_relation(tm_, t) && k != Kind::Distinct) {
                done[t.id] = substitute_atom(t, p);
                continue;
            }
            if (k == Kind::Distinct && tm_.is_arith(tm_.child(t, 0))) {
                // Pairwise disequalities; each equality is substituted as an atom.
                std::vector<Term> parts;
                auto args = tm_.children(t);
                for (size_t i = 0; i < args.size(); ++i)
                    for (size_t j = i + 1; j < args.size(); ++j) {
                        Term eq = tm_.mk_eq(args[i], args[j]);
                        contains_x(eq);
                        parts.push_back(tm_.mk_not(is_arith_relation(tm_, eq) ? substitute_atom(eq, p) : eq));
                    }
                done[t.id] = tm_.mk_and(parts);
                continue;
            }
            if (!expanded) {
                stack.push_back({t, true});
                for (Term c : tm_.children(t))
                    if (!done.count(c.id)) stack.push_back({c, false});
                continue;
            }
            kids.clear();
            for (Term c : tm_.children(t)) kids.push_back(done.at(c.id));
            done[t.id] = tm_.rebuild(t, kids);
        }
        return done.at(root.id);
    }

    TermManager& tm_;
    Term x_;
    std::unordered_map<uint32_t, bool> has_x_;
    std::vector<TestPoint> lower_, upper_;
};

}  // namespace

QeResult exists_real(TermManager& tm, smt::FuncId x, Term phi, uint64_t max_nodes) {
    const smt::FuncDecl& d = tm.func(x);
    if (!d.domain.empty() || d.range != SortTable::Real) return {Term{}, "'" + d.name + "' is not a Real constant"};
    return VirtualSubstitution(tm, tm.mk_const(x)).run(phi, max_nodes);
}

QeResult eliminate(TermManager& tm, Term phi, std::span<const smt::FuncId> symbols, bool exists, uint64_t max_nodes) {
    Term f = exists ? phi : tm.mk_not(phi);
    for (smt::FuncId s : symbols) {
        const smt::FuncDecl& d = tm.func(s);
        if (!d.domain.empty()) return {Term{}, "cannot eliminate the function symbol '" + d.name + "'"};
        if (d.range == SortTable::Bool) {
            Term b = tm.mk_const(s);
            std::unordered_map<Term, Term, TermHash> pos{{b, tm.mk_true()}}, neg{{b, tm.mk_false()}};
            f = tm.mk_or(tm.substitute(f, pos), tm.substitute(f, neg));
            if (term_size(tm, f).dag_nodes > max_nodes)
                return {Term{}, "quantifier elimination result above " + std::to_string(max_nodes) + " nodes"};
        } else if (d.range == SortTable::Real) {
            QeResult r = exists_real(tm, s, f, max_nodes);
            if (!r.ok()) return r;
            f = r.formula;
        } else {
            return {Term{}, "cannot eliminate '" + d.name + "' of sort " + tm.sorts().name(d.range)};
        }
    }
    return {exists ? f : tm.mk_not(f), {}};
}

}  // namespace craig::itp
