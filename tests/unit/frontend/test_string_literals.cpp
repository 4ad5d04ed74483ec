// String literals (C11 6.4.5): the typed form of ast.hpp (an lvalue char[N + 1] whose object is in
// TranslationUnit::string_literals), and the replay reading and (not) writing them.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/replay.hpp"
#include "frontend_test_util.hpp"

using namespace craig::frontend;
using namespace craig::frontend::test;

namespace {

TranslationUnit parse_program(const std::string& text) { return parse_string(text, "t.c", DataModel::ILP32); }

ReplayResult run(const std::string& program, std::vector<std::uint64_t> inputs = {}) {
    TranslationUnit tu = parse_program("void reach_error(void); extern int __VERIFIER_nondet_int(void);\n" + program);
    return replay(tu, inputs);
}

}  // namespace

TEST_CASE("a string literal is an lvalue char array with an object of its own") {
    TranslationUnit tu = parse_program(
        "char *g = \"hi\" + 1;\n"
        "int main(void) { char *s = \"a\\nb\"; const char *t = \"a\\nb\"; return sizeof(\"abc\") + s[0] + t[0]; }");
    // sizeof's operand is not evaluated: no object for it; the two equal literals get two.
    REQUIRE(tu.string_literals.size() == 3);
    const VarDecl& hi = *tu.string_literals[0];
    CHECK(hi.name == "\"hi\"");
    CHECK(hi.storage == Storage::Global);
    CHECK(to_string(hi.type) == "char [3]");
    CHECK(print(*hi.init) == "{ [0] = (char)104, [1] = (char)105, [2] = (char)0 }");
    CHECK(print(*tu.globals.back()->init) == "\"hi\" + 1");
    const Expr& decay = tu.globals.back()->init->operand(0);
    REQUIRE(decay.kind == ExprKind::Decay);
    CHECK(decay.operand(0).kind == ExprKind::StringLiteral);
    CHECK(decay.operand(0).var == &hi);
    CHECK(tu.string_literals[1]->name == "\"a\\nb\"");
    CHECK(tu.string_literals[1].get() != tu.string_literals[2].get());
    CHECK(expr("sizeof(\"abc\")") == "4u");
    CHECK(expr("ch = \"\\xff\"[0]") == "ch = \"\\377\"[0]");
}

TEST_CASE("string literal objects: only where the literal is an array of reachable code") {
    TranslationUnit tu = parse_program(
        "extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n"
        "int unused(void) { const char *u = \"never\"; return u[0]; }\n"
        "int main(void) { char buf[] = \"init\"; __assert_fail(\"0\", \"t.c\", 3, __func__); return buf[0]; }");
    // The initialiser of buf is its characters, the assert-failure arguments are not read, and
    // unused() never runs.
    CHECK(tu.string_literals.empty());
    // An assert-failure function that the program defines is no builtin: ordinary arguments.
    TranslationUnit own = parse_program(
        "void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) { }\n"
        "int main(void) { __assert_fail(\"0\", \"t.c\", 3, __func__); return 0; }");
    CHECK(own.string_literals.size() == 3);
    CHECK(own.main_function()->body->stmts[0]->expr->operand(0).kind == ExprKind::Decay);
    // A long literal's object is named by its first bytes.
    TranslationUnit big = parse_program("int main(void) { return \"" + std::string(100, 'x') + "\"[99]; }");
    REQUIRE(big.string_literals.size() == 1);
    CHECK(big.string_literals[0]->name == "\"" + std::string(40, 'x') + "\"...");
    CHECK(to_string(big.string_literals[0]->type) == "char [101]");
}

TEST_CASE("string literals: what is accepted and what is not") {
    CHECK(unsupported("int main(void) { char *s = \"abc\"; return s[1]; }").empty());
    CHECK(unsupported("int main(void) { const char *s[2] = {\"a\", \"b\"}; return *s[1]; }").empty());
    CHECK(unsupported("char (*p)[3] = &\"ab\"; int main(void) { return (*p)[0]; }").empty());
    CHECK(unsupported("int main(void) { \"x\"; (void)\"y\"; return 0; }").empty());
    CHECK(unsupported("int main(void) { int *w = L\"ab\"; return 0; }") == "wide string literal");
    CHECK(unsupported("int main(void) { return sizeof(\"a\" U\"b\"); }") == "wide string literal");
    CHECK(unsupported("int main(void) { char *s = u8\"ab\"; return s[0]; }").empty());
    CHECK(error_location("int main(void) { \"ab\" = 0; return 0; }") == "1:23");
    CHECK(error_location("int main(void) { \"ab\"[0] = 1; return 0; }") == "ok");  // undefined when it runs
}

TEST_CASE("replay: reading string literals, and writing into one is undefined") {
    CHECK(run("int main(void) { const char *s = \"abc\"; int n = 0; while (s[n]) n++;"
              " if (n == 3 && s[3] == 0) reach_error(); return 0; }")
              .outcome == ReplayOutcome::ReachedError);
    CHECK(run("const char *g = \"xyz\" + 1;\n"
              "int main(void) { if (*g == 'y' && g[-1] == 'x' && \"\\xff\"[0] == -1) reach_error(); return 0; }")
              .outcome == ReplayOutcome::ReachedError);
    // Two occurrences are two objects; one occurrence is one object however often it runs.
    CHECK(run("const char *f(void) { return \"k\"; }\n"
              "int main(void) { if (\"k\" != \"k\" && f() == f()) reach_error(); return 0; }")
              .outcome == ReplayOutcome::ReachedError);
    ReplayResult w = run("int main(void) { char *s = \"abc\"; s[1] = 'x'; reach_error(); return 0; }");
    CHECK(w.outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(w.message == "write to a string literal (\"abc\"[1])");
    ReplayResult r = run("int main(void) { const char *s = \"ab\"; return s[3]; }");
    CHECK(r.outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(r.message == "out-of-bounds read of \"ab\"[3] (3 elements)");
    ReplayResult d = run("int main(void) { return \"ab\"[5]; }");
    CHECK(d.outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(d.message == "out-of-bounds read of \"ab\"[5] (3 elements)");
    ReplayResult f = run("extern void free(void *); int main(void) { free(\"ab\"); return 0; }");
    CHECK(f.outcome == ReplayOutcome::UndefinedBehaviour);
}
