#pragma once
// SmtProof: the proof of one unsat answer of smt::Solver (docs/architecture.md, "Proofs (SMT
// level)"). It is the SAT-level resolution DAG (sat/resolution_proof.hpp) over the clauses craig
// gave CaDiCaL, plus for every leaf what that clause is and why it is valid:
//   - definition: a Tseitin clause of `term` (the clause must follow from v(term) <=> op(kids));
//   - assertion: (not act) or lit(formula) for the active assertion `assertion`;
//   - deactivation: the unit (not act) of a popped scope or reset (act is a fresh variable);
//   - ite-definition / arith-definition: the unit of a defining lemma of a term-level ite or
//     div/mod/abs/to_int (re-derived from the term's structure);
//   - theory-lemma: the unit lit(term) of a valid lemma a theory asked for: a disequality split
//     p = c or p < c or p > c, an EUF transitivity lemma, or a Gomory cut (with a LiaLemma);
//   - transitivity: a clause of the eager transitivity encoding (an EUF-valid clause);
//   - euf-conflict: the negation of an EUF explanation (the clause's literals are the
//     certificate, re-checked by a naive congruence closure);
//   - lra-conflict: the negation of literals with Farkas coefficients (`farkas`);
//   - lia-conflict: a GCD-test conflict, with its split record (`lia`);
//   - lra-implication: a static bound implication (no checker yet: checking fails).
//   - bv-gate: a clause of a bit-blasting gate (bv_gates[cert]); the checker re-derives it from the
//     gate's truth table and checks that the gates define every wire once, from older variables
//     (a definitional extension). That the circuits compute SMT-LIB's operators is what the
//     bit-blaster's tests establish; the checker does not re-derive circuits from terms. Its
//     variables have no term (var_terms invalid); bv_wires says whose bit or internal wire each is
//     (the interpolator colours them by that owner term).
// Branch-and-bound splits add no clause: the SAT solver decides the split atom, and the conflicts
// that follow read a false Int atom p <= k as p >= k + 1 in their Farkas certificates.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sat/resolution_proof.hpp"
#include "smt/bv/gate.hpp"
#include "smt/lia_certificate.hpp"
#include "smt/lra_certificate.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

enum class LeafKind : uint8_t {
    Unknown,
    Definition,
    Assertion,
    Deactivation,
    IteDefinition,
    ArithDefinition,
    TheoryLemma,
    Transitivity,
    EufConflict,
    LraConflict,
    LiaConflict,
    LraImplication,
    BvGate,
    AckermannLemma,  // a congruence instance for a function over bit-vectors (smt/ackermann.hpp)
};
const char* leaf_kind_name(LeafKind k);

// Clause tags: the tag CnfEncoder gives each clause it adds to the SAT solver (kept in
// sat::InputClauses::tags and on the leaves of the resolution proof). Solver (solver.cpp) writes
// them, itp::ProofInterpolator reads them; this is their whole contract:
//   - an assertion id (below kLemmaTag): the assertion whose encoding first needed the clause;
//   - kLemmaTag: first needed by a clause valid in every partition (theory lemmas and
//     conflicts, transitivity clauses, bound implications);
//   - kAssumptionTag: first needed by a check-sat-assuming term, which is in no partition.
// The interpolator reads the tag of Definition leaves only: one tagged with an assertion that
// is active at the check belongs to that assertion's partition; any other (kLemmaTag,
// kAssumptionTag, a popped assertion) is a valid clause, as a Tseitin definition is valid once
// its variable is read as its term. Every other leaf is placed by its LeafInfo (Assertion leaves
// by LeafInfo::assertion); its tag says only which encoding was under way.
inline constexpr uint32_t kLemmaTag = UINT32_MAX - 1;
inline constexpr uint32_t kAssumptionTag = UINT32_MAX;

struct LeafInfo {
    LeafKind kind = LeafKind::Unknown;
    Term term;                   // defined term, assertion formula, lemma or defined ite/op
    uint32_t assertion = 0;      // assertion id (Assertion leaves)
    uint32_t cert = UINT32_MAX;  // index into farkas / lia / bv_gates
};

struct SmtProof {
    sat::ResolutionProof resolution;
    const sat::InputClauses* inputs = nullptr;  // the solver's log; valid while the solver lives
    std::vector<sat::Lit> root_clause;          // negated failed assumptions (empty: no assumptions used)
    std::vector<LeafInfo> leaves;               // per node of `resolution` (chains: Unknown)
    std::vector<std::vector<LraCertificateEntry>> farkas;
    std::vector<LiaLemma> lia;
    std::vector<bv::Gate> bv_gates;   // every gate of the bit-blaster (BvGate leaves index it)
    std::vector<bv::Wire> bv_wires;   // SAT variable -> what it stands for (bit-blaster variables; empty without)
    std::vector<Term> var_terms;      // SAT variable -> its term (invalid for activations)
    std::vector<uint8_t> activation;  // SAT variable -> is an activation variable
    struct Active {
        uint32_t id;
        Term formula;
        std::string name;  // :named, if any (filled by the SMT-LIB layer)
    };
    std::vector<Active> active;                          // the active assertions at the check
    std::vector<std::pair<Term, sat::Lit>> assumptions;  // check-sat-assuming literals
    std::vector<sat::Lit> assumed;                       // every SAT assumption of the check (activations too)
    // Non-zero when the check assumed both l and -l (e.g. check-sat-assuming (p (not p))): that
    // alone is the refutation, and `resolution` is empty (resolution cannot derive the
    // tautological clause of negated failed assumptions).
    sat::Lit complementary = 0;

    // The ids of the active assertions whose clauses are leaves.
    std::vector<uint32_t> used_assertions() const;
};

}  // namespace craig::smt
