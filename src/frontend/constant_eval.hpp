// Evaluation of integer constant expressions (C11 6.6) over typed ASTs.
//
// Returns the value in normal form of e.type (see types.hpp), or nullopt when
// e is not a constant expression or its evaluation has undefined behaviour
// that GCC would not fold (division by zero, shift by a negative amount or by
// the width or more). Signed overflow wraps, as GCC's folding does.
// Recursion is bounded by Expr::height.
#pragma once

#include <cstdint>
#include <optional>

#include "frontend/ast.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

std::optional<std::uint64_t> evaluate_constant(const Expr& e, DataModel dm);

// Applies a unary / binary operator to constant operands that already have
// the operator's operand types (after the conversions the AST makes explicit).
// `type` is the operand type (for comparisons and && || the operands' type is
// that of `a`), `result` the type of the result.
std::optional<std::uint64_t> fold_unary(Op op, std::uint64_t a, Type operand, Type result, DataModel dm);
std::optional<std::uint64_t> fold_binary(Op op, std::uint64_t a, Type ta, std::uint64_t b, Type tb, Type result,
                                         DataModel dm);

}  // namespace craig::frontend
