// Bit-fields (C11 6.7.2.1p9-11) in the type checker: a bit-field is a cell of its declared type
// like any member (memory_layout.hpp); what makes it a bit-field is that every value stored into
// it and every value read from it goes through bit_field_value, an expression of C operators
// (mask, sign extension). The lowering, the replay and the witnesses therefore need nothing of
// their own, and the encodings of the operators (integer or bit-precise) give the width's
// wrap-around exactly.
#include "frontend/errors.hpp"
#include "frontend/type_checker.hpp"

namespace craig::frontend {

const Field* bit_field_of(const Expr& e) {
    if (e.kind != ExprKind::Member || e.operands.empty()) return nullptr;
    const Type record = e.operand(0).type;
    if (!record.is_struct() || !record.info || e.value >= record.info->fields.size()) return nullptr;
    const Field& f = record.info->fields[e.value];
    return f.bit_width > 0 ? &f : nullptr;
}

ExprPtr TypeChecker::bit_field_value(ExprPtr v, const Field& f) const {
    const SourceLocation loc = v->loc;
    const Type declared = f.type;
    const unsigned width = f.bit_width, full = bit_width(declared.kind, dm_);
    const Type int_t = Type::of(TypeKind::Int);
    const bool fits_int = width < bit_width(TypeKind::Int, dm_) ||
                          (width == bit_width(TypeKind::Int, dm_) && is_signed(declared.kind));
    // GCC: a width that fits unsigned int (32) is unsigned int, a wider one its declared type.
    const Type promoted = fits_int                                     ? int_t
                          : width <= bit_width(TypeKind::UInt, dm_) ? Type::of(TypeKind::UInt)
                                                                     : frontend::promote(declared, dm_);
    // An explicit cast node first: rvalue() of the Member would come back here.
    ExprPtr x = convert(std::move(v), frontend::promote(declared, dm_), /*implicit=*/false);
    if (declared.is_bool() || width >= full) return convert(std::move(x), promoted);
    const Type w = x->type;
    const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
    ExprPtr r = binary(Op::BitAnd, std::move(x), int_literal(mask, w, loc), loc);
    if (is_signed(declared.kind)) {
        const std::uint64_t sign = std::uint64_t{1} << (width - 1);
        r = binary(Op::BitXor, std::move(r), int_literal(sign, w, loc), loc);
        r = binary(Op::Sub, std::move(r), int_literal(sign, w, loc), loc);
    }
    return convert(std::move(r), promoted);
}

ExprPtr TypeChecker::bit_field_inc_dec(Op op, ExprPtr e, const Field& f, SourceLocation loc) const {
    const bool inc = op == Op::PreInc || op == Op::PostInc;
    const Type int_t = Type::of(TypeKind::Int);
    ExprPtr assigned = compound_assign(inc ? Op::Add : Op::Sub, std::move(e), int_literal(1, int_t, loc), loc);
    if (op == Op::PreInc || op == Op::PreDec) return assigned;
    // The old value: the new one stepped back, modulo the width again (exact, since the
    // store reduced modulo the width).
    ExprPtr back = binary(inc ? Op::Sub : Op::Add, std::move(assigned), int_literal(1, int_t, loc), loc);
    return bit_field_value(std::move(back), f);
}

}  // namespace craig::frontend
