// Counterexamples from a model of a path of large blocks (large_block.hpp): inside each
// block the plain path is found by walking back from the block's target along the plain
// edges whose `taken` flag is true in the model, and the inputs are read along it in
// execution order. Used by engines that check one block path at a time (impact).
#pragma once

#include <span>
#include <unordered_map>

#include "smt/model.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

using AuxRenaming = std::unordered_map<smt::Term, smt::Term, smt::TermHash>;

// path[i] is a block edge of `blocks`, renamed[i] the aux renaming its instance got
// (instantiate's `renamed_aux`); the model satisfies the instances. Throws
// smt::CheckFailure when the model does not contain a plain path through a block.
Counterexample block_path_counterexample(const Program& blocks, const Program& plain, std::span<const EdgeId> path,
                                         std::span<const AuxRenaming> renamed, const smt::Model& model);

}  // namespace craig::verifier
