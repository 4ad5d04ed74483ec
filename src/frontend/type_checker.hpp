// TypeChecker: builds typed expression nodes. Every builder checks the C
// constraints of its operator, applies the integer promotions and usual
// arithmetic conversions (C11 6.3.1) under the data model, and inserts the
// implicit conversions as Cast nodes (folded into integer literals), so that
// the nodes it returns satisfy the contract of ast.hpp.
//
// Errors: ParseError for constraint violations (assigning to a non-lvalue,
// using a void value, `*` of an integer, an unknown member, ...), Unsupported
// for values of unsupported type (statement expressions used as values,
// struct values outside struct assignment) and for the pointer
// conversions outside the subset (see ast.hpp).
// Every node's height is bounded by the checker's height budget (Unsupported beyond).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "frontend/ast.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

class TypeChecker {
public:
    // The height budget: the stack the passes over an expression tree may use (they recurse
    // once per level: lowering, interpreter, printer, the verifier's term walks) over
    // kStackBytesPerLevel: about 1000 on an 8 MiB stack, 131,072 on the 1 GiB thread of craig's main.
    static constexpr std::size_t kStackBytesPerLevel = 8192;
    static std::uint32_t height_budget(std::size_t stack_bytes) {
        return static_cast<std::uint32_t>(std::min<std::size_t>(stack_bytes / kStackBytesPerLevel, 1u << 30));
    }

    // `types` owns the pointer types the checker creates (AddrOf, Decay); it must outlive
    // the checker. Nodes higher than max_height are Unsupported.
    TypeChecker(DataModel dm, TypeTable& types, std::uint32_t max_height = 1000)
        : dm_(dm), types_(&types), max_height_(max_height) {}
    DataModel data_model() const { return dm_; }
    TypeTable& types() const { return *types_; }

    ExprPtr int_literal(std::uint64_t value, Type type, SourceLocation loc, std::string name = {}) const;
    // An lvalue of type char[text.size() + 1]; its object (Expr::var) is made after parsing
    // (Parser::create_string_objects).
    ExprPtr string_literal(std::string text, SourceLocation loc) const;
    ExprPtr var_ref(const VarDecl& var, SourceLocation loc) const;
    // GNU statement expression; value_type is the type of its last expression
    // statement (void if there is none).
    ExprPtr stmt_expr(StmtPtr body, Type value_type, SourceLocation loc) const;
    ExprPtr call(const FunctionDecl& callee, std::vector<ExprPtr> args, Type type, SourceLocation loc) const;
    // f as a value of its function pointer type `pointer`.
    ExprPtr function_ref(const FunctionDecl& f, Type pointer, SourceLocation loc) const;
    // fp(args): args already converted to fp's parameter types; the type is its return type.
    ExprPtr pointer_call(ExprPtr fp, std::vector<ExprPtr> args, SourceLocation loc) const;

    // Lvalue conversion: the value of e, an integer or a pointer (arrays decay; a struct
    // value is Unsupported "struct value"; void is a ParseError; a bit-field's value is
    // bit_field_value of it).
    ExprPtr rvalue(ExprPtr e) const;
    // The value a bit-field `f` holds when `v` (an integer) is stored into it, as an expression
    // of the bit-field's promoted type: v reduced modulo 2^width, as a signed width-bit
    // number for a signed type (GCC's implementation-defined conversion). The type is `int`
    // when int can represent every value of the width (C11 6.3.1.1p2; GCC applies the rule to
    // every declared type), else `unsigned int` when it can, else the promoted declared type. Stores into a bit-field store
    // this value, and reads apply it too, so a cell never holds a value outside the width, not
    // even an uninitialised one.
    ExprPtr bit_field_value(ExprPtr v, const Field& f) const;
    // Converts a value to `to` (or anything to void). Integer conversions as C does; pointer
    // conversions only as ast.hpp allows (Unsupported otherwise). Implicit conversions
    // (assignment, initialisation, arguments, returns) add no node when the type is already
    // `to`. A struct converts only to its own type (implicitly).
    ExprPtr convert(ExprPtr e, Type to, bool implicit = true) const;
    // rvalue + integer promotions; requires an integer.
    ExprPtr promote(ExprPtr e) const;
    // rvalue + default argument promotions: integers are promoted, pointers stay.
    ExprPtr argument_promotion(ExprPtr e) const;
    // An expression whose value is discarded (expression statements, the left operand of a
    // comma): arrays decay; everything else stays as it is.
    ExprPtr discard(ExprPtr e) const;

    ExprPtr unary(Op op, ExprPtr e, SourceLocation loc) const;
    ExprPtr binary(Op op, ExprPtr l, ExprPtr r, SourceLocation loc) const;
    // compound is Op::None for '=', else the operator of 'op='.
    ExprPtr assign(Op compound, ExprPtr lhs, ExprPtr rhs, SourceLocation loc) const;
    ExprPtr inc_dec(Op op, ExprPtr e, SourceLocation loc) const;
    ExprPtr conditional(ExprPtr c, ExprPtr a, ExprPtr b, SourceLocation loc) const;
    ExprPtr comma(ExprPtr a, ExprPtr b, SourceLocation loc) const;
    // Explicit cast `(to) e`.
    ExprPtr cast(Type to, ExprPtr e, SourceLocation loc) const;

    // --- memory (type_checker_memory.cpp)
    // An array lvalue as a pointer to its first element.
    ExprPtr decay(ExprPtr e) const;
    // `base[idx]` (either operand may be the pointer).
    ExprPtr index(ExprPtr base, ExprPtr idx, SourceLocation loc) const;
    ExprPtr deref(ExprPtr e, SourceLocation loc) const;
    ExprPtr addr_of(ExprPtr e, SourceLocation loc) const;
    // `e.name`, `e->name`.
    ExprPtr member(ExprPtr e, const std::string& name, SourceLocation loc) const;
    ExprPtr arrow(ExprPtr e, const std::string& name, SourceLocation loc) const;
    // The null pointer of type `to` (a Cast of the int constant 0).
    ExprPtr null_pointer(Type to, SourceLocation loc, bool implicit = true) const;
    // An empty InitList of aggregate type t.
    ExprPtr init_list(Type t, SourceLocation loc) const;
    // A struct lvalue used as a value of type `to` (struct assignment, initialiser).
    ExprPtr struct_value(ExprPtr e, Type to, SourceLocation loc) const;
    // Sets the heights of an InitList built in place (its operands may change after
    // init_list) and checks the bound.
    void finish_init_list(Expr& list) const;

    // Records that the definition of an incomplete record was rejected (a bit-field, ...):
    // code that needs the record's members then reports `construct` instead of an
    // incomplete type. construct must have static storage.
    void mark_unsupported_record(Type record, std::string_view construct);
    // ParseError "<what> incomplete type" (Unsupported for rejected records) unless t is a
    // complete object type (not void, not an incomplete struct or array).
    void require_complete(Type t, const SourceLocation& loc, const std::string& what) const;

private:
    // Computes height and bookkeeping of a node whose operands are set.
    ExprPtr finish(ExprPtr e) const;
    ExprPtr make(ExprKind kind, Type type, SourceLocation loc) const;
    ExprPtr convert_pointer(ExprPtr e, Type to, bool implicit) const;
    ExprPtr pointer_to_bool(ExprPtr e, bool implicit) const;
    ExprPtr pointer_arithmetic(Op op, ExprPtr ptr, ExprPtr offset, SourceLocation loc) const;
    ExprPtr pointer_difference(ExprPtr l, ExprPtr r, SourceLocation loc) const;
    ExprPtr pointer_comparison(Op op, ExprPtr l, ExprPtr r, SourceLocation loc) const;
    // The common type of pointer operands of ?: or a comparison, converting a null pointer
    // constant to the other side's type; Unsupported for unrelated pointee types.
    void unify_pointers(ExprPtr& a, ExprPtr& b, bool to_void) const;
    ExprPtr compound_assign(Op op, ExprPtr lhs, ExprPtr rhs, SourceLocation loc) const;
    // ++/-- of a bit-field as a compound assignment (the cell must wrap at the width).
    ExprPtr bit_field_inc_dec(Op op, ExprPtr e, const Field& f, SourceLocation loc) const;

    DataModel dm_;
    TypeTable* types_;
    std::uint32_t max_height_;
    std::unordered_map<const Aggregate*, std::string_view> unsupported_records_;
};

// The first StmtExpr node in e (pre-order), or null.
const Expr* find_stmt_expr(const Expr& e);
// VarRef, Deref, Index, or Member of an lvalue.
bool is_lvalue(const Expr& e);
// The field a Member expression designates when it is a bit-field (null otherwise).
const Field* bit_field_of(const Expr& e);
// Whether evaluating e may change state or give different values twice (assignments,
// ++/--, calls, statement expressions).
bool has_side_effects(const Expr& e);
// An integer constant expression of value 0, or one cast to `void *` (C11 6.3.2.3p3).
bool is_null_pointer_constant(const Expr& e, DataModel dm);
// Deep copy (StmtExpr bodies are not copied: callers copy side-effect-free lvalues).
ExprPtr clone(const Expr& e);

}  // namespace craig::frontend
