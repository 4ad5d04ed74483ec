// Lexer for preprocessed C (C11 6.4 plus the GNU spellings of glibc headers).
//
// Guarantees:
//  - Every token carries the location in the original file: line markers
//    ("# N "file" flags" and "#line N "file"") set the file and the number of
//    the next line; "#pragma" and "#ident" lines are skipped. Any other
//    directive is a ParseError (the file must be preprocessed first).
//  - Integer constants get their value and C type per C11 6.4.4.1 under the
//    data model; decimal constants too large for long long become unsigned
//    long long (as GCC does); constants above 2^64-1 are a ParseError.
//  - Character constants have type int (plain, with the value of the signed
//    char), or the type of L/u/U prefixes; string literals are decoded bytes
//    with their element type (char, or the wide type of L/u/U prefixes).
//  - Comments and line continuations are whitespace. Malformed input raises
//    ParseError at the offending character; lexing always terminates.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/token.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

class Lexer {
public:
    // `text` must outlive the lexer.
    Lexer(std::string_view text, std::string file_name, DataModel dm);

    // The next token; returns Eof forever at the end.
    Token next();

private:
    void skip_whitespace_and_directives();
    void directive();
    Token identifier_or_keyword();
    Token number();
    Token char_constant(TypeKind type, std::size_t prefix_len);
    Token string_literal(std::size_t prefix_len);
    std::uint32_t escape_sequence(std::size_t quote_pos);
    Token punctuator();

    char peek(std::size_t k = 0) const { return pos_ + k < src_.size() ? src_[pos_ + k] : '\0'; }
    bool at_end() const { return pos_ >= src_.size(); }
    void newline();  // consumes '\n' at pos_
    SourceLocation here() const;
    SourceLocation at(std::size_t pos) const;
    [[noreturn]] void fail(std::size_t pos, const std::string& message) const;

    std::string_view src_;
    std::string file_;
    DataModel dm_;
    std::size_t pos_ = 0;
    std::size_t line_start_ = 0;
    std::uint32_t line_ = 1;
    bool at_line_start_ = true;
};

// All tokens of `text`, ending with one Eof token.
std::vector<Token> tokenize(std::string_view text, const std::string& file_name, DataModel dm);

}  // namespace craig::frontend
