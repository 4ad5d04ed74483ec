#include "verifier/encoding/exact_check.hpp"

namespace craig::verifier {

std::string ExactCheck::why(const smt::Solver& s) const {
    if (result != smt::Result::Unknown) return "";
    return out_of_rounds ? "operator refinement budget" : "solver: " + s.reason_unknown();
}

ExactCheck exact_check(smt::Solver& solver, std::span<OperatorRefinement> groups,
                       std::span<const smt::Term> assumptions, unsigned rounds,
                       const std::function<void(std::size_t, smt::AssertionId, smt::Term)>& on_instance) {
    ExactCheck c;
    for (unsigned round = 0;; ++round) {
        ++c.checks;
        c.result = solver.check(assumptions);
        if (c.result != smt::Result::Sat) return c;
        bool fixed = false;
        for (std::size_t g = 0; g < groups.size(); ++g) {
            if (groups[g].empty()) continue;
            for (smt::Term lemma : groups[g].lemmas(solver.model())) {
                if (round >= rounds) {
                    c.out_of_rounds = true;
                    c.result = smt::Result::Unknown;
                    return c;
                }
                const smt::AssertionId id = solver.assert_formula(lemma);
                if (on_instance) on_instance(g, id, lemma);
                ++c.instances;
                fixed = true;
            }
        }
        if (!fixed) return c;
    }
}

}  // namespace craig::verifier
