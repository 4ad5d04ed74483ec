#pragma once
// The tree interpolation conditions for interpolants computed cut by cut (interpolation.hpp):
// checked node by node with fresh solvers and repaired from fresh proofs where they fail.
#include <string>
#include <vector>

#include "itp/interpolation.hpp"

namespace craig::itp {

// parent: tree_parents(start); formulas: the conjunction of each partition; itps: one
// interpolant per non-root node, each a binary interpolant of its subtree against the rest.
// On success (empty result) itps satisfy every local condition of interpolation.hpp, including
// the root's; otherwise the result says why not (an unknown query, a failed repair) and itps
// are unspecified. Counts queries and repaired nodes in stats.
std::string establish_tree_property(smt::TermManager& tm, const std::vector<uint32_t>& parent,
                                    const std::vector<smt::Term>& formulas, std::vector<smt::Term>& itps,
                                    const ItpOptions& options, InterpolationStats& stats);

}  // namespace craig::itp
