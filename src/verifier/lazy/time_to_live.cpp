#include "verifier/lazy/time_to_live.hpp"

#include <gmpxx.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "smt/solver.hpp"

namespace craig::verifier {

namespace {

using smt::Term;

// Per edge: 1 when it closes a cycle in an iterative depth-first search (its target is on the
// search's stack).
std::vector<std::uint8_t> back_edges(const Program& p) {
    enum : std::uint8_t { kNew, kOnStack, kDone };
    std::vector<std::uint8_t> state(p.locs.size(), kNew), back(p.edges.size(), 0);
    std::vector<std::pair<LocId, std::size_t>> stack;  // location, next out-edge
    auto search = [&](LocId root) {
        if (state[root] != kNew) return;
        state[root] = kOnStack;
        stack.emplace_back(root, 0);
        while (!stack.empty()) {
            auto& [l, i] = stack.back();
            if (i == p.out(l).size()) {
                state[l] = kDone;
                stack.pop_back();
                continue;
            }
            const EdgeId e = p.out(l)[i++];
            const LocId to = p.edges[e].dst;
            if (state[to] == kOnStack)
                back[e] = 1;
            else if (state[to] == kNew) {
                state[to] = kOnStack;
                stack.emplace_back(to, 0);
            }
        }
    };
    if (p.entry != kNoLoc) search(p.entry);
    for (LocId l = 0; l < p.locs.size(); ++l) search(l);
    return back;
}

// The strongly connected components of the graph made of the edges `es` (Tarjan's algorithm,
// iterative), each given by its internal edges (both ends in it); components without an
// internal edge (no cycle) are left out.
std::vector<std::vector<EdgeId>> cyclic_components(const Program& p, const std::vector<EdgeId>& es) {
    std::unordered_map<LocId, std::uint32_t> local;
    std::vector<LocId> locs;
    auto id = [&](LocId l) {
        const auto [it, fresh] = local.emplace(l, static_cast<std::uint32_t>(locs.size()));
        if (fresh) locs.push_back(l);
        return it->second;
    };
    for (EdgeId e : es) {
        id(p.edges[e].src);
        id(p.edges[e].dst);
    }
    const std::size_t n = locs.size();
    std::vector<std::vector<std::uint32_t>> succ(n);
    for (EdgeId e : es) succ[local[p.edges[e].src]].push_back(local[p.edges[e].dst]);
    constexpr std::uint32_t kUnset = UINT32_MAX;
    std::vector<std::uint32_t> index(n, kUnset), low(n, 0), comp(n, kUnset), tarjan;
    std::vector<std::uint8_t> on_stack(n, 0);
    std::vector<std::pair<std::uint32_t, std::size_t>> call;  // node, next successor
    std::uint32_t next_index = 0, comps = 0;
    for (std::uint32_t root = 0; root < n; ++root) {
        if (index[root] != kUnset) continue;
        call.emplace_back(root, 0);
        index[root] = low[root] = next_index++;
        tarjan.push_back(root);
        on_stack[root] = 1;
        while (!call.empty()) {
            auto& [v, i] = call.back();
            if (i < succ[v].size()) {
                const std::uint32_t w = succ[v][i++];
                if (index[w] == kUnset) {
                    index[w] = low[w] = next_index++;
                    tarjan.push_back(w);
                    on_stack[w] = 1;
                    call.emplace_back(w, 0);
                } else if (on_stack[w]) {
                    low[v] = std::min(low[v], index[w]);
                }
                continue;
            }
            const std::uint32_t done = v;
            call.pop_back();
            if (!call.empty()) low[call.back().first] = std::min(low[call.back().first], low[done]);
            if (low[done] == index[done]) {
                std::uint32_t w;
                do {
                    w = tarjan.back();
                    tarjan.pop_back();
                    on_stack[w] = 0;
                    comp[w] = comps;
                } while (w != done);
                ++comps;
            }
        }
    }
    std::vector<std::vector<EdgeId>> internal(comps);
    for (EdgeId e : es) {
        const std::uint32_t c = comp[local[p.edges[e].src]];
        if (c == comp[local[p.edges[e].dst]]) internal[c].push_back(e);
    }
    std::erase_if(internal, [](const std::vector<EdgeId>& c) { return c.empty(); });
    return internal;
}

// The bounded-loop analysis of time_to_live.hpp.
class BoundedLoops {
public:
    BoundedLoops(const Program& p, const TimeToLiveOptions& o)
        : p_(p), tm_(p.terms()), o_(o), discharged_(p.edges.size(), 0), edges_(p.edges.size()) {
        deadline_ = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                           std::chrono::duration<double>(std::max(0.0, o.max_seconds)));
        if (o.deadline && *o.deadline < deadline_) deadline_ = *o.deadline;
    }

    // The edges taken a bounded number of times (the sets D of all components).
    std::vector<std::uint8_t> run() {
        std::vector<EdgeId> all(p_.edges.size());
        for (EdgeId e = 0; e < p_.edges.size(); ++e) all[e] = e;
        analyse(all, o_.max_iterations);
        return std::move(discharged_);
    }
    std::size_t queries() const { return queries_; }

private:
    // A counter: variable v read as x = v (sign +1) or x = -v (sign -1).
    struct Counter {
        VarId v;
        int sign;
        std::uint64_t key() const { return 2 * static_cast<std::uint64_t>(v) + (sign > 0 ? 0 : 1); }
    };
    enum class Step : std::uint8_t { Increase, NonDecrease, Other };
    // A lower bound of x at a location: none (unreachable), a value, or -∞.
    struct Bound {
        enum Kind : std::uint8_t { Unreached, Value, MinusInf } kind = Unreached;
        mpq_class value;
    };
    struct EdgeData {
        std::unique_ptr<smt::Solver> solver;
        bool scanned = false;
        std::vector<mpq_class> numerals;  // sorted, unique
        std::unordered_set<Term, smt::TermHash> constants;
    };

    const Program& p_;
    smt::TermManager& tm_;
    const TimeToLiveOptions& o_;
    std::chrono::steady_clock::time_point deadline_;
    std::vector<std::uint8_t> discharged_;
    std::vector<EdgeData> edges_;
    std::size_t queries_ = 0;
    std::unordered_map<std::uint64_t, Step> steps_;                       // (counter, edge)
    std::unordered_map<std::uint64_t, std::optional<mpq_class>> floors_;  // (counter, edge): x' >= c
    std::unordered_map<std::uint64_t, std::vector<Bound>> bounds_;        // counter: per location

    bool exhausted() const { return queries_ >= o_.max_queries || std::chrono::steady_clock::now() >= deadline_; }

    EdgeData& scan(EdgeId e) {
        EdgeData& d = edges_[e];
        if (d.scanned) return d;
        d.scanned = true;
        std::vector<Term> todo{p_.edges[e].formula};
        std::unordered_set<Term, smt::TermHash> seen;
        while (!todo.empty()) {
            const Term t = todo.back();
            todo.pop_back();
            if (!seen.insert(t).second) continue;
            switch (tm_.kind(t)) {
                case smt::Kind::Numeral: d.numerals.push_back(tm_.numeral(t)); break;
                case smt::Kind::Linear: d.numerals.push_back(tm_.constant(t)); break;
                case smt::Kind::Const: d.constants.insert(t); break;
                default: break;
            }
            for (Term c : tm_.children(t)) todo.push_back(c);
        }
        std::sort(d.numerals.begin(), d.numerals.end());
        d.numerals.erase(std::unique(d.numerals.begin(), d.numerals.end()), d.numerals.end());
        return d;
    }

    // Sem(e) ∧ q is unsatisfiable for every interpretation of the C operators (false when the
    // solver does not say so or the budget is spent: the conservative answer).
    bool unsat(EdgeId e, Term q) {
        if (exhausted()) return false;
        ++queries_;
        EdgeData& d = edges_[e];
        try {
            if (!d.solver) {
                smt::SolverOptions so;
                so.produce_models = false;
                so.lia_branch_budget = 2000;
                so.deadline = deadline_;
                d.solver = std::make_unique<smt::Solver>(tm_, so);
                d.solver->assert_formula(p_.edges[e].formula);
            }
            const Term a[1] = {q};
            return d.solver->check(a) == smt::Result::Unsat;
        } catch (const std::exception&) {
            return false;
        }
    }

    Term x_cur(const Counter& c) {
        const Term t = p_.vars[c.v].cur;
        return c.sign > 0 ? t : tm_.mk_neg(t);
    }
    Term x_next(const Counter& c) {
        const Term t = p_.vars[c.v].next;
        return c.sign > 0 ? t : tm_.mk_neg(t);
    }
    smt::Sort sort(const Counter& c) const { return tm_.sort(p_.vars[c.v].cur); }
    std::uint64_t key(const Counter& c, EdgeId e) const { return c.key() * p_.edges.size() + e; }
    static bool writes(const Edge& edge, VarId v) {
        return std::binary_search(edge.writes.begin(), edge.writes.end(), v);
    }

    // How an edge that writes v changes x.
    Step step(const Counter& c, EdgeId e) {
        const auto [it, fresh] = steps_.emplace(key(c, e), Step::Other);
        if (!fresh) return it->second;
        const Term one = tm_.mk_numeral(1, sort(c));
        Step s = Step::Other;
        // A formula that does not read v leaves x' unrelated to x (cheap, and the usual answer
        // on big blocks).
        if (scan(e).constants.count(p_.vars[c.v].cur)) {
            if (unsat(e, tm_.mk_lt(x_next(c), tm_.mk_add(std::vector<Term>{x_cur(c), one}))))
                s = Step::Increase;
            else if (unsat(e, tm_.mk_lt(x_next(c), x_cur(c))))
                s = Step::NonDecrease;
        }
        steps_[key(c, e)] = s;
        return s;
    }

    // The candidates for constant bounds of x on edge e: its numerals (times the sign) and their
    // neighbours, ascending.
    std::vector<mpq_class> candidates(const Counter& c, EdgeId e) {
        const bool is_int = sort(c) == smt::SortTable::Int;
        std::vector<mpq_class> out;
        for (const mpq_class& n : scan(e).numerals) {
            if (is_int && n.get_den() != 1) continue;
            const mpq_class m = c.sign > 0 ? mpq_class(n) : mpq_class(-n);
            out.push_back(m - 1);
            out.push_back(m);
            out.push_back(m + 1);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    // The smallest candidate K with Sem(e) ⊨ x <= K (e is a guard of x), by bisection (the
    // claim is monotone in K).
    std::optional<mpq_class> guard(const Counter& c, EdgeId e) {
        const std::vector<mpq_class> cand = candidates(c, e);
        auto holds = [&](const mpq_class& k) { return unsat(e, tm_.mk_gt(x_cur(c), tm_.mk_numeral(k, sort(c)))); };
        if (cand.empty() || !holds(cand.back())) return std::nullopt;
        std::size_t lo = 0, hi = cand.size() - 1;  // holds(cand[hi])
        while (lo < hi) {
            const std::size_t mid = (lo + hi) / 2;
            if (holds(cand[mid]))
                hi = mid;
            else
                lo = mid + 1;
        }
        return cand[hi];
    }

    // The largest candidate n with Sem(e) ⊨ x' >= n, for an edge that writes v.
    std::optional<mpq_class> floor(const Counter& c, EdgeId e) {
        const auto it = floors_.find(key(c, e));
        if (it != floors_.end()) return it->second;
        const std::vector<mpq_class> cand = candidates(c, e);
        auto holds = [&](const mpq_class& n) { return unsat(e, tm_.mk_lt(x_next(c), tm_.mk_numeral(n, sort(c)))); };
        std::optional<mpq_class> r;
        if (!cand.empty() && holds(cand.front())) {
            std::size_t lo = 0, hi = cand.size() - 1;  // holds(cand[lo])
            while (lo < hi) {
                const std::size_t mid = (lo + hi + 1) / 2;
                if (holds(cand[mid]))
                    lo = mid;
                else
                    hi = mid - 1;
            }
            r = cand[lo];
        }
        floors_.emplace(key(c, e), r);
        return r;
    }

    // Lower bounds of x at every location, valid for every state a path from the entry reaches:
    // the least fixed point over the values {floors} ∪ {-∞} (finitely many, so no widening).
    const std::vector<Bound>& bounds(const Counter& c) {
        const auto it = bounds_.find(c.key());
        if (it != bounds_.end()) return it->second;
        std::vector<Bound> b(p_.locs.size());
        std::vector<LocId> work;
        std::vector<std::uint8_t> queued(p_.locs.size(), 0);
        if (p_.entry != kNoLoc) {
            b[p_.entry].kind = Bound::MinusInf;
            work.push_back(p_.entry);
            queued[p_.entry] = 1;
        }
        while (!work.empty()) {
            const LocId l = work.back();
            work.pop_back();
            queued[l] = 0;
            for (EdgeId e : p_.out(l)) {
                const Bound in = b[l];
                Bound out = in;
                if (writes(p_.edges[e], c.v)) {
                    if (step(c, e) == Step::Other) out.kind = Bound::MinusInf;
                    if (const std::optional<mpq_class> f = floor(c, e);
                        f && (out.kind == Bound::MinusInf || *f > out.value)) {
                        out.kind = Bound::Value;
                        out.value = *f;
                    }
                }
                Bound& to = b[p_.edges[e].dst];
                bool changed = false;
                if (to.kind == Bound::Unreached || (to.kind == Bound::Value && out.kind == Bound::MinusInf)) {
                    to = out;
                    changed = true;
                } else if (to.kind == Bound::Value && out.kind == Bound::Value && out.value < to.value) {
                    to.value = out.value;
                    changed = true;
                }
                if (changed && !queued[p_.edges[e].dst]) {
                    queued[p_.edges[e].dst] = 1;
                    work.push_back(p_.edges[e].dst);
                }
            }
        }
        return bounds_.emplace(c.key(), std::move(b)).first->second;
    }

    struct Found {
        std::vector<EdgeId> bounded;  // D
        mpz_class iterations;         // K - L + 1 (at least 1)
    };

    // A counter for the component `comp` (its internal edges) whose edges D are taken at most
    // `iterations` <= budget times after a path last entered the component.
    std::optional<Found> counter(const std::vector<EdgeId>& comp, std::uint64_t budget) {
        std::vector<VarId> cand;
        for (EdgeId e : comp) cand.insert(cand.end(), p_.edges[e].writes.begin(), p_.edges[e].writes.end());
        std::sort(cand.begin(), cand.end());
        cand.erase(std::unique(cand.begin(), cand.end()), cand.end());
        for (VarId v : cand) {
            if (exhausted()) return std::nullopt;
            if (!tm_.is_arith(p_.vars[v].cur)) continue;
            // x is read by the component (a guard must mention it).
            const bool read = std::any_of(comp.begin(), comp.end(),
                                          [&](EdgeId e) { return scan(e).constants.count(p_.vars[v].cur) > 0; });
            if (!read) continue;
            for (const int sign : {1, -1}) {
                const Counter c{v, sign};
                std::vector<EdgeId> inc;
                bool monotone = true;
                for (EdgeId e : comp) {
                    if (!writes(p_.edges[e], v)) continue;
                    const Step s = step(c, e);
                    if (s == Step::Other) {
                        monotone = false;
                        break;
                    }
                    if (s == Step::Increase) inc.push_back(e);
                }
                if (!monotone || inc.empty()) continue;
                std::optional<mpq_class> k;
                std::vector<EdgeId> unguarded;
                for (EdgeId e : comp) {
                    std::optional<mpq_class> g;
                    if (scan(e).constants.count(p_.vars[v].cur)) g = guard(c, e);
                    if (!g) {
                        unguarded.push_back(e);
                        continue;
                    }
                    if (!k || *g > *k) k = g;
                }
                if (!k) continue;
                // D: the increasing edges on no cycle of the component without its guards.
                std::unordered_set<EdgeId> cyclic;
                for (const std::vector<EdgeId>& sub : cyclic_components(p_, unguarded))
                    cyclic.insert(sub.begin(), sub.end());
                Found f;
                for (EdgeId e : inc)
                    if (!cyclic.count(e)) f.bounded.push_back(e);
                if (f.bounded.empty()) continue;
                // L: the lower bound of x over the component's locations.
                const std::vector<Bound>& b = bounds(c);
                std::optional<mpq_class> low;
                bool unbounded = false;
                for (EdgeId e : comp)
                    for (LocId l : {p_.edges[e].src, p_.edges[e].dst}) {
                        if (b[l].kind == Bound::MinusInf) unbounded = true;
                        if (b[l].kind == Bound::Value && (!low || b[l].value < *low)) low = b[l].value;
                    }
                if (unbounded) continue;
                mpq_class span = low ? mpq_class(*k - *low + 1) : mpq_class(1);
                mpz_class iterations = span.get_num() / span.get_den();  // floor for span >= 0
                if (iterations < 1) iterations = 1;
                if (iterations > mpz_class(std::to_string(budget))) continue;
                f.iterations = iterations;
                return f;
            }
        }
        return std::nullopt;
    }

    // Every component of the graph of `es`: its counter's edges D are bounded; the rest of the
    // component is analysed again with the budget divided by the counter's iterations.
    void analyse(const std::vector<EdgeId>& es, std::uint64_t budget) {
        if (budget == 0) return;
        for (const std::vector<EdgeId>& comp : cyclic_components(p_, es)) {
            if (exhausted()) return;
            const std::optional<Found> f = counter(comp, budget);
            if (!f) continue;
            std::vector<EdgeId> rest;
            for (EdgeId e : f->bounded) discharged_[e] = 1;
            for (EdgeId e : comp)
                if (!discharged_[e]) rest.push_back(e);
            analyse(rest, budget / f->iterations.get_ui());
        }
    }
};

}  // namespace

TimeToLive instrument_time_to_live(const Program& p, const TimeToLiveOptions& o) {
    smt::TermManager& tm = p.terms();
    TimeToLive t{p, 0, back_edges(p), 0, 0, 0};
    for (EdgeId e = 0; e < p.edges.size(); ++e) t.back_edges += t.decrements[e];
    if (o.bounded_loops && t.back_edges > 0) {
        BoundedLoops analysis(p, o);
        const std::vector<std::uint8_t> bounded = analysis.run();
        t.analysis_queries = analysis.queries();
        // A back edge keeps its decrement when it lies on a cycle of the edges not bounded: every
        // such cycle has a back edge, which then lies on it too.
        std::vector<EdgeId> rest;
        for (EdgeId e = 0; e < p.edges.size(); ++e)
            if (!bounded[e]) rest.push_back(e);
        std::vector<std::uint8_t> cyclic(p.edges.size(), 0);
        for (const std::vector<EdgeId>& comp : cyclic_components(p, rest))
            for (EdgeId e : comp) cyclic[e] = 1;
        for (EdgeId e = 0; e < p.edges.size(); ++e)
            if (t.decrements[e] && !cyclic[e]) {
                t.decrements[e] = 0;
                ++t.bounded_back_edges;
            }
    }
    Program& q = t.program;
    t.tau = static_cast<VarId>(q.vars.size());
    // Fresh symbols: a TermManager may hold several instrumented copies (tests, portfolios).
    q.vars.push_back(ProgramVar{"lazy::tau", tm.mk_const(tm.fresh_fun("lazy.tau", {}, smt::SortTable::Int)),
                                tm.mk_const(tm.fresh_fun("lazy.tau'", {}, smt::SortTable::Int))});
    q.provenance.vars.push_back(VarProvenance{"", "", frontend::Type{}, false, true});
    const ProgramVar& tau = q.vars.back();
    const smt::Term one = tm.mk_numeral(1, smt::SortTable::Int);
    for (EdgeId e = 0; e < q.edges.size(); ++e) {
        if (!t.decrements[e]) continue;
        Edge& edge = q.edges[e];
        edge.formula = tm.mk_and(edge.formula, tm.mk_eq(tau.next, tm.mk_sub(tau.cur, one)));
        edge.writes.push_back(t.tau);  // the largest id: writes stay sorted
    }
    q.index();
    return t;
}

}  // namespace craig::verifier
