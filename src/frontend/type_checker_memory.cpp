// The TypeChecker's builders for pointers, arrays and structs (see type_checker.hpp).
#include <algorithm>
#include <utility>

#include "frontend/address_layout.hpp"
#include "frontend/builtins.hpp"
#include "frontend/constant_eval.hpp"
#include "frontend/errors.hpp"
#include "frontend/type_checker.hpp"

namespace craig::frontend {

namespace {

std::string quoted(Type t) { return "'" + to_string(t) + "'"; }

// The byte offset that `&((T *)0)->m...` denotes (the classic offsetof: members and constant
// indices of an lvalue through the null pointer), or nullopt for any other expression.
std::optional<std::uint64_t> null_member_offset(const Expr& e, DataModel dm) {
    if (e.kind != ExprKind::AddrOf && e.kind != ExprKind::Decay) return std::nullopt;
    std::uint64_t off = 0;
    const Expr* x = &e.operand(0);
    for (;;) {
        if (x->kind == ExprKind::Member) {
            off += x->operand(0).type.info->fields[x->value].offset;
            x = &x->operand(0);
        } else if (x->kind == ExprKind::Index && x->operand(0).kind == ExprKind::Decay) {
            auto i = evaluate_constant(x->operand(1), dm);
            auto s = size_of(x->type, dm);
            if (!i || !s) return std::nullopt;
            off += *i * *s;
            x = &x->operand(0).operand(0);
        } else if (x->kind == ExprKind::Deref) {
            const Expr& p = x->operand(0);  // (T *)0
            const bool null = p.kind == ExprKind::Cast && p.operand(0).type.is_integer() &&
                              evaluate_constant(p.operand(0), dm) == std::optional<std::uint64_t>(0);
            return null ? std::optional<std::uint64_t>(off) : std::nullopt;
        } else {
            return std::nullopt;
        }
    }
}

}  // namespace

bool is_lvalue(const Expr& e) {
    switch (e.kind) {
        case ExprKind::VarRef:
        case ExprKind::StringLiteral:  // C11 6.5.1p4
        case ExprKind::Deref:
        case ExprKind::Index: return true;
        case ExprKind::Member: return is_lvalue(e.operand(0));
        default: return false;
    }
}

bool has_side_effects(const Expr& e) {
    switch (e.kind) {
        case ExprKind::Assign:
        case ExprKind::IncDec:
        case ExprKind::Call:
        case ExprKind::PointerCall:
        case ExprKind::StmtExpr: return true;
        default: break;
    }
    return std::any_of(e.operands.begin(), e.operands.end(), [](const ExprPtr& o) { return has_side_effects(*o); });
}

bool is_null_pointer_constant(const Expr& e, DataModel dm) {
    if (e.type.is_integer()) {
        auto v = evaluate_constant(e, dm);
        return v && *v == 0;
    }
    // `(void *)0`: the form NULL takes.
    return e.kind == ExprKind::Cast && e.type.is_pointer() && e.type.target().is_void() &&
           e.operand(0).type.is_integer() && evaluate_constant(e.operand(0), dm) == std::optional<std::uint64_t>(0);
}

ExprPtr clone(const Expr& e) {
    auto c = std::make_unique<Expr>();
    c->kind = e.kind;
    c->op = e.op;
    c->type = e.type;
    c->loc = e.loc;
    c->rparen = e.rparen;
    c->operands.reserve(e.operands.size());
    for (const auto& o : e.operands) c->operands.push_back(clone(*o));
    c->value = e.value;
    c->text = e.text;
    c->positions = e.positions;
    c->var = e.var;
    c->callee = e.callee;
    c->implicit = e.implicit;
    c->height = e.height;
    c->has_stmt_expr = e.has_stmt_expr;
    return c;
}

void TypeChecker::mark_unsupported_record(Type record, std::string_view construct) {
    unsupported_records_[record.info] = construct;
}

void TypeChecker::require_complete(Type t, const SourceLocation& loc, const std::string& what) const {
    if (t.is_unsupported()) throw Unsupported(loc, std::string(t.construct));
    if (t.is_function()) throw Unsupported(loc, "function pointer arithmetic");
    if (t.is_void()) throw ParseError(loc, what + " incomplete type 'void'");
    if (t.is_struct() && !t.info->complete) {
        auto it = unsupported_records_.find(t.info);
        if (it != unsupported_records_.end()) throw Unsupported(loc, std::string(it->second));
        throw ParseError(loc, what + " incomplete type " + quoted(t));
    }
}

ExprPtr TypeChecker::null_pointer(Type to, SourceLocation loc, bool implicit) const {
    auto c = make(ExprKind::Cast, to, loc);
    c->implicit = implicit;
    c->operands.push_back(int_literal(0, Type::of(TypeKind::Int), std::move(loc)));
    return finish(std::move(c));
}

ExprPtr TypeChecker::convert_pointer(ExprPtr e, Type to, bool implicit) const {
    const Type from = e->type;
    auto cast_node = [&] {
        SourceLocation loc = e->loc;
        auto c = make(ExprKind::Cast, to, std::move(loc));
        c->implicit = implicit;
        c->operands.push_back(std::move(e));
        return finish(std::move(c));
    };
    if (!to.is_pointer()) {
        if (to.is_bool()) return pointer_to_bool(std::move(e), implicit);
        // The address (docs/memory-model.md, "Pointers and integers"); C11 6.3.2.3p6.
        if (from.is_function_pointer()) throw Unsupported(e->loc, "function pointer to integer cast");
        // GCC folds offsetof written out to a constant (so does the replay: no object there).
        if (auto off = null_member_offset(*e, dm_))
            return convert(int_literal(*off, size_type(dm_), e->loc), to, implicit);
        return cast_node();
    }
    if (is_null_pointer_constant(*e, dm_)) return null_pointer(to, e->loc, implicit);
    if (from.is_integer()) {
        if (to.is_function_pointer()) throw Unsupported(e->loc, "integer to function pointer cast");
        // The object at that address, or no object (C11 6.3.2.3p5); implicit as GCC allows.
        return cast_node();
    }
    if (!from.is_pointer()) throw ParseError(e->loc, "cannot convert " + quoted(from) + " to " + quoted(to));
    // Function pointers keep their type: a call dispatches over the functions of that type.
    if (from != to && (from.is_function_pointer() || to.is_function_pointer()))
        throw Unsupported(e->loc, "function pointer cast");
    // An explicit cast to the same type stays a node: its result is no lvalue.
    if (from == to || to.target().is_void()) return cast_node();
    // An explicit cast between object pointers: the same cells where they are of the new type,
    // else a view of the address (character pointers: container_of; docs/memory-model.md).
    if (!implicit) return cast_node();
    // From void *: the pointer keeps its (object, cell); an access through it is checked
    // against the cell's type (memory is never reinterpreted as another type: a read of a
    // cell of another type is arbitrary in the lowering, a write invalid, and the replay
    // reports both). malloc'ed memory gets the type of the pointer it is converted to.
    if (from.target().is_void()) return cast_node();
    throw Unsupported(e->loc, "pointer cast");
}

ExprPtr TypeChecker::pointer_to_bool(ExprPtr e, bool implicit) const {
    // (_Bool)p is p != 0 (C11 6.3.1.2): a comparison, no pointer-to-integer conversion.
    SourceLocation loc = e->loc;
    Type t = e->type;
    auto ne = make(ExprKind::Binary, Type::of(TypeKind::Int), loc);
    ne->op = Op::Ne;
    ne->operands.push_back(std::move(e));
    ne->operands.push_back(null_pointer(t, loc));
    return convert(finish(std::move(ne)), Type::of(TypeKind::Bool), implicit);
}

ExprPtr TypeChecker::pointer_arithmetic(Op op, ExprPtr ptr, ExprPtr offset, SourceLocation loc) const {
    if (!offset->type.is_integer()) {
        throw ParseError(loc, "invalid operands to binary " + std::string(to_string(op)) + " (have " +
                                  quoted(ptr->type) + " and " + quoted(offset->type) + ")");
    }
    const Type pointee = ptr->type.target();
    if (pointee.is_void()) throw Unsupported(loc, "arithmetic on void *");
    require_complete(pointee, loc, "arithmetic on a pointer to an");
    offset = promote(std::move(offset));
    const Type t = ptr->type;
    auto n = make(ExprKind::Binary, t, std::move(loc));
    n->op = op;
    n->operands.push_back(std::move(ptr));
    n->operands.push_back(std::move(offset));
    return finish(std::move(n));
}

ExprPtr TypeChecker::pointer_difference(ExprPtr l, ExprPtr r, SourceLocation loc) const {
    if (l->type != r->type) {
        throw ParseError(loc,
                         "invalid operands to binary - (have " + quoted(l->type) + " and " + quoted(r->type) + ")");
    }
    const Type pointee = l->type.target();
    if (pointee.is_void()) throw Unsupported(loc, "arithmetic on void *");
    require_complete(pointee, loc, "arithmetic on a pointer to an");
    auto n = make(ExprKind::Binary, ptrdiff_type(dm_), std::move(loc));
    n->op = Op::Sub;
    n->operands.push_back(std::move(l));
    n->operands.push_back(std::move(r));
    return finish(std::move(n));
}

ExprPtr TypeChecker::pointer_comparison(Op op, ExprPtr l, ExprPtr r, SourceLocation loc) const {
    unify_pointers(l, r, /*to_void=*/false);
    if (l->type.is_function_pointer() && op != Op::Eq && op != Op::Ne)
        throw Unsupported(loc, "ordering of function pointers");
    auto n = make(ExprKind::Binary, Type::of(TypeKind::Int), std::move(loc));
    n->op = op;
    n->operands.push_back(std::move(l));
    n->operands.push_back(std::move(r));
    return finish(std::move(n));
}

void TypeChecker::unify_pointers(ExprPtr& a, ExprPtr& b, bool to_void) const {
    // One side may be an integer: only the null pointer constant converts to a pointer.
    for (auto [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
        if ((*x)->type.is_pointer()) continue;
        if (!is_null_pointer_constant(**x, dm_)) throw Unsupported((*x)->loc, "comparison between pointer and integer");
        *x = null_pointer((*y)->type, (*x)->loc);
        return;
    }
    if (a->type == b->type) return;
    for (auto [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
        if (is_null_pointer_constant(**x, dm_)) {
            *x = null_pointer((*y)->type, (*x)->loc);
            return;
        }
    }
    if (a->type.is_function_pointer() || b->type.is_function_pointer())
        throw Unsupported(b->loc, "function pointer cast");
    for (auto [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
        if (!(*x)->type.target().is_void()) continue;
        // ?: has type void * (C11 6.5.15p6); a comparison compares in the other side's type.
        ExprPtr& from = to_void ? *y : *x;
        const Type to = to_void ? (*x)->type : (*y)->type;
        SourceLocation loc = from->loc;
        auto c = make(ExprKind::Cast, to, std::move(loc));
        c->implicit = true;
        c->operands.push_back(std::move(from));
        from = finish(std::move(c));
        return;
    }
    throw Unsupported(b->loc, "pointer cast");
}

ExprPtr TypeChecker::decay(ExprPtr e) const {
    const Type t = types_->pointer_to(e->type.target());
    SourceLocation loc = e->loc;
    auto n = make(ExprKind::Decay, t, std::move(loc));
    n->operands.push_back(std::move(e));
    return finish(std::move(n));
}

ExprPtr TypeChecker::index(ExprPtr base, ExprPtr idx, SourceLocation loc) const {
    base = rvalue(std::move(base));
    idx = rvalue(std::move(idx));
    if (base->type.is_integer() && idx->type.is_pointer()) std::swap(base, idx);  // i[p] is p[i]
    if (!base->type.is_pointer()) throw ParseError(loc, "subscripted value is neither array nor pointer");
    if (!idx->type.is_integer()) throw ParseError(loc, "array subscript is not an integer");
    const Type pointee = base->type.target();
    if (pointee.is_void()) throw Unsupported(loc, "dereference of void *");
    require_complete(pointee, loc, "subscript of a pointer to an");
    idx = promote(std::move(idx));
    auto n = make(ExprKind::Index, pointee, std::move(loc));
    n->operands.push_back(std::move(base));
    n->operands.push_back(std::move(idx));
    return finish(std::move(n));
}

ExprPtr TypeChecker::deref(ExprPtr e, SourceLocation loc) const {
    e = rvalue(std::move(e));
    if (!e->type.is_pointer()) {
        throw ParseError(loc, "invalid type argument of unary '*' (have " + quoted(e->type) + ")");
    }
    const Type pointee = e->type.target();
    // `*fp` designates the function, which converts back to the pointer (C11 6.3.2.1p4).
    if (pointee.is_function()) return e;
    if (pointee.is_void()) throw Unsupported(loc, "dereference of void *");
    require_complete(pointee, loc, "dereferencing pointer to");
    auto n = make(ExprKind::Deref, pointee, std::move(loc));
    n->operands.push_back(std::move(e));
    return finish(std::move(n));
}

ExprPtr TypeChecker::addr_of(ExprPtr e, SourceLocation loc) const {
    if (e->kind == ExprKind::FunctionRef) return e;  // &f is f's pointer
    if (const Expr* s = find_stmt_expr(*e)) throw Unsupported(s->loc, "statement expression");
    if (e->type.is_unsupported()) throw Unsupported(e->loc, std::string(e->type.construct));
    if (!is_lvalue(*e)) throw ParseError(loc, "lvalue required as unary '&' operand");
    if (bit_field_of(*e)) throw ParseError(loc, "cannot take the address of bit-field '" + e->text + "'");
    if (e->type.is_array() && !e->type.info->length) throw Unsupported(loc, "variable length array");
    const Type t = types_->pointer_to(e->type);
    auto n = make(ExprKind::AddrOf, t, std::move(loc));
    n->operands.push_back(std::move(e));
    return finish(std::move(n));
}

ExprPtr TypeChecker::member(ExprPtr e, const std::string& name, SourceLocation loc) const {
    if (const Expr* s = find_stmt_expr(*e)) throw Unsupported(s->loc, "statement expression");
    if (e->type.is_unsupported()) throw Unsupported(e->loc, std::string(e->type.construct));
    if (!e->type.is_struct()) {
        throw ParseError(loc, "request for member '" + name + "' in something not a structure or union");
    }
    require_complete(e->type, loc, "member access into");
    if (!is_lvalue(*e)) throw Unsupported(e->loc, "struct value");
    const Aggregate& a = *e->type.info;
    auto i = a.field_index(name);
    if (!i) throw ParseError(loc, "no member named '" + name + "' in " + quoted(e->type));
    auto n = make(ExprKind::Member, a.fields[*i].type, std::move(loc));
    n->value = *i;
    n->text = name;
    n->operands.push_back(std::move(e));
    return finish(std::move(n));
}

ExprPtr TypeChecker::arrow(ExprPtr e, const std::string& name, SourceLocation loc) const {
    e = rvalue(std::move(e));
    if (!e->type.is_pointer() || !(e->type.target().is_struct() || e->type.target().is_unsupported())) {
        throw ParseError(loc, "invalid type argument of '->' (have " + quoted(e->type) + ")");
    }
    return member(deref(std::move(e), loc), name, loc);
}

ExprPtr TypeChecker::init_list(Type t, SourceLocation loc) const { return make(ExprKind::InitList, t, std::move(loc)); }

void TypeChecker::finish_init_list(Expr& list) const {
    std::uint32_t h = 0;
    bool stmt_expr = false;
    for (auto& o : list.operands) {
        if (o->kind == ExprKind::InitList) finish_init_list(*o);
        h = std::max(h, o->height);
        stmt_expr = stmt_expr || o->has_stmt_expr;
    }
    list.height = h + 1;
    list.has_stmt_expr = stmt_expr;
    if (list.height > max_height_) throw Unsupported(list.loc, "expression too deeply nested for the stack");
}

ExprPtr TypeChecker::struct_value(ExprPtr e, Type to, SourceLocation loc) const {
    if (const Expr* s = find_stmt_expr(*e)) throw Unsupported(s->loc, "statement expression");
    if (e->type.is_unsupported()) throw Unsupported(e->loc, std::string(e->type.construct));
    if (e->type != to) {
        throw ParseError(loc,
                         "incompatible types when assigning to type " + quoted(to) + " from type " + quoted(e->type));
    }
    // Struct values are copied between objects only: the source must be an lvalue.
    if (!is_lvalue(*e)) throw Unsupported(e->loc, "struct value");
    return e;
}

}  // namespace craig::frontend
