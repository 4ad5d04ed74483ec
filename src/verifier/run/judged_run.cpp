#include "verifier/run/judged_run.hpp"

#include <algorithm>

namespace craig::verifier {

namespace {

bool same_inputs(const std::vector<InputValue>& a, const std::vector<InputValue>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const InputValue& x, const InputValue& y) { return x.bits == y.bits; });
}

bool same_contracts(const std::vector<Contract>& a, const std::vector<Contract>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Contract& x, const Contract& y) {
        return x.guard == y.guard && x.summary == y.summary;
    });
}

bool same_unwound(const std::optional<Certificate::Unwound>& a, const std::optional<Certificate::Unwound>& b) {
    if (!a || !b) return !a && !b;
    using Lemma = Certificate::Unwound::Lemma;
    return a->unwinding == b->unwinding && a->refuted == b->refuted && a->codes.codes == b->codes.codes &&
           a->codes.error_code == b->codes.error_code && a->codes.call_code == b->codes.call_code &&
           std::equal(a->lemmas.begin(), a->lemmas.end(), b->lemmas.begin(), b->lemmas.end(),
                      [](const Lemma& x, const Lemma& y) {
                          return x.proc == y.proc && x.counts == y.counts && x.summary == y.summary;
                      });
}

}  // namespace

bool same_evidence(const Verdict& a, const Verdict& b) {
    return a.kind == b.kind && a.cex.plain_path == b.cex.plain_path && same_inputs(a.cex.inputs, b.cex.inputs) &&
           a.certificate.invariants == b.certificate.invariants &&
           a.certificate.complete_bound == b.certificate.complete_bound &&
           a.certificate.kinduction == b.certificate.kinduction &&
           same_contracts(a.certificate.contracts, b.certificate.contracts) &&
           same_unwound(a.certificate.unwound, b.certificate.unwound);
}

}  // namespace craig::verifier
