#include <doctest/doctest.h>

#include <string>

#include "frontend/constant_eval.hpp"
#include "frontend/types.hpp"
#include "frontend_test_util.hpp"

using namespace craig::frontend;
using namespace craig::frontend::test;

namespace {

std::string uac(TypeKind a, TypeKind b, DataModel dm) {
    return to_string(usual_arithmetic_conversion(Type::of(a), Type::of(b), dm));
}

// Type of the expression `code` in main (after kGlobals).
std::string type_of(const std::string& code, DataModel dm = DataModel::ILP32) {
    TranslationUnit tu = parse_string(std::string(kGlobals) + "int main(void) { " + code + "; }", "t.c", dm);
    return to_string(tu.main_function()->body->stmts[0]->expr->type);
}

// Value of the global `r` initialised with the constant expression `code`.
std::int64_t value_of(const std::string& decls, const std::string& code, DataModel dm = DataModel::ILP32) {
    TranslationUnit tu = parse_string(decls + "\nlong long r = " + code + ";", "t.c", dm);
    return tu.globals.back()->init->signed_value();
}

}  // namespace

TEST_CASE("widths and sizes per data model") {
    CHECK(bit_width(TypeKind::Long, DataModel::ILP32) == 32);
    CHECK(bit_width(TypeKind::Long, DataModel::LP64) == 64);
    CHECK(bit_width(TypeKind::LongLong, DataModel::ILP32) == 64);
    CHECK(bit_width(TypeKind::Int, DataModel::LP64) == 32);
    CHECK(size_in_bytes(TypeKind::Bool, DataModel::ILP32) == 1);
    CHECK(size_in_bytes(TypeKind::Short, DataModel::ILP32) == 2);
    CHECK(to_string(size_type(DataModel::ILP32)) == "unsigned int");
    CHECK(to_string(size_type(DataModel::LP64)) == "unsigned long");
    CHECK(is_signed(TypeKind::Char));
}

TEST_CASE("integer promotions (C11 6.3.1.1)") {
    for (TypeKind k :
         {TypeKind::Bool, TypeKind::Char, TypeKind::SChar, TypeKind::UChar, TypeKind::Short, TypeKind::UShort}) {
        CHECK(to_string(promote(Type::of(k), DataModel::ILP32)) == "int");
    }
    CHECK(to_string(promote(Type::of(TypeKind::UInt), DataModel::ILP32)) == "unsigned int");
    CHECK(to_string(promote(Type::of(TypeKind::Long), DataModel::ILP32)) == "long");
    CHECK(type_of("ch") == "char");
    CHECK(type_of("+ch") == "int");
    CHECK(type_of("-us") == "int");
    CHECK(type_of("~uc") == "int");
    CHECK(type_of("!ul") == "int");
    CHECK(type_of("bo + bo") == "int");
    CHECK(type_of("sizeof(char)") == "unsigned int");
    CHECK(type_of("sizeof(char)", DataModel::LP64) == "unsigned long");
}

TEST_CASE("usual arithmetic conversions (C11 6.3.1.8)") {
    using K = TypeKind;
    const DataModel I = DataModel::ILP32, L = DataModel::LP64;
    CHECK(uac(K::Int, K::UInt, I) == "unsigned int");
    CHECK(uac(K::Char, K::Short, I) == "int");
    CHECK(uac(K::UChar, K::UShort, I) == "int");
    CHECK(uac(K::Bool, K::Bool, I) == "int");
    CHECK(uac(K::Int, K::Long, I) == "long");
    // long cannot hold every unsigned int on ILP32: both become unsigned long.
    CHECK(uac(K::Long, K::UInt, I) == "unsigned long");
    CHECK(uac(K::Long, K::UInt, L) == "long");
    CHECK(uac(K::LongLong, K::ULong, I) == "long long");
    CHECK(uac(K::LongLong, K::ULong, L) == "unsigned long long");
    CHECK(uac(K::ULongLong, K::Int, I) == "unsigned long long");
    CHECK(uac(K::LongLong, K::UInt, I) == "long long");
    CHECK(uac(K::Long, K::LongLong, L) == "long long");
}

TEST_CASE("conversions are explicit in the AST") {
    CHECK(expr("a = u + a") == "a = (int)(u + (unsigned int)a)");
    CHECK(expr("a = a < u") == "a = (unsigned int)a < u");
    CHECK(expr("a = ch + uc") == "a = (int)ch + (int)uc");
    CHECK(expr("l = l + u") == "l = (long)((unsigned long)l + (unsigned long)u)");
    CHECK(expr("l = l + u", DataModel::LP64) == "l = l + (long)u");
    CHECK(expr("ll = ll * a") == "ll = ll * (long long)a");
    CHECK(expr("a = ch << l") == "a = (int)ch << l");  // shifts promote each side only
    CHECK(expr("ul = ul >> ch") == "ul = ul >> (int)ch");
    CHECK(expr("bo = a") == "bo = (_Bool)a");
    CHECK(expr("uc = a + 1") == "uc = (unsigned char)(a + 1)");
    CHECK(expr("a = b && ul") == "a = b && ul");  // tested against zero, no conversion
    CHECK(expr("a = b ? u : ch") == "a = (int)(b ? u : (unsigned int)ch)");
    CHECK(expr("s++") == "s++");
    CHECK(expr("a = (char)b + 1") == "a = (int)(char)b + 1");
    CHECK(expr("a = (unsigned char)300") == "a = 44");  // folded into the literal
    CHECK(expr("u = -1") == "u = 4294967295u");
    CHECK(expr("ul = -1", DataModel::LP64) == "ul = 18446744073709551615ul");
    CHECK(expr("ull = 1") == "ull = 1ull");
    CHECK(expr("ch = 'a'") == "ch = (char)97");
    CHECK(expr("a = sizeof(int) + sizeof a") == "a = (int)(4u + 4u)");
    CHECK(expr("l = sizeof(long)", DataModel::LP64) == "l = 8l");
    CHECK(type_of("u + l") == "unsigned long");
    CHECK(type_of("u + l", DataModel::LP64) == "long");
    CHECK(type_of("a == u") == "int");
    CHECK(type_of("a = ch") == "int");
    CHECK(type_of("ch = a") == "char");
    CHECK(type_of("a, ll") == "long long");
    CHECK(type_of("2147483648") == "long long");
    CHECK(type_of("2147483648", DataModel::LP64) == "long");
    CHECK(type_of("-2147483648") == "long long");
    CHECK(type_of("0xffffffff") == "unsigned int");
}

TEST_CASE("calls convert arguments and return values") {
    TranslationUnit tu = parse_string(
        "char f(unsigned char x, long y) { return x + y; }\n"
        "int g();\n"
        "int main(void) { int a = 300; return f(a, a) + g(a, (char)a); }\n"
        "int g(short p, char q) { return p + q; }",
        "t.c", DataModel::LP64);
    CHECK(print(*tu.find_function("f")->body) == "{\n  return (char)((long)x + y);\n}\n");
    // g had no prototype at the call: default promotions, then (after the
    // definition was seen) conversion to the parameter types.
    CHECK(print(*tu.main_function()->body->stmts[1]) ==
          "return (int)f((unsigned char)a, (long)a) + g((short)a, (char)(int)(char)a);\n");
}

TEST_CASE("constant folding: sizeof, enums, casts, case labels") {
    CHECK(value_of("", "sizeof(long)") == 4);
    CHECK(value_of("", "sizeof(long)", DataModel::LP64) == 8);
    CHECK(value_of("", "sizeof(long long) * 2 + sizeof(short)") == 18);
    CHECK(value_of("", "sizeof(_Bool) + sizeof(unsigned char)") == 2);
    CHECK(value_of("enum { A = 5, B, C = A * 3 + 1, D };", "B * 100 + C + D") == 633);
    CHECK(value_of("enum e { X = -2, Y, Z };", "Z") == 0);
    CHECK(value_of("", "(unsigned char)-1") == 255);
    CHECK(value_of("", "(signed char)200") == -56);
    CHECK(value_of("", "(_Bool)256") == 1);
    CHECK(value_of("", "(int)4294967295u") == -1);
    CHECK(value_of("", "-1u > 0") == 1);
    CHECK(value_of("", "-1 < 0u") == 0);                    // -1 becomes UINT_MAX
    CHECK(value_of("", "-1l < 0u") == 0);                   // ILP32: both unsigned long
    CHECK(value_of("", "-1l < 0u", DataModel::LP64) == 1);  // LP64: both long
    CHECK(value_of("", "7 / -2 * 10 + 7 % -2") == -29);
    CHECK(value_of("", "1 << 31 >> 31") == -1);
    CHECK(value_of("", "0x80000000 >> 31") == 1);
    CHECK(value_of("", "1 ? 2 : 3") == 2);
    CHECK(value_of("", "0 && 1 / 0") == 0);
    CHECK(value_of("", "'a' + '\\377'") == 96);
    CHECK(value_of("", "~0u") == 4294967295);
    CHECK(value_of("", "(1 < 2) + (2 <= 2) + (3 > 4) + (4 >= 4) + (1 == 1) + (1 != 1)") == 4);
    CHECK(value_of("", "(6 & 3) | (8 ^ 1)") == 11);
    std::string msg;
    CHECK(error_location("int x = 1 / 0;", &msg) == "1:11");
    CHECK(msg.find("not constant") != std::string::npos);
    CHECK(error_location("int main(void) { int v = 1; switch (v) { case v: ; } }", &msg) == "1:47");
    // Case values are converted to the promoted type of the condition.
    TranslationUnit tu = parse_string("int main(void) { unsigned char c = 1; switch (c) { case 257: ; case -1: ; } }",
                                      "t.c", DataModel::ILP32);
    const Stmt& sw = *tu.main_function()->body->stmts[1];
    CHECK(to_string(sw.expr->type) == "int");
    CHECK(sw.cases[0]->case_value == 257);
    CHECK(static_cast<std::int64_t>(sw.cases[1]->case_value) == -1);
}

TEST_CASE("enum types follow GCC") {
    TranslationUnit tu = parse_string(
        "enum pos { P1, P2 } p; enum neg { N1 = -1, N2 } n; enum pos q;\n"
        "int main(void) { return P2; }",
        "t.c", DataModel::ILP32);
    CHECK(to_string(tu.globals[0]->type) == "unsigned int");
    CHECK(to_string(tu.globals[1]->type) == "int");
    CHECK(to_string(tu.globals[2]->type) == "unsigned int");
    CHECK(print(*tu.main_function()->body) == "{\n  return 1;\n}\n");
}
