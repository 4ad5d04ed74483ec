// The time-to-live instrumentation of lazy annotation (McMillan, §2.2): a counter τ that the
// back edges of the control-flow graph decrement, so that with τ = τ0 initially and the label
// ¬W = (τ < 0) on every location, every path is cut after τ0 + 1 traversals of back edges and
// the search terminates.
//
// The instrumented program is a copy of the given one with one more variable τ (Int, not a C
// variable) and, on every back edge that decrements, the conjunct τ' = τ - 1 (τ joins the
// edge's writes). Back edges are those of a depth-first search from the entry (then from every
// location it does not reach): every cycle has one, whatever loop_head flags the program sets.
// A program without back edges (loop-free) is copied with τ, which then never changes.
// Locations and edges keep their ids, so labels of the copy are labels of the original once τ
// is gone.
//
// Statically bounded loops (the paper: "a loop that is statically known to be bounded can have
// its τ decrements removed"): a back edge does not decrement when every cycle through it is
// shown to be taken a bounded number of times on every path from the entry, for every
// interpretation of the C operators (so that the search, which over-approximates them, still
// meets finite paths only). The analysis (bounded_loops) works on the strongly connected
// components of the graph, decided semantically on each edge's formula (one solver per edge),
// so plain and large-block programs alike:
//   - a counter x (a variable v or -v) that every edge of the component writing it does not
//     decrease (Sem(e) ⊨ x' >= x) and some edges increase (Sem(e) ⊨ x' >= x + 1: the set I);
//   - guards: edges of the component whose formula implies x <= K for a constant K (a numeral of
//     the formula, ± 1; the smallest that holds), the set G;
//   - a lower bound L of x at every location of the component: a forward analysis over the
//     whole program whose values are the numerals of the edges that write x (Sem(e) ⊨ x' >= n)
//     and what non-decreasing edges carry over; -∞ at the entry;
//   - the edges D ⊆ I that lie on no cycle of the component without G: between two traversals
//     of such an edge the path passes a guard, so it is taken at most K - L + 1 times after
//     the path last entered the component.
// D leaves the component, whose remaining edges are analysed again (nested loops: the outer
// counter's edge first, then the inner loop). The edges left over keep τ: a back edge
// decrements when it lies on a cycle of them (every such cycle has a back edge, so every
// infinite path still meets infinitely many decrements). A wrap-around (unsigned arithmetic:
// x' = x + 1 - 2^w k) counts as an increase only where the edge's own guard rules the wrap out;
// a shape the solver cannot decide, a bound above `max_iterations` (the product over nested
// components) or the end of the analysis' budget keep the decrement.
#pragma once

#include <cstdint>
#include <chrono>
#include <optional>
#include <vector>

#include "verifier/program/program.hpp"

namespace craig::verifier {

struct TimeToLiveOptions {
    bool bounded_loops = true;  // remove τ from statically bounded loops
    // A component whose iterations (times those of the components around it) may exceed this
    // keeps τ: the search would follow every unrolling before strengthening had its first try.
    std::uint64_t max_iterations = 4096;
    // The analysis stops (keeping the decrements not yet removed) after this many solver checks,
    // this many seconds or at the deadline.
    std::size_t max_queries = 2000;
    double max_seconds = 1;
    std::optional<std::chrono::steady_clock::time_point> deadline;
};

struct TimeToLive {
    Program program;                       // the instrumented copy (same origin as the original)
    VarId tau = 0;                         // τ's variable in `program`
    std::vector<std::uint8_t> decrements;  // per edge: 1 on back edges that decrement τ
    std::size_t back_edges = 0;            // back edges of the depth-first search
    std::size_t bounded_back_edges = 0;    // of them, those in bounded loops (no decrement)
    std::size_t analysis_queries = 0;      // solver checks of the bounded-loop analysis
};

TimeToLive instrument_time_to_live(const Program& p, const TimeToLiveOptions& o = {});

}  // namespace craig::verifier
