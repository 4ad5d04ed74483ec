#pragma once
// Reduction of an SMT proof: sat::reduce_proof (LowerUnits, RecyclePivotsWithIntersection) on
// its resolution DAG, with every leaf keeping what it is (LeafInfo, looked up by input clause).
// The result proves a subset of the root clause and checks with check_smt_proof like the input.
#include "sat/proof_reduction.hpp"
#include "smt/proof.hpp"

namespace craig::smt {

SmtProof reduce_smt_proof(const SmtProof& proof, sat::ReductionStats* stats = nullptr);

}  // namespace craig::smt
