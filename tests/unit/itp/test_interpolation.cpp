// Hand-made interpolation problems: propositional, QF_LRA, QF_UF, sequences, trees, scopes.
#include <doctest/doctest.h>

#include "itp_test_util.hpp"
#include "term_fixture.hpp"

using namespace craig;
using namespace craig::itp;
using namespace craig::itp::test;
using smt::FuncId;
using smt::SortTable;
using smt::Term;

namespace {
using Fix = TermFixture;
}  // namespace

TEST_CASE_FIXTURE(Fix, "binary propositional: every system gives s, the only shared atom") {
    Term a1 = boolc("a1"), s = boolc("s"), b1 = boolc("b1");
    Partitioned p(tm, {{or2(a1, s), no(a1)}, {or2(no(s), b1), no(b1)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem b : kBoolSystems) {
        auto itps = checked_sequence(p, opts(b));
        CHECK(equivalent(tm, itps[0], s));
    }
}

TEST_CASE_FIXTURE(Fix, "binary propositional: McMillan ⊨ Pudlák ⊨ McMillan′") {
    // A ⊨ s1 ∨ s2 through a; B ⊨ ¬s1 ∧ ¬s2 through b.
    Term s1 = boolc("s1"), s2 = boolc("s2"), a = boolc("a"), b = boolc("b");
    Partitioned p(tm, {{or2(s1, a), or2(s2, no(a))}, {no(s1), or2(no(s2), b), no(b)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    Term ms = checked_sequence(p, opts(BoolSystem::McMillan))[0];
    Term pu = checked_sequence(p, opts(BoolSystem::Pudlak))[0];
    Term mw = checked_sequence(p, opts(BoolSystem::McMillanPrime))[0];
    CHECK(implies(tm, ms, pu));
    CHECK(implies(tm, pu, mw));
}

TEST_CASE_FIXTURE(Fix, "QF_LRA: a conflict split by the cut gets a Farkas (dual Farkas) interpolant") {
    Term x = real("x"), y = real("y"), a = real("a"), b = real("b");
    // A: x <= a <= y, B: y + 1 <= b <= x. Interpolant x <= y (or its dual y + 1 > x, the same).
    Partitioned p(tm, {{tm.mk_leq(x, a), tm.mk_leq(a, y)}, {tm.mk_leq(add(y, num(1)), b), tm.mk_leq(b, x)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems)
        for (LraSystem ls : kLraSystems) {
            InterpolationStats st;
            Term i = checked_sequence(p, opts(bs, ls), &st)[0];
            CHECK(st.theory_leaves >= 1);
            CHECK(implies(tm, tm.mk_leq(x, y), i));
            CHECK(implies(tm, i, tm.mk_lt(x, add(y, num(1)))));
        }
}

TEST_CASE_FIXTURE(Fix, "QF_LRA with Boolean structure: disjunctions on both sides") {
    Term x = real("x"), y = real("y"), a = real("a"), q = boolc("q");
    Partitioned p(tm, {{or2(tm.mk_leq(x, a), q), or2(no(q), tm.mk_leq(x, num(-3))), tm.mk_leq(a, num(0))},
                       {or2(tm.mk_lt(num(0), x), tm.mk_lt(y, num(0))), tm.mk_leq(num(1), y)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems)
        for (LraSystem ls : kLraSystems) {
            Term i = checked_sequence(p, opts(bs, ls))[0];
            CHECK(implies(tm, i, tm.mk_leq(x, num(0))));  // any interpolant excludes x > 0
        }
}

TEST_CASE_FIXTURE(Fix, "QF_UF: a one-sided congruence conflict") {
    FuncId f = tm.declare_fun("f", {U}, U);
    Term a = uc("a"), b = uc("b"), s = boolc("s"), t = boolc("t");
    auto fu = [&](Term x) { return tm.mk_app(f, std::vector<Term>{x}); };
    // A: a = b ∧ (f(a) != f(b) ∨ s): the EUF conflict is all A-local, so I ≡ s.
    Partitioned p(tm, {{tm.mk_eq(a, b), or2(no(tm.mk_eq(fu(a), fu(b))), s)}, {or2(no(s), t), no(t)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems) {
        Term i = checked_sequence(p, opts(bs))[0];
        CHECK(equivalent(tm, i, s));
    }
}

TEST_CASE_FIXTURE(Fix, "QF_UF: an EUF conflict split by the cut is interpolated or reported, never guessed") {
    FuncId f = tm.declare_fun("f", {U}, U);
    Term a = uc("a"), s1 = uc("s1"), s2 = uc("s2");
    auto fu = [&](Term x) { return tm.mk_app(f, std::vector<Term>{x}); };
    Partitioned p(tm, {{tm.mk_eq(s1, a), tm.mk_eq(a, s2)}, {no(tm.mk_eq(fu(s1), fu(s2)))}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems) {
        smt::SmtProof proof = p.solver.proof();
        InterpolationResult r = binary_interpolant(tm, proof, p.partition_of_assertion, opts(bs));
        if (r.ok()) {
            REQUIRE(r.interpolants.size() == 1);
            auto f2 = p.formulas();
            const uint32_t start[2] = {0, 0};
            CHECK(check_tree_interpolants(tm, f2, start, r.interpolants).outcome == CheckOutcome::Valid);
        } else {
            CHECK(r.interpolants.empty());
            CHECK(r.unknown_reason.find("EUF") != std::string::npos);
        }
    }
}

TEST_CASE_FIXTURE(Fix, "sequence of four propositional partitions") {
    Term p0 = boolc("p0"), p1 = boolc("p1"), p2 = boolc("p2"), l1 = boolc("l1"), l2 = boolc("l2");
    Partitioned p(tm, {{p0}, {or2(no(p0), l1), or2(no(l1), p1)}, {or2(no(p1), l2), or2(no(l2), p2)}, {no(p2)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems) {
        auto itps = checked_sequence(p, opts(bs));
        CHECK(equivalent(tm, itps[0], p0));
        CHECK(equivalent(tm, itps[1], p1));
        CHECK(equivalent(tm, itps[2], p2));
    }
}

TEST_CASE_FIXTURE(Fix, "sequence of three QF_LRA partitions: local conditions verified") {
    Term x0 = real("x0"), x1 = real("x1"), x2 = real("x2");
    Partitioned p(tm, {{tm.mk_leq(num(0), x0), tm.mk_leq(add(x0, num(1)), x1)},
                       {tm.mk_leq(add(x1, num(1)), x2)},
                       {tm.mk_leq(x2, num(1))}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems)
        for (LraSystem ls : kLraSystems) {
            InterpolationStats st;
            auto itps = checked_sequence(p, opts(bs, ls), &st);
            CHECK(st.local_checks == 2);  // one per non-root node (a sequence needs no second query)
            // Between the Farkas sums (x1 >= 1, x2 >= 2) and the dual ones (x1 > 0, x2 > 1).
            CHECK(implies(tm, tm.mk_leq(num(1), x1), itps[0]));
            CHECK(implies(tm, itps[0], tm.mk_lt(num(0), x1)));
            CHECK(implies(tm, tm.mk_leq(num(2), x2), itps[1]));
            CHECK(implies(tm, itps[1], tm.mk_lt(num(1), x2)));
        }
}

TEST_CASE_FIXTURE(Fix, "tree with two children: QF_LRA and propositional") {
    const uint32_t start[3] = {0, 1, 0};
    SUBCASE("QF_LRA") {
        Term x = real("x"), y = real("y"), a = real("a"), b = real("b");
        Partitioned p(tm, {{tm.mk_leq(x, a), tm.mk_leq(a, num(0))},
                           {tm.mk_leq(y, b), tm.mk_leq(b, num(0))},
                           {tm.mk_lt(num(0), add(x, y))}});
        REQUIRE(p.solver.check() == smt::Result::Unsat);
        for (BoolSystem bs : kBoolSystems)
            for (LraSystem ls : kLraSystems) {
                auto itps = checked_tree(p, start, opts(bs, ls));
                CHECK(equivalent(tm, itps[0], tm.mk_leq(x, num(0))));
                CHECK(equivalent(tm, itps[1], tm.mk_leq(y, num(0))));
            }
    }
    SUBCASE("propositional") {
        Term u = boolc("u"), v = boolc("v"), l = boolc("l"), m = boolc("m");
        Partitioned p(tm, {{l, or2(no(l), u)}, {m, or2(no(m), v)}, {or2(no(u), no(v))}});
        REQUIRE(p.solver.check() == smt::Result::Unsat);
        for (BoolSystem bs : kBoolSystems) {
            auto itps = checked_tree(p, start, opts(bs));
            CHECK(equivalent(tm, itps[0], u));
            CHECK(equivalent(tm, itps[1], v));
        }
    }
}

TEST_CASE_FIXTURE(Fix, "push/pop before the check and tracked (named) assertions") {
    Term x = real("x"), y = real("y"), a = real("a"), q = boolc("q");
    for (bool tracked : {false, true}) {
        CAPTURE(tracked);
        smt::Solver s(tm, proof_options());
        std::vector<uint32_t> part;
        auto put = [&](Term f, uint32_t partition) {
            smt::AssertionId id = s.assert_formula(f, tracked);
            if (part.size() <= id) part.resize(id + 1, kNoPartition);
            part[id] = partition;
        };
        s.push();
        put(tm.mk_lt(x, num(0)), 0);
        put(q, 1);
        REQUIRE(s.check() == smt::Result::Sat);
        s.pop();
        put(tm.mk_leq(x, a), 0);
        put(tm.mk_leq(a, num(-1)), 0);
        s.push();
        put(tm.mk_leq(y, x), 1);
        put(tm.mk_leq(num(0), y), 1);
        REQUIRE(s.check() == smt::Result::Unsat);
        smt::SmtProof proof = s.proof();
        for (BoolSystem bs : kBoolSystems) {
            InterpolationResult r = binary_interpolant(tm, proof, part, opts(bs));
            INFO(r.unknown_reason);
            REQUIRE(r.ok());
            Term f[2] = {tm.mk_and(tm.mk_leq(x, a), tm.mk_leq(a, num(-1))),
                         tm.mk_and(tm.mk_leq(y, x), tm.mk_leq(num(0), y))};
            const uint32_t start[2] = {0, 0};
            CHECK(check_tree_interpolants(tm, f, start, r.interpolants).outcome == CheckOutcome::Valid);
        }
    }
}

TEST_CASE_FIXTURE(Fix, "check-sat-assuming literals in the proof are reported, not interpolated") {
    Term s = boolc("s"), a = boolc("a");
    smt::Solver sv(tm, proof_options());
    sv.assert_formula(or2(a, s));
    sv.assert_formula(no(a));
    Term assume[1] = {no(s)};
    REQUIRE(sv.check(assume) == smt::Result::Unsat);
    smt::SmtProof proof = sv.proof();
    std::vector<uint32_t> part = {0, 0};
    InterpolationResult r = binary_interpolant(tm, proof, part, opts(BoolSystem::McMillan));
    CHECK(!r.ok());
    CHECK(r.interpolants.empty());
    CHECK(r.unknown_reason.find("check-sat-assuming") != std::string::npos);
}

TEST_CASE_FIXTURE(Fix, "one side alone is unsat: false or true") {
    Term a = boolc("a"), b = boolc("b");
    {
        Partitioned p(tm, {{a, no(a)}, {b}});
        REQUIRE(p.solver.check() == smt::Result::Unsat);
        for (BoolSystem bs : kBoolSystems) CHECK(equivalent(tm, checked_sequence(p, opts(bs))[0], tm.mk_false()));
    }
    {
        Partitioned p(tm, {{a}, {b, no(b)}});
        REQUIRE(p.solver.check() == smt::Result::Unsat);
        for (BoolSystem bs : kBoolSystems) CHECK(equivalent(tm, checked_sequence(p, opts(bs))[0], tm.mk_true()));
    }
}

TEST_CASE("tree_parents: post-order shapes and rejected ones") {
    const uint32_t seq[4] = {0, 0, 0, 0};
    CHECK(tree_parents(seq) == std::vector<uint32_t>{1, 2, 3, kNoPartition});
    const uint32_t two[3] = {0, 1, 0};
    CHECK(tree_parents(two) == std::vector<uint32_t>{2, 2, kNoPartition});
    const uint32_t deep[5] = {0, 1, 1, 0, 0};  // 0 and 2 children of 3, 1 child of 2; 3 under 4
    CHECK(tree_parents(deep) == std::vector<uint32_t>{3, 2, 3, 4, kNoPartition});
    const uint32_t bad_root[2] = {0, 1};
    CHECK_THROWS_AS(tree_parents(bad_root), std::invalid_argument);
    const uint32_t crossing[4] = {0, 0, 1, 0};  // subtree of 2 starts inside 1's subtree
    CHECK_THROWS_AS(tree_parents(crossing), std::invalid_argument);
    const uint32_t ahead[2] = {1, 0};
    CHECK_THROWS_AS(tree_parents(ahead), std::invalid_argument);
}

TEST_CASE_FIXTURE(Fix, "QF_LRA disequality: split lemma and its definitions are valid leaves") {
    Term x = real("x"), y = real("y"), a = real("a");
    Partitioned p(tm, {{tm.mk_leq(x, a), tm.mk_leq(a, y), no(tm.mk_eq(x, y))}, {tm.mk_leq(y, x)}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems)
        for (LraSystem ls : kLraSystems) {
            Term i = checked_sequence(p, opts(bs, ls))[0];
            CHECK(implies(tm, i, tm.mk_lt(x, y)));  // B is y <= x: every interpolant excludes it
        }
}

TEST_CASE_FIXTURE(Fix, "QF_UF: AB-mixed atoms and split EUF conflicts are reported, never guessed") {
    FuncId pf = tm.declare_fun("p", {U}, SortTable::Bool);
    Term a = uc("a"), s = uc("s"), b = uc("b");
    auto pu = [&](Term x) { return tm.mk_app(pf, std::vector<Term>{x}); };
    Partitioned p(tm, {{tm.mk_eq(a, s), pu(a)}, {tm.mk_eq(s, b), no(pu(b))}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    for (BoolSystem bs : kBoolSystems) {
        smt::SmtProof proof = p.solver.proof();
        InterpolationResult r = binary_interpolant(tm, proof, p.partition_of_assertion, opts(bs));
        if (r.ok()) {
            auto f = p.formulas();
            const uint32_t start[2] = {0, 0};
            CHECK(check_tree_interpolants(tm, f, start, r.interpolants).outcome == CheckOutcome::Valid);
        } else {
            MESSAGE(std::string(name(bs)) << ": " << r.unknown_reason);
            CHECK(r.interpolants.empty());
            CHECK((r.unknown_reason.find("AB-mixed") != std::string::npos ||
                   r.unknown_reason.find("EUF") != std::string::npos));
        }
    }
}

TEST_CASE_FIXTURE(Fix, "QF_LIA: integer reasoning across the cut is interpolated or reported") {
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    Term a = tm.mk_const(tm.declare_fun("a", {}, SortTable::Int));
    Term b = tm.mk_const(tm.declare_fun("b", {}, SortTable::Int));
    auto two = [&](Term t) { return tm.mk_scale(2, t); };
    // x even in A, odd in B: unsat over the integers only.
    Partitioned p(tm, {{tm.mk_eq(x, two(a))},
                       {tm.mk_eq(x, tm.mk_add(std::vector<Term>{two(b), tm.mk_numeral(1, SortTable::Int)}))}});
    smt::Result res = p.solver.check();
    if (res != smt::Result::Unsat) return;  // the integer layer may give up: nothing to interpolate
    for (BoolSystem bs : kBoolSystems) {
        smt::SmtProof proof = p.solver.proof();
        InterpolationResult r = binary_interpolant(tm, proof, p.partition_of_assertion, opts(bs));
        if (r.ok()) {
            auto f = p.formulas();
            const uint32_t start[2] = {0, 0};
            CheckReport c = check_tree_interpolants(tm, f, start, r.interpolants);
            INFO(c.why);
            CHECK(c.outcome != CheckOutcome::Invalid);
        } else {
            MESSAGE(std::string(name(bs)) << ": " << r.unknown_reason);
            CHECK(r.interpolants.empty());
            CHECK(!r.unknown_reason.empty());
        }
    }
}

TEST_CASE_FIXTURE(Fix,
                  "cut_interpolants: each wanted cut is a binary interpolant of its subtree, the rest are left out") {
    // 0 and 1 children of 2, 2 and 3 children of 4 (the root).
    const uint32_t start[5] = {0, 1, 0, 3, 0};
    Term x = real("x"), y = real("y"), z = real("z"), a = real("a"), b = real("b"), c = real("c");
    Partitioned p(tm, {{tm.mk_leq(x, a), tm.mk_leq(a, num(0))},
                       {tm.mk_leq(y, b), tm.mk_leq(b, num(0))},
                       {tm.mk_eq(c, add(x, y))},
                       {tm.mk_leq(z, num(1))},
                       {tm.mk_lt(num(1), add(c, z))}});
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    const smt::SmtProof proof = p.solver.proof();
    const std::vector<Term> f = p.formulas();
    for (BoolSystem bs : kBoolSystems)
        for (LraSystem ls : kLraSystems) {
            const uint8_t wanted[5] = {1, 0, 1, 1, 0};
            const InterpolationResult r =
                cut_interpolants(tm, proof, p.partition_of_assertion, start, opts(bs, ls), wanted);
            REQUIRE(r.ok());
            REQUIRE(r.interpolants.size() == 4);
            CHECK(!r.interpolants[1].valid());
            // A = the subtree, B = the rest: a binary interpolant (checked as a two-node tree).
            for (uint32_t i : {0u, 2u, 3u}) {
                std::vector<Term> in_a, in_b;
                for (uint32_t k = 0; k < 5; ++k) (start[i] <= k && k <= i ? in_a : in_b).push_back(f[k]);
                const Term two[2] = {tm.mk_and(in_a), tm.mk_and(in_b)};
                const uint32_t shape[2] = {0, 0};
                const Term itp[1] = {r.interpolants[i]};
                CHECK(check_tree_interpolants(tm, two, shape, itp).outcome == CheckOutcome::Valid);
            }
        }
}
