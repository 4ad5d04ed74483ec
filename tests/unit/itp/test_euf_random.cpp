// Randomized EUF interpolation: small random literal sets over one uninterpreted sort (plus an
// Int-valued function and numerals) with A-local, B-local and shared symbols; each literal is
// over A ∪ shared or B ∪ shared. The sets an smt::Solver finds unsat, with each side alone
// sat (so that the conflict needs both), are interpolated with both systems, and each
// interpolant is checked with fresh solvers (A ⊨ I, I ∧ B unsat, shared symbols only) and
// Strong ⊨ Weak; the first problems are re-checked with z3.
#include <doctest/doctest.h>

#include <algorithm>

#include "euf_itp_check.hpp"
#include "euf_random_problem.hpp"

using namespace craig;
using namespace craig::itp;
using namespace craig::itp::test;

namespace {

// Generates problems from seeds 1, 2, ... until `wanted` qualify (or `attempts` seeds are
// used), checks them, and reports the counts.
void run_random(const std::string& label, Shape shape, int attempts_max, int wanted, int z3_wanted, int min_problems) {
    const int kAttempts = attempts_max, kWanted = wanted, kZ3 = z3_wanted;
    int problems = 0, checked = 0, failures = 0, z3_checked = 0, attempts = 0;
    size_t max_lits = 0;
    const bool z3 = craig::test::z3_found();
    if (z3_wanted > 0 && !z3) MESSAGE(craig::test::kZ3Skipped);
    for (uint32_t seed = 1; seed <= static_cast<uint32_t>(kAttempts) && problems < kWanted; ++seed) {
        ++attempts;
        std::mt19937 rng(seed);
        EufRandomProblem p(rng, shape);
        if (!p.both_sides()) continue;
        std::vector<Term> all;
        for (const SidedLiteral& l : p.lits) all.push_back(literal_formula(p.tm, l));
        if (!unsat(p.tm, all)) continue;
        // Keep only conflicts that need both sides (then no interpolant is true or false).
        if (unsat(p.tm, side_formulas(p.tm, p.lits, Side::A)) || unsat(p.tm, side_formulas(p.tm, p.lits, Side::B)))
            continue;
        ++problems;
        max_lits = std::max(max_lits, p.lits.size());
        INFO("seed " << seed);
        Coloring col = coloring_of(p.tm, p.a_local, p.b_local);
        std::optional<Term> itp[2];
        for (EufSystem sys : {EufSystem::Strong, EufSystem::Weak}) {
            std::string why;
            std::optional<Term> i = interpolate(p.tm, p.lits, col, sys, &why);
            CHECK_MESSAGE(i, why);
            if (!i) {
                ++failures;
                continue;
            }
            std::string err = interpolant_error(p.tm, p.lits, col, *i);
            CHECK_MESSAGE(err == "", name(sys), ": ", err, " I = ", smt::term_to_string(p.tm, *i));
            if (err != "") ++failures;
            ++checked;
            itp[sys == EufSystem::Strong ? 0 : 1] = i;
        }
        if (itp[0] && itp[1]) {
            bool implies = unsat(p.tm, {*itp[0], p.tm.mk_not(*itp[1])});
            CHECK_MESSAGE(implies, "Strong does not imply Weak");
            if (!implies) ++failures;
        }
        if (z3 && z3_checked < kZ3 && itp[0] && itp[1]) {
            ++z3_checked;
            for (int k = 0; k < 2; ++k) {
                std::vector<Term> a = side_formulas(p.tm, p.lits, Side::A);
                std::vector<Term> b = side_formulas(p.tm, p.lits, Side::B);
                a.push_back(p.tm.mk_not(*itp[k]));
                b.push_back(*itp[k]);
                CHECK(z3_check(p.tm, a) == "unsat");
                CHECK(z3_check(p.tm, b) == "unsat");
            }
        }
    }
    MESSAGE("EUF random (", label, "): ", attempts, " attempts, ", problems, " unsat problems (up to ", max_lits,
            " literals), ", checked, " interpolants checked, ", failures, " failures, ", z3_checked,
            " problems re-checked with z3");
    CHECK(problems >= min_problems);
    CHECK(failures == 0);
}

}  // namespace

TEST_CASE("euf itp: random literal sets, both systems checked by solvers (and z3)") {
    run_random("small", Shape{}, 30000, 300, 20, 200);
}

TEST_CASE("euf itp: large random conflicts (hundreds of literals, deep terms)") {
    Shape large;
    large.consts = 12;
    large.min_lits = 40;
    large.max_lits = 160;
    large.depth = 4;
    large.eq = 88;
    large.diseq = 3;
    large.pred = 5;
    run_random("large", large, 3000, 40, 0, 20);
}
