// Lexer and s-expression reader: every token class, locations, comments, quoted symbols over
// several lines, malformed tokens, and reading one command without reading ahead.
#include <doctest/doctest.h>

#include <sstream>

#include "smtlib/syntax/errors.hpp"
#include "smtlib/syntax/lexer.hpp"
#include "smtlib/syntax/sexpr.hpp"

using namespace craig::smtlib;

namespace {

std::vector<Token> lex_all(const std::string& text) {
    std::istringstream in(text);
    Lexer lx(in);
    std::vector<Token> out;
    for (;;) {
        Token t = lx.next();
        if (t.kind == TokenKind::End) break;
        out.push_back(std::move(t));
    }
    return out;
}

Token lex_one(const std::string& text) {
    auto ts = lex_all(text);
    REQUIRE(ts.size() == 1);
    return ts[0];
}

}  // namespace

TEST_CASE("lexer: parentheses, numerals, decimals, hexadecimals, binaries") {
    auto ts = lex_all("( ) 0 42 3.14 0.0 #xA0f #b0101");
    REQUIRE(ts.size() == 8);
    CHECK(ts[0].kind == TokenKind::LParen);
    CHECK(ts[1].kind == TokenKind::RParen);
    CHECK((ts[2].kind == TokenKind::Numeral && ts[2].text == "0"));
    CHECK((ts[3].kind == TokenKind::Numeral && ts[3].text == "42"));
    CHECK((ts[4].kind == TokenKind::Decimal && ts[4].text == "3.14"));
    CHECK((ts[5].kind == TokenKind::Decimal && ts[5].text == "0.0"));
    CHECK((ts[6].kind == TokenKind::Hexadecimal && ts[6].text == "#xA0f"));
    CHECK((ts[7].kind == TokenKind::Binary && ts[7].text == "#b0101"));
}

TEST_CASE("lexer: strings with doubled quotes, across lines, with ; and |") {
    Token t = lex_one("\"a \"\"b\"\" ; |c|\nd\"");
    CHECK(t.kind == TokenKind::String);
    CHECK(t.text == "a \"b\" ; |c|\nd");
    CHECK(lex_one("\"\"").text.empty());
    CHECK(quote_string("a \"b\"") == "\"a \"\"b\"\"\"");
}

TEST_CASE("lexer: simple symbols, quoted symbols and keywords") {
    auto ts = lex_all("x!y +  <= .5 |a b| || |let| :named :");
    REQUIRE(ts.size() == 9);
    CHECK((ts[0].kind == TokenKind::Symbol && ts[0].text == "x!y" && !ts[0].quoted));
    CHECK(ts[1].text == "+");
    CHECK(ts[2].text == "<=");
    CHECK((ts[3].kind == TokenKind::Symbol && ts[3].text == ".5"));
    CHECK((ts[4].kind == TokenKind::Symbol && ts[4].text == "a b" && ts[4].quoted));
    CHECK((ts[5].kind == TokenKind::Symbol && ts[5].text.empty() && ts[5].quoted));
    CHECK((ts[6].text == "let" && ts[6].quoted));
    CHECK((ts[7].kind == TokenKind::Keyword && ts[7].text == ":named"));
    // ":" alone is not a keyword
    CHECK(ts[8].kind == TokenKind::Invalid);
}

TEST_CASE("lexer: quoted symbols span lines and locations count from 1") {
    auto ts = lex_all("(declare-const |multi\nline| Int)\n  ; comment (\n\tx");
    REQUIRE(ts.size() == 6);
    CHECK(ts[0].loc.line == 1);
    CHECK(ts[0].loc.col == 1);
    CHECK(ts[1].loc.col == 2);
    CHECK(ts[2].text == "multi\nline");
    CHECK(ts[2].loc.line == 1);
    CHECK(ts[2].loc.col == 16);
    CHECK(ts[3].loc.line == 2);
    CHECK(ts[3].loc.col == 7);  // Int after "line| "
    CHECK(ts[4].kind == TokenKind::RParen);
    CHECK(ts[5].text == "x");  // the comment hid "("
    CHECK(ts[5].loc.line == 4);
    CHECK(ts[5].loc.col == 2);  // a tab is one column
}

TEST_CASE("lexer: comments run to the end of the line, also at the end of the input") {
    auto ts = lex_all("; only a comment\n(a ; x )\n) ; last");
    REQUIRE(ts.size() == 3);
    CHECK(ts[1].text == "a");
    CHECK(ts[2].kind == TokenKind::RParen);
    CHECK(ts[2].loc.line == 3);
    CHECK(lex_all("; nothing else").empty());
}

TEST_CASE("lexer: malformed tokens are Invalid, not fatal") {
    CHECK(lex_one("012").kind == TokenKind::Invalid);
    CHECK(lex_one("012").error.find("leading zero") != std::string::npos);
    CHECK(lex_one("1.").kind == TokenKind::Invalid);
    CHECK(lex_one("12ab").kind == TokenKind::Invalid);
    CHECK(lex_one("#xg1").kind == TokenKind::Invalid);
    CHECK(lex_one("#b012").kind == TokenKind::Invalid);
    CHECK(lex_one("#b").kind == TokenKind::Invalid);
    CHECK(lex_one("#z").kind == TokenKind::Invalid);
    CHECK(lex_one("|a\\b|").kind == TokenKind::Invalid);
    Token t = lex_one("{");
    CHECK(t.kind == TokenKind::Invalid);
    CHECK(t.error == "unexpected character '{'");
    CHECK(lex_one("\x01").error == "unexpected character byte 0x01");
    auto ts = lex_all("a,b");
    REQUIRE(ts.size() == 3);
    CHECK(ts[1].kind == TokenKind::Invalid);
}

TEST_CASE("lexer: unterminated string and quoted symbol stop with their location") {
    std::istringstream in("(echo\n  \"abc");
    Lexer lx(in);
    lx.next();
    lx.next();
    try {
        lx.next();
        FAIL("no error");
    } catch (const SyntaxError& e) {
        CHECK(e.location().line == 2);
        CHECK(e.location().col == 3);
        CHECK(std::string(e.what()) == "unterminated string literal");
    }
    std::istringstream in2("|abc");
    Lexer lx2(in2);
    CHECK_THROWS_AS(lx2.next(), SyntaxError);
}

TEST_CASE("reader: one command at a time, without reading past its ')'") {
    std::istringstream in("(assert (and a b)) (check-sat)");
    Lexer lx(in);
    Reader rd(lx);
    SExprPool pool;
    auto c = rd.read_command(pool);
    REQUIRE(c);
    CHECK(pool.to_string(*c) == "(assert (and a b))");
    // The stream is positioned right after the command: nothing more was consumed.
    CHECK(in.rdbuf()->sgetc() == ' ');
    c = rd.read_command(pool);
    REQUIRE(c);
    CHECK(pool.to_string(*c) == "(check-sat)");
    CHECK_FALSE(rd.read_command(pool));
}

TEST_CASE("reader: printing re-quotes symbols and strings") {
    std::istringstream in("(echo |a b| |c| \"x\"\"y\" |let| :k 1.5 ( ))");
    Lexer lx(in);
    Reader rd(lx);
    SExprPool pool;
    auto c = rd.read_command(pool);
    REQUIRE(c);
    CHECK(pool.to_string(*c) == "(echo |a b| c \"x\"\"y\" |let| :k 1.5 ())");
    SExprPool copy;
    uint32_t id = copy.copy_from(pool, *c);
    CHECK(copy.to_string(id) == pool.to_string(*c));
}

TEST_CASE("reader: syntax errors") {
    SExprPool pool;
    {
        std::istringstream in(")");
        Lexer lx(in);
        Reader rd(lx);
        CHECK_THROWS_WITH_AS(rd.read_command(pool), "unexpected ')'", SyntaxError);
    }
    {
        std::istringstream in("check-sat");
        Lexer lx(in);
        Reader rd(lx);
        CHECK_THROWS_AS(rd.read_command(pool), SyntaxError);
    }
    {
        std::istringstream in("(assert (and a\n  (or b c)");
        Lexer lx(in);
        Reader rd(lx);
        try {
            rd.read_command(pool);
            FAIL("no error");
        } catch (const SyntaxError& e) {
            CHECK(e.location().line == 1);  // the innermost '(' left open
            CHECK(e.location().col == 9);
        }
    }
    {
        // an invalid token inside a list is kept and reported by the command, not the reader
        std::istringstream in("(assert 012)");
        Lexer lx(in);
        Reader rd(lx);
        auto c = rd.read_command(pool);
        REQUIRE(c);
        REQUIRE(pool.first_invalid());
        CHECK(pool[*pool.first_invalid()].loc.col == 9);
    }
}

TEST_CASE("reader: 100,000 nested parentheses read, print and copy without recursion") {
    const int n = 100000;
    std::string text = "(assert " + std::string(n, '(') + "x" + std::string(n, ')') + ")";
    std::istringstream in(text);
    Lexer lx(in);
    Reader rd(lx);
    SExprPool pool;
    auto c = rd.read_command(pool);
    REQUIRE(c);
    CHECK(pool.to_string(*c) == text);
    SExprPool copy;
    CHECK(copy.to_string(copy.copy_from(pool, *c)) == text);
}
