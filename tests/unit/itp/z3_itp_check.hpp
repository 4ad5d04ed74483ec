#pragma once
// z3 as the oracle of a binary interpolant of a Bool / Real problem (../oracle.hpp): A ∧ ¬I and
// I ∧ B are asked in one z3 run, and I may only mention symbols of both A and B.
#include <doctest/doctest.h>

#include <algorithm>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "../oracle.hpp"
#include "itp/coloring.hpp"
#include "itp_test_util.hpp"
#include "random_problems.hpp"
#include "smt/terms/printer.hpp"

namespace craig::itp::test {

// Declarations of the symbols of `terms` (constants of sort Bool or Real).
inline std::string bool_real_declarations(smt::TermManager& tm, std::span<const smt::Term> terms) {
    std::vector<FuncId> syms;
    for (smt::Term t : terms) collect_symbols(tm, t, syms);
    std::ostringstream out;
    for (FuncId f : syms)
        out << "(declare-fun " << smt::quote_symbol(tm.func(f).name) << " () "
            << (tm.func(f).range == smt::SortTable::Bool ? "Bool" : "Real") << ")\n";
    return out.str();
}

// Checks with z3 that `i` is an interpolant of fa | fb (`logic`: QF_UF or QF_LRA).
inline void z3_check_binary(smt::TermManager& tm, const std::string& logic, smt::Term fa, smt::Term fb, smt::Term i) {
    smt::Term all[3] = {fa, fb, i};
    std::ostringstream s;
    s << "(set-logic " << logic << ")\n" << bool_real_declarations(tm, all);
    s << "(push 1)\n(assert ";
    smt::print_term(s, tm, fa);
    s << ")\n(assert (not ";
    smt::print_term(s, tm, i);
    s << "))\n(check-sat)\n(pop 1)\n(push 1)\n(assert ";
    smt::print_term(s, tm, i);
    s << ")\n(assert ";
    smt::print_term(s, tm, fb);
    s << ")\n(check-sat)\n(pop 1)\n";
    std::vector<std::string> out = craig::test::z3_lines(s.str(), 30);
    INFO(s.str());
    REQUIRE(out.size() == 2);
    CHECK(out[0] == "unsat");  // A ∧ ¬I unsat: A ⇒ I
    CHECK(out[1] == "unsat");  // I ∧ B unsat
    // Symbols: I only mentions symbols of both A and B.
    std::vector<FuncId> sa, sb, si;
    collect_symbols(tm, fa, sa);
    collect_symbols(tm, fb, sb);
    collect_symbols(tm, i, si);
    for (FuncId f : si) {
        CHECK(std::find(sa.begin(), sa.end(), f) != sa.end());
        CHECK(std::find(sb.begin(), sb.end(), f) != sb.end());
    }
}

// `problems` random two-partition problems from `first_seed` on (propositional on odd seeds, LRA
// on even ones): the binary interpolant of every Boolean system in `systems` with Farkas and
// dual Farkas, each checked by z3.
inline void z3_check_random_binaries(std::span<const BoolSystem> systems, uint32_t first_seed, uint32_t problems) {
    uint32_t found = 0, checked = 0;
    for (uint32_t seed = first_seed; found < problems && seed < first_seed + 5 * problems; ++seed) {
        smt::TermManager tm;
        const RandomLogic logic = seed % 2 ? RandomLogic::Propositional : RandomLogic::Lra;
        auto parts = RandomProblem::make(tm, logic, 2, seed);
        if (!parts) continue;
        Partitioned p(tm, *parts);
        if (!p.conjunctions_keep_symbols()) continue;
        ++found;
        REQUIRE(p.solver.check() == smt::Result::Unsat);
        smt::Term fa = tm.mk_and((*parts)[0]), fb = tm.mk_and((*parts)[1]);
        for (BoolSystem bs : systems)
            for (LraSystem ls : kLraSystems) {
                ItpOptions o;
                o.boolean = bs;
                o.lra = ls;
                smt::SmtProof proof = p.solver.proof();
                InterpolationResult r = binary_interpolant(tm, proof, p.partition_of_assertion, o);
                INFO("seed " << seed << " " << std::string(name(bs)) << "/" << std::string(name(ls)) << ": "
                             << r.unknown_reason);
                REQUIRE(r.ok());
                z3_check_binary(tm, logic == RandomLogic::Lra ? "QF_LRA" : "QF_UF", fa, fb, r.interpolants[0]);
                ++checked;
            }
    }
    MESSAGE("z3 agreed on " << checked << " interpolants of " << found << " problems");
    CHECK(found == problems);
}

}  // namespace craig::itp::test
