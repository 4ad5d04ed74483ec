// The procedural model (program/procedures.hpp) and the contract check of the certification gate
// (certify/contracts.hpp): interfaces by mod/ref, loops as tail-recursive procedures, the error
// flag, and contracts that hold (Valid) or not (Invalid).
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "frontend/frontend.hpp"
#include "lowered_program.hpp"
#include "verifier/certify/contracts.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/procedures.hpp"
#include "verifier/witness/witness_contracts.hpp"

using namespace craig;
using namespace craig::verifier;

namespace {

struct Model : test::ProceduralProgram {
    using ProceduralProgram::ProceduralProgram;
    // By name; "f@" names the (only) loop procedure of f.
    ProcId proc(const std::string& name) const {
        for (ProcId i = 0; i < ps.procs.size(); ++i)
            if (ps.procs[i].name == name || (name.back() == '@' && ps.procs[i].name.rfind(name, 0) == 0)) return i;
        FAIL("no procedure " << name);
        return 0;
    }
    VarId var(const std::string& name) const {
        for (VarId v = 0; v < plain->vars.size(); ++v)
            if (plain->vars[v].name == name) return v;
        FAIL("no variable " << name);
        return 0;
    }
    smt::Term cur(const std::string& n) const { return plain->vars[var(n)].cur; }
    smt::Term next(const std::string& n) const { return plain->vars[var(n)].next; }
    smt::Term num(long v) { return tm.mk_numeral(v, smt::SortTable::Int); }
    std::vector<std::string> names(const std::vector<VarId>& vs) const {
        std::vector<std::string> out;
        for (VarId v : vs) out.push_back(plain->vars[v].name);
        return out;
    }
    std::vector<Contract> trivial() { return std::vector<Contract>(ps.procs.size(), {tm.mk_true(), tm.mk_true()}); }
    InvariantOutcome check(const std::vector<Contract>& cs) {
        return check_contracts(ps, cs, smt::SolverOptions{}).outcome;
    }
};

const char* kMc91 =
    "int mc91(int p) { if (p > 100) return p - 10; return mc91(mc91(p + 11)); }\n"
    "int main(void) { int x = __VERIFIER_nondet_int(); if (x <= 100) { int r = mc91(x); "
    "if (r < 91) reach_error(); } return 0; }\n";

}  // namespace

TEST_CASE("procedures: McCarthy 91 keeps its recursive calls, main returns the error flag") {
    Model m(kMc91);
    REQUIRE(m.ps.procs.size() == 2);
    const Procedure& mc = m.ps.procs[m.proc("mc91")];
    CHECK(m.names(mc.params) == std::vector<std::string>{"mc91::p"});
    CHECK(m.names(mc.returns) == std::vector<std::string>{"mc91::return"});
    CHECK(mc.calls.size() == 2);
    CHECK(mc.calls[0].callee == m.proc("mc91"));
    CHECK(m.names(m.ps.procs[0].returns) == std::vector<std::string>{"__error"});
    CHECK(m.ps.procs[0].topo.front() == m.ps.procs[0].entry);
}

TEST_CASE("contracts: mc91(p) >= 91 is proved by Hoare's recursion rule; a stronger claim is refuted") {
    Model m(kMc91);
    std::vector<Contract> cs = m.trivial();
    const ProcId mc = m.proc("mc91");
    cs[0].summary = m.tm.mk_eq(m.next("__error"), m.num(0));
    cs[mc].summary = m.tm.mk_geq(m.next("mc91::return"), m.num(91));
    CHECK(m.check(cs) == InvariantOutcome::Valid);
    cs[mc].summary = m.tm.mk_geq(m.next("mc91::return"), m.num(92));  // false for p = 101
    CHECK(m.check(cs) == InvariantOutcome::Invalid);
    cs[mc].summary = m.tm.mk_true();  // main's summary no longer follows
    CHECK(m.check(cs) == InvariantOutcome::Invalid);
    // Guards: mc91 with guard p <= 100 and summary r = 91 fails at the inner call (p + 11 may be 111)
    cs[mc].guard = m.tm.mk_leq(m.cur("mc91::p"), m.num(100));
    cs[mc].summary = m.tm.mk_eq(m.next("mc91::return"), m.num(91));
    CHECK(m.check(cs) == InvariantOutcome::Invalid);
    // ... and holds with guard p <= 111 and summary p <= 101 -> r = 91, p > 101 -> r = p - 10.
    cs[mc].guard = m.tm.mk_true();
    cs[mc].summary = m.tm.mk_and(
        m.tm.mk_implies(m.tm.mk_leq(m.cur("mc91::p"), m.num(101)), m.tm.mk_eq(m.next("mc91::return"), m.num(91))),
        m.tm.mk_implies(m.tm.mk_gt(m.cur("mc91::p"), m.num(101)),
                        m.tm.mk_eq(m.next("mc91::return"), m.tm.mk_sub(m.cur("mc91::p"), m.num(10)))));
    CHECK(m.check(cs) == InvariantOutcome::Valid);
}

TEST_CASE("procedures: a loop is a tail-recursive procedure, globals by mod/ref") {
    Model m(
        "int g;\n"
        "void inc(void) { g = g + 1; }\n"
        "int main(void) { int n = __VERIFIER_nondet_int(); int i = 0; g = 0;\n"
        "  while (i < n) { inc(); i++; }\n"
        "  if (n >= 0 && g != n) reach_error(); return 0; }\n");
    REQUIRE(m.ps.procs.size() == 3);
    const ProcId loop = m.proc("main@");
    CHECK(m.ps.procs[loop].name == "main@9:3");  // the line of the while after the 5-line prelude
    const ProcId inc = m.proc("inc");
    CHECK(m.names(m.ps.procs[inc].params) == std::vector<std::string>{"g"});
    CHECK(m.names(m.ps.procs[inc].returns) == std::vector<std::string>{"g"});
    CHECK(m.names(m.ps.procs[0].params).empty());
    CHECK(m.names(m.ps.procs[loop].returns) == std::vector<std::string>{"g", "__error"});
    // The loop procedure calls inc and itself.
    CHECK(m.ps.procs[loop].calls.size() == 2);

    std::vector<Contract> cs = m.trivial();
    smt::TermManager& tm = m.tm;
    cs[0].summary = tm.mk_eq(m.next("__error"), m.num(0));
    cs[inc].summary = tm.mk_eq(m.next("g"), tm.mk_add(std::vector{m.cur("g"), m.num(1)}));
    // The loop invariant as the guard (a hypothesis: main's call and the recursive call are in it,
    // so their results are the summary's) ...
    const smt::Term inv =
        tm.mk_or(tm.mk_lt(m.cur("main::n"), m.num(0)),
                 tm.mk_and(tm.mk_eq(m.cur("g"), m.cur("main::i")), tm.mk_leq(m.cur("main::i"), m.cur("main::n"))));
    cs[loop].guard = inv;
    cs[loop].summary = tm.mk_eq(m.next("__error"), m.num(0));
    CHECK(m.check(cs) == InvariantOutcome::Valid);
    // ... or as the implication under the guard `true`.
    cs[loop].guard = tm.mk_true();
    cs[loop].summary = tm.mk_implies(inv, tm.mk_eq(m.next("__error"), m.num(0)));
    CHECK(m.check(cs) == InvariantOutcome::Valid);
    // A guard that main's call is outside of tells main nothing: its summary does not follow.
    cs[loop].guard = tm.mk_gt(m.cur("main::i"), m.num(0));
    cs[loop].summary = tm.mk_implies(inv, tm.mk_eq(m.next("__error"), m.num(0)));
    CHECK(m.check(cs) == InvariantOutcome::Invalid);
    cs[loop].guard = tm.mk_true();
    // Without inc's summary the invariant is not kept at the recursive call.
    cs[inc].summary = tm.mk_true();
    CHECK(m.check(cs) == InvariantOutcome::Invalid);
    // A contract over a variable outside the interface is refused.
    cs[inc].summary = tm.mk_eq(m.next("main::n"), m.num(0));
    CHECK(m.check(cs) == InvariantOutcome::Invalid);
}

TEST_CASE("procedures: an error in a callee sets the flag and its callers return at once") {
    Model m(
        "void check(int x) { __VERIFIER_assert(x > 0); }\n"
        "int main(void) { int a = __VERIFIER_nondet_int(); if (a > 5) check(a); check(1); return 0; }\n");
    const ProcId check = m.proc("check");
    const ProcId assert_ = m.proc("__VERIFIER_assert");
    CHECK(m.names(m.ps.procs[check].returns) == std::vector<std::string>{"__error"});
    CHECK(m.names(m.ps.procs[assert_].returns) == std::vector<std::string>{"__error"});
    std::vector<Contract> cs = m.trivial();
    smt::TermManager& tm = m.tm;
    cs[0].summary = tm.mk_eq(m.next("__error"), m.num(0));
    // check(x) fails exactly when x <= 0; callers pass positive values.
    const smt::Term ok = tm.mk_eq(m.next("__error"), m.num(0));
    cs[check].summary = tm.mk_implies(tm.mk_gt(m.cur("check::x"), m.num(0)), ok);
    cs[assert_].summary = tm.mk_implies(tm.mk_not(tm.mk_eq(m.cur("__VERIFIER_assert::c"), m.num(0))), ok);
    CHECK(m.check(cs) == InvariantOutcome::Valid);
    cs[check].summary = ok;  // check(x) does fail for x <= 0
    CHECK(m.check(cs) == InvariantOutcome::Invalid);
}

TEST_CASE("witness contracts: a summary at each return, with the returned expression; left out with reasons") {
    Model m(
        "int g;\n"
        "int add(int a, int b) { if (a < 0) return 0; return a + b; }\n"
        "int bump(int x) { x = x + 1; return x; }\n"
        "int tick(void) { g = g + 1; return g; }\n"
        "int main(void) { int r = add(1, 2) + bump(3) + tick(); return r; }\n");
    smt::TermManager& tm = m.tm;
    std::vector<Contract> cs = m.trivial();
    // add: entered with a >= 0 it returns a value >= b.
    cs[m.proc("add")].guard = tm.mk_geq(m.cur("add::a"), m.num(0));
    cs[m.proc("add")].summary = tm.mk_geq(m.next("add::return"), m.cur("add::b"));
    // bump assigns its parameter: x at the return is not x at entry.
    cs[m.proc("bump")].summary = tm.mk_eq(m.next("bump::return"), tm.mk_add(std::vector{m.cur("bump::x"), m.num(1)}));
    // tick's summary relates g at entry to g at return.
    cs[m.proc("tick")].summary = tm.mk_eq(m.next("g"), tm.mk_add(std::vector{m.cur("g"), m.num(1)}));
    const WitnessInvariants w = witness_contracts(m.tu, m.ps, cs, "t.c");
    std::vector<std::string> values;
    for (const WitnessInvariant& i : w.invariants) {
        CHECK(i.location);
        CHECK(i.function == "add");
        values.push_back(i.value);
    }
    // Both returns of add, each with its own returned expression.
    REQUIRE(values.size() == 2);
    CHECK(values[0].find("(0)") != std::string::npos);
    CHECK(values[1].find("(a + b)") != std::string::npos);
    CHECK(values[0].rfind("!(", 0) == 0);  // the guard as the hypothesis
    REQUIRE(w.left_out.size() == 2);
    std::string reasons;
    for (const LeftOutLoop& l : w.left_out) reasons += l.reason + "\n";
    CHECK(reasons.find("parameter x, which the function assigns") != std::string::npos);
    CHECK(reasons.find("relates the value of g at entry to its value at return") != std::string::npos);
}
