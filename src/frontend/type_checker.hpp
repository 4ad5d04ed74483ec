// TypeChecker: builds typed expression nodes. Every builder checks the C
// constraints of its operator, applies the integer promotions and usual
// arithmetic conversions (C11 6.3.1) under the data model, and inserts the
// implicit conversions as Cast nodes (folded into integer literals), so that
// the nodes it returns satisfy the contract of ast.hpp.
//
// Errors: ParseError for constraint violations (assigning to a non-variable,
// using a void value, ...), Unsupported for values of unsupported type
// (strings, statement expressions used as values).
// Every node's height is bounded by kMaxExprHeight (ParseError beyond).
#pragma once

#include <cstdint>
#include <string>

#include "frontend/ast.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

class TypeChecker {
public:
    static constexpr std::uint32_t kMaxExprHeight = 1000;

    explicit TypeChecker(DataModel dm) : dm_(dm) {}
    DataModel data_model() const { return dm_; }

    ExprPtr int_literal(std::uint64_t value, Type type, SourceLocation loc, std::string name = {}) const;
    ExprPtr string_literal(std::string text, SourceLocation loc) const;
    ExprPtr var_ref(const VarDecl& var, SourceLocation loc) const;
    // GNU statement expression; value_type is the type of its last expression
    // statement (void if there is none).
    ExprPtr stmt_expr(StmtPtr body, Type value_type, SourceLocation loc) const;
    ExprPtr call(const FunctionDecl& callee, std::vector<ExprPtr> args, Type type, SourceLocation loc) const;

    // Requires e to be a value of integer type (lvalue conversion).
    ExprPtr rvalue(ExprPtr e) const;
    // Converts an integer value (or anything, to void); no node if the type
    // is already `to` and the conversion is implicit.
    ExprPtr convert(ExprPtr e, Type to, bool implicit = true) const;
    // rvalue + integer promotions.
    ExprPtr promote(ExprPtr e) const;

    ExprPtr unary(Op op, ExprPtr e, SourceLocation loc) const;
    ExprPtr binary(Op op, ExprPtr l, ExprPtr r, SourceLocation loc) const;
    // compound is Op::None for '=', else the operator of 'op='.
    ExprPtr assign(Op compound, ExprPtr lhs, ExprPtr rhs, SourceLocation loc) const;
    ExprPtr inc_dec(Op op, ExprPtr e, SourceLocation loc) const;
    ExprPtr conditional(ExprPtr c, ExprPtr a, ExprPtr b, SourceLocation loc) const;
    ExprPtr comma(ExprPtr a, ExprPtr b, SourceLocation loc) const;
    // Explicit cast `(to) e`.
    ExprPtr cast(Type to, ExprPtr e, SourceLocation loc) const;

private:
    // Computes height and bookkeeping of a node whose operands are set.
    ExprPtr finish(ExprPtr e) const;
    ExprPtr make(ExprKind kind, Type type, SourceLocation loc) const;

    DataModel dm_;
};

// The first StmtExpr node in e (pre-order), or null.
const Expr* find_stmt_expr(const Expr& e);

}  // namespace craig::frontend
