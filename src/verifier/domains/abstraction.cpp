#include "verifier/domains/abstraction.hpp"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace craig::verifier {

namespace {

using smt::Kind;
using smt::Term;

// ---- the lattice operations, by overload on the lattice

Abstract<Box> excluded(const BoxLattice&, VarId, const mpq_class&, bool) { return {Box::top(), false}; }
Abstract<Box> meet_of(const BoxLattice&, const Abstract<Box>& a, const Abstract<Box>& b) {
    return {meet(a.value, b.value), a.exact && b.exact};
}
Abstract<Box> join_of(const BoxLattice&, const Abstract<Box>& a, const Abstract<Box>& b) {
    Box j = join(a.value, b.value);
    const bool exact = a.exact && b.exact && (j == a.value || j == b.value);  // one contains the other
    return {std::move(j), exact};
}

Abstract<Boxes> capped(const BoxesLattice& l, Boxes b, bool exact) {
    const bool merged = b.merge_to(l.max_boxes);
    return {std::move(b), exact && !merged};
}
// x != c as x < c or x > c (over the integers x <= c - 1 or x >= c + 1): exact.
Abstract<Boxes> excluded(const BoxesLattice& l, VarId v, const mpq_class& c, bool real) {
    Box lower, upper;
    const Interval point = real ? Interval::real_point(c) : Interval::point(c);
    lower.set(v, below(point));
    upper.set(v, above(point));
    return capped(l, unite(Boxes(lower), Boxes(upper)), true);
}
Abstract<Boxes> meet_of(const BoxesLattice& l, const Abstract<Boxes>& a, const Abstract<Boxes>& b) {
    // The intersection has up to |a|·|b| boxes: the larger operand is merged first until the
    // product is at most 4·max, so that bounding the result stays cheap.
    Boxes x = a.value, y = b.value;
    bool exact = a.exact && b.exact;
    while (x.size() * y.size() > 4 * std::max<std::size_t>(l.max_boxes, 1)) {
        Boxes& larger = x.size() >= y.size() ? x : y;
        if (larger.merge_to(larger.size() / 2)) exact = false;
    }
    return capped(l, intersect(x, y), exact);
}
Abstract<Boxes> join_of(const BoxesLattice& l, const Abstract<Boxes>& a, const Abstract<Boxes>& b) {
    return capped(l, unite(a.value, b.value), a.exact && b.exact);
}

template <class Element>
Abstract<Element> bound(VarId v, const Interval& i) {
    Box b;
    b.set(v, i);
    return {Element(b), true};
}

// The comparison a·x REL c read as x REL' c/a: the relation, after flipping for a < 0.
enum class Rel { Le, Lt, Ge, Gt };
Rel flip(Rel r) {
    switch (r) {
        case Rel::Le: return Rel::Ge;
        case Rel::Lt: return Rel::Gt;
        case Rel::Ge: return Rel::Le;
        case Rel::Gt: return Rel::Lt;
    }
    return r;
}
// The values x with x REL q: over the integers rounded to integral closed bounds, over the
// reals exact (strict for < and >).
Interval interval_of(Rel r, const mpq_class& q, bool real) {
    if (real) {
        switch (r) {
            case Rel::Le: return Interval::real_at_most(q);
            case Rel::Lt: return Interval::real_at_most(q, true);
            case Rel::Ge: return Interval::real_at_least(q);
            case Rel::Gt: return Interval::real_at_least(q, true);
        }
    }
    switch (r) {
        case Rel::Le: return Interval::at_most(floor_z(q));
        case Rel::Lt: return Interval::at_most(ceil_z(q) - 1);
        case Rel::Ge: return Interval::at_least(ceil_z(q));
        case Rel::Gt: return Interval::at_least(floor_z(q) + 1);
    }
    return Interval::top();
}

}  // namespace

template <class Lattice>
const Abstract<typename Lattice::Element>& Abstraction<Lattice>::operator()(Term f) {
    const Key root{f, true};
    if (auto it = memo_.find(root); it != memo_.end()) return it->second;
    const smt::TermManager& tm = p_.terms();
    struct Frame {
        Key key;
        bool expanded;
    };
    std::vector<Frame> stack{{root, false}};
    std::vector<Key> parts;
    while (!stack.empty()) {
        const Key k = stack.back().key;
        if (memo_.count(k)) {
            stack.pop_back();
            continue;
        }
        if (!is_connective(k.t)) {
            memo_.emplace(k, literal(k.t, k.positive));
            stack.pop_back();
            continue;
        }
        if (stack.back().expanded) {
            memo_.emplace(k, combine(k.t, k.positive));
            stack.pop_back();
            continue;
        }
        stack.back().expanded = true;
        parts.clear();
        const auto kids = tm.children(k.t);
        switch (tm.kind(k.t)) {
            case Kind::Not: parts.push_back({kids[0], !k.positive}); break;
            case Kind::And:
            case Kind::Or:
                for (Term c : kids) parts.push_back({c, k.positive});
                break;
            case Kind::Implies:
                parts.push_back({kids[0], !k.positive});
                parts.push_back({kids[1], k.positive});
                break;
            case Kind::Ite:
                parts = {{kids[0], true}, {kids[0], false}, {kids[1], k.positive}, {kids[2], k.positive}};
                break;
            default:  // Eq over Bool, Xor: both polarities of both sides
                parts = {{kids[0], true}, {kids[0], false}, {kids[1], true}, {kids[1], false}};
                break;
        }
        for (Key c : parts)
            if (!memo_.count(c)) stack.push_back({c, false});
    }
    return memo_.at(root);
}

template <class Lattice>
bool Abstraction<Lattice>::is_connective(Term t) const {
    const smt::TermManager& tm = p_.terms();
    switch (tm.kind(t)) {
        case Kind::Not:
        case Kind::And:
        case Kind::Or:
        case Kind::Implies:
        case Kind::Xor: return true;
        case Kind::Ite: return tm.is_bool(t);
        case Kind::Eq: return tm.is_bool(tm.child(t, 0));
        default: return false;
    }
}

template <class Lattice>
Abstract<typename Lattice::Element> Abstraction<Lattice>::combine(Term t, bool positive) const {
    const smt::TermManager& tm = p_.terms();
    const auto kids = tm.children(t);
    auto at = [&](Term c, bool pos) -> const Abstract<Element>& { return memo_.at(Key{c, pos}); };
    auto meet2 = [&](const Abstract<Element>& a, const Abstract<Element>& b) { return meet_of(lattice_, a, b); };
    auto join2 = [&](const Abstract<Element>& a, const Abstract<Element>& b) { return join_of(lattice_, a, b); };
    switch (tm.kind(t)) {
        case Kind::Not: return at(kids[0], !positive);
        case Kind::And:
        case Kind::Or: {
            const bool conjunction = (tm.kind(t) == Kind::And) == positive;
            Abstract<Element> r = at(kids[0], positive);
            for (std::size_t i = 1; i < kids.size(); ++i)
                r = conjunction ? meet2(r, at(kids[i], positive)) : join2(r, at(kids[i], positive));
            return r;
        }
        case Kind::Implies:  // ¬a ∨ b; negated a ∧ ¬b
            return positive ? join2(at(kids[0], false), at(kids[1], true))
                            : meet2(at(kids[0], true), at(kids[1], false));
        case Kind::Ite:
            return join2(meet2(at(kids[0], true), at(kids[1], positive)),
                         meet2(at(kids[0], false), at(kids[2], positive)));
        default: {  // a ⇔ b (Eq) or its negation (Xor)
            const bool same = (tm.kind(t) == Kind::Eq) == positive;
            return join2(meet2(at(kids[0], true), at(kids[1], same)), meet2(at(kids[0], false), at(kids[1], !same)));
        }
    }
}

template <class Lattice>
Abstract<typename Lattice::Element> Abstraction<Lattice>::literal(Term t, bool positive) const {
    const smt::TermManager& tm = p_.terms();
    const Abstract<Element> top{Element::top(), false};
    const Kind k = tm.kind(t);
    if (k == Kind::True || k == Kind::False)
        return {(k == Kind::True) == positive ? Element::top() : Element::bottom(), true};
    const bool comparison = k == Kind::Leq || k == Kind::Lt;
    const bool equation = k == Kind::Eq && tm.is_arith(tm.child(t, 0));
    if (!comparison && !equation) return top;
    const Term lhs = tm.child(t, 0), rhs = tm.child(t, 1);
    if (tm.kind(rhs) != Kind::Numeral) return top;  // e.g. x = y between two atoms
    // lhs must be a·x for the cur constant x of a program variable.
    Term atom = lhs;
    mpq_class a = 1;
    if (tm.kind(lhs) == Kind::Linear) {
        if (tm.num_children(lhs) != 1 || tm.constant(lhs) != 0) return top;
        atom = tm.child(lhs, 0);
        a = tm.coeff(lhs, 0);
    }
    const VarId v = p_.var_of(atom);
    if (v == UINT32_MAX || p_.vars[v].cur != atom) return top;
    const mpq_class q = tm.numeral(rhs) / a;
    // The variable's sort decides how bounds are read (interval.hpp), never the values.
    const bool real = tm.sort(atom) == smt::SortTable::Real;
    if (equation) {
        if (!real && q.get_den() != 1) return {positive ? Element::bottom() : Element::top(), true};
        if (!positive) return excluded(lattice_, v, q, real);
        return bound<Element>(v, real ? Interval::real_point(q) : Interval::point(q));
    }
    Rel r = k == Kind::Leq ? (positive ? Rel::Le : Rel::Gt) : (positive ? Rel::Lt : Rel::Ge);
    if (a < 0) r = flip(r);
    return bound<Element>(v, interval_of(r, q, real));
}

template class Abstraction<BoxLattice>;
template class Abstraction<BoxesLattice>;

}  // namespace craig::verifier
