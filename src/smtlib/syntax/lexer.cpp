#include "smtlib/syntax/lexer.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "smtlib/syntax/errors.hpp"

namespace craig::smtlib {

namespace {

constexpr int kEof = std::char_traits<char>::eof();

bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_blank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

Token invalid(Location loc, std::string text, std::string why) {
    Token t;
    t.kind = TokenKind::Invalid;
    t.loc = loc;
    t.text = std::move(text);
    t.error = std::move(why);
    return t;
}

// How a character is shown in a message: itself when printable, else its code.
std::string show_char(int c) {
    if (c > 32 && c < 127) return std::string("'") + static_cast<char>(c) + "'";
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned>(c) & 0xFF);
    return std::string("byte ") + buf;
}

}  // namespace

std::string_view token_kind_name(TokenKind k) {
    switch (k) {
        case TokenKind::LParen: return "'('";
        case TokenKind::RParen: return "')'";
        case TokenKind::Numeral: return "numeral";
        case TokenKind::Decimal: return "decimal";
        case TokenKind::Hexadecimal: return "hexadecimal";
        case TokenKind::Binary: return "binary";
        case TokenKind::String: return "string";
        case TokenKind::Symbol: return "symbol";
        case TokenKind::Keyword: return "keyword";
        case TokenKind::Invalid: return "invalid token";
        case TokenKind::End: return "end of input";
    }
    return "token";
}

bool is_symbol_char(int c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c)) return true;
    switch (c) {
        case '~':
        case '!':
        case '@':
        case '$':
        case '%':
        case '^':
        case '&':
        case '*':
        case '_':
        case '-':
        case '+':
        case '=':
        case '<':
        case '>':
        case '.':
        case '?':
        case '/': return true;
        default: return false;
    }
}

bool is_simple_symbol(std::string_view s) {
    if (s.empty() || is_digit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!is_symbol_char(static_cast<unsigned char>(c))) return false;
    return true;
}

bool is_reserved_word(std::string_view name) {
    static constexpr std::array<std::string_view, 44> words = {"!",
                                                               "_",
                                                               "as",
                                                               "BINARY",
                                                               "DECIMAL",
                                                               "exists",
                                                               "HEXADECIMAL",
                                                               "forall",
                                                               "let",
                                                               "match",
                                                               "NUMERAL",
                                                               "par",
                                                               "STRING",
                                                               "assert",
                                                               "check-sat",
                                                               "check-sat-assuming",
                                                               "declare-const",
                                                               "declare-datatype",
                                                               "declare-datatypes",
                                                               "declare-fun",
                                                               "declare-sort",
                                                               "define-fun",
                                                               "define-fun-rec",
                                                               "define-funs-rec",
                                                               "define-sort",
                                                               "echo",
                                                               "exit",
                                                               "get-assertions",
                                                               "get-assignment",
                                                               "get-info",
                                                               "get-model",
                                                               "get-option",
                                                               "get-proof",
                                                               "get-unsat-assumptions",
                                                               "get-unsat-core",
                                                               "get-value",
                                                               "pop",
                                                               "push",
                                                               "reset",
                                                               "reset-assertions",
                                                               "set-info",
                                                               "set-logic",
                                                               "set-option",
                                                               "declare-codatatypes"};
    return std::find(words.begin(), words.end(), name) != words.end();
}

std::string symbol_to_string(std::string_view name) {
    if (is_simple_symbol(name) && !is_reserved_word(name)) return std::string(name);
    std::string quoted(1, '|');
    quoted.append(name);
    quoted.push_back('|');
    return quoted;
}

int Lexer::get() {
    if (!buf_) return kEof;
    int c = buf_->sbumpc();
    if (c == '\n') {
        ++pos_.line;
        pos_.col = 1;
    } else if (c != kEof) {
        ++pos_.col;
    }
    return c;
}

void Lexer::skip_blanks_and_comments() {
    for (;;) {
        int c = peek();
        if (is_blank(c)) {
            get();
        } else if (c == ';') {
            // A comment runs to the end of the line; reading stops at the newline so that an
            // interactive stream is not asked for more than the current line.
            while ((c = peek()) != kEof && c != '\n') get();
        } else {
            return;
        }
    }
}

void Lexer::read_word(std::string& text) {
    while (is_symbol_char(peek())) text.push_back(static_cast<char>(get()));
}

Token Lexer::read_string(Location start) {
    get();  // the opening quote
    Token t;
    t.kind = TokenKind::String;
    t.loc = start;
    for (;;) {
        int c = get();
        if (c == kEof) throw SyntaxError(start, "unterminated string literal");
        if (c == '"') {
            if (peek() != '"') return t;
            get();  // "" stands for one quote
        }
        t.text.push_back(static_cast<char>(c));
    }
}

Token Lexer::read_quoted_symbol(Location start) {
    get();  // the opening bar
    Token t;
    t.kind = TokenKind::Symbol;
    t.quoted = true;
    t.loc = start;
    bool backslash = false;
    for (;;) {
        int c = get();
        if (c == kEof) throw SyntaxError(start, "unterminated quoted symbol");
        if (c == '|') break;
        backslash = backslash || c == '\\';
        t.text.push_back(static_cast<char>(c));
    }
    if (backslash) return invalid(start, "|" + t.text + "|", "'\\' is not allowed in a quoted symbol");
    return t;
}

Token Lexer::read_hash_literal(Location start) {
    std::string text(1, static_cast<char>(get()));  // '#'
    int base = peek();
    if (base != 'x' && base != 'b') {
        read_word(text);
        return invalid(start, text, "expected #x or #b at the start of a literal");
    }
    text.push_back(static_cast<char>(get()));
    read_word(text);
    std::string_view digits = std::string_view(text).substr(2);
    bool ok = !digits.empty();
    for (char c : digits) {
        if (base == 'b')
            ok = ok && (c == '0' || c == '1');
        else
            ok = ok && (is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
    }
    if (!ok)
        return invalid(start, text,
                       base == 'b' ? "bad binary literal '" + text + "'" : "bad hexadecimal literal '" + text + "'");
    Token t;
    t.kind = base == 'b' ? TokenKind::Binary : TokenKind::Hexadecimal;
    t.loc = start;
    t.text = std::move(text);
    return t;
}

Token Lexer::read_number(Location start) {
    // Read the whole word so that "12ab" or "1.5e3" is one bad token, not two good ones.
    std::string text;
    read_word(text);
    size_t dot = text.find('.');
    std::string_view whole = std::string_view(text).substr(0, dot);
    bool ok = !whole.empty() && (whole.size() == 1 || whole[0] != '0');
    for (char c : whole) ok = ok && is_digit(c);
    if (dot != std::string::npos) {
        std::string_view frac = std::string_view(text).substr(dot + 1);
        ok = ok && !frac.empty();
        for (char c : frac) ok = ok && is_digit(c);
    }
    if (!ok) {
        bool leading_zero = whole.size() > 1 && whole[0] == '0';
        return invalid(start, text,
                       leading_zero ? "bad numeral '" + text + "' (leading zero)" : "bad numeral '" + text + "'");
    }
    Token t;
    t.kind = dot == std::string::npos ? TokenKind::Numeral : TokenKind::Decimal;
    t.loc = start;
    t.text = std::move(text);
    return t;
}

Token Lexer::next() {
    skip_blanks_and_comments();
    Location start = pos_;
    int c = peek();
    Token t;
    t.loc = start;
    if (c == kEof) return t;  // End
    if (c == '(' || c == ')') {
        get();
        t.kind = c == '(' ? TokenKind::LParen : TokenKind::RParen;
        return t;
    }
    if (c == '"') return read_string(start);
    if (c == '|') return read_quoted_symbol(start);
    if (c == '#') return read_hash_literal(start);
    if (is_digit(c)) return read_number(start);
    if (c == ':') {
        t.text.push_back(static_cast<char>(get()));
        read_word(t.text);
        if (t.text.size() == 1) return invalid(start, ":", "expected a keyword name after ':'");
        t.kind = TokenKind::Keyword;
        return t;
    }
    if (is_symbol_char(c)) {
        read_word(t.text);
        t.kind = TokenKind::Symbol;
        return t;
    }
    get();
    return invalid(start, std::string(1, static_cast<char>(c)), "unexpected character " + show_char(c));
}

}  // namespace craig::smtlib
