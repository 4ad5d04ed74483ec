// Replay of a path of blocks found by an engine that reasons about sets of states (pdr's
// obligations, tpa's reachability queries): the blocks are instantiated one after another over
// fresh states in a fresh solver and checked with exact_check, so that a Sat answer holds for
// the C operators; its model gives the counterexample (block_path.hpp).
//
//   BlockPathReplay r = replay_block_path(blocks, path, solver_options, operator_rounds, "#pdr");
//   if (r.result == smt::Result::Sat) verdict.cex = std::move(r.cex);
//
// Sat: the path is feasible for C, `cex` is on blocks.plain() with its inputs in execution order.
// Unsat: no execution takes the path (an engine's over-approximation, e.g. an uninterpreted
// operator, made it look feasible). Unknown: `why` is the solver's reason ("timeout",
// "interrupted", ...) or "operator refinement budget" (`out_of_rounds`).
#pragma once

#include <span>
#include <string>

#include "smt/solver.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

struct BlockPathReplay {
    smt::Result result = smt::Result::Unknown;
    Counterexample cex;        // Sat
    std::string why;           // Unknown: "solver: <reason>" or "operator refinement budget"
    std::string solver_reason; // Unknown: the solver's reason-unknown (empty when out of rounds)
    bool out_of_rounds = false;
    std::size_t operator_instances = 0;
};

// `tag` names the fresh states and aux copies ("#pdr" gives x@pdr3 and aux#pdr3).
BlockPathReplay replay_block_path(const Program& blocks, std::span<const EdgeId> path,
                                  const smt::SolverOptions& solver_options, unsigned operator_rounds,
                                  const std::string& tag);

}  // namespace craig::verifier
