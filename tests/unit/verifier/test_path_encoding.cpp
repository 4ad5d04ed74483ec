// The shared SSA encoding of paths and DAGs (encoding/path_encoding.hpp) on a hand-made
// program: L0 -> L1 by "x := 1" (e1) or "x := 2" (e2), L1 -> L2 by "y := x" (e3).
#include <doctest/doctest.h>

#include "smt/solver.hpp"
#include "verifier/encoding/path_encoding.hpp"

using namespace craig;
using verifier::PathEncoding;

namespace {

struct Diamond {
    smt::TermManager tm;
    verifier::Program p{tm};
    verifier::VarId x = 0, y = 0;
    verifier::EdgeId e1 = 0, e2 = 0, e3 = 0;
    Diamond() {
        const auto int_type = frontend::Type::of(frontend::TypeKind::Int);
        x = p.add_var("x", "x", int_type, true, false);
        y = p.add_var("y", "y", int_type, true, false);
        for (int i = 0; i < 3; ++i) p.add_location({}, "main");
        auto edge = [&](verifier::LocId a, verifier::LocId b, smt::Term f, verifier::VarId w) {
            verifier::Edge e;
            e.src = a;
            e.dst = b;
            e.formula = f;
            e.writes = {w};
            return p.add_edge(e);
        };
        e1 = edge(0, 1, tm.mk_eq(p.vars[x].next, num(1)), x);
        e2 = edge(0, 1, tm.mk_eq(p.vars[x].next, num(2)), x);
        e3 = edge(1, 2, tm.mk_eq(p.vars[y].next, p.vars[x].cur), y);
        p.entry = 0;
        p.index();
    }
    smt::Term num(int v) { return tm.mk_numeral(v, smt::SortTable::Int); }
    smt::Result check(std::initializer_list<smt::Term> fs) {
        smt::Solver s(tm);
        for (smt::Term f : fs) s.assert_formula(f);
        return s.check();
    }
};

}  // namespace

TEST_CASE("path encoding: a path keeps the versions its edges do not write") {
    Diamond d;
    PathEncoding enc(d.p);
    const auto r = enc.add_root("@r");
    const auto a = enc.add_step(r, d.e1, "@a");
    const auto b = enc.add_step(a, d.e3, "@b");
    CHECK(enc.state(a)[d.x] != enc.state(r)[d.x]);
    CHECK(enc.state(a)[d.y] == enc.state(r)[d.y]);  // e1 does not write y
    CHECK(enc.state(b)[d.x] == enc.state(a)[d.x]);
    // y = 1 after the path; y = 2 is impossible.
    const smt::Term y_is = enc.at(b, d.tm.mk_eq(d.p.vars[d.y].cur, d.num(2)));
    CHECK(d.check({enc.step(a), enc.step(b), y_is}) == smt::Result::Unsat);
    CHECK(d.check({enc.step(a), enc.step(b), enc.at(b, d.tm.mk_eq(d.p.vars[d.y].cur, d.num(1)))}) == smt::Result::Sat);
    // Back to cur constants: the node's versions only.
    CHECK(enc.to_cur(b, enc.state(b)[d.y]) == d.p.vars[d.y].cur);
    CHECK_FALSE(enc.to_cur(b, enc.state(r)[d.x]));  // an older version of x is not b's
}

TEST_CASE("path encoding: a join merges the versions that differ") {
    Diamond d;
    PathEncoding enc(d.p);
    const auto r = enc.add_root("@r");
    const PathEncoding::Incoming in[2] = {{r, d.e1}, {r, d.e2}};
    const auto j = enc.add_join(in, "@j");
    REQUIRE(enc.steps(j).size() == 2);
    CHECK(enc.state(j)[d.y] == enc.state(r)[d.y]);  // neither edge writes y: no merge
    const auto b = enc.add_step(j, d.e3, "@b");
    const smt::Term either = d.tm.mk_or(enc.steps(j)[0], enc.steps(j)[1]);
    auto y_is = [&](int v) { return enc.at(b, d.tm.mk_eq(d.p.vars[d.y].cur, d.num(v))); };
    CHECK(d.check({either, enc.step(b), y_is(1)}) == smt::Result::Sat);
    CHECK(d.check({either, enc.step(b), y_is(2)}) == smt::Result::Sat);
    CHECK(d.check({either, enc.step(b), y_is(3)}) == smt::Result::Unsat);
    // Each incoming formula alone fixes its value.
    CHECK(d.check({enc.steps(j)[0], enc.step(b), y_is(2)}) == smt::Result::Unsat);
}
