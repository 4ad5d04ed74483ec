// tpa's safety checks (see tpa.hpp): fixed points of the relations that contain the identity
// (basic's R_i, split's L_i), restricted to Init (right) or to Bad (left), and the state
// invariant of a safe transition invariant, projected exactly per location.
#include <chrono>

#include "base/stopwatch.hpp"
#include "verifier/engines/tpa/projection.hpp"
#include "verifier/engines/tpa/tpa.hpp"

namespace craig::verifier::tpa {

using smt::Term;

// right: Init(x) ∧ Rel_i(x, x') ∧ T(x', x'') ⊨ Rel_i(x, x'');
// left:  T(x, x') ∧ Rel_i(x', x'') ∧ Bad(x'') ⊨ Rel_i(x, x'').
std::optional<bool> TpaEngine::closed(Rel rel, unsigned level, bool right) {
    ++stats_.fixed_point_checks;
    smt::Solver s(tm_, solver_options(false));
    const Term goal = tm_.mk_not(relation(rel, level, 0, 2));
    if (right) {
        s.assert_formula(ts_.init(ts_.state(0)));
        s.assert_formula(relation(rel, level, 0, 1));
        s.assert_formula(ts_.step(ts_.state(1), ts_.state(2)).formula);
    } else {
        s.assert_formula(ts_.step(ts_.state(0), ts_.state(1)).formula);
        s.assert_formula(relation(rel, level, 1, 2));
        s.assert_formula(ts_.bad(ts_.state(2)));
    }
    s.assert_formula(goal);
    const smt::Result r = s.check();
    if (r == smt::Result::Unknown) return std::nullopt;
    return r == smt::Result::Unsat;
}

bool TpaEngine::fixed_point(Rel rel, unsigned top) {
    const auto t0 = std::chrono::steady_clock::now();
    struct Tally {
        double& s;
        std::chrono::steady_clock::time_point t0;
        ~Tally() { s += base::seconds_since(t0); }
    } tally{stats_.fixed_point_seconds, t0};
    for (unsigned i = 1; i <= top; ++i) {
        if (conjuncts(rel, i).empty()) continue;
        for (const bool right : {true, false}) {
            check_budget("level " + std::to_string(power_) + " (fixed points)");
            const std::optional<bool> c = closed(rel, i, right);
            if (c && *c && certify_transition_invariant(rel, i, right)) return true;
        }
    }
    return false;
}

// Rel_i is a safe transition invariant (closed on the side `right` says, Init ∧ Rel_i ∧ Bad unsat):
// its state invariant per location as the certificate.
bool TpaEngine::certify_transition_invariant(Rel rel, unsigned level, bool right) {
    const auto t0 = std::chrono::steady_clock::now();
    struct Tally {
        double& s;
        std::chrono::steady_clock::time_point t0;
        ~Tally() { s += base::seconds_since(t0); }
    } tally{stats_.invariant_seconds, t0};
    const unsigned keep_state = right ? 1 : 0;
    const TermSet keep(ts_.state(keep_state).vars.begin(), ts_.state(keep_state).vars.end());
    const Term r01 = relation(rel, level, 0, 1);
    std::vector<Term> inv(blocks_.locs.size(), tm_.mk_true());
    std::string failed;
    for (LocId l = 0; l < blocks_.locs.size(); ++l) {
        if (l == blocks_.entry) continue;
        check_budget("level " + std::to_string(power_) + " (invariant)");
        const Term parts[3] = {right ? ts_.init(ts_.state(0)) : ts_.bad(ts_.state(1)), r01,
                               ts_.at(ts_.state(keep_state), l)};
        const ExactProjection p = project_exactly(tm_, tm_.mk_and(parts), keep, solver_options(false), o_.projection_cubes);
        stats_.projection_cubes += p.cubes;
        if (!p.formula) {
            failed = p.why;
            break;
        }
        inv[l] = ts_.location_formula(right ? *p.formula : tm_.mk_not(*p.formula), keep_state, l);
    }
    if (!failed.empty()) {
        // Remembered in case nothing else decides: the run's UNKNOWN says why no certificate.
        no_certificate_ = "a safe transition invariant at level " + std::to_string(level) + " without a certificate: " + failed;
        return false;
    }
    verdict_.kind = VerdictKind::True;
    verdict_.certificate.invariants = std::move(inv);
    verdict_.reason = std::string(right ? "right" : "left") + " fixed point of " +
                      (rel == Rel::Reach ? "R" : "L") + std::to_string(level) + " (level " +
                      std::to_string(power_) + ")";
    return true;
}

}  // namespace craig::verifier::tpa
