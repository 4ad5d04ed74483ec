// tpa's safety checks (see tpa.hpp): Houdini over the conjuncts of the relations that contain the
// identity (basic's R_i, split's L_i), closed on the right (restricted to Init) or on the left
// (restricted to Bad), and the state invariant of a safe transition invariant, projected exactly
// per location.
#include <chrono>

#include "base/stopwatch.hpp"
#include "verifier/engines/tpa/projection.hpp"
#include "verifier/engines/tpa/tpa.hpp"

namespace craig::verifier::tpa {

using smt::Term;

namespace {
struct Tally {
    double& s;
    std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();
    ~Tally() { s += base::seconds_since(t0); }
};

void flatten(const smt::TermManager& tm, Term t, std::vector<Term>& out) {
    if (tm.kind(t) == smt::Kind::And) {
        for (Term c : tm.children(t)) flatten(tm, c, out);
    } else if (t != tm.mk_true()) {
        out.push_back(t);
    }
}
}  // namespace

// right: Init(x) ∧ H(x, x') ∧ T(x', x'') ⊨ c(x, x''); left: T(x, x') ∧ H(x', x'') ∧ Bad(x'') ⊨ c(x, x'')
// for every c of H. A model that refutes one candidate drops every candidate it falsifies.
std::vector<Term> TpaEngine::closed_subset(std::vector<Term> pool, bool right) {
    smt::Solver s(tm_, solver_options(false));
    if (right) {
        s.assert_formula(ts_.init(0));
        s.assert_formula(ts_.step(ts_.state(1), ts_.state(2)).formula);
    } else {
        s.assert_formula(ts_.step(ts_.state(0), ts_.state(1)).formula);
        s.assert_formula(ts_.bad(2));
    }
    std::vector<Term> use(pool.size()), refute(pool.size()), goal(pool.size());
    for (std::size_t k = 0; k < pool.size(); ++k) {
        use[k] = tm_.mk_const(tm_.fresh_fun(".tpa.use", {}, smt::SortTable::Bool));
        refute[k] = tm_.mk_const(tm_.fresh_fun(".tpa.refute", {}, smt::SortTable::Bool));
        goal[k] = ts_.shift(pool[k], 0, 2);
        s.assert_formula(tm_.mk_implies(use[k], right ? pool[k] : ts_.shift(pool[k], 1, 2)));
        s.assert_formula(tm_.mk_implies(refute[k], tm_.mk_not(goal[k])));
    }
    std::vector<bool> alive(pool.size(), true);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t k = 0; k < pool.size(); ++k) {
            if (!alive[k]) continue;
            check_budget("level " + std::to_string(power_) + " (fixed points)");
            ++stats_.fixed_point_checks;
            std::vector<Term> as{refute[k]};
            for (std::size_t j = 0; j < pool.size(); ++j)
                if (alive[j]) as.push_back(use[j]);
            const smt::Result r = s.check(as);
            if (r == smt::Result::Unknown) return {};
            if (r == smt::Result::Unsat) continue;
            const smt::Model& m = s.model();
            for (std::size_t j = 0; j < pool.size(); ++j)
                if (alive[j] && !m.evaluate(goal[j]).b) alive[j] = false;
            alive[k] = false;
            changed = true;
        }
    }
    std::vector<Term> h;
    for (std::size_t k = 0; k < pool.size(); ++k)
        if (alive[k]) h.push_back(pool[k]);
    return h;
}

std::optional<bool> TpaEngine::safe(Term r01) {
    smt::Solver s(tm_, solver_options(false));
    s.assert_formula(ts_.init(0));
    s.assert_formula(r01);
    s.assert_formula(ts_.bad(1));
    const smt::Result r = s.check();
    if (r == smt::Result::Unknown) return std::nullopt;
    return r == smt::Result::Unsat;
}

bool TpaEngine::fixed_point(Rel rel, unsigned top) {
    Tally tally{stats_.fixed_point_seconds};
    std::vector<Term> fresh;
    if (offered_.size() <= top) offered_.resize(top + 1, 0);
    for (unsigned i = 1; i <= top; ++i) {
        const std::vector<Term>& c = conjuncts(rel, i);
        if (c.size() == offered_[i]) continue;
        offered_[i] = c.size();
        for (Term t : c) flatten(tm_, t, fresh);
    }
    if (fresh.empty()) return false;
    for (const bool right : {true, false}) {
        std::vector<Term> pool = closed_[right];
        TermSet seen(pool.begin(), pool.end());
        for (Term t : fresh)
            if (seen.insert(t).second) pool.push_back(t);
        closed_[right] = closed_subset(std::move(pool), right);
        if (closed_[right].empty()) continue;
        const Term h = tm_.mk_and(closed_[right]);
        const std::optional<bool> ok = safe(h);
        const std::string what = std::string(right ? "right" : "left") + " fixed point of " +
                                 std::to_string(closed_[right].size()) + " conjuncts of " +
                                 (rel == Rel::Reach ? "R" : "L") + "_1..R_" + std::to_string(top);
        if (ok && *ok && certify_transition_invariant(h, right, what)) return true;
    }
    return false;
}

// relation01 is a safe transition invariant (closed on the side `right` says, Init ∧ it ∧ Bad
// unsat): its state invariant per location as the certificate.
bool TpaEngine::certify_transition_invariant(Term r01, bool right, const std::string& what) {
    Tally tally{stats_.invariant_seconds};
    const unsigned keep_state = right ? 1 : 0;
    const TermSet keep(ts_.state(keep_state).vars.begin(), ts_.state(keep_state).vars.end());
    std::vector<Term> inv(blocks_.locs.size(), tm_.mk_true());
    for (LocId l = 0; l < blocks_.locs.size(); ++l) {
        if (l == blocks_.entry) continue;
        check_budget("level " + std::to_string(power_) + " (invariant)");
        const Term parts[3] = {right ? ts_.init(0) : ts_.bad(1), r01,
                               ts_.at(ts_.state(keep_state), l)};
        const ExactProjection p =
            project_exactly(tm_, tm_.mk_and(parts), keep, solver_options(false), o_.projection_cubes);
        stats_.projection_cubes += p.cubes;
        if (!p.formula) {
            // Kept in case nothing else decides: the run's UNKNOWN says why there is no certificate.
            no_certificate_ = "a safe transition invariant (" + what + ") without a certificate: " + p.why;
            return false;
        }
        inv[l] = ts_.location_formula(right ? *p.formula : tm_.mk_not(*p.formula), keep_state, l);
    }
    verdict_.kind = VerdictKind::True;
    verdict_.certificate.invariants = std::move(inv);
    verdict_.reason = what + " (level " + std::to_string(power_) + ")";
    return true;
}

}  // namespace craig::verifier::tpa
