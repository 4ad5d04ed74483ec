#include "verifier/domains/box.hpp"

#include <algorithm>

namespace craig::verifier {

Interval Box::get(VarId v) const {
    auto it = std::lower_bound(bounds_.begin(), bounds_.end(), v, [](const Bound& b, VarId x) { return b.first < x; });
    return it != bounds_.end() && it->first == v ? it->second : Interval::top();
}

void Box::set(VarId v, const Interval& i) {
    if (bottom_) return;
    if (i.empty()) {
        *this = bottom();
        return;
    }
    auto it = std::lower_bound(bounds_.begin(), bounds_.end(), v, [](const Bound& b, VarId x) { return b.first < x; });
    const bool present = it != bounds_.end() && it->first == v;
    if (i.is_top()) {
        if (present) bounds_.erase(it);
    } else if (present) {
        it->second = i;
    } else {
        bounds_.insert(it, Bound{v, i});
    }
}

void Box::restrict(VarId v, const Interval& i) { set(v, meet(get(v), i)); }

bool Box::contains(const Box& o) const {
    if (o.bottom_) return true;
    if (bottom_) return false;
    bool ok = true;
    for_each_bound_pair(*this, o,
                        [&](VarId, const Interval& mine, const Interval& theirs) { ok = ok && mine.contains(theirs); });
    return ok;
}

bool Box::intersects(const Box& o) const { return !meet(*this, o).is_bottom(); }

namespace {

// The box of op(a's interval, b's interval) per variable, for non-bottom a and b.
template <class Op>
Box pointwise(const Box& a, const Box& b, Op op) {
    Box r;
    for_each_bound_pair(a, b, [&](VarId v, const Interval& x, const Interval& y) { r.set(v, op(x, y)); });
    return r;
}

}  // namespace

Box join(const Box& a, const Box& b) {
    if (a.is_bottom()) return b;
    if (b.is_bottom()) return a;
    return pointwise(a, b, [](const Interval& x, const Interval& y) { return join(x, y); });
}

Box meet(const Box& a, const Box& b) {
    if (a.is_bottom() || b.is_bottom()) return Box::bottom();
    return pointwise(a, b, [](const Interval& x, const Interval& y) { return meet(x, y); });
}

Box widen(const Box& a, const Box& b) {
    if (a.is_bottom()) return b;
    if (b.is_bottom()) return a;
    return pointwise(a, b, [](const Interval& x, const Interval& y) { return widen(x, y); });
}

std::vector<Box> subtract(const Box& a, const Box& b) {
    if (!a.intersects(b)) return a.is_bottom() ? std::vector<Box>{} : std::vector<Box>{a};
    std::vector<Box> out;
    Box rest = a;
    for (const auto& [v, cut] : b.bounds()) {
        const Interval mine = rest.get(v);
        // below/above are the exact complements of cut's bounds (strict over the reals), so
        // the pieces are disjoint from cut and from each other and miss nothing of a \ b.
        for (const Interval& outside : {cut.lo ? below(cut) : Interval{}, cut.hi ? above(cut) : Interval{}}) {
            if (outside.is_top()) continue;
            const Interval part = meet(mine, outside);
            if (part.empty()) continue;
            Box piece = rest;
            piece.set(v, part);
            out.push_back(std::move(piece));
        }
        rest.restrict(v, cut);
    }
    return out;  // what is left in `rest` is a ∩ b
}

smt::Term gamma(const Box& b, const Program& p) {
    smt::TermManager& tm = p.terms();
    if (b.is_bottom()) return tm.mk_false();
    std::vector<smt::Term> conj;
    for (const auto& [v, i] : b.bounds()) {
        const smt::Term x = p.vars[v].cur;
        // Numerals of the variable's own sort (Int or Real).
        auto num = [&](const mpq_class& c) { return tm.mk_numeral(c, tm.sort(x)); };
        if (i.is_point()) {
            conj.push_back(tm.mk_eq(x, num(*i.lo)));
            continue;
        }
        if (i.lo) conj.push_back(i.lo_open ? tm.mk_gt(x, num(*i.lo)) : tm.mk_geq(x, num(*i.lo)));
        if (i.hi) conj.push_back(i.hi_open ? tm.mk_lt(x, num(*i.hi)) : tm.mk_leq(x, num(*i.hi)));
    }
    return tm.mk_and(conj);
}

}  // namespace craig::verifier
