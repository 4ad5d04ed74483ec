// Engine `value`: explicit-value analysis with CEGAR and explicit-value interpolation (Beyer and
// Löwe, "Explicit-Value Analysis Based on CEGAR and Interpolation", seed 001; issue 19).
//
// Reachability over the plain program (one statement per edge; conditional values split,
// split_conditionals.hpp) in the manner of a CPA with
// merge-sep and stop by subsumption: an abstract state is a location and a partial map from
// variables to integers (value_transfer.hpp computes the successors); a successor keeps only
// the variables of its location's precision Π(l) ⊆ X (start: Π(l) = ∅), and it is not explored
// when a reached state at its location binds a subset of its bindings (that state is more
// abstract). Reaching the error location (or the recursion bound's location) yields an
// abstract error path σ, which CEGAR checks:
//   - with full precision, by the explicit strongest post along σ; a contradiction (⊥) at some
//     step makes σ infeasible and explicit-value interpolation (Alg. 3: greedy elimination of
//     variables whose absence keeps the suffix contradicting; Alg. 4: inductive along σ) gives
//     each location of σ the variables of its interpolant;
//   - otherwise (σ's infeasibility depends on values the explicit domain does not determine,
//     nondeterministic inputs), the path constraint goes to craig's solver (§III-D): a model is
//     a counterexample (FALSE, replayed by the gate), an unsatisfiable path gives sequence
//     interpolants (dag_refine.hpp on the path), whose variables join the precision.
// The precision only grows; after a refinement the ARG is rebuilt from the entry (the report's
// restart, --value-refinement restart) or, by default, cut at the first state of the path whose
// location's precision grew (value-impact: or its predicates): its subtree goes, its parent and
// the states whose successors a removed state covered are expanded again. A refinement that adds nothing ends the run with UNKNOWN: the explicit domain
// cannot express what refutes the path (a range of an input), which the predicate-based engines
// can. TRUE: the invariant of a location is the disjunction of its reached states (each a
// conjunction of x = c), inductive because every successor is covered; the gate checks it.
#include <algorithm>
#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "base/stopwatch.hpp"
#include "verifier/domains/atoms.hpp"
#include "verifier/domains/valuation_index.hpp"
#include "verifier/domains/cartesian_post.hpp"
#include "verifier/domains/value_transfer.hpp"
#include "verifier/encoding/dag_refine.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/program/split_conditionals.hpp"

namespace craig::verifier {

namespace {

using smt::Term;

constexpr std::uint32_t kNone = UINT32_MAX;

struct ValueStats {
    std::size_t iterations = 0, states = 0, covered = 0, max_states = 0;
    std::size_t explicit_refinements = 0, smt_refinements = 0, transfers = 0;
    std::size_t predicate_refinements = 0, predicates = 0, handed_over = 0;
    double feasibility_seconds = 0, interpolation_seconds = 0;
};

class ValueAnalysis {
public:
    ValueAnalysis(const Program& blocks, const EngineSettings& s, const base::Budget& budget, bool predicates)
        : blocks_(blocks),
          split_(split_conditionals(blocks.plain(), original_, kMaxSplitConditions)),
          plain_(split_),
          tm_(blocks.terms()),
          s_(s),
          budget_(budget),
          transfer_(plain_),
          nvars_(plain_.vars.size()),
          precision_(plain_.locs.size() * plain_.vars.size(), 0),
          prune_(s.get("value-refinement") == "prune"),
          global_(s.get("value-precision") == "global"),
          region_(s.get("value-precision") == "region"),
          predicates_(predicates),
          threshold_(s.has("value-threshold") ? s.number("value-threshold") : 0),
          cartesian_(plain_, budget),
          preds_(plain_.locs.size()),
          pred_sets_(plain_.locs.size()),
          handed_over_(plain_.locs.size() * plain_.vars.size(), 0),
          distinct_(plain_.locs.size() * plain_.vars.size(), 0) {
        // The report's cpa-expl baseline: every variable tracked everywhere from the start, so no
        // refinement can add anything (an infeasible error path ends the run with UNKNOWN).
        if (region_) {
            // The plain locations strictly inside each block region: reached from a cut point (a
            // location of the large-block program) without passing another one.
            std::vector<char> cut(plain_.locs.size(), 0);
            if (blocks.origin)
                for (const Location& b : blocks.locs) cut[b.plain] = 1;
            regions_at_.assign(plain_.locs.size(), {});
            std::vector<std::uint32_t> seen(plain_.locs.size(), UINT32_MAX);
            for (LocId c = 0; c < plain_.locs.size(); ++c) {
                if (!cut[c]) continue;
                const auto id = static_cast<std::uint32_t>(region_members_.size());
                std::vector<LocId> r, stack{c};
                seen[c] = id;
                while (!stack.empty()) {
                    const LocId x = stack.back();
                    stack.pop_back();
                    for (EdgeId e : plain_.out(x)) {
                        const LocId y = plain_.edges[e].dst;
                        if (seen[y] == id || cut[y]) continue;
                        seen[y] = id;
                        r.push_back(y);
                        regions_at_[y].push_back(id);
                        stack.push_back(y);
                    }
                }
                region_members_.push_back(std::move(r));
            }
        }
        if (s.get("value-precision") == "all") {
            epoch_ = 1;  // states are never older than this precision
            std::fill(precision_.begin(), precision_.end(), 1u);
            precision_size_ = precision_.size();
        }
    }

    Verdict run(const std::function<void(const std::function<std::string()>&)>& progress);

private:
    struct State {
        LocId loc;
        std::uint32_t first, count;  // bindings in arena_
        std::uint32_t parent;        // kNone for the root
        EdgeId via;
        std::uint32_t first_child = kNone, next_sibling = kNone;
        std::uint32_t epoch = 0;  // refinements before the state was made (its precision's age)
        bool alive = true;        // false once pruned
        bool waiting = false;     // in the waitlist (pruning queues a state at most once)
        // value-impact: the values (1 true, 0 false, 2 unknown) of the first lit_count
        // predicates of the location, in lits_.
        std::uint32_t lit_first = 0, lit_count = 0;
    };
    std::span<const std::uint8_t> literals(const State& s) const { return {lits_.data() + s.lit_first, s.lit_count}; }
    // The state's known predicate literals as formulas over the cur constants.
    void literal_terms(const State& s, std::vector<Term>& out) const;
    std::span<const Binding> bindings(const State& s) const { return {arena_.data() + s.first, s.count}; }
    bool tracked(LocId l, VarId v) const { return precision_[std::size_t(l) * nvars_ + v] != 0; }

    // The ARG of the entry state alone, the waitlist holding it.
    void reset();
    // Explores the waitlist until a target location is reached (returns its state) or the ARG
    // is complete. Carrying predicate literals is a template parameter: until the first
    // predicate refinement value-impact runs the very loop value runs (explore<false>), not
    // the same loop with a test per transfer (measured: about one instruction per transfer).
    using Progress = std::function<void(const std::function<std::string()>&)>;
    std::optional<std::uint32_t> explore(const Progress& progress) {
        return predicates_ && stats_.predicates > 0 ? explore_with<true>(progress) : explore_with<false>(progress);
    }
    template <bool Literals>
    std::optional<std::uint32_t> explore_with(const Progress& progress);
    // A reached state at l whose bindings are a subset of b (kNone: none).
    std::uint32_t covering(LocId l, std::span<const Binding> b, std::span<const std::uint8_t> lits) const;
    // Dynamic precision adjustment (value-impact): counts the values of the bindings at l and
    // hands a variable with more than --value-threshold of them over to the predicates there.
    void adjust_precision(LocId l, Valuation& post);
    // Removes the subtree of state c; its parent and every state whose successor a removed
    // state covered go back to the waitlist.
    void prune(std::uint32_t c);
    // Refines on the path to state `target`; Feasible sets `cex_`, Unknown sets `why_`.
    enum class Outcome { Refined, Feasible, Unknown };
    Outcome refine(std::uint32_t target);
    bool refine_explicit(std::span<const EdgeId> path, std::span<const LocId> locs);
    // Adds v to the precision of locs[i] (i: the position on the refined path); 1 if new.
    std::size_t add_precision(std::span<const LocId> locs, std::size_t i, VarId v);
    bool suffix_contradicts(std::span<const EdgeId> path, std::size_t from, const Valuation& start);
    Verdict finish(Verdict v) const;
    std::vector<Term> invariants() const;

    // A ?: (or a stored && or ||) whose condition the values do not decide would make the
    // assigned variable unknown: the analysis runs on the plain program with such edges split
    // into one edge per outcome (as CPAchecker's CFA branches), at most 2^3 per edge.
    static constexpr unsigned kMaxSplitConditions = 3;

    const Program& blocks_;
    std::vector<EdgeId> original_;  // split edge -> edge of blocks.plain()
    Program split_;
    const Program& plain_;  // the split program the analysis explores
    smt::TermManager& tm_;
    const EngineSettings& s_;
    base::Budget budget_;
    ValueTransfer transfer_;
    std::size_t nvars_;
    // Plain location x variable: 0 untracked, else the refinement (1, 2, ...) that added it; a
    // state made before that refinement is stale for it (only with pruning do such states stay).
    std::vector<std::uint32_t> precision_;
    std::uint32_t epoch_ = 0;  // refinements so far
    std::size_t precision_size_ = 0;
    std::vector<State> states_;
    std::vector<Binding> arena_;
    std::vector<std::vector<std::uint32_t>> at_;  // reached states per plain location (alive ones)
    std::vector<ValuationIndex> index_;           // the same, for the covering check
    std::deque<std::uint32_t> waitlist_;
    // (covering state, state whose successor it covered): re-expanded when the first is pruned.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> covers_;
    bool prune_;                                          // --value-refinement prune (else restart)
    bool global_;                                         // --value-precision global (else per location)
    bool region_;                                         // --value-precision region
    std::vector<std::vector<LocId>> region_members_;      // per block region: its inner locations
    std::vector<std::vector<std::uint32_t>> regions_at_;  // per location: the regions it is inside
    // value-impact: the auxiliary predicate analysis.
    bool predicates_;
    std::size_t threshold_;
    CartesianPost cartesian_;
    std::vector<std::vector<Term>> preds_;  // per plain location, over the cur constants
    std::vector<std::unordered_set<Term, smt::TermHash>> pred_sets_;
    std::vector<std::uint8_t> lits_;
    std::vector<std::uint8_t> handed_over_;  // location x variable: tracked by predicates only
    std::vector<std::uint32_t> distinct_;    // location x variable: values seen
    struct SeenValue {
        LocId loc;
        VarId var;
        Value value;
        bool operator==(const SeenValue&) const = default;
    };
    struct SeenHash {
        std::size_t operator()(const SeenValue& x) const {
            const auto v = static_cast<UValue>(x.value);
            return std::hash<std::uint64_t>{}((std::uint64_t(x.loc) << 32 | x.var) ^
                                              static_cast<std::uint64_t>(v) * 0x9e3779b97f4a7c15ULL ^
                                              static_cast<std::uint64_t>(v >> 64));
        }
    };
    std::unordered_set<SeenValue, SeenHash> seen_values_;
    std::size_t first_changed_ = SIZE_MAX;  // first path position whose precision a refinement grew
    std::vector<std::uint32_t> on_path_;    // the states of the path being refined, from the root
    Counterexample cex_;
    std::string why_;
    ValueStats stats_;
    DagRefineStats refine_stats_;
};

void ValueAnalysis::literal_terms(const State& s, std::vector<Term>& out) const {
    out.clear();
    const std::span<const std::uint8_t> lits = literals(s);
    for (std::size_t i = 0; i < lits.size(); ++i)
        if (lits[i] != 2) out.push_back(lits[i] ? preds_[s.loc][i] : tm_.mk_not(preds_[s.loc][i]));
}

void ValueAnalysis::adjust_precision(LocId l, Valuation& post) {
    std::erase_if(post, [&](const Binding& b) {
        const std::size_t k = std::size_t(l) * nvars_ + b.var;
        if (handed_over_[k]) return true;
        if (seen_values_.insert({l, b.var, b.value}).second && ++distinct_[k] > threshold_) {
            handed_over_[k] = 1;  // explicit tracking stops; refinement will add predicates instead
            if (precision_[k]) --precision_size_;
            precision_[k] = 0;
            ++stats_.handed_over;
            return true;
        }
        return false;
    });
}

std::uint32_t ValueAnalysis::covering(LocId l, std::span<const Binding> b, std::span<const std::uint8_t> lits) const {
    const std::uint32_t r = index_[l].find_subset(
        b, [&](std::uint32_t id) { return bindings(states_[id]); },
        [&](std::uint32_t id) {
            // The covering state's known literals must be known alike in the new state.
            const std::span<const std::uint8_t> rl = literals(states_[id]);
            for (std::size_t i = 0; i < rl.size(); ++i)
                if (rl[i] != 2 && (i >= lits.size() || lits[i] != rl[i])) return false;
            return true;
        });
    return r == ValuationIndex::kNoState ? kNone : r;
}

void ValueAnalysis::reset() {
    states_.clear();
    arena_.clear();
    lits_.clear();
    covers_.clear();
    at_.assign(plain_.locs.size(), {});
    index_.assign(plain_.locs.size(), {});
    states_.push_back({plain_.entry, 0, 0, kNone, 0});
    states_.back().epoch = epoch_;
    at_[plain_.entry].push_back(0);
    index_[plain_.entry].insert(0, {});
    states_.back().waiting = true;
    waitlist_.assign(1, 0);
}

void ValueAnalysis::prune(std::uint32_t c) {
    std::vector<std::uint32_t> stack{c};
    while (!stack.empty()) {
        const std::uint32_t x = stack.back();
        stack.pop_back();
        states_[x].alive = false;
        for (std::uint32_t k = states_[x].first_child; k != kNone; k = states_[k].next_sibling) stack.push_back(k);
    }
    // Unlink c from its parent's children.
    const std::uint32_t p = states_[c].parent;
    for (std::uint32_t* link = &states_[p].first_child; *link != kNone; link = &states_[*link].next_sibling)
        if (*link == c) {
            *link = states_[c].next_sibling;
            break;
        }
    for (LocId l = 0; l < at_.size(); ++l)
        if (std::erase_if(at_[l], [&](std::uint32_t x) { return !states_[x].alive; }) > 0) {
            index_[l].clear();
            for (std::uint32_t x : at_[l]) index_[l].insert(x, bindings(states_[x]));
        }
    std::erase_if(waitlist_, [&](std::uint32_t x) { return !states_[x].alive; });
    if (!states_[p].waiting) {
        states_[p].waiting = true;
        waitlist_.push_front(p);
    }
    std::erase_if(covers_, [&](const std::pair<std::uint32_t, std::uint32_t>& cv) {
        if (!states_[cv.second].alive) return true;
        if (states_[cv.first].alive) return false;
        // Its covered successor has lost its cover. Queued once: every expansion records its
        // covers again, so a state queued per lost cover was expanded ever more often.
        if (!states_[cv.second].waiting) {
            states_[cv.second].waiting = true;
            waitlist_.push_back(cv.second);
        }
        return true;
    });
}

// Breadth first: a depth-first order can follow a variable that changes on every iteration of a
// loop for ever (measured: u = u * 3 with the loop counter untracked), while the error is a few
// iterations away; breadth first also gives the shortest error paths.
template <bool Literals>
std::optional<std::uint32_t> ValueAnalysis::explore_with(const Progress& progress) {
    Valuation post;
    std::vector<Term> known;
    std::vector<std::uint8_t> lits;
    std::size_t steps = 0;
    while (!waitlist_.empty()) {
        const std::uint32_t s = waitlist_.front();
        waitlist_.pop_front();
        states_[s].waiting = false;
        if (!states_[s].alive) continue;
        if ((++steps & 255) == 0) {
            if (budget_.exhausted()) return std::nullopt;
            progress([&] {
                return "iteration " + std::to_string(stats_.iterations) + ", " + std::to_string(states_.size()) +
                       " states, precision " + std::to_string(precision_size_);
            });
        }
        const LocId l = states_[s].loc;
        for (EdgeId e : plain_.out(l)) {
            ++stats_.transfers;
            if (!transfer_.post(e, bindings(states_[s]), post)) continue;
            const LocId to = plain_.edges[e].dst;
            lits.clear();
            // Until the first predicate refinement value-impact runs value's search unchanged (no
            // literals to carry), so it pays nothing for the predicates it has not needed yet.
            if constexpr (Literals) {
                literal_terms(states_[s], known);
                if ((!known.empty() || !preds_[to].empty()) &&
                    !cartesian_.post(e, bindings(states_[s]), known, preds_[to], lits, post))
                    continue;
            }
            // Precision adjustment: only the variables tracked at the successor's location.
            std::erase_if(post, [&](const Binding& b) { return !tracked(to, b.var); });
            if (threshold_ > 0) adjust_precision(to, post);
            const bool target = to == plain_.error || to == plain_.truncated;
            if (!target)
                if (const std::uint32_t r = covering(to, post, lits); r != kNone) {
                    ++stats_.covered;
                    if (prune_) covers_.emplace_back(r, s);
                    continue;
                }
            const auto first = static_cast<std::uint32_t>(arena_.size());
            arena_.insert(arena_.end(), post.begin(), post.end());
            const auto id = static_cast<std::uint32_t>(states_.size());
            states_.push_back({to, first, static_cast<std::uint32_t>(post.size()), s, e});
            states_[id].epoch = epoch_;
            states_[id].lit_first = static_cast<std::uint32_t>(lits_.size());
            states_[id].lit_count = static_cast<std::uint32_t>(lits.size());
            lits_.insert(lits_.end(), lits.begin(), lits.end());
            states_[id].next_sibling = states_[s].first_child;
            states_[s].first_child = id;
            // s is not fully expanded; a refinement prunes it (it is on the error path).
            if (target) return id;
            at_[to].push_back(id);
            index_[to].insert(id, bindings(states_[id]));
            states_[id].waiting = true;
            waitlist_.push_back(id);
        }
    }
    return std::nullopt;
}

std::size_t ValueAnalysis::add_precision(std::span<const LocId> locs, std::size_t i, VarId v) {
    std::size_t progress = 0;
    auto add = [&](LocId l) {
        std::uint32_t& at = precision_[std::size_t(l) * nvars_ + v];
        if (at || handed_over_[std::size_t(l) * nvars_ + v]) return;
        at = epoch_;
        ++precision_size_;
        ++progress;
    };
    // Global precision: the report's scoped refinement (§III-F) with the whole program as the
    // scope, so that a variable found on one branch is tracked on the others too. Region: the
    // scope is the block region around the location (the locations reached from a cut point
    // before the next ones; a cut point itself only for itself): the other arms of its branches,
    // which error paths otherwise take one refinement at a time (systemc/token_ring.04 with
    // value-impact: 1,443 refinements -> 78).
    if (global_)
        for (LocId l = 0; l < plain_.locs.size(); ++l) add(l);
    else if (region_ && !regions_at_[locs[i]].empty())
        for (std::uint32_t r : regions_at_[locs[i]])
            for (LocId l : region_members_[r]) add(l);
    else
        add(locs[i]);
    // The first state of the path made with a precision that lacked v where it is tracked now:
    // the ARG is cut there (a pruned ARG keeps states of older precisions, which can lead to the
    // same error path again; re-exploring them is progress even when the precision is unchanged).
    const bool anywhere = global_ || region_;
    const std::size_t from = anywhere ? 0 : i, to = anywhere ? on_path_.size() : i + 1;
    for (std::size_t j = from; j < to && j < on_path_.size(); ++j) {
        const std::uint32_t at = precision_[std::size_t(locs[j]) * nvars_ + v];
        if (at && states_[on_path_[j]].epoch < at) {
            first_changed_ = std::min(first_changed_, j);
            ++progress;
            break;
        }
    }
    return progress;
}

// Whether the strongest post of path[from..] from `start` is contradicting (⊥ at some step).
bool ValueAnalysis::suffix_contradicts(std::span<const EdgeId> path, std::size_t from, const Valuation& start) {
    Valuation cur = start, next;
    for (std::size_t j = from; j < path.size(); ++j) {
        ++stats_.transfers;
        if (!transfer_.post(path[j], cur, next)) return true;
        cur.swap(next);
    }
    return false;
}

// Alg. 3 and 4 of the report: locs[i] is the location before path[i] (locs has one more).
// Returns false when the path is not infeasible under the explicit strongest post.
bool ValueAnalysis::refine_explicit(std::span<const EdgeId> path, std::span<const LocId> locs) {
    if (!suffix_contradicts(path, 0, {})) return false;
    Valuation itp, v;  // the interpolant Γ at the current location, as a valuation
    std::size_t added = 0;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        if (budget_.exhausted()) break;
        ++stats_.transfers;
        // Γ_i := Interpolate(Γ_{i-1} ∧ op_i, suffix): SP of the previous interpolant over op_i,
        // then drop every variable without which the suffix still contradicts.
        if (!transfer_.post(path[i], itp, v)) break;  // op_i alone refutes: nothing more to learn
        for (std::size_t k = 0; k < v.size();) {
            Valuation without = v;
            without.erase(without.begin() + static_cast<std::ptrdiff_t>(k));
            if (suffix_contradicts(path, i + 1, without))
                v.swap(without);
            else
                ++k;
        }
        itp = v;
        for (const Binding& b : itp) added += add_precision(locs, i + 1, b.var);
    }
    return added > 0;
}

ValueAnalysis::Outcome ValueAnalysis::refine(std::uint32_t target) {
    std::vector<EdgeId> path;
    std::vector<LocId> locs;
    std::vector<std::uint32_t>& on_path = on_path_;  // the states of the path
    on_path.assign(1, target);
    for (std::uint32_t s = target; states_[s].parent != kNone; s = states_[s].parent) {
        path.push_back(states_[s].via);
        on_path.push_back(states_[s].parent);
    }
    std::reverse(path.begin(), path.end());
    std::reverse(on_path.begin(), on_path.end());
    first_changed_ = SIZE_MAX;
    ++epoch_;
    // After a refinement: rebuild the ARG from the entry, or cut it at the first state whose
    // location's precision grew (locations before it are unchanged).
    auto refined = [&] {
        if (!prune_ || first_changed_ == 0 || first_changed_ >= on_path.size())
            reset();
        else
            prune(on_path[first_changed_]);
        return Outcome::Refined;
    };
    locs.push_back(plain_.entry);
    for (EdgeId e : path) locs.push_back(plain_.edges[e].dst);

    const auto t0 = std::chrono::steady_clock::now();
    const bool explicit_refined = refine_explicit(path, locs);
    stats_.interpolation_seconds += base::seconds_since(t0);
    if (explicit_refined) {
        ++stats_.explicit_refinements;
        return refined();
    }
    // The path constraint with craig's solver: a model is a counterexample; an unsatisfiable
    // path gives sequence interpolants whose variables join the precision.
    DagProblem dag;
    dag.size = static_cast<std::uint32_t>(path.size() + 1);
    dag.entry = 0;
    for (std::uint32_t i = 0; i < path.size(); ++i) dag.arcs.push_back({i, i + 1, path[i]});
    dag.bad = {static_cast<std::uint32_t>(path.size())};
    dag.loc = locs;
    DagRefineOptions o;
    o.take_queries(s_);
    o.itp = itp_options(s_);
    const auto t1 = std::chrono::steady_clock::now();
    DagRefinement r = refine_dag(plain_, dag, o, budget_, refine_stats_);
    stats_.feasibility_seconds += base::seconds_since(t1);
    if (r.kind == DagRefinement::Kind::Feasible) {
        if (locs.back() == plain_.truncated) {
            why_ = "a call deeper than the recursion bound is reachable (" +
                   (plain_.approximations.empty() ? std::string("recursion inlined to a bound")
                                                  : plain_.approximations.front()) +
                   "); raise --recursion-depth";
            return Outcome::Unknown;
        }
        cex_ = std::move(r.cex);
        for (EdgeId& e : cex_.plain_path) e = original_[e];
        return Outcome::Feasible;
    }
    if (r.kind == DagRefinement::Kind::Unknown) {
        why_ = r.reason;
        return Outcome::Unknown;
    }
    ++stats_.smt_refinements;
    std::size_t added = 0;
    if (predicates_) {
        // The auxiliary predicate analysis refines along the path: the atoms of the interpolants
        // become predicates of their locations.
        std::vector<Term> atoms;
        for (std::size_t i = 1; i + 1 < locs.size(); ++i) {
            atoms.clear();
            collect_atoms(tm_, r.labels[i], atoms);
            for (Term a : atoms)
                if (pred_sets_[locs[i]].insert(a).second) {
                    preds_[locs[i]].push_back(a);
                    ++stats_.predicates;
                    ++added;
                }
        }
        // Pruning: the first state of the path made with fewer predicates than its location
        // has now (a state's literals cover the predicates that existed when it was made).
        if (prune_)
            for (std::size_t i = 1; i + 1 < locs.size(); ++i)
                if (states_[on_path[i]].lit_count < preds_[locs[i]].size()) {
                    first_changed_ = std::min(first_changed_, i);
                    // A pruned ARG keeps states of older predicate sets, which can lead to the
                    // same path again: re-exploring from them is progress.
                    if (added == 0) added = 1;
                    break;
                }
        if (added == 0) {
            // Every atom is a predicate there already, yet the Cartesian post lost the path's
            // refutation (it abstracts each atom on its own): the interpolants themselves become
            // predicates, so that their conjunctions and disjunctions are kept.
            for (std::size_t i = 1; i + 1 < locs.size(); ++i) {
                const Term f = r.labels[i];
                if (f == tm_.mk_true() || f == tm_.mk_false()) continue;
                if (pred_sets_[locs[i]].insert(f).second) {
                    preds_[locs[i]].push_back(f);
                    ++stats_.predicates;
                    ++added;
                    first_changed_ = std::min(first_changed_, i);
                }
            }
        }
        if (added > 0) {
            ++stats_.predicate_refinements;
            return refined();
        }
        why_ = "neither explicit values nor the interpolants' predicates refute the path to the error";
        return Outcome::Unknown;
    }
    for (std::size_t i = 1; i + 1 < locs.size(); ++i) {
        std::vector<Term> stack{r.labels[i]};
        std::unordered_map<Term, bool, smt::TermHash> seen;
        while (!stack.empty()) {
            const Term t = stack.back();
            stack.pop_back();
            if (!seen.emplace(t, true).second) continue;
            if (tm_.kind(t) == smt::Kind::Const)
                if (const VarId v = plain_.var_of(t); v != UINT32_MAX) added += add_precision(locs, i, v);
            for (Term c : tm_.children(t)) stack.push_back(c);
        }
    }
    if (added == 0) {
        why_ =
            "explicit values cannot refute the path to the error (its infeasibility depends on a range of an "
            "input, which the predicate-based engines can express)";
        return Outcome::Unknown;
    }
    return refined();
}

// Per location of the solved (large-block) program: the disjunction of the reached states at
// its plain location.
std::vector<Term> ValueAnalysis::invariants() const {
    std::vector<Term> inv;
    for (LocId b = 0; b < blocks_.locs.size(); ++b) {
        const LocId l = blocks_.origin ? blocks_.locs[b].plain : b;
        std::vector<Term> disjuncts;
        for (std::uint32_t s : at_[l]) {
            std::vector<Term> conj;
            for (const Binding& x : bindings(states_[s]))
                conj.push_back(
                    tm_.mk_eq(plain_.vars[x.var].cur, tm_.mk_numeral(value_to_mpq(x.value), smt::SortTable::Int)));
            std::vector<Term> known;
            literal_terms(states_[s], known);
            conj.insert(conj.end(), known.begin(), known.end());
            disjuncts.push_back(tm_.mk_and(conj));
        }
        inv.push_back(tm_.mk_or(disjuncts));
    }
    return inv;
}

Verdict ValueAnalysis::finish(Verdict v) const {
    base::Statistics& st = v.stats;
    st.count("value.iterations", stats_.iterations);
    st.count("value.refinements.explicit", stats_.explicit_refinements);
    st.count("value.refinements.smt", stats_.smt_refinements);
    st.count("value.states", states_.size());
    st.count("value.states.max", stats_.max_states);
    st.count("value.covered", stats_.covered);
    st.count("value.transfers", stats_.transfers);
    st.count("value.precision", precision_size_);
    std::size_t widest = 0;
    for (LocId l = 0; l < plain_.locs.size(); ++l)
        widest = std::max<std::size_t>(widest, std::count_if(precision_.begin() + std::ptrdiff_t(l * nvars_),
                                                             precision_.begin() + std::ptrdiff_t((l + 1) * nvars_),
                                                             [](std::uint32_t at) { return at != 0; }));
    st.count("value.precision.max-per-location", widest);
    if (predicates_) {
        st.count("value.predicates", stats_.predicates);
        st.count("value.refinements.predicates", stats_.predicate_refinements);
        st.count("value.handed-over", stats_.handed_over);
        st.count("value.predicate-posts", cartesian_.stats().posts);
        st.count("value.predicate-queries", cartesian_.stats().queries);
        st.count("value.predicate-posts.without-solver", cartesian_.stats().shortcuts);
        st.seconds("value.time.predicate-posts", cartesian_.stats().seconds);
    }
    st.seconds("value.time.feasibility", stats_.feasibility_seconds);
    st.seconds("value.time.interpolation", stats_.interpolation_seconds);
    return v;
}

Verdict ValueAnalysis::run(const std::function<void(const std::function<std::string()>&)>& progress) {
    Verdict v;
    if (!transfer_.integral()) {
        v.reason = "the value analysis needs integer variables (the program has real ones)";
        return finish(v);
    }
    reset();
    for (;;) {
        ++stats_.iterations;
        const std::optional<std::uint32_t> target = explore(progress);
        stats_.max_states = std::max(stats_.max_states, states_.size());
        if (budget_.exhausted()) {
            v.reason = std::string(budget_.why()) + " in iteration " + std::to_string(stats_.iterations) + " (" +
                       std::to_string(states_.size()) + " states)";
            return finish(v);
        }
        if (!target) {
            v.kind = VerdictKind::True;
            v.reason = "explicit-value ARG complete after " + std::to_string(stats_.iterations) + " iterations";
            v.certificate.invariants = invariants();
            return finish(v);
        }
        switch (refine(*target)) {
            case Outcome::Refined: break;
            case Outcome::Feasible:
                v.kind = VerdictKind::False;
                v.cex = std::move(cex_);
                v.reason = "error path of " + std::to_string(v.cex.plain_path.size()) + " edges";
                return finish(v);
            case Outcome::Unknown:
                v.reason = budget_.exhausted() ? std::string(budget_.why()) + " in refinement" : why_;
                return finish(v);
        }
    }
}

class ValueEngine final : public Engine {
public:
    ValueEngine(const EngineSettings& s, bool predicates) : s_(s), predicates_(predicates) {}
    Verdict solve(const Program& blocks, const base::Budget& budget) override {
        ValueAnalysis a(blocks, s_, budget, predicates_);
        return a.run([this](const std::function<std::string()>& status) { progress(status); });
    }

private:
    EngineSettings s_;
    bool predicates_;
};

std::string check_refinement(const std::string& v) {
    return v == "restart" || v == "prune" ? std::string() : "restart or prune, not '" + v + "'";
}

std::string check_precision(const std::string& v) {
    return v == "location" || v == "region" || v == "global" || v == "all"
               ? std::string()
               : "location, region, global or all, not '" + v + "'";
}

constexpr EngineOption kValuePrecisionOption{
    "value-precision", OptionKind::Choice, "location",
    "where a variable found by refinement is tracked: at the locations of the path where it was found (location), "
    "at every location between the same two cut points of the large-block program (region), or everywhere "
    "(global); all: every variable everywhere from the start, no refinement (the cpa-expl baseline)",
    check_precision};

constexpr EngineOption kValueRefinementOption{
    // prune by measurement (docs/results/code-measurements.md, value-refinement-prune).
    "value-refinement", OptionKind::Choice, "prune",
    "after a refinement: rebuild the ARG from the entry (restart) or cut it at the first state whose location's "
    "precision (variables, predicates) grew (prune)",
    check_refinement};

constexpr EngineOption kValueOptions[] = {
    kItpBoolOption, kItpLraOption, kItpEufOption, kValueRefinementOption, kValuePrecisionOption,
};

constexpr EngineOption kValueImpactOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    kValueRefinementOption,
    kValuePrecisionOption,
    // Off by measurement: thresholds lose tasks that explicit values prove at once, the predicates
    // of path interpolants diverging (docs/results/code-measurements.md, value-threshold-off).
    {"value-threshold", OptionKind::Unsigned, "0",
     "dynamic precision adjustment: a variable with more distinct values at a location is tracked there by "
     "predicates only (0: never)"},
};

}  // namespace

const EngineInfo& value_engine() {
    static const EngineInfo info{
        "value",
        "explicit-value analysis with CEGAR and explicit-value interpolation (Beyer and Loewe): values of a "
        "per-location precision of variables, refined from infeasible error paths",
        kValueOptions,
        [](const EngineSettings& s) -> std::unique_ptr<Engine> { return std::make_unique<ValueEngine>(s, false); }, nullptr, {}};
    return info;
}

const EngineInfo& value_impact_engine() {
    static const EngineInfo info{
        "value-impact",
        "explicit-value analysis with an auxiliary predicate analysis (Beyer and Loewe's combination): paths that "
        "explicit values cannot refute give predicates from interpolants; variables with too many values move to them",
        kValueImpactOptions,
        [](const EngineSettings& s) -> std::unique_ptr<Engine> { return std::make_unique<ValueEngine>(s, true); }, nullptr, {}};
    return info;
}

}  // namespace craig::verifier
