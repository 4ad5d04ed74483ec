// Concrete interpreter (replay of counterexample inputs): outcomes, input
// order, C integer semantics, control flow and the trace.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "frontend/replay.hpp"

using namespace craig::frontend;

namespace {

// Declarations of the builtins, on line 1: programs start on line 2.
const char* kPrelude =
    "void reach_error(void); extern int __VERIFIER_nondet_int(void); "
    "extern unsigned int __VERIFIER_nondet_uint(void); extern unsigned char __VERIFIER_nondet_uchar(void); "
    "extern long long __VERIFIER_nondet_longlong(void); extern void __VERIFIER_assume(int); "
    "void __VERIFIER_assert(int); extern void abort(void); extern void exit(int);\n";

ReplayResult run(const std::string& program, std::vector<std::uint64_t> inputs = {}, const ReplayLimits& limits = {},
                 DataModel dm = DataModel::ILP32) {
    TranslationUnit tu = parse_string(std::string(kPrelude) + program, "t.c", dm);
    return replay(tu, inputs, limits);
}

ReplayOutcome outcome(const std::string& program, std::vector<std::uint64_t> inputs = {}) {
    return run(program, std::move(inputs)).outcome;
}

// Whether `condition` holds at the end of main after `code` (the program
// reaches the error exactly then).
bool holds(const std::string& code, const std::string& condition, std::vector<std::uint64_t> inputs = {}) {
    ReplayResult r =
        run("int main(void) {\n" + code + "\nif (" + condition + ") reach_error();\nreturn 0;\n}\n", std::move(inputs));
    INFO(code << " | " << condition << " -> " << to_string(r.outcome) << ": " << r.message);
    REQUIRE((r.outcome == ReplayOutcome::ReachedError || r.outcome == ReplayOutcome::Exited));
    return r.outcome == ReplayOutcome::ReachedError;
}

ReplayResult body(const std::string& code, std::vector<std::uint64_t> inputs = {}) {
    return run("int main(void) {\n" + code + "\nreturn 0;\n}\n", std::move(inputs));
}

constexpr std::uint64_t kIntMin = 0x80000000u;
constexpr std::uint64_t kMinusOne = 0xFFFFFFFFu;

}  // namespace

TEST_CASE("replay: straight-line program reaches the error with the right inputs") {
    const std::string p =
        "int main(void) {\n"
        "  int x = __VERIFIER_nondet_int();\n"
        "  int y = x * 2 + 1;\n"
        "  if (y == 11) reach_error();\n"
        "  return 0;\n"
        "}\n";
    ReplayResult r = run(p, {5});
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(r.where.line == 5);
    CHECK(r.inputs_used == 1);
    REQUIRE(!r.trace.empty());
    CHECK(r.trace.back().kind == TraceStep::Error);
    CHECK(r.trace.back().name == "reach_error");

    ReplayResult other = run(p, {4, 99});
    CHECK(other.outcome == ReplayOutcome::Exited);
    CHECK(other.message == "main returned 0");
    CHECK(other.inputs_used == 1);
}

TEST_CASE("replay: inputs are consumed in order: extern globals, locals per execution, arguments left to right") {
    const std::string p =
        "extern int g; extern int h; int k = 3;\n"
        "int f(int a, int b) { return a - b; }\n"
        "int main(void) {\n"
        "  int s = 0;\n"
        "  for (int i = 0; i < 3; i++) { int u; s = s * 10 + u; }\n"
        "  int d = f(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());\n"
        "  if (g == 7 && h == 8 && k == 3 && s == 123 && d == 4) reach_error();\n"
        "  return 0;\n"
        "}\n";
    ReplayResult r = run(p, {7, 8, 1, 2, 3, 9, 5});
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(r.inputs_used == 7);

    std::vector<const TraceStep*> inputs;
    for (const TraceStep& s : r.trace)
        if (s.kind == TraceStep::Input) inputs.push_back(&s);
    REQUIRE(inputs.size() == 7);
    CHECK(inputs[0]->name == "g");
    CHECK(inputs[0]->source == TraceStep::InputSource::Extern);
    CHECK(inputs[1]->name == "h");
    for (int i = 2; i < 5; ++i) {
        CHECK(inputs[i]->name == "u");
        CHECK(inputs[i]->source == TraceStep::InputSource::Uninitialised);
        CHECK(inputs[i]->function == "main");
        CHECK(inputs[i]->value == static_cast<std::uint64_t>(i - 1));
    }
    CHECK(inputs[5]->name == "__VERIFIER_nondet_int");
    CHECK(inputs[5]->source == TraceStep::InputSource::Nondet);
    CHECK(inputs[5]->value == 9);
    CHECK(inputs[6]->value == 5);
    CHECK(inputs[6]->loc.line == 7);

    // Swapped arguments: f(5, 9) == -4.
    CHECK(run(p, {7, 8, 1, 2, 3, 5, 9}).outcome == ReplayOutcome::Exited);
}

TEST_CASE("replay: running out of inputs") {
    ReplayResult r = body("int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();", {1});
    CHECK(r.outcome == ReplayOutcome::OutOfInputs);
    CHECK(r.where.line == 3);
    CHECK(r.inputs_used == 1);
    CHECK(run("extern int g; int main(void) { return g; }\n").outcome == ReplayOutcome::OutOfInputs);
}

TEST_CASE("replay: inputs are converted to the receiving type") {
    CHECK(holds("unsigned char c = __VERIFIER_nondet_uchar();", "c == 255", {0x1FF}));
    CHECK(holds("int x = __VERIFIER_nondet_int();", "x == -1", {kMinusOne}));
    CHECK(holds("int x = __VERIFIER_nondet_int();", "x == -1", {~std::uint64_t{0}}));
    CHECK(holds("long long x = __VERIFIER_nondet_longlong();", "x == -2", {~std::uint64_t{1}}));
    CHECK(holds("_Bool b; ", "b == 1", {3}));
}

TEST_CASE("replay: signed overflow is detected") {
    CHECK(body("int x = 2147483647; x = x + 1;").outcome == ReplayOutcome::SignedOverflow);
    CHECK(body("int x = __VERIFIER_nondet_int(); int y = x - 1;", {kIntMin}).outcome == ReplayOutcome::SignedOverflow);
    CHECK(body("int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int(); int q = a / b;", {kIntMin, kMinusOne})
              .outcome == ReplayOutcome::SignedOverflow);
    CHECK(body("int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int(); int q = a % b;", {kIntMin, kMinusOne})
              .outcome == ReplayOutcome::SignedOverflow);
    CHECK(body("int a = __VERIFIER_nondet_int(); int b = -a;", {kIntMin}).outcome == ReplayOutcome::SignedOverflow);
    CHECK(body("int a = 65536; int b = a * a;").outcome == ReplayOutcome::SignedOverflow);
    CHECK(body("int x = 2147483647; x++;").outcome == ReplayOutcome::SignedOverflow);
    CHECK(body("int x = -2147483647 - 1; --x;").outcome == ReplayOutcome::SignedOverflow);
    CHECK(body("long long x = 9223372036854775807LL; x += 1;").outcome == ReplayOutcome::SignedOverflow);
    CHECK(body("int x = 1; x = x << 31;").outcome == ReplayOutcome::SignedOverflow);
    ReplayResult r = body("int x = 2147483647;\nx = x + 1;");
    CHECK(r.where.line == 4);
    CHECK(r.message.find("signed overflow") != std::string::npos);

    // In range: no overflow; the ++ of a char is done in int and converted back.
    CHECK(holds("int x = -2147483647; x = x - 1;", "x == -2147483647 - 1"));
    CHECK(holds("char c = 127; c++;", "c == -128"));
    CHECK(holds("short s = -32768; s--;", "s == 32767"));
    CHECK(holds("int x = 1; x = x << 30;", "x == 1073741824"));
}

TEST_CASE("replay: unsigned arithmetic wraps") {
    CHECK(holds("unsigned char c = 255; c++;", "c == 0"));
    CHECK(holds("unsigned char c = 200; c = c + 100;", "c == 44"));
    CHECK(holds("unsigned char c = 0; c -= 1;", "c == 255"));
    CHECK(holds("unsigned int u = 0; u--;", "u == 4294967295u"));
    CHECK(holds("unsigned int u = 4294967295u; u = u * 2;", "u == 4294967294u"));
    CHECK(holds("unsigned int u = 1; u = -u;", "u == 4294967295u"));
    CHECK(holds("unsigned int u = 3; u = u - 5;", "u == 4294967294u"));
    CHECK(holds("unsigned long long v = 0; v--;", "v == 18446744073709551615ull"));
    CHECK(holds("unsigned int u = 1; u = u << 31; u = u << 1;", "u == 0"));
    CHECK(holds("_Bool b = 0; b--;", "b == 1"));
}

TEST_CASE("replay: conversions") {
    CHECK(holds("int x = -1; unsigned u = x;", "u == 4294967295u"));
    CHECK(holds("int x = __VERIFIER_nondet_int(); signed char c = x;", "c == -56", {200}));
    CHECK(holds("int x = __VERIFIER_nondet_int(); unsigned char c = x;", "c == 44", {300}));
    CHECK(holds("int x = __VERIFIER_nondet_int(); _Bool b = x;", "b == 1", {256}));
    CHECK(holds("int x = __VERIFIER_nondet_int(); unsigned long long v = x;", "v == 18446744073709551615ull",
                {kMinusOne}));
    CHECK(holds("unsigned u = 4294967295u; int x = u;", "x == -1"));
    CHECK(holds("unsigned u = 1; int x = -1;", "!(x < u)"));     // x converted to unsigned
    CHECK(holds("long long x = -1; unsigned u = 1;", "x < u"));  // u converted to long long
}

TEST_CASE("replay: division and remainder truncate toward zero") {
    CHECK(holds("int a = -7, b = 2;", "a / b == -3 && a % b == -1"));
    CHECK(holds("int a = 7, b = -2;", "a / b == -3 && a % b == 1"));
    CHECK(holds("int a = -7, b = -2;", "a / b == 3 && a % b == -1"));
    CHECK(holds("unsigned a = 4294967295u, b = 2;", "a / b == 2147483647u && a % b == 1"));
    CHECK(body("int a = 1, b = 0; int c = a / b;").outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(body("unsigned a = 1, b = 0; unsigned c = a % b;").outcome == ReplayOutcome::UndefinedBehaviour);
}

TEST_CASE("replay: shifts") {
    CHECK(holds("int a = -8, n = 1;", "(a >> n) == -4"));
    CHECK(holds("int a = -1, n = 31;", "(a >> n) == -1"));
    CHECK(holds("unsigned a = 4294967295u; int n = 31;", "(a >> n) == 1"));
    CHECK(holds("unsigned char c = 255; int n = 4;", "(c << n) == 4080"));  // promoted to int
    CHECK(body("int a = 1, n = 32; int b = a << n;").outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(body("int a = 1, n = -1; int b = a >> n;").outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(body("unsigned a = 1; int n = 32; unsigned b = a << n;").outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(body("int a = -1, n = 1; int b = a << n;").outcome == ReplayOutcome::UndefinedBehaviour);
    ReplayResult r =
        body("long long a = 1; int n = 40; long long b = a << n; if (b == 1099511627776LL) reach_error();");
    CHECK(r.outcome == ReplayOutcome::ReachedError);
}

TEST_CASE("replay: && || ?: evaluate only what they need") {
    ReplayResult r = body(
        "int x = 0;\n"
        "if (x != 0 && __VERIFIER_nondet_int()) x = 5;\n"
        "int y = 1 || __VERIFIER_nondet_int();\n"
        "int z = x ? __VERIFIER_nondet_int() : 7;\n"
        "if (x == 0 && y == 1 && z == 7) reach_error();");
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(r.inputs_used == 0);
    CHECK(holds("int x = 2; int y = (x > 1) + (x < 1) * 10 + !x * 100 + (x && 3) * 1000;", "y == 1001"));
    CHECK(holds("int x = 0; int y = (x = 4, x + 1);", "y == 5 && x == 4"));
}

TEST_CASE("replay: goto into a loop and out of it") {
    const std::string code =
        "int i = 0; int n = 0;\n"
        "goto inside;\n"
        "while (i < 10) {\n"
        "  n = n + 100;\n"
        "inside:\n"
        "  n++; i++;\n"
        "  if (i == 5) goto out;\n"
        "}\n"
        "out:;";
    CHECK(holds(code, "n == 405 && i == 5"));
    // Backward goto as a loop.
    CHECK(holds("int i = 0; L: i++; if (i < 10) goto L;", "i == 10"));
    // Out of nested loops.
    CHECK(
        holds("int k = 0; for (int a = 0; a < 10; a++) for (int b = 0; b < 10; b++) { k++; if (a == 2 && b == 3) "
              "goto done; } done:;",
              "k == 24"));
    // Into the else branch of an if, and into a do-while.
    CHECK(holds("int r = 0; goto e; if (r == 0) r = 1; else { e: r = 2; }", "r == 2"));
    CHECK(holds("int c = 0; goto in; do { c = c + 10; in: c++; } while (c < 30);", "c == 34"));
    // A local whose declaration was jumped over has no value until assigned.
    ReplayResult r = body("goto L; { int x = 5; L: x = x + 1; }");
    CHECK(r.outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(holds("int y = 0; goto L; { int x = 5; L: x = 3; y = x; }", "y == 3"));
}

TEST_CASE("replay: switch with fall-through and default") {
    const std::string p =
        "int f(int x) {\n"
        "  int r = 0;\n"
        "  switch (x) {\n"
        "  case 1: r += 1;\n"
        "  case 2: r += 10; break;\n"
        "  case 3: r += 100;\n"
        "  default: r += 1000;\n"
        "  case 4: r += 10000;\n"
        "  }\n"
        "  return r;\n"
        "}\n"
        "int g(int x) { int r = 5; switch (x) { case 1: r = 1; } return r; }\n"
        "int main(void) {\n"
        "  if (f(1) == 11 && f(2) == 10 && f(3) == 11100 && f(5) == 11000 && f(4) == 10000 && g(1) == 1 && "
        "g(2) == 5)\n"
        "    reach_error();\n"
        "  return 0;\n"
        "}\n";
    CHECK(run(p).outcome == ReplayOutcome::ReachedError);
    // continue inside a switch continues the enclosing loop.
    CHECK(holds("int n = 0; for (int i = 0; i < 4; i++) { switch (i) { case 1: continue; default: n++; } n += 10; }",
                "n == 33"));
    // unsigned char switch value and a character case label.
    CHECK(holds("unsigned char c = 200; int r = 0; switch (c) { case 200: r = 1; break; case 'a': r = 2; }", "r == 1"));
}

TEST_CASE("replay: recursion") {
    const std::string fact = "int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }\n";
    CHECK(run(fact + "int main(void) { if (fact(10) == 3628800) reach_error(); return 0; }\n").outcome ==
          ReplayOutcome::ReachedError);
    CHECK(run(fact + "int main(void) { return fact(13); }\n").outcome == ReplayOutcome::SignedOverflow);

    const std::string depth = "int d(int n) { if (n == 0) return 0; return 1 + d(n - 1); }\n";
    CHECK(run(depth + "int main(void) { if (d(9000) == 9000) reach_error(); return 0; }\n").outcome ==
          ReplayOutcome::ReachedError);
    ReplayResult deep = run(depth + "int main(void) { if (d(100000) == 100000) reach_error(); return 0; }\n");
    CHECK(deep.outcome == ReplayOutcome::StepLimit);
    CHECK(deep.message.find("nested calls") != std::string::npos);

    // Without a call-depth bound, the native stack guard stops the replay.
    ReplayLimits unlimited;
    unlimited.max_call_depth = 100'000'000;
    unlimited.max_steps = 1'000'000'000;
    ReplayResult native = run(depth + "int main(void) { return d(50000000); }\n", {}, unlimited);
    CHECK(native.outcome == ReplayOutcome::StepLimit);
    CHECK(native.message.find("native stack") != std::string::npos);
}

TEST_CASE("replay: assume blocks, assert fails, abort and exit end the run") {
    const std::string assume = "int x = __VERIFIER_nondet_int();\n__VERIFIER_assume(x > 0);\nreach_error();";
    ReplayResult blocked = body(assume, {0});
    CHECK(blocked.outcome == ReplayOutcome::Blocked);
    CHECK(blocked.where.line == 4);
    CHECK(body(assume, {1}).outcome == ReplayOutcome::ReachedError);

    CHECK(body("int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x != 3);", {3}).outcome ==
          ReplayOutcome::ReachedError);
    CHECK(body("int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x != 3);", {4}).outcome == ReplayOutcome::Exited);
    CHECK(body("abort(); reach_error();").outcome == ReplayOutcome::Exited);
    ReplayResult ex = body("exit(2); reach_error();");
    CHECK(ex.outcome == ReplayOutcome::Exited);
    CHECK(ex.message == "exit is called");
    CHECK(outcome("int main(void) { }\n") == ReplayOutcome::Exited);
}

TEST_CASE("replay: missing return value, missing main, step limit") {
    const std::string p = "int f(void) { }\nint main(void) {\n  f();\n  (void)f();\n  int x = f();\n  return 0;\n}\n";
    ReplayResult r = run(p);
    CHECK(r.outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(r.where.line == 6);

    ReplayResult none = run("int f(void) { return 1; }\n");
    CHECK(none.outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(none.message.find("main") != std::string::npos);

    ReplayLimits small;
    small.max_steps = 1000;
    ReplayResult loop = run("int main(void) { while (1) ; }\n", {}, small);
    CHECK(loop.outcome == ReplayOutcome::StepLimit);
    CHECK(run("int main(void) { L: goto L; }\n", {}, small).outcome == ReplayOutcome::StepLimit);
    CHECK(run("int main(void) { for (;;) {} }\n", {}, small).outcome == ReplayOutcome::StepLimit);
}

TEST_CASE("replay: main's parameters") {
    // Integer parameters read the first inputs (after extern globals'), in order; argc >= 0.
    CHECK(outcome("int main(int argc, char** argv) { return argc; }\n") == ReplayOutcome::OutOfInputs);
    CHECK(outcome("int main(int argc, char** argv) { if (argc == 3) reach_error(); return 0; }\n", {3}) ==
          ReplayOutcome::ReachedError);
    CHECK(outcome("int main(int argc, char** argv) { return 0; }\n", {0xFFFFFFFF}) == ReplayOutcome::Blocked);
    CHECK(outcome("int main(int argc, int k) { if (k == -1 && argc == 0) reach_error(); return 0; }\n",
                  {0, 0xFFFFFFFF}) == ReplayOutcome::ReachedError);
    CHECK(outcome("extern int g;\nint main(int argc) { if (g == 1 && argc == 2) reach_error(); return 0; }\n",
                  {1, 2}) == ReplayOutcome::ReachedError);
    // An unused parameter still reads its input (the lowering reads it too).
    CHECK(outcome("int main(int argc) { if (__VERIFIER_nondet_int() == 5) reach_error(); return 0; }\n", {1, 5}) ==
          ReplayOutcome::ReachedError);
    // argv can be passed and compared; every access through it is undefined.
    CHECK(outcome("int f(char **v) { return v != 0; }\n"
                  "int main(int argc, char** argv) { if (f(argv)) reach_error(); return 0; }\n",
                  {1}) == ReplayOutcome::ReachedError);
    ReplayResult deref = run("int main(int argc, char** argv) { return argv[0] != 0; }\n", {1});
    CHECK(deref.outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(deref.message.find("parameter of main") != std::string::npos);
}

TEST_CASE("replay: static locals are initialised once") {
    const std::string p =
        "int counter(void) { static int c = 10; c++; return c; }\n"
        "int main(void) { counter(); counter(); if (counter() == 13) reach_error(); return 0; }\n";
    CHECK(outcome(p) == ReplayOutcome::ReachedError);
}

TEST_CASE("replay: the trace records inputs, assignments, branches, calls and the error") {
    const std::string p =
        "int inc(int v) { return v + 1; }\n"
        "int main(void) {\n"
        "  int x = __VERIFIER_nondet_int();\n"
        "  int y = inc(x);\n"
        "  if (y > 3) {\n"
        "    while (y > 4) y--;\n"
        "    reach_error();\n"
        "  }\n"
        "  return 0;\n"
        "}\n";
    ReplayResult r = run(p, {5});
    REQUIRE(r.outcome == ReplayOutcome::ReachedError);
    std::vector<std::string> kinds;
    for (const TraceStep& s : r.trace) {
        switch (s.kind) {
            case TraceStep::Input: kinds.push_back("in:" + s.name + "=" + std::to_string(s.value)); break;
            case TraceStep::Assign:
                kinds.push_back("set:" + s.function + "." + s.name + "=" + std::to_string(s.value));
                break;
            case TraceStep::Branch:
                kinds.push_back(s.name + (s.taken ? ":T" : ":F") + "@" + std::to_string(s.loc.line));
                break;
            case TraceStep::Call: kinds.push_back("call:" + s.name); break;
            case TraceStep::Return: kinds.push_back("ret:" + s.name + "=" + std::to_string(s.value)); break;
            case TraceStep::Error: kinds.push_back("error@" + std::to_string(s.loc.line)); break;
        }
    }
    const std::vector<std::string> expected = {"call:main",    "in:__VERIFIER_nondet_int=5",
                                               "set:main.x=5", "call:inc",
                                               "set:inc.v=5",  "ret:inc=6",
                                               "set:main.y=6", "if:T@6",
                                               "while:T@7",    "set:main.y=5",
                                               "while:T@7",    "set:main.y=4",
                                               "while:F@7",    "error@8"};
    CHECK(kinds == expected);
    // The branch text is the printed condition.
    for (const TraceStep& s : r.trace)
        if (s.kind == TraceStep::Branch && s.name == "if") CHECK(s.text == "y > 3");
    CHECK(!r.trace_truncated);
}

TEST_CASE("replay: constant conditions are no branches; returns say how they happened") {
    const std::string p =
        "void f(void) { }\n"
        "int g(void) {\n  return 2;\n}\n"
        "int main(void) { int n = 0; while (1) { n++; if (n == 2) break; } f(); g(); reach_error(); }\n";
    ReplayResult r = run(p);
    REQUIRE(r.outcome == ReplayOutcome::ReachedError);
    int branches = 0;
    std::vector<std::string> returns;
    for (const TraceStep& s : r.trace) {
        if (s.kind == TraceStep::Branch) {
            ++branches;
            CHECK(s.name == "if");
        }
        if (s.kind == TraceStep::Return) returns.push_back(s.name + ":" + s.text + "@" + std::to_string(s.loc.line));
    }
    CHECK(branches == 2);
    CHECK(returns == std::vector<std::string>{"f:end of function@2", "g:return@4"});
}

TEST_CASE("replay: the trace is bounded but the run goes on") {
    ReplayResult r = body("int s = 0; for (int i = 0; i < 100000; i++) s++; if (s == 100000) reach_error();");
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(r.trace_truncated);
    CHECK(r.trace.size() == kMaxTraceSteps + 1);
    CHECK(r.trace.back().kind == TraceStep::Error);
}

TEST_CASE("replay: LP64 long is 64 bits") {
    ReplayResult r = run("int main(void) { long x = 2147483647; x = x + 1; if (x == 2147483648L) reach_error(); }\n",
                         {}, {}, DataModel::LP64);
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(run("int main(void) { long x = 2147483647; x = x + 1; return 0; }\n").outcome ==
          ReplayOutcome::SignedOverflow);
}

TEST_CASE("c_literal") {
    CHECK(c_literal(5, Type::of(TypeKind::Int)) == "5");
    CHECK(c_literal(~std::uint64_t{4}, Type::of(TypeKind::Int)) == "-5");
    CHECK(c_literal(4294967295u, Type::of(TypeKind::UInt)) == "4294967295");
    CHECK(c_literal(~std::uint64_t{0}, Type::of(TypeKind::ULongLong)) == "18446744073709551615U");
    CHECK(c_literal(std::uint64_t{1} << 63, Type::of(TypeKind::LongLong)) == "(-9223372036854775807LL - 1)");
    CHECK(c_literal(1, Type::of(TypeKind::Bool)) == "1");
    CHECK(to_string(ReplayOutcome::SignedOverflow) == "signed overflow");
}

TEST_CASE("replay: anchors of nondet inputs (the call's ')') and branches (the keyword)") {
    ReplayResult r =
        run("int main(void) {\n"                                                  // 2
            "  int x = __VERIFIER_nondet_int( ), y = __VERIFIER_nondet_int();\n"  // 3: ')' at 34, 63
            "  if (x)\n"                                                          // 4
            "    while (\n"                                                       // 5
            "      y > 0) y--;\n"                                                 // 6
            "  switch (x) { default: break; }\n"                                  // 7
            "  if (x) reach_error();\n"                                           // 8
            "  return 0;\n}\n",
            {1, 1});
    REQUIRE(r.outcome == ReplayOutcome::ReachedError);
    std::vector<std::string> anchors, locs;
    for (const TraceStep& s : r.trace) {
        if (s.kind != TraceStep::Input && s.kind != TraceStep::Branch) continue;
        anchors.push_back(std::to_string(s.anchor.line) + ":" + std::to_string(s.anchor.col));
        locs.push_back(std::to_string(s.loc.line));
    }
    CHECK(anchors == std::vector<std::string>{"3:34", "3:63", "4:3", "5:5", "5:5", "7:3", "8:3"});
    // loc is unchanged: the call, the condition (line 6 for the while).
    CHECK(locs == std::vector<std::string>{"3", "3", "4", "6", "6", "7", "8"});
}
