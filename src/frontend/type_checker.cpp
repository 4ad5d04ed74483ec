#include "frontend/type_checker.hpp"

#include <algorithm>
#include <utility>

#include "frontend/constant_eval.hpp"
#include "frontend/errors.hpp"

namespace craig::frontend {

const Expr* find_stmt_expr(const Expr& e) {
    if (!e.has_stmt_expr) return nullptr;
    if (e.kind == ExprKind::StmtExpr) return &e;
    for (const auto& o : e.operands) {
        if (const Expr* s = find_stmt_expr(*o)) return s;
    }
    return nullptr;
}

ExprPtr TypeChecker::make(ExprKind kind, Type type, SourceLocation loc) const {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->type = type;
    e->loc = std::move(loc);
    return e;
}

ExprPtr TypeChecker::finish(ExprPtr e) const {
    std::uint32_t h = 0;
    bool stmt_expr = e->kind == ExprKind::StmtExpr;
    for (const auto& o : e->operands) {
        h = std::max(h, o->height);
        stmt_expr = stmt_expr || o->has_stmt_expr;
    }
    e->height = h + 1;
    e->has_stmt_expr = stmt_expr;
    if (e->height > kMaxExprHeight) throw ParseError(e->loc, "expression is too deeply nested");
    return e;
}

ExprPtr TypeChecker::int_literal(std::uint64_t value, Type type, SourceLocation loc, std::string name) const {
    auto e = make(ExprKind::IntLiteral, type, std::move(loc));
    e->value = normalize(value, type.kind, dm_);
    e->text = std::move(name);
    return e;
}

ExprPtr TypeChecker::string_literal(std::string text, SourceLocation loc) const {
    auto e = make(ExprKind::StringLiteral, Type::unsupported("string"), std::move(loc));
    e->text = std::move(text);
    return e;
}

ExprPtr TypeChecker::var_ref(const VarDecl& var, SourceLocation loc) const {
    auto e = make(ExprKind::VarRef, var.type, std::move(loc));
    e->var = &var;
    return e;
}

ExprPtr TypeChecker::stmt_expr(StmtPtr body, Type value_type, SourceLocation loc) const {
    auto e = make(ExprKind::StmtExpr, value_type, std::move(loc));
    e->body = std::move(body);
    return finish(std::move(e));
}

ExprPtr TypeChecker::call(const FunctionDecl& callee, std::vector<ExprPtr> args, Type type, SourceLocation loc) const {
    auto e = make(ExprKind::Call, type, std::move(loc));
    e->callee = &callee;
    e->operands = std::move(args);
    return finish(std::move(e));
}

ExprPtr TypeChecker::rvalue(ExprPtr e) const {
    if (const Expr* s = find_stmt_expr(*e)) throw Unsupported(s->loc, "statement expression");
    if (e->kind == ExprKind::StringLiteral) throw Unsupported(e->loc, "string");
    if (e->type.is_void()) throw ParseError(e->loc, "void value not ignored as it ought to be");
    if (e->type.is_unsupported()) throw Unsupported(e->loc, std::string(e->type.construct));
    return e;
}

ExprPtr TypeChecker::convert(ExprPtr e, Type to, bool implicit) const {
    if (implicit && e->type == to) return e;
    if (e->kind == ExprKind::IntLiteral && to.is_integer()) {
        e->value = convert_value(e->value, to.kind, dm_);
        e->type = to;
        e->text.clear();
        return e;
    }
    SourceLocation loc = e->loc;
    auto c = make(ExprKind::Cast, to, std::move(loc));
    c->implicit = implicit;
    c->operands.push_back(std::move(e));
    return finish(std::move(c));
}

ExprPtr TypeChecker::promote(ExprPtr e) const {
    e = rvalue(std::move(e));
    Type t = frontend::promote(e->type, dm_);
    return convert(std::move(e), t);
}

ExprPtr TypeChecker::unary(Op op, ExprPtr e, SourceLocation loc) const {
    if (op == Op::LogNot) {
        e = rvalue(std::move(e));
    } else {
        e = promote(std::move(e));
    }
    Type result = op == Op::LogNot ? Type::of(TypeKind::Int) : e->type;
    if (e->kind == ExprKind::IntLiteral) {
        if (auto v = fold_unary(op, e->value, e->type, result, dm_)) {
            return int_literal(*v, result, std::move(loc));
        }
    }
    auto n = make(ExprKind::Unary, result, std::move(loc));
    n->op = op;
    n->operands.push_back(std::move(e));
    return finish(std::move(n));
}

ExprPtr TypeChecker::binary(Op op, ExprPtr l, ExprPtr r, SourceLocation loc) const {
    Type result;
    switch (op) {
        case Op::LogAnd:
        case Op::LogOr:
            l = rvalue(std::move(l));
            r = rvalue(std::move(r));
            result = Type::of(TypeKind::Int);
            break;
        case Op::Shl:
        case Op::Shr:
            l = promote(std::move(l));
            r = promote(std::move(r));
            result = l->type;
            break;
        default: {
            l = rvalue(std::move(l));
            r = rvalue(std::move(r));
            Type common = usual_arithmetic_conversion(l->type, r->type, dm_);
            l = convert(std::move(l), common);
            r = convert(std::move(r), common);
            bool comparison =
                op == Op::Lt || op == Op::Le || op == Op::Gt || op == Op::Ge || op == Op::Eq || op == Op::Ne;
            result = comparison ? Type::of(TypeKind::Int) : common;
            break;
        }
    }
    auto n = make(ExprKind::Binary, result, std::move(loc));
    n->op = op;
    n->operands.push_back(std::move(l));
    n->operands.push_back(std::move(r));
    return finish(std::move(n));
}

ExprPtr TypeChecker::assign(Op compound, ExprPtr lhs, ExprPtr rhs, SourceLocation loc) const {
    if (lhs->kind != ExprKind::VarRef) throw ParseError(loc, "expression is not assignable");
    Type t = lhs->type;
    ExprPtr value;
    if (compound == Op::None) {
        value = convert(rvalue(std::move(rhs)), t);
    } else {
        ExprPtr current = var_ref(*lhs->var, lhs->loc);
        value = convert(binary(compound, std::move(current), std::move(rhs), loc), t);
    }
    auto n = make(ExprKind::Assign, t, std::move(loc));
    n->operands.push_back(std::move(lhs));
    n->operands.push_back(std::move(value));
    return finish(std::move(n));
}

ExprPtr TypeChecker::inc_dec(Op op, ExprPtr e, SourceLocation loc) const {
    if (e->kind != ExprKind::VarRef) throw ParseError(loc, "expression is not assignable");
    auto n = make(ExprKind::IncDec, e->type, std::move(loc));
    n->op = op;
    n->operands.push_back(std::move(e));
    return finish(std::move(n));
}

ExprPtr TypeChecker::conditional(ExprPtr c, ExprPtr a, ExprPtr b, SourceLocation loc) const {
    c = rvalue(std::move(c));
    Type result;
    if (a->type.is_void() || b->type.is_void()) {
        // GCC accepts one void operand (the result is void).
        for (const ExprPtr* x : {&a, &b}) {
            if ((*x)->kind == ExprKind::StringLiteral) throw Unsupported((*x)->loc, "string");
            if ((*x)->type.is_unsupported()) {
                throw Unsupported((*x)->loc, std::string((*x)->type.construct));
            }
        }
        result = Type::of(TypeKind::Void);
    } else {
        a = rvalue(std::move(a));
        b = rvalue(std::move(b));
        result = usual_arithmetic_conversion(a->type, b->type, dm_);
        a = convert(std::move(a), result);
        b = convert(std::move(b), result);
    }
    auto n = make(ExprKind::Conditional, result, std::move(loc));
    n->operands.push_back(std::move(c));
    n->operands.push_back(std::move(a));
    n->operands.push_back(std::move(b));
    return finish(std::move(n));
}

ExprPtr TypeChecker::comma(ExprPtr a, ExprPtr b, SourceLocation loc) const {
    for (const ExprPtr* x : {&a, &b}) {
        if ((*x)->kind == ExprKind::StringLiteral) throw Unsupported((*x)->loc, "string");
        if ((*x)->type.is_unsupported()) throw Unsupported((*x)->loc, std::string((*x)->type.construct));
    }
    auto n = make(ExprKind::Comma, b->type, std::move(loc));
    n->operands.push_back(std::move(a));
    n->operands.push_back(std::move(b));
    return finish(std::move(n));
}

ExprPtr TypeChecker::cast(Type to, ExprPtr e, SourceLocation loc) const {
    if (to.is_unsupported()) throw Unsupported(loc, std::string(to.construct));
    if (to.is_void()) {
        if (e->kind == ExprKind::StringLiteral) throw Unsupported(e->loc, "string");
        if (e->type.is_unsupported()) throw Unsupported(e->loc, std::string(e->type.construct));
    } else {
        e = rvalue(std::move(e));
    }
    ExprPtr c = convert(std::move(e), to, /*implicit=*/false);
    if (c->kind == ExprKind::Cast) c->loc = std::move(loc);
    return c;
}

}  // namespace craig::frontend
