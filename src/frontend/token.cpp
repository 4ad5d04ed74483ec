#include "frontend/token.hpp"

namespace craig::frontend {

std::string_view describe(TokenKind kind) {
    switch (kind) {
        case TokenKind::Eof: return "end of file";
        case TokenKind::Identifier: return "identifier";
        case TokenKind::IntConstant: return "integer constant";
        case TokenKind::CharConstant: return "character constant";
        case TokenKind::FloatConstant: return "floating constant";
        case TokenKind::StringLiteral: return "string literal";
        case TokenKind::KwAuto: return "'auto'";
        case TokenKind::KwBreak: return "'break'";
        case TokenKind::KwCase: return "'case'";
        case TokenKind::KwChar: return "'char'";
        case TokenKind::KwConst: return "'const'";
        case TokenKind::KwContinue: return "'continue'";
        case TokenKind::KwDefault: return "'default'";
        case TokenKind::KwDo: return "'do'";
        case TokenKind::KwDouble: return "'double'";
        case TokenKind::KwElse: return "'else'";
        case TokenKind::KwEnum: return "'enum'";
        case TokenKind::KwExtern: return "'extern'";
        case TokenKind::KwFloat: return "'float'";
        case TokenKind::KwFor: return "'for'";
        case TokenKind::KwGoto: return "'goto'";
        case TokenKind::KwIf: return "'if'";
        case TokenKind::KwInline: return "'inline'";
        case TokenKind::KwInt: return "'int'";
        case TokenKind::KwLong: return "'long'";
        case TokenKind::KwRegister: return "'register'";
        case TokenKind::KwRestrict: return "'restrict'";
        case TokenKind::KwReturn: return "'return'";
        case TokenKind::KwShort: return "'short'";
        case TokenKind::KwSigned: return "'signed'";
        case TokenKind::KwSizeof: return "'sizeof'";
        case TokenKind::KwStatic: return "'static'";
        case TokenKind::KwStruct: return "'struct'";
        case TokenKind::KwSwitch: return "'switch'";
        case TokenKind::KwTypedef: return "'typedef'";
        case TokenKind::KwUnion: return "'union'";
        case TokenKind::KwUnsigned: return "'unsigned'";
        case TokenKind::KwVoid: return "'void'";
        case TokenKind::KwVolatile: return "'volatile'";
        case TokenKind::KwWhile: return "'while'";
        case TokenKind::KwAlignas: return "'_Alignas'";
        case TokenKind::KwAlignof: return "'_Alignof'";
        case TokenKind::KwAtomic: return "'_Atomic'";
        case TokenKind::KwBool: return "'_Bool'";
        case TokenKind::KwComplex: return "'_Complex'";
        case TokenKind::KwGeneric: return "'_Generic'";
        case TokenKind::KwImaginary: return "'_Imaginary'";
        case TokenKind::KwNoreturn: return "'_Noreturn'";
        case TokenKind::KwStaticAssert: return "'_Static_assert'";
        case TokenKind::KwThreadLocal: return "'_Thread_local'";
        case TokenKind::KwAttribute: return "'__attribute__'";
        case TokenKind::KwExtension: return "'__extension__'";
        case TokenKind::KwAsm: return "'asm'";
        case TokenKind::KwTypeof: return "'typeof'";
        case TokenKind::KwInt128: return "'__int128'";
        case TokenKind::KwVaList: return "'__builtin_va_list'";
        case TokenKind::KwFloatN: return "floating type";
        case TokenKind::KwBuiltinTypeArg: return "builtin";
        case TokenKind::KwRealImag: return "'__real__'";
        case TokenKind::KwLabel: return "'__label__'";
        case TokenKind::KwAutoType: return "'__auto_type'";
        case TokenKind::KwFuncName: return "'__func__'";
        case TokenKind::LBracket: return "'['";
        case TokenKind::RBracket: return "']'";
        case TokenKind::LParen: return "'('";
        case TokenKind::RParen: return "')'";
        case TokenKind::LBrace: return "'{'";
        case TokenKind::RBrace: return "'}'";
        case TokenKind::Dot: return "'.'";
        case TokenKind::Arrow: return "'->'";
        case TokenKind::PlusPlus: return "'++'";
        case TokenKind::MinusMinus: return "'--'";
        case TokenKind::Amp: return "'&'";
        case TokenKind::Star: return "'*'";
        case TokenKind::Plus: return "'+'";
        case TokenKind::Minus: return "'-'";
        case TokenKind::Tilde: return "'~'";
        case TokenKind::Bang: return "'!'";
        case TokenKind::Slash: return "'/'";
        case TokenKind::Percent: return "'%'";
        case TokenKind::Shl: return "'<<'";
        case TokenKind::Shr: return "'>>'";
        case TokenKind::Less: return "'<'";
        case TokenKind::Greater: return "'>'";
        case TokenKind::LessEq: return "'<='";
        case TokenKind::GreaterEq: return "'>='";
        case TokenKind::EqEq: return "'=='";
        case TokenKind::NotEq: return "'!='";
        case TokenKind::Caret: return "'^'";
        case TokenKind::Pipe: return "'|'";
        case TokenKind::AmpAmp: return "'&&'";
        case TokenKind::PipePipe: return "'||'";
        case TokenKind::Question: return "'?'";
        case TokenKind::Colon: return "':'";
        case TokenKind::Semi: return "';'";
        case TokenKind::Ellipsis: return "'...'";
        case TokenKind::Assign: return "'='";
        case TokenKind::StarAssign: return "'*='";
        case TokenKind::SlashAssign: return "'/='";
        case TokenKind::PercentAssign: return "'%='";
        case TokenKind::PlusAssign: return "'+='";
        case TokenKind::MinusAssign: return "'-='";
        case TokenKind::ShlAssign: return "'<<='";
        case TokenKind::ShrAssign: return "'>>='";
        case TokenKind::AmpAssign: return "'&='";
        case TokenKind::CaretAssign: return "'^='";
        case TokenKind::PipeAssign: return "'|='";
        case TokenKind::Comma: return "','";
        case TokenKind::Hash: return "'#'";
        case TokenKind::HashHash: return "'##'";
    }
    return "token";
}

std::string describe(const Token& tok) {
    switch (tok.kind) {
        case TokenKind::Eof: return "end of file";
        case TokenKind::StringLiteral: return "string literal";
        default: break;
    }
    std::string text = tok.text.size() > 40 ? tok.text.substr(0, 40) + "..." : tok.text;
    return "'" + text + "'";
}

}  // namespace craig::frontend
