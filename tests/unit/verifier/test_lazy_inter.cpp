// InterLA (verifier/lazy/inter_search.hpp, engine lazy-inter): lazy annotation over the
// procedural model with negative summaries. Every final location label is checked to be
// justified with fresh solvers (the τ-instrumented semantics: a label l:φ of procedure P over
// P's state, P's exit values and τ holds when no step of l's out-edges leads from φ to a state
// outside the successor's labels; a call steps through the callee's entry labels), every verdict
// goes through the certification gate (contracts by Hoare's rule, counterexamples replayed on the
// C program), and the paper's examples (call1, rec1) are proved.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "frontend/frontend.hpp"
#include "lowered_program.hpp"
#include "smt/solver.hpp"
#include "smt/terms/printer.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/certify/contracts.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/lazy/inter_search.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/program/procedures.hpp"

using namespace craig;
using namespace craig::verifier;

namespace {

struct Model : test::ProceduralProgram {
    std::unique_ptr<Program> inlined, blocks;
    explicit Model(const std::string& code) : ProceduralProgram(code) {
        inlined = std::make_unique<Program>(lower(tu, tm));
        blocks = std::make_unique<Program>(large_block(*inlined));
    }
    smt::Term num(long v) { return tm.mk_numeral(v, smt::SortTable::Int); }
    ProcId proc(const std::string& name) const {
        for (ProcId i = 0; i < ps.procs.size(); ++i)
            if (ps.procs[i].name == name) return i;
        FAIL("no procedure " << name);
        return 0;
    }
};

bool unsat(smt::TermManager& tm, const std::vector<smt::Term>& fs) {
    smt::Solver s(tm);
    for (smt::Term f : fs) s.assert_formula(f);
    return s.check() == smt::Result::Unsat;
}

smt::Term fresh_like(smt::TermManager& tm, smt::Term c, const std::string& tag) {
    const auto& d = tm.func(tm.func_of(c));
    return tm.mk_const(tm.fresh_fun(d.name + tag, {}, d.range));
}

// The call graph reaches `to` from `from`.
bool reaches(const Model& m, ProcId from, ProcId to) {
    std::vector<char> seen(m.ps.procs.size(), 0);
    std::vector<ProcId> todo{from};
    while (!todo.empty()) {
        const ProcId p = todo.back();
        todo.pop_back();
        if (p == to) return true;
        if (seen[p]) continue;
        seen[p] = 1;
        for (const ProcCall& c : m.ps.procs[p].calls) todo.push_back(c.callee);
    }
    return false;
}

// Every location label of the outcome is justified; returns how many were checked.
std::size_t check_justified(Model& m, const InterOutcome& r) {
    smt::TermManager& tm = m.tm;
    const Program& p = *m.ps.plain;
    auto at = [&](ProcId q, std::uint32_t l) {
        std::vector<smt::Term> d = r.labels[q][l];
        d.push_back(tm.mk_lt(r.tau, m.num(0)));
        return tm.mk_or(d);
    };
    std::size_t checked = 0;
    for (ProcId q = 0; q < m.ps.procs.size(); ++q) {
        const Procedure& pr = m.ps.procs[q];
        auto not_next = [&](std::uint32_t l) {  // ¬A(l) at the next constants
            if (l == pr.exit) {
                std::vector<smt::Term> same;
                for (VarId v : pr.returns) same.push_back(tm.mk_eq(r.exit[v], p.vars[v].next));
                return tm.mk_and(same);
            }
            std::unordered_map<smt::Term, smt::Term, smt::TermHash> to;
            for (VarId v : pr.vars) to[p.vars[v].cur] = p.vars[v].next;
            return tm.mk_not(tm.substitute(at(q, l), to));
        };
        for (std::uint32_t e = 0; e < pr.edges.size(); ++e) {
            const Edge& edge = pr.edges[e];
            std::vector<smt::Term> step;
            std::vector<VarId> written = edge.writes;
            if (pr.call[e] != kNoCall) {
                const ProcCall& c = pr.calls[pr.call[e]];
                const Procedure& callee = m.ps.procs[c.callee];
                // The callee's entry labels over fresh copies of its state, exit values and τ (τ - 1 on
                // a recursive call, which needs τ >= 1: the call is only taken then).
                std::unordered_map<smt::Term, smt::Term, smt::TermHash> to;
                for (VarId v : callee.vars) to[p.vars[v].cur] = fresh_like(tm, p.vars[v].cur, "@jc");
                std::vector<smt::Term> res;
                for (VarId v : callee.returns) res.push_back(to[r.exit[v]] = fresh_like(tm, r.exit[v], "@jx"));
                const smt::Term tau_c = fresh_like(tm, r.tau, "@jt");
                to[r.tau] = tau_c;
                for (std::size_t j = 0; j < callee.params.size(); ++j)
                    step.push_back(tm.mk_eq(to.at(p.vars[callee.params[j]].cur), c.args[j]));
                for (std::size_t j = 0; j < c.results.size(); ++j)
                    step.push_back(tm.mk_eq(p.vars[c.results[j]].next, res[j]));
                step.push_back(tm.mk_not(tm.substitute(at(c.callee, callee.entry), to)));
                // A recursive call (the callee reaches the caller) is taken with τ >= 1 and gives τ - 1.
                if (reaches(m, c.callee, q)) {
                    step.push_back(tm.mk_eq(tau_c, tm.mk_sub(r.tau, m.num(1))));
                    step.push_back(tm.mk_geq(r.tau, m.num(1)));
                } else {
                    step.push_back(tm.mk_eq(tau_c, r.tau));
                }
                written = c.results;
            } else {
                step.push_back(edge.formula);
            }
            for (VarId v : pr.vars)
                if (std::find(written.begin(), written.end(), v) == written.end())
                    step.push_back(tm.mk_eq(p.vars[v].next, p.vars[v].cur));
            for (smt::Term phi : r.labels[q][edge.src]) {
                std::vector<smt::Term> q_ = step;
                q_.push_back(phi);
                q_.push_back(tm.mk_geq(r.tau, m.num(0)));
                q_.push_back(not_next(edge.dst));
                CHECK_MESSAGE(unsat(tm, q_),
                              "label of " << pr.name << " not justified: " << smt::term_to_string(tm, phi));
                ++checked;
            }
        }
    }
    return checked;
}

InterOutcome run(Model& m, unsigned tau0 = 1, bool tau_free_first = false) {
    LazyOptions o;
    o.tau0 = tau0;
    o.tau_free_first = tau_free_first;
    return lazy_interprocedural(m.ps, o, base::Budget::seconds(60));
}

// The engine through the registry, its verdict through the gate.
Verdict engine(Model& m) {
    const EngineInfo* info = builtin_engines().find("lazy-inter");
    REQUIRE(info != nullptr);
    REQUIRE(info->procedural());
    Verdict v = info->make_procedural(info->defaults())->solve_procedures(m.ps, base::Budget::seconds(60));
    if (v.kind != VerdictKind::Unknown) {
        const Certified c = certify(v, *m.blocks, m.tu, {}, CertifyOptions{}, base::Budget::seconds(60), &m.ps);
        CHECK_MESSAGE(c.kind == v.kind, "the gate rejects the verdict: " << c.reason);
    }
    return v;
}

// The paper's call1 (§1): foo's negative summary x' < x... here x' <= y (foo sets x to y + 1),
// learned at the first call and enough for the second.
const char* kCall1 =
    "int x, y; void foo(void) { x = y + 1; }\n"
    "int main(void) { x = __VERIFIER_nondet_int(); y = __VERIFIER_nondet_int();"
    " foo(); if (x < y) reach_error(); foo(); if (x <= y) reach_error(); return 0; }\n";
// The paper's rec1 (§1): a recursive procedure whose summary needs τ and strengthening.
const char* kRec1 =
    "int f(int n) { if (n <= 0) return 0; return f(n - 1) + 1; }\n"
    "int main(void) { int a = __VERIFIER_nondet_int(); int r = f(a); if (r < 0) reach_error(); return 0; }\n";
const char* kRecBug =
    "int f(int n) { if (n <= 0) return 0; return f(n - 1) + 1; }\n"
    "int main(void) { int a = __VERIFIER_nondet_int(); int r = f(a); if (r == 3) reach_error(); return 0; }\n";
// One function, four calling contexts, one summary (|v| >= 0 on the bounded range).
const char* kContexts =
    "int abs1(int v) { if (v < 0) return -v; return v; }\n"
    "int main(void) { int a = __VERIFIER_nondet_int(); if (a < -1000 || a > 1000) return 0;"
    " int p = abs1(a); int q = abs1(a + 1); int r = abs1(a - 1); int s = abs1(2 * a);"
    " if (p < 0 || q < 0 || r < 0 || s < 0) reach_error(); return 0; }\n";
const char* kLoop =
    "int main(void) { int n = __VERIFIER_nondet_int(); int i = 0, s = 0;"
    " while (i < n) { i++; s += 2; } if (n >= 0 && s != 2 * n) reach_error(); return 0; }\n";

}  // namespace

TEST_CASE("lazy-inter: call1 is proved with justified negative summaries and contracts the gate accepts") {
    Model m(kCall1);
    const InterOutcome r = run(m);
    REQUIRE(r.complete);
    CHECK_FALSE(r.reached);
    CHECK(check_justified(m, r) > 0);
    CHECK(r.inter.activations >= 1);
    CHECK(r.inter.call_labels >= 1);
    CHECK(check_contracts(m.ps, r.contracts, smt::SolverOptions{}).outcome == InvariantOutcome::Valid);
    // foo's contract is a real summary: it excludes x' <= y.
    const ProcId foo = m.proc("foo");
    const Program& p = *m.ps.plain;
    VarId x = 0, y = 0;
    for (VarId v = 0; v < p.vars.size(); ++v) {
        if (p.vars[v].name == "x") x = v;
        if (p.vars[v].name == "y") y = v;
    }
    CHECK(unsat(m.tm, {r.contracts[foo].summary, m.tm.mk_leq(p.vars[x].next, p.vars[y].cur)}));
    CHECK(engine(m).kind == VerdictKind::True);
}

TEST_CASE("lazy-inter: rec1's recursion is cut by tau; its summary at tau's bottom is the certificate") {
    Model m(kRec1);
    const InterOutcome r = run(m);
    REQUIRE(r.complete);
    CHECK(check_justified(m, r) > 0);
    // f's contract is the summary main needs: f never returns a negative value.
    const ProcId f = m.proc("f");
    const Program& p = *m.ps.plain;
    for (VarId v = 0; v < p.vars.size(); ++v)
        if (p.vars[v].name == "f::return")
            CHECK(unsat(m.tm, {r.contracts[f].summary, m.tm.mk_lt(p.vars[v].next, m.num(0))}));
    CHECK(check_contracts(m.ps, r.contracts, smt::SolverOptions{}).outcome == InvariantOutcome::Valid);
    CHECK(engine(m).kind == VerdictKind::True);
}

TEST_CASE("lazy-inter: a bug three calls deep is found and replayed") {
    Model m(kRecBug);
    const InterOutcome r = run(m);
    CHECK(r.reached);
    CHECK_FALSE(r.cex.plain_path.empty());
    CHECK(engine(m).kind == VerdictKind::False);
}

TEST_CASE("lazy-inter: one function in several contexts; loops as tail-recursive procedures") {
    for (const char* code : {kContexts, kLoop}) {
        Model m(code);
        const InterOutcome r = run(m);
        REQUIRE(r.complete);
        CHECK(check_justified(m, r) > 0);
        CHECK(check_contracts(m.ps, r.contracts, smt::SolverOptions{}).outcome == InvariantOutcome::Valid);
        CHECK(engine(m).kind == VerdictKind::True);
    }
}

TEST_CASE("lazy-inter: a program without a reachable error is TRUE at once") {
    Model m("int main(void) { int a = __VERIFIER_nondet_int(); return a; }\n");
    const InterOutcome r = run(m);
    CHECK(r.complete);
    CHECK(r.stats.decisions == 0);
    CHECK(engine(m).kind == VerdictKind::True);
}

TEST_CASE("lazy-inter: a loop's summary reaches its caller over the tail call (Strengthen carries it)") {
    // step's loop needs up to 100 iterations: the search blocks its caller's paths with "no exit
    // within tau" labels, which tau = 0 drops; the loop procedure's summary ret' >= x, carried
    // back to step's entry, proves main (bench/gen_calls.py, k = 2).
    Model m(
        "int step(int x, int n) { int i = 0; if (n > 100) n = 100; while (i < n) { i++; x++; } return x; }\n"
        "int main(void) { int s = 0; s = step(s, __VERIFIER_nondet_int()); s = step(s, __VERIFIER_nondet_int());"
        " if (s < 0) reach_error(); return 0; }\n");
    const InterOutcome r = run(m);
    REQUIRE(r.complete);
    CHECK(r.inter.carried_labels > 0);
    CHECK(r.stats.tau0 == 1);
    CHECK(check_justified(m, r) > 0);
    CHECK(check_contracts(m.ps, r.contracts, smt::SolverOptions{}).outcome == InvariantOutcome::Valid);
    CHECK(engine(m).kind == VerdictKind::True);
    // --lazy-tau-free: labels learned with tau free in B, valid for every tau, and still justified.
    const InterOutcome f = run(m, 1, true);
    REQUIRE(f.complete);
    CHECK(f.inter.tau_free_labels > 0);
    CHECK(check_justified(m, f) > 0);
    CHECK(check_contracts(m.ps, f.contracts, smt::SolverOptions{}).outcome == InvariantOutcome::Valid);
}
