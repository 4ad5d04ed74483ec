#pragma once
// The fixture of the hand-made interpolation tests: a TermManager with an uninterpreted sort U
// and short constructors for constants, numerals, the connectives the tests spell out and the
// interpolation options. Test files derive from it for their own members (named terms, checks).
#include <string>
#include <vector>

#include "itp/options.hpp"
#include "smt/terms/term.hpp"

namespace craig::itp::test {

struct TermFixture {
    smt::TermManager tm;
    smt::Sort U = tm.sorts().uninterpreted("U");

    smt::Term constant(const std::string& n, smt::Sort s) { return tm.mk_const(tm.declare_fun(n, {}, s)); }
    smt::Term boolc(const std::string& n) { return constant(n, smt::SortTable::Bool); }
    smt::Term real(const std::string& n) { return constant(n, smt::SortTable::Real); }
    smt::Term integer(const std::string& n) { return constant(n, smt::SortTable::Int); }
    smt::Term uc(const std::string& n) { return constant(n, U); }
    smt::Term num(long p, long q = 1) { return tm.mk_numeral(mpq_class(p, q), smt::SortTable::Real); }
    smt::Term inum(long v) { return tm.mk_numeral(mpq_class(v), smt::SortTable::Int); }
    smt::Term add(smt::Term a, smt::Term b) { return tm.mk_add(std::vector<smt::Term>{a, b}); }
    smt::Term no(smt::Term a) { return tm.mk_not(a); }
    smt::Term or2(smt::Term a, smt::Term b) { return tm.mk_or(a, b); }
    smt::Term app(smt::FuncId f, smt::Term a) { return tm.mk_app(f, std::vector<smt::Term>{a}); }

    static ItpOptions opts(BoolSystem b, LraSystem l = LraSystem::Farkas, EufSystem e = EufSystem::Strong) {
        ItpOptions o;
        o.boolean = b;
        o.lra = l;
        o.euf = e;
        return o;
    }
};

}  // namespace craig::itp::test
