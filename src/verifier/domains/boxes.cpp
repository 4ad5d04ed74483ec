#include "verifier/domains/boxes.hpp"

#include <map>
#include <set>
#include <utility>

namespace craig::verifier {

namespace {

// Number of variables on which a and b differ, and the distance between them (interval.hpp:
// gap) summed over those variables: the distance merge_to minimises (lexicographically).
using Distance = std::pair<std::size_t, double>;
Distance distance(const Box& a, const Box& b) {
    Distance d{0, 0};
    for_each_bound_pair(a, b, [&](VarId, const Interval& x, const Interval& y) {
        if (x == y) return;
        ++d.first;
        d.second += x.gap(y);
    });
    return d;
}

// a and b are equal except on one variable, where their intervals touch: their union is a box.
bool union_is_box(const Box& a, const Box& b) {
    std::size_t differing = 0;
    bool touch = true;
    for_each_bound_pair(a, b, [&](VarId, const Interval& x, const Interval& y) {
        if (x == y) return;
        ++differing;
        touch = touch && x.touches(y);
    });
    return differing <= 1 && touch;
}

// Where a finite bound cuts the line: just below or just above a value. A lower bound lo cuts
// below lo (above it when strict), an upper bound hi above hi (below it when strict); over the
// integers "above hi" is "below hi + 1". So a bound and the complementary bound a difference
// cuts with it (interval.hpp: below, above) are the same endpoint: [lo, hi] read half-open as
// [lo, hi+1) over the integers.
using Endpoint = std::pair<mpq_class, bool>;  // (value, just above it)
Endpoint lower_endpoint(const Interval& i) { return {*i.lo, i.lo_open}; }
Endpoint upper_endpoint(const Interval& i) {
    if (!i.real) return {*i.hi + 1, false};
    return {*i.hi, !i.hi_open};
}

// The pieces of `pieces` outside `cut`.
std::vector<Box> cut_away(std::vector<Box> pieces, const Box& cut) {
    std::vector<Box> out;
    for (const Box& p : pieces) {
        std::vector<Box> rest = subtract(p, cut);
        out.insert(out.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
    }
    return out;
}

}  // namespace

Boxes::Boxes(const Box& b) {
    if (!b.is_bottom()) boxes_.push_back(b);
}

bool Boxes::contains(const Boxes& o) const { return subtract(o, *this).is_bottom(); }

Box Boxes::hull() const {
    Box h = Box::bottom();
    for (const Box& b : boxes_) h = join(h, b);
    return h;
}

void Boxes::add(const Box& b) {
    std::vector<Box> pieces{b};
    for (const Box& mine : boxes_) {
        if (pieces.empty()) return;
        pieces = cut_away(std::move(pieces), mine);
    }
    boxes_.insert(boxes_.end(), pieces.begin(), pieces.end());
}

void Boxes::coalesce() {
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < boxes_.size() && !changed; ++i)
            for (std::size_t j = i + 1; j < boxes_.size() && !changed; ++j) {
                if (!union_is_box(boxes_[i], boxes_[j])) continue;
                boxes_[i] = join(boxes_[i], boxes_[j]);
                boxes_.erase(boxes_.begin() + static_cast<std::ptrdiff_t>(j));
                changed = true;
            }
    }
}

bool Boxes::merge_to(std::size_t max) {
    if (max == 0) max = 1;
    const std::size_t n = boxes_.size();
    if (n <= max) return false;
    // The distances of all pairs (i < j at i * n + j), updated for the box that grows: one
    // quadratic scan per merge instead of recomputing every distance.
    std::vector<Distance> d(n * n);
    std::vector<bool> alive(n, true);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) d[i * n + j] = distance(boxes_[i], boxes_[j]);
    auto at = [&](std::size_t i, std::size_t j) -> Distance& { return i < j ? d[i * n + j] : d[j * n + i]; };
    for (std::size_t count = n; count > max;) {
        std::size_t bi = n, bj = n;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n && alive[i]; ++j)
                if (alive[j] && (bi == n || d[i * n + j] < d[bi * n + bj])) {
                    bi = i;
                    bj = j;
                }
        Box h = join(boxes_[bi], boxes_[bj]);
        alive[bj] = false;
        --count;
        // The hull may meet other boxes: swallow them until it meets none (disjointness).
        for (bool grew = true; grew;) {
            grew = false;
            for (std::size_t k = 0; k < n; ++k) {
                if (!alive[k] || k == bi || !h.intersects(boxes_[k])) continue;
                h = join(h, boxes_[k]);
                alive[k] = false;
                --count;
                grew = true;
            }
        }
        boxes_[bi] = std::move(h);
        for (std::size_t k = 0; k < n; ++k)
            if (alive[k] && k != bi) at(bi, k) = distance(boxes_[bi], boxes_[k]);
    }
    std::vector<Box> kept;
    for (std::size_t i = 0; i < n; ++i)
        if (alive[i]) kept.push_back(std::move(boxes_[i]));
    boxes_ = std::move(kept);
    coalesce();
    return true;
}

Boxes unite(const Boxes& a, const Boxes& b) {
    Boxes r = a;
    for (const Box& x : b.boxes_) r.add(x);
    r.coalesce();
    return r;
}

Boxes intersect(const Boxes& a, const Boxes& b) {
    Boxes r;
    for (const Box& x : a.boxes_)
        for (const Box& y : b.boxes_) {
            Box m = meet(x, y);
            if (!m.is_bottom()) r.boxes_.push_back(std::move(m));
        }
    r.coalesce();
    return r;
}

Boxes subtract(const Boxes& a, const Boxes& b) {
    Boxes r;
    for (const Box& x : a.boxes_) {
        std::vector<Box> pieces{x};
        for (const Box& y : b.boxes_) {
            if (pieces.empty()) break;
            pieces = cut_away(std::move(pieces), y);
        }
        r.boxes_.insert(r.boxes_.end(), pieces.begin(), pieces.end());
    }
    r.coalesce();
    return r;
}

Boxes widen(const Boxes& a, const Boxes& b) {
    if (a.is_bottom()) return b;
    std::map<VarId, std::set<Endpoint>> endpoints;  // of a
    for (const Box& x : a.boxes())
        for (const auto& [v, i] : x.bounds()) {
            if (i.lo) endpoints[v].insert(lower_endpoint(i));
            if (i.hi) endpoints[v].insert(upper_endpoint(i));
        }
    const std::set<Endpoint> none;
    auto of = [&](VarId v) -> const std::set<Endpoint>& {
        auto it = endpoints.find(v);
        return it == endpoints.end() ? none : it->second;
    };
    const Boxes both = unite(a, b);
    Boxes r;
    for (const Box& x : both.boxes()) {
        Box w = x;
        for (const auto& [v, i] : x.bounds()) {
            const std::set<Endpoint>& known = of(v);
            Interval j = i;
            if (j.lo) {  // down to the nearest of a's endpoints at or below it
                auto it = known.upper_bound(lower_endpoint(j));
                if (it == known.begin()) {
                    j.lo.reset();
                    j.lo_open = false;
                } else {
                    --it;
                    j.lo = it->first;
                    j.lo_open = j.real && it->second;
                }
            }
            if (j.hi) {  // up to the nearest of a's endpoints at or above it
                auto it = known.lower_bound(upper_endpoint(j));
                if (it == known.end()) {
                    j.hi.reset();
                    j.hi_open = false;
                } else if (j.real) {
                    j.hi = it->first;
                    j.hi_open = !it->second;
                } else {
                    j.hi = it->first - 1;
                }
            }
            w.set(v, j);
        }
        r = unite(r, Boxes(w));
    }
    return r;
}

smt::Term gamma(const Boxes& b, const Program& p) {
    std::vector<smt::Term> disj;
    for (const Box& x : b.boxes()) disj.push_back(gamma(x, p));
    return p.terms().mk_or(disj);
}

}  // namespace craig::verifier
