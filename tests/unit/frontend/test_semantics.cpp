// Builtins, reachability, unsupported constructs and file input.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "frontend/builtins.hpp"
#include "frontend/preprocess.hpp"
#include "frontend_test_util.hpp"

using namespace craig::frontend;
using namespace craig::frontend::test;
namespace fs = std::filesystem;

namespace {

TranslationUnit parse(const std::string& text, DataModel dm = DataModel::ILP32) {
    return parse_string(text, "t.c", dm);
}

// A file in a fresh temporary directory, removed at the end of the test.
class TempFile {
public:
    TempFile(const std::string& name, const std::string& text) {
        dir_ =
            fs::temp_directory_path() / ("craig-fe-" + std::to_string(::getpid()) + "-" + std::to_string(++counter()));
        fs::create_directories(dir_);
        path_ = dir_ / name;
        std::ofstream(path_) << text;
    }
    ~TempFile() {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    std::string path() const { return path_.string(); }

private:
    static int& counter() {
        static int n = 0;
        return n;
    }
    fs::path dir_, path_;
};

}  // namespace

TEST_CASE("verifier builtins are recognised by name") {
    TranslationUnit tu = parse(
        "extern int __VERIFIER_nondet_int(void); unsigned __VERIFIER_nondet_uint();\n"
        "extern void __VERIFIER_assume(int); void reach_error() { }\n"
        "void assume_abort_if_not(int c) { if (!c) abort(); }\n"
        "int main(void) {\n"
        "  int x = __VERIFIER_nondet_int(); unsigned y = __VERIFIER_nondet_uint();\n"
        "  _Bool b = __VERIFIER_nondet_bool(); long l = __VERIFIER_nondet_long();\n"
        "  char c = __VERIFIER_nondet_char(); unsigned short us = __VERIFIER_nondet_ushort();\n"
        "  __VERIFIER_assume(x > 0); assume_abort_if_not(y < 10);\n"
        "  assert(x != 3);\n"
        "  if (x == 5) reach_error();\n"
        "  if (x == 6) __VERIFIER_error();\n"
        "  if (x == 7) exit(0);\n"
        "  return 0;\n"
        "}");
    auto builtin = [&](const char* name) { return to_string(tu.find_function(name)->builtin); };
    CHECK(builtin("__VERIFIER_nondet_int") == "nondet");
    CHECK(builtin("__VERIFIER_nondet_uint") == "nondet");
    CHECK(builtin("__VERIFIER_nondet_bool") == "nondet");
    CHECK(builtin("__VERIFIER_assume") == "assume");
    CHECK(builtin("assume_abort_if_not") == "none");  // defined in the file: an ordinary function
    CHECK(builtin("abort") == "abort");
    CHECK(builtin("assert") == "assert");
    CHECK(builtin("reach_error") == "reach_error");  // even though it is defined
    CHECK(builtin("__VERIFIER_error") == "reach_error");
    CHECK(builtin("exit") == "exit");
    CHECK(builtin("main") == "none");
    // Undeclared nondet functions get the type their name says.
    CHECK(to_string(tu.find_function("__VERIFIER_nondet_bool")->return_type) == "_Bool");
    CHECK(to_string(tu.find_function("__VERIFIER_nondet_long")->return_type) == "long");
    CHECK(to_string(tu.find_function("__VERIFIER_nondet_char")->return_type) == "char");
    CHECK(to_string(tu.find_function("__VERIFIER_nondet_ushort")->return_type) == "unsigned short");
    CHECK(tu.find_function("reach_error")->reachable);
    CHECK(tu.find_function("assume_abort_if_not")->reachable);
    CHECK(nondet_type("__VERIFIER_nondet_size_t", DataModel::LP64) == Type::of(TypeKind::ULong));
    CHECK(nondet_type("__VERIFIER_nondet_float", DataModel::LP64)->is_unsupported());
    CHECK(!nondet_type("__VERIFIER_nondet_whatever", DataModel::LP64));
}

TEST_CASE("__assert_fail keeps its string arguments") {
    TranslationUnit tu = parse(
        "extern void __assert_fail(const char *, const char *, unsigned int, const char *)\n"
        "    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));\n"
        "void reach_error() { __assert_fail(\"0\", \"file.c\", 3, __PRETTY_FUNCTION__); }\n"
        "int main(void) { reach_error(); return 0; }");
    const Expr& call = *tu.find_function("reach_error")->body->stmts[0]->expr;
    REQUIRE(call.operands.size() == 4);
    CHECK(call.operand(0).kind == ExprKind::StringLiteral);
    CHECK(call.operand(0).text == "0");
    CHECK(call.operand(2).type == Type::of(TypeKind::UInt));
    CHECK(call.operand(3).text == "reach_error");
    CHECK(tu.find_function("__assert_fail")->builtin == Builtin::AssertFail);
}

TEST_CASE("unsupported constructs in reachable code") {
    const std::string pre = "int g; int main(void) { int x = 0; ";
    const std::string post = " return 0; }";
    auto in_main = [&](const std::string& code) { return unsupported(pre + code + post); };
    CHECK(in_main("int a[10];").empty());  // arrays, pointers and structs are parsed (ast.hpp)
    CHECK(in_main("int a[10]; a[0] = 1;").empty());
    CHECK(in_main("int a[2] = {1, 2};").empty());
    CHECK(in_main("int *p = &x;").empty());
    CHECK(in_main("x = *(&x);").empty());
    CHECK(in_main("int *p; p = 0;").empty());
    CHECK(in_main("struct s { int f; } v; v.f = 1;").empty());
    CHECK(in_main("union u { int f; } v; x = sizeof(v);").empty());
    CHECK(in_main("struct b { int f : 3; } v; v.f = 1;").empty());  // bit-fields (issue 50)
    CHECK(in_main("double d = 1.0;") == "float");
    CHECK(in_main("x = 1.5;") == "float");
    CHECK(in_main("float f; f = x;") == "float");
    CHECK(in_main("asm(\"nop\");") == "inline asm");
    CHECK(in_main("char *s = \"abc\";").empty());  // string literals: test_string_literals.cpp
    CHECK(in_main("x = sizeof(\"abc\");").empty());
    CHECK(in_main("int n = x; int v[n];").empty());
    CHECK(in_main("int n = x; int v[n]; x = sizeof(v);") == "sizeof of a variable length array");
    CHECK(in_main("goto *0;") == "computed goto");
    CHECK(in_main("x = x ?: 1;") == "conditional with omitted operand");
    CHECK(in_main("switch (x) { case 1 ... 3: ; }") == "case range");
    CHECK(in_main("x = (int){1};") == "compound literal");
    CHECK(in_main("x = ({ 1; });") == "statement expression");
    CHECK(in_main("_Complex double z;").empty());
    CHECK(in_main("__int128 big = 0;") == "__int128");
    CHECK(unsupported("int f(int a) { return a; } int main(void) { int (*p)(int) = f; return 0; }").empty());
    CHECK(unsupported("int f(int a) { return a; } int main(void) { return f == 0; }").empty());
    // The location is that of the construct.
    std::string msg;
    CHECK(
        error_location(
            "int main(void) {\n  int x;\n  int *p = (int *)&x;\n  void (*f)(void) = (void (*)(void))p;\n  return 0;\n}",
            &msg) == "4:37");
    CHECK(msg == "unsupported: t.c:4:37: function pointer cast");
}

TEST_CASE("only reachable code matters") {
    // Unused functions may use anything; pointers in prototypes are fine.
    CHECK(unsupported("extern void *malloc(unsigned long);\n"
                      "void unused(int *p) { *p = 1; printf(\"%d\", *p); }\n"
                      "int helper(void) { return 1; }\n"
                      "int main(void) { return helper(); }")
              .empty());
    CHECK(unsupported("void bad(int *p) { void (*f)(void) = (void (*)(void))p; }\n"
                      "void mid(void) { int y = 0; bad(&y); }\n"
                      "int main(void) { mid(); return 0; }") == "function pointer cast");
    // Called functions without a body are external code (issue 15): an arbitrary result, any
    // change to the globals; only a non-integer result type stays unsupported.
    CHECK(unsupported("int main(void) { return undefined_thing(1); }").empty());
    CHECK(unsupported("int f(void); int main(void) { return f(); }").empty());
    {
        TranslationUnit tu =
            parse_string("int f(void); int g(void); int main(void) { return f(); }", "t.c", DataModel::ILP32);
        CHECK(tu.find_function("f")->external);
        CHECK(!tu.find_function("g")->external);  // never called
        CHECK(!tu.find_function("main")->external);
    }
    CHECK(unsupported("float f(void); int main(void) { return (int)f(); }") != "");
    CHECK(unsupported("int f(void); int unused(void) { return f(); } int main(void) { return 0; }").empty());
    CHECK(unsupported("extern void *malloc(unsigned long);\n"
                      "int main(void) { malloc(4); return 0; }")
              .empty());
    CHECK(unsupported("extern void *my_alloc(unsigned long);\n"
                      "int main(void) { my_alloc(4); return 0; }") == "external function with pointer arguments");
    CHECK(unsupported("int log_text(const char *, ...);\n"
                      "int main(void) { log_text(\"x\"); return 0; }") == "external function with pointer arguments");
    // printf is a C library function (libc.hpp): its format may be a literal.
    CHECK(unsupported("int printf(const char *, ...);\n"
                      "int main(void) { printf(\"x\"); return 0; }").empty());
    CHECK(unsupported("int main(int argc, char **argv) { return argc; }").empty());
    CHECK(unsupported("int main(int argc, char **argv) { return argv != 0; }").empty());
    // Recursion is allowed.
    TranslationUnit tu = parse("int f(int n) { return n <= 0 ? 0 : f(n - 1); } int main(void) { return f(3); }");
    CHECK(tu.find_function("f")->reachable);
    // Unreachable functions with unsupported bodies are kept without body.
    TranslationUnit tu2 = parse("void u(int *p) { void (*f)(void) = (void (*)(void))p; } int main(void) { return 0; }");
    const FunctionDecl* u = tu2.find_function("u");
    CHECK(!u->reachable);
    CHECK(!u->body);
    REQUIRE(u->unsupported);
    CHECK(u->unsupported->construct() == "function pointer cast");
}

TEST_CASE("GNU noise of preprocessed headers is tolerated") {
    CHECK(unsupported(
              "typedef unsigned int size_t; typedef __builtin_va_list __gnuc_va_list;\n"
              "typedef struct _IO_FILE FILE; struct _IO_FILE { int _flags; char *_IO_read_ptr; };\n"
              "extern int fscanf (FILE *__restrict __stream, const char *__restrict __format, ...)"
              " __asm__ (\"\" \"__isoc99_fscanf\") __attribute__ ((__nothrow__ , __leaf__));\n"
              "extern void *memcpy (void *__restrict __dest, const void *__restrict __src, size_t __n)"
              " __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__nonnull__ (1, 2)));\n"
              "__extension__ typedef long long int __int64_t; __extension__ typedef unsigned long long __u64;\n"
              "extern _Float128 strtof128 (const char *__restrict __nptr, char **__restrict __endptr);\n"
              "static __inline __uint16_t_x(unsigned short __bsx) { return __bsx >> 8; }\n"
              "typedef int (*__compar_fn_t) (const void *, const void *);\n"
              "extern int atexit (void (*__func) (void)) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ "
              "((__nonnull__ (1)));\n"
              "typedef union { int __i; double __d; } __u; enum { _ISupper = 1 << 8 };\n"
              "extern void abort (void) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));\n"
              "_Static_assert(sizeof(int) == 4, \"int\");\n"
              "int main(void) { __int64_t v = _ISupper; register int r = 1; const volatile int c = 2;\n"
              "  if (__builtin_expect(v > 0, 1)) v++; return (int)v + r + c; }")
              .empty());
}

TEST_CASE("files with directives go through the preprocessor; locations stay in the original file") {
    CHECK(needs_preprocessing("#include <stdio.h>\nint main(){}"));
    CHECK(needs_preprocessing("  #  define X 1\n"));
    CHECK(!needs_preprocessing("# 1 \"x.c\"\n#line 3\n#pragma once\nint x;"));

    TempFile ok("ok.c",
                "#include <assert.h>\n"
                "#include <limits.h>\n"
                "#define N 10\n"
                "int main(void) {\n"
                "  int x = N;\n"
                "  assert(x <= INT_MAX);\n"
                "  return 0;\n"
                "}\n");
    TranslationUnit tu = parse_translation_unit(ok.path(), DataModel::LP64);
    REQUIRE(tu.main_function());
    const Stmt& decl = *tu.main_function()->body->stmts[0];
    CHECK(decl.vars[0]->loc.line == 5);

    // The glibc headers SV-COMP programs include parse (their declarations are unused).
    TempFile headers("headers.c",
                     "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <stdint.h>\n"
                     "#include <stdbool.h>\n#include <math.h>\n#include <pthread.h>\n#include <limits.h>\n"
                     "#include <assert.h>\n#include <stddef.h>\n#include <inttypes.h>\n#include <signal.h>\n"
                     "extern int __VERIFIER_nondet_int(void);\n"
                     "int main(void) { int32_t x = __VERIFIER_nondet_int(); bool b = x > 0; size_t n = sizeof(long);\n"
                     "  if (x < 0) abort(); assert(x >= 0 || !b); return n > 0 ? EXIT_SUCCESS : EXIT_FAILURE; }\n");
    for (DataModel dm : {DataModel::ILP32, DataModel::LP64}) {
        TranslationUnit h = parse_translation_unit(headers.path(), dm);
        CHECK(h.find_function("abort")->builtin == Builtin::Abort);
        CHECK(h.find_function("__assert_fail")->reachable);
    }
    CHECK(decl.vars[0]->loc.col == 7);
    CHECK(decl.vars[0]->loc.file == ok.path());
    CHECK(tu.find_function("__assert_fail")->reachable);

    TempFile bad("bad.c", "#include <stdlib.h>\n\nint main(void) {\n  return 0\n}\n");
    try {
        parse_translation_unit(bad.path(), DataModel::ILP32);
        FAIL("expected a ParseError");
    } catch (const ParseError& e) {
        CHECK(e.location().file == bad.path());
        CHECK(e.location().line == 5);
        CHECK(e.location().col == 1);
    }

    TempFile missing("missing.c", "#include \"does_not_exist.h\"\nint main(void) { return 0; }\n");
    // A preprocessor error in the program is an input error at its location (exit 3), with
    // gcc's message only: no source echo, no caret line (issue 15).
    try {
        parse_translation_unit(missing.path(), DataModel::ILP32);
        FAIL("expected a ParseError");
    } catch (const ParseError& e) {
        CHECK(e.location().line == 1);
        CHECK(e.location().col == 10);
        CHECK(e.location().file == missing.path());
        CHECK(std::string(e.what()).find("does_not_exist.h") != std::string::npos);
        CHECK(std::string(e.what()).find('^') == std::string::npos);
    }
    TempFile error_directive("error.c", "int x;\n#error this \xff configuration\nint main(void) { return 0; }\n");
    try {
        parse_translation_unit(error_directive.path(), DataModel::LP64);
        FAIL("expected a ParseError");
    } catch (const ParseError& e) {
        CHECK(e.location().line == 2);
        CHECK(std::string(e.message()).find("this \\xff configuration") != std::string::npos);
    }
    // A UTF-8 byte-order mark is skipped, as gcc does.
    CHECK(parse_string("\xEF\xBB\xBFint main(void) { return 0; }\n", "bom.c", DataModel::LP64).main_function());

    // Without directives the file is read directly (no cpp: assert is the builtin).
    TempFile plain("plain.c", "int main(void) { int x = 1; assert(x); return 0; }\n");
    TranslationUnit tu3 = parse_translation_unit(plain.path(), DataModel::ILP32);
    CHECK(tu3.find_function("assert")->builtin == Builtin::Assert);

    CHECK_THROWS_AS(parse_translation_unit("/nonexistent/file.c", DataModel::ILP32), InputError);
}

TEST_CASE("error messages are formatted FILE:LINE:COL") {
    try {
        parse_string("int main(void) {\n  return 0\n}", "dir/x.c", DataModel::ILP32);
        FAIL("expected a ParseError");
    } catch (const FrontendError& e) {
        CHECK(std::string(e.what()) == "dir/x.c:3:1: expected ';' but found '}'");
    }
    Unsupported u(SourceLocation{"a.c", 4, 2}, "array");
    CHECK(std::string(u.what()) == "unsupported: a.c:4:2: array");
    CHECK(u.construct() == "array");
    InputError in("a.c", "cannot open file");
    CHECK(std::string(in.what()) == "a.c: cannot open file");
}

TEST_CASE("the fuzzing seeds in tests/c/parse have their expected outcome") {
    const fs::path dir = fs::path(__FILE__).parent_path().parent_path().parent_path() / "c" / "parse";
    REQUIRE(fs::exists(dir));
    int files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".c") continue;
        ++files;
        const std::string name = entry.path().filename().string();
        CAPTURE(name);
        std::string outcome = "parsed";
        try {
            parse_translation_unit(entry.path().string(), DataModel::ILP32);
        } catch (const Unsupported&) {
            outcome = "unsupported";
        } catch (const ParseError&) {
            outcome = "parse error";
        }
        const std::string expected = name == "malformed.c"     ? "parse error"
                                     : name == "unsupported.c" ? "unsupported"
                                                               : "parsed";
        CHECK(outcome == expected);
    }
    CHECK(files >= 10);
}

TEST_CASE("storage: static locals, block-scope extern, tentative definitions") {
    TranslationUnit tu = parse(
        "int t; int t; extern int later;\n"
        "int counter(void) { static int n = 3; extern int later; later = n; return n++; }\n"
        "int later = 7;\n"
        "int main(void) { return counter(); }");
    REQUIRE(tu.globals.size() == 3);
    CHECK(tu.globals[0]->name == "t");
    CHECK(!tu.globals[0]->is_extern);
    CHECK(tu.globals[0]->init->value == 0);
    CHECK(tu.globals[1]->name == "later");
    CHECK(tu.globals[1]->init->value == 7);
    const VarDecl& n = *tu.globals[2];
    CHECK(n.storage == Storage::StaticLocal);
    CHECK(n.function == tu.find_function("counter"));
    CHECK(n.init->value == 3);
    const Stmt& body = *tu.find_function("counter")->body;
    REQUIRE(body.stmts.size() == 2);  // no Decl statement for the static or the extern
    CHECK(body.stmts[0]->expr->operand(0).var == tu.globals[1].get());
    CHECK(body.stmts[0]->expr->operand(1).var == &n);
}

TEST_CASE("reach_error is the error even when its body is unsupported") {
    CHECK(unsupported("int printf(const char *, ...);\n"
                      "void reach_error(void) { printf(\"error\\n\"); }\n"
                      "int main(void) { reach_error(); return 0; }")
              .empty());
}

TEST_CASE("__builtin_expect keeps its value and needs a constant hint") {
    CHECK(expr("a = __builtin_expect(b > 0, 1)") == "a = (int)(long)(b > 0)");
    CHECK(unsupported("int f(); int main(void) { if (__builtin_expect(f(), f())) return 1; return 0; }\n"
                      "int f() { return 1; }") == "__builtin_expect with a non-constant hint");
}

TEST_CASE("return in void functions and missing return values") {
    TranslationUnit tu = parse(
        "void g(void) { } void f(int a) { return g(); }\n"
        "int h(void) { return; } int main(void) { f(1); return h(); }");
    CHECK(print(*tu.find_function("f")->body) == "{\n  return (void)g();\n}\n");
    CHECK(print(*tu.find_function("h")->body) == "{\n  return;\n}\n");
}
