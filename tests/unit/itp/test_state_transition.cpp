// State/transition interpolants (itp/state_transition.hpp): the comb shape, a worked example in
// the spirit of WHALE's refinement (a guard, two calls, a negated summary), the checker's four
// conditions and symbol rule, and random problems under every Bool and LRA system.
#include <doctest/doctest.h>

#include "itp/state_transition.hpp"
#include "itp_test_util.hpp"
#include "random_problems.hpp"
#include "term_fixture.hpp"

using namespace craig;
using namespace craig::itp;
using namespace craig::itp::test;
using smt::Term;

namespace {
using Fix = TermFixture;

StateTransitionInterpolants checked_stitp(Partitioned& p, const ItpOptions& o) {
    smt::SmtProof proof = p.solver.proof();
    const auto m = static_cast<uint32_t>(p.parts.size());
    InterpolationResult r = state_transition_interpolants(p.tm, proof, p.partition_of_assertion, m, o);
    INFO(r.unknown_reason);
    REQUIRE(r.ok());
    StateTransitionInterpolants st = split_state_transition(r.interpolants);
    REQUIRE(st.g.size() == m - 1);
    REQUIRE(st.s.size() == m - 2);
    const CheckReport c = check_state_transition_interpolants(p.tm, p.formulas(), st.g, st.s);
    INFO(c.why);
    CHECK(c.outcome == CheckOutcome::Valid);
    return st;
}
}  // namespace

TEST_CASE("state/transition comb: shape and nodes") {
    CHECK(state_transition_shape(2) == std::vector<uint32_t>{0, 0});
    CHECK(state_transition_shape(3) == std::vector<uint32_t>{0, 1, 0, 0});
    CHECK(state_transition_shape(5) == std::vector<uint32_t>{0, 1, 0, 3, 0, 5, 0, 0});
    for (uint32_t m = 2; m < 9; ++m) {
        const std::vector<uint32_t> start = state_transition_shape(m);
        const std::vector<uint32_t> parent = tree_parents(start);  // a post-order tree
        CHECK(state_transition_node(0, m) == 0);
        CHECK(state_transition_node(m - 1, m) == start.size() - 1);
        for (uint32_t k = 1; k + 1 < m; ++k) {
            const uint32_t leaf = state_transition_node(k, m);
            CHECK(start[leaf] == leaf);           // φ_k's node is a leaf (s_{k-1})
            CHECK(parent[leaf] == leaf + 1);      // under g_k
            CHECK(parent[leaf - 1] == leaf + 1);  // beside g_{k-1}
        }
    }
    CHECK_THROWS_AS(state_transition_shape(1), std::invalid_argument);
    CHECK_THROWS_AS(state_transition_node(3, 3), std::invalid_argument);
}

TEST_CASE_FIXTURE(Fix, "state/transition interpolants: a guard, two calls and a negated summary") {
    // φ0 the guard x0 >= 0, φ1 and φ2 two calls that add one each, φ3 the negated summary x2 <= 1.
    Term x0 = real("x0"), x1 = real("x1"), x2 = real("x2");
    Partitioned p(tm, {{tm.mk_leq(num(0), x0)},
                       {tm.mk_eq(x1, add(x0, num(1)))},
                       {tm.mk_eq(x2, add(x1, num(1)))},
                       {tm.mk_leq(x2, num(1))}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems)
        for (LraSystem ls : kLraSystems) {
            const StateTransitionInterpolants st = checked_stitp(p, opts(bs, ls));
            // Between the Farkas sums (x_i >= i) and the dual ones (x_i > i - 1), each over x_i alone.
            for (int i = 0; i < 3; ++i) {
                const Term x = i == 0 ? x0 : i == 1 ? x1 : x2;
                CHECK(implies(tm, tm.mk_leq(num(i), x), st.g[i]));
                CHECK(implies(tm, st.g[i], tm.mk_lt(num(i - 1), x)));
            }
            // s_i over-approximates call i+1 and keeps the rest unsat.
            CHECK(implies(tm, tm.mk_eq(x1, add(x0, num(1))), st.s[0]));
            CHECK(implies(tm, tm.mk_eq(x2, add(x1, num(1))), st.s[1]));
        }
}

TEST_CASE_FIXTURE(Fix, "state/transition check: each condition and the symbol rule are enforced") {
    Term x0 = real("x0"), x1 = real("x1"), x2 = real("x2");
    const Term phis[4] = {tm.mk_leq(num(0), x0), tm.mk_eq(x1, add(x0, num(1))), tm.mk_eq(x2, add(x1, num(1))),
                          tm.mk_leq(x2, num(1))};
    std::vector<Term> g = {phis[0], tm.mk_leq(num(1), x1), tm.mk_leq(num(2), x2)};
    std::vector<Term> s = {phis[1], phis[2]};
    CHECK(check_state_transition_interpolants(tm, phis, g, s).outcome == CheckOutcome::Valid);
    auto fails = [&](std::vector<Term> gg, std::vector<Term> ss, const std::string& what) {
        const CheckReport c = check_state_transition_interpolants(tm, phis, gg, ss);
        INFO(c.why);
        CHECK(c.outcome == CheckOutcome::Invalid);
        CHECK(c.why.find(what) != std::string::npos);
    };
    fails({tm.mk_leq(num(1), x0), g[1], g[2]}, s, "condition 1");
    fails(g, {phis[1], tm.mk_leq(num(5), x2)}, "condition 2");
    fails(g, {tm.mk_true(), phis[2]}, "condition 3");
    fails({g[0], tm.mk_true(), g[2]}, s, "condition 3 (g_1 ∧ s_1 ⊨ g_2)");
    fails({g[0], g[1], tm.mk_leq(num(1), x2)}, s, "condition 4");  // implied by g_1 ∧ s_1, too weak
    fails({g[0], tm.mk_and(g[1], tm.mk_or(tm.mk_leq(num(0), x0), tm.mk_leq(x0, num(0)))), g[2]}, s, "mentions x0");
    fails(g, {phis[1]}, "expected 3 state and 2 transition");
}

TEST_CASE_FIXTURE(Fix, "state/transition interpolants in QF_UF: three applications of f") {
    // φ0 x1 = f(x0) ∧ x0 = c, φ1 x2 = f(x1), φ2 x3 = f(x2), φ3 x3 ≠ f(f(f(c))).
    const smt::FuncId f = tm.declare_fun("f", {U}, U);
    Term c = constant("c", U), x0 = constant("x0", U), x1 = constant("x1", U), x2 = constant("x2", U),
         x3 = constant("x3", U);
    Partitioned p(tm, {{tm.mk_eq(x1, app(f, x0)), tm.mk_eq(x0, c)},
                       {tm.mk_eq(x2, app(f, x1))},
                       {tm.mk_eq(x3, app(f, x2))},
                       {tm.mk_not(tm.mk_eq(x3, app(f, app(f, app(f, c)))))}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems)
        for (EufSystem smt_euf : {EufSystem::Strong, EufSystem::Weak}) {
            // Conditions and symbols checked (g_0 may not name x0, s_0 not x0 or x3, ...).
            const StateTransitionInterpolants st = checked_stitp(p, opts(bs, LraSystem::Farkas, smt_euf));
            CHECK(st.g.size() == 3);
        }
}

TEST_CASE("state/transition interpolants of random problems under every system") {
    uint32_t solved = 0;
    for (RandomLogic logic : {RandomLogic::Propositional, RandomLogic::Lra})
        for (uint32_t m = 2; m <= 6; ++m)
            for (uint32_t seed = 1; seed <= 12; ++seed) {
                smt::TermManager tm;
                auto parts = RandomProblem::make(tm, logic, m, 1000 * m + seed);
                if (!parts) continue;
                Partitioned p(tm, *parts);
                REQUIRE(p.solver.check() == smt::Result::Unsat);
                if (!p.conjunctions_keep_symbols()) continue;
                ++solved;
                for (BoolSystem bs : kBoolSystems)
                    for (LraSystem ls : {LraSystem::Farkas, LraSystem::DualFarkas, LraSystem::Flexible,
                                         LraSystem::DecomposedFarkas, LraSystem::DualDecomposedFarkas}) {
                        if (logic == RandomLogic::Propositional && ls != LraSystem::Farkas) continue;
                        INFO("m " << m << " seed " << seed << " " << std::string(name(bs)) << "/"
                                  << std::string(name(ls)));
                        ItpOptions o;
                        o.boolean = bs;
                        o.lra = ls;
                        checked_stitp(p, o);
                    }
            }
    CHECK(solved >= 80);  // of 120 problems: most generated ones are unsat within the formula cap
}
