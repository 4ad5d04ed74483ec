#include "verifier/testgen/unreachable_claim.hpp"

#include <algorithm>

#include "verifier/certify/certify.hpp"

namespace craig::verifier {

std::string certify_unreachable(const Program& goals, const LazyOutcome& found,
                                std::optional<std::chrono::steady_clock::time_point> deadline,
                                base::Statistics& stats) {
    if (found.unreachable.empty()) return "";
    if (!found.complete) return "the search did not end";
    const LocId bound = goals.truncated;
    if (bound != kNoLoc &&
        std::none_of(found.unreachable.begin(), found.unreachable.end(), [&](LocId l) { return l == bound; }))
        return "a call deeper than --recursion-depth is reachable";
    Program claim = goals;
    smt::TermManager& tm = claim.terms();
    const LocId error = claim.add_location({}, "");
    for (LocId l : found.unreachable) {
        Edge e;
        e.src = l;
        e.dst = error;
        e.formula = tm.mk_true();
        claim.add_edge(std::move(e));
    }
    claim.error = error;
    claim.truncated = kNoLoc;
    claim.index();
    Verdict v;
    v.kind = VerdictKind::True;
    if (!found.labels.empty()) {
        v.certificate.invariants = found.labels;
        v.certificate.invariants.push_back(tm.mk_false());
    } else if (found.complete_bound) {
        v.certificate.complete_bound = *found.complete_bound + 1;
    } else {
        return "the search gave no certificate";
    }
    const Certified c = certify_safe(v, claim, CertifyOptions{}, base::Budget(deadline));
    stats.merge(c.stats);
    return c.kind == VerdictKind::True ? "" : c.reason;
}

}  // namespace craig::verifier
