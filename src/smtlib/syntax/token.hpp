#pragma once
// Tokens of the SMT-LIB 2.6 lexical syntax (standard, section 3.1) with their source location.
//
// Contract: `text` holds what a token means, not how it was written:
//  * Symbol: the name, without the |bars| of a quoted symbol (`quoted` says it had them);
//    |x| and x are the same symbol, but only an unquoted symbol can be a reserved word.
//  * String: the content, with "" already turned into one ".
//  * Keyword: the keyword with its colon (":named").
//  * Numeral, Decimal: the digits as written; Hexadecimal, Binary: the whole literal ("#xA0").
//  * Invalid: the offending characters; `error` says what is wrong. An invalid token does not
//    break the structure of the input, so the command that holds it fails and the script goes on.
#include <cstdint>
#include <string>
#include <string_view>

namespace craig::smtlib {

// 1-based line and column of a character (columns count bytes; a tab is one column).
struct Location {
    uint32_t line = 1;
    uint32_t col = 1;
};

enum class TokenKind : uint8_t {
    LParen,
    RParen,
    Numeral,
    Decimal,
    Hexadecimal,
    Binary,
    String,
    Symbol,
    Keyword,
    Invalid,
    End,  // end of input
};

struct Token {
    TokenKind kind = TokenKind::End;
    Location loc;
    std::string text;
    bool quoted = false;  // Symbol written as |...|
    std::string error;    // Invalid: what is wrong
};

std::string_view token_kind_name(TokenKind k);

}  // namespace craig::smtlib
