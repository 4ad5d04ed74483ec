// The depth-first loop that IntraLA (lazy_search.cpp) and InterLA (inter_search.cpp) share:
// McMillan's DECIDE / LEARN / CONJOIN over a stack of frames, one solver scope per frame above
// the root. A frame has `next` (its next out-edge to try) and `parts` (where the labels that
// block its edges start in `blocking`). The search S supplies the steps; the loop does the
// bookkeeping: budget and progress every 64 steps, CONJOIN's slice of `blocking`, backtracks
// (a maximal path ended: the paper's measure, counted once per descent), pops.
//
//   S::interrupted()        true ends the search Unknown (the budget)
//   S::report()             a --progress line (the callee throttles it)
//   S::visit(top)           a frame's own step before its edges (InterLA's return from a
//                           callee's exit); Move::Go when there is none
//   S::exhausted(top)       every way on from the frame is blocked
//   S::conjoin(top, parts)  CONJOIN: the location's label from the labels that block its edges
//   S::pop_scope()          the solver scope of the frame just popped
//   S::learn_back(done)     LEARN on the edge into a frame just backtracked from (the new top is
//                           its parent); Next, Again or Unknown
//   S::expand(top)          the top frame's next edge: Next (blocked or closed, its label in
//                           `blocking`), Pushed (a child frame on the stack), Stopped (a goal
//                           reached), Unknown
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::verifier {

enum class Move : std::uint8_t {
    Go,       // visit: nothing to do, go on with the frame's edges
    Next,     // the top frame's edge is done: try its next one
    Again,    // look at the top frame again as it is
    Pushed,   // a child frame was pushed
    Stopped,  // a goal was reached: the search ends
    Unknown,  // the search cannot go on (a solver's answer, an interpolant)
};

enum class DfsEnd : std::uint8_t { Done, Stopped, Unknown };

template <class S, class Frame>
DfsEnd labelled_dfs(S& s, std::vector<Frame>& stack, std::vector<smt::Term>& blocking, std::size_t& backtracks) {
    bool descending = true;
    std::size_t steps = 0;
    while (!stack.empty()) {
        if ((++steps & 63) == 0) {
            if (s.interrupted()) return DfsEnd::Unknown;
            s.report();
        }
        Move m = s.visit(stack.back());
        if (m == Move::Go) {
            if (s.exhausted(stack.back())) {
                Frame& f = stack.back();
                s.conjoin(f, std::span<const smt::Term>(blocking.data() + f.parts, blocking.size() - f.parts));
                blocking.resize(f.parts);
                if (descending) ++backtracks;
                descending = false;
                Frame done = std::move(f);
                stack.pop_back();
                if (stack.empty()) break;
                s.pop_scope();
                m = s.learn_back(std::move(done));
            } else {
                m = s.expand(stack.back());
            }
        }
        switch (m) {
            case Move::Next: ++stack.back().next; break;
            case Move::Pushed: descending = true; break;
            case Move::Go:
            case Move::Again: break;
            case Move::Stopped: return DfsEnd::Stopped;
            case Move::Unknown: return DfsEnd::Unknown;
        }
    }
    return DfsEnd::Done;
}

}  // namespace craig::verifier
