#include "frontend/address_layout.hpp"

#include "frontend/builtins.hpp"
#include "frontend/memory_layout.hpp"
#include "frontend/type_checker.hpp"

namespace craig::frontend {

namespace {

// Appends the byte offsets of t's cells, each plus `base`; false when t has a union.
bool append_offsets(Type t, std::uint64_t base, DataModel dm, std::vector<std::uint64_t>& out) {
    if (t.is_scalar()) {
        out.push_back(base);
        return true;
    }
    if (t.is_array()) {
        const auto n = t.info->length;
        const auto es = size_of(t.info->target, dm);
        if (!n || !es) return false;
        for (std::uint64_t i = 0; i < *n; ++i)
            if (!append_offsets(t.info->target, base + i * *es, dm, out)) return false;
        return true;
    }
    if (t.is_struct() && t.info->complete && !t.info->is_union) {
        for (const Field& f : t.info->fields)
            if (!append_offsets(f.type, base + f.offset, dm, out)) return false;
        return true;
    }
    return false;
}

bool stmt_converts(const Stmt& s, DataModel dm);

bool expr_converts(const Expr& e, DataModel dm) {
    if (e.kind == ExprKind::Cast && is_address_conversion(e, dm)) return true;
    if (e.body && stmt_converts(*e.body, dm)) return true;  // a statement expression
    for (const auto& o : e.operands)
        if (expr_converts(*o, dm)) return true;
    return false;
}

bool stmt_converts(const Stmt& s, DataModel dm) {
    for (const auto& v : s.vars) {
        if (v->init && expr_converts(*v->init, dm)) return true;
        for (const auto& l : v->vla_lengths)
            if (l && expr_converts(*l, dm)) return true;
    }
    for (const Expr* e : {s.expr.get(), s.step.get()})
        if (e && expr_converts(*e, dm)) return true;
    for (const auto& c : s.stmts)
        if (stmt_converts(*c, dm)) return true;
    for (const Stmt* c : {s.init.get(), s.body.get(), s.else_body.get()})
        if (c && stmt_converts(*c, dm)) return true;
    return false;
}

}  // namespace

bool is_character(Type t) { return t.kind == TypeKind::Char || t.kind == TypeKind::SChar || t.kind == TypeKind::UChar; }

Type innermost_element(Type t) {
    while (t.is_array()) t = t.info->target;
    return t;
}

std::optional<ByteLayout> byte_layout(Type element, DataModel dm) {
    if (element.is_array() || contains_union(element)) return std::nullopt;
    const auto size = size_of(element, dm);
    const auto cells = cell_count(element);
    if (!size || *size == 0 || !cells || *cells == 0 || *cells > (std::uint64_t{1} << 20)) return std::nullopt;
    ByteLayout l;
    l.cells = *cells;
    l.size = *size;
    l.align = align_of(element, dm);
    if (!append_offsets(element, 0, dm, l.offsets) || l.offsets.size() != l.cells) return std::nullopt;
    return l;
}

std::uint64_t cell_byte_offset(const ByteLayout& l, std::uint64_t cell) {
    return cell / l.cells * l.size + l.offsets[cell % l.cells];
}

std::optional<std::uint64_t> cell_at_byte(const ByteLayout& l, std::uint64_t byte) {
    const std::uint64_t element = byte / l.size, within = byte % l.size;
    for (std::uint64_t c = 0; c < l.cells; ++c)
        if (l.offsets[c] == within) return element * l.cells + c;
    return std::nullopt;
}

bool is_address_conversion(const Expr& e, DataModel dm) {
    if (e.kind != ExprKind::Cast || e.operands.empty()) return false;
    const Type from = e.operand(0).type;
    if (from.is_pointer() && e.type.is_integer()) return !e.type.is_bool();
    if (from.is_pointer() && e.type.is_pointer() && !(from == e.type)) {
        // Not the conversion of malloc's result (its cells get the pointee type).
        const Expr& x = e.operand(0);
        if (x.kind == ExprKind::Call && x.callee && !x.callee->is_defined && is_allocation_function(x.callee->name))
            return false;
        // (From void * to a character pointer too: a byte view of other cells.)
        if (from.target().is_void()) return is_character(e.type.target());
        return !e.type.target().is_void();
    }
    return from.is_integer() && e.type.is_pointer() && !is_null_pointer_constant(e.operand(0), dm);
}

const Expr& compared_pointer(const Expr& operand) {
    if (operand.kind == ExprKind::Cast && operand.implicit && operand.type.is_pointer() &&
        operand.operand(0).type.is_pointer() && operand.operand(0).type.target().is_void())
        return operand.operand(0);
    return operand;
}

bool converts_addresses(const TranslationUnit& tu) {
    const DataModel dm = tu.data_model;
    for (const auto& g : tu.globals)
        if (g->init && expr_converts(*g->init, dm)) return true;
    for (const auto& f : tu.functions)
        if (f->body && stmt_converts(*f->body, dm)) return true;
    return false;
}

}  // namespace craig::frontend
