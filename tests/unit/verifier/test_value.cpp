// The explicit-value transfer (domains/value_transfer.hpp) and the engine `value`
// (engines/value.cpp): the transfer on the lowering's encodings (wrap-around, division,
// operators, assumes), its soundness against the solver on every edge of lowered programs with
// random values, and the engine's verdicts (TRUE with an invariant map the gate's check
// accepts, FALSE with a path of the plain program, UNKNOWN where explicit values cannot
// refute a path).
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "frontend/replay.hpp"
#include "smt/solver.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/domains/cartesian_post.hpp"
#include "verifier/domains/value_transfer.hpp"
#include "verifier/encoding/operator_refinement.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/program/split_conditionals.hpp"
#include "lowered_program.hpp"

using namespace craig;
using verifier::Binding;
using verifier::Valuation;
using verifier::VerdictKind;

namespace {

verifier::VarId var(const verifier::Program& p, const std::string& name) {
    for (verifier::VarId v = 0; v < p.vars.size(); ++v)
        if (p.vars[v].name == name) return v;
    FAIL("no variable " << name);
    return 0;
}

// The values after the straight-line statements of `body` (main's locals), run from the entry
// along the only successor of each location; nullopt when an edge gives ⊥.
std::optional<Valuation> run_straight(const test::LoweredProgram& lp) {
    const verifier::Program& p = *lp.plain;
    verifier::ValueTransfer t(p);
    Valuation cur, next;
    verifier::LocId l = p.entry;
    for (int steps = 0; steps < 100 && !p.out(l).empty(); ++steps) {
        const verifier::EdgeId e = p.out(l).front();
        if (!t.post(e, cur, next)) return std::nullopt;
        cur.swap(next);
        l = p.edges[e].dst;
    }
    return cur;
}

std::optional<long long> value_of(const Valuation& v, verifier::VarId x) {
    for (const Binding& b : v)
        if (b.var == x) return static_cast<long long>(b.value);
    return std::nullopt;
}

// Whether f applies a C operator (c.mul, c.bvand, ...), which the solver leaves uninterpreted
// while the transfer computes it exactly.
bool has_operator(const smt::TermManager& tm, smt::Term f) {
    std::vector<smt::Term> stack{f};
    while (!stack.empty()) {
        const smt::Term x = stack.back();
        stack.pop_back();
        if (!verifier::operator_name(tm, x).empty()) return true;
        for (smt::Term c : tm.children(x)) stack.push_back(c);
    }
    return false;
}

verifier::Verdict run_engine(const test::LoweredProgram& lp, const std::string& refinement = "restart",
                             const std::string& precision = "location") {
    const verifier::EngineInfo* info = verifier::builtin_engines().find("value");
    REQUIRE(info != nullptr);
    verifier::EngineSettings settings = info->defaults();
    settings.set("value-refinement", refinement);
    settings.set("value-precision", precision);
    std::unique_ptr<verifier::Engine> e = info->make(settings);
    verifier::Verdict v = e->solve(*lp.blocks, base::Budget::seconds(60));
    if (v.kind == VerdictKind::True)
        CHECK(verifier::check_invariants(*lp.blocks, v.certificate.invariants, {}).outcome ==
              verifier::InvariantOutcome::Valid);
    if (v.kind == VerdictKind::False) {
        const verifier::Program& p = *lp.plain;
        REQUIRE_FALSE(v.cex.plain_path.empty());
        CHECK(p.edges[v.cex.plain_path.front()].src == p.entry);
        CHECK(p.edges[v.cex.plain_path.back()].dst == p.error);
        for (std::size_t i = 1; i < v.cex.plain_path.size(); ++i)
            CHECK(p.edges[v.cex.plain_path[i - 1]].dst == p.edges[v.cex.plain_path[i]].src);
    }
    return v;
}

}  // namespace

TEST_CASE("value transfer: assignments, C's wrap-around, division, operators and assumes") {
    test::LoweredProgram lp(
        "int main() { int x = 7; unsigned u = 4294967295u; u = u + 2u; int q = -7 / 2; int r = -7 % 2;"
        " int m = x * (x + 1); int a = x & 12; unsigned s = 1u << 31; int y = x - 10; return 0; }");
    const std::optional<Valuation> v = run_straight(lp);
    REQUIRE(v);
    const verifier::Program& p = *lp.plain;
    CHECK(value_of(*v, var(p, "main::x")) == 7);
    CHECK(value_of(*v, var(p, "main::u")) == 1);   // 4294967295 + 2 wraps around
    CHECK(value_of(*v, var(p, "main::q")) == -3);  // C truncates towards zero
    CHECK(value_of(*v, var(p, "main::r")) == -1);
    CHECK(value_of(*v, var(p, "main::m")) == 56);  // a product of two variables (c.mul)
    CHECK(value_of(*v, var(p, "main::a")) == 4);
    CHECK(value_of(*v, var(p, "main::s")) == 2147483648LL);
    CHECK(value_of(*v, var(p, "main::y")) == -3);
}

TEST_CASE("value transfer: a nondeterministic value is unknown; an assume infers it or blocks the edge") {
    test::LoweredProgram lp(
        "int main() { int y = __VERIFIER_nondet_int(); int z = y + 1; __VERIFIER_assume(y == 5); int w = y + 1;"
        " return 0; }");
    const verifier::Program& p = *lp.plain;
    verifier::ValueTransfer t(p);
    Valuation cur, next;
    verifier::LocId l = p.entry;
    bool saw_unknown_z = false;
    for (int steps = 0; steps < 50 && !p.out(l).empty(); ++steps) {
        // Follow the edge that the assume allows (the other goes to the end of main).
        verifier::EdgeId chosen = p.out(l).front();
        for (verifier::EdgeId e : p.out(l))
            if (t.post(e, cur, next) && p.edges[e].dst != p.exit) chosen = e;
        REQUIRE(t.post(chosen, cur, next));
        cur.swap(next);
        l = p.edges[chosen].dst;
        if (!saw_unknown_z && value_of(cur, var(p, "main::z")) == std::nullopt &&
            value_of(cur, var(p, "main::y")) == std::nullopt && l != p.entry)
            saw_unknown_z = true;
    }
    CHECK(saw_unknown_z);
    CHECK(value_of(cur, var(p, "main::y")) == 5);  // unique-value inference from [y == 5]
    CHECK(value_of(cur, var(p, "main::w")) == 6);
    CHECK(value_of(cur, var(p, "main::z")) == std::nullopt);  // assigned before y was known

    // With y = 4 the assume's edge is ⊥.
    bool blocked = false;
    for (verifier::EdgeId e = 0; e < p.edges.size(); ++e) {
        const Valuation in{{var(p, "main::y"), 4}};
        if (p.edges[e].dst != p.exit && p.edge_origin(e).label.find("y == 5") != std::string::npos)
            blocked = !t.post(e, in, next);
    }
    CHECK(blocked);
}

TEST_CASE("value transfer: sound on every edge for random values (the solver confirms each value and each ⊥)") {
    const char* programs[] = {
        "int main() { int a = 0, b = 0, i = 0, n = __VERIFIER_nondet_int();"
        " while (i < n) { if (__VERIFIER_nondet_int()) a = a + 1; else a = a + 2; i++; }"
        " int j = 0; while (j < n) { if (__VERIFIER_nondet_int()) b++; j++; }"
        " __VERIFIER_assert(a >= 0 && b >= 0); return 0; }",
        "int main() { unsigned u = __VERIFIER_nondet_uint(); int x = __VERIFIER_nondet_int(); int y = 3;"
        " while (u > 3u) { u = u - 3u; x = x / 2 + (x % 3); y = 2 * y - x; if (x == y) break; }"
        " __VERIFIER_assert(u <= 3u || x != y); return 0; }",
        "int main() { int k = __VERIFIER_nondet_int(); signed char c = (signed char)k; unsigned short h = k;"
        " long long l = (long long)k * 3 - 1; if (c > 100 && h < 7) reach_error(); return (int)l; }",
    };
    std::mt19937 rng(20261126);
    for (const char* code : programs) {
        test::LoweredProgram lp(code);
        const verifier::Program& p = *lp.plain;
        smt::TermManager& tm = lp.tm;
        verifier::ValueTransfer t(p);
        REQUIRE(t.integral());
        std::uniform_int_distribution<int> pick(-6, 6), coin(0, 2);
        std::size_t checked = 0;
        for (verifier::EdgeId e = 0; e < p.edges.size(); ++e)
            for (int round = 0; round < 8; ++round) {
                Valuation in;
                for (verifier::VarId v = 0; v < p.vars.size(); ++v)
                    if (coin(rng) != 0) in.push_back({v, round == 7 ? 4294967294LL : pick(rng)});
                Valuation out;
                const bool ok = t.post(e, in, out);
                std::vector<smt::Term> base{p.edges[e].formula};
                for (const Binding& b : in)
                    base.push_back(tm.mk_eq(p.vars[b.var].cur,
                                            tm.mk_numeral(mpq_class(static_cast<long>(b.value)), smt::SortTable::Int)));
                smt::Solver s(tm);
                s.assert_formula(tm.mk_and(base));
                if (!ok) {
                    // ⊥ needs the formula to have no model, unless the C operators' exact values
                    // (which the solver leaves uninterpreted) rule the models out.
                    if (s.check() == smt::Result::Sat)
                        CHECK_MESSAGE(has_operator(tm, p.edges[e].formula),
                                      "edge " << p.edge_origin(e).label << " is not blocked");
                    ++checked;
                    continue;
                }
                for (const Binding& b : out) {
                    const bool written = std::binary_search(p.edges[e].writes.begin(), p.edges[e].writes.end(), b.var);
                    const smt::Term x = written ? p.vars[b.var].next : p.vars[b.var].cur;
                    const smt::Term differs = tm.mk_not(
                        tm.mk_eq(x, tm.mk_numeral(mpq_class(static_cast<long>(b.value)), smt::SortTable::Int)));
                    const smt::Term a[1] = {differs};
                    const smt::Result r = s.check(a);
                    CHECK_MESSAGE((r == smt::Result::Unsat || has_operator(tm, p.edges[e].formula)),
                                  "edge " << p.edge_origin(e).label << ": value of " << p.vars[b.var].name);
                    ++checked;
                }
            }
        CHECK(checked > 50);
    }
}

TEST_CASE("value engine: counting loops are proved, errors found, input ranges left UNKNOWN") {
    struct Case {
        const char* what;
        const char* code;
        VerdictKind expected;
    };
    const Case cases[] = {
        {"a loop with constant bounds: TRUE with an invariant the gate accepts",
         "int main() { int x = 0; int y = 0; while (x < 50) { x++; if (x % 2 == 0) y = y + 2; }"
         " __VERIFIER_assert(y == 50); return 0; }",
         VerdictKind::True},
        {"an error after a fixed number of steps: FALSE",
         "int main() { int x = 0; unsigned u = 5; while (x < 10) { x++; u = u * 3u; }"
         " if (u == 295245u) reach_error(); return 0; }",
         VerdictKind::False},
        {"a state machine driven by inputs: TRUE, tracking only the state variable",
         "int main() { int s = 0; int n = 0; while (n < 100) { int c = __VERIFIER_nondet_int();"
         " if (s == 0 && c) s = 1; else if (s == 1) s = 2; else if (s == 2) s = 0; n++; }"
         " __VERIFIER_assert(s != 3); return 0; }",
         VerdictKind::True},
        {"a nondeterministic input reaching the error: FALSE through the solver",
         "int main() { int y = __VERIFIER_nondet_int(); if (y > 10) { if (y < 12) reach_error(); } return 0; }",
         VerdictKind::False},
        {"safety that depends on an input's range: UNKNOWN with the reason",
         "int main() { int y = __VERIFIER_nondet_int(); int z; if (y > 10) z = y; else z = 20;"
         " if (z < 5) reach_error(); return 0; }",
         VerdictKind::Unknown},
    };
    for (const Case& c : cases)
        for (const char* refinement : {"restart", "prune"})
            for (const char* precision : {"location", "region", "global", "all"}) {
                const std::string what = std::string(c.what) + " / " + refinement + " / " + precision;
                CAPTURE(what);
                test::LoweredProgram lp(c.code);
                const verifier::Verdict v = run_engine(lp, refinement, precision);
                CHECK(v.kind == c.expected);
                if (c.expected == VerdictKind::Unknown)
                    CHECK(v.reason.find("explicit values cannot refute") != std::string::npos);
            }
    test::LoweredProgram lp(std::string(cases[0].code));
    CHECK(run_engine(lp).stats.find("value.refinements.explicit")->count >= 1);
}

TEST_CASE("value engine: region precision tracks a variable on every branch between two cut points") {
    // The state variable is needed on each arm of the dispatch: per location, one refinement per
    // arm the error paths take in turn; per block region, the first refinement covers them all.
    test::LoweredProgram lp(
        "int main() { int state = 0, steps = 0, input;"
        " while (steps < 1000) { input = __VERIFIER_nondet_int();"
        " if (state == 0) { if (input > 0) state = 1; } else if (state == 1) { state = input == 7 ? 2 : 0; }"
        " else if (state == 2) { state = 0; } if (state == 3) reach_error(); steps++; } return 0; }");
    const verifier::Verdict location = run_engine(lp, "restart", "location");
    const verifier::Verdict region = run_engine(lp, "restart", "region");
    REQUIRE(location.kind == VerdictKind::True);
    REQUIRE(region.kind == VerdictKind::True);
    CHECK(region.stats.find("value.refinements.explicit")->count <
          location.stats.find("value.refinements.explicit")->count);
}

TEST_CASE("value engine: pruning re-expands a state once per refinement, not once per lost cover") {
    // A counter automaton (bench/gen_protocol.py's shape, k = 4): each refinement cuts the ARG
    // where many successors were covered. Queuing a state once per lost cover made pruning do
    // 1,650 times restart's transfers at k = 10 (the covers of its repeated expansions piled up).
    const std::string code =
        "int main() { int s = 0; int c1 = 0, c2 = 0, c3 = 0, c4 = 0;"
        " while (__VERIFIER_nondet_int()) { int e = __VERIFIER_nondet_int();"
        " if (s == 0) { if (e == 1) { s = 1; c1 = 1; } }"
        " else if (s == 1) { if (e == 1) { s = 2; c2 = 1; } else if (e == 2) { s = 0; c1 = 0; c2 = 0; c3 = 0; c4 = 0; "
        "} }"
        " else if (s == 2) { if (e == 1) { s = 3; c3 = 1; } else if (e == 2) { s = 0; c1 = 0; c2 = 0; c3 = 0; c4 = 0; "
        "} }"
        " else if (s == 3) { if (e == 1) { s = 4; c4 = 1; } else if (e == 2) { s = 0; c1 = 0; c2 = 0; c3 = 0; c4 = 0; "
        "} }"
        " else if (s == 4) { if (e == 2) { s = 0; c1 = 0; c2 = 0; c3 = 0; c4 = 0; } }"
        " __VERIFIER_assert(s != 0 || c1 + c2 + c3 + c4 == 0); } return 0; }";
    test::LoweredProgram a(code), b(code);
    const verifier::Verdict restart = run_engine(a, "restart"), prune = run_engine(b, "prune");
    CHECK(restart.kind == VerdictKind::True);
    CHECK(prune.kind == VerdictKind::True);
    const auto transfers = [](const verifier::Verdict& v) { return v.stats.find("value.transfers")->count; };
    CAPTURE(transfers(restart));
    CAPTURE(transfers(prune));
    CHECK(transfers(prune) <= transfers(restart));
}

TEST_CASE("split_conditionals: the cases of an edge are disjoint and their disjunction is the edge") {
    test::LoweredProgram lp(
        "int main() { int i = __VERIFIER_nondet_int(); int s = i == 7 ? 2 : 0; int a = i > 3 && s == 2;"
        " int b = (i < 0 ? -i : i) + (a || s ? 1 : 5); return b; }");
    const verifier::Program& p = *lp.plain;
    smt::TermManager& tm = lp.tm;
    std::vector<verifier::EdgeId> original;
    const verifier::Program split = verifier::split_conditionals(p, original, 3);
    REQUIRE(original.size() == split.edges.size());
    CHECK(split.edges.size() > p.edges.size());
    for (verifier::EdgeId e = 0; e < p.edges.size(); ++e) {
        std::vector<smt::Term> cases;
        for (verifier::EdgeId c = 0; c < split.edges.size(); ++c)
            if (original[c] == e) {
                cases.push_back(split.edges[c].formula);
                CHECK(split.edges[c].src == p.edges[e].src);
                CHECK(split.edges[c].dst == p.edges[e].dst);
            }
        REQUIRE_FALSE(cases.empty());
        smt::Solver same(tm);
        same.assert_formula(tm.mk_not(tm.mk_eq(tm.mk_or(cases), p.edges[e].formula)));
        CHECK(same.check() == smt::Result::Unsat);
        for (std::size_t i = 0; i < cases.size(); ++i)
            for (std::size_t j = i + 1; j < cases.size(); ++j) {
                smt::Solver both(tm);
                both.assert_formula(tm.mk_and(cases[i], cases[j]));
                CHECK(both.check() == smt::Result::Unsat);
            }
    }
}

TEST_CASE("value engine: the report's running example (Fig. 1) is proved tracking flag only") {
    // system_call() is unknown code: a nondeterministic result. x is main's parameter: an input.
    const std::string fig1 =
        "int main() { int x = __VERIFIER_nondet_int(); int flag, ticks, result; flag = 0; ticks = 0;"
        " while (1) { ticks = ticks + 1; result = __VERIFIER_nondet_int(); if (result == 0 || ticks > x) break; }"
        " if (flag > 0) reach_error(); return 0; }";
    test::LoweredProgram lp(fig1);
    // flag = 0 is the interpolant and the loop is not unrolled (ticks is untracked). With the
    // precision where flag was found, the other exit of the loop (result == 0 or ticks > x, split
    // into two edges) takes a second refinement; tracked everywhere (the report's scoped
    // refinement) one suffices, as in the report.
    for (const char* precision : {"location", "global"}) {
        CAPTURE(std::string(precision));
        const verifier::Verdict v = run_engine(lp, "restart", precision);
        REQUIRE(v.kind == VerdictKind::True);
        CHECK(v.stats.find("value.refinements.explicit")->count == (std::string(precision) == "global" ? 1 : 2));
        CHECK(v.stats.find("value.refinements.smt")->count == 0);
        CHECK(v.stats.find("value.precision.max-per-location")->count == 1);
        CHECK(v.stats.find("value.states")->count < 60);
    }

    // Tracking every variable from the start (cpa-expl) unrolls the loop for ever: no answer.
    const verifier::EngineInfo* info = verifier::builtin_engines().find("value");
    verifier::EngineSettings all = info->defaults();
    all.set("value-precision", "all");
    const verifier::Verdict u = info->make(all)->solve(*lp.blocks, base::Budget::seconds(1));
    CHECK(u.kind == VerdictKind::Unknown);
    CHECK(u.reason.find("timeout") != std::string::npos);
}

namespace {

// A random straight-line C statement over the locals a, b, c (int), u, w (unsigned): C's
// arithmetic, bitwise and shift operators, casts, ?:, comparisons, inputs.
std::string random_statement(std::mt19937& rng) {
    const char* ints[] = {"a", "b", "c"};
    const char* uns[] = {"u", "w"};
    std::uniform_int_distribution<int> pick(0, 99);
    auto operand = [&](bool is_unsigned) -> std::string {
        const int k = pick(rng);
        if (k < 45) return is_unsigned ? uns[k % 2] : ints[k % 3];
        if (k < 55) return is_unsigned ? "(unsigned)" + std::string(ints[k % 3]) : "(int)" + std::string(uns[k % 2]);
        const int c = pick(rng) - 50;
        return is_unsigned ? std::to_string(c < 0 ? 4294967296LL + c : c) + "u" : std::to_string(c);
    };
    const bool is_unsigned = pick(rng) < 40;
    const std::string lhs = is_unsigned ? uns[pick(rng) % 2] : ints[pick(rng) % 3];
    const char* ops[] = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", "==", "!="};
    const std::string op = ops[pick(rng) % 13];
    std::string rhs = operand(is_unsigned) + " " + op + " " + operand(is_unsigned);
    if (op == "<<" || op == ">>") rhs = operand(is_unsigned) + " " + op + " " + std::to_string(pick(rng) % 31);
    const int shape = pick(rng);
    if (shape < 10) return lhs + " = " + (is_unsigned ? "__VERIFIER_nondet_uint()" : "__VERIFIER_nondet_int()") + ";";
    if (shape < 20)
        return lhs + " = (" + operand(false) + " > " + operand(false) + ") ? " + rhs + " : " + operand(is_unsigned) +
               ";";
    return lhs + " = " + rhs + ";";
}

}  // namespace

TEST_CASE("value transfer: every concrete run of random straight-line programs agrees with the values it gives") {
    // Each program runs from the entry along its only path through the transfer; the values it
    // determines at the end are then asserted in a copy of the program, which the C interpreter
    // runs on random inputs: reaching the error would mean a concrete state outside the abstract
    // one. Runs with undefined behaviour (signed overflow, division by zero) are left out.
    std::mt19937 rng(19);
    std::size_t runs = 0, determined = 0;
    for (int program = 0; program < 150; ++program) {
        std::string body = "int a = 1, b = -2, c = 3; unsigned u = 4u, w = 4294967295u;";
        for (int i = 0; i < 8; ++i) body += " " + random_statement(rng);
        test::LoweredProgram lp("int main() { " + body + " return 0; }");
        const verifier::Program& p = *lp.plain;
        verifier::ValueTransfer t(p);
        Valuation cur, next;
        verifier::LocId l = p.entry;
        bool blocked = false;
        while (!p.out(l).empty() && l != p.exit) {
            // The straight line may branch only at ?: (both edges from one location); follow the
            // first edge the transfer allows, and assert only what holds after every such edge.
            const verifier::EdgeId e = p.out(l).front();
            if (p.out(l).size() != 1) {
                blocked = true;  // ?: in this lowering stays one edge; a branch means another shape
                break;
            }
            if (!t.post(e, cur, next)) {
                blocked = true;  // ⊥: only undefined behaviour blocks a straight line (checked below)
                break;
            }
            cur.swap(next);
            l = p.edges[e].dst;
        }
        std::string checks;
        for (const Binding& b : cur) {
            const std::string& name = p.vars[b.var].name;
            if (name.rfind("main::", 0) != 0 || name.size() != 7) continue;
            const std::string var = name.substr(6);
            const bool is_unsigned = var == "u" || var == "w";
            const long long value = static_cast<long long>(b.value);
            checks += " __VERIFIER_assert(" + var + " == " +
                      (is_unsigned ? std::to_string(static_cast<unsigned long long>(value)) + "u"
                                   : "(" + std::to_string(value) + ")") +
                      ");";
            ++determined;
        }
        const std::string checked = std::string(test::kSvPrelude) + "int main() { " + body + checks + " return 0; }";
        const frontend::TranslationUnit tu = frontend::parse_string(checked, "t.c", frontend::DataModel::ILP32);
        for (int input_round = 0; input_round < 5; ++input_round) {
            std::vector<std::uint64_t> inputs;
            for (int i = 0; i < 16; ++i) inputs.push_back(rng() % 7 == 0 ? rng() : rng() % 11);
            const frontend::ReplayResult r = frontend::replay(tu, inputs);
            if (r.outcome == frontend::ReplayOutcome::SignedOverflow ||
                r.outcome == frontend::ReplayOutcome::UndefinedBehaviour)
                continue;
            CHECK_MESSAGE(r.outcome == frontend::ReplayOutcome::Exited, checked);
            CHECK_MESSAGE(!blocked, "the transfer blocked a run that exits: " << checked);
            ++runs;
        }
    }
    CHECK(runs > 200);
    CHECK(determined > 300);
}

TEST_CASE("CartesianPost: every known literal and every ⊥, with or without the solver, is confirmed by it") {
    test::LoweredProgram lp(
        "int main() { int a = 0, b = 0, i = 0, n = __VERIFIER_nondet_int();"
        " while (i < n) { if (__VERIFIER_nondet_int()) a = a + 1; else a = a + 2; i++; }"
        " int j = 0; while (j < n) { if (__VERIFIER_nondet_int()) b++; j++; }"
        " __VERIFIER_assert(a >= 0 && b >= 0); return 0; }");
    const verifier::Program& p = *lp.plain;
    smt::TermManager& tm = lp.tm;
    auto cur = [&](const char* name) { return p.vars[var(p, name)].cur; };
    auto num = [&](int v) { return tm.mk_numeral(v, smt::SortTable::Int); };
    const std::vector<smt::Term> preds{
        tm.mk_leq(num(0), cur("main::a")), tm.mk_leq(cur("main::b"), num(3)), tm.mk_lt(cur("main::i"), cur("main::n")),
        tm.mk_leq(cur("main::j"), cur("main::n")), tm.mk_eq(cur("main::a"), cur("main::b"))};
    verifier::ValueTransfer t(p);
    verifier::CartesianPost c(p, base::Budget::seconds(60));
    std::mt19937 rng(20261128);
    std::uniform_int_distribution<int> pick(-3, 3), coin(0, 2);
    std::size_t confirmed = 0;
    for (verifier::EdgeId e = 0; e < p.edges.size(); ++e)
        for (int round = 0; round < 12; ++round) {
            Valuation in, after;
            for (verifier::VarId v = 0; v < p.vars.size(); ++v)
                if (coin(rng) == 0) in.push_back({v, pick(rng)});
            if (!t.post(e, in, after)) continue;
            std::vector<smt::Term> literals;
            for (smt::Term q : preds)
                if (const int k = coin(rng); k < 2) literals.push_back(k ? q : tm.mk_not(q));
            std::vector<std::uint8_t> out;
            const bool ok = c.post(e, in, literals, preds, out, after);
            std::vector<smt::Term> pre{p.edges[e].formula};
            for (const Binding& b : in) pre.push_back(tm.mk_eq(p.vars[b.var].cur, num(static_cast<int>(b.value))));
            pre.insert(pre.end(), literals.begin(), literals.end());
            smt::Solver s(tm);
            s.assert_formula(tm.mk_and(pre));
            if (!ok) {
                CHECK(s.check() == smt::Result::Unsat);
                ++confirmed;
                continue;
            }
            std::unordered_map<smt::Term, smt::Term, smt::TermHash> to_next;
            for (verifier::VarId w : p.edges[e].writes) to_next.emplace(p.vars[w].cur, p.vars[w].next);
            for (std::size_t k = 0; k < preds.size(); ++k) {
                if (out[k] == 2) continue;
                const smt::Term after_edge = tm.substitute(preds[k], to_next);
                const smt::Term wrong[1] = {out[k] == 1 ? tm.mk_not(after_edge) : after_edge};
                CHECK_MESSAGE(s.check(wrong) == smt::Result::Unsat,
                              "edge " << p.edge_origin(e).label << ", predicate " << k << " = " << int(out[k]));
                ++confirmed;
            }
        }
    CHECK(confirmed > 100);
    CHECK(c.stats().shortcuts > 0);
}

TEST_CASE("value-impact: predicates from interpolants where explicit values cannot refute a path") {
    const verifier::EngineInfo* info = verifier::builtin_engines().find("value-impact");
    REQUIRE(info != nullptr);
    auto run = [&](const std::string& code, unsigned threshold, const char* refinement = "restart") {
        test::LoweredProgram lp(code);
        verifier::EngineSettings settings = info->defaults();
        settings.set("value-threshold", std::to_string(threshold));
        settings.set("value-refinement", refinement);
        verifier::Verdict v = info->make(settings)->solve(*lp.blocks, base::Budget::seconds(60));
        if (v.kind == VerdictKind::True)
            CHECK(verifier::check_invariants(*lp.blocks, v.certificate.invariants, {}).outcome ==
                  verifier::InvariantOutcome::Valid);
        return v;
    };
    // The input-range program `value` leaves UNKNOWN: a predicate refinement proves it.
    const verifier::Verdict range =
        run("int main() { int y = __VERIFIER_nondet_int(); int z; if (y > 10) z = y; else z = 20;"
            " if (z < 5) reach_error(); return 0; }",
            0);
    CHECK(range.kind == VerdictKind::True);
    CHECK(range.stats.find("value.refinements.predicates")->count >= 1);
    // Pruning after a predicate refinement: the cut is where the path's states lack the new
    // predicates.
    const verifier::Verdict pruned =
        run("int main() { int y = __VERIFIER_nondet_int(); int z; if (y > 10) z = y; else z = 20;"
            " int k = 0; while (k < 3) k++; if (z < 5) reach_error(); return 0; }",
            0, "prune");
    CHECK(pruned.kind == VerdictKind::True);
    CHECK(pruned.stats.find("value.refinements.predicates")->count >= 1);
    CHECK(run("int main() { int y = __VERIFIER_nondet_int(); int z; if (y > 10) z = y; else z = 20;"
              " if (z < 12) reach_error(); return 0; }",
              0)
              .kind == VerdictKind::False);
    // Dynamic precision adjustment: past 5 values x is handed over to the predicates, which still
    // prove the program (without it, explicit values alone do).
    const char* counter =
        "int main() { int x = 0; while (x < 30) { x = x + 1; } if (x > 30) reach_error(); return 0; }";
    const verifier::Verdict off = run(counter, 0), on = run(counter, 5);
    CHECK(off.kind == VerdictKind::True);
    CHECK(off.stats.find("value.handed-over")->count == 0);
    CHECK(on.kind == VerdictKind::True);
    CHECK(on.stats.find("value.handed-over")->count == 1);
    CHECK(on.stats.find("value.refinements.predicates")->count >= 1);
}
