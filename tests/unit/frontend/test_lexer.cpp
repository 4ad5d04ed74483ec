#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "frontend/errors.hpp"
#include "frontend/lexer.hpp"

using namespace craig::frontend;

namespace {

Token one(const std::string& text, DataModel dm = DataModel::ILP32) {
    auto toks = tokenize(text, "t.c", dm);
    REQUIRE(toks.size() == 2);
    return toks[0];
}

std::vector<TokenKind> kinds(const std::string& text) {
    std::vector<TokenKind> out;
    for (const Token& t : tokenize(text, "t.c", DataModel::ILP32)) out.push_back(t.kind);
    return out;
}

// Location "line:col" of the ParseError the lexer raises on text.
std::string error_at(const std::string& text) {
    try {
        tokenize(text, "t.c", DataModel::ILP32);
    } catch (const ParseError& e) {
        return std::to_string(e.location().line) + ":" + std::to_string(e.location().col);
    }
    return "no error";
}

void check_int(const std::string& text, std::uint64_t value, TypeKind type, DataModel dm = DataModel::ILP32) {
    CAPTURE(text);
    Token t = one(text, dm);
    CHECK(t.kind == TokenKind::IntConstant);
    CHECK(t.value == value);
    CHECK(to_string(Type::of(t.int_type)) == to_string(Type::of(type)));
}

}  // namespace

TEST_CASE("integer constants: values and C11 6.4.4.1 types") {
    using K = TypeKind;
    check_int("0", 0, K::Int);
    check_int("42", 42, K::Int);
    check_int("017", 15, K::Int);
    check_int("0x1F", 31, K::Int);
    check_int("0XfF", 255, K::Int);
    check_int("0b101", 5, K::Int);
    check_int("2147483647", 2147483647, K::Int);
    // Decimal constants never become unsigned (except beyond long long, as GCC).
    check_int("2147483648", 2147483648u, K::LongLong, DataModel::ILP32);
    check_int("2147483648", 2147483648u, K::Long, DataModel::LP64);
    check_int("4294967295", 4294967295u, K::LongLong, DataModel::ILP32);
    // Octal and hexadecimal constants may.
    check_int("0x80000000", 0x80000000u, K::UInt);
    check_int("0xFFFFFFFF", 0xFFFFFFFFu, K::UInt);
    check_int("0x100000000", 0x100000000u, K::LongLong, DataModel::ILP32);
    check_int("0x100000000", 0x100000000u, K::Long, DataModel::LP64);
    check_int("0xFFFFFFFFFFFFFFFF", ~0ull, K::ULongLong, DataModel::ILP32);
    check_int("0xFFFFFFFFFFFFFFFF", ~0ull, K::ULong, DataModel::LP64);
    check_int("9223372036854775807", 9223372036854775807ull, K::LongLong);
    check_int("18446744073709551615", ~0ull, K::ULongLong);
    // Suffixes.
    check_int("10u", 10, K::UInt);
    check_int("10U", 10, K::UInt);
    check_int("10l", 10, K::Long);
    check_int("10L", 10, K::Long);
    check_int("10ul", 10, K::ULong);
    check_int("10LU", 10, K::ULong);
    check_int("10ll", 10, K::LongLong);
    check_int("10LL", 10, K::LongLong);
    check_int("10ull", 10, K::ULongLong);
    check_int("10LLu", 10, K::ULongLong);
    check_int("4294967296u", 4294967296ull, K::ULongLong, DataModel::ILP32);
    check_int("4294967296u", 4294967296ull, K::ULong, DataModel::LP64);
    check_int("2147483648l", 2147483648u, K::LongLong, DataModel::ILP32);
    check_int("0x80000000l", 0x80000000u, K::ULong, DataModel::ILP32);
}

TEST_CASE("malformed integer constants") {
    CHECK(error_at("x = 08;") == "1:6");  // invalid octal digit
    CHECK(error_at("x = 0x;") == "1:5");
    CHECK(error_at("x = 12lL;") == "1:7");  // mixed-case ll
    CHECK(error_at("x = 1uu;") == "1:6");
    CHECK(error_at("x = 12abc;") == "1:7");
    CHECK(error_at("18446744073709551616") == "1:1");
    CHECK(one("1.5").kind == TokenKind::FloatConstant);
    CHECK(one("1e5").kind == TokenKind::FloatConstant);
    CHECK(one(".5f").kind == TokenKind::FloatConstant);
    CHECK(one("0x1p3").kind == TokenKind::FloatConstant);
    CHECK(one("0x1e3").kind == TokenKind::IntConstant);  // hex digit e, not an exponent
}

TEST_CASE("character constants") {
    auto check_char = [](const std::string& text, std::int64_t value, TypeKind type = TypeKind::Int) {
        CAPTURE(text);
        Token t = one(text);
        CHECK(t.kind == TokenKind::CharConstant);
        CHECK(static_cast<std::int64_t>(t.value) == value);
        CHECK(t.int_type == type);
    };
    check_char("'a'", 97);
    check_char("'\\n'", 10);
    check_char("'\\t'", 9);
    check_char("'\\0'", 0);
    check_char("'\\\\'", 92);
    check_char("'\\''", 39);
    check_char("'\"'", 34);
    check_char("'\\x41'", 65);
    check_char("'\\101'", 65);
    check_char("'\\377'", -1);  // plain char is signed
    check_char("'\\xff'", -1);
    check_char("'ab'", 0x6162);  // GCC multi-character constant
    check_char("L'a'", 97, TypeKind::Int);
    check_char("U'a'", 97, TypeKind::UInt);
    check_char("u'a'", 97, TypeKind::UShort);
    CHECK(error_at("c = '';") == "1:5");
    CHECK(error_at("c = 'a;\n") == "1:5");
    CHECK(error_at("c = '\\x';") == "1:6");
}

TEST_CASE("string literals are decoded") {
    Token t = one("\"a\\tb\\x41\\101\\\"\"");
    CHECK(t.kind == TokenKind::StringLiteral);
    CHECK(t.text == "a\tbAA\"");
    CHECK(one("L\"wide\"").kind == TokenKind::StringLiteral);
    CHECK(error_at("s = \"abc\n\";") == "1:5");
}

TEST_CASE("punctuators, maximal munch and digraphs") {
    using K = TokenKind;
    CHECK(kinds("a<<=b>>=c") ==
          std::vector{K::Identifier, K::ShlAssign, K::Identifier, K::ShrAssign, K::Identifier, K::Eof});
    CHECK(kinds("x+++y") == std::vector{K::Identifier, K::PlusPlus, K::Plus, K::Identifier, K::Eof});
    CHECK(kinds("p->q...") == std::vector{K::Identifier, K::Arrow, K::Identifier, K::Ellipsis, K::Eof});
    CHECK(kinds("&&&|||!=<=>===") ==
          std::vector{K::AmpAmp, K::Amp, K::PipePipe, K::Pipe, K::NotEq, K::LessEq, K::GreaterEq, K::EqEq, K::Eof});
    CHECK(kinds("<: :> <% %>") == std::vector{K::LBracket, K::RBracket, K::LBrace, K::RBrace, K::Eof});
    CHECK(kinds("%= ^= |= &= *= /= -= +=") == std::vector{K::PercentAssign, K::CaretAssign, K::PipeAssign, K::AmpAssign,
                                                          K::StarAssign, K::SlashAssign, K::MinusAssign, K::PlusAssign,
                                                          K::Eof});
    CHECK(error_at("int x = 1 @ 2;") == "1:11");
    CHECK(error_at("int x;\n  `") == "2:3");
}

TEST_CASE("keywords and GNU spellings") {
    using K = TokenKind;
    CHECK(kinds("__const const __restrict __inline__ __signed__ _Bool") ==
          std::vector{K::KwConst, K::KwConst, K::KwRestrict, K::KwInline, K::KwSigned, K::KwBool, K::Eof});
    CHECK(kinds("__attribute__ __extension__ __asm__ __typeof__ __PRETTY_FUNCTION__") ==
          std::vector{K::KwAttribute, K::KwExtension, K::KwAsm, K::KwTypeof, K::KwFuncName, K::Eof});
    CHECK(kinds("__VERIFIER_nondet_int int_ $x") == std::vector{K::Identifier, K::Identifier, K::Identifier, K::Eof});
}

TEST_CASE("comments and locations") {
    auto toks = tokenize("int /* a\ncomment */ x; // tail\n\tint\ty;", "f.c", DataModel::ILP32);
    REQUIRE(toks.size() == 7);
    CHECK(toks[0].loc == SourceLocation{"f.c", 1, 1});
    CHECK(toks[1].loc == SourceLocation{"f.c", 2, 12});
    CHECK(toks[3].loc == SourceLocation{"f.c", 3, 2});  // a tab counts as one column
    CHECK(toks[4].loc == SourceLocation{"f.c", 3, 6});
    CHECK(error_at("int x;\n  /* open") == "2:3");
}

TEST_CASE("line markers set file and line") {
    const std::string text =
        "# 1 \"main.c\"\n"
        "int a;\n"
        "# 1 \"/usr/include/stdio.h\" 1 3 4\n"
        "int b;\n"
        "\n"
        "int c;\n"
        "# 7 \"main.c\" 2\n"
        "  int d;\n"
        "#line 20 \"other.c\"\n"
        "int e;\n"
        "#line 30\n"
        "int f;\n"
        "#pragma once\n"
        "int g; # define\n";
    auto toks = tokenize(text, "input.i", DataModel::ILP32);
    auto find = [&](const std::string& name) {
        for (const Token& t : toks) {
            if (t.text == name) return t.loc;
        }
        return SourceLocation{};
    };
    CHECK(find("a") == SourceLocation{"main.c", 1, 5});
    CHECK(find("b") == SourceLocation{"/usr/include/stdio.h", 1, 5});
    CHECK(find("c") == SourceLocation{"/usr/include/stdio.h", 3, 5});
    CHECK(find("d") == SourceLocation{"main.c", 7, 7});
    CHECK(find("e") == SourceLocation{"other.c", 20, 5});
    CHECK(find("f") == SourceLocation{"other.c", 30, 5});
    CHECK(find("g") == SourceLocation{"other.c", 32, 5});
    // '#' not at the start of a line is an ordinary token.
    CHECK(toks[toks.size() - 3].kind == TokenKind::Hash);
}

TEST_CASE("directives that need the preprocessor are errors") {
    CHECK(error_at("int a;\n#include <stdio.h>\n") == "2:1");
    CHECK(error_at("  #  define N 3\n") == "1:3");
    CHECK(error_at("# x \"f.c\"\n") == "1:1");
    CHECK(error_at("# \"f.c\"\n") == "1:3");
}
