// Typed AST of a C translation unit in the supported subset.
//
// Ownership: a TranslationUnit owns its functions and file-scope variables;
// statements own their sub-statements, expressions and local variables
// (std::unique_ptr). Cross references (VarRef -> VarDecl, Call -> FunctionDecl,
// goto -> label, switch -> case) are plain pointers into the same tree; they
// stay valid as long as the TranslationUnit lives (do not move nodes out).
//
// Guarantees after a successful parse (what a lowering to formulas may rely on):
//  - Every expression has its C type (Expr::type), integers only except: void
//    for calls of void functions, casts to void, void conditionals and
//    commas; StringLiteral (type Unsupported "string") only as a call argument
//    of the assert-failure functions (__assert_fail, __assert, ...), where
//    the callee cannot read it: lowering may ignore it. ExprKind::StmtExpr
//    never occurs.
//  - All implicit conversions are explicit Cast nodes (implicit = true):
//      arithmetic, bitwise and comparison operands are converted to their
//      common type (usual arithmetic conversions, C11 6.3.1.8); operands of
//      unary - + ~ and of << >> are promoted (C11 6.3.1.1); assigned values,
//      initialisers, arguments of prototyped calls, return values and case
//      labels are converted to the destination type. Conversions of integer
//      literals are folded into the literal instead.
//  - Operands of ! && || and the conditions of if/while/do/for/?: are tested
//    against zero in their own type (no conversion is inserted).
//  - Compound assignments are desugared: `x op= e` is Assign(x, Cast(T,
//    Binary(op, conv(x), conv(e)))) (the only lvalues are variables, so the
//    duplicated VarRef has no side effect). ++/-- remain IncDec nodes: the new
//    value is (T)(promote(x) +/- 1); pre forms yield the new value, post forms
//    the old one.
//  - sizeof, _Alignof and enumeration constants are folded into IntLiterals
//    (sizeof has type size_t: unsigned int on ILP32, unsigned long on LP64).
//  - Every VarRef points to its declaration (scopes and shadowing resolved),
//    every goto to its label, every case/default to its switch.
//  - File-scope and static local variables have a constant IntLiteral
//    initialiser (zero when the source has none), unless is_extern.
//  - Every function reachable from main (FunctionDecl::reachable; all defined
//    functions when there is no main) has a body or is a builtin; no
//    reachable code uses an unsupported construct.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/errors.hpp"
#include "frontend/source_location.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

struct Expr;
struct Stmt;
struct VarDecl;
struct FunctionDecl;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;

enum class ExprKind : std::uint8_t {
    IntLiteral,     // value (normal form of type); text = enumeration constant name, if any
    StringLiteral,  // text (decoded bytes)
    VarRef,         // var
    Cast,           // operands[0] converted to type; implicit
    Unary,          // op in Neg Plus BitNot LogNot; operands[0]
    Binary,         // op in Add..LogOr; operands[0], operands[1]
    Assign,         // operands[0] is a VarRef, operands[1] already converted to its type
    IncDec,         // op in PreInc PreDec PostInc PostDec; operands[0] is a VarRef
    Conditional,    // operands[0] ? operands[1] : operands[2]
    Comma,          // operands[0], operands[1]
    Call,           // callee(operands...)
    StmtExpr,       // GNU ({ ... }); body; only while parsing
};

enum class Op : std::uint8_t {
    None,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    LogAnd,
    LogOr,
    Neg,
    Plus,
    BitNot,
    LogNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
};

struct Expr {
    ExprKind kind = ExprKind::IntLiteral;
    Op op = Op::None;
    Type type;
    SourceLocation loc;
    // Call: the ')' after the arguments (where SV-COMP witnesses locate a call's return).
    SourceLocation rparen;
    std::vector<ExprPtr> operands;
    std::uint64_t value = 0;
    std::string text;
    const VarDecl* var = nullptr;
    const FunctionDecl* callee = nullptr;
    bool implicit = false;
    StmtPtr body;
    // Height of the subtree; the parser bounds it so recursive walks are safe.
    std::uint32_t height = 1;
    // Whether a StmtExpr occurs in this subtree (parser bookkeeping).
    bool has_stmt_expr = false;

    Expr();
    ~Expr();
    Expr(Expr&&) noexcept;
    Expr& operator=(Expr&&) noexcept;

    const Expr& operand(std::size_t i) const { return *operands[i]; }
    // Value of an IntLiteral as a signed / unsigned number.
    std::int64_t signed_value() const { return static_cast<std::int64_t>(value); }
};

enum class StmtKind : std::uint8_t {
    Compound,  // stmts; opens a scope
    Decl,      // vars (local automatic variables, in order)
    Expr,      // expr
    If,        // expr ? body : else_body (may be null)
    While,     // while (expr) body
    DoWhile,   // do body while (expr)
    For,       // for (init; expr; step) body; init, expr, step may be null
    Break,
    Continue,
    Return,   // expr may be null
    Goto,     // label, target
    Label,    // label: body
    Switch,   // switch (expr) body; cases
    Case,     // case case_value: body
    Default,  // default: body
    Empty,
};

struct Stmt {
    StmtKind kind = StmtKind::Empty;
    SourceLocation loc;
    std::vector<StmtPtr> stmts;
    std::vector<std::unique_ptr<VarDecl>> vars;
    // Expr: the expression. Return: the value (converted to the return type;
    // unconverted in void functions). If/While/DoWhile/For/Switch: the
    // condition (For: null means true; Switch: promoted).
    std::unique_ptr<Expr> expr;
    StmtPtr init;                // For: a Decl or Expr statement
    std::unique_ptr<Expr> step;  // For
    StmtPtr body;
    StmtPtr else_body;               // If
    std::string label;               // Goto, Label
    const Stmt* target = nullptr;    // Goto: the Label statement
    std::uint64_t case_value = 0;    // Case: normal form in the type of the switch condition
    std::vector<const Stmt*> cases;  // Switch: its Case and Default statements in source order

    Stmt();
    ~Stmt();
};

enum class Storage : std::uint8_t {
    Global,       // file scope (static or not)
    StaticLocal,  // static at block scope: owned by the TranslationUnit, like a global
    Local,        // automatic; owned by its Decl statement; uninitialised when init is null
    Param,
};

struct VarDecl {
    std::string name;
    SourceLocation loc;
    Type type;  // integer; Unsupported only for parameters that the body never uses
    Storage storage = Storage::Local;
    std::unique_ptr<Expr> init;
    // File-scope variable declared only `extern` here: its value is unknown.
    bool is_extern = false;
    std::uint32_t id = 0;                    // unique in the translation unit
    const FunctionDecl* function = nullptr;  // enclosing function (not for globals)

    VarDecl();
    ~VarDecl();
};

// Functions recognised by name (see builtins.hpp).
enum class Builtin : std::uint8_t {
    None,
    Nondet,      // __VERIFIER_nondet_*: any value of the return type
    Assume,      // __VERIFIER_assume(c), undefined assume_abort_if_not(c): blocks unless c != 0
    Assert,      // undefined assert(c) / __VERIFIER_assert(c): error unless c != 0
    ReachError,  // reach_error(), __VERIFIER_error(): the error location (even if defined)
    AssertFail,  // __assert_fail, __assert, __assert_perror_fail: a failed C assert
    Abort,       // abort(): the execution ends
    Exit,        // exit(status): the execution ends
};

struct CallSite {
    const FunctionDecl* callee = nullptr;
    SourceLocation loc;
};

struct FunctionDecl {
    std::string name;
    SourceLocation loc;  // of the definition if there is one, else of the first declaration
    Type return_type;    // integer or void (Unsupported for uncalled prototypes only)
    std::vector<std::unique_ptr<VarDecl>> params;
    bool has_prototype = false;
    bool variadic = false;
    bool is_defined = false;
    StmtPtr body;  // null unless defined and supported
    // Set when the definition uses an unsupported construct; body is then null.
    std::optional<Unsupported> unsupported;
    Builtin builtin = Builtin::None;
    bool reachable = false;
    // Declared, called, never defined, not a builtin: external code. A call evaluates its
    // arguments, then may change every file-scope variable and returns an arbitrary value
    // of the return type (CPAchecker and Ultimate assume no side effects; assuming any
    // keeps a TRUE verdict sound). The lowering and the replay read these values as inputs
    // in the same order: the result, then the file-scope variables in declaration order.
    bool external = false;
    std::vector<CallSite> calls;  // calls in the body, in source order

    FunctionDecl();
    ~FunctionDecl();
};

struct TranslationUnit {
    std::string file;
    DataModel data_model = DataModel::ILP32;
    // File-scope variables of supported types and static locals, in
    // declaration order (variables of unsupported types are left out; reachable
    // code cannot use them).
    std::vector<std::unique_ptr<VarDecl>> globals;
    // One entry per function name, in order of first declaration.
    std::vector<std::unique_ptr<FunctionDecl>> functions;

    const FunctionDecl* find_function(std::string_view name) const;
    const FunctionDecl* main_function() const { return find_function("main"); }
};

std::string_view to_string(Op op);
std::string_view to_string(Builtin b);

}  // namespace craig::frontend
