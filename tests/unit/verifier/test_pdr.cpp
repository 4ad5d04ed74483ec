// Engine pdr (engines/pdr/): TRUE verdicts whose frames the certification gate proves, FALSE
// verdicts whose inputs the gate replays, on C programs (Int) and a hand-made Real program, in
// every generalization mode; model-based projection against the solver; tampered certificates
// refused.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "smt/solver.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/pdr/mbp.hpp"
#include "verifier/engines/pdr/pdr.hpp"
#include "lowered_program.hpp"
#include "real_loop.hpp"
#include "tampered_certificate.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

constexpr const char* kModes[] = {"mic", "itp", "both"};

// The engine through the registry, as craig verify makes it.
verifier::Verdict run_pdr(const verifier::Program& blocks, const std::string& mode, unsigned ctg = 2,
                          std::string* dot = nullptr) {
    const verifier::EngineInfo* info = verifier::builtin_engines().find("pdr");
    REQUIRE(info);
    verifier::CommonSettings common;
    common.keep_arg = dot != nullptr;
    verifier::EngineSettings s = info->settings(common, {{"pdr-generalize", mode}, {"pdr-ctg", std::to_string(ctg)}});
    auto e = info->make(s);
    verifier::Verdict v = e->solve(blocks, test::test_budget(30));
    if (dot) {
        std::ostringstream out;
        CHECK(e->write_arg(out));
        *dot = out.str();
    }
    return v;
}

struct Task : test::LoweredTask {
    using LoweredTask::LoweredTask;
    // The verdict after the certification gate (TRUE: the invariants proved by fresh solvers;
    // FALSE: the inputs replayed on the C program).
    VerdictKind gate(const verifier::Verdict& v) {
        return verifier::certify(v, *blocks, tu, {}, verifier::CertifyOptions{}, test::test_budget(60)).kind;
    }
};

void expect(const char* code, VerdictKind want, std::vector<std::string> modes = {kModes, kModes + 3}) {
    for (const std::string& mode : modes) {
        CAPTURE(mode);
        Task t(code);
        const verifier::Verdict v = run_pdr(*t.blocks, mode);
        CAPTURE(v.reason);
        REQUIRE(v.kind == want);
        if (want == VerdictKind::True) {
            REQUIRE(v.certificate.invariants.size() == t.blocks->locs.size());
            CHECK(verifier::check_invariants(*t.blocks, v.certificate.invariants, {}).outcome ==
                  verifier::InvariantOutcome::Valid);
        }
        CHECK(t.gate(v) == want);
    }
}

const char* kCountToN =
    "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0);"
    " int x = 0; while (x < n) x++; __VERIFIER_assert(x == n); return 0; }";
const char* kEqualCounters =  // needs x == y across the loop
    "int main() { int n = __VERIFIER_nondet_int(); int x = 0, y = 0;"
    " while (x < n) { x++; y++; } if (n >= 0) __VERIFIER_assert(x == y); return 0; }";
const char* kSumToN =  // needs x + y == n
    "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 1000);"
    " int x = n, y = 0; while (x > 0) { x--; y++; } __VERIFIER_assert(y == n); return 0; }";
const char* kNested =
    "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 50); int i = 0, k = 0;"
    " while (i < n) { int j = 0; while (j < i) { j++; k++; } i++; }"
    " __VERIFIER_assert(k >= 0); return 0; }";
const char* kLock =  // McMillan CAV'06, figure 1
    "int main() { int lock = 0, old, new_ = __VERIFIER_nondet_int();\n"
    "  do { if (lock != 0) reach_error(); lock = 1; old = new_;\n"
    "       if (__VERIFIER_nondet_int()) { if (lock == 0) reach_error(); lock = 0; new_++; }\n"
    "  } while (new_ != old);\n"
    "  if (lock == 0) reach_error(); return 0; }";
const char* kTwoPhase =  // counts up to 10, then down; never below 0
    "int main() { int x = 0, up = 1;"
    " while (__VERIFIER_nondet_int()) { if (up) { x++; if (x == 10) up = 0; } else { x--; if (x == 0) up = 1; } }"
    " __VERIFIER_assert(x >= 0 && x <= 10); return 0; }";

}  // namespace

TEST_CASE("pdr: safe loops are proved with certificates the gate accepts, in every generalization mode") {
    expect(kCountToN, VerdictKind::True);
    expect(kEqualCounters, VerdictKind::True);
    // Literal dropping alone enumerates values of n here (its cubes are bounds around models);
    // the interpolants give x + y = n.
    expect(kSumToN, VerdictKind::True, {"itp", "both"});
    expect(kLock, VerdictKind::True);
    expect(kTwoPhase, VerdictKind::True);
    expect(kNested, VerdictKind::True);
}

TEST_CASE("pdr: unsafe loops give counterexamples the gate replays") {
    expect("int main() { int x = 0; while (x < 10) x++; if (x == 10) reach_error(); return 0; }", VerdictKind::False);
    expect("int main() { int n = __VERIFIER_nondet_int(); int x = 0, y = 0;"
           " while (x < n) { x++; if (x != 7) y++; } if (n >= 0) __VERIFIER_assert(x == y); return 0; }",
           VerdictKind::False);
    expect("int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 50); int i = 0, k = 0;"
           " while (i < n) { int j = 0; while (j < i) { j++; k++; } i++; }"
           " __VERIFIER_assert(k != 6); return 0; }",
           VerdictKind::False);
}

TEST_CASE("pdr: a FALSE verdict has the inputs in execution order") {
    Task t("int main() { int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();"
           " int i = 0; while (i < a) i++;"
           " if (i == 3 && b == i + 4) reach_error(); return 0; }");
    const verifier::Verdict v = run_pdr(*t.blocks, "mic");
    REQUIRE(v.kind == VerdictKind::False);
    REQUIRE(v.cex.inputs.size() == 2);
    CHECK(v.cex.inputs[0].text == "3");
    CHECK(v.cex.inputs[1].text == "7");
    CHECK(t.gate(v) == VerdictKind::False);
}

TEST_CASE("pdr: queries are exact for the C operators before a model makes an obligation") {
    // x * x is an uninterpreted function in the program: a model may give it a negative value,
    // a path that C refutes (before the queries were exact this ended UNKNOWN with a path that
    // does not replay). The instance x = 2 -> x * x = 4 blocks it.
    Task t("int main() { int x = __VERIFIER_nondet_int(); int i = 0; while (i < 3) i++;"
           " int y = x * x; if (y < 0 && x == 2 && i == 3) reach_error(); return 0; }");
    const verifier::Verdict v = run_pdr(*t.blocks, "itp");
    CAPTURE(v.reason);
    REQUIRE(v.kind == VerdictKind::True);
    CHECK(t.gate(v) == VerdictKind::True);
    // An error that needs the operator: inputs with a * b == 6.
    Task f("int main() { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(); int i = 0;"
           " while (i < 2) i++; if (a > 1 && b > 1 && a * b == 4 + i) reach_error(); return 0; }");
    const verifier::Verdict u = run_pdr(*f.blocks, "itp");
    REQUIRE(u.kind == VerdictKind::False);
    REQUIRE(u.cex.inputs.size() == 2);
    CHECK(std::stol(u.cex.inputs[0].text) * std::stol(u.cex.inputs[1].text) == 6);
    CHECK(f.gate(u) == VerdictKind::False);
}

TEST_CASE("pdr: tampered certificates are refused by the invariant check") {
    Task t(kEqualCounters);
    verifier::Verdict v = run_pdr(*t.blocks, "mic");
    REQUIRE(v.kind == VerdictKind::True);
    test::check_tampered_certificates_refused(*t.blocks, v.certificate.invariants);
}

TEST_CASE("pdr: statistics, the frame bound and the frames as Graphviz") {
    Task t(kCountToN);
    std::string dot;
    const verifier::Verdict v = run_pdr(*t.blocks, "both", 2, &dot);
    REQUIRE(v.kind == VerdictKind::True);
    std::ostringstream st;
    v.stats.print(st);
    for (const char* name : {"pdr.frames", "pdr.obligations", "pdr.lemmas", "pdr.pushes", "pdr.queries",
                             "pdr.time.generalize-mic", "pdr.time.generalize-itp", "pdr.time.projection"})
        CHECK(st.str().find(name) != std::string::npos);
    CHECK(dot.find("digraph pdr") != std::string::npos);
    CHECK(dot.find("F1") != std::string::npos);

    verifier::pdr::PdrOptions o;
    o.max_frames = 1;
    verifier::pdr::PdrEngine e(*t.blocks, o);
    const verifier::Verdict b = e.run();
    CHECK(b.kind == VerdictKind::Unknown);
    CHECK(b.reason.find("bound") == 0);
}

TEST_CASE("pdr: dropping monomials stops the divergence through y + x >= 0, y + x/2 >= 0, ...") {
    // x stays 0 and y += x: the interpolants from the entry are y + k*x >= 0 for k = 1, 2, ...;
    // x >= 0 (one monomial dropped) makes the frames converge.
    const char* code =
        "int main() { int x = 0, y = 0; while (__VERIFIER_nondet_int()) { y = y + x; }"
        " if (y < 0) reach_error(); return 0; }";
    Task t(code);
    verifier::pdr::PdrOptions o;
    const verifier::Verdict v = verifier::pdr::PdrEngine(*t.blocks, o, test::test_budget(30)).run();
    REQUIRE(v.kind == VerdictKind::True);
    CHECK(t.gate(v) == VerdictKind::True);
    o.drop_monomials = false;
    const verifier::Verdict w = verifier::pdr::PdrEngine(*t.blocks, o, base::Budget::seconds(2)).run();
    CHECK(w.kind == VerdictKind::Unknown);
}

TEST_CASE("pdr: the end of the budget is UNKNOWN saying where") {
    Task t(kSumToN);
    verifier::pdr::PdrOptions o;
    verifier::pdr::PdrEngine e(*t.blocks, o, base::Budget::seconds(1e-9));
    const verifier::Verdict v = e.run();
    CHECK(v.kind == VerdictKind::Unknown);
    CHECK(v.reason.rfind("timeout at frame", 0) == 0);
}


TEST_CASE("pdr: a Real program, safe with x + y = 10 and unsafe when y goes below 1/4") {
    for (const std::string mode : kModes) {
        CAPTURE(mode);
        test::RealLoop safe([](test::RealLoop& l) {
            return l.tm.mk_not(l.tm.mk_eq(l.tm.mk_add(std::vector<smt::Term>{l.x_(), l.y_()}), l.r(10)));
        });
        const verifier::Verdict v = run_pdr(safe.p, mode);
        CAPTURE(v.reason);
        REQUIRE(v.kind == VerdictKind::True);
        CHECK(verifier::certify_safe(v, safe.p, {}, test::test_budget(30)).kind == VerdictKind::True);

        test::RealLoop unsafe([](test::RealLoop& l) { return l.tm.mk_lt(l.y_(), l.r(mpq_class(1, 4))); });
        const verifier::Verdict u = run_pdr(unsafe.p, mode);
        CAPTURE(u.reason);
        REQUIRE(u.kind == VerdictKind::False);
        CHECK(u.cex.plain_path.size() == 22);  // init, 20 steps to y = 0, the error edge
    }
}

namespace {

// Up to four models of `cube` (over x and w) each extend to a model of phi: the projection's
// cube implies ∃(the eliminated).phi at those points. Returns how many were checked.
unsigned samples_extend(smt::TermManager& tm, smt::Term cube, smt::Term phi, smt::Term x, smt::Term w, smt::Sort sort) {
    unsigned checked = 0;
    smt::Solver c(tm);
    c.assert_formula(cube);
    for (int sample = 0; sample < 4 && c.check() == smt::Result::Sat; ++sample) {
        const smt::Model cm = c.model();
        const smt::Term xv = tm.mk_numeral(cm.evaluate(x).q, sort), wv = tm.mk_numeral(cm.evaluate(w).q, sort);
        smt::Solver e(tm);
        e.assert_formula(phi);
        e.assert_formula(tm.mk_eq(x, xv));
        e.assert_formula(tm.mk_eq(w, wv));
        CHECK(e.check() == smt::Result::Sat);
        ++checked;
        c.assert_formula(tm.mk_not(tm.mk_and(tm.mk_eq(x, xv), tm.mk_eq(w, wv))));
    }
    return checked;
}

}  // namespace

TEST_CASE("pdr: model-based projection implies the projection and holds in the model") {
    // ∃ y, z. φ over random small linear formulas: the projected cube must hold in the model and
    // imply ∃y,z.φ; the latter is checked as cube ∧ ¬φ[y,z free]... by asking whether cube ∧ ∀y,z.¬φ
    // has a model: instead we check cube ⊨ ∃y,z.φ point-wise (for the model's own values and for
    // each solution of the cube found by the solver, φ with those x values is satisfiable).
    for (const smt::Sort sort : {smt::SortTable::Int, smt::SortTable::Real}) {
        smt::TermManager tm;
        auto var = [&](const char* n) { return tm.mk_const(tm.declare_fun(n, {}, sort)); };
        const smt::Term x = var("x"), w = var("w"), y = var("y"), z = var("z");
        auto num = [&](long c) { return tm.mk_numeral(c, sort); };
        unsigned seed = 7;
        auto rnd = [&](unsigned n) {
            seed = seed * 1103515245u + 12345u;
            return (seed >> 16) % n;
        };
        const smt::Term vars[4] = {x, w, y, z};
        unsigned checked = 0;
        for (int round = 0; round < 60; ++round) {
            std::vector<smt::Term> atoms;
            for (int a = 0; a < 4; ++a) {
                std::vector<smt::Term> sum;
                for (smt::Term v : vars)
                    if (rnd(2)) sum.push_back(tm.mk_scale(mpq_class(static_cast<long>(rnd(5)) - 2), v));
                sum.push_back(num(static_cast<long>(rnd(11)) - 5));
                const smt::Term p = tm.mk_add(sum);
                const unsigned op = rnd(4);
                atoms.push_back(op == 0 ? tm.mk_leq(p, num(0))
                                : op == 1 ? tm.mk_lt(p, num(0))
                                : op == 2 ? tm.mk_eq(p, num(0))
                                          : tm.mk_not(tm.mk_eq(p, num(0))));
            }
            const smt::Term phi = tm.mk_or(tm.mk_and(atoms[0], atoms[1]), tm.mk_and(atoms[2], atoms[3]));
            smt::Solver s(tm);
            s.assert_formula(phi);
            if (s.check() != smt::Result::Sat) continue;
            const smt::Model m = s.model();
            const auto lits = verifier::pdr::implicant(tm, phi, m);
            const smt::Term elim[2] = {y, z};
            const auto proj = verifier::pdr::project(tm, lits, elim, m);
            const smt::Term cube = tm.mk_and(proj.cube);
            CHECK(m.evaluate(cube).b);
            // cube ∧ ¬∃y,z.φ unsat, with φ's y, z renamed apart: cube(x, w) ∧ (∀y',z'. ¬φ) cannot be
            // asked directly, so sample: every model of the cube extends to one of φ.
            checked += samples_extend(tm, cube, phi, x, w, sort);
        }
        CHECK(checked > 20);
    }
}

namespace {

// Whether t mentions the constant c.
bool mentions(const smt::TermManager& tm, smt::Term t, smt::Term c) {
    if (t == c) return true;
    for (smt::Term k : tm.children(t))
        if (mentions(tm, k, c)) return true;
    return false;
}

}  // namespace

TEST_CASE("pdr: LIA projection with coefficients other than 1 and divisibility keeps the model's cell") {
    // ∃y. φ with y's coefficients in ±1..±3 and congruences (mod (.. y ..) 2..4) = r: the cube holds
    // in the model, mentions no y, implies ∃y.φ (every sampled model of the cube extends), and
    // is made without fixing y to its value (Cooper: divisibility literals instead).
    smt::TermManager tm;
    auto var = [&](const char* n) { return tm.mk_const(tm.declare_fun(n, {}, smt::SortTable::Int)); };
    const smt::Term x = var("x"), w = var("w"), y = var("y");
    auto num = [&](long c) { return tm.mk_numeral(c, smt::SortTable::Int); };
    unsigned seed = 11;
    auto rnd = [&](unsigned n) {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 16) % n;
    };
    unsigned checked = 0, exact = 0, by_value = 0;
    for (int round = 0; round < 80; ++round) {
        std::vector<smt::Term> atoms;
        for (int a = 0; a < 3; ++a) {
            const long cy = static_cast<long>(rnd(3)) + 1;
            std::vector<smt::Term> sum{tm.mk_scale(mpq_class(rnd(2) ? cy : -cy), y)};
            if (rnd(2)) sum.push_back(tm.mk_scale(mpq_class(static_cast<long>(rnd(5)) - 2), x));
            if (rnd(2)) sum.push_back(tm.mk_scale(mpq_class(static_cast<long>(rnd(5)) - 2), w));
            sum.push_back(num(static_cast<long>(rnd(21)) - 10));
            const smt::Term p = tm.mk_add(sum);
            const unsigned op = rnd(5);
            atoms.push_back(op == 0   ? tm.mk_leq(p, num(0))
                            : op == 1 ? tm.mk_lt(p, num(0))
                            : op == 2 ? tm.mk_eq(p, num(0))
                            : op == 3 ? tm.mk_eq(tm.mk_mod(p, num(static_cast<long>(rnd(3)) + 2)), num(rnd(2)))
                                      : tm.mk_not(tm.mk_eq(tm.mk_mod(p, num(3)), num(0))));
        }
        const smt::Term phi = tm.mk_and(atoms);
        smt::Solver s(tm);
        s.assert_formula(phi);
        if (s.check() != smt::Result::Sat) continue;
        const smt::Model m = s.model();
        const auto lits = verifier::pdr::implicant(tm, phi, m);
        const smt::Term elim[1] = {y};
        const auto proj = verifier::pdr::project(tm, lits, elim, m);
        exact += proj.exact;
        by_value += proj.by_value;
        const smt::Term cube = tm.mk_and(proj.cube);
        CHECK(m.evaluate(cube).b);
        CHECK_FALSE(mentions(tm, cube, y));
        checked += samples_extend(tm, cube, phi, x, w, smt::SortTable::Int);
    }
    CHECK(checked > 20);
    CHECK(exact > 20);
    CHECK(by_value == 0);
}
