#pragma once
// Sort checking and construction of terms and sorts from s-expressions.
//
// Terms: let (parallel bindings of term ids, so sharing is kept), annotations `(! t :named n)`,
// qualified identifiers `(as x S)`, the Core theory (true false not and or xor => = distinct
// ite), Ints and Reals (+ - * / div mod abs <= < >= > to_real to_int is_int), declared and
// defined functions. Chainable operators (= <= < >= >) are conjunctions of adjacent pairs;
// => is right-associative, xor and - / div left-associative.
//
// Negative numerals: `-2` is a symbol in SMT-LIB; when no such symbol is declared it is read as
// the numeral (- 2), as OpenSMT does (its regression benchmarks use it).
//
// Mixed arithmetic: as in z3, an Int term is accepted where a Real is expected (it is wrapped
// in to_real): arguments of + - * / and comparisons with a Real argument, both sides of = and
// distinct, ite branches, arguments of functions with a Real parameter. Other sort mismatches
// are errors: `FILE:LINE:COL: expected a term of sort Bool, got Int` at the offending argument.
//
// Unsupported theories (bit-vectors, arrays, strings, floating point, quantifiers, indexed
// identifiers, datatypes' match) throw Unsupported; ill-formed input throws ScriptError.
//
// Terms of any depth are built with an explicit stack (no recursion). Sort expressions recurse
// but are limited in depth and in size (define-sort could otherwise blow them up exponentially).
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "smtlib/syntax/environment.hpp"
#include "smtlib/syntax/sexpr.hpp"

namespace craig::smtlib {

// Symbols of the theories craig knows (true, false, and, +, <=, ...): they cannot be declared,
// except the arithmetic ones when `arith_reserved` is false (a logic without arithmetic).
bool is_theory_symbol(const std::string& name, bool arith_reserved = true);
// A sort in SMT-LIB syntax with its symbols quoted where needed (for messages).
std::string sort_to_string(const smt::SortTable& st, smt::Sort s);

struct PendingName {
    std::string name;
    smt::Term term;
    Location loc;
};

class TermBuilder {
public:
    TermBuilder(Environment& env, const SExprPool& pool) : env_(env), pool_(pool) {}

    smt::Sort sort(uint32_t node);
    smt::Term term(uint32_t node);
    // A term of the given sort (an Int term is accepted for Real); else a sort error.
    smt::Term term_of_sort(uint32_t node, smt::Sort expected);
    // Bind a sorted variable (a define-fun parameter) for the terms built afterwards.
    void bind(const std::string& name, smt::Term value);
    // Bind a sort parameter (define-sort) for the sorts parsed afterwards.
    void bind_sort(const std::string& name, smt::Sort s) { sort_vars_[name] = s; }

    // `(! t :named n)` is an error unless allowed (define-fun bodies may not name terms).
    void allow_names(bool on) { allow_names_ = on; }
    // The names met so far; the caller defines them once its command has succeeded. Later
    // occurrences in the same command (even in later terms built by this builder) refer to them.
    const std::vector<PendingName>& names() const { return names_; }
    // Why a symbol used so far is contested (Environment::function_contested), or empty: the
    // term may not be what the script means.
    const std::string& contested() const { return contested_; }

private:
    enum class Op : uint8_t {
        None,
        Not,
        And,
        Or,
        Xor,
        Implies,
        Eq,
        Distinct,
        Ite,
        Add,
        Sub,
        Mul,
        RealDiv,
        IntDiv,
        Mod,
        Abs,
        Le,
        Lt,
        Ge,
        Gt,
        ToReal,
        ToInt,
        IsInt,
        Bv,       // a bit-vector operator (bv_symbols.cpp), by name
        Indexed,  // ((_ f i...) args): extract, zero_extend, sign_extend, repeat, rotate_*
    };
    static Op theory_op(const std::string& name);

    struct Item {
        smt::Term t;
        uint32_t node;  // where the term was written, for messages
    };
    enum class Step : uint8_t { Visit, Apply, Bind, Unbind, Annotate, CheckAs };
    struct Task {
        Step step;
        uint32_t node;
        uint32_t base = 0;                   // Apply, Bind: first argument in results_
        const FunctionSymbol* fn = nullptr;  // Apply: a user function
        Op op = Op::None;                    // Apply: a theory function
    };
    struct Head {
        uint32_t symbol;  // the function symbol's node
        const FunctionSymbol* fn = nullptr;
        Op op = Op::None;
    };

    smt::Sort sort_rec(uint32_t node, unsigned depth);
    void visit(uint32_t node, std::vector<Task>& tasks);
    void visit_list(uint32_t node, std::vector<Task>& tasks);
    void visit_let(uint32_t node, std::vector<Task>& tasks);
    void visit_annotation(uint32_t node, std::vector<Task>& tasks);
    Head resolve_head(uint32_t symbol);
    smt::Term atom(uint32_t node);
    smt::Term symbol_term(uint32_t node);
    // Of a sort-overloaded name (Environment::overloads): the declaration whose domain is the
    // sorts of `args` (all of them when null: 0-ary) and, when given, whose range is `range`;
    // an error names the candidates when none or several fit.
    const FunctionSymbol& pick_overload(uint32_t node, const std::string& name, const std::vector<smt::Sort>* args,
                                        std::optional<smt::Sort> range) const;
    smt::Term apply(const Task& task);
    smt::Term apply_user(const FunctionSymbol& f, uint32_t head, std::span<const Item> args);
    smt::Term apply_theory(Op op, uint32_t head, std::span<const Item> args);
    // Bit-vectors (bv_symbols.cpp), in logics with BV only.
    static bool is_bv_op(const std::string& name);
    smt::Term apply_bv(uint32_t head, std::span<const Item> args);
    smt::Term apply_indexed(uint32_t head, std::span<const Item> args);   // head: the (_ f i...) list
    smt::Term bv_literal(uint32_t node);                                  // #b..., #x...
    smt::Term bv_indexed_constant(uint32_t node);                         // (_ bvN w)
    smt::Sort bv_sort(uint32_t node, std::span<const uint32_t> indices);  // (_ BitVec n)
    uint32_t bv_index(uint32_t node, uint32_t lo, uint32_t hi) const;
    uint32_t expect_bv(const Item& i) const;  // its width

    const smt::Term* lookup_var(const std::string& name) const;
    std::string sort_name(smt::Sort s) const;
    smt::Sort sort_of(const Item& i) const { return env_.terms().sort(i.t); }
    void expect_bool(const Item& i) const;
    void expect_arith(const Item& i) const;
    void expect_int(const Item& i) const;
    smt::Term coerce(const Item& i, smt::Sort target) const;
    smt::Sort common_sort(std::span<const Item> args) const;
    smt::Sort arith_sort(std::span<const Item> args) const;
    [[noreturn]] void fail(uint32_t node, const std::string& message) const;
    [[noreturn]] void unsupported(uint32_t node, const std::string& message) const;

    Environment& env_;
    const SExprPool& pool_;
    bool allow_names_ = true;
    std::vector<PendingName> names_;
    // The names of names_ and their terms: a name is in scope from the end of its annotation
    // on, in the rest of the command (SMT-LIB 2.6, 3.6.5), as a constant.
    std::unordered_map<std::string, smt::Term> pending_;
    std::vector<Item> results_;
    // let-bound and sorted variables: innermost binding last
    std::unordered_map<std::string, std::vector<smt::Term>> vars_;
    std::vector<std::string> var_trail_;
    std::unordered_map<std::string, smt::Sort> sort_vars_;
    std::string contested_;
    void note_function(const std::string& name);
    void note_sort(const std::string& name);
};

}  // namespace craig::smtlib
