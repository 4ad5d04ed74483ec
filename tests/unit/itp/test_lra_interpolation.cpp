// lra_interpolant: Farkas, dual Farkas, flexible and (dual) decomposed Farkas interpolants of
// hand-made conflicts (paper examples, strictness corner cases, equations, Int tightening).
// The randomized checks are in test_lra_random.cpp.
#include <doctest/doctest.h>

#include "itp/theory_interpolants.hpp"
#include "lra_test_util.hpp"

using namespace craig;
using namespace craig::itp;
using craig::itp::test::all_systems;
using craig::itp::test::LraFixture;
using craig::itp::test::Problem;

TEST_CASE_FIXTURE(LraFixture, "LRA interpolants: the TACAS 2019 example decomposes into two parts") {
    // A: x >= 0, y >= 0, x' = x + y, y' = y + 1  (x, y A-local);  B: x' + y' <= 0.
    Term xp = real("xp"), yp = real("yp");
    std::vector<Term> A = {tm.mk_geq(x, num(0)), tm.mk_geq(y, num(0)), tm.mk_eq(xp, tm.mk_add(std::vector<Term>{x, y})),
                           tm.mk_eq(yp, tm.mk_add(std::vector<Term>{y, num(1)}))};
    std::vector<Term> B = {tm.mk_leq(tm.mk_add(std::vector<Term>{xp, yp}), num(0))};
    Problem p = certify(A, B, {1, 2, 1, 1, 1});
    Term farkas = itp(p, LraSystem::Farkas);
    Term dec = itp(p, LraSystem::DecomposedFarkas);
    CHECK(equivalent(farkas, tm.mk_geq(tm.mk_add(std::vector<Term>{xp, yp}), num(1))));
    CHECK(equivalent(dec, tm.mk_and(tm.mk_geq(xp, num(0)), tm.mk_geq(yp, num(1)))));
    CHECK(tm.kind(dec) == smt::Kind::And);
    CHECK(equivalent(itp(p, LraSystem::DualFarkas), tm.mk_gt(tm.mk_add(std::vector<Term>{xp, yp}), num(0))));
    // B has no local variable: its single inequality cannot decompose.
    CHECK(itp(p, LraSystem::DualDecomposedFarkas) == itp(p, LraSystem::DualFarkas));
    CHECK(equivalent(itp(p, LraSystem::Flexible, mpq_class(1, 2)),
                     tm.mk_geq(tm.mk_add(std::vector<Term>{xp, yp}), num(1, 2))));
    check_all_systems(p);

    SUBCASE("mirrored: the same literals on side B give a dual decomposition") {
        Problem q = certify(B, A, {1, 1, 2, 1, 1});
        Term dd = itp(q, LraSystem::DualDecomposedFarkas);
        CHECK(equivalent(dd, tm.mk_or(tm.mk_lt(xp, num(0)), tm.mk_lt(yp, num(1)))));
        CHECK(itp(q, LraSystem::DecomposedFarkas) == itp(q, LraSystem::Farkas));
        check_all_systems(q);
    }
}

TEST_CASE_FIXTURE(LraFixture, "LRA interpolants: decomposed parts keep their own strictness") {
    // As the TACAS example with x > 0: the parts are x' > 0 (strict) and y' >= 1 (not strict;
    // y' > 1 would not follow from A).
    Term xp = real("xp"), yp = real("yp");
    std::vector<Term> A = {tm.mk_gt(x, num(0)), tm.mk_geq(y, num(0)), tm.mk_eq(xp, tm.mk_add(std::vector<Term>{x, y})),
                           tm.mk_eq(yp, tm.mk_add(std::vector<Term>{y, num(1)}))};
    std::vector<Term> B = {tm.mk_leq(tm.mk_add(std::vector<Term>{xp, yp}), num(1))};
    Problem p = certify(A, B, {1, 2, 1, 1, 1});
    CHECK(equivalent(itp(p, LraSystem::DecomposedFarkas), tm.mk_and(tm.mk_gt(xp, num(0)), tm.mk_geq(yp, num(1)))));
    check_all_systems(p);
}

TEST_CASE_FIXTURE(LraFixture, "LRA interpolants: the TACAS example over Int") {
    Term xi = integer("xi"), yi = integer("yi"), xp = integer("xpi"), yp = integer("ypi");
    std::vector<Term> A = {tm.mk_geq(xi, inum(0)), tm.mk_geq(yi, inum(0)),
                           tm.mk_eq(xp, tm.mk_add(std::vector<Term>{xi, yi})),
                           tm.mk_eq(yp, tm.mk_add(std::vector<Term>{yi, inum(1)}))};
    std::vector<Term> B = {tm.mk_leq(tm.mk_add(std::vector<Term>{xp, yp}), inum(0))};
    Problem p = certify(A, B, {1, 2, 1, 1, 1});
    CHECK(equivalent(itp(p, LraSystem::DecomposedFarkas), tm.mk_and(tm.mk_geq(xp, inum(0)), tm.mk_geq(yp, inum(1)))));
    // Flexible at 1/2: x' + y' >= 1/2, over Int x' + y' >= 1 (the Farkas interpolant again).
    CHECK(itp(p, LraSystem::Flexible, mpq_class(1, 2)) == itp(p, LraSystem::Farkas));
    check_all_systems(p);
}

TEST_CASE_FIXTURE(LraFixture, "LRA interpolants: flexible between Farkas and dual Farkas") {
    // A: x <= 0, s <= x (so s <= 0);  B: s >= 2. The gap between the bounds is 2.
    std::vector<Term> A = {tm.mk_leq(x, num(0)), tm.mk_leq(s, x)};
    std::vector<Term> B = {tm.mk_geq(s, num(2))};
    Problem p = certify(A, B, {1, 1, 1});
    CHECK(equivalent(itp(p, LraSystem::Farkas), tm.mk_leq(s, num(0))));
    CHECK(equivalent(itp(p, LraSystem::DualFarkas), tm.mk_lt(s, num(2))));
    CHECK(itp(p, LraSystem::Flexible, 0) == itp(p, LraSystem::Farkas));
    CHECK(itp(p, LraSystem::Flexible, 1) == itp(p, LraSystem::DualFarkas));
    CHECK(equivalent(itp(p, LraSystem::Flexible, mpq_class(1, 2)), tm.mk_leq(s, num(1))));
    CHECK(equivalent(itp(p, LraSystem::Flexible, mpq_class(1, 3)), tm.mk_leq(s, num(2, 3))));
    check_all_systems(p);

    SUBCASE("a factor outside [0, 1] is refused") {
        ItpOptions o;
        o.lra = LraSystem::Flexible;
        o.lra_strength_factor = mpq_class(3, 2);
        std::string why;
        CHECK(!lra_interpolant(tm, p.entries, p.sides, *p.coloring, o, &why));
        CHECK(why.find("strength factor") != std::string::npos);
    }
}

TEST_CASE_FIXTURE(LraFixture, "LRA interpolants: no gap, strictness decides (strict A or strict B)") {
    SUBCASE("strict A, non-strict B: only s < 0 separates") {
        // A: x < 0, s <= x;  B: s >= 0. Farkas = dual = s < 0; a flexible s <= 0 would be wrong.
        Problem p = certify({tm.mk_lt(x, num(0)), tm.mk_leq(s, x)}, {tm.mk_geq(s, num(0))}, {1, 1, 1});
        for (mpq_class alpha : {mpq_class(0), mpq_class(1, 3), mpq_class(1, 2), mpq_class(1)})
            CHECK(equivalent(itp(p, LraSystem::Flexible, alpha), tm.mk_lt(s, num(0))));
        check_all_systems(p);
    }
    SUBCASE("non-strict A, strict B: s <= 0 from the middle on") {
        Problem p = certify({tm.mk_leq(x, num(0)), tm.mk_leq(s, x)}, {tm.mk_gt(s, num(0))}, {1, 1, 1});
        CHECK(equivalent(itp(p, LraSystem::Flexible, mpq_class(1, 2)), tm.mk_leq(s, num(0))));
        check_all_systems(p);
    }
    SUBCASE("both strict: Farkas s < 0, dual s <= 0") {
        Problem p = certify({tm.mk_lt(x, num(0)), tm.mk_leq(s, x)}, {tm.mk_gt(s, num(0))}, {1, 1, 1});
        CHECK(equivalent(itp(p, LraSystem::Farkas), tm.mk_lt(s, num(0))));
        CHECK(equivalent(itp(p, LraSystem::DualFarkas), tm.mk_leq(s, num(0))));
        CHECK(equivalent(itp(p, LraSystem::Flexible, mpq_class(1, 2)), tm.mk_leq(s, num(0))));
        check_all_systems(p);
    }
}

TEST_CASE_FIXTURE(LraFixture, "LRA interpolants: equations on either side") {
    // A: x = s + 1, x <= 0 (s <= -1);  B: t = s, t >= 0 (t B-local).
    std::vector<Term> A = {tm.mk_eq(x, tm.mk_add(std::vector<Term>{s, num(1)})), tm.mk_leq(x, num(0))};
    std::vector<Term> B = {tm.mk_eq(t, s), tm.mk_geq(t, num(0))};
    Problem p = certify(A, B, {1, 1, 1, 1});
    CHECK(equivalent(itp(p, LraSystem::Farkas), tm.mk_leq(s, num(-1))));
    CHECK(equivalent(itp(p, LraSystem::DualFarkas), tm.mk_lt(s, num(0))));
    check_all_systems(p);

    SUBCASE("an equation used up in one part and down in the other") {
        // A: x = s, x <= v, u <= x (x A-local);  B: v + s < 2u. The certificate weighs them 1, 1, 2,
        // 1 (the equation as x <= s): Farkas is 2u <= v + s, and the decomposition splits it into
        // s <= v (the equation as s <= x, weight -1) and u <= s (as x <= s, weight 2).
        Term u = real("u"), v = real("v");
        std::vector<Term> A2 = {tm.mk_eq(x, s), tm.mk_leq(x, v), tm.mk_leq(u, x)};
        std::vector<Term> B2 = {tm.mk_lt(tm.mk_add(std::vector<Term>{v, s}), tm.mk_scale(2, u))};
        Problem q = certify(A2, B2, {1, 1, 2, 1});
        CHECK(equivalent(itp(q, LraSystem::Farkas), tm.mk_leq(tm.mk_scale(2, u), tm.mk_add(std::vector<Term>{v, s}))));
        Term dec = itp(q, LraSystem::DecomposedFarkas);
        CHECK(equivalent(dec, tm.mk_and(tm.mk_leq(s, v), tm.mk_leq(u, s))));
        check_all_systems(q);
    }
}

TEST_CASE_FIXTURE(LraFixture, "LRA interpolants: Int literals with the tightening") {
    // si is declared before xi, so  si > xi  normalises to  not (si - xi <= 0), a false Int atom
    // that the certificate reads as  si - xi >= 1.  A: si > xi, xi >= 0;  B: si <= -2.
    Term si = integer("si"), xi = integer("xi");
    Term gt = tm.mk_gt(si, xi);
    REQUIRE(tm.kind(gt) == smt::Kind::Not);
    std::vector<Term> A = {gt, tm.mk_geq(xi, inum(0))};
    std::vector<Term> B = {tm.mk_leq(si, inum(-2))};
    Problem p = certify(A, B, {1, 1, 1});
    CHECK(equivalent(itp(p, LraSystem::Farkas), tm.mk_geq(si, inum(1))));
    CHECK(equivalent(itp(p, LraSystem::DualFarkas), tm.mk_geq(si, inum(-1))));
    // -si <= -1 + 3α: α = 1/2 gives -si <= 1/2, over Int si >= 0; α = 1/3 gives si >= 0 as well.
    for (mpq_class alpha : {mpq_class(1, 3), mpq_class(1, 2)}) {
        Term f = itp(p, LraSystem::Flexible, alpha);
        CHECK(equivalent(f, tm.mk_geq(si, inum(0))));
        Term atom = tm.kind(f) == smt::Kind::Not ? tm.child(f, 0) : f;
        REQUIRE(tm.kind(atom) == smt::Kind::Leq);
        CHECK(tm.sort(tm.child(atom, 0)) == smt::SortTable::Int);
    }
    CHECK(equivalent(itp(p, LraSystem::Flexible, mpq_class(9, 10)), tm.mk_geq(si, inum(-1))));
    check_all_systems(p);
}

TEST_CASE_FIXTURE(LraFixture, "LRA interpolants: all literals on one side") {
    std::vector<Term> lits = {tm.mk_leq(x, s), tm.mk_lt(s, x)};
    SUBCASE("all on A: false") {
        Problem p = certify(lits, {}, {1, 1});
        for (LraSystem sys : all_systems) CHECK(itp(p, sys) == tm.mk_false());
        CHECK(itp(p, LraSystem::Flexible, mpq_class(1, 3)) == tm.mk_false());
    }
    SUBCASE("all on B: true") {
        Problem p = certify({}, lits, {1, 1});
        for (LraSystem sys : all_systems) CHECK(itp(p, sys) == tm.mk_true());
        CHECK(itp(p, LraSystem::Flexible, mpq_class(1, 3)) == tm.mk_true());
    }
}

TEST_CASE_FIXTURE(LraFixture, "LRA interpolants: a literal on the wrong side is refused") {
    // B-local t on side A: the Farkas sum would mention t.
    Problem p = certify({tm.mk_leq(t, s)}, {tm.mk_lt(s, t)}, {1, 1});
    Coloring c = Coloring::of_sides(tm, std::vector<Term>{tm.mk_leq(s, num(0))}, std::vector<Term>{tm.mk_leq(t, s)});
    ItpOptions o;
    std::string why;
    std::vector<Side> sides = {Side::A, Side::B};
    CHECK(!lra_interpolant(tm, p.entries, sides, c, o, &why));
    CHECK(why.find("non-shared") != std::string::npos);
    o.lra = LraSystem::DecomposedFarkas;
    CHECK(!lra_interpolant(tm, p.entries, sides, c, o, &why));
    o.lra = LraSystem::Flexible;
    CHECK(!lra_interpolant(tm, p.entries, sides, c, o, &why));
}
