#include "frontend/type_checker.hpp"

#include <algorithm>
#include <utility>

#include "frontend/constant_eval.hpp"
#include "frontend/errors.hpp"

namespace craig::frontend {

namespace {

bool is_comparison(Op op) {
    return op == Op::Lt || op == Op::Le || op == Op::Gt || op == Op::Ge || op == Op::Eq || op == Op::Ne;
}

std::string quoted(Type t) { return "'" + to_string(t) + "'"; }

[[noreturn]] void invalid_operands(Op op, const Expr& l, const Expr& r, const SourceLocation& loc) {
    throw ParseError(loc, "invalid operands to binary " + std::string(to_string(op)) + " (have " + quoted(l.type) +
                              " and " + quoted(r.type) + ")");
}

}  // namespace

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
    if (e->height > max_height_) throw Unsupported(e->loc, "expression too deeply nested for the stack");
    return e;
}

ExprPtr TypeChecker::int_literal(std::uint64_t value, Type type, SourceLocation loc, std::string name) const {
    auto e = make(ExprKind::IntLiteral, type, std::move(loc));
    e->value = normalize(value, type.kind, dm_);
    e->text = std::move(name);
    return e;
}

ExprPtr TypeChecker::string_literal(std::string text, SourceLocation loc) const {
    // C11 6.4.5p6: an array of char with the terminating zero.
    const Type t = types_->array_of(Type::of(TypeKind::Char), text.size() + 1);
    auto e = make(ExprKind::StringLiteral, t, std::move(loc));
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

ExprPtr TypeChecker::function_ref(const FunctionDecl& f, Type pointer, SourceLocation loc) const {
    auto e = make(ExprKind::FunctionRef, pointer, std::move(loc));
    e->callee = &f;
    return e;
}

ExprPtr TypeChecker::pointer_call(ExprPtr fp, std::vector<ExprPtr> args, SourceLocation loc) const {
    const Type ret = fp->type.target().target();
    auto e = make(ExprKind::PointerCall, ret, std::move(loc));
    e->operands.push_back(std::move(fp));
    for (auto& a : args) e->operands.push_back(std::move(a));
    return finish(std::move(e));
}

ExprPtr TypeChecker::rvalue(ExprPtr e) const {
    if (const Expr* s = find_stmt_expr(*e)) throw Unsupported(s->loc, "statement expression");
    if (e->type.is_void()) throw ParseError(e->loc, "void value not ignored as it ought to be");
    if (e->type.is_unsupported()) throw Unsupported(e->loc, std::string(e->type.construct));
    if (e->type.is_array()) return decay(std::move(e));
    if (e->type.is_struct()) throw Unsupported(e->loc, "struct value");
    if (const Field* f = bit_field_of(*e)) return bit_field_value(std::move(e), *f);
    return e;
}

ExprPtr TypeChecker::discard(ExprPtr e) const {
    if (e->type.is_array()) return decay(std::move(e));
    return e;
}

ExprPtr TypeChecker::convert(ExprPtr e, Type to, bool implicit) const {
    if (implicit && e->type == to) return e;
    if (to.is_void()) {
        SourceLocation loc = e->loc;
        auto c = make(ExprKind::Cast, to, std::move(loc));
        c->implicit = implicit;
        c->operands.push_back(std::move(e));
        return finish(std::move(c));
    }
    if (to.is_struct() || to.is_array()) {
        if (to.is_struct() && e->type == to) return e;
        throw ParseError(e->loc, "cannot convert " + quoted(e->type) + " to " + quoted(to));
    }
    if (to.is_pointer() || e->type.is_pointer()) return convert_pointer(std::move(e), to, implicit);
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
    if (!e->type.is_integer())
        throw ParseError(e->loc, "integer expected, but the operand has type " + quoted(e->type));
    Type t = frontend::promote(e->type, dm_);
    return convert(std::move(e), t);
}

ExprPtr TypeChecker::argument_promotion(ExprPtr e) const {
    e = rvalue(std::move(e));
    if (e->type.is_pointer()) return e;
    return promote(std::move(e));
}

ExprPtr TypeChecker::unary(Op op, ExprPtr e, SourceLocation loc) const {
    if (op == Op::LogNot) {
        e = rvalue(std::move(e));  // integers and pointers are tested against zero
    } else {
        e = rvalue(std::move(e));
        if (!e->type.is_integer()) {
            throw ParseError(
                loc, "wrong type argument to unary " + std::string(to_string(op)) + " (have " + quoted(e->type) + ")");
        }
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
    l = rvalue(std::move(l));
    r = rvalue(std::move(r));
    const bool lp = l->type.is_pointer(), rp = r->type.is_pointer();
    Type result;
    if (op == Op::LogAnd || op == Op::LogOr) {
        result = Type::of(TypeKind::Int);  // operands are tested against zero in their own type
    } else if (lp || rp) {
        if (op == Op::Add && lp && !rp) return pointer_arithmetic(op, std::move(l), std::move(r), loc);
        if (op == Op::Add && rp && !lp) return pointer_arithmetic(op, std::move(r), std::move(l), loc);
        if (op == Op::Sub && lp && !rp) return pointer_arithmetic(op, std::move(l), std::move(r), loc);
        if (op == Op::Sub && lp && rp) return pointer_difference(std::move(l), std::move(r), loc);
        if (is_comparison(op)) return pointer_comparison(op, std::move(l), std::move(r), loc);
        invalid_operands(op, *l, *r, loc);
    } else if (op == Op::Shl || op == Op::Shr) {
        l = promote(std::move(l));
        r = promote(std::move(r));
        result = l->type;
    } else {
        Type common = usual_arithmetic_conversion(l->type, r->type, dm_);
        l = convert(std::move(l), common);
        r = convert(std::move(r), common);
        result = is_comparison(op) ? Type::of(TypeKind::Int) : common;
    }
    auto n = make(ExprKind::Binary, result, std::move(loc));
    n->op = op;
    n->operands.push_back(std::move(l));
    n->operands.push_back(std::move(r));
    return finish(std::move(n));
}

ExprPtr TypeChecker::assign(Op compound, ExprPtr lhs, ExprPtr rhs, SourceLocation loc) const {
    if (!is_lvalue(*lhs)) throw ParseError(loc, "expression is not assignable");
    const Type t = lhs->type;
    if (t.is_array()) throw ParseError(loc, "assignment to expression with array type " + quoted(t));
    if (t.is_unsupported()) throw Unsupported(lhs->loc, std::string(t.construct));
    ExprPtr value;
    if (t.is_struct()) {
        if (compound != Op::None) invalid_operands(compound, *lhs, *rhs, loc);
        value = struct_value(std::move(rhs), t, loc);
    } else if (compound == Op::None) {
        value = convert(rvalue(std::move(rhs)), t);
        if (const Field* f = bit_field_of(*lhs)) value = convert(bit_field_value(std::move(value), *f), t);
    } else {
        return compound_assign(compound, std::move(lhs), std::move(rhs), std::move(loc));
    }
    auto n = make(ExprKind::Assign, t, std::move(loc));
    n->operands.push_back(std::move(lhs));
    n->operands.push_back(std::move(value));
    return finish(std::move(n));
}

ExprPtr TypeChecker::compound_assign(Op op, ExprPtr lhs, ExprPtr rhs, SourceLocation loc) const {
    // `x op= e` is `x = (T)(x op e)` with x evaluated twice: only sound without side effects.
    if (has_side_effects(*lhs)) throw Unsupported(lhs->loc, "compound assignment to an lvalue with side effects");
    const Type t = lhs->type;
    ExprPtr value = convert(binary(op, clone(*lhs), std::move(rhs), loc), t);
    if (const Field* f = bit_field_of(*lhs)) value = convert(bit_field_value(std::move(value), *f), t);
    auto n = make(ExprKind::Assign, t, std::move(loc));
    n->operands.push_back(std::move(lhs));
    n->operands.push_back(std::move(value));
    return finish(std::move(n));
}

ExprPtr TypeChecker::inc_dec(Op op, ExprPtr e, SourceLocation loc) const {
    if (!is_lvalue(*e)) throw ParseError(loc, "expression is not assignable");
    const Type t = e->type;
    if (t.is_unsupported()) throw Unsupported(e->loc, std::string(t.construct));
    if (!t.is_scalar()) {
        throw ParseError(loc, "wrong type argument to " + std::string(to_string(op)) + " (have " + quoted(t) + ")");
    }
    if (t.is_pointer()) {
        if (t.target().is_void()) throw Unsupported(loc, "arithmetic on void *");
        require_complete(t.target(), loc, "arithmetic on a pointer to an");
    }
    if (const Field* f = bit_field_of(*e)) return bit_field_inc_dec(op, std::move(e), *f, std::move(loc));
    auto n = make(ExprKind::IncDec, t, std::move(loc));
    n->op = op;
    n->operands.push_back(std::move(e));
    return finish(std::move(n));
}

ExprPtr TypeChecker::conditional(ExprPtr c, ExprPtr a, ExprPtr b, SourceLocation loc) const {
    c = rvalue(std::move(c));
    for (const ExprPtr* x : {&a, &b}) {
        if ((*x)->type.is_struct()) throw Unsupported((*x)->loc, "struct value");
    }
    Type result;
    if (a->type.is_void() || b->type.is_void()) {
        // GCC accepts one void operand (the result is void).
        for (ExprPtr* x : {&a, &b}) {
            if ((*x)->type.is_unsupported()) {
                throw Unsupported((*x)->loc, std::string((*x)->type.construct));
            }
            *x = discard(std::move(*x));
        }
        result = Type::of(TypeKind::Void);
    } else {
        a = rvalue(std::move(a));
        b = rvalue(std::move(b));
        if (a->type.is_pointer() || b->type.is_pointer()) {
            unify_pointers(a, b, /*to_void=*/true);
            result = a->type;
        } else {
            result = usual_arithmetic_conversion(a->type, b->type, dm_);
            a = convert(std::move(a), result);
            b = convert(std::move(b), result);
        }
    }
    auto n = make(ExprKind::Conditional, result, std::move(loc));
    n->operands.push_back(std::move(c));
    n->operands.push_back(std::move(a));
    n->operands.push_back(std::move(b));
    return finish(std::move(n));
}

ExprPtr TypeChecker::comma(ExprPtr a, ExprPtr b, SourceLocation loc) const {
    for (const ExprPtr* x : {&a, &b}) {
        if ((*x)->type.is_unsupported()) throw Unsupported((*x)->loc, std::string((*x)->type.construct));
    }
    if (b->type.is_struct()) throw Unsupported(b->loc, "struct value");
    a = discard(std::move(a));
    b = discard(std::move(b));
    auto n = make(ExprKind::Comma, b->type, std::move(loc));
    n->operands.push_back(std::move(a));
    n->operands.push_back(std::move(b));
    return finish(std::move(n));
}

ExprPtr TypeChecker::cast(Type to, ExprPtr e, SourceLocation loc) const {
    if (to.is_unsupported()) throw Unsupported(loc, std::string(to.construct));
    if (to.is_struct() || to.is_array()) throw ParseError(loc, "conversion to non-scalar type " + quoted(to));
    if (to.is_void()) {
        if (e->type.is_unsupported()) throw Unsupported(e->loc, std::string(e->type.construct));
        if (e->type.is_struct()) throw Unsupported(e->loc, "struct value");
        e = discard(std::move(e));
    } else {
        e = rvalue(std::move(e));
    }
    ExprPtr c = convert(std::move(e), to, /*implicit=*/false);
    if (c->kind == ExprKind::Cast) c->loc = std::move(loc);
    return c;
}

}  // namespace craig::frontend
