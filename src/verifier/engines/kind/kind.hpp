// k-induction over the large-block program (engine `kind`): Sheeran, Singh, Stålmarck,
// "Checking Safety Properties Using Induction and a SAT-Solver", FMCAD 2000, with auxiliary
// invariants as in CPAchecker (Beyer, Dangl, Wendler, CAV 2015).
//
//   KindEngine e(blocks, options, budget);        // blocks = large_block(plain)
//   Verdict v = e.run();
//
// Encoding: the state is (program counter, variables), one program counter over all locations
// of the large-block program (R_i(l) flags, encoding/unrolling.hpp), not one induction per loop
// head as CPAchecker does. A large block goes from cut point to cut point, so one step is one
// loop iteration of some loop, and the k-step window may pass from one loop into the next; the
// induction hypothesis "the first k states are safe" is implicit (the error has no outgoing
// edges), and the strength comes from the invariants and from k. Horn clauses (craig chc) give
// the same program model: one location per predicate.
//   Base case  one incremental solver holds the unrolling from the entry (as bmc); at depth d it
//              asks whether the error is reached in exactly d blocks (exact for the C
//              operators: a FALSE is only a model the gate will replay), whether the recursion
//              bound is (a final UNKNOWN, as bmc), and whether any execution is still alive
//              (none: TRUE, every execution ends within d blocks, bmc's certificate).
//   Step case  a second incremental solver holds the window of encoding/induction_window.hpp,
//              extended by one block per round: at depth d, k = d + 1, it asks whether a path of
//              k blocks from any state satisfying the auxiliary invariants (optionally with
//              pairwise distinct states, --kind-simple-path) ends at a bad location. Unsat:
//              TRUE, since the base case has refuted every path of fewer than k blocks.
//   Invariants auxiliary.hpp: proved-inductive invariants (Houdini over sampled candidates
//              and/or the lemmas of a bounded pdr run) are generated at depths 1, 2, 4, 8, ...
//              and conjoined to every state of the window; a map whose `false` at the bad
//              locations survives is a plain inductive invariant and ends the run.
// TRUE: Certificate::kinduction (k, the auxiliary map, simple paths or not), which the gate
// re-checks with fresh solvers (certify/kinduction_check.hpp); or the complete bound; or an
// invariant map (auxiliary invariants that are safe, or a converged pdr run). FALSE: the
// counterexample of the base case's model (inputs in execution order). UNKNOWN: the budget,
// the bound (--bound: k), a reachable recursion bound, an undecided query.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "base/budget.hpp"
#include "smt/solver.hpp"
#include "verifier/engines/kind/auxiliary.hpp"
#include "verifier/engines/pdr/pdr.hpp"
#include "verifier/encoding/query_settings.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier::kind {

struct KindOptions : QuerySettings {
    unsigned max_k = 0;  // 0: no bound
    bool simple_path = false;
    InvariantSource invariants = InvariantSource::Both;  // by measurement (docs/results/kind-2026-12-03)
    double pdr_seconds = 2;                              // the one pdr run of InvariantSource::Pdr and Both
    pdr::PdrOptions pdr;                                 // its options
};

struct KindStats {
    std::size_t base_queries = 0, step_queries = 0, injected = 0, operator_instances = 0;
    double base_seconds = 0, step_seconds = 0, invariant_seconds = 0;
};

class KindEngine {
public:
    KindEngine(const Program& blocks, const KindOptions& options, base::Budget budget = {});

    Verdict run(const std::function<void(const std::function<std::string()>&)>& progress = {});
    // The locations with their auxiliary invariants and the blocks, as Graphviz (--dump-arg).
    void write_dot(std::ostream& out) const;

private:
    Verdict search(const std::function<void(const std::function<std::string()>&)>& progress);
    Verdict finish(Verdict v) const;  // the statistics

    const Program& blocks_;
    smt::TermManager& tm_;
    KindOptions o_;
    base::Budget budget_;
    std::vector<smt::Term> auxiliary_;  // per location, the conjunction of the injected maps
    unsigned k_ = 0;                    // the last step case asked
    KindStats stats_;
    std::optional<AuxiliaryInvariants> aux_;  // made by search()
};

}  // namespace craig::verifier::kind
