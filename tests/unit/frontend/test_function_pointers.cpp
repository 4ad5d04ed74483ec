// Function pointers in the front end: types, values (FunctionRef), calls through pointers
// (PointerCall), the address-taken functions and the constructs left unsupported.
#include <doctest/doctest.h>

#include "frontend/frontend.hpp"
#include "frontend/replay.hpp"
#include "frontend/printer.hpp"
#include "frontend_test_util.hpp"

namespace craig::frontend::test {

namespace {

const VarDecl& named_global(const TranslationUnit& tu, const std::string& name) {
    for (const auto& g : tu.globals)
        if (g->name == name) return *g;
    FAIL("no global " << name);
    throw;
}

}  // namespace

TEST_CASE("function pointer types: declarators, typedefs, parameters, members, arrays") {
    TranslationUnit tu = parse_string(
        "typedef int (*handler)(int, char *);\n"
        "typedef void fn_t(void);\n"
        "int h(int x, char *s) { return x; }\n"
        "handler one = h;\n"
        "int (*two)(int, char *) = &h;\n"
        "handler table[2] = { h, 0 };\n"
        "fn_t *three;\n"
        "struct ops { void (*close)(void); int (*open)(int, ...); } ops;\n"
        "int apply(int f(int, char *), int x) { return f(x, 0); }\n"
        "int main(void) { return apply(h, 1) + one(1, 0) + (*two)(2, 0) + table[0](3, 0); }\n",
        "t.c", DataModel::ILP32);
    CHECK(to_string(named_global(tu, "one").type) == "int (*)(int, char *)");
    CHECK(named_global(tu, "one").type == named_global(tu, "two").type);  // interned
    CHECK(named_global(tu, "one").type.is_function_pointer());
    CHECK(to_string(named_global(tu, "table").type) == "int (*)(int, char *) [2]");
    CHECK(to_string(named_global(tu, "three").type) == "void (*)(void)");
    const Aggregate& ops = *named_global(tu, "ops").type.info;
    CHECK(to_string(ops.fields[1].type) == "int (*)(int, ...)");
    CHECK(to_string(tu.find_function("apply")->params[0]->type) == "int (*)(int, char *)");
    // One id per address-taken function, 0 for the others.
    CHECK(tu.address_taken.size() == 1);
    CHECK(tu.find_function("h")->address_id == 1);
    CHECK(tu.find_function("apply")->address_id == 0);
    CHECK(tu.find_function("h")->reachable);
    // Printed in C syntax; `*two` is two, a direct call of a designator stays a Call.
    CHECK(print(tu).find("void (*three)(void) = (void (*)(void))0;") != std::string::npos);
    std::string main_text = print(*tu.main_function()->body, 0);
    CHECK(main_text.find("((apply(h, 1) + one(1, (char *)0)) + two(2, (char *)0)) + table[0](3, (char *)0)") !=
          std::string::npos);
    CHECK(print(tu).find("int (*table[2])(int, char *) = { [0] = h, [1] = (int (*)(int, char *))0 };") !=
          std::string::npos);
}

TEST_CASE("function pointer values: comparisons, conditions, conversions of arguments") {
    CHECK(unsupported("int f(int a) { return a; } int main(void) { int (*p)(int) = f; return p(1); }").empty());
    CHECK(unsupported("int f(int a) { return a; } int main(void) { return f == 0; }").empty());
    CHECK(unsupported("int f(int a) { return a; } int g(int a) { return a; }\n"
                      "int main(void) { int (*p)(int) = f; return p != g && p && !(p == 0); }")
              .empty());
    // Arguments are converted to the parameter types of the pointer's type.
    CHECK(body("int (*p)(long) = 0; p(a);").find("p((long)a)") != std::string::npos);
    CHECK(unsupported("int f(int a) { return a; } int main(void) { int (*p)(int) = f; return p(1, 2); }")
              .find("too many arguments") != std::string::npos);
}

TEST_CASE("function pointers: unsupported constructs and errors") {
    // The function must be defined here: calls through the pointer run its body.
    CHECK(unsupported("int f(int); int main(void) { int (*g)(int) = f; return 0; }") ==
          "address of an undefined function");
    CHECK(unsupported("void abort(void); int main(void) { void (*g)(void) = abort; return 0; }") ==
          "address of a built-in function");
    // Casts would leave the functions of the pointer's type.
    CHECK(unsupported("int f(void) { return 0; } int main(void) { void *p = f; return 0; }") ==
          "function pointer cast");
    CHECK(unsupported("int f(void) { return 0; } int main(void) { int (*p)(int) = (int (*)(int))f; return 0; }") ==
          "function pointer cast");
    CHECK(unsupported("int f(void) { return 0; } int main(void) { int (*p)(void) = f; return p < f; }") ==
          "ordering of function pointers");
    CHECK(unsupported("int f(void) { return 0; } int main(void) { int (*p)(void) = f; p++; return 0; }") ==
          "function pointer arithmetic");
    CHECK(unsupported("int f() { return 0; } int main(void) { int (*p)() = 0; return 0; }") ==
          "function pointer without prototype");
    CHECK(unsupported("int main(void) { int x = 0; return x(1); }").find("called object") != std::string::npos);
    // Unused declarations of unsupported function pointer types are fine.
    CHECK(unsupported("float (*fp)(float); int main(void) { return 0; }").empty());
}

TEST_CASE("function pointers in the replay: dispatch by id, null calls are undefined behaviour") {
    const std::string defs =
        "void reach_error(void); extern int __VERIFIER_nondet_int(void);\n"
        "int inc(int x) { return x + 1; } int dbl(int x) { return 2 * x; }\n"
        "struct ops { int (*f)(int); } ops = { dbl };\n";
    auto run = [&](const std::string& main_body, std::vector<std::uint64_t> inputs) {
        TranslationUnit tu = parse_string(defs + "int main(void) {\n" + main_body + "\nreturn 0;\n}\n", "t.c",
                                          DataModel::ILP32);
        return replay(tu, inputs, ReplayLimits{});
    };
    const std::string pick = "int (*t[2])(int) = { inc, ops.f }; int r = t[__VERIFIER_nondet_int()](5);";
    CHECK(run(pick + " if (r == 6) reach_error();", {0}).outcome == ReplayOutcome::ReachedError);
    CHECK(run(pick + " if (r == 6) reach_error();", {1}).outcome == ReplayOutcome::Exited);
    CHECK(run(pick + " if (r == 10) reach_error();", {1}).outcome == ReplayOutcome::ReachedError);
    ReplayResult null_call = run("int (*f)(int) = 0; if (__VERIFIER_nondet_int()) f = inc; f(1);", {0});
    CHECK(null_call.outcome == ReplayOutcome::UndefinedBehaviour);
    CHECK(null_call.message.find("null function pointer") != std::string::npos);
    CHECK(run("int (*f)(int) = 0; if (__VERIFIER_nondet_int()) f = inc; f(1);", {1}).outcome ==
          ReplayOutcome::Exited);
}

}  // namespace craig::frontend::test
