// Counterexample-guided theory refinement (Asadi's thesis, Ch. 6, Alg. 9; `--precision refine`):
// the refinement step. The bit-precise program starts with every C operator between variables
// uninterpreted (UFP); a counterexample the replay refutes is searched for operator applications
// whose value on it is not what C computes, and some of them become exact (BVP) by the heuristic.
//
// The step re-solves the counterexample's plain path in the bit-precise program with its inputs
// fixed (a fresh solver; the separate refinement solver of §6.5.3), and compares each
// uninterpreted site's value with the C operator on its operands (apply_operator). A site is
// falsified when they differ. The heuristics of §6.6.1 choose among the falsified sites:
//   forward / backward: the first / the last falsified site along the path;
//   simultaneous: every falsified site at once;
//   dependency: also the uninterpreted sites whose operands depend (over the program's data
//     flow, statically) on a chosen site's value.
// H0 forward, H1 backward, H2 forward+simultaneous, H3 backward+simultaneous, H4 forward+dependency
// (the thesis' default and fastest there), H5 backward+dependency (craig's default, measured),
// H6 forward+simultaneous+dependency,
// H7 backward+simultaneous+dependency.
//
// Refinement only makes the program more precise (an exact site is implied by its uninterpreted
// version), so every verdict keeps the usual checks; it ends because the sites are finitely many.
#pragma once

#include <string_view>
#include <vector>

#include "base/budget.hpp"
#include "verifier/program/bit_precise.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

struct RefinementHeuristic {
    bool backward = false, simultaneous = false, dependency = false;
    // "h0" .. "h7"; nullopt for another name.
    static std::optional<RefinementHeuristic> parse(std::string_view name);
};

struct TheoryRefinementStep {
    std::vector<smt::Term> refine;  // sites to make exact (none: the path is not spurious by an operator)
    std::size_t falsified = 0;      // falsified sites on the path
};

// `cex` is a counterexample of words.program (its plain path and inputs).
TheoryRefinementStep theory_refinement_step(const BitPrecise& words, const Counterexample& cex,
                                            const OperatorPrecision& current, RefinementHeuristic h,
                                            const base::Budget& budget);

}  // namespace craig::verifier
