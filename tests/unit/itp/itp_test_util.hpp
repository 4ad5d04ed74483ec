#pragma once
// Test helpers for interpolation: solve partitioned assertions with proofs, interpolate, check.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "itp/coloring.hpp"
#include "itp/interpolant_check.hpp"
#include "itp/interpolation.hpp"
#include "smt/solver.hpp"

namespace craig::itp::test {

using smt::Term;

inline smt::SolverOptions proof_options() {
    smt::SolverOptions o;
    o.produce_proofs = true;
    o.check_certificates = true;
    return o;
}

// The partitioned problem solved once: keeps the solver alive while its proof is used.
struct Partitioned {
    smt::TermManager& tm;
    std::vector<std::vector<Term>> parts;
    std::vector<uint32_t> partition_of_assertion;
    smt::Solver solver;

    Partitioned(smt::TermManager& tm, std::vector<std::vector<Term>> p, bool tracked = false)
        : tm(tm), parts(std::move(p)), solver(tm, proof_options()) {
        for (uint32_t i = 0; i < parts.size(); ++i)
            for (Term t : parts[i]) {
                smt::AssertionId id = solver.assert_formula(t, tracked);
                if (partition_of_assertion.size() <= id) partition_of_assertion.resize(id + 1, kNoPartition);
                partition_of_assertion[id] = i;
            }
    }
    // Does every partition's conjunction keep the symbols of its formulas? (mk_and simplifies,
    // e.g. p ∧ ¬p to false; the checker then sees fewer symbols than the interpolator.)
    bool conjunctions_keep_symbols() const;
    std::vector<Term> formulas() const {
        std::vector<Term> f;
        for (const auto& p : parts) f.push_back(tm.mk_and(p));
        return f;
    }
};

// Is a ⇒ b valid (a ∧ ¬b unsat)? Fresh solver.
inline bool Partitioned::conjunctions_keep_symbols() const {
    for (const auto& p : parts) {
        std::vector<FuncId> all, conj;
        for (Term t : p) collect_symbols(tm, t, all);
        collect_symbols(tm, tm.mk_and(p), conj);
        if (all.size() != conj.size()) return false;
    }
    return true;
}

inline bool implies(smt::TermManager& tm, Term a, Term b) {
    smt::Solver s(tm);
    s.assert_formula(a);
    s.assert_formula(tm.mk_not(b));
    smt::Result r = s.check();
    REQUIRE(r != smt::Result::Unknown);
    return r == smt::Result::Unsat;
}

inline bool equivalent(smt::TermManager& tm, Term a, Term b) { return implies(tm, a, b) && implies(tm, b, a); }

// Tree interpolation of a solved problem, required to succeed and to pass the checker.
inline std::vector<Term> checked_tree(Partitioned& p, std::span<const uint32_t> start, const ItpOptions& o,
                                      InterpolationStats* stats = nullptr) {
    smt::SmtProof proof = p.solver.proof();
    InterpolationResult r = tree_interpolants(p.tm, proof, p.partition_of_assertion, start, o);
    INFO("bool " << std::string(name(o.boolean)) << ", lra " << std::string(name(o.lra)) << ": " << r.unknown_reason);
    REQUIRE(r.ok());
    REQUIRE(r.interpolants.size() + 1 == p.parts.size());
    std::vector<Term> f = p.formulas();
    CheckReport c = check_tree_interpolants(p.tm, f, start, r.interpolants);
    INFO(c.why);
    CHECK(c.outcome == CheckOutcome::Valid);
    if (stats) *stats = r.stats;
    return r.interpolants;
}

inline std::vector<Term> checked_sequence(Partitioned& p, const ItpOptions& o, InterpolationStats* stats = nullptr) {
    std::vector<uint32_t> start(p.parts.size(), 0);
    return checked_tree(p, start, o, stats);
}

inline const BoolSystem kBoolSystems[] = {BoolSystem::McMillan, BoolSystem::Pudlak, BoolSystem::McMillanPrime};
inline const LraSystem kLraSystems[] = {LraSystem::Farkas, LraSystem::DualFarkas};

}  // namespace craig::itp::test
