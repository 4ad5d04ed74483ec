// The time-to-live instrumentation of lazy annotation (McMillan, §2.2): a counter τ that the
// back edges of the control-flow graph decrement, so that with τ = τ0 initially and the label
// ¬W = (τ < 0) on every location, every path is cut after τ0 + 1 traversals of back edges and
// the search terminates.
//
// The instrumented program is a copy of the given one with one more variable τ (Int, not a C
// variable) and, on every back edge, the conjunct τ' = τ - 1 (τ joins the edge's writes).
// Back edges are those of a depth-first search from the entry (then from every location it
// does not reach): every cycle has one, whatever loop_head flags the program sets. A program
// without back edges (loop-free) is copied with τ, which then never changes. Locations and
// edges keep their ids, so labels of the copy are labels of the original once τ is gone.
#pragma once

#include <cstdint>
#include <vector>

#include "verifier/program/program.hpp"

namespace craig::verifier {

struct TimeToLive {
    Program program;                       // the instrumented copy (same origin as the original)
    VarId tau = 0;                         // τ's variable in `program`
    std::vector<std::uint8_t> decrements;  // per edge: 1 on back edges
    std::size_t back_edges = 0;
};

TimeToLive instrument_time_to_live(const Program& p);

}  // namespace craig::verifier
