#include <doctest/doctest.h>

#include "smt/proof_check.hpp"
#include "smt/proof_reduction.hpp"
#include "smt/solver.hpp"

using namespace craig::smt;

namespace {
struct Fix {
    TermManager tm;
    Sort U = tm.sorts().uninterpreted("U");
    FuncId fn = tm.declare_fun("f", {U}, U);
    FuncId rf = tm.declare_fun("h", {SortTable::Real}, SortTable::Real);
    Term a = tm.mk_const(tm.declare_fun("a", {}, U));
    Term b = tm.mk_const(tm.declare_fun("b", {}, U));
    Term c = tm.mk_const(tm.declare_fun("c", {}, U));
    Term p = tm.mk_const(tm.declare_fun("p", {}, SortTable::Bool));
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Real));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Real));
    Term z = tm.mk_const(tm.declare_fun("z", {}, SortTable::Real));
    Term fu(Term t) { return tm.mk_app(fn, std::vector<Term>{t}); }
    Term h(Term t) { return tm.mk_app(rf, std::vector<Term>{t}); }
    Term num(int v) { return tm.mk_numeral(v, SortTable::Real); }
    SolverOptions opts() {
        SolverOptions o;
        o.produce_proofs = true;
        o.check_certificates = true;
        return o;
    }
    void expect_checks(Solver& s) {
        SmtProof pr = s.proof();
        SmtProofCheck c = check_smt_proof(tm, pr);
        INFO(c.error);
        CHECK(c.ok);
        CHECK(!proof_to_string(tm, pr).empty());
    }
};
}  // namespace

TEST_CASE_FIXTURE(Fix, "QF_UF: congruence and transitivity proofs check") {
    Solver s(tm, opts());
    s.assert_formula(tm.mk_eq(a, b));
    s.assert_formula(tm.mk_or(tm.mk_eq(b, c), p));
    s.assert_formula(tm.mk_not(p));
    s.assert_formula(tm.mk_not(tm.mk_eq(fu(a), fu(c))));
    REQUIRE(s.check() == Result::Unsat);
    expect_checks(s);
    SmtProof pr = s.proof();
    CHECK(pr.used_assertions().size() == 4);
}

TEST_CASE_FIXTURE(Fix, "QF_LRA: Farkas leaves check, corruptions are rejected") {
    Solver s(tm, opts());
    s.assert_formula(tm.mk_leq(x, y));
    s.assert_formula(tm.mk_leq(y, z));
    s.assert_formula(tm.mk_or(tm.mk_lt(z, x), tm.mk_lt(z, tm.mk_add(std::vector<Term>{x, num(-1)}))));
    REQUIRE(s.check() == Result::Unsat);
    expect_checks(s);

    SUBCASE("perturbed Farkas coefficient") {
        SmtProof pr = s.proof();
        REQUIRE(!pr.farkas.empty());
        pr.farkas[0][0].lambda += 1;
        SmtProofCheck c = check_smt_proof(tm, pr);
        CHECK(!c.ok);
        CHECK(c.error.find("Farkas") != std::string::npos);
    }
    SUBCASE("flipped pivot") {
        SmtProof pr = s.proof();
        auto& piv = pr.resolution.raw_pivots();
        bool changed = false;
        for (uint32_t n = 0; n < pr.resolution.num_nodes() && !changed; ++n)
            if (!pr.resolution.is_leaf(n) && pr.resolution.num_antecedents(n) >= 2) {
                piv[pr.resolution.chain_offset(n) + 1] += 1;
                changed = true;
            }
        REQUIRE(changed);
        CHECK(!check_smt_proof(tm, pr).ok);
    }
    SUBCASE("dropped antecedent") {
        SmtProof pr = s.proof();
        auto& ants = pr.resolution.raw_antecedents();
        uint32_t n = pr.resolution.root();
        REQUIRE(!pr.resolution.is_leaf(n));
        ants[pr.resolution.chain_offset(n) + 1] = ants[pr.resolution.chain_offset(n)];
        CHECK(!check_smt_proof(tm, pr).ok);
    }
    SUBCASE("a leaf kind without a checker fails loudly") {
        SmtProof pr = s.proof();
        for (uint32_t n = 0; n < pr.resolution.num_nodes(); ++n)
            if (pr.resolution.is_leaf(n) && pr.leaves[n].kind == LeafKind::LraConflict) {
                pr.leaves[n].kind = LeafKind::LraImplication;
                break;
            }
        SmtProofCheck c = check_smt_proof(tm, pr);
        CHECK(!c.ok);
        CHECK(c.error.find("proof contains an unchecked lra-implication lemma") != std::string::npos);
    }
    SUBCASE("a mislabelled definition") {
        SmtProof pr = s.proof();
        for (uint32_t n = 0; n < pr.resolution.num_nodes(); ++n)
            if (pr.resolution.is_leaf(n) && pr.leaves[n].kind == LeafKind::Definition) {
                pr.leaves[n].term = tm.mk_and(tm.mk_leq(x, y), tm.mk_leq(y, z));
                break;
            }
        CHECK(!check_smt_proof(tm, pr).ok);
    }
}

TEST_CASE_FIXTURE(Fix, "QF_UFLRA: disequality splits and combination") {
    Solver s(tm, opts());
    s.assert_formula(tm.mk_leq(x, y));
    s.assert_formula(tm.mk_leq(y, x));
    s.assert_formula(tm.mk_not(tm.mk_eq(h(x), h(y))));
    REQUIRE(s.check() == Result::Unsat);
    expect_checks(s);
}

TEST_CASE_FIXTURE(Fix, "push/pop and assumptions") {
    Solver s(tm, opts());
    s.assert_formula(tm.mk_leq(x, y));
    s.push();
    s.assert_formula(tm.mk_lt(y, x));
    REQUIRE(s.check() == Result::Unsat);
    expect_checks(s);
    s.pop();
    REQUIRE(s.check() == Result::Sat);
    s.push();
    s.assert_formula(tm.mk_eq(a, b));
    Term assume[1] = {tm.mk_not(tm.mk_eq(fu(a), fu(b)))};
    REQUIRE(s.check(assume) == Result::Unsat);
    expect_checks(s);
    SmtProof pr = s.proof();
    CHECK(!pr.resolution.clause(pr.resolution.root()).empty());
    s.pop();
    Term assume2[2] = {tm.mk_lt(y, x), tm.mk_lt(y, z)};
    REQUIRE(s.check(assume2) == Result::Unsat);
    expect_checks(s);
    // The popped assertion's clauses are not leaves: the proof uses only x <= y.
    CHECK(s.proof().used_assertions() == std::vector<uint32_t>{0});
}

TEST_CASE_FIXTURE(Fix, "complementary assumptions are their own refutation") {
    Solver s(tm, opts());
    s.assert_formula(tm.mk_leq(x, y));
    Term assume[2] = {p, tm.mk_not(p)};
    REQUIRE(s.check(assume) == Result::Unsat);
    SmtProof pr = s.proof();
    CHECK(pr.complementary != 0);
    CHECK(check_smt_proof(tm, pr).ok);
    CHECK(pr.used_assertions().empty());
    CHECK(proof_to_string(tm, pr).find("complementary-assumptions") != std::string::npos);
    pr.assumed.clear();
    CHECK(!check_smt_proof(tm, pr).ok);
}

TEST_CASE_FIXTURE(Fix, "proof() needs produce_proofs and an unsat answer") {
    SolverOptions o;
    Solver s(tm, o);
    s.assert_formula(tm.mk_false());
    REQUIRE(s.check() == Result::Unsat);
    CHECK_THROWS_AS(s.proof(), std::logic_error);
    Solver t(tm, opts());
    t.assert_formula(tm.mk_leq(x, y));
    REQUIRE(t.check() == Result::Sat);
    CHECK_THROWS_AS(t.proof(), std::logic_error);
}

TEST_CASE_FIXTURE(Fix, "a proof error of the SAT layer leaves the Solver as smt::ProofError") {
    Solver s(tm);  // proofs off: CaDiCaL traces nothing
    s.assert_formula(p);
    s.assert_formula(tm.mk_not(p));
    REQUIRE(s.check() == Result::Unsat);
    s.options().produce_proofs = true;  // too late: the SAT solver was created without proof mode
    CHECK_THROWS_AS(s.proof(), ProofError);
}

TEST_CASE_FIXTURE(Fix, "reduced SMT proofs keep their leaves and check") {
    // Pigeonhole over equalities: 4 pigeons a_i in 3 holes, pairwise distinct pigeons. Its
    // proofs have shared units and redundant pivots, which reduction removes.
    std::vector<Term> pig, hole;
    for (int i = 0; i < 4; ++i) pig.push_back(tm.mk_const(tm.declare_fun("pg" + std::to_string(i), {}, U)));
    for (int j = 0; j < 3; ++j) hole.push_back(tm.mk_const(tm.declare_fun("hl" + std::to_string(j), {}, U)));
    Solver s(tm, opts());
    for (Term p : pig) {
        std::vector<Term> in;
        for (Term h : hole) in.push_back(tm.mk_eq(p, h));
        s.assert_formula(tm.mk_or(in));
    }
    s.assert_formula(tm.mk_distinct(pig));
    REQUIRE(s.check() == Result::Unsat);
    SmtProof pr = s.proof();
    craig::sat::ReductionStats st;
    SmtProof red = reduce_smt_proof(pr, &st);
    CHECK(st.resolutions_after <= st.resolutions_before);
    CHECK(red.resolution.num_resolutions() == st.resolutions_after);
    for (uint32_t n = 0; n < red.resolution.num_nodes(); ++n)
        if (red.resolution.is_leaf(n)) CHECK(red.leaves[n].kind != LeafKind::Unknown);
    SmtProofCheck c = check_smt_proof(tm, red);
    INFO(c.error);
    CHECK(c.ok);
    CHECK(red.used_assertions().size() <= pr.used_assertions().size());
}
