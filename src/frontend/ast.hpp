// Typed AST of a C translation unit in the supported subset.
//
// Ownership: a TranslationUnit owns its functions and file-scope variables;
// statements own their sub-statements, expressions and local variables
// (std::unique_ptr). Cross references (VarRef -> VarDecl, Call -> FunctionDecl,
// goto -> label, switch -> case) are plain pointers into the same tree; they
// stay valid as long as the TranslationUnit lives (do not move nodes out).
//
// Guarantees after a successful parse (what a lowering to formulas may rely on):
//  - Every expression has its C type (Expr::type): an integer, a pointer, an array
//    (only as the operand of Decay, AddrOf, Member and sizeof, i.e. never as a value) or a
//    struct/union (only as an lvalue: VarRef, Deref, Index, Member; as both sides of a
//    struct Assign; as an InitList); void for calls of void functions, casts to void, void
//    conditionals and commas. ExprKind::StmtExpr never occurs.
//  - StringLiteral is an lvalue of type char[N + 1] (N bytes of text and the terminating
//    zero; plain char is signed). Used as an array (the operand of Decay or AddrOf in
//    reachable code or a static initialiser) its `var` is its object, one per occurrence in
//    the source, in TranslationUnit::string_literals. Otherwise var is null, and the node
//    occurs only as a call argument of the assert-failure builtins (__assert_fail,
//    __assert, ... when the program does not define them), which cannot read it: lowering
//    may ignore it.
//  - Lvalues are VarRef, StringLiteral, Deref, Index and Member (of an lvalue); Assign, IncDec
//    and AddrOf take only these. Arrays are never assigned; struct values occur only in struct Assign
//    (both operands lvalues of the same struct type) and initialisers: struct parameters,
//    struct return values and struct-valued conditionals are Unsupported.
//  - All implicit conversions are explicit Cast nodes (implicit = true):
//      arithmetic, bitwise and comparison operands are converted to their
//      common type (usual arithmetic conversions, C11 6.3.1.8); operands of
//      unary - + ~ and of << >> are promoted (C11 6.3.1.1); assigned values,
//      initialisers, arguments of prototyped calls, return values and case
//      labels are converted to the destination type. Conversions of integer
//      literals are folded into the literal instead.
//  - Arrays used as values decay explicitly: Decay(array lvalue) has type pointer to the
//    element type. Pointer conversions are Cast nodes between pointer types: only to or
//    from `void *` (qualifiers are dropped), the null pointer constant (a Cast of an
//    integer constant 0 to a pointer type), and the result of malloc/calloc converted to
//    the pointer type it is assigned to. Casts between different non-void pointee types,
//    from integers (other than the constant 0) to pointers, from pointers to integers, and
//    of function pointers are Unsupported. A conversion from `void *` to `T *` is
//    supported only where the operand is a malloc/calloc call or a null pointer constant
//    (so memory is never accessed through a pointer to a type other than its own).
//  - Pointer arithmetic: Binary Add/Sub with operands[0] the pointer and operands[1] a
//    promoted integer (`i + p` is reordered), counting elements of the pointee type;
//    Binary Sub of two pointers to the same type has type ptrdiff_t (ptrdiff_type()) and
//    counts elements; comparisons (< <= > >= == !=) take two pointers of the same type
//    after conversion (a null pointer constant or void * converted to the other side's
//    type). Index(p, i) is `p[i]` with operands[0] the pointer (an array decayed; `i[p]`
//    is reordered) and operands[1] a promoted integer; its type is the element type.
//  - Operands of ! && || and the conditions of if/while/do/for/?: are tested
//    against zero (null) in their own type (no conversion is inserted); they are integers
//    or pointers.
//  - Compound assignments are desugared: `x op= e` is Assign(x, Cast(T,
//    Binary(op, conv(x), conv(e)))) with the lvalue x duplicated; an lvalue with side
//    effects (`a[i++] += 1`) is Unsupported there. ++/-- remain IncDec nodes (operand any
//    scalar lvalue, evaluated once): the new value is (T)(promote(x) +/- 1), for pointers
//    x +/- 1 element; pre forms yield the new value, post forms the old one.
//  - sizeof, _Alignof and enumeration constants are folded into IntLiterals
//    (sizeof has type size_t: unsigned int on ILP32, unsigned long on LP64; sizeof of a
//    variable-length array is Unsupported).
//  - Every VarRef points to its declaration (scopes and shadowing resolved),
//    every goto to its label, every case/default to its switch.
//  - File-scope and static local variables have a constant initialiser, unless is_extern:
//    an IntLiteral for integers; for pointers a null pointer constant, AddrOf or Decay of a
//    file-scope/static variable or a string literal (or of an Index/Member path into one
//    with constant indices), possibly with constant pointer arithmetic; for arrays and structs an
//    InitList of such constants (an empty InitList when the source has none: all zero).
//  - InitList (arrays and structs): operands[k] initialises element / member positions[k]
//    (designators and brace elision resolved; nested aggregates get nested InitLists; a
//    string literal initialising a char array becomes an InitList of its characters
//    including the terminating zero when it fits). Everything not listed is zero (null
//    for pointers), also for automatic variables. positions is strictly increasing.
//  - Function pointers (Type::is_function_pointer) are pointers whose values are the
//    address-taken functions (FunctionRef; FunctionDecl::address_id) or null. They are
//    never dereferenced (`*fp` is fp), never indexed, never converted to or from other
//    pointer types; only assigned, passed, compared (== !=, with null or the same type) and
//    called (PointerCall, arguments converted to the parameter types as in a direct call).
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
struct LibcEntry;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;

enum class ExprKind : std::uint8_t {
    IntLiteral,     // value (normal form of type); text = enumeration constant name, if any
    StringLiteral,  // text (decoded bytes); var = its object or null (see above)
    VarRef,         // var
    Cast,           // operands[0] converted to type; implicit
    Unary,          // op in Neg Plus BitNot LogNot; operands[0]
    Binary,         // op in Add..LogOr; operands[0], operands[1]
    Assign,         // operands[0] is an lvalue, operands[1] already converted to its type
    IncDec,         // op in PreInc PreDec PostInc PostDec; operands[0] is a scalar lvalue
    Conditional,    // operands[0] ? operands[1] : operands[2]
    Comma,          // operands[0], operands[1]
    Call,           // callee(operands...)
    StmtExpr,       // GNU ({ ... }); body; only while parsing
    Index,          // operands[0][operands[1]]: pointer, integer; lvalue of the element type
    Deref,          // *operands[0]: a pointer to an object type; lvalue of the pointee type
    AddrOf,         // &operands[0]: an lvalue (not a bit-field); type pointer to its type
    Member,         // operands[0].text: struct/union lvalue; value = the member's index in fields
    Decay,          // operands[0]: an array lvalue, as a pointer to its first element
    InitList,       // { operands } at positions (see above); type = the initialised aggregate
    FunctionRef,    // callee as a value (`f`, `&f`, `*f`): its function pointer (callee->address_id)
    PointerCall,    // operands[0](operands[1]...): a call through a function pointer (not null-checked)
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
    // InitList: the element index / member index each operand initialises (increasing).
    std::vector<std::uint64_t> positions;
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
    // integer, pointer, array (with constant or variable length) or struct/union; Unsupported
    // only for parameters that the body never uses. Parameters are never arrays (adjusted
    // to pointers).
    Type type;
    Storage storage = Storage::Local;
    std::unique_ptr<Expr> init;
    // Variable-length arrays (local only): one entry per array dimension of `type`, outermost
    // first, the length expression (promoted integer, evaluated once when the declaration
    // runs, left to right) or null where the length is a constant. Empty for other variables.
    std::vector<std::unique_ptr<Expr>> vla_lengths;
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
    AssertFail,  // __assert_fail, __assert, __assert_perror_fail: a failed C assert (aborts;
                 // only reach_error violates unreach-call)
    Abort,       // abort(): the execution ends
    Exit,        // exit(status): the execution ends
    Malloc,      // malloc(size) and alloca: a fresh object, or null (see the lowering)
    Calloc,      // calloc(n, size): a fresh zeroed object of n*size bytes
    Free,        // free(p): ends the lifetime of a malloc'ed object (null: no effect)
    Realloc,     // realloc(p, size): a fresh block with p's first cells, p freed (null: malloc)
    Libc,        // a C library function of frontend/libc.hpp's table (FunctionDecl::libc)
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
    const LibcEntry* libc = nullptr;  // the table row when builtin == Builtin::Libc
    bool reachable = false;
    // 1 + the index of this function among the functions whose address is taken (FunctionRef)
    // in the order of their first reference; 0 when its address is never taken. The value of
    // a function pointer to it in the lowering and the replay.
    std::uint32_t address_id = 0;
    // Declared, called, never defined, not a builtin: external code. A call evaluates its
    // arguments, then may change every file-scope variable and returns an arbitrary value
    // of the return type (CPAchecker and Ultimate assume no side effects; assuming any
    // keeps a TRUE verdict sound). The lowering and the replay read these values as inputs
    // in the same order: the result, then the file-scope variables in declaration order.
    bool external = false;
    std::vector<CallSite> calls;  // calls in the body, in source order
    // Parameter types are integers or pointers; return types integers, pointers or void.
    // External functions (no body) with pointer parameters or results are Unsupported when
    // called (they could write through them).

    FunctionDecl();
    ~FunctionDecl();
};

struct TranslationUnit {
    std::string file;
    DataModel data_model = DataModel::ILP32;
    // Owns the pointer, array and struct types the AST's Types refer to.
    std::unique_ptr<TypeTable> types;
    // File-scope variables of supported types (integers, pointers, arrays, structs) and
    // static locals, in
    // declaration order (variables of unsupported types are left out; reachable
    // code cannot use them).
    std::vector<std::unique_ptr<VarDecl>> globals;
    // The objects of string literals used as arrays (C11 6.4.5p6): Storage::Global, of type
    // char[N + 1] with the InitList of the bytes and the zero as init, named by the literal's
    // C text (abridged when long); one per occurrence (identical literals do not share an
    // object). They are not in `globals` and are never written: a write through a pointer
    // into one is undefined behaviour.
    std::vector<std::unique_ptr<VarDecl>> string_literals;
    // One entry per function name, in order of first declaration.
    std::vector<std::unique_ptr<FunctionDecl>> functions;

    // Functions whose address is taken (address_id = index + 1): every one is reachable and
    // defined once the parse succeeded (a call through a pointer may reach it).
    std::vector<const FunctionDecl*> address_taken;

    const FunctionDecl* find_function(std::string_view name) const;
    const FunctionDecl* main_function() const { return find_function("main"); }
};

// Whether f (with a prototype) has the function type `function` (TypeKind::Function): the
// functions a call through a pointer of that type may reach.
bool has_function_type(const FunctionDecl& f, Type function);

std::string_view to_string(Op op);
std::string_view to_string(Builtin b);

}  // namespace craig::frontend
