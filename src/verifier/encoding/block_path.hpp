// Counterexamples from a model of a path of large blocks (large_block.hpp): inside each
// block the plain path is found by walking back from the block's target along the plain
// edges whose `taken` flag is true in the model, and the inputs are read along it in
// execution order. An accelerated edge (accelerate/accelerate.hpp) is expanded into its phases'
// iterations, as many as the model counts (at most kMaxExpandedEdges plain edges in all, else the
// counterexample is marked unexpanded and ends there). Used by every engine that finds a path (impact, the unrolling of bmc).
#pragma once

#include <span>
#include <unordered_map>

#include "smt/model.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

using AuxRenaming = std::unordered_map<smt::Term, smt::Term, smt::TermHash>;

// path[i] is an edge of `p`, renamed[i] the aux renaming its instance got (instantiate's
// `renamed_aux`); the model satisfies the instances. The counterexample is on p.plain(): for a
// large-block program the plain path inside each block, for a plain program the path itself.
// Throws smt::CheckFailure when the model does not contain a plain path through a block.
Counterexample block_path_counterexample(const Program& p, std::span<const EdgeId> path,
                                         std::span<const AuxRenaming> renamed, const smt::Model& model);

}  // namespace craig::verifier
