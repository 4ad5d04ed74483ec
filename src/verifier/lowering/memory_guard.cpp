// Until the memory model lowers them, reachable arrays, pointers and structs are Unsupported.
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

namespace {

using frontend::ExprKind;
using frontend::TypeKind;

std::string_view construct_of(Type t) {
    switch (t.kind) {
        case TypeKind::Array: return "array";
        case TypeKind::Pointer: return "pointer";
        case TypeKind::Struct: return t.info->is_union ? "union" : "struct";
        default: return {};
    }
}

void check_type(Type t, const frontend::SourceLocation& at) {
    std::string_view c = construct_of(t);
    if (!c.empty()) throw frontend::Unsupported(at, std::string(c));
}

void check_expr(const Expr& e) {
    switch (e.kind) {
        case ExprKind::Index:
        case ExprKind::Decay:
        case ExprKind::InitList: throw frontend::Unsupported(e.loc, "array");
        case ExprKind::Deref:
        case ExprKind::AddrOf: throw frontend::Unsupported(e.loc, "pointer");
        case ExprKind::Member: throw frontend::Unsupported(e.loc, "struct");
        default: break;
    }
    check_type(e.type, e.loc);
    if (e.kind == ExprKind::VarRef) check_type(e.var->type, e.loc);
    if (e.kind == ExprKind::Call && e.callee) {
        auto b = e.callee->builtin;
        if (b == frontend::Builtin::Malloc || b == frontend::Builtin::Calloc || b == frontend::Builtin::Free)
            throw frontend::Unsupported(e.loc, "pointer");
    }
    for (const auto& o : e.operands) check_expr(*o);
}

void check_stmt(const Stmt& s) {
    for (const auto& v : s.vars) {
        check_type(v->type, v->loc);
        if (v->init) check_expr(*v->init);
    }
    if (s.expr) check_expr(*s.expr);
    if (s.step) check_expr(*s.step);
    for (const auto& c : s.stmts) check_stmt(*c);
    if (s.init) check_stmt(*s.init);
    if (s.body) check_stmt(*s.body);
    if (s.else_body) check_stmt(*s.else_body);
}

}  // namespace

void reject_memory(const frontend::TranslationUnit& tu) {
    for (const auto& f : tu.functions) {
        if (!f->reachable || !f->body) continue;
        for (const auto& p : f->params) check_type(p->type, p->loc);
        check_type(f->return_type, f->loc);
        check_stmt(*f->body);
    }
}

}  // namespace craig::verifier::detail
