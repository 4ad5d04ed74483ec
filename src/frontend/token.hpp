// Tokens of preprocessed C. GNU spellings of keywords (__const, __inline__,
// __restrict, __signed__, __asm__, __typeof__, ...) are mapped to one
// canonical kind by the lexer, so the parser sees each keyword once.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "frontend/source_location.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

enum class TokenKind : std::uint8_t {
    Eof,
    Identifier,
    IntConstant,    // value, int_type; text is the spelling
    CharConstant,   // value, int_type (int for plain character constants); text is the spelling
    FloatConstant,  // text is the spelling
    StringLiteral,  // text is the decoded contents (bytes); int_type the element type (Char unless wide)

    // Keywords (C11 plus GNU extensions seen in preprocessed glibc headers).
    KwAuto,
    KwBreak,
    KwCase,
    KwChar,
    KwConst,
    KwContinue,
    KwDefault,
    KwDo,
    KwDouble,
    KwElse,
    KwEnum,
    KwExtern,
    KwFloat,
    KwFor,
    KwGoto,
    KwIf,
    KwInline,
    KwInt,
    KwLong,
    KwRegister,
    KwRestrict,
    KwReturn,
    KwShort,
    KwSigned,
    KwSizeof,
    KwStatic,
    KwStruct,
    KwSwitch,
    KwTypedef,
    KwUnion,
    KwUnsigned,
    KwVoid,
    KwVolatile,
    KwWhile,
    KwAlignas,
    KwAlignof,
    KwAtomic,
    KwBool,
    KwComplex,
    KwGeneric,
    KwImaginary,
    KwNoreturn,
    KwStaticAssert,
    KwThreadLocal,
    KwAttribute,       // __attribute__
    KwExtension,       // __extension__
    KwAsm,             // asm, __asm__
    KwTypeof,          // typeof, __typeof__
    KwInt128,          // __int128, __int128_t, __uint128_t
    KwVaList,          // __builtin_va_list
    KwFloatN,          // _Float128, __float128, _Decimal64, ...
    KwBuiltinTypeArg,  // __builtin_va_arg, __builtin_offsetof, __builtin_types_compatible_p
    KwRealImag,        // __real__, __imag__
    KwLabel,           // __label__
    KwAutoType,        // __auto_type
    KwFuncName,        // __func__, __FUNCTION__, __PRETTY_FUNCTION__

    // Punctuators (digraphs are mapped to these).
    LBracket,
    RBracket,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Dot,
    Arrow,
    PlusPlus,
    MinusMinus,
    Amp,
    Star,
    Plus,
    Minus,
    Tilde,
    Bang,
    Slash,
    Percent,
    Shl,
    Shr,
    Less,
    Greater,
    LessEq,
    GreaterEq,
    EqEq,
    NotEq,
    Caret,
    Pipe,
    AmpAmp,
    PipePipe,
    Question,
    Colon,
    Semi,
    Ellipsis,
    Assign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    PlusAssign,
    MinusAssign,
    ShlAssign,
    ShrAssign,
    AmpAssign,
    CaretAssign,
    PipeAssign,
    Comma,
    Hash,
    HashHash,
};

struct Token {
    TokenKind kind = TokenKind::Eof;
    SourceLocation loc;
    std::string text;
    std::uint64_t value = 0;            // normal form (see types.hpp) of int_type
    TypeKind int_type = TypeKind::Int;  // C type of an integer/character constant
};

// How the token kind is written ("'while'", "'+='", "identifier", "end of file").
std::string_view describe(TokenKind kind);
// How a concrete token is written in messages: 'x', '42', ... or "end of file".
std::string describe(const Token& tok);

}  // namespace craig::frontend
