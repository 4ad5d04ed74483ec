// EUF interpolants of the conflicts the solver's EUF theory really produces: random A and B
// formulas (clauses of random literals, euf_random_problem.hpp) are solved with proofs, and
// every euf-conflict and transitivity leaf of the proof (both are EUF-valid clauses) is
// interpolated with both systems. Literals take the
// side of their atom's color (shared atoms a random side); conflicts with an AB-mixed atom
// (theory combination can make them) are counted and skipped.
#include <doctest/doctest.h>

#include <cstdlib>

#include "euf_itp_check.hpp"
#include "euf_random_problem.hpp"
#include "smt/proof.hpp"

using namespace craig;
using namespace craig::itp;
using namespace craig::itp::test;

TEST_CASE("euf itp: conflicts from the solver's proofs") {
    int problems = 0, conflicts = 0, cut = 0, mixed = 0, checked = 0, failures = 0;
    Shape shape;
    shape.consts = 3;
    shape.min_lits = 6;
    shape.max_lits = 14;
    for (uint32_t seed = 1; seed <= 20000 && problems < 400; ++seed) {
        INFO("seed " << seed);
        std::mt19937 rng(seed);
        EufRandomProblem p(rng, shape);
        // Clauses of one or two literals of a side.
        std::vector<Term> side_formulas[2];
        std::vector<Term> by_side[2];
        for (const SidedLiteral& l : p.lits) by_side[l.side == Side::A ? 0 : 1].push_back(literal_formula(p.tm, l));
        for (int s = 0; s < 2; ++s)
            for (size_t i = 0; i < by_side[s].size(); ++i) {
                Term f = by_side[s][i];
                if (rng() % 3 == 0) f = p.tm.mk_or(f, by_side[s][rng() % by_side[s].size()]);
                side_formulas[s].push_back(f);
            }
        smt::SolverOptions opts;
        opts.produce_proofs = true;
        smt::Solver solver(p.tm, opts);
        for (int s = 0; s < 2; ++s)
            for (Term f : side_formulas[s]) solver.assert_formula(f);
        if (solver.check() != smt::Result::Unsat) continue;
        ++problems;
        smt::SmtProof proof = solver.proof();
        Coloring col = coloring_of(p.tm, p.a_local, p.b_local);
        for (uint32_t n = 0; n < proof.resolution.num_nodes(); ++n) {
            if (!proof.resolution.is_leaf(n)) continue;
            const smt::LeafKind kind = proof.leaves[n].kind;
            if (kind != smt::LeafKind::EufConflict && kind != smt::LeafKind::Transitivity) continue;
            ++conflicts;
            std::vector<SidedLiteral> lits;
            bool has_mixed = false, has_a = false, has_b = false;
            for (sat::Lit l : proof.resolution.clause(n)) {
                Term atom = proof.var_terms[std::abs(l)];
                Color c = col.color(atom);
                if (c == Color::Mixed) has_mixed = true;
                Side side = c == Color::A ? Side::A : c == Color::B ? Side::B : (rng() % 2 ? Side::A : Side::B);
                (side == Side::A ? has_a : has_b) = true;
                lits.push_back({atom, l < 0, side});  // the clause negates the conflict
            }
            if (has_mixed) {
                ++mixed;
                continue;
            }
            if (has_a && has_b) ++cut;
            std::optional<Term> itp[2];
            for (EufSystem sys : {EufSystem::Strong, EufSystem::Weak}) {
                std::string why;
                std::optional<Term> i = interpolate(p.tm, lits, col, sys, &why);
                CHECK_MESSAGE(i, why);
                if (!i) {
                    ++failures;
                    continue;
                }
                std::string err = interpolant_error(p.tm, lits, col, *i);
                CHECK_MESSAGE(err == "", name(sys), ": ", err, " I = ", smt::term_to_string(p.tm, *i));
                if (err != "") ++failures;
                ++checked;
                itp[sys == EufSystem::Strong ? 0 : 1] = i;
            }
            if (itp[0] && itp[1] && !unsat(p.tm, {*itp[0], p.tm.mk_not(*itp[1])})) {
                ++failures;
                FAIL_CHECK("Strong does not imply Weak");
            }
        }
    }
    MESSAGE("EUF solver conflicts: ", problems, " unsat problems, ", conflicts,
            " euf conflict and transitivity leaves (", cut, " split by the cut, ", mixed,
            " with a mixed atom skipped), ", checked, " interpolants checked, ", failures, " failures");
    CHECK(cut >= 50);
    CHECK(failures == 0);
}
