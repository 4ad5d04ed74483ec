// Bounded model checking over the large-block program (engine `bmc`).
//
// Unrolls the large-block graph step by step in one incremental solver: per step i
// a copy V_i of the variables, a flag R_i(l) per location meaning "the path is at l
// after i blocks", and per edge a flag T_i(e) -> R_i(src) and the edge's formula from
// V_i to V_{i+1}. After each step it asks whether R_k(error) is satisfiable (a
// counterexample of k blocks) and whether any location with outgoing edges is still
// reachable at step k; if none is, every execution ended within k blocks and the
// program is safe (the answer TRUE is then re-derived by a fresh solver on the
// monolithic formula before it is returned). Models are made exact for the uninterpreted
// C operators by operator_refinement.hpp before they count. The bound grows until `max_bound`
// (0 = no bound) or the deadline.
#pragma once

#include <chrono>
#include <optional>

#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

struct BmcOptions {
    unsigned max_bound = 0;
    std::optional<std::chrono::steady_clock::time_point> deadline;
    bool check_models = true;
    bool check_certificates = true;
    // Rounds of operator refinement (operator_refinement.hpp) per satisfiability check.
    unsigned max_refinements = 100;
};

// `blocks` is large_block(plain); counterexamples are reported on `plain`.
Verdict bmc(const Program& blocks, const Program& plain, const BmcOptions& options);

}  // namespace craig::verifier
