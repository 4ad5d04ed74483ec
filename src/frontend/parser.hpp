// Parser: recursive-descent parser for preprocessed C that builds the typed
// AST of ast.hpp in one pass (the TypeChecker types every expression as it is
// built, as C's typedef names require scopes during parsing anyway).
//
// Guarantees:
//  - Syntax and constraint errors raise ParseError at the first offending
//    token. Nesting deeper than the depth budget (scaled to the stack the parser
//    runs on, see depth_budget) is Unsupported, so the parser's recursion (and
//    every walk of the resulting tree) is bounded by what that stack holds.
//  - Unsupported constructs inside a function body do not stop parsing: the
//    function is marked unsupported and its body skipped. Entities of
//    unsupported type (function pointers, floats, structs with bit-fields, ...)
//    are recorded and only raise Unsupported when code uses them. After the
//    whole file is parsed, the first problem of a function reachable from
//    main (an unsupported body, a call of an external function with pointer
//    arguments, ...) is raised as Unsupported.
//  - Pointer, array and struct types are created in the TranslationUnit's TypeTable;
//    declarators nest at most kMaxTypeDepth types deep (Unsupported beyond), so walks over
//    types are bounded too.
//  - No state outlives a Parser; every Parser is independent.
// This header is internal to the front end; use frontend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <map>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/token.hpp"
#include "frontend/type_checker.hpp"

namespace craig::frontend {

struct ParamSpec {
    std::string name;  // empty in abstract declarators
    SourceLocation loc;
    Type type;
};

struct FunctionSig {
    Type ret;
    std::vector<ParamSpec> params;
    bool variadic = false;
    bool prototype = false;
    bool kr_identifiers = false;  // old-style identifier list `f(a, b)`
};

// The type a declarator gives its identifier: an object type, or a function.
struct DeclaredType {
    Type object;
    std::optional<FunctionSig> function;
    bool is_function() const { return function.has_value(); }
};

struct Declarator {
    std::string name;
    SourceLocation loc;
    DeclaredType type;
    // The array dimensions written right after the name (outermost first): the length
    // expression (promoted) of a variable one, null for a constant or empty one.
    std::vector<ExprPtr> vla_lengths;
    // Whether one of those dimensions has a variable length (in a parameter list its
    // expression may be null: it is not evaluated there).
    bool has_vla = false;
};

// One `[...]` of a declarator.
struct ArraySuffix {
    enum class Kind : std::uint8_t { Constant, Empty, Variable, Unsupported };
    Kind kind = Kind::Empty;
    SourceLocation loc;
    std::uint64_t length = 0;    // Constant
    ExprPtr length_expr;         // Variable (null in parameter lists)
    std::string_view construct;  // Unsupported: why the size cannot be computed
};

enum class StorageClass : std::uint8_t { None, Typedef, Extern, Static, Auto, Register };

struct DeclSpecs {
    StorageClass storage = StorageClass::None;
    bool any = false;       // at least one specifier or qualifier
    bool has_type = false;  // at least one type specifier
    bool has_alignas = false;
    DeclaredType type;
    SourceLocation loc;
};

class Parser {
public:
    // Depth budget: a statement costs 1, an expression or declarator nesting level costs
    // kExprWeight (their recursion uses more stack per level). The budget is the stack left
    // when the Parser is made (base::stack_bytes_left()) over kStackBytesPerDepth, the stack one
    // unit may take in all the recursive passes over the tree (parser, type checker, lowering,
    // interpreter, printer, destructors): about 2000 on an 8 MiB stack, 262,144 on the 1 GiB thread
    // of craig's main. Deeper nesting is Unsupported (UNKNOWN with the reason), never a crash.
#if defined(__SANITIZE_ADDRESS__)
    // ASan builds (CRAIG_SANITIZE): frames are several times larger (parse_statement's is
    // 4.5 KiB), 2000 nested labels overflowed an 8 MiB stack.
    static constexpr std::size_t kStackBytesPerDepth = 8192;
#else
    static constexpr std::size_t kStackBytesPerDepth = 4096;
#endif
    static constexpr int kExprWeight = 8;
    // Pointers, arrays and structs nest at most this deep in a type (Unsupported beyond).
    static constexpr unsigned kMaxTypeDepth = 200;

    // The depth budget (see above) for a parser started with `stack_bytes` of stack left.
    static int depth_budget(std::size_t stack_bytes);

    Parser(std::vector<Token> tokens, std::string file, DataModel dm);
    TranslationUnit parse();

private:
    struct Symbol {
        enum class Kind : std::uint8_t { Var, Function, Typedef, EnumConst, Poisoned };
        Kind kind = Kind::Var;
        VarDecl* var = nullptr;
        FunctionDecl* fn = nullptr;
        std::size_t index = 0;    // Typedef: typedefs_; Poisoned: poisons_
        std::uint64_t value = 0;  // EnumConst (normal form of int)
    };
    using Scope = std::unordered_map<std::string, Symbol>;

    class DepthGuard;
    class ScopeGuard;
    class CounterGuard;
    class FunctionContext;
    enum class DeclMode : std::uint8_t { Named, Abstract, Param };

    // --- tokens (parser.cpp)
    const Token& peek(std::size_t k = 0) const;
    TokenKind kind(std::size_t k = 0) const { return peek(k).kind; }
    const Token& advance();
    bool accept(TokenKind k);
    const Token& expect(TokenKind k, const char* what = nullptr);
    [[noreturn]] void error_expected(const std::string& what) const;
    std::size_t matching_close(std::size_t open) const;  // index of the closing bracket
    void skip_group();                                   // skips ( ... ), [ ... ] or { ... }
    void skip_attributes();                              // __attribute__((...)) and asm labels
    void note_layout_attributes();                       // at '(' of an attribute

    // --- scopes (parser.cpp)
    Symbol* lookup(const std::string& name);
    Symbol* lookup_local(const std::string& name);
    bool is_typedef_name(const Token& t);
    void bind(const std::string& name, Symbol s);
    void poison(const std::string& name, Unsupported u);
    std::unique_ptr<VarDecl> make_var(std::string name, SourceLocation loc, Type type, Storage storage);

    // --- declarations (parser_decl.cpp)
    bool starts_declaration(std::size_t k);
    bool starts_type_name(std::size_t k);
    void parse_external_declaration();
    DeclSpecs parse_decl_specifiers();
    DeclaredType parse_enum();
    Declarator parse_declarator(DeclaredType base, DeclMode mode);
    bool is_nested_declarator(DeclMode mode);
    // `direct`: the declarator whose name the suffixes follow (they are its outermost
    // dimensions), null inside a parenthesised declarator.
    DeclaredType parse_declarator_suffixes(DeclaredType base, Declarator* direct);
    ArraySuffix parse_array_size();
    ArraySuffix parse_parameter_array_size(ArraySuffix s, std::size_t open);
    FunctionSig parse_parameter_list();
    // The type of a parameter declared as d (arrays and functions adjusted to pointers).
    Type adjust_parameter(const Declarator& d);
    // vla_construct: the construct reported when the type has a variable length.
    Type parse_type_name(const char* vla_construct = "variable length array");
    void parse_init_declarators(const DeclSpecs& specs, bool file_scope, Stmt* decl_stmt);
    void declare(const DeclSpecs& specs, Declarator& d, bool file_scope, Stmt* decl_stmt);
    void declare_global(const DeclSpecs& specs, const Declarator& d, bool bind_only);
    void declare_static_local(const Declarator& d);
    void declare_local(Declarator& d, Stmt* decl_stmt);
    // ParseError / Unsupported unless t can be the type of an object defined here.
    void require_object_type(Type t, const Declarator& d);
    FunctionDecl* declare_function(const Declarator& d, bool definition);
    FunctionDecl* implicit_function(const Token& name);
    void parse_function_definition(const Declarator& d);
    void skip_initializer();
    void parse_static_assert();

    // --- types of declarators (parser_types.cpp)
    // Pointer to / array of base; unsupported bases stay unsupported (see types.hpp).
    DeclaredType pointer_type(DeclaredType base, const SourceLocation& loc);
    // inner_vla: base is an array whose length is variable (not an incomplete array).
    Type array_type(Type elem, const ArraySuffix& s, bool direct, bool inner_vla);
    Type function_return_type(Type t, const SourceLocation& loc);
    // Pointer to the function type (ret, params, variadic); Unsupported (as a Type) without a
    // prototype or with a parameter or result of unsupported type.
    Type function_pointer_type(Type ret, const std::vector<Type>& params, bool variadic, bool prototype,
                               const SourceLocation& loc);
    Type function_pointer_type(const FunctionSig& sig, const SourceLocation& loc);
    unsigned type_depth(Type t) const;
    void check_type_depth(Type t, const SourceLocation& loc);
    // The construct of a size expression that raised Unsupported where no size expression
    // is evaluated (a name with static storage, as Type::construct needs).
    static std::string_view static_construct(const std::string& construct);

    // --- structs and unions (parser_struct.cpp)
    DeclaredType parse_struct_or_union();
    Type struct_reference(const std::string& tag, bool is_union, const SourceLocation& loc);
    Type struct_definition(const std::string& tag, bool is_union, const SourceLocation& loc, int layout_before);
    struct MemberList {
        std::vector<Field> fields;
        std::vector<SourceLocation> locs;
        std::string_view unsupported;  // the first unsupported member construct
    };
    void parse_member_declaration(MemberList& members);
    void add_member(MemberList& members, const Declarator& d);
    // After `:` of a member declarator: the width (C11 6.7.2.1p4), checked against the type.
    void add_bit_field(MemberList& members, const Declarator& d);
    void check_flexible_array_member(MemberList& members, bool is_union);
    Type* find_tag(const std::string& tag);
    Type* find_tag_local(const std::string& tag);
    void check_tag_kind(Type t, bool is_union, const std::string& tag, const SourceLocation& loc);

    // --- initialisers (parser_init.cpp)
    // The initialiser after '=' for an object of type t, converted to t; an array of
    // unknown length gets its length from the initialiser (the result's type).
    ExprPtr parse_initializer(Type t);
    // The same for objects with static storage: a constant (see ast.hpp).
    ExprPtr static_initializer(Type t);
    ExprPtr zero_initializer(Type t, const SourceLocation& loc);
    ExprPtr parse_braced_initializer(Type t);
    ExprPtr parse_braced_scalar(Type t);
    void fill_initializer(Expr& list, std::uint64_t index, bool braced, ExprPtr pending);
    bool elided_list_continues(const Expr& list, std::uint64_t index);
    std::uint64_t parse_designation(Expr& list);
    std::uint64_t parse_designator(Type t);
    void init_element(Expr& list, std::uint64_t index, ExprPtr pending);
    void place_initializer(Expr& list, std::uint64_t index, ExprPtr e);
    ExprPtr string_initializer(Type array, const Expr& literal);
    // InitList bookkeeping: sets the operand at `index` (replacing one there; a union keeps
    // one), and gets the nested InitList at `index` (made if there is none).
    void set_slot(Expr& list, std::uint64_t index, ExprPtr e);
    Expr& sublist(Expr& list, std::uint64_t index, const SourceLocation& loc);
    // Drops the pending argument conversions of the calls in e (e is being discarded).
    void forget_calls(const Expr& e);
    ExprPtr make_constant(ExprPtr e);
    ExprPtr address_constant(ExprPtr e);
    void check_static_path(Expr& e);

    // --- statements (parser_stmt.cpp)
    StmtPtr parse_statement();
    StmtPtr parse_compound_statement();
    void parse_block_item(std::vector<StmtPtr>& out);
    StmtPtr parse_labeled_body();
    StmtPtr parse_for();
    StmtPtr parse_switch();
    StmtPtr parse_case();
    StmtPtr expression_statement(ExprPtr e, SourceLocation loc);
    StmtPtr flatten(ExprPtr e);
    ExprPtr parse_condition();
    void resolve_gotos();

    // --- expressions (parser_expr.cpp)
    ExprPtr parse_expression();
    ExprPtr parse_assignment();
    ExprPtr parse_conditional();
    ExprPtr parse_binary(int min_prec);
    ExprPtr parse_cast();
    ExprPtr parse_unary();
    ExprPtr parse_sizeof();
    ExprPtr parse_postfix();
    ExprPtr parse_primary();
    ExprPtr parse_call();
    std::vector<ExprPtr> parse_arguments(SourceLocation& rparen);
    ExprPtr parse_statement_expression();
    // `f` as a value: f's function pointer (f becomes address-taken).
    ExprPtr function_value(FunctionDecl& f, SourceLocation loc);
    // fp(args) for a function pointer value fp.
    ExprPtr make_pointer_call(ExprPtr fp, std::vector<ExprPtr> args, SourceLocation loc);
    ExprPtr make_call(FunctionDecl& fn, std::vector<ExprPtr> args, SourceLocation loc);
    ExprPtr parse_postfix_operator(ExprPtr e);
    ExprPtr convert_argument(ExprPtr arg, Type param, bool strings_ok);
    ExprPtr promote_argument(ExprPtr arg, bool strings_ok);
    std::uint64_t integer_constant(ExprPtr e, Type to, const char* what);

    // --- after parsing (parser.cpp)
    void finalize();
    void convert_pending_calls();
    void check_reachable();
    void check_external_call(const FunctionDecl& caller, const FunctionDecl& callee, const SourceLocation& loc);
    void drop_unused_main_parameters();
    // TranslationUnit::string_literals (parser_strings.cpp).
    void create_string_objects();
    // stdout / stderr arguments of library output calls (parser_streams.cpp).
    void note_stream_argument(Expr& call, const FunctionDecl& fn);
    void convert_stream_arguments();
    void string_objects_in(Stmt& s, const FunctionDecl* fn);
    void string_objects_in(Expr& e, const FunctionDecl* fn);
    void convert_string_arguments(Expr& call);

    std::vector<Token> toks_;
    std::size_t pos_ = 0;
    TranslationUnit tu_;
    TypeTable& table_;  // *tu_.types (it keeps its address when tu_ is moved out)
    TypeChecker tc_;
    DataModel dm_;
    int depth_ = 0;
    int max_depth_;  // depth_budget of the stack the parser started on

    std::vector<Scope> scopes_;
    std::vector<std::unordered_map<std::string, Type>> tags_;
    std::vector<DeclaredType> typedefs_;
    std::vector<Unsupported> poisons_;
    std::unordered_map<std::string, FunctionDecl*> functions_;
    std::unordered_map<std::string, VarDecl*> globals_;
    std::unordered_map<std::string, bool> global_initialized_;
    std::uint32_t next_var_id_ = 0;

    struct PendingCall {
        Expr* call;
        FunctionDecl* caller;
    };
    // Calls of functions without prototype: their arguments are converted to
    // the parameter types once the whole file (and so the definition) is seen.
    std::vector<PendingCall> pending_calls_;

    // State of the function being parsed (saved and restored by FunctionContext).
    FunctionDecl* current_fn_ = nullptr;
    std::unordered_map<std::string, Stmt*> labels_;
    std::vector<Stmt*> gotos_;
    std::vector<Stmt*> switches_;
    int loops_ = 0;
    int breakables_ = 0;
    int unevaluated_ = 0;        // inside sizeof or a constant expression: calls are not run
    int param_lists_ = 0;        // inside a parameter list
    int struct_depth_ = 0;       // inside a struct or union definition
    int layout_attributes_ = 0;  // attributes seen that change struct layouts (packed, aligned)

    // Nesting depth of pointer, array and struct types (see kMaxTypeDepth).
    std::unordered_map<const Aggregate*, unsigned> type_depths_;
    // Parameters that the body of their function refers to.
    std::unordered_set<const VarDecl*> used_params_;
    // File-scope variables that some expression refers to, with the number of references
    // (extern ones that none does are dropped: a header's `extern FILE *stdin;` is no part of
    // the program).
    std::unordered_map<const VarDecl*, std::size_t> used_globals_;
    // Calls whose stream argument is stdout or stderr (parser_streams.cpp).
    std::vector<Expr*> stream_calls_;
    // Calls with pointer arguments of functions not defined at the call: (caller, callee)
    // -> the first such call.
    std::map<std::pair<const FunctionDecl*, const FunctionDecl*>, SourceLocation> pointer_argument_calls_;
    // Functions whose address is taken, per function that takes it (null: a file-scope
    // initialiser): reachable when that function is (check_reachable).
    std::map<const FunctionDecl*, std::vector<CallSite>> address_refs_;
};

}  // namespace craig::frontend
