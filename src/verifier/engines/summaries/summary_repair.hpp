// Stored summaries (summary_file.hpp) into the store of a run of the engine `summaries`.
//
// check_loaded (issue 21 item 4): the file was made from this program. Callees first, each
// summary is checked against its function's bounded body (a query rooted at the function with
// goal ¬σ, the summaries already accepted in the store) and stored only when it holds
// (`check` false: stored unchecked).
//
// revise (item 5; UpProver, Asadi's thesis Ch. 4, Alg. 4-6): the file was made from an older
// version. Changed functions Δ: a definition whose text after preprocessing differs (per-function
// hashes), new functions (summary false, their callers changed), functions whose interface
// changed (summary dropped: nothing to validate, their callers changed). Every kept summary goes
// into the store; then bottom-up over the work list (a function once no other one in the list is
// below it): a summary is validated by the query above (SolveRefine, Alg. 6: the lazy scheme
// with refinement); unsat strengthens the summaries below by the proof's tree interpolants;
// sat weakens it Houdini-style (Alg. 5: drop the conjuncts the counterexample falsifies, until
// the rest holds; all gone: the function's summary is true, it is nondet) and puts its callers
// on the list. Unchanged functions below no change keep their summaries unchecked, as in the
// thesis (they held for the old version; a wrong one can cost a TRUE, never make one: the gate
// re-derives every TRUE without summaries).
#pragma once

#include <map>
#include <string>

#include "verifier/engines/summaries/partitioned_bmc.hpp"
#include "verifier/engines/summaries/summary_file.hpp"

namespace craig::verifier {

struct LoadCounts {
    std::uint64_t loaded = 0, valid = 0, invalid = 0;
};

struct RevisionCounts {
    std::uint64_t changed = 0, new_functions = 0, dropped = 0;  // Δ at the start
    std::uint64_t validated = 0, kept = 0, weakened = 0, invalidated = 0;
    std::uint64_t strengthened = 0, refined = 0;  // conjuncts added, calls made precise
    double seconds = 0;
};

// The C functions' entry procedures reachable from main, callees before callers.
std::vector<ProcId> functions_bottom_up(const Procedures& model);

LoadCounts check_loaded(const SummaryFile& file, const Procedures& model, CallTree& tree, SummaryStore& store,
                        bool check, const PbmcOptions& o, const base::Budget& budget, PbmcStats& stats);

// `hashes`: function_hashes of the new version. Returns the reason when the budget or a solver
// stopped the repair (the store is then usable but not repaired), else empty.
std::string revise(const SummaryFile& old_file, const std::map<std::string, std::string>& hashes,
                   const Procedures& model, CallTree& tree, SummaryStore& store, const PbmcOptions& o,
                   const base::Budget& budget, PbmcStats& stats, RevisionCounts& counts);

}  // namespace craig::verifier
