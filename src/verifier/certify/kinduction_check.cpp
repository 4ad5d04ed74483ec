#include "verifier/certify/kinduction_check.hpp"

#include "verifier/certify/bounded_check.hpp"
#include "verifier/encoding/induction_window.hpp"
#include "verifier/encoding/unrolling.hpp"

namespace craig::verifier {

namespace {

// Adds the counted queries of `part` to `out`; false when `part` did not hold (out says why).
bool holds(InvariantCheck& out, const InvariantCheck& part, const std::string& what) {
    out.queries += part.queries;
    if (part.outcome == InvariantOutcome::Valid) return true;
    out.outcome = part.outcome;
    out.why = what + ": " + part.why;
    return false;
}

}  // namespace

InvariantCheck check_k_induction(const Program& p, const Certificate::KInduction& c, const smt::SolverOptions& so,
                                 unsigned rounds) {
    InvariantCheck out;
    const unsigned k = c.k;
    if (k == 0 || (!c.invariants.empty() && c.invariants.size() != p.locs.size())) {
        out.outcome = InvariantOutcome::Invalid;
        out.why = k == 0 ? "k-induction with k = 0"
                         : "the auxiliary map has " + std::to_string(c.invariants.size()) + " entries for " +
                               std::to_string(p.locs.size()) + " locations";
        return out;
    }
    if (!c.invariants.empty() &&
        !holds(out, check_invariants(p, c.invariants, so, rounds, Safety::NotRequired), "auxiliary invariants"))
        return out;
    Unrolling base(p);
    const InvariantCheck b = check_unrolled(
        p.terms(), {}, k - 1, [&] { return base.extend(); },
        [&] {
            const std::string within = " within " + std::to_string(k - 1) + " steps";
            return std::vector<BoundedQuery>{
                {base.error_reached(k - 1), "the error is reached" + within},
                {base.truncated_reached(k - 1), "the recursion bound is reached" + within}};
        },
        so, rounds);
    if (!holds(out, b, "base case")) return out;
    InductionWindow window(p, c.invariants, c.simple_path);
    const InvariantCheck s = check_unrolled(
        p.terms(), window.initial(), k, [&] { return window.extend(); },
        [&] {
            return std::vector<BoundedQuery>{
                {window.bad(), "a path of " + std::to_string(k) + " steps through safe states" +
                                   (c.simple_path ? " (pairwise distinct)" : "") + " ends at the error"}};
        },
        so, rounds);
    holds(out, s, "step case");
    return out;
}

}  // namespace craig::verifier
