#pragma once
// The symbols of an SMT-LIB script: sort symbols and function symbols (two namespaces), with
// the scoping of the assertion stack.
//
// Contract:
//  * Everything added at assertion level L (declarations, definitions, :named terms) is removed
//    by the pop that leaves L, and by reset-assertions -- unless global declarations are on
//    (SMT-LIB option :global-declarations), in which case additions are permanent.
//  * A name is bound at most once at a time in each namespace (SMT-LIB 2.6 has no overloading
//    of user symbols); callers check `find_*` before `add_*`.
//  * define-fun bodies are terms over placeholder constants (one fresh constant per
//    parameter); an application substitutes the arguments for them, which keeps sharing.
//  * Numerals are Int, except in logics with Real and without Int arithmetic (QF_LRA, QF_RDL,
//    QF_UFLRA, ...) where the standard makes them Real (`real_numerals`).
//  * Lookup order for a function symbol: let-bound variables, user symbols, theory symbols.
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::smtlib {

struct FunctionSymbol {
    enum class Kind : uint8_t {
        Declared,     // declare-fun / declare-const: `func`
        Defined,      // define-fun or :named: `body` over `params`
        Unsupported,  // declared with something craig does not support: `reason`
    };
    Kind kind = Kind::Declared;
    smt::FuncId func = 0;
    std::vector<smt::Sort> domain;
    smt::Sort range;
    std::vector<smt::Term> params;  // Defined: placeholder constants, one per parameter
    smt::Term body;                 // Defined
    std::string reason;             // Unsupported
};

struct SortSymbol {
    enum class Kind : uint8_t {
        Declared,     // declare-sort with `arity`
        Defined,      // define-sort: `body` over the placeholder sorts `params`
        Unsupported,  // `reason`
    };
    Kind kind = Kind::Declared;
    uint32_t arity = 0;
    std::vector<smt::Sort> params;
    smt::Sort body;
    std::string reason;
};

struct NamedTerm {
    std::string name;
    smt::Term term;
};

class Environment {
public:
    explicit Environment(smt::TermManager& tm) : tm_(tm) {}
    Environment(const Environment&) = delete;
    Environment& operator=(const Environment&) = delete;

    smt::TermManager& terms() { return tm_; }
    const smt::TermManager& terms() const { return tm_; }

    // ---- scoping
    void set_global_declarations(bool on) { global_ = on; }
    bool global_declarations() const { return global_; }
    void push() { marks_.push_back(trail_.size()); }
    void pop(unsigned n);  // requires n <= level()
    unsigned level() const { return static_cast<unsigned>(marks_.size()); }
    void reset_assertions();  // pop every level; forget level 0 too unless global

    // ---- sorts
    const SortSymbol* find_sort(const std::string& name) const;
    void add_sort(const std::string& name, SortSymbol s);
    // A fresh sort standing for a define-sort parameter.
    smt::Sort placeholder_sort();
    // `body` with `params[i]` replaced by `args[i]` (define-sort expansion).
    smt::Sort instantiate(smt::Sort body, const std::vector<smt::Sort>& params, const std::vector<smt::Sort>& args);
    // Number of sort constructors in `s`, to keep define-sort expansion from blowing up.
    uint32_t sort_size(smt::Sort s);

    // ---- functions
    // The symbol the name denotes; of overloads (below), the last declared.
    const FunctionSymbol* find_function(const std::string& name) const;
    // Every symbol of the name in scope, in declaration order. More than one only for
    // declare-fun/declare-const of one name with different signatures (sort overloading, as z3
    // and OpenSMT accept it: (declare-fun a () Int) (declare-fun a () Bool)); a use picks one by
    // its argument sorts and (as a SORT).
    std::span<const FunctionSymbol> overloads(const std::string& name) const;
    void add_function(const std::string& name, FunctionSymbol f);
    void add_named(const std::string& name, smt::Term t);  // a :named term: a 0-ary definition

    // ---- contested names: a declaration or definition of the name failed, so the script may
    // mean another symbol than the one the name denotes now (an older one, a theory symbol, a
    // numeral such as -2) or than the one it is declared with. Scoped like declarations;
    // `why` says which command failed. Sorts and functions are separate namespaces. A later
    // successful declaration of the name ends the doubt (an empty `why` records that).
    void contest_function(const std::string& name, const std::string& why);
    void contest_sort(const std::string& name, const std::string& why);
    const std::string* function_contested(const std::string& name) const;  // why, or null
    const std::string* sort_contested(const std::string& name) const;

    // User-declared functions in scope, in declaration order (what get-model prints).
    const std::vector<smt::FuncId>& declared() const { return declared_; }
    // :named terms in scope, in order (what get-assignment reads).
    const std::vector<NamedTerm>& named() const { return named_; }

    // ---- what the logic provides
    bool real_numerals = false;
    // In a logic without arithmetic (QF_UF, ...) the arithmetic symbols (+, mod, <=, ...) and the
    // sorts Int and Real are not reserved: benchmarks declare them (e.g. a Bool constant `mod`).
    bool arith_reserved = true;
    // Bit-vector sorts, literals and operators (logics with BV, and ALL); elsewhere they stay
    // `unsupported`.
    bool bit_vectors = false;

private:
    enum class Undo : uint8_t { Sort, Function, Declared, Named, ContestedFunction, ContestedSort };
    struct TrailEntry {
        Undo what;
        std::string name;
    };
    void record(Undo what, const std::string& name);
    void undo_to(size_t mark);

    smt::TermManager& tm_;
    bool global_ = false;
    std::unordered_map<std::string, std::vector<SortSymbol>> sorts_;
    std::unordered_map<std::string, std::vector<FunctionSymbol>> functions_;
    std::unordered_map<std::string, std::vector<std::string>> contested_functions_, contested_sorts_;
    std::vector<smt::FuncId> declared_;
    std::vector<NamedTerm> named_;
    std::vector<TrailEntry> trail_;
    std::vector<size_t> marks_;  // trail size at each push
    std::unordered_map<uint32_t, uint32_t> sort_sizes_;
    uint32_t next_placeholder_ = 0;
};

}  // namespace craig::smtlib
