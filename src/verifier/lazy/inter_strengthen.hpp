// Strengthen for InterLA (inter_search.hpp): the greatest justified subset of candidate
// negative summaries, without τ (McMillan, Fig. 3, for procedures).
//
// A candidate at a location l of procedure P is a formula over the cur constants of P's
// variables and the exit constants of P's returns. The result keeps, to a fixed point, the
// candidates φ at l such that for every out-edge e of l
//   intra  φ ∧ Sem(e) ∧ ¬D(l2)' is unsat (at l2 = exit, ¬D = I_R: the exit values are the state),
//   call   φ ∧ args bound to fresh callee params ∧ ¬D_callee(entry) over fresh params and exit
//          values ∧ results := those exit values (the rest unchanged) ∧ ¬D(l3)' is unsat,
// where D(l) is the disjunction of the kept candidates at l. The kept sets are then a justified
// annotation: every returning execution from l in a state of D(l) ... does not exist, so
// ¬D(entry_P) is a summary of P (Hoare's rule for recursion; the gate checks it again).
//
// Beyond the paper, kept candidates are also carried backwards (then the fixed point runs again,
// with every candidate given at the start back in): over an edge that writes none of their
// variables, and from a callee's entry over a tail call (a call whose return location is the
// caller's exit: the callee's summary in the caller's terms). A loop's summary is found at the
// loop procedure's entry; the paths of its caller that lead to it were blocked by "no exit within
// τ" labels in the search, which do not survive τ = 0, and the carried summary replaces them.
// Every candidate is only a candidate: soundness rests on the fixed point alone.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "base/budget.hpp"
#include "smt/solver.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::verifier {

// Per procedure and local location: the candidates.
using Candidates = std::vector<std::vector<std::vector<smt::Term>>>;

struct StrengthenResult {
    Candidates kept;
    std::size_t dropped = 0;  // candidates found unjustified (over all passes)
    std::size_t carried = 0;  // candidates added by carrying kept ones backwards
};

// `exit` holds per plain variable its exit constant (valid for every return variable). Stops
// early (with what is kept so far, not yet a fixed point) when the budget is exhausted.
StrengthenResult strengthen_summaries(const Procedures& ps, std::span<const smt::Term> exit, Candidates candidates,
                                      const smt::SolverOptions& options, const base::Budget& budget,
                                      unsigned carry_passes = 3);

}  // namespace craig::verifier
