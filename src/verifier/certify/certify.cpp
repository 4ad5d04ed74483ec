#include "verifier/certify/certify.hpp"

#include <algorithm>

#include "smt/solver.hpp"
#include "verifier/certify/bounded_check.hpp"
#include "verifier/certify/contracts.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/certify/kinduction_check.hpp"
#include "verifier/certify/unwound_check.hpp"
#include "verifier/encoding/checked_solver.hpp"

namespace craig::verifier {

namespace {

void certify_true(const Verdict& v, const Program& p, const Procedures* procedures, const CertifyOptions& o,
                  const base::Budget& budget, Certified& out) {
    const Certificate& c = v.certificate;
    if (c.empty()) throw smt::CheckFailure("a TRUE verdict without a certificate");
    if (!c.contracts.empty() && !procedures)
        throw smt::CheckFailure("a TRUE verdict with contracts but no procedural model");
    if (c.unwound && !procedures)
        throw smt::CheckFailure("a TRUE verdict with an unwound call tree but no procedural model");
    const smt::SolverOptions so = checked_solver_options(o, budget);
    const InvariantCheck check =
        c.unwound               ? check_unwound(*procedures->plain, *c.unwound, so, o.operator_rounds)
        : !c.contracts.empty()  ? check_contracts(*procedures, c.contracts, so, o.operator_rounds)
        : !c.invariants.empty() ? check_invariants(p, c.invariants, so, o.operator_rounds)
        : c.kinduction          ? check_k_induction(p, *c.kinduction, so, o.operator_rounds)
                                : check_complete_unrolling(p, *c.complete_bound, so, o.operator_rounds);
    out.stats.count("certify.queries", check.queries);
    const char* what = c.unwound               ? "the unwound call tree"
                       : !c.contracts.empty()  ? "the procedure contracts"
                       : !c.invariants.empty() ? "the invariants"
                       : c.kinduction          ? "the k-induction"
                                               : "the complete unrolling";
    if (check.outcome == InvariantOutcome::Invalid)
        throw smt::CheckFailure(std::string("certificate: ") + what + " did not check: " + check.why);
    if (check.outcome == InvariantOutcome::Inconclusive) {
        out.kind = VerdictKind::Unknown;
        out.reason = std::string("the check of ") + what + " was inconclusive: " + check.why;
    }
}

void certify_false(const Verdict& v, const Program& program, const frontend::TranslationUnit& tu,
                   std::span<const std::string> externals, const base::Budget& budget, Certified& out) {
    if (v.cex.unexpanded) {
        out.kind = VerdictKind::Unknown;
        out.reason = "the counterexample runs " + std::to_string(v.cex.accelerated_iterations) +
                     " iterations of accelerated loops: more than the replay takes";
        return;
    }
    std::vector<std::uint64_t> inputs;
    for (const InputValue& in : v.cex.inputs) inputs.push_back(in.bits);
    // A path through accelerated loops runs as many steps as its (expanded) plain path says;
    // the replay may take them, as long as the budget lasts.
    frontend::ReplayLimits limits;
    limits.deadline = budget.deadline();
    if (v.cex.accelerated_iterations > 0)
        limits.max_steps = std::max<std::uint64_t>(limits.max_steps, 64 * std::uint64_t{v.cex.plain_path.size()});
    frontend::ReplayResult replay = frontend::replay(tu, inputs, limits);
    // A counterexample through an external function must not rest on that function changing
    // globals: the same inputs replay the run in which external calls leave the globals alone.
    if (replay.outcome == frontend::ReplayOutcome::ReachedError && !externals.empty()) {
        frontend::ReplayLimits pure = limits;
        pure.external_side_effects = false;
        frontend::ReplayResult without = frontend::replay(tu, inputs, pure);
        if (without.outcome != frontend::ReplayOutcome::ReachedError) {
            out.kind = VerdictKind::Unknown;
            out.reason = "the error is reached only if an external function (" + externals.front() +
                         (externals.size() > 1 ? ", ..." : "") + ") changes a global variable";
        }
        replay = std::move(without);
    }
    if (out.kind == VerdictKind::False && replay.outcome != frontend::ReplayOutcome::ReachedError) {
        out.kind = VerdictKind::Unknown;
        out.reason = "counterexample not confirmed by replay: " + std::string(frontend::to_string(replay.outcome)) +
                     (replay.message.empty() ? "" : " (" + replay.message + ")") + " at " + replay.where.str();
        // The model reads arbitrary values from blocks allocated in loops: the likely cause.
        const std::vector<std::string>& blocks = program.plain().untracked_blocks;
        if (!blocks.empty())
            out.reason = "a block allocated in a loop is not tracked (" + blocks.front() +
                         (blocks.size() > 1 ? ", +" + std::to_string(blocks.size() - 1) + " more" : "") + "); " +
                         out.reason;
    }
    out.replay = std::move(replay);
}

}  // namespace

Certified certify_safe(const Verdict& v, const Program& program, const CertifyOptions& o, const base::Budget& budget,
                       const Procedures* procedures) {
    const auto start = base::Budget::Clock::now();
    Certified out;
    out.kind = v.kind;
    out.reason = v.reason;
    certify_true(v, program, procedures, o, budget, out);
    out.stats.seconds("certify.time", base::seconds_since(start));
    return out;
}

Certified certify(const Verdict& v, const Program& program, const frontend::TranslationUnit& tu,
                  std::span<const std::string> externals, const CertifyOptions& o, const base::Budget& budget,
                  const Procedures* procedures) {
    const auto start = base::Budget::Clock::now();
    Certified out;
    out.kind = v.kind;
    out.reason = v.reason;
    if (v.kind == VerdictKind::True) certify_true(v, program, procedures, o, budget, out);
    if (v.kind == VerdictKind::False) certify_false(v, program, tu, externals, budget, out);
    out.stats.seconds("certify.time", base::seconds_since(start));
    return out;
}

}  // namespace craig::verifier
