// Loop acceleration as a transform of the large-block program (issue 54): a loop head whose cycle
// is one self-loop of guarded translations and resets (or linear updates whose matrix powers
// settle, iteration.hpp) gets, instead of the self-loop, an edge to a
// new location that its exits now leave from, labelled with the loop's transitive closure T*
// (closure.hpp) in linear integer arithmetic. An engine then sees no cycle there: bmc reaches a bug
// after 10^8 iterations in one step, and a program whose loops are all accelerated is loop-free.
//
//   if (auto acc = accelerate(blocks, so)) engine.run(acc->program, ...);
//
// Which loops: the self-loop's plain paths (at most kMaxPaths) each reduce to an iteration relation
// (iteration.hpp); with several paths (phases: if (x < k) x++; else x += 2;), they must run in one
// order: no path follows a later one (checked by a solver), so T* = T1* ; T2* ; ... The program
// variables must be integers (the integer program; the bit-precise one is left alone).
//
// Soundness, by checks with fresh solvers when the transform is made (a loop whose check fails or
// is undecided is left as it was):
//   - the self-loop's formula implies the disjunction of the path relations (nothing is missed);
//   - the phase order (a later phase is never followed by an earlier one);
//   - each phase's closure C contains the identity (n = 0) and is closed under one more
//     iteration: C(x, y, n) and R(y, z) imply C(x, z, n + 1).
// So T* contains every run of the loop, and a proof on the transformed program (its invariants, a
// complete unrolling; the gate checks those on the transformed program) is a proof of the original.
// The closures are also exact, so a path of the transformed program is one of the original: the
// accelerated edge lists its phases (Edge::phases: the plain path of one iteration and the aux
// constant counting them), by which block_path_counterexample expands a counterexample into its
// iterations for the replay.
// Where no exact closure is found (the paths of a diamond alternate; a counter may wrap around),
// an under-approximation: an edge head -> head next to the loop, which stays, made of the phases'
// closures of wrap-free iterations one after the other. Every run of the edge is a run of the loop
// and the loop is still there, so the transformed program reaches exactly the states of the
// original: invariants are loop invariants, and bmc reaches a bug 10^6 iterations deep in one step
// (the counterexample is expanded and replayed like an exact one's).
// Invariants at the head and at the new location of an exact loop are the states before and after
// the whole loop: not loop invariants of the C program. Witnesses and --invariants print `true` there
// (printable_invariants).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/statistics.hpp"
#include "smt/solver.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

struct AcceleratedLoop {
    LocId head = kNoLoc;   // the loop head (its self-loop is gone)
    LocId after = kNoLoc;  // the new location the loop's exits leave from
    EdgeId edge = 0;       // head -> after: the closure
    std::size_t phases = 0;
    bool resets = false;   // some variable is reset (else translations only)
    bool exact = true;     // false: an under-approximation, edge head -> head next to the loop (after == head)
};

struct Accelerated {
    Program program;  // the transformed large-block program (same plain program, same variables)
    std::vector<AcceleratedLoop> loops;
    base::Statistics stats;  // accelerate.loops, .phases, .refused, .queries, .time
    // `invariants` (per location of `program`) with `true` at the heads and new locations of
    // exactly accelerated loops: what may be printed as invariants of the C program.
    std::vector<smt::Term> printable_invariants(const std::vector<smt::Term>& invariants) const;
    // Whether some loop is replaced by its exact closure (its head's invariants are not loop invariants).
    bool replaces_loops() const {
        for (const AcceleratedLoop& l : loops)
            if (l.exact) return true;
        return false;
    }
};

// The transform of `blocks` (a large-block program of an integer plain program); none when no loop
// is accelerated. `stats_out` receives the statistics either way (accelerate.refused with reasons).
std::optional<Accelerated> accelerate(const Program& blocks, const smt::SolverOptions& so,
                                      base::Statistics& stats_out);

}  // namespace craig::verifier
