#include "verifier/engines/impact/impact.hpp"
#include "itp/partition_map.hpp"

#include "base/interrupt.hpp"
#include "base/stopwatch.hpp"

#include <algorithm>
#include <optional>
#include <ostream>
#include <unordered_set>

#include "frontend/types.hpp"
#include "itp/interpolant_size.hpp"
#include "itp/interpolation.hpp"
#include "itp/simplify.hpp"
#include "verifier/domains/atoms.hpp"
#include "verifier/invariants/affine_hull.hpp"
#include "verifier/encoding/block_path.hpp"
#include "verifier/invariants/houdini.hpp"
#include "verifier/invariants/invariant_candidates.hpp"
#include "verifier/encoding/exact_check.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/program/dot.hpp"
#include "verifier/program/term_to_c.hpp"
#include "verifier/encoding/checked_solver.hpp"

namespace craig::verifier {

namespace {

using Clock = std::chrono::steady_clock;
using smt::Term;

// Interpolants are simplified to equivalent formulas (constant propagation and bound
// subsumption): smaller labels make covering checks and printed invariants cheaper.
constexpr int kSimplifyLevel = 2;

// Branch-and-bound splits per covering query (implication, forced cover): an undecided
// query is a failed cover, which is sound.
constexpr std::uint64_t kCoverBranchBudget = 300;

// discover_invariants: vertices per location whose paths are sampled, and candidates per
// location.
constexpr std::size_t kSampledVertices = 6;
constexpr std::size_t kMaxCandidates = 400;
// discover_invariants: iterations of a loop's own blocks sampled past each sampled vertex.
constexpr std::size_t kExtraIterations = 3;

// Models kept per label to refute later implications without the solver.
constexpr std::size_t kWitnessesPerLabel = 4;

}  // namespace

// A path formula: state versions per position, one formula per block of the path, and the
// aux renaming of each block instance (for counterexamples).
struct ImpactEngine::PathQuery {
    std::vector<PathEncoding::NodeId> nodes;  // nodes[k]: the encoding's node after k blocks
    std::vector<std::vector<Term>> states;    // states[k][var]: the value after k blocks
    std::vector<Term> steps;                  // steps[k]: block k+1 from states[k] to states[k+1]
    std::vector<EdgeId> edges;
    std::vector<const AuxRenaming*> renamed;  // into encoding_
};

namespace {
constexpr PathEncoding::NodeId kNoNode = UINT32_MAX;
}

ImpactEngine::ImpactEngine(const Program& blocks, const ImpactOptions& o, base::Budget budget)
    : blocks_(blocks),
      plain_(blocks.plain()),
      o_(o),
      budget_(budget),
      tm_(blocks.terms()),
      unwinding_(blocks.terms(), blocks.entry),
      encoding_(blocks) {
    o_.itp.deadline = budget_.deadline();  // interpolation of long paths stops at the deadline too
    smt::SolverOptions so = search_options();
    // A Sat implication query only means "no cover", so branch and bound need not finish
    // (docs/results/code-measurements.md, impact-cover-branch-budget).
    so.lia_branch_budget = kCoverBranchBudget;
    implication_ = std::make_unique<smt::Solver>(tm_, so);
    facts_.assign(blocks.locs.size(), tm_.mk_true());
}

ImpactEngine::~ImpactEngine() = default;

bool ImpactEngine::timed_out() const { return budget_.exhausted(); }

smt::SolverOptions ImpactEngine::search_options() const {
    smt::SolverOptions so = checked_solver_options(o_, budget_);
    so.times = &solver_times_;
    return so;
}

smt::SolverOptions ImpactEngine::refinement_options(bool cuts) const {
    smt::SolverOptions so = search_options();
    so.produce_proofs = true;
    so.produce_interpolants = true;
    so.lia_cuts = cuts;  // a cut lemma can mix the partitions it was derived from
    return so;
}

// McMillan CAV'06, Expand: one child per outgoing block, labelled true.
void ImpactEngine::expand(VertexId v) {
    if (unwinding_[v].expanded || unwinding_.is_covered(v)) return;
    unwinding_.mark_expanded(v);
    if (o_.max_depth && unwinding_[v].depth >= o_.max_depth) {
        depth_cut_.push_back(v);
        return;
    }
    for (EdgeId e : blocks_.out(unwinding_[v].loc)) {
        const VertexId c = unwinding_.add_child(v, e, blocks_.edges[e].dst);
        if (facts_[unwinding_[c].loc] != tm_.mk_true()) unwinding_.conjoin_invariant(c, facts_[unwinding_[c].loc]);
    }
}

// Samples reachable states at the loop heads from path formulas root..x (each new sample
// outside the affine hull of the earlier ones, so at most one more than the number of
// variables per vertex), takes their affine hull's equalities (as two bounds each) and the
// labels' conjuncts as candidates, and keeps what Houdini proves inductive. Every kept
// fact holds in all reachable states of its location, so conjoining it to every label
// there keeps the unwinding well labelled and its covers valid.
void ImpactEngine::discover_invariants() {
    ++stats_.discoveries;
    // The arithmetic variables (programs from Horn clauses may have Bool ones, which take no
    // part in affine equalities and bounds).
    std::vector<VarId> arith;
    for (VarId v = 0; v < blocks_.vars.size(); ++v)
        if (tm_.is_arith(blocks_.vars[v].cur)) arith.push_back(v);
    const std::size_t nvars = arith.size();
    smt::SolverOptions so = search_options();
    so.lia_branch_budget = kCoverBranchBudget;
    const std::vector<ProgramBound> program_bounds = collect_program_bounds(blocks_);
    std::vector<std::vector<Term>> candidates(blocks_.locs.size());
    for (LocId l = 0; l < blocks_.locs.size(); ++l) {
        if (!blocks_.locs[l].loop_head || l == blocks_.entry) continue;
        StateSamples samples(nvars);
        // Adds models of `s` at `state` outside the hull of the samples so far as samples.
        auto sample = [&](smt::Solver& s, const std::vector<Term>& state) {
            sample_outside_hull(s, arith, state, Term{}, samples);
        };
        // The loop's own blocks (large-block bodies without inner loops are one edge l -> l).
        std::vector<EdgeId> self_loops;
        for (EdgeId e : blocks_.out(l))
            if (blocks_.edges[e].dst == l) self_loops.push_back(e);
        const std::vector<VertexId>& at_l = unwinding_.at(l);
        for (std::size_t i = 0; i < at_l.size() && i < kSampledVertices && !timed_out(); ++i) {
            const std::vector<VertexId> path = unwinding_.path(at_l[i]);
            PathQuery q = build_path(path);
            smt::Solver s(tm_, so);
            for (Term step : q.steps) s.assert_formula(step);
            sample(s, q.states.back());
            // The unwinding reaches a loop head first with the states of its first iterations
            // only (fragtest_simple: j = 0 and k = n at the third loop, where k + j = n is the
            // invariant): a few more iterations of the loop's blocks past the vertex give
            // samples of later ones. Each continuation is a path of its own, after the vertex's.
            for (std::size_t j = 0; j < self_loops.size() && !timed_out(); ++j) {
                const EdgeId e = self_loops[j];
                std::optional<smt::Solver> other;  // past the first edge: s holds its steps
                if (j > 0) {
                    other.emplace(tm_, so);
                    for (Term step : q.steps) other->assert_formula(step);
                }
                smt::Solver& more = j == 0 ? s : *other;
                PathEncoding::NodeId n = q.nodes.back();
                for (std::size_t k = 1; k <= kExtraIterations; ++k) {
                    n = encoding_.add_step(
                        n, e, "@v" + std::to_string(at_l[i]) + "+" + std::to_string(k) + "e" + std::to_string(e));
                    more.assert_formula(encoding_.step(n));
                    const std::size_t before = samples.points.size();
                    sample(more, encoding_.state(n));
                    if (samples.points.size() == before && more.check() != smt::Result::Sat) break;  // the loop has ended
                }
            }
        }
        if (samples.points.empty()) continue;  // no reachable state found: nothing to generalise
        candidates[l] = invariant_candidates(blocks_, arith, samples.points, samples.hull, program_bounds);
        std::unordered_set<Term, smt::TermHash> seen(candidates[l].begin(), candidates[l].end());
        for (VertexId x : at_l) {
            if (unwinding_.is_covered(x)) continue;
            const Term lab = unwinding_[x].label;
            std::vector<Term> cs;
            if (tm_.kind(lab) == smt::Kind::And)
                cs.assign(tm_.children(lab).begin(), tm_.children(lab).end());
            else if (lab != tm_.mk_true())
                cs.push_back(lab);
            for (Term c : cs)
                if (candidates[l].size() < kMaxCandidates && seen.insert(c).second) candidates[l].push_back(c);
            // A constant bound is true or false: leave it out (true) or keep it (false: the
            // location is unreachable, which Houdini decides).
            std::erase_if(candidates[l], [&](Term c) { return c == tm_.mk_true(); });
        }
    }
    if (timed_out()) return;
    const HoudiniResult h = houdini(blocks_, std::move(candidates), so);
    stats_.houdini_queries += h.queries;
    if (timed_out()) return;  // undecided checks dropped candidates: still sound, but stop here
    for (LocId l = 0; l < blocks_.locs.size(); ++l) {
        if (h.kept[l].empty()) continue;
        // Bound subsumption drops the looser of the program's bounds q <= c, q <= c + 1.
        const Term fact = itp::simplify_interpolant(tm_, tm_.mk_and(h.kept[l]), kSimplifyLevel);
        if (implies(facts_[l], fact)) continue;
        stats_.invariant_facts += h.kept[l].size();
        facts_[l] = tm_.mk_and(facts_[l], fact);
        for (VertexId x : unwinding_.at(l))
            if (!implies(unwinding_[x].label, fact)) unwinding_.conjoin_invariant(x, fact);
    }
}

bool ImpactEngine::implies(Term a, Term b) {
    if (b == tm_.mk_true() || a == tm_.mk_false() || a == b) return true;
    // Syntactic: every conjunct of b is a conjunct of a (labels are conjunctions of interpolants).
    auto conjuncts = [&](Term t) {
        std::vector<Term> c;
        if (tm_.kind(t) == smt::Kind::And)
            c.assign(tm_.children(t).begin(), tm_.children(t).end());
        else
            c.push_back(t);
        return c;
    };
    const std::vector<Term> ca = conjuncts(a);
    const std::unordered_set<Term, smt::TermHash> in_a(ca.begin(), ca.end());
    const std::vector<Term> cb = conjuncts(b);
    if (std::all_of(cb.begin(), cb.end(), [&](Term t) { return in_a.count(t) > 0; })) return true;
    if (auto it = implied_.find({a, b}); it != implied_.end()) {
        ++stats_.implication_hits;
        return it->second;
    }
    // A model of a (with its own tables for the C operators) that falsifies b refutes the
    // implication just as the solver would.
    if (auto it = witnesses_.find(a); it != witnesses_.end())
        for (const smt::Model& m : it->second)
            if (!m.evaluate(b).b) {
                ++stats_.implication_refuted;
                implied_.emplace(std::make_pair(a, b), false);
                return false;
            }
    ++stats_.implication_checks;
    const auto t0 = Clock::now();
    implication_->push();
    implication_->assert_formula(a);
    implication_->assert_formula(tm_.mk_not(b));
    const smt::Result r = implication_->check();
    if (r == smt::Result::Sat) {
        std::vector<smt::Model>& ms = witnesses_[a];
        if (ms.size() == kWitnessesPerLabel) ms.erase(ms.begin());
        ms.push_back(implication_->model());
    }
    implication_->pop();
    stats_.solve_seconds += base::seconds_since(t0);
    // Unknown (the branch budget): no cover, which is always sound, and cached as such.
    implied_.emplace(std::make_pair(a, b), r == smt::Result::Unsat);
    return r == smt::Result::Unsat;
}

// McMillan CAV'06, Cover: w earlier, same location, both uncovered, label(v) ⊨ label(w).
bool ImpactEngine::cover(VertexId v, VertexId w) {
    const Vertex& x = unwinding_[v];
    const Vertex& y = unwinding_[w];
    if (w >= v || x.loc != y.loc || unwinding_.is_covered(v) || unwinding_.is_covered(w)) return false;
    if (!implies(x.label, y.label)) return false;
    unwinding_.set_cover(v, w);
    ++stats_.covers;
    return true;
}

// McMillan CAV'06, Close: Cover(v, w) for the earlier vertices w at v's location.
bool ImpactEngine::close(VertexId v) {
    if (unwinding_.is_covered(v)) return false;
    const std::vector<VertexId>& same = unwinding_.at(unwinding_[v].loc);
    for (std::size_t i = 0; i < same.size() && same[i] < v; ++i)
        if (cover(v, same[i])) return true;
    if (!o_.forced_covering) return false;
    for (std::size_t i = 0; i < same.size() && same[i] < v; ++i) {
        if (timed_out()) return false;
        if (!unwinding_.is_covered(same[i]) && forced_cover(v, same[i])) return true;
    }
    return false;
}

PathEncoding::NodeId ImpactEngine::node(VertexId x) {
    if (node_of_.size() < unwinding_.size()) node_of_.resize(unwinding_.size(), kNoNode);
    // The ancestors without a node, then their nodes top-down (no recursion: paths are long).
    std::vector<VertexId> missing;
    for (VertexId a = x; a != kNoVertex && node_of_[a] == kNoNode; a = unwinding_[a].parent) missing.push_back(a);
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
        const VertexId v = *it;
        const VertexId p = unwinding_[v].parent;
        const std::string tag = "@v" + std::to_string(v);
        node_of_[v] =
            p == kNoVertex ? encoding_.add_root(tag) : encoding_.add_step(node_of_[p], unwinding_[v].edge, tag);
    }
    return node_of_[x];
}

ImpactEngine::PathQuery ImpactEngine::build_path(const std::vector<VertexId>& path) {
    PathQuery q;
    for (std::size_t k = 0; k < path.size(); ++k) {
        const PathEncoding::NodeId n = node(path[k]);
        q.nodes.push_back(n);
        q.states.push_back(encoding_.state(n));
        if (k == 0) continue;
        q.steps.push_back(encoding_.step(n));
        q.edges.push_back(unwinding_[path[k]].edge);
        q.renamed.push_back(&encoding_.renamed(n));
    }
    return q;
}

Term ImpactEngine::to_cur(const PathQuery& q, std::size_t k, Term itp) {
    // Shared symbols of the cut are the state versions (and the C operator functions);
    // anything else would be a label the program variables cannot express.
    const std::optional<Term> r = encoding_.to_cur(q.nodes[k], itp);
    return r ? itp::simplify_interpolant(tm_, *r, kSimplifyLevel) : Term{};
}

// Interpolants of a strong system carry every shared fact the proof touched (x = 0 where
// only x >= 0 matters), and such labels rarely cover each other, so loops get unrolled.
// Backwards from the last cut, W_j keeps a subset of the conjuncts of I_j such that
// W_j ∧ step_{j+1} ⊨ W_{j+1} (W after the last block is `last`). Each W_j is weaker than I_j,
// so step_0 (with the start label) still implies W_0 and the sequence property holds for W.
// The checks treat the C operators as uninterpreted, which only keeps more conjuncts.
std::vector<Term> ImpactEngine::weaken(const PathQuery& q, std::vector<Term> itps, Term last) {
    smt::SolverOptions so = search_options();
    smt::Solver s(tm_, so);
    Term target = last;
    for (std::size_t j = itps.size(); j-- > 0;) {
        // Conjuncts, with an arithmetic equality split into its two bounds (x = 0 is often
        // needed only as x >= 0).
        std::vector<Term> top, conj;
        if (tm_.kind(itps[j]) == smt::Kind::And)
            top.assign(tm_.children(itps[j]).begin(), tm_.children(itps[j]).end());
        else if (itps[j] != tm_.mk_true())
            top.push_back(itps[j]);
        for (Term c : top) {
            if (tm_.kind(c) == smt::Kind::Eq && tm_.is_arith(tm_.child(c, 0))) {
                conj.push_back(tm_.mk_leq(tm_.child(c, 0), tm_.child(c, 1)));
                conj.push_back(tm_.mk_geq(tm_.child(c, 0), tm_.child(c, 1)));
            } else {
                conj.push_back(c);
            }
        }
        const std::size_t before = conj.size();
        s.push();
        s.assert_formula(q.steps[j + 1]);
        s.assert_formula(tm_.mk_not(target));
        if (s.check(conj) == smt::Result::Unsat) {
            std::vector<Term> core = s.unsat_assumptions();
            // Keep the interpolant's order, restricted to the core, then drop what is not needed.
            std::unordered_set<Term, smt::TermHash> in_core(core.begin(), core.end());
            std::vector<Term> kept;
            for (Term c : conj)
                if (in_core.count(c)) kept.push_back(c);
            for (std::size_t i = 0; i < kept.size();) {
                std::vector<Term> candidate = kept;
                candidate.erase(candidate.begin() + static_cast<std::ptrdiff_t>(i));
                if (s.check(candidate) == smt::Result::Unsat)
                    kept = std::move(candidate);
                else
                    ++i;
            }
            conj = std::move(kept);
        }
        s.pop();
        if (conj.size() < before) stats_.dropped_conjuncts += before - conj.size();
        itps[j] = tm_.mk_and(conj);
        target = itps[j];
    }
    return itps;
}

// Conjoins itps[j] (over the state after j+1 blocks) into the label of path[j+1] unless
// the label already implies it (McMillan CAV'06, Refine: covers the vertex gave are dropped).
void ImpactEngine::strengthen_along(const std::vector<VertexId>& path, const std::vector<Term>& itps,
                                    std::vector<VertexId>& changed) {
    for (std::size_t j = 0; j < itps.size(); ++j) {
        const Term phi = itps[j];
        const VertexId x = path[j + 1];
        if (implies(unwinding_[x].label, phi)) continue;
        unwinding_.strengthen(x, phi);
        changed.push_back(x);
    }
}

// The inner labels of an unsat path query (partition k holds block k, the first one also
// the start label): sequence interpolants, simplified, weakened towards `last` (the
// formula refuted after the last block, over its versions), renamed to cur constants.
// Empty optional (with *why set) when the proof cannot be interpolated.
std::optional<std::vector<Term>> ImpactEngine::path_interpolants(smt::Solver& s, std::span<const std::uint32_t> part,
                                                                 const PathQuery& q, Term last, std::string* why) {
    const std::size_t m = q.steps.size();
    std::vector<Term> itps;
    if (m < 2) return itps;
    const auto t1 = Clock::now();
    smt::SmtProof proof;
    try {
        proof = s.proof();
    } catch (const smt::ProofError& e) {
        *why = std::string("no proof of an infeasible path: ") + e.what();
        return std::nullopt;
    }
    itp::InterpolationResult ir = itp::sequence_interpolants(tm_, proof, part, static_cast<std::uint32_t>(m), o_.itp);
    stats_.interpolation_seconds += base::seconds_since(t1);
    if (!ir.ok()) {
        *why = "interpolation: " + ir.unknown_reason;
        return std::nullopt;
    }
    std::vector<Term> raw = ir.interpolants;
    for (Term& t : raw) t = itp::simplify_interpolant(tm_, t, kSimplifyLevel);
    if (o_.weaken_interpolants) raw = weaken(q, std::move(raw), last);
    for (std::size_t j = 0; j < raw.size(); ++j) {
        const Term phi = to_cur(q, j + 1, raw[j]);
        if (!phi.valid()) {
            *why = "an interpolant has symbols other than the program variables";
            return std::nullopt;
        }
        const std::uint64_t size = itp::term_size(tm_, phi).dag_nodes;
        ++stats_.interpolants;
        stats_.interpolant_nodes += size;
        stats_.max_interpolant_nodes = std::max<std::size_t>(stats_.max_interpolant_nodes, size);
        itps.push_back(phi);
    }
    return itps;
}

// label(x) over the versions of state k of q.
Term ImpactEngine::label_at(VertexId x, const PathQuery& q, std::size_t k) {
    return encoding_.at(q.nodes[k], unwinding_[x].label);
}

// McMillan CAV'06, Refine, from the deepest ancestor whose label already makes the rest
// of the path infeasible: suffixes of 1, 2, 4, ... blocks start from their first
// vertex's label (the full path from the root's label true). The labels above that
// vertex stay, those below get the suffix's interpolants; since the start label is
// part of the first partition, every interpolant still follows from its parent's label
// and block. Short suffixes keep long unrollings cheap (gj2007: twice the refinements
// in the same time) and interpolants come from labels rather than the initial values.
ImpactEngine::RefineResult ImpactEngine::refine(VertexId v) {
    ++stats_.refinements;
    const std::vector<VertexId> full = unwinding_.path(v);
    const std::size_t n = full.size() - 1;
    if (n == 0) throw std::logic_error("impact: refine at the root");
    for (std::size_t len = 1;; len = std::min(n, 2 * len)) {
        const std::size_t k = n - len;
        const std::vector<VertexId> path(full.begin() + static_cast<std::ptrdiff_t>(k), full.end());
        PathQuery q = build_path(path);
        // Gomory cuts are on at first: branch and bound alone enumerates values on integer
        // facts such as x/2*2 + x%2 == x (two quotients of x), and a cut within one
        // partition interpolates like any lemma. Where a cut mixed the partitions and the
        // proof cannot be interpolated, the suffix is solved again without cuts.
        for (const bool cuts : {true, false}) {
            smt::Solver s(tm_, refinement_options(cuts));
            itp::PartitionMap part;
            std::vector<OperatorRefinement> ops;
            auto add = [&](Term f, std::size_t p) {
                ops[p].scan(f);
                part.assert_in(s, f, static_cast<std::uint32_t>(p));
            };
            for (std::size_t j = 0; j < len; ++j) ops.emplace_back(tm_);
            if (unwinding_[path[0]].label != tm_.mk_true()) add(label_at(path[0], q, 0), 0);
            for (std::size_t j = 0; j < len; ++j) add(q.steps[j], j);
            ++stats_.refinement_queries;
            const auto t0 = Clock::now();
            // Operator instances are valid facts over one block's symbols: they go into the
            // partition of the block where the application occurs.
            const ExactCheck c =
                exact_check(s, ops, {}, o_.max_refinements, [&](std::size_t g, smt::AssertionId id, Term) {
                    part.set(id, static_cast<std::uint32_t>(g));
                });
            stats_.operator_instances += c.instances;
            const smt::Result r = c.result;
            const std::string why = c.out_of_rounds ? "operator refinement budget on a path" : c.why(s);
            stats_.solve_seconds += base::seconds_since(t0);
            if (r != smt::Result::Unsat && k > 0) break;  // a longer suffix may be infeasible
            if (r == smt::Result::Unknown) {
                reason_ = why;
                return RefineResult::Unknown;
            }
            if (r == smt::Result::Sat) {
                std::vector<AuxRenaming> renamed;
                for (const AuxRenaming* x : q.renamed) renamed.push_back(*x);
                cex_ = block_path_counterexample(blocks_, q.edges, renamed, s.model());
                return RefineResult::Feasible;
            }
            const std::optional<std::vector<Term>> itps = path_interpolants(s, part, q, tm_.mk_false(), &reason_);
            if (!itps && cuts) {
                ++stats_.refinements_without_cuts;
                continue;
            }
            if (!itps) return RefineResult::Unknown;
            std::vector<VertexId> changed;
            strengthen_along(path, *itps, changed);
            if (unwinding_[v].label != tm_.mk_false()) unwinding_.strengthen(v, tm_.mk_false());
            // McMillan CAV'06, DFS: after Refine, Close the path; only strengthened vertices can
            // have become coverable (the others' candidates only got stronger).
            for (VertexId x : changed) close(x);
            return RefineResult::Refined;
        }
    }
}

// Forced covering (McMillan CAV'06, section 5): prove label(w) at v from the label of
// the nearest common ancestor u along the path u..v; on success the path is strengthened
// with the interpolants and v with label(w), and v is covered by w.
bool ImpactEngine::forced_cover(VertexId v, VertexId w) {
    if (w >= v || unwinding_.is_covered(v) || unwinding_.is_covered(w)) return false;
    const VertexId u = unwinding_.nearest_common_ancestor(v, w);
    const std::pair<Term, Term> labels{unwinding_[u].label, unwinding_[w].label};
    if (auto it = forced_failed_.find({v, w}); it != forced_failed_.end() && it->second == labels) {
        ++stats_.forced_repeats;
        return false;
    }
    ++stats_.forced_attempts;
    const std::vector<VertexId> full = unwinding_.path(v);
    const std::vector<VertexId> path(std::find(full.begin(), full.end(), u), full.end());
    const std::size_t m = path.size() - 1;
    PathQuery q = build_path(path);
    const Term start = label_at(u, q, 0), target = label_at(w, q, m);
    // A model of an earlier failed attempt at v whose path began at or above u satisfies
    // the blocks u..v; if it also satisfies label(u) at u and falsifies label(w) at v, this
    // query is satisfiable too.
    std::vector<ForcedWitness>& kept = forced_witnesses_[v];
    for (const ForcedWitness& fw : kept)
        if (unwinding_[fw.start].depth <= unwinding_[u].depth && fw.model.evaluate(start).b &&
            !fw.model.evaluate(target).b) {
            ++stats_.forced_refuted;
            forced_failed_[{v, w}] = labels;
            return false;
        }
    smt::SolverOptions so = refinement_options();
    so.lia_branch_budget = kCoverBranchBudget;  // Unknown: no forced cover
    smt::Solver s(tm_, so);
    itp::PartitionMap part;
    auto add = [&](Term f, std::uint32_t p) {
        part.assert_in(s, f, p);
    };
    add(start, 0);
    for (std::size_t k = 0; k < m; ++k) add(q.steps[k], static_cast<std::uint32_t>(k));
    add(tm_.mk_not(target), static_cast<std::uint32_t>(m - 1));
    const auto t0 = Clock::now();
    // Sat, even through an inexact C operator, only means no forced cover: no refinement.
    const smt::Result r = s.check();
    stats_.solve_seconds += base::seconds_since(t0);
    if (r == smt::Result::Sat) {
        forced_failed_[{v, w}] = labels;
        if (kept.size() == kWitnessesPerLabel) kept.erase(kept.begin());
        kept.push_back({u, s.model()});
    }
    if (r != smt::Result::Unsat) return false;
    std::string why;
    const std::optional<std::vector<Term>> itps = path_interpolants(s, part, q, target, &why);
    if (!itps) return false;
    std::vector<VertexId> changed;
    strengthen_along(path, *itps, changed);
    if (!implies(unwinding_[v].label, unwinding_[w].label)) unwinding_.strengthen(v, unwinding_[w].label);
    if (unwinding_.is_covered(v)) return true;  // a label on the path became false
    unwinding_.set_cover(v, w);
    ++stats_.covers;
    ++stats_.forced_covers;
    return true;
}

Verdict ImpactEngine::finish(Verdict v) const {
    // Counts of the search, by name (features that are off count 0).
    static constexpr std::pair<const char*, std::size_t ImpactStats::*> kCounts[] = {
        {"impact.covers.made", &ImpactStats::covers},
        {"impact.forced-covers.made", &ImpactStats::forced_covers},
        {"impact.forced-covers.tried", &ImpactStats::forced_attempts},
        {"impact.forced-covers.repeats-skipped", &ImpactStats::forced_repeats},
        {"impact.forced-covers.refuted-by-model", &ImpactStats::forced_refuted},
        {"impact.invariant-discoveries", &ImpactStats::discoveries},
        {"impact.invariant-facts", &ImpactStats::invariant_facts},
        {"impact.houdini-queries", &ImpactStats::houdini_queries},
        {"impact.refinements", &ImpactStats::refinements},
        {"impact.refinement-queries", &ImpactStats::refinement_queries},
        {"impact.refinements-without-cuts", &ImpactStats::refinements_without_cuts},
        {"impact.implication-checks.solver", &ImpactStats::implication_checks},
        {"impact.implication-checks.cached", &ImpactStats::implication_hits},
        {"impact.implication-checks.refuted-by-model", &ImpactStats::implication_refuted},
        {"impact.operator-instances", &ImpactStats::operator_instances},
        {"impact.dropped-conjuncts", &ImpactStats::dropped_conjuncts},
        {"impact.subsumed-disjuncts", &ImpactStats::subsumed_disjuncts},
        {"impact.interpolants", &ImpactStats::interpolants},
        {"impact.interpolant-nodes.total", &ImpactStats::interpolant_nodes},
        {"impact.interpolant-nodes.max", &ImpactStats::max_interpolant_nodes},
    };
    base::Statistics& st = v.stats;
    st.count("impact.vertices", unwinding_.size());
    st.count("impact.covers.final", unwinding_.num_covers());
    for (const auto& [name, member] : kCounts) st.count(name, stats_.*member);
    st.seconds("impact.time.solving", stats_.solve_seconds);
    st.seconds("impact.time.interpolation", stats_.interpolation_seconds);
    st.seconds("impact.time.sat", solver_times_.sat);
    st.seconds("impact.time.theories", solver_times_.theory);
    return v;
}

Verdict ImpactEngine::run(const std::function<void(const std::function<std::string()>&)>& progress) {
    Verdict out;
    auto unknown = [&](std::string why) {
        out.kind = VerdictKind::Unknown;
        out.reason = std::move(why);
        return finish(std::move(out));
    };
    // The search below a vertex: McMillan CAV'06, DFS, with an explicit stack (paths can
    // be long). Returns false when the run is over (out is set by the caller's handling).
    enum class Stop { No, Error, Truncated, Unknown, Timeout };
    auto dfs = [&](VertexId start) {
        std::vector<VertexId> stack{start};
        while (!stack.empty()) {
            if (timed_out()) return Stop::Timeout;
            if (progress)
                progress([&] {
                    return std::to_string(unwinding_.size()) + " vertices, " + std::to_string(stats_.refinements) +
                           " refinements, " + std::to_string(unwinding_.num_covers()) + " covers";
                });
            if (o_.invariant_candidates && unwinding_.size() >= next_discovery_) {
                discover_invariants();
                next_discovery_ *= 4;
            }
            const VertexId x = stack.back();
            stack.pop_back();
            close(x);
            if (unwinding_.is_covered(x)) continue;
            const LocId l = unwinding_[x].loc;
            if (l == blocks_.error || l == blocks_.truncated) {
                const RefineResult r = refine(x);
                if (r == RefineResult::Unknown) return Stop::Unknown;
                if (r == RefineResult::Feasible) return l == blocks_.error ? Stop::Error : Stop::Truncated;
                continue;  // x is labelled false now
            }
            expand(x);
            const auto& ch = unwinding_[x].children;
            for (auto it = ch.rbegin(); it != ch.rend(); ++it) stack.push_back(*it);
        }
        return Stop::No;
    };
    for (;;) {
        VertexId leaf = kNoVertex;
        for (VertexId v = 0; v < unwinding_.size() && leaf == kNoVertex; ++v)
            if (!unwinding_[v].expanded && !unwinding_.is_covered(v)) leaf = v;
        if (leaf == kNoVertex) break;
        if (timed_out()) return unknown("timeout after " + std::to_string(unwinding_.size()) + " vertices");
        // McMillan CAV'06, UNWIND: Close the ancestors of the leaf, then DFS from it.
        for (VertexId a : unwinding_.path(leaf)) close(a);
        if (unwinding_.is_covered(leaf)) continue;
        switch (dfs(leaf)) {
            case Stop::No: break;
            case Stop::Error:
                out.kind = VerdictKind::False;
                out.cex = cex_;
                out.reason = "error reached along a path of " + std::to_string(cex_.plain_path.size()) + " edges";
                return finish(std::move(out));
            case Stop::Truncated:
                return unknown("a call deeper than the recursion bound is reachable (" +
                               (blocks_.approximations.empty() ? std::string("recursion inlined to a bound")
                                                               : blocks_.approximations.front()) +
                               "); raise --recursion-depth");
            case Stop::Unknown: return unknown(reason_);
            case Stop::Timeout:
                return unknown(std::string(base::interrupted() ? "interrupted" : "timeout") + " at " +
                               std::to_string(unwinding_.size()) + " vertices");
        }
    }
    for (VertexId v : depth_cut_)
        if (!unwinding_.is_covered(v))
            return unknown("unwinding depth bound " + std::to_string(o_.max_depth) + " reached");
    // The unwinding is complete and safe: its invariants are the certificate, which the
    // certification gate checks with fresh solvers.
    std::vector<Term> inv = invariants();
    out.kind = VerdictKind::True;
    out.reason = "inductive invariants from an unwinding of " + std::to_string(unwinding_.size()) + " vertices";
    out.certificate.invariants = std::move(inv);
    return finish(std::move(out));
}

std::vector<Term> ImpactEngine::invariants() {
    // A disjunct implied by another one adds nothing: dropping it keeps the disjunction (the
    // gate checks the result anyway). Pairs are decided by implies(); an undecided pair keeps
    // both. Locations with many disjuncts are left as they are (quadratic checks).
    constexpr std::size_t kMaxDisjuncts = 64;
    std::vector<Term> inv;
    for (const std::vector<Term>& parts : unwinding_.uncovered_labels(blocks_.locs.size())) {
        std::vector<Term> kept;
        if (parts.size() > kMaxDisjuncts) {
            kept = parts;
        } else {
            for (const Term d : parts) {
                if (std::any_of(kept.begin(), kept.end(), [&](Term k) { return implies(d, k); })) {
                    ++stats_.subsumed_disjuncts;
                    continue;
                }
                const std::size_t before = kept.size();
                kept.erase(std::remove_if(kept.begin(), kept.end(), [&](Term k) { return implies(k, d); }), kept.end());
                stats_.subsumed_disjuncts += before - kept.size();
                kept.push_back(d);
            }
        }
        inv.push_back(itp::simplify_interpolant(tm_, tm_.mk_or(kept), 1));
    }
    return inv;
}

void ImpactEngine::write_dot(std::ostream& out) const {
    out << "digraph unwinding {\n  node [shape=box, fontsize=10];\n";
    for (VertexId v = 0; v < unwinding_.size(); ++v) {
        const Vertex& x = unwinding_[v];
        const LocProvenance& l = blocks_.loc_origin(x.loc);
        std::string style;
        if (x.loc == blocks_.error)
            style = ", color=red";
        else if (unwinding_.is_covered(v))
            style = ", style=dashed";
        out << "  v" << v << " [label=\"" << v << " @ " << dot_text(l.loc.str(), 40) << "\\n"
            << dot_text(term_to_c_at(blocks_, x.loc, x.label)) << "\"" << style << "];\n";
        if (x.parent != kNoVertex) out << "  v" << x.parent << " -> v" << v << ";\n";
        if (x.covered_by != kNoVertex)
            out << "  v" << v << " -> v" << x.covered_by << " [style=dashed, color=blue, constraint=false];\n";
    }
    out << "}\n";
}

namespace {

constexpr EngineOption kImpactOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    {"impact-forced-covering", OptionKind::Flag, "true",
     "when a cover fails, try to force it by strengthening the path from the nearest common ancestor "
     "(McMillan CAV'06, section 5; default on: more TRUE on SV-COMP loop-lit and loop-invgen)"},
};

class Impact final : public Engine {
public:
    explicit Impact(const EngineSettings& s) : s_(s) {}

    Verdict solve(const Program& blocks, const base::Budget& budget) override {
        ImpactOptions o;
        o.check_models = s_.check_models;
        o.check_certificates = s_.check_certificates;
        o.sat_integration = s_.sat_integration;
        o.max_depth = s_.bound;
        o.max_refinements = s_.operator_rounds;
        o.itp = itp_options(s_);
        o.forced_covering = s_.flag("impact-forced-covering");
        engine_ = std::make_unique<ImpactEngine>(blocks, o, budget);
        return engine_->run([this](const std::function<std::string()>& status) { progress(status); });
    }

    bool write_arg(std::ostream& out) const override {
        if (!engine_) return false;
        engine_->write_dot(out);
        return true;
    }

private:
    EngineSettings s_;
    std::unique_ptr<ImpactEngine> engine_;
};

}  // namespace

const EngineInfo& impact_engine() {
    static const EngineInfo info{
        "impact", "lazy abstraction with interpolants (McMillan, CAV 2006): an unwinding refined by path interpolants",
        kImpactOptions, [](const EngineSettings& s) -> std::unique_ptr<Engine> { return std::make_unique<Impact>(s); }, nullptr, {.words = true}};
    return info;
}

}  // namespace craig::verifier
