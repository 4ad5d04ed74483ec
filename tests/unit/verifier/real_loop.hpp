// Test helper: a hand-made Real program (as craig chc makes them) for the engines' tests.
#pragma once

#include <vector>

#include "verifier/program/program.hpp"

namespace craig::test {

// A hand-made Real program (as craig chc makes them): entry -> 1 by x, y := 0, 10; loop 1 -> 1 by
// [x < 10] x += 1/2, y -= 1/2; error 1 -> 2 by [x + y != 10] (safe) or [y < -k] (unsafe for k < 1/2... ).
struct RealLoop {
    smt::TermManager tm;
    verifier::Program p{tm};
    explicit RealLoop(smt::Term (*bad)(RealLoop&)) {
        const auto type = frontend::Type::of(frontend::TypeKind::Int);
        p.add_var("x", "", type, true, false, UINT32_MAX, smt::SortTable::Real);
        p.add_var("y", "", type, true, false, UINT32_MAX, smt::SortTable::Real);
        for (int l = 0; l < 3; ++l) {
            p.add_location({}, "");
            p.locs.back().cut_point = true;
        }
        auto edge = [&](verifier::LocId a, verifier::LocId b, smt::Term f, std::vector<verifier::VarId> writes) {
            verifier::Edge e;
            e.src = a;
            e.dst = b;
            e.formula = f;
            e.writes = std::move(writes);
            p.add_edge(e);
        };
        const smt::Term x = x_(), y = y_(), x1 = p.vars[0].next, y1 = p.vars[1].next;
        edge(0, 1, tm.mk_and(tm.mk_eq(x1, r(0)), tm.mk_eq(y1, r(10))), {0, 1});
        edge(1, 1,
             tm.mk_and(std::vector<smt::Term>{tm.mk_lt(x, r(10)), tm.mk_eq(x1, tm.mk_add(std::vector<smt::Term>{x, r(mpq_class(1, 2))})),
                                              tm.mk_eq(y1, tm.mk_sub(y, r(mpq_class(1, 2))))}),
             {0, 1});
        edge(1, 2, bad(*this), {});
        p.entry = 0;
        p.error = 2;
        p.index();
    }
    smt::Term x_() const { return p.vars[0].cur; }
    smt::Term y_() const { return p.vars[1].cur; }
    smt::Term r(const mpq_class& c) { return tm.mk_numeral(c, smt::SortTable::Real); }
};

}  // namespace craig::test
