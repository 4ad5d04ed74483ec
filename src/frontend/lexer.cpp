#include "frontend/lexer.hpp"

#include <array>
#include <utility>

#include "frontend/errors.hpp"

namespace craig::frontend {

namespace {

struct Keyword {
    std::string_view spelling;
    TokenKind kind;
};

// GNU alternative spellings map to the canonical keyword: the parser does
// not care how a qualifier was written.
constexpr std::array kKeywords = {
    Keyword{"auto", TokenKind::KwAuto},
    Keyword{"break", TokenKind::KwBreak},
    Keyword{"case", TokenKind::KwCase},
    Keyword{"char", TokenKind::KwChar},
    Keyword{"const", TokenKind::KwConst},
    Keyword{"__const", TokenKind::KwConst},
    Keyword{"__const__", TokenKind::KwConst},
    Keyword{"continue", TokenKind::KwContinue},
    Keyword{"default", TokenKind::KwDefault},
    Keyword{"do", TokenKind::KwDo},
    Keyword{"double", TokenKind::KwDouble},
    Keyword{"else", TokenKind::KwElse},
    Keyword{"enum", TokenKind::KwEnum},
    Keyword{"extern", TokenKind::KwExtern},
    Keyword{"float", TokenKind::KwFloat},
    Keyword{"for", TokenKind::KwFor},
    Keyword{"goto", TokenKind::KwGoto},
    Keyword{"if", TokenKind::KwIf},
    Keyword{"inline", TokenKind::KwInline},
    Keyword{"__inline", TokenKind::KwInline},
    Keyword{"__inline__", TokenKind::KwInline},
    Keyword{"int", TokenKind::KwInt},
    Keyword{"long", TokenKind::KwLong},
    Keyword{"register", TokenKind::KwRegister},
    Keyword{"restrict", TokenKind::KwRestrict},
    Keyword{"__restrict", TokenKind::KwRestrict},
    Keyword{"__restrict__", TokenKind::KwRestrict},
    Keyword{"return", TokenKind::KwReturn},
    Keyword{"short", TokenKind::KwShort},
    Keyword{"signed", TokenKind::KwSigned},
    Keyword{"__signed", TokenKind::KwSigned},
    Keyword{"__signed__", TokenKind::KwSigned},
    Keyword{"sizeof", TokenKind::KwSizeof},
    Keyword{"static", TokenKind::KwStatic},
    Keyword{"struct", TokenKind::KwStruct},
    Keyword{"switch", TokenKind::KwSwitch},
    Keyword{"typedef", TokenKind::KwTypedef},
    Keyword{"union", TokenKind::KwUnion},
    Keyword{"unsigned", TokenKind::KwUnsigned},
    Keyword{"void", TokenKind::KwVoid},
    Keyword{"volatile", TokenKind::KwVolatile},
    Keyword{"__volatile", TokenKind::KwVolatile},
    Keyword{"__volatile__", TokenKind::KwVolatile},
    Keyword{"while", TokenKind::KwWhile},
    Keyword{"_Alignas", TokenKind::KwAlignas},
    Keyword{"_Alignof", TokenKind::KwAlignof},
    Keyword{"__alignof", TokenKind::KwAlignof},
    Keyword{"__alignof__", TokenKind::KwAlignof},
    Keyword{"_Atomic", TokenKind::KwAtomic},
    Keyword{"_Bool", TokenKind::KwBool},
    Keyword{"_Complex", TokenKind::KwComplex},
    Keyword{"__complex__", TokenKind::KwComplex},
    Keyword{"_Generic", TokenKind::KwGeneric},
    Keyword{"_Imaginary", TokenKind::KwImaginary},
    Keyword{"_Noreturn", TokenKind::KwNoreturn},
    Keyword{"_Static_assert", TokenKind::KwStaticAssert},
    Keyword{"_Thread_local", TokenKind::KwThreadLocal},
    Keyword{"__thread", TokenKind::KwThreadLocal},
    Keyword{"__attribute", TokenKind::KwAttribute},
    Keyword{"__attribute__", TokenKind::KwAttribute},
    Keyword{"__extension__", TokenKind::KwExtension},
    Keyword{"asm", TokenKind::KwAsm},
    Keyword{"__asm", TokenKind::KwAsm},
    Keyword{"__asm__", TokenKind::KwAsm},
    Keyword{"typeof", TokenKind::KwTypeof},
    Keyword{"__typeof", TokenKind::KwTypeof},
    Keyword{"__typeof__", TokenKind::KwTypeof},
    Keyword{"__int128", TokenKind::KwInt128},
    Keyword{"__int128_t", TokenKind::KwInt128},
    Keyword{"__uint128_t", TokenKind::KwInt128},
    Keyword{"__builtin_va_list", TokenKind::KwVaList},
    Keyword{"_Float16", TokenKind::KwFloatN},
    Keyword{"_Float32", TokenKind::KwFloatN},
    Keyword{"_Float64", TokenKind::KwFloatN},
    Keyword{"_Float128", TokenKind::KwFloatN},
    Keyword{"_Float32x", TokenKind::KwFloatN},
    Keyword{"_Float64x", TokenKind::KwFloatN},
    Keyword{"_Float128x", TokenKind::KwFloatN},
    Keyword{"__float128", TokenKind::KwFloatN},
    Keyword{"__float80", TokenKind::KwFloatN},
    Keyword{"__fp16", TokenKind::KwFloatN},
    Keyword{"__bf16", TokenKind::KwFloatN},
    Keyword{"_Decimal32", TokenKind::KwFloatN},
    Keyword{"_Decimal64", TokenKind::KwFloatN},
    Keyword{"_Decimal128", TokenKind::KwFloatN},
    Keyword{"__builtin_va_arg", TokenKind::KwBuiltinTypeArg},
    Keyword{"__builtin_offsetof", TokenKind::KwBuiltinTypeArg},
    Keyword{"__builtin_types_compatible_p", TokenKind::KwBuiltinTypeArg},
    Keyword{"__builtin_convertvector", TokenKind::KwBuiltinTypeArg},
    Keyword{"__builtin_shufflevector", TokenKind::KwBuiltinTypeArg},
    Keyword{"__real__", TokenKind::KwRealImag},
    Keyword{"__real", TokenKind::KwRealImag},
    Keyword{"__imag__", TokenKind::KwRealImag},
    Keyword{"__imag", TokenKind::KwRealImag},
    Keyword{"__label__", TokenKind::KwLabel},
    Keyword{"__auto_type", TokenKind::KwAutoType},
    Keyword{"__func__", TokenKind::KwFuncName},
    Keyword{"__FUNCTION__", TokenKind::KwFuncName},
    Keyword{"__PRETTY_FUNCTION__", TokenKind::KwFuncName},
};

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }
bool is_hex_digit(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int hex_value(char c) {
    if (is_digit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c - 'A' + 10;
}

std::string printable(char c) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string(1, c);
    static constexpr char kHex[] = "0123456789abcdef";
    return std::string("\\x") + kHex[u >> 4] + kHex[u & 15];
}

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xc0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xe0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | ((cp >> 18) & 0x07));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (cp & 0x3f));
    }
}

}  // namespace

Lexer::Lexer(std::string_view text, std::string file_name, DataModel dm)
    : src_(text), file_(std::move(file_name)), dm_(dm) {}

SourceLocation Lexer::at(std::size_t pos) const {
    return SourceLocation{file_, line_, static_cast<std::uint32_t>(pos - line_start_ + 1)};
}

SourceLocation Lexer::here() const { return at(pos_); }

void Lexer::fail(std::size_t pos, const std::string& message) const { throw ParseError(at(pos), message); }

void Lexer::newline() {
    ++pos_;
    ++line_;
    line_start_ = pos_;
    at_line_start_ = true;
}

void Lexer::skip_whitespace_and_directives() {
    while (!at_end()) {
        char c = peek();
        if (c == '\n') {
            newline();
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            ++pos_;
        } else if (c == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n'))) {
            // A line continuation does not start a new logical line.
            bool was_at_start = at_line_start_;
            pos_ += peek(1) == '\r' ? 2 : 1;
            newline();
            at_line_start_ = was_at_start;
        } else if (c == '/' && peek(1) == '/') {
            while (!at_end() && peek() != '\n') ++pos_;
        } else if (c == '/' && peek(1) == '*') {
            SourceLocation start_loc = here();
            pos_ += 2;
            for (;;) {
                if (at_end()) throw ParseError(start_loc, "unterminated comment");
                if (peek() == '*' && peek(1) == '/') {
                    pos_ += 2;
                    break;
                }
                if (peek() == '\n') {
                    bool was_at_start = at_line_start_;
                    newline();
                    at_line_start_ = was_at_start;
                } else {
                    ++pos_;
                }
            }
        } else if (c == '#' && at_line_start_) {
            directive();
        } else {
            return;
        }
    }
}

void Lexer::directive() {
    std::size_t start = pos_;
    ++pos_;  // '#'
    auto skip_blanks = [&] {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\r')) ++pos_;
    };
    auto skip_line = [&] {
        while (!at_end() && peek() != '\n') ++pos_;
    };
    skip_blanks();
    if (at_end() || peek() == '\n') return;  // null directive

    if (is_ident_start(peek())) {
        std::size_t word_start = pos_;
        while (!at_end() && is_ident_char(peek())) ++pos_;
        std::string_view word = src_.substr(word_start, pos_ - word_start);
        if (word == "pragma" || word == "ident" || word == "sccs") {
            skip_line();
            return;
        }
        if (word != "line") {
            fail(start,
                 "unexpected preprocessor directive '#" + std::string(word) + "' (the file must be preprocessed)");
        }
        skip_blanks();
    }
    if (!is_digit(peek())) fail(pos_, "expected a line number in line marker");
    std::uint64_t number = 0;
    while (!at_end() && is_digit(peek())) {
        number = number * 10 + static_cast<std::uint64_t>(peek() - '0');
        if (number > 0x7fffffff) fail(start, "line number in line marker is too large");
        ++pos_;
    }
    skip_blanks();
    std::string name = file_;
    if (peek() == '"') {
        ++pos_;
        name.clear();
        while (!at_end() && peek() != '"' && peek() != '\n') {
            if (peek() == '\\' && pos_ + 1 < src_.size() && src_[pos_ + 1] != '\n') ++pos_;
            name += peek();
            ++pos_;
        }
        if (peek() != '"') fail(start, "missing terminating '\"' in line marker");
        ++pos_;
    }
    skip_line();  // flags
    file_ = std::move(name);
    if (!at_end()) {
        newline();
    }
    line_ = static_cast<std::uint32_t>(number);
}

Token Lexer::next() {
    skip_whitespace_and_directives();
    if (at_end()) {
        Token t;
        t.kind = TokenKind::Eof;
        t.loc = here();
        return t;
    }
    at_line_start_ = false;
    char c = peek();
    if (is_ident_start(c)) return identifier_or_keyword();
    if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return number();
    if (c == '\'') return char_constant(TypeKind::Int, 0);
    if (c == '"') return string_literal(0);
    return punctuator();
}

Token Lexer::identifier_or_keyword() {
    std::size_t start = pos_;
    while (!at_end() && is_ident_char(peek())) ++pos_;
    std::string_view word = src_.substr(start, pos_ - start);
    char q = peek();
    if (q == '\'' || q == '"') {
        // Encoding prefixes of character constants and string literals.
        if (word == "L" || word == "u" || word == "U" || word == "u8") {
            pos_ = start;
            if (q == '"') return string_literal(word.size());
            TypeKind type = word == "L"   ? TypeKind::Int
                            : word == "U" ? TypeKind::UInt
                            : word == "u" ? TypeKind::UShort
                                          : TypeKind::UChar;
            return char_constant(type, word.size());
        }
    }
    Token t;
    t.loc = at(start);
    t.kind = TokenKind::Identifier;
    for (const Keyword& k : kKeywords) {
        if (k.spelling == word) {
            t.kind = k.kind;
            break;
        }
    }
    t.text = std::string(word);
    return t;
}

Token Lexer::number() {
    std::size_t start = pos_;
    SourceLocation loc = here();
    // A preprocessing number (C11 6.4.8) is scanned first, then classified:
    // this makes "0x1e+1" or "1abc" one token, as the preprocessor sees it.
    while (!at_end()) {
        char c = peek();
        if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') && (peek(1) == '+' || peek(1) == '-')) {
            pos_ += 2;
        } else if (is_ident_char(c) || c == '.') {
            ++pos_;
        } else {
            break;
        }
    }
    std::string_view s = src_.substr(start, pos_ - start);
    Token t;
    t.loc = loc;
    t.text = std::string(s);

    bool hex = s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    bool bin = s.size() >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B');
    bool is_float = false;
    for (char c : s) {
        if (c == '.' || (hex ? (c == 'p' || c == 'P') : (!bin && (c == 'e' || c == 'E')))) {
            is_float = true;
        }
    }
    if (is_float) {
        t.kind = TokenKind::FloatConstant;
        return t;
    }

    unsigned base = 10;
    std::size_t i = 0;
    if (hex || bin) {
        base = hex ? 16 : 2;
        i = 2;
    } else if (s[0] == '0') {
        base = 8;
    }
    std::size_t digits_start = i;
    std::uint64_t value = 0;
    for (; i < s.size(); ++i) {
        char c = s[i];
        unsigned d;
        if (base == 16) {
            if (!is_hex_digit(c)) break;
            d = static_cast<unsigned>(hex_value(c));
        } else {
            if (!is_digit(c)) break;
            d = static_cast<unsigned>(c - '0');
            if (d >= base) {
                fail(start + i,
                     std::string("invalid digit '") + c + "' in " + (base == 8 ? "octal" : "binary") + " constant");
            }
        }
        if (value > (~std::uint64_t{0} - d) / base) {
            throw ParseError(loc, "integer constant is too large");
        }
        value = value * base + d;
    }
    if ((hex || bin) && i == digits_start) {
        fail(start, std::string("invalid ") + (hex ? "hexadecimal" : "binary") + " constant '" + std::string(s) + "'");
    }

    std::string_view suffix = s.substr(i);
    int longs = 0;
    bool is_unsigned = false;
    {
        std::size_t j = 0;
        bool ok = true;
        auto take_u = [&] {
            if (j < suffix.size() && (suffix[j] == 'u' || suffix[j] == 'U')) {
                if (is_unsigned) ok = false;
                is_unsigned = true;
                ++j;
            }
        };
        auto take_l = [&] {
            if (j < suffix.size() && (suffix[j] == 'l' || suffix[j] == 'L')) {
                if (longs) ok = false;
                if (j + 1 < suffix.size() && suffix[j + 1] == suffix[j]) {
                    longs = 2;
                    j += 2;
                } else {
                    longs = 1;
                    ++j;
                }
            }
        };
        take_u();
        take_l();
        take_u();
        if (!ok || j != suffix.size()) {
            fail(start + i, "invalid suffix '" + std::string(suffix) + "' on integer constant");
        }
    }

    // C11 6.4.4.1p5: the first type of the list that can represent the value.
    bool decimal = base == 10;
    std::array<TypeKind, 6> list{};
    std::size_t n = 0;
    auto add = [&](TypeKind k) { list[n++] = k; };
    if (!is_unsigned) {
        if (longs == 0) {
            add(TypeKind::Int);
            if (!decimal) add(TypeKind::UInt);
        }
        if (longs <= 1) {
            add(TypeKind::Long);
            if (!decimal) add(TypeKind::ULong);
        }
        add(TypeKind::LongLong);
        if (!decimal) add(TypeKind::ULongLong);
    } else {
        if (longs == 0) add(TypeKind::UInt);
        if (longs <= 1) add(TypeKind::ULong);
        add(TypeKind::ULongLong);
    }
    // GCC gives a decimal constant that fits no listed type unsigned long long.
    TypeKind type = TypeKind::ULongLong;
    for (std::size_t k = 0; k < n; ++k) {
        if (value <= max_value(list[k], dm_)) {
            type = list[k];
            break;
        }
    }
    t.kind = TokenKind::IntConstant;
    t.int_type = type;
    t.value = value;  // fits the type, so it is already in normal form
    return t;
}

std::uint32_t Lexer::escape_sequence(std::size_t quote_pos) {
    std::size_t start = pos_;
    ++pos_;  // backslash
    if (at_end()) fail(quote_pos, "unterminated literal");
    char c = peek();
    ++pos_;
    switch (c) {
        case 'n': return '\n';
        case 't': return '\t';
        case 'r': return '\r';
        case 'a': return '\a';
        case 'b': return '\b';
        case 'f': return '\f';
        case 'v': return '\v';
        case 'e':
        case 'E': return 27;
        case '\\': return '\\';
        case '\'': return '\'';
        case '"': return '"';
        case '?': return '?';
        case 'x': {
            std::uint32_t v = 0;
            std::size_t n = 0;
            while (!at_end() && is_hex_digit(peek())) {
                v = (v << 4) | static_cast<std::uint32_t>(hex_value(peek()));
                ++pos_;
                ++n;
            }
            if (n == 0) fail(start, "\\x used with no following hex digits");
            return v;
        }
        case 'u':
        case 'U': {
            std::size_t want = c == 'u' ? 4 : 8;
            std::uint32_t v = 0;
            for (std::size_t k = 0; k < want; ++k) {
                if (at_end() || !is_hex_digit(peek())) fail(start, "incomplete universal character name");
                v = (v << 4) | static_cast<std::uint32_t>(hex_value(peek()));
                ++pos_;
            }
            return v;
        }
        case '\n': fail(quote_pos, "unterminated literal");
        default:
            if (c >= '0' && c <= '7') {
                std::uint32_t v = static_cast<std::uint32_t>(c - '0');
                for (int k = 0; k < 2 && !at_end() && peek() >= '0' && peek() <= '7'; ++k) {
                    v = v * 8 + static_cast<std::uint32_t>(peek() - '0');
                    ++pos_;
                }
                return v;
            }
            // GCC accepts unknown escapes with a warning; the character stands for itself.
            return static_cast<unsigned char>(c);
    }
}

Token Lexer::char_constant(TypeKind type, std::size_t prefix_len) {
    std::size_t start = pos_;
    Token t;
    t.loc = here();
    pos_ += prefix_len + 1;
    std::uint64_t value = 0;
    std::size_t count = 0;
    for (;;) {
        if (at_end() || peek() == '\n') fail(start, "missing terminating ' character");
        char c = peek();
        if (c == '\'') {
            ++pos_;
            break;
        }
        std::uint32_t v;
        if (c == '\\') {
            v = escape_sequence(start);
        } else {
            v = static_cast<unsigned char>(c);
            ++pos_;
        }
        ++count;
        if (prefix_len == 0) {
            // Multi-character constants: GCC packs the chars big-endian into an int.
            value = (value << 8) | (v & 0xff);
        } else {
            value = v;
        }
    }
    if (count == 0) fail(start, "empty character constant");
    t.text = std::string(src_.substr(start, pos_ - start));
    t.kind = TokenKind::CharConstant;
    t.int_type = type;
    if (prefix_len == 0 && count == 1) {
        // A plain character constant has the value of the (signed) char.
        t.value = normalize(value, TypeKind::Char, dm_);
        t.value = convert_value(t.value, TypeKind::Int, dm_);
    } else {
        t.value = normalize(value, type, dm_);
    }
    return t;
}

Token Lexer::string_literal(std::size_t prefix_len) {
    std::size_t start = pos_;
    Token t;
    t.loc = here();
    pos_ += prefix_len + 1;
    std::string text;
    for (;;) {
        if (at_end() || peek() == '\n') fail(start, "missing terminating '\"' character");
        char c = peek();
        if (c == '"') {
            ++pos_;
            break;
        }
        if (c == '\\' && peek(1) == '\n') {
            ++pos_;
            newline();
            at_line_start_ = false;
            continue;
        }
        if (c == '\\') {
            bool universal = peek(1) == 'u' || peek(1) == 'U';
            std::uint32_t v = escape_sequence(start);
            if (universal) {
                append_utf8(text, v);
            } else {
                text += static_cast<char>(v & 0xff);
            }
        } else {
            text += c;
            ++pos_;
        }
    }
    t.kind = TokenKind::StringLiteral;
    t.text = std::move(text);
    // The element type: char for plain and u8 literals; L, u and U literals are wide.
    const std::string_view prefix = src_.substr(start, prefix_len);
    t.int_type = prefix == "L"   ? TypeKind::Int
                 : prefix == "u" ? TypeKind::UShort
                 : prefix == "U" ? TypeKind::UInt
                                 : TypeKind::Char;
    return t;
}

Token Lexer::punctuator() {
    std::size_t start = pos_;
    Token t;
    t.loc = here();
    char c = peek();
    char c1 = peek(1);
    char c2 = peek(2);
    auto make = [&](TokenKind k, std::size_t len) {
        pos_ += len;
        t.kind = k;
        t.text = std::string(src_.substr(start, len));
        return t;
    };
    switch (c) {
        case '[': return make(TokenKind::LBracket, 1);
        case ']': return make(TokenKind::RBracket, 1);
        case '(': return make(TokenKind::LParen, 1);
        case ')': return make(TokenKind::RParen, 1);
        case '{': return make(TokenKind::LBrace, 1);
        case '}': return make(TokenKind::RBrace, 1);
        case ';': return make(TokenKind::Semi, 1);
        case ',': return make(TokenKind::Comma, 1);
        case '~': return make(TokenKind::Tilde, 1);
        case '?': return make(TokenKind::Question, 1);
        case '.':
            if (c1 == '.' && c2 == '.') return make(TokenKind::Ellipsis, 3);
            return make(TokenKind::Dot, 1);
        case '-':
            if (c1 == '>') return make(TokenKind::Arrow, 2);
            if (c1 == '-') return make(TokenKind::MinusMinus, 2);
            if (c1 == '=') return make(TokenKind::MinusAssign, 2);
            return make(TokenKind::Minus, 1);
        case '+':
            if (c1 == '+') return make(TokenKind::PlusPlus, 2);
            if (c1 == '=') return make(TokenKind::PlusAssign, 2);
            return make(TokenKind::Plus, 1);
        case '&':
            if (c1 == '&') return make(TokenKind::AmpAmp, 2);
            if (c1 == '=') return make(TokenKind::AmpAssign, 2);
            return make(TokenKind::Amp, 1);
        case '|':
            if (c1 == '|') return make(TokenKind::PipePipe, 2);
            if (c1 == '=') return make(TokenKind::PipeAssign, 2);
            return make(TokenKind::Pipe, 1);
        case '*':
            if (c1 == '=') return make(TokenKind::StarAssign, 2);
            return make(TokenKind::Star, 1);
        case '/':
            if (c1 == '=') return make(TokenKind::SlashAssign, 2);
            return make(TokenKind::Slash, 1);
        case '%':
            if (c1 == '=') return make(TokenKind::PercentAssign, 2);
            if (c1 == '>') return make(TokenKind::RBrace, 2);
            if (c1 == ':') {
                if (c2 == '%' && peek(3) == ':') return make(TokenKind::HashHash, 4);
                return make(TokenKind::Hash, 2);
            }
            return make(TokenKind::Percent, 1);
        case '^':
            if (c1 == '=') return make(TokenKind::CaretAssign, 2);
            return make(TokenKind::Caret, 1);
        case '!':
            if (c1 == '=') return make(TokenKind::NotEq, 2);
            return make(TokenKind::Bang, 1);
        case '=':
            if (c1 == '=') return make(TokenKind::EqEq, 2);
            return make(TokenKind::Assign, 1);
        case '<':
            if (c1 == '<') return c2 == '=' ? make(TokenKind::ShlAssign, 3) : make(TokenKind::Shl, 2);
            if (c1 == '=') return make(TokenKind::LessEq, 2);
            if (c1 == ':') return make(TokenKind::LBracket, 2);
            if (c1 == '%') return make(TokenKind::LBrace, 2);
            return make(TokenKind::Less, 1);
        case '>':
            if (c1 == '>') return c2 == '=' ? make(TokenKind::ShrAssign, 3) : make(TokenKind::Shr, 2);
            if (c1 == '=') return make(TokenKind::GreaterEq, 2);
            return make(TokenKind::Greater, 1);
        case ':':
            if (c1 == '>') return make(TokenKind::RBracket, 2);
            return make(TokenKind::Colon, 1);
        case '#':
            if (c1 == '#') return make(TokenKind::HashHash, 2);
            return make(TokenKind::Hash, 1);
        default: break;
    }
    fail(start, "unexpected character '" + printable(c) + "'");
}

std::vector<Token> tokenize(std::string_view text, const std::string& file_name, DataModel dm) {
    Lexer lexer(text, file_name, dm);
    std::vector<Token> tokens;
    for (;;) {
        tokens.push_back(lexer.next());
        if (tokens.back().kind == TokenKind::Eof) return tokens;
    }
}

}  // namespace craig::frontend
