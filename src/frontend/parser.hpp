// Parser: recursive-descent parser for preprocessed C that builds the typed
// AST of ast.hpp in one pass (the TypeChecker types every expression as it is
// built, as C's typedef names require scopes during parsing anyway).
//
// Guarantees:
//  - Syntax and constraint errors raise ParseError at the first offending
//    token; nesting deeper than kMaxDepth is a ParseError, so the parser's
//    recursion (and every walk of the resulting tree) is bounded.
//  - Unsupported constructs inside a function body do not stop parsing: the
//    function is marked unsupported and its body skipped. Entities of
//    unsupported type (pointers in prototypes, arrays, struct typedefs, ...)
//    are recorded and only raise Unsupported when code uses them. After the
//    whole file is parsed, the first problem of a function reachable from
//    main (an unsupported body, a call of an undefined non-builtin function)
//    is raised as Unsupported.
//  - No state outlives a Parser; every Parser is independent.
// This header is internal to the front end; use frontend.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
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
};

enum class StorageClass : std::uint8_t { None, Typedef, Extern, Static, Auto, Register };

struct DeclSpecs {
    StorageClass storage = StorageClass::None;
    bool any = false;       // at least one specifier or qualifier
    bool has_type = false;  // at least one type specifier
    DeclaredType type;
    SourceLocation loc;
};

class Parser {
public:
    // Depth budget: a statement costs 1, an expression or declarator nesting
    // level costs kExprWeight (their recursion uses more stack per level).
#if defined(__SANITIZE_ADDRESS__)
    // ASan builds (CRAIG_SANITIZE): frames are several times larger (parse_statement's is
    // 4.5 KiB), 2000 nested labels overflowed the 8 MiB main stack. Normal builds keep 2000.
    static constexpr int kMaxDepth = 1000;
#else
    static constexpr int kMaxDepth = 2000;
#endif
    static constexpr int kExprWeight = 8;

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
    DeclaredType parse_struct_or_union();
    DeclaredType parse_enum();
    Declarator parse_declarator(DeclaredType base, DeclMode mode);
    bool is_nested_declarator(DeclMode mode);
    DeclaredType parse_declarator_suffixes(DeclaredType base);
    void parse_array_size();
    FunctionSig parse_parameter_list();
    Type parse_type_name();
    void parse_init_declarators(const DeclSpecs& specs, bool file_scope, Stmt* decl_stmt);
    void declare(const DeclSpecs& specs, const Declarator& d, bool file_scope, Stmt* decl_stmt);
    void declare_global(const DeclSpecs& specs, const Declarator& d, bool bind_only);
    void declare_static_local(const Declarator& d);
    void declare_local(const Declarator& d, Stmt* decl_stmt);
    FunctionDecl* declare_function(const Declarator& d, bool definition);
    FunctionDecl* implicit_function(const Token& name);
    void parse_function_definition(const Declarator& d);
    ExprPtr parse_initializer();
    ExprPtr constant_initializer(Type t);
    void skip_initializer();
    void parse_static_assert();

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
    ExprPtr parse_statement_expression();
    ExprPtr make_call(FunctionDecl& fn, std::vector<ExprPtr> args, SourceLocation loc);
    ExprPtr convert_argument(ExprPtr arg, Type param, bool strings_ok);
    ExprPtr promote_argument(ExprPtr arg, bool strings_ok);
    std::uint64_t integer_constant(ExprPtr e, Type to, const char* what);

    // --- after parsing (parser.cpp)
    void finalize();
    void convert_pending_calls();
    void check_reachable();

    std::vector<Token> toks_;
    std::size_t pos_ = 0;
    TranslationUnit tu_;
    TypeChecker tc_;
    DataModel dm_;
    int depth_ = 0;

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
    int unevaluated_ = 0;  // inside sizeof or a constant expression: calls are not run
    int param_lists_ = 0;  // inside a parameter list
};

}  // namespace craig::frontend
