#pragma once
// Test helpers for EUF interpolants: literal sets with sides, independent checks of an
// interpolant with fresh smt::Solvers over the same TermManager, and an optional re-check
// with z3 (SMT-LIB text through the printer).
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../oracle.hpp"
#include "itp/coloring.hpp"
#include "itp/theory_interpolants.hpp"
#include "smt/solver.hpp"
#include "smt/terms/printer.hpp"

namespace craig::itp::test {

inline Term literal_formula(TermManager& tm, const SidedLiteral& l) { return l.value ? l.atom : tm.mk_not(l.atom); }

inline std::vector<Term> side_formulas(TermManager& tm, const std::vector<SidedLiteral>& lits, Side s) {
    std::vector<Term> out;
    for (const SidedLiteral& l : lits)
        if (l.side == s) out.push_back(literal_formula(tm, l));
    return out;
}

// Unsat of the conjunction of `fs` (a fresh solver each time).
inline bool unsat(TermManager& tm, const std::vector<Term>& fs) {
    smt::Solver s(tm);
    for (Term f : fs) s.assert_formula(f);
    return s.check() == smt::Result::Unsat;
}

// What failed, or empty: A ⊨ I, I ∧ B unsat, I over shared symbols.
inline std::string interpolant_error(TermManager& tm, const std::vector<SidedLiteral>& lits, Coloring& coloring,
                                     Term itp) {
    std::vector<Term> a = side_formulas(tm, lits, Side::A);
    std::vector<Term> b = side_formulas(tm, lits, Side::B);
    a.push_back(tm.mk_not(itp));
    if (!unsat(tm, a)) return "A does not imply I";
    b.push_back(itp);
    if (!unsat(tm, b)) return "I and B are satisfiable";
    std::vector<FuncId> syms;
    collect_symbols(tm, itp, syms);
    for (FuncId f : syms)
        if (!coloring.symbol_shared(f)) return "I mentions the non-shared symbol " + tm.func(f).name;
    return "";
}

inline std::optional<Term> interpolate(TermManager& tm, const std::vector<SidedLiteral>& lits, Coloring& coloring,
                                       EufSystem system, std::string* why = nullptr) {
    ItpOptions o;
    o.euf = system;
    std::string w;
    auto r = euf_interpolant(tm, lits, coloring, o, &w);
    if (why) *why = w;
    return r;
}

// Coloring by explicit symbol sides (shared symbols may occur on one side of a conflict only).
inline Coloring coloring_of(const TermManager& tm, const std::vector<FuncId>& a_local,
                            const std::vector<FuncId>& b_local) {
    std::vector<uint8_t> sides(tm.num_funcs(), kInA | kInB);
    for (FuncId f : a_local) sides[f] = kInA;
    for (FuncId f : b_local) sides[f] = kInB;
    return Coloring(tm, std::move(sides));
}

// z3's answer on the conjunction of `fs` ("sat", "unsat", ...); declarations from the
// TermManager's user symbols (uninterpreted sorts are declared from the symbols' sorts).
inline std::string z3_check(const TermManager& tm, const std::vector<Term>& fs) {
    std::ostringstream out;
    out << "(set-logic QF_UFLIA)\n";
    std::vector<bool> declared(tm.sorts().size(), false);
    auto declare_sort = [&](smt::Sort s) {
        if (tm.sorts().is_uninterpreted(s) && !declared[s.id]) {
            declared[s.id] = true;
            out << "(declare-sort " << tm.sorts().to_string(s) << " 0)\n";
        }
    };
    for (FuncId f = 0; f < tm.num_funcs(); ++f) {
        const smt::FuncDecl& d = tm.func(f);
        for (smt::Sort s : d.domain) declare_sort(s);
        declare_sort(d.range);
        out << "(declare-fun " << smt::quote_symbol(d.name) << " (";
        for (size_t i = 0; i < d.domain.size(); ++i) out << (i ? " " : "") << tm.sorts().to_string(d.domain[i]);
        out << ") " << tm.sorts().to_string(d.range) << ")\n";
    }
    for (Term f : fs) out << "(assert " << smt::term_to_string(tm, f) << ")\n";
    out << "(check-sat)\n";
    std::string answer;
    for (const std::string& line : craig::test::z3_lines(out.str(), 20)) answer += (answer.empty() ? "" : "\n") + line;
    return answer;
}

}  // namespace craig::itp::test
