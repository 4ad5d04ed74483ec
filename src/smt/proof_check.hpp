#pragma once
// Independent checker for SmtProof (proof.hpp). It trusts only the term manager and the map from
// SAT variables to terms (that map is what the variables mean). It checks
//   1. the resolution DAG with sat::check_resolution_proof (every step re-resolved, leaves
//      compared with the SAT solver's input log), and that the root's literals are negations of
//      the check's assumptions (scope and tracking activations, check-sat-assuming literals);
//   2. every leaf by its kind: a Tseitin clause must follow from v(t) <=> op(kids) of its term;
//      an assertion clause must be (not act) or lit(f) for an active assertion f; a
//      deactivation unit must name an activation that was not assumed; EUF conflicts and
//      transitivity clauses are re-derived by the naive closure of euf_certificate.hpp; LRA
//      conflicts by their Farkas coefficients (lra_certificate.hpp); GCD conflicts and cuts by
//      lia_certificate.hpp; disequality splits and ite/arith definitions by rebuilding them from
//      the terms. A leaf kind without a checker fails with "proof contains an unchecked <kind>
//      lemma": nothing passes unchecked.
#include <cstdint>
#include <string>

#include "smt/proof.hpp"

namespace craig::smt {

struct SmtProofCheck {
    bool ok = true;
    uint32_t node = UINT32_MAX;  // the first bad node, if any
    std::string error;
    // Leaves per kind (index: LeafKind), for --proof-stats.
    uint64_t leaves[16] = {};
    explicit operator bool() const { return ok; }
};

SmtProofCheck check_smt_proof(TermManager& tm, const SmtProof& proof);

// One line per node (docs/architecture.md, "Proofs (SMT level)").
std::string proof_to_string(const TermManager& tm, const SmtProof& proof);

}  // namespace craig::smt
