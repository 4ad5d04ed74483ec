// A larger proof (random 3-SAT near the threshold, split in two halves): interpolation stays
// fast and the interpolants pass the checker.
#include <doctest/doctest.h>

#include <chrono>
#include <random>

#include "base/stopwatch.hpp"
#include "itp_test_util.hpp"

using namespace craig;
using namespace craig::itp;
using namespace craig::itp::test;
using smt::SortTable;
using smt::Term;

TEST_CASE("larger propositional proof: every system, checked") {
    smt::TermManager tm;
    constexpr int kVars = 90, kClauses = 400;
    std::vector<Term> v;
    for (int i = 0; i < kVars; ++i)
        v.push_back(tm.mk_const(tm.declare_fun("v" + std::to_string(i), {}, SortTable::Bool)));
    std::mt19937 rng(7);
    std::vector<std::vector<Term>> parts(2);
    for (int c = 0; c < kClauses; ++c) {
        std::vector<Term> lits;
        for (int k = 0; k < 3; ++k) {
            Term x = v[rng() % kVars];
            lits.push_back(rng() % 2 ? x : tm.mk_not(x));
        }
        parts[c < kClauses / 2 ? 0 : 1].push_back(tm.mk_or(lits));
    }
    Partitioned p(tm, parts);
    REQUIRE(p.solver.check() == smt::Result::Unsat);
    REQUIRE(p.conjunctions_keep_symbols());
    for (BoolSystem bs : kBoolSystems) {
        ItpOptions o;
        o.boolean = bs;
        smt::SmtProof proof = p.solver.proof();
        auto t0 = std::chrono::steady_clock::now();
        InterpolationResult r = binary_interpolant(tm, proof, p.partition_of_assertion, o);
        double secs = base::seconds_since(t0);
        INFO(r.unknown_reason);
        REQUIRE(r.ok());
        MESSAGE(std::string(name(bs)) << ": " << r.stats.proof_nodes << " proof nodes, " << secs << " s");
        CHECK(r.stats.proof_nodes > 500);
        std::vector<Term> f = p.formulas();
        const uint32_t start[2] = {0, 0};
        CheckReport c = check_tree_interpolants(tm, f, start, r.interpolants);
        INFO(c.why);
        CHECK(c.outcome == CheckOutcome::Valid);
    }
}
