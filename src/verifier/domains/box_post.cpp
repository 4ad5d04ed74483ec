#include "verifier/domains/box_post.hpp"

#include <algorithm>
#include <chrono>
#include <unordered_set>

#include "base/stopwatch.hpp"
#include "smt/solver.hpp"

namespace craig::verifier {

namespace {

bool writes(const Edge& e, VarId v) { return std::binary_search(e.writes.begin(), e.writes.end(), v); }

}  // namespace

smt::Term BoxPost::post_term(VarId v, const Edge& e) const { return writes(e, v) ? p_.vars[v].next : p_.vars[v].cur; }

const BoxPost::EdgeFacts& BoxPost::facts(EdgeId id) {
    if (auto it = facts_.find(id); it != facts_.end()) return it->second;
    const smt::TermManager& tm = p_.terms();
    const Edge& e = p_.edges[id];
    EdgeFacts f;
    std::unordered_set<smt::Term, smt::TermHash> seen{e.formula}, constants;
    std::vector<smt::Term> stack{e.formula};
    while (!stack.empty()) {
        const smt::Term t = stack.back();
        stack.pop_back();
        const smt::Kind k = tm.kind(t);
        if (k == smt::Kind::Const) constants.insert(t);
        const bool literal =
            k == smt::Kind::Leq || k == smt::Kind::Lt || (k == smt::Kind::Eq && tm.is_arith(tm.child(t, 0)));
        if (literal && tm.kind(tm.child(t, 0)) == smt::Kind::Const && tm.kind(tm.child(t, 1)) == smt::Kind::Numeral) {
            auto& values = f.literal_constants[tm.child(t, 0)];
            if (tm.sort(tm.child(t, 0)) == smt::SortTable::Real) {
                values.push_back(tm.numeral(tm.child(t, 1)));  // x <= c, x < c, x = c: c bounds both sides
            } else {
                const mpq_class c = floor_z(tm.numeral(tm.child(t, 1)));
                values.push_back(c);
                if (k != smt::Kind::Eq) values.push_back(k == smt::Kind::Leq ? mpq_class(c + 1) : mpq_class(c - 1));
            }
        }
        for (smt::Term c : tm.children(t))
            if (seen.insert(c).second) stack.push_back(c);
    }
    // Only arithmetic variables get bounds (a Bool argument of a Horn clause stays top).
    for (VarId v = 0; v < p_.vars.size(); ++v)
        if (constants.count(post_term(v, e)) && tm.is_arith(post_term(v, e))) f.targets.push_back(v);
    return facts_.emplace(id, std::move(f)).first->second;
}

Box BoxPost::operator()(const Box& pre, EdgeId e) {
    ++counters_.calls;
    if (pre.is_bottom()) return pre;
    const std::pair<std::uint32_t, EdgeId> key{gamma(pre, p_).id, e};
    if (auto it = cache_.find(key); it != cache_.end()) {
        ++counters_.cache_hits;
        return it->second;
    }
    const auto t0 = std::chrono::steady_clock::now();
    Box post = compute(pre, e);
    counters_.seconds += base::seconds_since(t0);
    return cache_.emplace(key, std::move(post)).first->second;
}

Box BoxPost::compute(const Box& pre, EdgeId id) {
    const Edge& e = p_.edges[id];
    const EdgeFacts& f = facts(id);
    smt::SolverOptions so;
    so.deadline = budget_.deadline();
    so.lia_branch_budget = o_.lia_branch_budget;
    smt::Solver s(p_.terms(), so);
    s.assert_formula(gamma(pre, p_));
    s.assert_formula(e.formula);
    ++counters_.search.queries;
    const smt::Result r = s.check();
    if (r == smt::Result::Unsat) {
        ++counters_.bottom;
        return Box::bottom();
    }
    Box post = pre;
    for (VarId v : e.writes) post.set(v, Interval::top());
    if (r == smt::Result::Unknown) {
        ++counters_.search.unknown;
        return post;
    }
    std::vector<BoundTarget> targets;
    for (VarId v : f.targets) {
        BoundTarget t;
        t.term = post_term(v, e);
        if (auto it = f.literal_constants.find(t.term); it != f.literal_constants.end()) t.candidates = it->second;
        if (writes(e, v)) {
            // A counter x' = x + k: the pre bounds shifted by the model's x' - x.
            const Interval was = pre.get(v);
            const smt::Model& m = s.model();
            const bool real = p_.terms().sort(t.term) == smt::SortTable::Real;
            auto value = [&](smt::Term x) { return real ? m.evaluate(x).q : mpq_class(floor_z(m.evaluate(x).q)); };
            const mpq_class shift = value(t.term) - value(p_.vars[v].cur);
            if (was.lo) t.candidates.push_back(*was.lo + shift);
            if (was.hi) t.candidates.push_back(*was.hi + shift);
            // ... and the guards on x shifted the same way (while (x < n) x++).
            if (auto it = f.literal_constants.find(p_.vars[v].cur); it != f.literal_constants.end())
                for (const mpq_class& c : it->second) t.candidates.push_back(c + shift);
        } else {
            t.known = pre.get(v);
        }
        targets.push_back(std::move(t));
    }
    const std::vector<Interval> bounds = search_bounds(s, targets, o_.max_queries_per_bound, counters_.search);
    for (std::size_t i = 0; i < targets.size(); ++i) post.set(f.targets[i], bounds[i]);
    return post;
}

}  // namespace craig::verifier
