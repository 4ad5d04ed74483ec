#include "frontend/ast.hpp"

namespace craig::frontend {

// Out of line because Expr, Stmt and VarDecl refer to each other through
// unique_ptr members and are complete only here.
Expr::Expr() = default;
Expr::~Expr() = default;
Expr::Expr(Expr&&) noexcept = default;
Expr& Expr::operator=(Expr&&) noexcept = default;
Stmt::Stmt() = default;
Stmt::~Stmt() = default;
VarDecl::VarDecl() = default;
VarDecl::~VarDecl() = default;
FunctionDecl::FunctionDecl() = default;
FunctionDecl::~FunctionDecl() = default;

const FunctionDecl* TranslationUnit::find_function(std::string_view name) const {
    for (const auto& f : functions) {
        if (f->name == name) return f.get();
    }
    return nullptr;
}

std::string_view to_string(Op op) {
    switch (op) {
        case Op::None: return "";
        case Op::Add: return "+";
        case Op::Sub: return "-";
        case Op::Mul: return "*";
        case Op::Div: return "/";
        case Op::Rem: return "%";
        case Op::Shl: return "<<";
        case Op::Shr: return ">>";
        case Op::BitAnd: return "&";
        case Op::BitOr: return "|";
        case Op::BitXor: return "^";
        case Op::Lt: return "<";
        case Op::Le: return "<=";
        case Op::Gt: return ">";
        case Op::Ge: return ">=";
        case Op::Eq: return "==";
        case Op::Ne: return "!=";
        case Op::LogAnd: return "&&";
        case Op::LogOr: return "||";
        case Op::Neg: return "-";
        case Op::Plus: return "+";
        case Op::BitNot: return "~";
        case Op::LogNot: return "!";
        case Op::PreInc:
        case Op::PostInc: return "++";
        case Op::PreDec:
        case Op::PostDec: return "--";
    }
    return "?";
}

std::string_view to_string(Builtin b) {
    switch (b) {
        case Builtin::None: return "none";
        case Builtin::Nondet: return "nondet";
        case Builtin::Assume: return "assume";
        case Builtin::Assert: return "assert";
        case Builtin::ReachError: return "reach_error";
        case Builtin::AssertFail: return "assert_fail";
        case Builtin::Abort: return "abort";
        case Builtin::Exit: return "exit";
        case Builtin::Malloc: return "malloc";
        case Builtin::Calloc: return "calloc";
        case Builtin::Free: return "free";
        case Builtin::Realloc: return "realloc";
        case Builtin::Libc: return "libc";
    }
    return "?";
}

bool has_function_type(const FunctionDecl& f, Type function) {
    const Aggregate& sig = *function.info;
    if (!f.has_prototype || f.return_type != sig.target || f.variadic != sig.variadic ||
        f.params.size() != sig.fields.size())
        return false;
    for (std::size_t i = 0; i < f.params.size(); ++i)
        if (f.params[i]->type != sig.fields[i].type) return false;
    return true;
}

}  // namespace craig::frontend
