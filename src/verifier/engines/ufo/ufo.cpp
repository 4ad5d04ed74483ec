#include "verifier/engines/ufo/ufo.hpp"

#include <algorithm>
#include <chrono>
#include <ostream>

#include "base/stopwatch.hpp"
#include "itp/interpolant_size.hpp"
#include "itp/simplify.hpp"
#include "verifier/domains/atoms.hpp"
#include "verifier/encoding/post_state.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/program/dot.hpp"
#include "verifier/program/term_to_c.hpp"
#include "verifier/encoding/checked_solver.hpp"

namespace craig::verifier {

namespace {

using smt::Term;
constexpr UfoEngine::NodeId kNone = UINT32_MAX;

// Branch-and-bound splits per covering or post query: an undecided query is a failed cover or
// a dropped predicate, both sound.
constexpr std::uint64_t kQueryBranchBudget = 300;

}  // namespace

UfoEngine::UfoEngine(const Program& blocks, const UfoOptions& o, base::Budget budget)
    : blocks_(blocks), o_(o), budget_(budget), tm_(blocks.terms()), wto_(blocks, [&] {
          std::vector<LocId> last;
          if (blocks.truncated != kNoLoc) last.push_back(blocks.truncated);
          if (blocks.error != kNoLoc) last.push_back(blocks.error);
          return last;
      }()) {
    const std::size_t n = blocks.locs.size();
    if (blocks.truncated != kNoLoc) bad_locs_.push_back(blocks.truncated);
    if (blocks.error != kNoLoc) bad_locs_.push_back(blocks.error);
    // Locations that can reach a bad one (backwards over the blocks).
    relevant_.assign(n, false);
    std::vector<LocId> work(bad_locs_.begin(), bad_locs_.end());
    for (LocId l : work) relevant_[l] = true;
    while (!work.empty()) {
        const LocId l = work.back();
        work.pop_back();
        for (EdgeId e : blocks.in(l)) {
            const LocId s = blocks.edges[e].src;
            if (!relevant_[s]) {
                relevant_[s] = true;
                work.push_back(s);
            }
        }
    }
    bad_node_.assign(n, kNone);
    preds_.assign(n, {});
    pred_set_.assign(n, {});
    smt::SolverOptions so = solver_options();
    so.lia_branch_budget = kQueryBranchBudget;
    cover_solver_ = std::make_unique<smt::Solver>(tm_, so);
    reset();
}

UfoEngine::~UfoEngine() = default;

smt::SolverOptions UfoEngine::solver_options() const { return checked_solver_options(o_, budget_); }

// A new ARG of one root (and the one node of each bad location).
void UfoEngine::reset() {
    nodes_.clear();
    bound_.clear();
    std::fill(bad_node_.begin(), bad_node_.end(), kNone);
    root_ = add_node(blocks_.entry);
    nodes_[root_].label = tm_.mk_true();
    nodes_[root_].marked = true;
    for (LocId l : bad_locs_) bad_node_[l] = add_node(l);
}

UfoEngine::NodeId UfoEngine::add_node(LocId l) {
    nodes_.push_back(Node{l, tm_.mk_true(), {}, {}, false, false, 0, 0});
    return static_cast<NodeId>(nodes_.size() - 1);
}

void UfoEngine::add_arc(NodeId from, EdgeId e, NodeId to) {
    nodes_[from].children.push_back({e, to});
    nodes_[to].parents.push_back({e, from});
    nodes_[to].marked = true;  // its label must account for the new parent
}

// GETFUTURENODE (thesis Alg. 1): the pending node of l, or a new one.
UfoEngine::NodeId UfoEngine::future_node(LocId l) {
    if (fn_[l] != kNone) return fn_[l];
    const NodeId v = bad_node_[l] != kNone ? bad_node_[l] : add_node(l);
    fn_[l] = v;
    return v;
}

bool UfoEngine::implies(Term a, Term b) {
    if (a == b || a == tm_.mk_false() || b == tm_.mk_true()) return true;
    if (auto it = implied_.find({a, b}); it != implied_.end()) return it->second;
    ++stats_.cover_checks;
    const auto t0 = std::chrono::steady_clock::now();
    cover_solver_->push();
    cover_solver_->assert_formula(a);
    cover_solver_->assert_formula(tm_.mk_not(b));
    // The C operators are uninterpreted here: an implication for every interpretation holds
    // for C's; an undecided query is a failed cover.
    const bool r = cover_solver_->check() == smt::Result::Unsat;
    cover_solver_->pop();
    stats_.cover_seconds += base::seconds_since(t0);
    implied_[{a, b}] = r;
    return r;
}

// Cartesian (or, with `boolean`, Boolean) predicate abstraction of the states after block e
// from `pre`, over the predicates of e's target (thesis §2: CPost, BPost). Unsat pre ∧ block
// gives false; an undecided query drops its predicate, which only weakens the result.
Term UfoEngine::predicate_post(Term pre, EdgeId e, bool boolean) {
    const Edge& edge = blocks_.edges[e];
    const std::vector<Term>& preds = preds_[edge.dst];
    const PostState step = post_state(blocks_, e, "@post");
    smt::SolverOptions so = solver_options();
    so.lia_branch_budget = kQueryBranchBudget;
    smt::Solver s(tm_, so);
    s.assert_formula(pre);
    s.assert_formula(step.formula);
    ++stats_.post_queries;
    const smt::Result feasible = s.check();
    if (feasible == smt::Result::Unsat) return tm_.mk_false();
    if (preds.empty() || feasible == smt::Result::Unknown) return tm_.mk_true();
    std::vector<Term> primed;
    for (Term p : preds) primed.push_back(step.after(tm_, p));
    if (boolean) {
        // All cubes over the predicates that a post-state satisfies: block each found one.
        std::vector<Term> cubes;
        smt::Result r = feasible;
        while (r == smt::Result::Sat && cubes.size() < o_.max_cubes && !budget_.exhausted()) {
            std::vector<Term> lits, lits_after;
            for (std::size_t i = 0; i < preds.size(); ++i) {
                const bool holds = s.model().evaluate(primed[i]).b;
                lits.push_back(holds ? preds[i] : tm_.mk_not(preds[i]));
                lits_after.push_back(holds ? primed[i] : tm_.mk_not(primed[i]));
            }
            cubes.push_back(tm_.mk_and(lits));
            s.assert_formula(tm_.mk_not(tm_.mk_and(lits_after)));
            ++stats_.post_queries;
            r = s.check();
        }
        if (r == smt::Result::Unsat) return tm_.mk_or(cubes);
        ++stats_.cartesian_fallbacks;  // too many cubes or undecided: the Cartesian post instead
        s.reset_assertions();
        s.assert_formula(pre);
        s.assert_formula(step.formula);
    }
    std::vector<Term> facts;
    for (std::size_t i = 0; i < preds.size(); ++i) {
        for (const bool positive : {true, false}) {
            const Term lit = positive ? primed[i] : tm_.mk_not(primed[i]);
            ++stats_.post_queries;
            const Term neg = tm_.mk_not(lit);
            if (s.check(std::span<const Term>(&neg, 1)) == smt::Result::Unsat) {
                facts.push_back(positive ? preds[i] : tm_.mk_not(preds[i]));
                break;
            }
        }
    }
    return tm_.mk_and(facts);
}

// POST(u, e): an over-approximation of the states after block e from u's label.
Term UfoEngine::post(NodeId u, EdgeId e) {
    const Term pre = nodes_[u].label;
    if (pre == tm_.mk_false()) return pre;
    if (!o_.domain && o_.post == UfoPost::True) return tm_.mk_true();
    ++stats_.posts;
    const auto t0 = std::chrono::steady_clock::now();
    const Term r = o_.domain ? o_.domain->post(pre, e) : predicate_post(pre, e, o_.post == UfoPost::Boolean);
    stats_.post_seconds += base::seconds_since(t0);
    return r;
}

// Thesis Alg. 2, lines 36-44: a marked node gets the join of its parents' posts (parents
// expanded in this traversal), a node bound by the last refinement that label.
void UfoEngine::label(NodeId v) {
    Node& x = nodes_[v];
    const bool bad = bad_node_[x.loc] == v;
    bool changed = false;
    if (v == root_) {
        changed = x.marked;
        x.label = tm_.mk_true();
    } else if (x.marked) {
        std::vector<Term> parts;
        for (const Arc& p : x.parents)
            if (nodes_[p.node].expanded == traversal_) parts.push_back(post(p.node, p.edge));
        Term joined = o_.domain && !parts.empty() ? o_.domain->join(parts) : tm_.mk_or(parts);
        if (o_.domain && wto_.is_head(x.loc) && !seen_[x.loc].empty() && o_.widen_delay &&
            (seen_[x.loc].size() + 1) % o_.widen_delay == 0) {
            // WIDENWITH (thesis Alg. 4, line 44) over the labels of the location's nodes so far.
            std::vector<Term> visited;
            for (NodeId u : seen_[x.loc]) visited.push_back(nodes_[u].label);
            const Term widened = o_.domain->widen_with(visited, joined);
            joined = o_.domain->join(std::vector<Term>{widened, joined});
            ++stats_.widenings;
        }
        x.label = o_.domain ? joined : simplified(joined, 1);  // a domain's labels are its canonical gamma
        changed = true;
    } else if (auto it = bound_.find(v); it != bound_.end()) {
        x.label = it->second;
        for (const Arc& c : x.children)
            if (!bound_.count(c.node)) nodes_[c.node].marked = true;
    } else if (bad) {
        // A bad node without a marked or bound label: false unless an expanded parent leads here.
        bool reached = false;
        for (const Arc& p : x.parents) reached = reached || nodes_[p.node].expanded == traversal_;
        if (!reached) x.label = tm_.mk_false();
    }
    x.marked = false;
    if (changed)
        for (const Arc& c : x.children) nodes_[c.node].marked = true;
    x.visited = traversal_;
    x.covered = false;
}

// UFO's covering (thesis Alg. 2, line 47): a head's label against the active heads of the
// current unrolling of its loop.
bool UfoEngine::covered(NodeId v) {
    const LocId l = nodes_[v].loc;
    if (!o_.cover_visited && !wto_.is_head(l)) return false;
    std::vector<Term> heads;
    // VINTA (thesis Alg. 4, line 53): against every uncovered node of the location so far.
    for (NodeId u : o_.cover_visited ? seen_[l] : active_[l]) heads.push_back(nodes_[u].label);
    if (heads.empty()) return false;
    return implies(nodes_[v].label, tm_.mk_or(heads));
}

// EXPANDNODE (thesis Alg. 1): the node's children become pending, or new arcs to the future
// nodes of its blocks' targets. A child whose location already has another pending node is
// redirected to it (one future node per location).
void UfoEngine::expand(NodeId v) {
    // Arcs of a node the previous traversal did not expand were in no refinement: the labels
    // bound at their targets do not account for them.
    const bool arcs_were_live = nodes_[v].expanded + 1 == traversal_;
    nodes_[v].expanded = traversal_;
    if (nodes_[v].children.empty()) {
        for (EdgeId e : blocks_.out(nodes_[v].loc)) {
            const LocId dst = blocks_.edges[e].dst;
            if (!relevant_[dst]) continue;
            add_arc(v, e, future_node(dst));
        }
        return;
    }
    for (Arc& c : nodes_[v].children) {
        if (!arcs_were_live) nodes_[c.node].marked = true;
        const LocId l = nodes_[c.node].loc;
        if (fn_[l] == c.node) continue;
        if (fn_[l] == kNone && nodes_[c.node].visited != traversal_) {
            fn_[l] = c.node;
            continue;
        }
        // Another node of l is pending (or this child was labelled already): redirect the arc.
        const NodeId other = future_node(l);
        auto& ps = nodes_[c.node].parents;
        ps.erase(std::find_if(ps.begin(), ps.end(), [&](const Arc& p) { return p.node == v && p.edge == c.edge; }));
        c.node = other;
        nodes_[other].parents.push_back({c.edge, v});
        nodes_[other].marked = true;
        ++stats_.merged_future_nodes;
    }
}

// The walk of thesis Alg. 2, lines 46-58: the next element of l's component (or, `leave`,
// the element after it); a location without a pending node is passed over, and a head
// without one ends its component (nothing entered it, or its loop did not come round again).
std::optional<UfoEngine::NodeId> UfoEngine::next_pending(LocId l, bool leave) {
    if (leave) active_[l].clear();
    LocId at = leave ? wto_.exit(l) : wto_.next(l);
    while (at != kNoLoc) {
        if (fn_[at] != kNone) {
            const NodeId v = fn_[at];
            fn_[at] = kNone;
            return v;
        }
        if (wto_.is_head(at)) {
            active_[at].clear();
            at = wto_.exit(at);
        } else {
            at = wto_.next(at);
        }
    }
    return std::nullopt;
}

UfoEngine::Traversal UfoEngine::expand_arg(const std::function<void(const std::function<std::string()>&)>& progress) {
    ++traversal_;
    ++stats_.traversals;
    fn_.assign(blocks_.locs.size(), kNone);
    active_.assign(blocks_.locs.size(), {});
    seen_.assign(blocks_.locs.size(), {});
    order_.clear();
    for (LocId l : bad_locs_) fn_[l] = bad_node_[l];
    // The root's future is decided by its own pending slot.
    std::optional<NodeId> cur = root_;
    while (cur) {
        if (budget_.exhausted()) return Traversal::Stopped;
        if (progress)
            progress([&] {
                return std::to_string(nodes_.size()) + " nodes, " + std::to_string(stats_.refinements) +
                       " refinements, " + std::to_string(stats_.covers) + " covers";
            });
        const NodeId v = *cur;
        const LocId l = nodes_[v].loc;
        label(v);
        order_.push_back(v);
        if (bad_node_[l] == v) {
            cur = next_pending(l, wto_.is_head(l));
            continue;
        }
        if (nodes_[v].label == tm_.mk_false()) {  // no states: not expanded
            cur = next_pending(l, wto_.is_head(l));
            continue;
        }
        if (covered(v)) {
            nodes_[v].covered = true;
            ++stats_.covers;
            cur = next_pending(l, true);
            continue;
        }
        if (wto_.is_head(l)) active_[l].push_back(v);
        seen_[l].push_back(v);
        expand(v);
        cur = next_pending(l, false);
    }
    return Traversal::Done;
}

// UFOREF (thesis Alg. 5): the DAG of the traversal's nodes that reach a bad node.
UfoEngine::Refined UfoEngine::refine() {
    ++stats_.refinements;
    const std::size_t n = nodes_.size();
    // Arcs of the traversal: from nodes expanded in it to nodes labelled in it.
    auto live = [&](NodeId u, const Arc& c) {
        return nodes_[u].expanded == traversal_ && nodes_[c.node].visited == traversal_;
    };
    std::vector<bool> reaches(n, false);
    std::vector<NodeId> work;
    for (LocId l : bad_locs_) {
        const NodeId b = bad_node_[l];
        if (nodes_[b].visited == traversal_ && nodes_[b].label != tm_.mk_false()) {
            reaches[b] = true;
            work.push_back(b);
        }
    }
    while (!work.empty()) {
        const NodeId w = work.back();
        work.pop_back();
        for (const Arc& p : nodes_[w].parents) {
            if (reaches[p.node] || !live(p.node, Arc{p.edge, w})) continue;
            reaches[p.node] = true;
            work.push_back(p.node);
        }
    }
    DagProblem d;
    std::vector<std::uint32_t> index(n, UINT32_MAX);
    std::vector<NodeId> of;
    for (NodeId v = 0; v < n; ++v)
        if (reaches[v]) {
            index[v] = static_cast<std::uint32_t>(of.size());
            of.push_back(v);
            d.loc.push_back(nodes_[v].loc);
        }
    d.size = static_cast<std::uint32_t>(of.size());
    if (o_.restricted)  // VINTAREF: the traversal's labels restrict the interpolants
        for (NodeId v : of) d.node_labels.push_back(nodes_[v].label);
    d.entry = index[root_];
    if (d.entry == UINT32_MAX) return Refined::Yes;  // nothing reaches a bad node
    for (NodeId v : of) {
        if (bad_node_[nodes_[v].loc] == v) d.bad.push_back(index[v]);
        for (const Arc& c : nodes_[v].children)
            if (reaches[c.node] && live(v, c)) d.arcs.push_back({index[v], index[c.node], c.edge});
    }
    const DagRefinement r = refine_dag(blocks_, d, o_.refine, budget_, refine_stats_);
    if (r.kind == DagRefinement::Kind::Unknown) {
        reason_ = r.reason;
        return Refined::Unknown;
    }
    if (r.kind == DagRefinement::Kind::Feasible) {
        cex_ = r.cex;
        cex_loc_ = nodes_[of[r.bad_vertex]].loc;
        return Refined::Feasible;
    }
    if (o_.eager) {
        for (std::uint32_t i = 0; i < d.size; ++i) learn_predicates(nodes_[of[i]].loc, r.labels[i]);
        reset();
        return Refined::Yes;
    }
    // The new labels are conjoined with the traversal's (a well-labelling of the same ARG, so
    // the conjunction is one too): labels only get stronger, as in IMPACT, where replacing
    // them (thesis Alg. 1) made IUFO alternate between two labellings of a nested loop.
    bound_.clear();
    for (std::uint32_t i = 0; i < d.size; ++i) {
        bound_[of[i]] = simplified(tm_.mk_and(r.labels[i], nodes_[of[i]].label), 2);
        const std::uint64_t size = itp::term_size(tm_, bound_[of[i]]).dag_nodes;
        stats_.label_nodes += size;
        stats_.max_label_nodes = std::max<std::size_t>(stats_.max_label_nodes, size);
        if (o_.post != UfoPost::True) learn_predicates(nodes_[of[i]].loc, r.labels[i]);
    }
    keep_labels_off_dag();
    return Refined::Yes;
}

// Beyond the thesis: the traversal's nodes outside the refined DAG (covered heads, nodes that
// do not reach a bad node) would be marked below a relabelled parent and get POST again (true
// for IUFO), so a covered head would lose its label, be unrolled, relabelled, covered, and so
// on without end. Such a node keeps its label (bound) when the new labels of its parents still
// imply it across their blocks, decided in traversal order (a parent that does not keep its
// label makes its children recompute theirs).
void UfoEngine::keep_labels_off_dag() {
    for (const NodeId v : order_) {
        if (v == root_ || bound_.count(v) || bad_node_[nodes_[v].loc] == v) continue;
        const Term label = nodes_[v].label;
        bool keep = true;
        for (const Arc& p : nodes_[v].parents) {
            if (!keep) break;
            if (nodes_[p.node].expanded != traversal_) continue;
            auto it = bound_.find(p.node);
            if (it == bound_.end()) {
                keep = p.node == root_;  // the root keeps true; another parent is relabelled by POST
                if (!keep) break;
                keep = preserves(nodes_[p.node].label, p.edge, label);
                continue;
            }
            keep = preserves(it->second, p.edge, label);
        }
        if (keep) {
            bound_[v] = label;
            ++stats_.kept_labels;
        }
    }
}

// pre ∧ [[e]] ⊨ post' (the C operators uninterpreted: what holds for every interpretation
// holds for C's; an undecided query is a no).
bool UfoEngine::preserves(Term pre, EdgeId e, Term post) {
    if (post == tm_.mk_true() || pre == tm_.mk_false()) return true;
    const PostState step = post_state(blocks_, e, "@keep");
    smt::SolverOptions so = solver_options();
    so.lia_branch_budget = kQueryBranchBudget;
    smt::Solver s(tm_, so);
    s.assert_formula(pre);
    s.assert_formula(step.formula);
    s.assert_formula(tm_.mk_not(step.after(tm_, post)));
    ++stats_.cover_checks;
    return s.check() == smt::Result::Unsat;
}

void UfoEngine::learn_predicates(LocId l, Term label) {
    std::vector<Term> atoms;
    collect_atoms(tm_, label, atoms);
    for (Term a : atoms)
        if (pred_set_[l].insert(a).second) {
            preds_[l].push_back(a);
            ++stats_.predicates;
        }
}

// The simplifier's cost grows steeply with the nesting of large labels (measured: seconds on a
// few hundred nodes of Boxes unions, where a traversal stopped answering to its budget), so
// larger labels are kept as they are.
Term UfoEngine::simplified(Term f, int level) {
    constexpr std::uint64_t kMaxSimplifiedNodes = 300;
    // A smaller step budget than impact's: given-up passes are common on ufo's DAG labels
    // (docs/results/code-measurements.md, ufo-simplifier-steps).
    constexpr std::uint64_t kMaxSimplifierSteps = 20000;
    const auto t0 = std::chrono::steady_clock::now();
    if (itp::term_size(tm_, f).dag_nodes > kMaxSimplifiedNodes) return f;
    const Term g = itp::simplify_interpolant(tm_, f, level, kMaxSimplifierSteps);
    stats_.simplify_seconds += base::seconds_since(t0);
    return g;
}

// Thesis Theorem 2.1: per location the disjunction of the last traversal's uncovered labels;
// true where the error cannot be reached, false where the traversal put no node.
std::vector<Term> UfoEngine::invariants() {
    std::vector<std::vector<Term>> parts(blocks_.locs.size());
    for (const Node& x : nodes_)
        if (x.visited == traversal_ && !x.covered && x.label != tm_.mk_false()) parts[x.loc].push_back(x.label);
    std::vector<Term> inv;
    for (LocId l = 0; l < blocks_.locs.size(); ++l)
        inv.push_back(relevant_[l] ? simplified(tm_.mk_or(parts[l]), 1) : tm_.mk_true());
    return inv;
}

Verdict UfoEngine::finish(Verdict v) const {
    static constexpr std::pair<const char*, std::size_t UfoStats::*> kCounts[] = {
        {"ufo.traversals", &UfoStats::traversals},
        {"ufo.refinements", &UfoStats::refinements},
        {"ufo.covers", &UfoStats::covers},
        {"ufo.cover-checks", &UfoStats::cover_checks},
        {"ufo.merged-future-nodes", &UfoStats::merged_future_nodes},
        {"ufo.kept-labels", &UfoStats::kept_labels},
        {"ufo.posts", &UfoStats::posts},
        {"ufo.post-queries", &UfoStats::post_queries},
        {"ufo.predicates", &UfoStats::predicates},
        {"ufo.cartesian-fallbacks", &UfoStats::cartesian_fallbacks},
        {"ufo.widenings", &UfoStats::widenings},
        {"ufo.label-nodes.total", &UfoStats::label_nodes},
        {"ufo.label-nodes.max", &UfoStats::max_label_nodes},
    };
    base::Statistics& st = v.stats;
    st.count("ufo.nodes", nodes_.size());
    for (const auto& [name, member] : kCounts) st.count(name, stats_.*member);
    st.count("ufo.refine.queries", refine_stats_.queries);
    st.count("ufo.refine.operator-instances", refine_stats_.operator_instances);
    st.count("ufo.refine.pruned-literals", refine_stats_.pruned_literals);
    st.count("ufo.refine.kept-literals", refine_stats_.kept_literals);
    st.count("ufo.refine.itp-queries", refine_stats_.itp_queries);
    st.count("ufo.refine.one-proof-vertices", refine_stats_.one_proof_vertices);
    st.count("ufo.refine.per-vertex-vertices", refine_stats_.per_vertex_vertices);
    st.count("ufo.refine.route-fallbacks", refine_stats_.route_fallbacks);
    st.seconds("ufo.time.refine-solving", refine_stats_.solve_seconds);
    st.seconds("ufo.time.interpolation", refine_stats_.interpolation_seconds);
    st.seconds("ufo.time.post", stats_.post_seconds);
    st.seconds("ufo.time.covering", stats_.cover_seconds);
    // What the thesis calls QE/cleaning: craig's DAG interpolants need no quantifier
    // elimination (they are over the shared SSA constants), so this is renaming them back to
    // the program variables and simplifying them, in refinement and when labels are stored.
    st.seconds("ufo.time.clean", refine_stats_.clean_seconds + stats_.simplify_seconds);
    if (o_.domain) st.merge(o_.domain->stats());
    return v;
}

Verdict UfoEngine::run(const std::function<void(const std::function<std::string()>&)>& progress) {
    Verdict out;
    auto unknown = [&](std::string why) {
        out.kind = VerdictKind::Unknown;
        out.reason = std::move(why);
        return finish(std::move(out));
    };
    auto where = [&] {
        return std::to_string(stats_.refinements) + " refinements, " + std::to_string(nodes_.size()) + " nodes";
    };
    for (;;) {
        if (expand_arg(progress) == Traversal::Stopped)
            return unknown(std::string(budget_.why()) + " after " + where());
        bool safe = true;
        for (LocId l : bad_locs_) safe = safe && nodes_[bad_node_[l]].label == tm_.mk_false();
        if (safe) break;
        switch (refine()) {
            case Refined::Yes: break;
            case Refined::Unknown:
                if (budget_.exhausted()) return unknown(std::string(budget_.why()) + " after " + where());
                return unknown(reason_);
            case Refined::Feasible:
                if (cex_loc_ == blocks_.truncated)
                    return unknown("a call deeper than the recursion bound is reachable (" +
                                   (blocks_.approximations.empty() ? std::string("recursion inlined to a bound")
                                                                   : blocks_.approximations.front()) +
                                   "); raise --recursion-depth");
                out.kind = VerdictKind::False;
                out.cex = cex_;
                out.reason = "error reached along a path of " + std::to_string(cex_.plain_path.size()) + " edges";
                return finish(std::move(out));
        }
    }
    // Complete: every node the last traversal expanded has all its arcs to nodes it labelled.
    for (const Node& x : nodes_)
        if (x.expanded == traversal_)
            for (const Arc& c : x.children)
                if (nodes_[c.node].visited != traversal_) return unknown("internal: the ARG is not complete");
    out.kind = VerdictKind::True;
    out.reason = "inductive invariants from an ARG of " + std::to_string(nodes_.size()) + " nodes after " +
                 std::to_string(stats_.refinements) + " refinements";
    out.certificate.invariants = invariants();
    return finish(std::move(out));
}

void UfoEngine::write_dot(std::ostream& out) const {
    out << "digraph arg {\n  node [shape=box, fontsize=10];\n";
    for (NodeId v = 0; v < nodes_.size(); ++v) {
        const Node& x = nodes_[v];
        if (x.visited != traversal_) continue;
        std::string style;
        if (x.loc == blocks_.error)
            style = ", color=red";
        else if (x.covered)
            style = ", style=dashed";
        out << "  n" << v << " [label=\"" << v << " @ " << dot_text(blocks_.loc_origin(x.loc).loc.str(), 40) << "\\n"
            << dot_text(term_to_c_at(blocks_, x.loc, x.label)) << "\"" << style << "];\n";
        if (x.expanded == traversal_)
            for (const Arc& c : x.children) out << "  n" << v << " -> n" << c.node << ";\n";
    }
    out << "}\n";
}

namespace {

constexpr EngineOption kUfoOptions[] = {
    kItpBoolOption, kItpLraOption, kItpEufOption, kDagRouteOption, kCoreRoundsOption,
};

template <UfoPost Post, bool Eager>
std::unique_ptr<Engine> make_ufo(const EngineSettings& s) {
    return std::make_unique<UfoAdapter>(s, [](UfoOptions& o, const Program&, const base::Budget&) {
        o.post = Post;
        o.eager = Eager;
    });
}

}  // namespace

Verdict UfoAdapter::solve(const Program& blocks, const base::Budget& budget) {
    UfoOptions o = ufo_options(s_);
    configure_(o, blocks, budget);
    engine_ = std::make_unique<UfoEngine>(blocks, o, budget);
    return engine_->run([this](const std::function<std::string()>& status) { progress(status); });
}

bool UfoAdapter::write_arg(std::ostream& out) const {
    if (!engine_) return false;
    engine_->write_dot(out);
    return true;
}

UfoOptions ufo_options(const EngineSettings& s) {
    UfoOptions o;
    o.check_models = s.check_models;
    o.check_certificates = s.check_certificates;
    o.sat_integration = s.sat_integration;
    o.refine.take_queries(s);
    o.refine.itp = itp_options(s);
    o.refine.itp.dag_route = s.get("itp-dag-route") == "per-vertex" ? itp::DagRoute::PerVertex : itp::DagRoute::OneProof;
    o.refine.core_rounds = s.number("ufo-core-rounds");
    return o;
}

const EngineInfo& ufo_engine() {
    static const EngineInfo info{
        "ufo",
        "UFO with POST = true (IUFO; Albarghouthi, TACAS 2012): an ARG unrolled as a DAG along "
        "a weak topological order, refined by DAG interpolants",
        kUfoOptions, make_ufo<UfoPost::True, false>, nullptr, {.words = true}};
    return info;
}

const EngineInfo& cpufo_engine() {
    static const EngineInfo info{
        "cpufo", "UFO with Cartesian predicate abstraction over the atoms of the refined labels (CPUFO)", kUfoOptions,
        make_ufo<UfoPost::Cartesian, false>, nullptr, {.words = true}};
    return info;
}

const EngineInfo& bpufo_engine() {
    static const EngineInfo info{"bpufo",
                                 "UFO with Boolean predicate abstraction over the atoms of the refined labels (BPUFO)",
                                 kUfoOptions, make_ufo<UfoPost::Boolean, false>, nullptr, {.words = true}};
    return info;
}

const EngineInfo& cp_engine() {
    static const EngineInfo info{
        "cp",
        "eager Cartesian predicate abstraction: UFO's DAG refinement only adds predicates and the "
        "ARG restarts from the root (CP)",
        kUfoOptions, make_ufo<UfoPost::Cartesian, true>, nullptr, {.words = true}};
    return info;
}

const EngineInfo& bp_engine() {
    static const EngineInfo info{
        "bp",
        "eager Boolean predicate abstraction: UFO's DAG refinement only adds predicates and the "
        "ARG restarts from the root (BP)",
        kUfoOptions, make_ufo<UfoPost::Boolean, true>, nullptr, {.words = true}};
    return info;
}

}  // namespace craig::verifier
