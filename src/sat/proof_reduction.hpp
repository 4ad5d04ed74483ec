#pragma once
// Proof reduction: smaller resolution proofs of the same root (or of a subset of it).
#include "sat/resolution_proof.hpp"

namespace craig::sat {

ResolutionProof reduce_proof(const ResolutionProof& proof);

}  // namespace craig::sat
