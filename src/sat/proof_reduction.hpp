#pragma once
// Proof reduction: a smaller resolution proof of the same root clause (or of a subset of it).
//
// Two classic compressions, both on the chain form directly (a chain of k antecedents is read
// as k-1 binary resolution steps, the prefix of the chain being the left premise of each step):
//   - LowerUnits (Fontaine, Merz, Woltzenlogel Paleo, CADE 2011): a unit clause used by several
//     steps is taken out of all of them and resolved once, with the root, at the end.
//   - RecyclePivotsWithIntersection (same paper; after Bar-Ilan, Fuhrmann, Hoory, Shacham,
//     Strichman, HVC 2008): a literal is safe at a step if every path from the step to the root
//     resolves it away; a step whose pivot literal on one side is safe is replaced by that
//     premise (the other premise, and for the chain prefix everything before, is dropped).
// Both mark steps; a rebuild then recomputes every clause bottom-up (a step whose pivot is gone
// from one premise is replaced by that premise) and drops the nodes the root no longer uses.
// The result is a valid proof whose root clause is a subset of the input proof's root clause;
// should a pass not achieve that, its input is kept.
#include <cstdint>

#include "sat/resolution_proof.hpp"

namespace craig::sat {

struct ReductionOptions {
    bool lower_units = true;
    bool recycle_pivots = true;
};

struct ReductionStats {
    uint32_t nodes_before = 0, nodes_after = 0;
    uint64_t resolutions_before = 0, resolutions_after = 0;
    uint32_t units_lowered = 0;
    uint64_t steps_recycled = 0;  // steps RecyclePivots replaced by one premise
    double seconds = 0;
};

ResolutionProof reduce_proof(const ResolutionProof& proof, const ReductionOptions& options = {},
                             ReductionStats* stats = nullptr);

}  // namespace craig::sat
