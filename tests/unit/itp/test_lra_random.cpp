// Randomized LRA interpolation: random unsat conjunctions of linear (in)equalities with A-local,
// B-local and shared symbols; the solver's Farkas certificates (from its proof) are interpolated
// by every system and checked (interpolant properties, shared symbols, strength order), a
// sample of them by z3 as well.
#include <doctest/doctest.h>

#include <random>
#include <sstream>
#include <unordered_map>

#include "../oracle.hpp"
#include "lra_test_util.hpp"
#include "smt/terms/printer.hpp"

using namespace craig;
using namespace craig::itp;
using craig::itp::test::LraFixture;
using craig::itp::test::Problem;

namespace {

struct RandomRun : LraFixture {
    std::mt19937 rng;
    std::vector<Term> a_vars, b_vars, shared_vars, all_vars;
    smt::Sort sort;

    RandomRun(uint32_t seed, smt::Sort s) : rng(seed), sort(s) {
        const bool is_int = s == smt::SortTable::Int;
        auto mk = [&](const char* n) { return is_int ? integer(n) : real(n); };
        a_vars = {mk("a0"), mk("a1")};
        b_vars = {mk("b0"), mk("b1")};
        shared_vars = {mk("s0"), mk("s1")};
        for (auto* v : {&a_vars, &b_vars, &shared_vars}) all_vars.insert(all_vars.end(), v->begin(), v->end());
    }

    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
    Term number(long v) { return tm.mk_numeral(mpq_class(v), sort); }

    // A random literal over `local` and shared symbols: Σ c·v ⋈ k with 1 to 3 symbols.
    Term random_literal(const std::vector<Term>& local) {
        std::vector<Term> pool = local;
        pool.insert(pool.end(), shared_vars.begin(), shared_vars.end());
        std::shuffle(pool.begin(), pool.end(), rng);
        int n = pick(1, std::min<int>(3, static_cast<int>(pool.size())));
        std::vector<Term> sum;
        for (int i = 0; i < n; ++i) {
            int c = pick(1, 3) * (pick(0, 1) ? 1 : -1);
            sum.push_back(tm.mk_scale(c, pool[i]));
        }
        Term lhs = sum.size() == 1 ? sum[0] : tm.mk_add(sum);
        Term rhs = number(pick(-4, 4));
        switch (pick(0, 5)) {
            case 0: return tm.mk_leq(lhs, rhs);
            case 1: return tm.mk_lt(lhs, rhs);
            case 2: return tm.mk_geq(lhs, rhs);
            case 3: return tm.mk_gt(lhs, rhs);
            case 4: return tm.mk_leq(lhs, rhs);
            default: return tm.mk_eq(lhs, rhs);
        }
    }

    // Asks z3 whether each conjunction of `queries` is unsat, in one run (push/pop per query);
    // returns z3's answers, one per query (empty when z3 is missing).
    std::vector<std::string> z3(const std::vector<std::vector<Term>>& queries) {
        std::ostringstream out;
        out << "(set-logic ALL)\n";
        for (Term v : all_vars) {
            const auto& f = tm.func(tm.func_of(v));
            out << "(declare-fun " << smt::quote_symbol(f.name) << " () " << tm.sorts().to_string(f.range) << ")\n";
        }
        for (const auto& q : queries) {
            out << "(push 1)\n";
            for (Term a : q) out << "(assert " << smt::term_to_string(tm, a) << ")\n";
            out << "(check-sat)\n(pop 1)\n";
        }
        return craig::test::z3_lines(out.str(), 60);
    }

    struct Figures {
        int problems = 0, unsat = 0, certificates = 0, decomposed = 0, dual_decomposed = 0;
        int failures = 0, z3_checked = 0, z3_failures = 0, skipped = 0, unknown = 0;
        int solver_literals = 0;  // entries that are no asserted literal (Int branches)
        int tightened = 0;        // certificates reading a false Int atom p <= c as p >= c + 1
    };

    // Generates `attempts` random problems; every certificate of every unsat one is checked.
    Figures run(int attempts, int z3_budget) {
        Figures fig;
        if (z3_budget > 0 && !craig::test::z3_found()) MESSAGE(craig::test::kZ3Skipped);
        for (int attempt = 0; attempt < attempts; ++attempt) {
            std::vector<Term> A, B;
            int na = pick(1, 5), nb = pick(1, 5);
            for (int i = 0; i < na; ++i) A.push_back(random_literal(a_vars));
            for (int i = 0; i < nb; ++i) B.push_back(random_literal(b_vars));
            ++fig.problems;
            smt::SolverOptions opts;
            opts.produce_proofs = true;
            opts.check_certificates = true;
            opts.lia_branch_budget = 2000;  // a diverging branch and bound only costs this problem
            smt::Solver solver(tm, opts);
            for (Term f : A) solver.assert_formula(f);
            for (Term f : B) solver.assert_formula(f);
            smt::Result r = solver.check();
            if (r == smt::Result::Unknown) ++fig.unknown;
            if (r != smt::Result::Unsat) continue;
            ++fig.unsat;
            smt::SmtProof proof = solver.proof();
            // Which side asserted each literal (shared literals may be on both; A wins).
            std::unordered_map<uint32_t, Side> side_of;
            for (Term f : B) side_of[f.id] = Side::B;
            for (Term f : A) side_of[f.id] = Side::A;
            auto coloring = std::make_shared<Coloring>(Coloring::of_sides(tm, A, B));
            for (uint32_t n = 0; n < proof.resolution.num_nodes(); ++n) {
                if (!proof.resolution.is_leaf(n) || proof.leaves[n].kind != smt::LeafKind::LraConflict) continue;
                Problem p;
                p.entries = proof.farkas[proof.leaves[n].cert];
                p.coloring = coloring;
                bool usable = true;
                for (const auto& e : p.entries) {
                    Term lit = literal_of(e);
                    auto it = side_of.find(lit.id);
                    Side side;
                    if (it != side_of.end()) {
                        side = it->second;
                    } else {
                        // A literal the solver made (an Int branch): its side by its symbols.
                        ++fig.solver_literals;
                        Color c = coloring->color(e.atom);
                        if (c == Color::Mixed) usable = false;
                        side = c == Color::B ? Side::B : Side::A;
                    }
                    p.sides.push_back(side);
                    (side == Side::A ? p.a_lits : p.b_lits).push_back(lit);
                }
                if (!usable) {
                    ++fig.skipped;
                    continue;
                }
                ++fig.certificates;
                for (const auto& e : p.entries)
                    if (!e.value && tm.kind(e.atom) == smt::Kind::Leq &&
                        tm.sort(tm.child(e.atom, 0)) == smt::SortTable::Int) {
                        ++fig.tightened;
                        break;
                    }
                int before = fig.failures;
                fig.failures += check_all_systems(p);
                Term dec = itp(p, LraSystem::DecomposedFarkas);
                Term ddec = itp(p, LraSystem::DualDecomposedFarkas);
                if (tm.kind(dec) == smt::Kind::And) ++fig.decomposed;
                if (tm.kind(ddec) == smt::Kind::Not && tm.kind(tm.child(ddec, 0)) == smt::Kind::And)
                    ++fig.dual_decomposed;
                if (fig.failures != before) {
                    std::string shown;
                    for (Term l : p.a_lits) shown += " A:" + smt::term_to_string(tm, l);
                    for (Term l : p.b_lits) shown += " B:" + smt::term_to_string(tm, l);
                    MESSAGE("failing certificate at attempt ", attempt, ":", shown);
                }
                // An independent opinion on a sample: z3 on A ∧ ¬I and I ∧ B for three systems.
                if (fig.z3_checked < z3_budget && craig::test::z3_found()) {
                    std::vector<std::vector<Term>> queries;
                    for (Term I : {dec, ddec, itp(p, LraSystem::Flexible, mpq_class(1, 3))}) {
                        queries.push_back(p.a_lits);
                        queries.back().push_back(tm.mk_not(I));
                        queries.push_back(p.b_lits);
                        queries.back().push_back(I);
                    }
                    std::vector<std::string> answers = z3(queries);
                    CHECK(answers.size() == queries.size());
                    for (const std::string& ans : answers) {
                        CHECK(ans == "unsat");
                        fig.z3_failures += ans != "unsat";
                    }
                    ++fig.z3_checked;
                }
            }
        }
        return fig;
    }
};

void report(const char* what, uint32_t seed, const RandomRun::Figures& f) {
    MESSAGE(std::string(what), " seed ", seed, ": ", f.problems, " problems, ", f.unsat, " unsat (", f.unknown,
            " unknown), ", f.certificates, " certificates (", f.skipped, " skipped), ", f.decomposed,
            " with a proper decomposition, ", f.dual_decomposed, " with a proper dual decomposition, ", f.failures,
            " failed checks, z3 on ", f.z3_checked, " certificates with ", f.z3_failures, " disagreements; ",
            f.solver_literals, " entries from solver literals, ", f.tightened, " certificates with an Int tightening");
}

}  // namespace

TEST_CASE("LRA interpolants, randomized over Real: every system is an interpolant, in order") {
    int certificates = 0, decomposed = 0;
    for (uint32_t seed : {1u, 2u, 3u}) {
        RandomRun run(seed, smt::SortTable::Real);
        RandomRun::Figures f = run.run(600, seed == 1 ? 20 : 0);
        report("Real", seed, f);
        certificates += f.certificates;
        decomposed += f.decomposed;
        CHECK(f.failures == 0);
        CHECK(f.z3_failures == 0);
        CHECK(f.solver_literals == 0);  // over Real every entry is an asserted literal
        CHECK(f.certificates >= 80);
        CHECK(f.decomposed > 0);  // the decomposition is exercised, not only the fallback
        CHECK(f.dual_decomposed > 0);
    }
    MESSAGE("Real total: ", certificates, " certificates, ", decomposed, " with a proper decomposition");
}

TEST_CASE("LRA interpolants, randomized over Int: certificates with the tightening") {
    for (uint32_t seed : {11u, 12u}) {
        RandomRun run(seed, smt::SortTable::Int);
        RandomRun::Figures f = run.run(400, seed == 11 ? 10 : 0);
        report("Int", seed, f);
        CHECK(f.failures == 0);
        CHECK(f.z3_failures == 0);
        CHECK(f.certificates >= 40);
        CHECK(f.tightened > 0);
    }
}
