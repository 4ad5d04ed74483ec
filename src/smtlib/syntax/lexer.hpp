#pragma once
// Hand-written lexer for the SMT-LIB 2.6 lexical syntax (standard, section 3.1): whitespace,
// `;` comments, parentheses, numerals, decimals, #x hexadecimals, #b binaries, string literals
// (with "" for a quote), simple and |quoted| symbols (which may span lines; `|` and `\` are not
// allowed inside), and keywords.
//
// The lexer reads its stream one character at a time and never looks further than the
// character after the current token; a `)` needs no look-ahead at all. So a command is complete
// as soon as its closing parenthesis has been read, and a script on an interactive stream runs
// command by command.
//
// Errors: a string literal or quoted symbol that is still open at the end of the input throws
// SyntaxError (located at its first character). Any other malformed token (bad numeral, `#z`,
// a stray character) is returned as an Invalid token.
#include <istream>

#include "smtlib/syntax/token.hpp"

namespace craig::smtlib {

class Lexer {
public:
    explicit Lexer(std::istream& in) : buf_(in.rdbuf()) {}

    Token next();
    // Where the next character is (after the last token read).
    Location location() const { return pos_; }

private:
    int peek() { return buf_ ? buf_->sgetc() : std::char_traits<char>::eof(); }
    int get();
    void skip_blanks_and_comments();
    void read_word(std::string& text);  // the longest run of simple-symbol characters
    Token read_string(Location start);
    Token read_quoted_symbol(Location start);
    Token read_hash_literal(Location start);
    Token read_number(Location start);

    std::streambuf* buf_;
    Location pos_;
};

// Characters of simple symbols besides letters and digits (standard, section 3.1).
bool is_symbol_char(int c);
bool is_simple_symbol(std::string_view s);
// Reserved words of SMT-LIB 2.6 (let, par, _, !, as, ..., and the command names): lexically
// simple symbols, but an unquoted reserved word is not a symbol.
bool is_reserved_word(std::string_view s);
// A symbol as SMT-LIB writes it: as is when simple and not reserved, else between bars.
std::string symbol_to_string(std::string_view name);

}  // namespace craig::smtlib
