#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "sat/drat_miner.hpp"
#include "sat/proof_checker.hpp"
#include "sat/proof_reduction.hpp"
#include "sat/sat_solver.hpp"

using namespace craig::sat;

namespace {

using Cnf = std::vector<std::vector<Lit>>;

// p pigeons into h holes; unsat when p > h. Variable of (pigeon i, hole j) is i·h + j + 1.
Cnf pigeonhole(int p, int h) {
    Cnf f;
    auto v = [&](int i, int j) { return i * h + j + 1; };
    for (int i = 0; i < p; ++i) {
        std::vector<Lit> c;
        for (int j = 0; j < h; ++j) c.push_back(v(i, j));
        f.push_back(c);
    }
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < p; ++i)
            for (int k = i + 1; k < p; ++k) f.push_back({-v(i, j), -v(k, j)});
    return f;
}

Cnf random_3sat(int vars, int clauses, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> var(1, vars), sign(0, 1);
    Cnf f;
    for (int i = 0; i < clauses; ++i) {
        std::vector<Lit> c;
        while (c.size() < 3) {
            int v = var(rng);
            bool dup = false;
            for (Lit l : c) dup |= (l == v || l == -v);
            if (!dup) c.push_back(sign(rng) ? v : -v);
        }
        f.push_back(c);
    }
    return f;
}

// Tseitin clauses of a n-bit array multiplier a·b and of b·a over the same inputs; returns the
// variables of "bit i of the two products differ" (each is unsatisfiable as an assumption).
std::vector<Lit> multiplier_miter(Cnf& f, int n) {
    int vars = 0;
    auto fresh = [&] { return ++vars; };
    auto and2 = [&](int x, int y) {
        int z = fresh();
        f.push_back({-z, x});
        f.push_back({-z, y});
        f.push_back({z, -x, -y});
        return z;
    };
    auto xor2 = [&](int x, int y) {
        int z = fresh();
        f.push_back({-z, x, y});
        f.push_back({-z, -x, -y});
        f.push_back({z, -x, y});
        f.push_back({z, x, -y});
        return z;
    };
    auto multiply = [&](const std::vector<int>& a, const std::vector<int>& b) {
        std::vector<int> acc(2 * n, 0);
        for (int i = 0; i < n; ++i) {
            int carry = 0;
            for (int j = 0; j < n; ++j) {
                int pp = and2(a[j], b[i]);
                int& bit = acc[i + j];
                if (!bit && !carry) {
                    bit = pp;
                } else if (!bit || !carry) {
                    int other = bit ? bit : carry;
                    bit = xor2(pp, other);
                    carry = and2(pp, other);
                } else {
                    int s1 = xor2(pp, bit);
                    int sum = xor2(s1, carry);
                    carry = -and2(-and2(pp, bit), -and2(s1, carry));
                    bit = sum;
                }
            }
            acc[i + n] = carry;
        }
        return acc;
    };
    std::vector<int> a, b;
    for (int i = 0; i < n; ++i) a.push_back(fresh()), b.push_back(fresh());
    auto p = multiply(a, b), q = multiply(b, a);
    std::vector<Lit> differs;
    for (int i = 0; i < 2 * n; ++i)
        if (p[i] && q[i]) differs.push_back(xor2(p[i], q[i]));
    return differs;
}

// k assumptions on distinct variables of 1..vars.
std::vector<Lit> random_assumptions(int vars, int k, std::mt19937& rng) {
    std::vector<Lit> a;
    while (static_cast<int>(a.size()) < k) {
        int v = std::uniform_int_distribution<int>(1, vars)(rng);
        bool dup = false;
        for (Lit l : a) dup |= var_of(l) == v;
        if (!dup) a.push_back(rng() & 1 ? v : -v);
    }
    return a;
}

int num_vars(const Cnf& f) {
    int m = 0;
    for (auto& c : f)
        for (Lit l : c) m = std::max(m, var_of(l));
    return m;
}

void load(SatSolver& s, const Cnf& f, uint32_t tag = 0) {
    while (s.num_vars() < num_vars(f)) s.new_var();
    for (auto& c : f) s.add_clause(c, tag);
}

// Mines and checks the proof of the last Unsat answer.
ResolutionProof mined_and_checked(SatSolver& s, MinerStats* out = nullptr) {
    MinerStats stats;
    ResolutionProof p = s.proof(&stats);
    if (out) *out = stats;
    auto root = s.failed_clause();
    ProofCheck check = check_resolution_proof(p, s.input_clauses(), root);
    INFO(check.error);
    CHECK(check.ok);
    return p;
}

}  // namespace

TEST_CASE("proof of a small unsat formula") {
    SatSolver s(0, true);
    load(s, {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}, 7);
    REQUIRE(s.solve() == SatResult::Unsat);
    ResolutionProof p = mined_and_checked(s);
    CHECK(p.clause(p.root()).empty());
    CHECK(p.num_leaves() == 4);
    for (uint32_t n = 0; n < p.num_nodes(); ++n)
        if (p.is_leaf(n)) CHECK(p.tag(n) == 7);
}

TEST_CASE("pigeonhole proofs") {
    for (int h = 3; h <= 6; ++h) {
        CAPTURE(h);
        SatSolver s(0, true);
        load(s, pigeonhole(h + 1, h));
        REQUIRE(s.solve() == SatResult::Unsat);
        ResolutionProof p = mined_and_checked(s);
        CHECK(p.clause(p.root()).empty());
    }
}

TEST_CASE("random 3-SAT proofs") {
    int unsat = 0;
    for (uint32_t seed = 1; seed <= 30; ++seed) {
        CAPTURE(seed);
        SatSolver s(0, true);
        load(s, random_3sat(60, 300, seed));
        if (s.solve() != SatResult::Unsat) continue;
        ++unsat;
        mined_and_checked(s);
    }
    CHECK(unsat > 10);
}

TEST_CASE("assumptions: the root derives the negated failed assumptions") {
    SatSolver s(0, true);
    for (int i = 0; i < 5; ++i) s.new_var();
    s.add_clause({-1, 2}, 1);
    s.add_clause({-2, 3}, 1);
    s.add_clause({-3, -4}, 2);
    s.add_clause({5, 1}, 2);
    Lit a[3] = {1, 4, 5};
    REQUIRE(s.solve(a) == SatResult::Unsat);
    auto failed = s.failed_clause();
    ResolutionProof p = mined_and_checked(s);
    auto root = p.clause(p.root());
    CHECK(std::vector<Lit>(root.begin(), root.end()) == std::vector<Lit>{-4, -1});
    CHECK(failed.size() >= 2);
}

TEST_CASE("incremental: clauses added after unsat under assumptions, several solves") {
    SatSolver s(0, true);
    Cnf f = random_3sat(50, 200, 11);  // satisfiable at this ratio
    load(s, f, 1);
    int unsat = 0;
    std::mt19937 rng(5);
    for (int round = 0; round < 40; ++round) {
        CAPTURE(round);
        std::vector<Lit> assume = random_assumptions(50, 6, rng);
        SatResult r = s.solve(assume);
        if (r == SatResult::Unsat) {
            ++unsat;
            mined_and_checked(s);
        }
        // A few more clauses (they also reuse variables CaDiCaL may have eliminated).
        for (auto& c : random_3sat(50, 4, 1000 + round)) s.add_clause(c, 2 + round);
    }
    CHECK(unsat > 5);
    // Finally the clauses alone become unsatisfiable.
    for (auto& c : random_3sat(50, 400, 77)) s.add_clause(c, 99);
    REQUIRE(s.solve() == SatResult::Unsat);
    ResolutionProof p = mined_and_checked(s);
    CHECK(p.clause(p.root()).empty());
}

TEST_CASE("incremental stress: eliminated variables come back") {
    // Elimination after every conflict (elimint=1) eliminates variables that are not frozen;
    // new clauses and assumptions over them make CaDiCaL restore clauses without tracing them,
    // which the miner must find again (MinerStats::resurrected).
    int checked = 0;
    uint64_t resurrected = 0;
    for (uint32_t seed = 1; seed <= 6; ++seed) {
        CAPTURE(seed);
        SatSolver s(seed, true);
        REQUIRE(s.set_option("elimint", 1));
        const int vars = 60;
        load(s, random_3sat(vars, 240, seed), 0);
        std::mt19937 rng(seed);
        for (int round = 0; round < 20; ++round) {
            CAPTURE(round);
            std::vector<Lit> assume = random_assumptions(vars, 4, rng);
            if (s.solve(assume) == SatResult::Unsat) {
                MinerStats stats;
                mined_and_checked(s, &stats);
                resurrected += stats.resurrected;
                ++checked;
            }
            for (auto& c : random_3sat(vars, 5, seed * 100 + round)) s.add_clause(c, round + 1);
        }
    }
    CHECK(checked > 30);
    CHECK(resurrected > 0);
    MESSAGE("proofs: " << checked << ", resurrected clauses: " << resurrected);
}

TEST_CASE("incremental structured: multiplier miter, one output bit at a time") {
    // Gate variables are not frozen and elimination runs often, so assuming an output that was
    // eliminated restores its clauses (untraced); each bit's proof is mined in the same session.
    Cnf f;
    std::vector<Lit> differs = multiplier_miter(f, 4);
    SatSolver s(0, true);
    REQUIRE(s.set_option("elimint", 1));
    REQUIRE(s.set_option("probeint", 1));
    REQUIRE(s.set_option("subsumeint", 1));
    load(s, f, 1);
    uint64_t resurrected = 0;
    for (Lit d : differs) {
        CAPTURE(d);
        Lit assume[1] = {d};
        REQUIRE(s.solve(assume) == SatResult::Unsat);
        MinerStats stats;
        ResolutionProof p = mined_and_checked(s, &stats);
        resurrected += stats.resurrected;
        auto root = p.clause(p.root());
        CHECK(root.size() <= 1);
        // Learn the bit's equality for the next rounds (a clause over a maybe eliminated variable).
        s.add_clause({-d}, 2);
    }
    REQUIRE(s.solve() == SatResult::Sat);
    MESSAGE("resurrected clauses: " << resurrected);
}

TEST_CASE("complementary assumptions") {
    SatSolver s(0, true);
    for (int i = 0; i < 3; ++i) s.new_var();
    s.add_clause({1, 2});
    s.add_clause({-2, 3});
    SUBCASE("the other assumptions are refuted on their own") {
        Lit a[4] = {1, -1, -2, -3};
        REQUIRE(s.solve(a) == SatResult::Unsat);
        if (s.failed(-2) && s.failed(-3)) {
            ResolutionProof p = mined_and_checked(s);
            CHECK(p.clause(p.root()).size() <= 2);
        }
    }
    SUBCASE("nothing else to refute") {
        Lit a[2] = {3, -3};
        REQUIRE(s.solve(a) == SatResult::Unsat);
        CHECK_THROWS_AS(s.proof(), ProofError);
    }
}

TEST_CASE("the checker rejects corrupted proofs") {
    SatSolver s(0, true);
    load(s, pigeonhole(5, 4), 3);
    REQUIRE(s.solve() == SatResult::Unsat);
    const ResolutionProof good = mined_and_checked(s);
    const InputClauses& inputs = s.input_clauses();
    std::vector<Lit> empty;
    REQUIRE(check_resolution_proof(good, inputs, empty).ok);
    uint32_t chain = good.root();
    REQUIRE_FALSE(good.is_leaf(chain));
    REQUIRE(good.num_antecedents(chain) >= 3);
    uint32_t leaf = 0;
    while (!good.is_leaf(leaf)) ++leaf;

    SUBCASE("a pivot changed to another variable") {
        ResolutionProof p = good;
        p.raw_pivots()[p.chain_offset(chain) + 1] = good.pivot(chain, 2);
        CHECK_FALSE(check_resolution_proof(p, inputs, empty).ok);
    }
    SUBCASE("a pivot changed to a variable of no clause") {
        ResolutionProof p = good;
        p.raw_pivots()[p.chain_offset(chain) + 1] = 1000;
        CHECK_FALSE(check_resolution_proof(p, inputs, empty).ok);
    }
    SUBCASE("an antecedent dropped") {
        // Copy the proof, leaving out one antecedent (and its pivot) of the root's chain.
        for (uint32_t drop = 0; drop < good.num_antecedents(chain); ++drop) {
            CAPTURE(drop);
            ResolutionProof p;
            for (uint32_t n = 0; n < good.num_nodes(); ++n) {
                if (good.is_leaf(n)) {
                    p.add_leaf(good.input_id(n), good.tag(n), good.clause(n));
                    continue;
                }
                std::vector<uint32_t> ante, piv;
                for (uint32_t i = 0; i < good.num_antecedents(n); ++i)
                    if (n != chain || i != drop) {
                        ante.push_back(good.antecedent(n, i));
                        piv.push_back(good.pivot(n, i));
                    }
                p.add_chain(ante, piv, good.clause(n));
            }
            p.set_root(chain);
            CHECK_FALSE(check_resolution_proof(p, inputs, empty).ok);
        }
    }
    SUBCASE("an antecedent swapped for a different node") {
        ResolutionProof p = good;
        p.raw_antecedents()[p.chain_offset(chain)] = leaf;
        if (leaf != good.antecedent(chain, 0)) CHECK_FALSE(check_resolution_proof(p, inputs, empty).ok);
    }
    SUBCASE("a leaf's clause changed") {
        ResolutionProof p = good;
        Lit& l = p.raw_lits()[p.clause_offset(leaf)];
        l = -l;
        auto check = check_resolution_proof(p, inputs, empty);
        CHECK_FALSE(check.ok);
        CHECK(check.node == leaf);
    }
    SUBCASE("a chain's clause changed") {
        ResolutionProof p = good;
        uint32_t n = 0;
        while (p.is_leaf(n) || p.clause(n).empty()) ++n;
        Lit& l = p.raw_lits()[p.clause_offset(n)];
        l = -l;
        CHECK_FALSE(check_resolution_proof(p, inputs, empty).ok);
    }
    SUBCASE("a leaf with a wrong input id") {
        InputClauses other = inputs;
        std::swap(other.lits[other.begin[0]], other.lits[other.begin[0] + 1]);  // same set: fine
        CHECK(check_resolution_proof(good, other, empty).ok);
        other.lits[other.begin[0]] = -other.lits[other.begin[0]];
        bool uses_first = false;
        for (uint32_t n = 0; n < good.num_nodes(); ++n) uses_first |= good.is_leaf(n) && good.input_id(n) == 0;
        if (uses_first) CHECK_FALSE(check_resolution_proof(good, other, empty).ok);
    }
    SUBCASE("a leaf's tag changed") {
        InputClauses other = inputs;
        other.tags[good.input_id(leaf)] = 4;
        CHECK_FALSE(check_resolution_proof(good, other, empty).ok);
    }
    SUBCASE("the root is not the expected clause") {
        ResolutionProof p = good;
        p.set_root(leaf);
        CHECK_FALSE(check_resolution_proof(p, inputs, empty).ok);
        CHECK(check_resolution_proof(p, inputs, good.clause(leaf)).ok);
    }
}

TEST_CASE("a proof of the clause of failed assumptions is checked against it") {
    SatSolver s(0, true);
    for (int i = 0; i < 4; ++i) s.new_var();
    s.add_clause({-1, -2, 3});
    s.add_clause({-3, 4});
    Lit a[3] = {1, 2, -4};
    REQUIRE(s.solve(a) == SatResult::Unsat);
    ResolutionProof p = mined_and_checked(s);
    std::vector<Lit> too_strong = {-1};
    CHECK_FALSE(check_resolution_proof(p, s.input_clauses(), too_strong).ok);
    std::vector<Lit> empty;
    CHECK_FALSE(check_resolution_proof(p, s.input_clauses(), empty).ok);
}

TEST_CASE("input clauses with duplicates, tautologies, units and the empty clause") {
    SUBCASE("duplicates and tautologies") {
        SatSolver s(0, true);
        for (int i = 0; i < 3; ++i) s.new_var();
        s.add_clause({1, 1, 2}, 1);
        s.add_clause({1, -1, 3}, 2);  // tautology: never a leaf
        s.add_clause({-1, 2, -1}, 3);
        s.add_clause({-2}, 4);
        REQUIRE(s.solve() == SatResult::Unsat);
        ResolutionProof p = mined_and_checked(s);
        for (uint32_t n = 0; n < p.num_nodes(); ++n)
            if (p.is_leaf(n)) CHECK(p.input_id(n) != 1);
    }
    SUBCASE("the empty clause") {
        SatSolver s(0, true);
        s.new_var();
        s.add_clause({1}, 1);
        s.add_clause(std::span<const Lit>{}, 2);
        REQUIRE(s.solve() == SatResult::Unsat);
        ResolutionProof p = mined_and_checked(s);
        CHECK(p.num_nodes() == 1);
        CHECK(p.input_id(p.root()) == 1);
    }
    SUBCASE("the same clause in two partitions keeps the first") {
        SatSolver s(0, true);
        s.new_var();
        s.add_clause({1}, 1);
        s.add_clause({1}, 2);
        s.add_clause({-1}, 3);
        REQUIRE(s.solve() == SatResult::Unsat);
        ResolutionProof p = mined_and_checked(s);
        CHECK(p.num_leaves() == 2);
        for (uint32_t n = 0; n < p.num_nodes(); ++n)
            if (p.is_leaf(n)) CHECK(p.tag(n) != 2);
    }
    SUBCASE("clauses added after the formula became unsatisfiable") {
        SatSolver s(0, true);
        for (int i = 0; i < 2; ++i) s.new_var();
        s.add_clause({1});
        s.add_clause({-1});
        REQUIRE(s.solve() == SatResult::Unsat);
        mined_and_checked(s);
        s.add_clause({1, 2});
        REQUIRE(s.solve() == SatResult::Unsat);
        mined_and_checked(s);
    }
}

TEST_CASE("proof() outside proof mode or without Unsat") {
    SatSolver plain;
    plain.new_var();
    plain.add_clause({1});
    CHECK_THROWS_AS(plain.proof(), ProofError);
    SatSolver s(0, true);
    s.new_var();
    s.add_clause({1});
    REQUIRE(s.solve() == SatResult::Sat);
    CHECK_THROWS_AS(s.proof(), ProofError);
}

TEST_CASE("proof reduction keeps proofs valid and makes them smaller") {
    uint64_t before = 0, after = 0;
    auto reduce_and_check = [&](SatSolver& s, const ResolutionProof& p) {
        ReductionStats stats;
        ResolutionProof r = reduce_proof(p, {}, &stats);
        auto root = s.failed_clause();
        ProofCheck check = check_resolution_proof(r, s.input_clauses(), root);
        INFO(check.error);
        CHECK(check.ok);
        CHECK(r.num_resolutions() <= p.num_resolutions());
        CHECK(stats.resolutions_after == r.num_resolutions());
        auto rc = r.clause(r.root()), pc = p.clause(p.root());
        for (Lit l : rc) CHECK(std::find(pc.begin(), pc.end(), l) != pc.end());
        before += p.num_resolutions();
        after += r.num_resolutions();
    };
    for (int h = 4; h <= 6; ++h) {
        SatSolver s(0, true);
        load(s, pigeonhole(h + 1, h));
        REQUIRE(s.solve() == SatResult::Unsat);
        reduce_and_check(s, mined_and_checked(s));
    }
    for (uint32_t seed = 1; seed <= 10; ++seed) {
        SatSolver s(0, true);
        load(s, random_3sat(60, 300, seed));
        if (s.solve() == SatResult::Unsat) reduce_and_check(s, mined_and_checked(s));
    }
    SatSolver s(0, true);
    load(s, random_3sat(50, 200, 11));
    std::mt19937 rng(3);
    for (int round = 0; round < 20; ++round) {
        if (s.solve(random_assumptions(50, 6, rng)) == SatResult::Unsat) reduce_and_check(s, mined_and_checked(s));
    }
    CHECK(after < before);
    MESSAGE("resolutions before reduction: " << before << ", after: " << after);
}

TEST_CASE("LowerUnits on a hand-made proof") {
    // Inputs: {a}, {-a, b}, {-a, -b, c}, {-a, -c}. The unit {a} is used three times; lowered,
    // it is used once at the end.
    InputClauses in;
    std::vector<std::vector<Lit>> cls = {{1}, {-1, 2}, {-2, -1, 3}, {-3, -1}};  // sorted
    for (auto& c : cls) in.add(c, 0, 0);
    ResolutionProof p;
    uint32_t a = p.add_leaf(0, 0, cls[0]);
    uint32_t ab = p.add_leaf(1, 0, cls[1]);
    uint32_t abc = p.add_leaf(2, 0, cls[2]);
    uint32_t ac = p.add_leaf(3, 0, cls[3]);
    std::vector<uint32_t> piv = {0, 1};
    std::vector<uint32_t> ante = {ab, a};
    std::vector<Lit> b = {2};
    uint32_t nb = p.add_chain(ante, piv, b);  // {b}
    ante = {abc, a};
    std::vector<Lit> bc = {-2, 3};
    uint32_t nbc = p.add_chain(ante, piv, bc);  // {-b, c}
    ante = {ac, a};
    std::vector<Lit> nc = {-3};
    uint32_t nnc = p.add_chain(ante, piv, nc);  // {-c}
    std::vector<uint32_t> ante3 = {nb, nbc, nnc}, piv3 = {0, 2, 3};
    std::vector<Lit> empty;
    p.set_root(p.add_chain(ante3, piv3, empty));
    ProofCheck pc = check_resolution_proof(p, in, empty);
    INFO(pc.error);
    REQUIRE(pc.ok);
    ReductionStats stats;
    ResolutionProof r = reduce_proof(p, {true, false}, &stats);
    CHECK(stats.units_lowered == 1);
    CHECK(check_resolution_proof(r, in, empty).ok);
    CHECK(r.num_resolutions() < p.num_resolutions());  // 3 + 2 = 5 before, 3 after
}
