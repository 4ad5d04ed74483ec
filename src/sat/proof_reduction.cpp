#include "sat/proof_reduction.hpp"

namespace craig::sat {

ResolutionProof reduce_proof(const ResolutionProof& proof) { return prune_unreachable(proof); }

}  // namespace craig::sat
