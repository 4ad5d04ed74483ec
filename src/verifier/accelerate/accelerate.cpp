#include "verifier/accelerate/accelerate.hpp"

#include <unordered_map>
#include <unordered_set>

#include "base/budget.hpp"
#include "verifier/accelerate/closure.hpp"
#include "verifier/accelerate/iteration.hpp"

namespace craig::verifier {

namespace {

using smt::Term;

// Self-loops with more plain paths than this are left alone (each costs a few solver queries).
constexpr std::size_t kMaxPaths = 8;
constexpr std::size_t kMaxBodyEdges = 64;

// The plain paths from `head` back to it along the block's plain edges; false when there are more
// than kMaxPaths (or longer than kMaxBodyEdges).
bool body_paths(const Program& plain, const Edge& blk, LocId head, std::vector<std::vector<EdgeId>>& out) {
    std::unordered_set<EdgeId> in_block;
    for (const BlockStep& s : blk.steps) in_block.insert(s.plain);
    std::vector<EdgeId> path;
    bool ok = true;
    auto walk = [&](auto&& self, LocId at) -> void {
        if (!ok) return;
        for (const EdgeId e : plain.out(at)) {
            if (!in_block.count(e)) continue;
            path.push_back(e);
            if (path.size() > kMaxBodyEdges) ok = false;
            else if (plain.edges[e].dst == head) {
                out.push_back(path);
                if (out.size() > kMaxPaths) ok = false;
            } else
                self(self, plain.edges[e].dst);
            path.pop_back();
            if (!ok) return;
        }
    };
    walk(walk, head);
    return ok;
}

struct Plan {
    LocId head = kNoLoc;
    EdgeId self = 0;
    Edge edge;  // the closure (src, dst filled in when the program is rebuilt)
    std::string label;
    std::size_t phases = 0;
    bool resets = false;
    bool linear = false;  // some phase is a linear relation (iteration.hpp)
    bool exact = true;  // T*; else an under-approximation next to the loop, which stays
    std::string not_exact;  // why not T* (under-approximations)
};

class Planner {
public:
    Planner(const Program& blocks, const smt::SolverOptions& so)
        : blocks_(blocks), plain_(blocks.plain()), tm_(blocks.terms()), so_(so) {}

    std::size_t queries() const { return queries_; }

    // The plan for the self-loop `self` at `head`, or none with `why`. Exact: T* with the checks
    // of accelerate.hpp. Where one of those fails (or a path's counter may wrap) and every path is
    // a translation, an under-approximation: the phases' closures of wrap-free iterations
    // (iteration.hpp, `under`) in the phase order where there is one, else in the order of the
    // paths; every run of the edge is a run of the loop, nothing more is claimed, so nothing more
    // is checked. One pass: the path relations are computed once.
    std::optional<Plan> plan(LocId head, EdgeId self, std::string& why) {
        const Edge& blk = blocks_.edges[self];
        if (blk.steps.empty() || !blk.phases.empty()) {
            why = "not a block of plain edges";
            return std::nullopt;
        }
        if (blk.writes.empty()) {
            why = "the loop changes nothing";
            return std::nullopt;
        }
        const LocId plain_head = blocks_.locs[head].plain;
        std::vector<std::vector<EdgeId>> paths;
        if (!body_paths(plain_, blk, plain_head, paths)) {
            why = "more than " + std::to_string(kMaxPaths) + " paths through the body";
            return std::nullopt;
        }
        std::vector<IterationRelation> rels;
        for (const auto& path : paths) {
            auto rel = iteration_relation(plain_, path, blk.writes, so_, why, true);
            if (rel)
                rels.push_back(std::move(*rel));
            else if (!why.empty())
                return std::nullopt;
        }
        if (rels.empty()) {
            why = "no feasible path through the body";
            return std::nullopt;
        }
        bool translations = true, under = false;
        for (const IterationRelation& r : rels)
            for (const IterationUpdate& u : r.updates) translations = translations && !u.reset;
        std::string not_exact;
        // No exact closure for `reason`: an under-approximation where the paths translate only
        // (alternating resets one after the other would miss most runs), else none.
        auto give_up_exact = [&](const std::string& reason) {
            if (!translations) {
                why = reason;
                return false;
            }
            if (!under) not_exact = reason;
            under = true;
            return true;
        };
        for (const IterationRelation& r : rels)
            if (r.under && !under && !give_up_exact("a counter of the body may wrap around")) return std::nullopt;
        // Nothing is missed: the self-loop implies one of the path relations.
        if (!under) {
            std::vector<Term> parts{blk.formula};
            for (const IterationRelation& r : rels) parts.push_back(tm_.mk_not(r.formula));
            if (!unsat(tm_.mk_and(parts)) && !give_up_exact("the path relations do not cover the loop body"))
                return std::nullopt;
        }
        const std::vector<Term> x = state(blk.writes, nullptr), y = state(blk.writes, "y"),
                                z = state(blk.writes, "z");
        // The phase order: i before j when an iteration of j may follow one of i.
        const std::size_t m = rels.size();
        std::vector<std::vector<bool>> follows(m, std::vector<bool>(m, false));
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < m; ++j) {
                if (i == j) continue;
                smt::Solver s(tm_, so_);
                ++queries_;
                s.assert_formula(relation_between(plain_, rels[i], x, y));
                s.assert_formula(relation_between(plain_, rels[j], y, z));
                const smt::Result r = s.check();
                if (r == smt::Result::Unknown && !under && !give_up_exact("the phase order is undecided"))
                    return std::nullopt;
                follows[i][j] = r != smt::Result::Unsat;
            }
        std::vector<std::size_t> order;
        std::vector<bool> placed(m, false);
        while (order.size() < m) {
            bool progress = false;
            for (std::size_t j = 0; j < m; ++j) {
                if (placed[j]) continue;
                bool ready = true;
                for (std::size_t i = 0; i < m; ++i)
                    if (!placed[i] && i != j && follows[i][j]) ready = false;
                if (!ready) continue;
                placed[j] = true;
                order.push_back(j);
                progress = true;
            }
            if (!progress) {  // alternating paths (a diamond): one after the other, if at all
                if (!give_up_exact("the paths of the body alternate (no phase order)")) return std::nullopt;
                order.clear();
                for (std::size_t j = 0; j < m; ++j) order.push_back(j);
                break;
            }
        }
        // Each phase's closure: the identity, and closed under one more iteration.
        const Term n = fresh_int("acc.n");
        const Term one = tm_.mk_numeral(1, smt::SortTable::Int), zero = tm_.mk_numeral(0, smt::SortTable::Int);
        for (const IterationRelation& r : rels) {
            if (under) break;
            Term n1[2] = {n, one};
            const std::vector<Term> step_parts{phase_closure(plain_, r, x, y, n), relation_between(plain_, r, y, z),
                                               tm_.mk_not(phase_closure(plain_, r, x, z, tm_.mk_add(n1)))};
            const Term step = tm_.mk_and(step_parts);
            if ((!unsat(step) || !unsat(tm_.mk_not(phase_closure(plain_, r, x, x, zero)))) &&
                !give_up_exact("a phase's closure did not check"))
                return std::nullopt;
        }
        // The edge: phase k from state s_{k-1} to s_k; s_0 = cur, s_m = next.
        Plan p;
        p.head = head;
        p.self = self;
        p.phases = m;
        p.exact = !under;
        p.not_exact = not_exact;
        p.edge.writes = blk.writes;
        std::vector<Term> from = x, parts;
        for (std::size_t k = 0; k < m; ++k) {
            const IterationRelation& r = rels[order[k]];
            std::vector<Term> to = k + 1 == m ? next_state(blk.writes) : state(blk.writes, "mid");
            if (k + 1 < m)
                for (const VarId v : blk.writes) p.edge.aux.push_back(to[v]);
            const Term count = fresh_int("acc.n");
            p.edge.aux.push_back(count);
            parts.push_back(phase_closure(plain_, r, from, to, count));
            p.edge.phases.push_back(LoopPhase{r.body, count, r.input_values});
            for (const IterationUpdate& u : r.updates) p.resets = p.resets || u.reset;
            p.linear = p.linear || r.linear;
            from = std::move(to);
        }
        p.edge.formula = tm_.mk_and(parts);
        p.label = std::string(under ? "accelerated (under-approximation, the loop stays): " : "accelerated: ") +
                  std::to_string(m) + (m == 1 ? " phase" : " phases") +
                  (p.linear ? ", linear" : p.resets ? ", with resets" : "");
        return p;
    }

private:
    bool unsat(Term f) {
        smt::Solver s(tm_, so_);
        ++queries_;
        s.assert_formula(f);
        return s.check() == smt::Result::Unsat;
    }
    Term fresh_int(const std::string& name) { return tm_.mk_const(tm_.fresh_fun(name, {}, smt::SortTable::Int)); }
    // cur constants, with fresh constants at `writes` (tag non-null).
    std::vector<Term> state(const std::vector<VarId>& writes, const char* tag) {
        std::vector<Term> s;
        for (const ProgramVar& v : plain_.vars) s.push_back(v.cur);
        if (tag)
            for (const VarId v : writes) s[v] = fresh_int(std::string("acc.") + tag + "." + plain_.vars[v].name);
        return s;
    }
    std::vector<Term> next_state(const std::vector<VarId>& writes) {
        std::vector<Term> s = state(writes, nullptr);
        for (const VarId v : writes) s[v] = plain_.vars[v].next;
        return s;
    }

    const Program& blocks_;
    const Program& plain_;
    smt::TermManager& tm_;
    smt::SolverOptions so_;
    std::size_t queries_ = 0;
};

}  // namespace

std::vector<Term> Accelerated::printable_invariants(const std::vector<Term>& invariants) const {
    std::vector<Term> out = invariants;
    for (const AcceleratedLoop& l : loops)
        if (l.exact)
            for (const LocId at : {l.head, l.after})
                if (at < out.size()) out[at] = program.terms().mk_true();
    return out;
}

std::optional<Accelerated> accelerate(const Program& blocks, const smt::SolverOptions& so,
                                      base::Statistics& stats) {
    const auto start = base::Budget::Clock::now();
    if (&blocks.plain() == &blocks || !blocks.calls.empty()) return std::nullopt;
    Planner planner(blocks, so);
    std::vector<Plan> plans;
    std::size_t refused = 0;
    for (LocId l = 0; l < blocks.locs.size(); ++l) {
        if (l == blocks.entry || l == blocks.error || l == blocks.exit || l == blocks.truncated) continue;
        std::vector<EdgeId> self;
        for (const EdgeId e : blocks.out(l))
            if (blocks.edges[e].dst == l) self.push_back(e);
        if (self.size() != 1) continue;
        std::string why;
        if (auto p = planner.plan(l, self.front(), why)) {
            if (!p->exact) stats.text("accelerate.under.why", p->not_exact);
            plans.push_back(std::move(*p));
        } else {
            ++refused;
            if (!why.empty()) stats.text("accelerate.refused.why", why);
        }
    }
    stats.count("accelerate.loops", plans.size());
    stats.count("accelerate.refused", refused);
    stats.count("accelerate.queries", planner.queries());
    if (plans.empty()) {
        stats.seconds("accelerate.time", base::seconds_since(start));
        return std::nullopt;
    }
    Accelerated acc{blocks, {}, {}};
    Program& out = acc.program;
    out.edges.clear();
    out.provenance.edges.clear();
    std::unordered_map<LocId, std::size_t> plan_at;
    std::unordered_set<EdgeId> replaced;
    std::size_t phases = 0, with_resets = 0, under = 0, linear = 0;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        Plan& p = plans[i];
        phases += p.phases;
        with_resets += p.resets;
        linear += p.linear;
        if (!p.exact) {  // next to the loop: head -> head, added after the program's edges
            ++under;
            p.edge.src = p.edge.dst = p.head;
            acc.loops.push_back(AcceleratedLoop{p.head, p.head, 0, p.phases, p.resets, false});
            continue;
        }
        const LocProvenance& where = blocks.loc_origin(p.head);
        const LocId after = out.add_location(where.loc, where.function);
        out.locs[after].cut_point = true;
        out.locs[after].plain = blocks.locs[p.head].plain;
        p.edge.src = p.head;
        p.edge.dst = after;
        plan_at[p.head] = i;
        replaced.insert(p.self);
        acc.loops.push_back(AcceleratedLoop{p.head, after, 0, p.phases, p.resets, true});
    }
    for (EdgeId e = 0; e < blocks.edges.size(); ++e) {
        if (replaced.count(e)) {
            const std::size_t i = plan_at.at(blocks.edges[e].src);
            EdgeProvenance origin = blocks.edge_origin(e);
            origin.label = plans[i].label;
            acc.loops[i].edge = out.add_edge(plans[i].edge, std::move(origin));
            continue;
        }
        Edge moved = blocks.edges[e];
        if (const auto p = plan_at.find(moved.src); p != plan_at.end()) moved.src = acc.loops[p->second].after;
        out.add_edge(std::move(moved), blocks.edge_origin(e));
    }
    for (std::size_t i = 0; i < plans.size(); ++i) {
        if (plans[i].exact) continue;
        EdgeProvenance origin = blocks.edge_origin(plans[i].self);
        origin.label = plans[i].label;
        acc.loops[i].edge = out.add_edge(plans[i].edge, std::move(origin));
    }
    out.index();
    stats.count("accelerate.phases", phases);
    stats.count("accelerate.loops-with-resets", with_resets);
    stats.count("accelerate.loops-under", under);
    stats.count("accelerate.loops-linear", linear);
    stats.seconds("accelerate.time", base::seconds_since(start));
    acc.stats = stats;
    return acc;
}

}  // namespace craig::verifier
