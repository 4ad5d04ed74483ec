// ProofInterpolator on hand-built proofs: the labeled rules give the expected partial
// interpolants, and proofs it must not interpolate are reported.
#include <doctest/doctest.h>

#include "itp/proof_interpolator.hpp"
#include "itp_test_util.hpp"

using namespace craig;
using namespace craig::itp;
using smt::LeafKind;
using smt::SortTable;
using smt::Term;

namespace {

// A: (a ∨ s), (¬a ∨ s); B: (¬s ∨ b), (¬s ∨ ¬b). Variables 1 = a, 2 = s, 3 = b, 4 = the scope's
// activation (assumed). Proof: (s) from the A clauses on a, (¬s) from the B clauses on b, then
// the empty clause on s. Every system gives s.
struct HandProof {
    smt::TermManager tm;
    Term a = boolc("a"), s = boolc("s"), b = boolc("b");
    smt::SmtProof proof;
    std::vector<uint32_t> partition = {0, 0, 1, 1};

    Term boolc(const char* n) { return tm.mk_const(tm.declare_fun(n, {}, SortTable::Bool)); }

    HandProof() {
        auto& r = proof.resolution;
        const std::vector<std::vector<int>> clauses = {{-4, 1, 2}, {-4, -1, 2}, {-4, -2, 3}, {-4, -3, -2}};
        const Term formulas[4] = {tm.mk_or(a, s), tm.mk_or(tm.mk_not(a), s), tm.mk_or(tm.mk_not(s), b),
                                  tm.mk_or(tm.mk_not(s), tm.mk_not(b))};
        for (uint32_t i = 0; i < 4; ++i) {
            std::vector<int> c = clauses[i];
            std::sort(c.begin(), c.end());
            r.add_leaf(i, i, c);
            proof.leaves.push_back({LeafKind::Assertion, formulas[i], i});
            proof.active.push_back({i, formulas[i], {}});
        }
        const int s_clause[2] = {-4, 2}, ns_clause[2] = {-4, -2}, empty[1] = {-4};
        const uint32_t ants4[2] = {0, 1}, piv4[2] = {0, 1};
        const uint32_t ants5[2] = {2, 3}, piv5[2] = {0, 3};
        const uint32_t ants6[2] = {4, 5}, piv6[2] = {0, 2};
        r.add_chain(ants4, piv4, s_clause);
        r.add_chain(ants5, piv5, ns_clause);
        r.add_chain(ants6, piv6, empty);
        proof.leaves.resize(7);
        r.set_root(6);
        proof.var_terms = {Term{}, a, s, b, Term{}};
        proof.activation = {0, 0, 0, 0, 1};
        proof.assumed = {4};
    }

    ProofInterpolator::Cut run(BoolSystem bs) {
        ProofInterpolator pi(tm, proof, partition, 2);
        ItpOptions o;
        o.boolean = bs;
        const uint8_t in_a[2] = {1, 0};
        return pi.interpolate(in_a, o);
    }
};

}  // namespace

TEST_CASE_FIXTURE(HandProof, "hand proof: every system gives the shared s") {
    for (BoolSystem bs : test::kBoolSystems) {
        ProofInterpolator::Cut cut = run(bs);
        INFO(cut.why);
        REQUIRE(cut.interpolant);
        CHECK(test::equivalent(tm, *cut.interpolant, s));
    }
}

TEST_CASE_FIXTURE(HandProof, "hand proof: the other cut (A = the B clauses) gives ¬s") {
    ProofInterpolator pi(tm, proof, partition, 2);
    const uint8_t in_a[2] = {0, 1};
    for (BoolSystem bs : test::kBoolSystems) {
        ItpOptions o;
        o.boolean = bs;
        ProofInterpolator::Cut cut = pi.interpolate(in_a, o);
        REQUIRE(cut.interpolant);
        CHECK(test::equivalent(tm, *cut.interpolant, tm.mk_not(s)));
    }
}

TEST_CASE_FIXTURE(HandProof, "hand proof: what must not be interpolated is reported") {
    SUBCASE("complementary assumptions") {
        proof.complementary = 4;
        CHECK(run(BoolSystem::McMillan).why.find("negation") != std::string::npos);
    }
    SUBCASE("a deactivation leaf") {
        proof.leaves[3].kind = LeafKind::Deactivation;
        CHECK(run(BoolSystem::McMillan).why.find("leaf in the proof") != std::string::npos);
    }
    SUBCASE("an activation that was not assumed (popped scope)") {
        proof.assumed.clear();
        CHECK(run(BoolSystem::McMillan).why.find("not assumed") != std::string::npos);
    }
    SUBCASE("a root that keeps an assumption literal") {
        proof.resolution.set_root(4);  // derives (s) under the assumption ¬s
        CHECK(run(BoolSystem::Pudlak).why.find("check-sat-assuming") != std::string::npos);
    }
    SUBCASE("an AB-mixed atom") {
        proof.var_terms[2] = tm.mk_or(a, b);
        ProofInterpolator::Cut cut = run(BoolSystem::McMillanPrime);
        CHECK(!cut.interpolant);
        CHECK(cut.why.find("AB-mixed") != std::string::npos);
    }
    SUBCASE("a clause of A with a B-local atom") {
        proof.leaves[0].assertion = 2;  // the A clause (a ∨ s) claimed by an assertion of B
        ProofInterpolator::Cut cut = run(BoolSystem::McMillan);
        CHECK(!cut.interpolant);
        CHECK(cut.why.find("A-local atom in a clause of B") != std::string::npos);
    }
}
