#pragma once
// Helpers of the LRA interpolation tests: certificates from literals, the interpolant checks
// (A ⊨ I, I ∧ B unsat, shared symbols) and the strength order, all decided by a fresh
// smt::Solver on the same TermManager.
#include <doctest/doctest.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "itp/coloring.hpp"
#include "itp/options.hpp"
#include "itp/theory_interpolants.hpp"
#include "smt/lra_certificate.hpp"
#include "smt/solver.hpp"
#include "term_fixture.hpp"

namespace craig::itp::test {

inline constexpr std::array<LraSystem, 5> all_systems = {LraSystem::Farkas, LraSystem::DualFarkas, LraSystem::Flexible,
                                                         LraSystem::DecomposedFarkas, LraSystem::DualDecomposedFarkas};

// One interpolation problem of a single conflict.
struct Problem {
    std::vector<smt::LraCertificateEntry> entries;
    std::vector<Side> sides;
    std::vector<Term> a_lits, b_lits;  // the entries' literals by side
    std::shared_ptr<Coloring> coloring;
};

struct LraFixture : TermFixture {
    Term x = real("x"), y = real("y"), s = real("s"), t = real("t");

    Term literal_of(const smt::LraCertificateEntry& e) { return e.value ? e.atom : tm.mk_not(e.atom); }

    static smt::LraCertificateEntry entry_of(const TermManager& tm, Term lit, const mpq_class& lambda) {
        bool neg = tm.kind(lit) == smt::Kind::Not;
        return smt::LraCertificateEntry{neg ? tm.child(lit, 0) : lit, !neg, true, lambda};
    }

    // The certificate with weights `lambdas` (A literals first): equations get the side that makes
    // it valid (every combination is tried). Fails the test when no combination is valid.
    Problem certify(const std::vector<Term>& A, const std::vector<Term>& B, const std::vector<mpq_class>& lambdas) {
        Problem p;
        std::vector<Term> lits = A;
        lits.insert(lits.end(), B.begin(), B.end());
        REQUIRE(lits.size() == lambdas.size());
        std::vector<size_t> eqs;
        for (size_t i = 0; i < lits.size(); ++i) {
            if (lambdas[i] == 0) continue;  // unused literal (still part of the coloring)
            p.entries.push_back(entry_of(tm, lits[i], lambdas[i]));
            p.sides.push_back(i < A.size() ? Side::A : Side::B);
            (i < A.size() ? p.a_lits : p.b_lits).push_back(lits[i]);
            if (tm.kind(p.entries.back().atom) == smt::Kind::Eq) eqs.push_back(p.entries.size() - 1);
        }
        bool ok = false;
        for (uint32_t mask = 0; mask < (1u << eqs.size()) && !ok; ++mask) {
            for (size_t k = 0; k < eqs.size(); ++k) p.entries[eqs[k]].upper = (mask >> k) & 1;
            ok = smt::check_lra_certificate(tm, p.entries, nullptr);
        }
        REQUIRE_MESSAGE(ok, "the hand-made certificate is invalid");
        p.coloring = std::make_shared<Coloring>(Coloring::of_sides(tm, A, B));
        return p;
    }

    std::optional<Term> try_itp(const Problem& p, LraSystem sys, const mpq_class& alpha, std::string* why) {
        ItpOptions o;
        o.lra = sys;
        o.lra_strength_factor = alpha;
        return lra_interpolant(tm, p.entries, p.sides, *p.coloring, o, why);
    }
    Term itp(const Problem& p, LraSystem sys, const mpq_class& alpha = mpq_class(1, 2)) {
        std::string why;
        auto r = try_itp(p, sys, alpha, &why);
        REQUIRE_MESSAGE(r.has_value(), name(sys), ": ", why);
        return *r;
    }

    bool unsat(const std::vector<Term>& fs) {
        smt::Solver solver(tm);
        for (Term f : fs) solver.assert_formula(f);
        smt::Result r = solver.check();
        REQUIRE(r != smt::Result::Unknown);
        return r == smt::Result::Unsat;
    }
    bool implies(Term a, Term b) { return unsat({a, tm.mk_not(b)}); }
    bool equivalent(Term a, Term b) { return implies(a, b) && implies(b, a); }

    // A-literals ⊨ I, I ∧ B-literals unsat, every symbol of I shared. Returns true if all hold.
    bool is_interpolant(const Problem& p, Term I) {
        std::vector<Term> a = p.a_lits;
        a.push_back(tm.mk_not(I));
        std::vector<Term> b = p.b_lits;
        b.push_back(I);
        bool ok_a = unsat(a), ok_b = unsat(b);
        std::vector<FuncId> syms;
        collect_symbols(tm, I, syms);
        bool shared = true;
        for (FuncId f : syms) shared = shared && p.coloring->symbol_shared(f);
        CHECK(ok_a);
        CHECK(ok_b);
        CHECK(shared);
        return ok_a && ok_b && shared;
    }

    // Every system (and α in {0, 1/3, 1/2, 1}) gives an interpolant, and
    //   DecomposedFarkas ⊨ Farkas = Flexible(0) ⊨ Flexible(1/3) ⊨ Flexible(1/2)
    //     ⊨ Flexible(1) = DualFarkas ⊨ DualDecomposedFarkas.
    // Returns the number of failed checks (0 when all hold).
    int check_all_systems(const Problem& p) {
        int failures = 0;
        Term dec = itp(p, LraSystem::DecomposedFarkas);
        Term far = itp(p, LraSystem::Farkas);
        Term f0 = itp(p, LraSystem::Flexible, 0);
        Term f13 = itp(p, LraSystem::Flexible, mpq_class(1, 3));
        Term f12 = itp(p, LraSystem::Flexible, mpq_class(1, 2));
        Term f1 = itp(p, LraSystem::Flexible, 1);
        Term dual = itp(p, LraSystem::DualFarkas);
        Term ddec = itp(p, LraSystem::DualDecomposedFarkas);
        for (Term I : {dec, far, f13, f12, dual, ddec}) failures += !is_interpolant(p, I);
        CHECK(f0 == far);
        CHECK(f1 == dual);
        failures += (f0 != far) + (f1 != dual);
        const Term chain[] = {dec, far, f13, f12, dual, ddec};
        for (size_t i = 0; i + 1 < std::size(chain); ++i) {
            bool ok = implies(chain[i], chain[i + 1]);
            CHECK_MESSAGE(ok, "strength order broken at step ", i);
            failures += !ok;
        }
        return failures;
    }
};

}  // namespace craig::itp::test
