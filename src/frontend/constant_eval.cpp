#include "frontend/constant_eval.hpp"

namespace craig::frontend {

std::optional<std::uint64_t> fold_unary(Op op, std::uint64_t a, Type operand, Type result, DataModel dm) {
    switch (op) {
        case Op::Neg: return normalize(std::uint64_t{0} - a, result.kind, dm);
        case Op::Plus: return normalize(a, result.kind, dm);
        case Op::BitNot: return normalize(~a, result.kind, dm);
        case Op::LogNot: return a == 0 ? 1 : 0;
        default: (void)operand; return std::nullopt;
    }
}

std::optional<std::uint64_t> fold_binary(Op op, std::uint64_t a, Type ta, std::uint64_t b, Type tb, Type result,
                                         DataModel dm) {
    const bool sa = is_signed(ta.kind);
    const auto as = static_cast<std::int64_t>(a);
    const auto bs = static_cast<std::int64_t>(b);
    auto norm = [&](std::uint64_t v) { return normalize(v, result.kind, dm); };
    switch (op) {
        case Op::Add: return norm(a + b);
        case Op::Sub: return norm(a - b);
        case Op::Mul: return norm(a * b);
        case Op::Div:
        case Op::Rem: {
            if (b == 0) return std::nullopt;
            if (sa) {
                // INT_MIN / -1 overflows; GCC folds it to the wrapped value.
                if (bs == -1) return op == Op::Div ? norm(std::uint64_t{0} - a) : 0;
                return norm(static_cast<std::uint64_t>(op == Op::Div ? as / bs : as % bs));
            }
            return norm(op == Op::Div ? a / b : a % b);
        }
        case Op::Shl:
        case Op::Shr: {
            if (is_signed(tb.kind) && bs < 0) return std::nullopt;
            if (b >= bit_width(ta.kind, dm)) return std::nullopt;
            if (op == Op::Shl) return norm(a << b);
            if (sa) return norm(static_cast<std::uint64_t>(as >> b));
            return norm(a >> b);
        }
        case Op::BitAnd: return norm(a & b);
        case Op::BitOr: return norm(a | b);
        case Op::BitXor: return norm(a ^ b);
        case Op::Lt: return sa ? as < bs : a < b;
        case Op::Le: return sa ? as <= bs : a <= b;
        case Op::Gt: return sa ? as > bs : a > b;
        case Op::Ge: return sa ? as >= bs : a >= b;
        case Op::Eq: return a == b ? 1 : 0;
        case Op::Ne: return a != b ? 1 : 0;
        case Op::LogAnd: return (a != 0 && b != 0) ? 1 : 0;
        case Op::LogOr: return (a != 0 || b != 0) ? 1 : 0;
        default: return std::nullopt;
    }
}

std::optional<std::uint64_t> evaluate_constant(const Expr& e, DataModel dm) {
    switch (e.kind) {
        case ExprKind::IntLiteral: return e.value;
        case ExprKind::Cast: {
            if (!e.type.is_integer()) return std::nullopt;
            auto v = evaluate_constant(e.operand(0), dm);
            if (!v) return std::nullopt;
            return convert_value(*v, e.type.kind, dm);
        }
        case ExprKind::Unary: {
            auto v = evaluate_constant(e.operand(0), dm);
            if (!v) return std::nullopt;
            return fold_unary(e.op, *v, e.operand(0).type, e.type, dm);
        }
        case ExprKind::Binary: {
            const Expr& l = e.operand(0);
            const Expr& r = e.operand(1);
            auto a = evaluate_constant(l, dm);
            if (!a) return std::nullopt;
            // && and || need only the operand that decides the result.
            if (e.op == Op::LogAnd && *a == 0) return 0;
            if (e.op == Op::LogOr && *a != 0) return 1;
            auto b = evaluate_constant(r, dm);
            if (!b) return std::nullopt;
            if (e.op == Op::LogAnd || e.op == Op::LogOr) return *b != 0 ? 1 : 0;
            return fold_binary(e.op, *a, l.type, *b, r.type, e.type, dm);
        }
        case ExprKind::Conditional: {
            if (!e.type.is_integer()) return std::nullopt;
            auto c = evaluate_constant(e.operand(0), dm);
            if (!c) return std::nullopt;
            return evaluate_constant(e.operand(*c != 0 ? 1 : 2), dm);
        }
        default: return std::nullopt;
    }
}

}  // namespace craig::frontend
