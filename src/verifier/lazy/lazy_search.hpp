// Lazy annotation (McMillan, "Lazy Annotation for Program Testing and Verification"): IntraLA
// (§2.1, Fig. 2) with the time-to-live counter and inductive strengthening for loops (§2.2,
// Fig. 3), over any Program (plain or large-block) and any set of goal locations.
//
//   LazyOptions o;                                  // learning, τ0, first goal only, ...
//   LazyOutcome r = lazy_annotation(blocks, {blocks.error}, o, budget);
//   r.reached: goals reached, each with a path from the entry and its inputs;
//   r.complete: every goal decided; r.unreachable then holds the goals never reached and
//   r.labels an inductive invariant map of the program that is false at them.
//
// The search (IntraLA as depth-first symbolic execution with backtracking):
//   - the symbolic state of a query is the path encoding's node (path_encoding.hpp): the SSA
//     versions of the variables are the map E, the fresh constants the parameters P and the
//     conjunction of the steps root..node the path constraint C; χ(s) is kept asserted in one
//     incremental solver, one scope per step;
//   - DECIDE follows an edge e = (l1, a, l2) not blocked (χ(s1) ⊭ A(e)) to a successor s2 with
//     χ(s2) ∧ ¬A(l2) satisfiable;
//   - LEARN labels e with a binary interpolant of (χ(s1), Sem(a) ∧ ¬A(l2)'), renamed to the
//     cur constants, when the successor is infeasible or blocked: the interpolant holds in s1
//     and {φ} a {A(l2)} holds, so the label is justified and blocks e for s1;
//   - CONJOIN labels l with the conjunction, over the out-edges, of one label of each edge
//     that blocks the state, when every out-edge is blocked: the label LEARN just gave it, τ's
//     label, or for an edge its labels already blocked the newest that does alone.
// Both learning queries are checked exactly for the C operators (exact_check.hpp): the
// search's own satisfiability checks over-approximate them (an operator-free Unsat is an Unsat
// for C; a spurious Sat only explores a state that has no C execution), and a goal counts as
// reached only when the exact check of its path finds a model, which is the counterexample.
//
// Loops (time_to_live.hpp): τ = τ0 at the entry, decremented on back edges; A(l) includes
// τ < 0 and A(e) includes τ < d(e) (d: 1 on back edges, else 0) for every l and e, which
// blocks every path after τ0 + 1 back edges. Back edges of loops that a static analysis shows
// bounded (a counter increased on every cycle and guarded by a constant) have d = 0: their
// iterations are explored in one round, as the paper allows. Strengthen (Fig. 3) after each IntraLA run: the
// location labels with τ := 0 (the bottom of W = τ ≥ 0), minus those that are not justified
// by the rest (φ ∧ Sem(e) ∧ ¬A_U(l2)' satisfiable for an out-edge e), to a fixed point; if
// A_U(entry) is valid, A_U is an inductive invariant map false at the goals (complete);
// otherwise A_U joins A (with its labels on every out-edge, which they justify) and τ0 doubles.
//
// Without learning (the DART baseline) no label is learned: the search enumerates the
// feasible paths up to the τ bound, doubling τ0 while some path was cut; a complete
// enumeration without cut decides the goals with `complete_bound` (every execution ends within
// that many edges) instead of labels.
//
// Calls are inlined by the lowering here; InterLA (procedure summaries, §2.3) is
// inter_search.hpp. τ is removed only from loops whose counter the analysis of time_to_live.hpp
// recognises, within `LazyOptions::bounded_loop_limit` iterations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "base/budget.hpp"
#include "base/statistics.hpp"
#include "itp/options.hpp"
#include "smt/sat_integration.hpp"
#include "verifier/encoding/query_settings.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

struct LazyOptions : QuerySettings {
    bool learning = true;  // false: the DART baseline (no labels learned)
    unsigned tau0 = 1;     // the first τ0 (doubled after each unsuccessful round)
    // Strengthen also tries each conjunct of a label as a candidate (beyond the paper).
    bool split_conjuncts = true;
    // Back edges of loops statically bounded by at most this many iterations (nested ones: the
    // product) do not decrement τ (time_to_live.hpp); 0: every back edge decrements.
    std::uint64_t bounded_loop_limit = 4096;
    bool stop_at_goal = true;  // stop at the first goal reached (verification)
    // InterLA only (inter_search.hpp): ask each learning query first with τ free in B.
    bool tau_free_first = false;
    // Called for each goal when it is reached, with its path (also kept in LazyOutcome::reached):
    // test generation writes the test at once, so a run ended from outside keeps what it found.
    std::function<void(LocId, const Counterexample&)> on_reached;
    itp::ItpOptions itp;
};

struct LazyStats {
    std::size_t decisions = 0;   // DECIDE steps
    std::size_t backtracks = 0;  // maximal paths ended (the paper's measure: tests generated)
    std::size_t learned_edge_labels = 0, learned_location_labels = 0, subsumed_labels = 0;
    std::size_t strengthen_rounds = 0, inductive_labels = 0, dropped_labels = 0;
    std::size_t queries = 0, exact_queries = 0, operator_instances = 0;
    std::size_t max_depth = 0, back_edges = 0;
    std::size_t bounded_back_edges = 0;  // back edges of statically bounded loops (τ not decremented)
    unsigned tau0 = 0;                   // the last τ0 searched
    double search_seconds = 0, learn_seconds = 0, strengthen_seconds = 0;
};

struct LazyOutcome {
    std::vector<std::pair<LocId, Counterexample>> reached;  // goal, a path from the entry to it
    // Per entry of `reached`: the backtracks (stats.backtracks) when it was reached, the
    // abscissa of the paper's curve of goals reached against backtracks.
    std::vector<std::size_t> reached_at;
    std::vector<LocId> unreachable;  // complete: the goals not reached
    // complete with learning: per location an inductive invariant over the cur constants, valid
    // at the entry and false at every unreachable goal (A at τ's bottom). Empty otherwise.
    std::vector<smt::Term> labels;
    // complete without learning: every execution ends within this many edges.
    std::optional<unsigned> complete_bound;
    bool complete = false;
    std::string reason;  // incomplete: "timeout at tau0 8", a solver's or interpolation's reason
    LazyStats stats;
    // The final annotation A, over the cur constants and τ (for checks of justification): τ's
    // constants, per edge whether it decrements τ, and the learned labels (A(l) adds τ < 0,
    // A(e) adds τ < decrements[e]).
    smt::Term tau, tau_next;
    std::vector<std::uint8_t> decrements;
    std::vector<std::vector<smt::Term>> location_labels, edge_labels;
};

// The statistics as typed figures "lazy.<figure>" (engine `lazy`, craig testgen).
void record_lazy_stats(base::Statistics& out, const LazyStats& stats);

using LazyProgress = std::function<void(const std::function<std::string()>&)>;

LazyOutcome lazy_annotation(const Program& program, std::span<const LocId> goals, const LazyOptions& options,
                            const base::Budget& budget, const LazyProgress& progress = {});

}  // namespace craig::verifier
