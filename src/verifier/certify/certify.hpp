// The certification gate: every engine's verdict passes here before anything is printed.
//
//   TRUE   the certificate is checked with fresh solvers and nothing of the engine:
//          an invariant map by check_invariants (invariant_check.hpp), a complete bound by
//          check_complete_unrolling (bounded_check.hpp), a k-induction by check_k_induction
//          (kinduction_check.hpp), procedure contracts by check_contracts
//          (contracts.hpp). Invalid or missing: smt::CheckFailure
//          (exit 10, whatever the engine); undecided: UNKNOWN with the reason.
//   FALSE  the counterexample's inputs are replayed by the concrete interpreter on the C
//          program; the verdict stands only if the replay reaches the error. With external
//          functions (no body) the replay is repeated with external calls that leave the
//          globals alone (the semantics of CPAchecker and Ultimate); a counterexample that
//          needs their side effects is UNKNOWN. Not confirmed: UNKNOWN with the replay outcome.
//   UNKNOWN passes unchanged.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "base/budget.hpp"
#include "base/statistics.hpp"
#include "frontend/ast.hpp"
#include "frontend/replay.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

struct CertifyOptions {
    bool check_models = true;  // of the gate's own solvers
    bool check_certificates = true;
    unsigned operator_rounds = 100;  // per query (encoding/exact_check.hpp)
};

struct Certified {
    VerdictKind kind = VerdictKind::Unknown;
    std::string reason;
    std::optional<frontend::ReplayResult> replay;  // FALSE: the confirmed run
    base::Statistics stats;                        // certify.queries, certify.time
};

// The TRUE part of the gate alone, for programs without a C program (Horn clauses, whose FALSE
// verdicts are checked as derivations instead of replays): `v` must be TRUE. `procedures`: the
// procedural model an interprocedural engine solved (its certificate is contracts).
Certified certify_safe(const Verdict& v, const Program& program, const CertifyOptions& options,
                       const base::Budget& budget, const Procedures* procedures = nullptr);

// `program` is the one the engine solved (its plain() is the one the counterexample is on).
// `procedures`: the procedural model an interprocedural engine solved (its TRUE verdicts carry
// contracts, checked by check_contracts; its counterexample is on procedures->plain).
Certified certify(const Verdict& v, const Program& program, const frontend::TranslationUnit& tu,
                  std::span<const std::string> externals, const CertifyOptions& options, const base::Budget& budget,
                  const Procedures* procedures = nullptr);

}  // namespace craig::verifier
