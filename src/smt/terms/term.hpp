#pragma once
// Terms: a hash-consed, immutable DAG owned by one TermManager (one per solver context).
//
// Contract:
//  * A Term is a 32-bit id into its manager; two terms built from equal parts are the same id,
//    so structural equality is id equality.
//  * Linear arithmetic is kept in a normal form, so that equal polynomials share one id:
//      - a polynomial is Linear(c0 + sum c_i*t_i) with atoms t_i sorted by id, all c_i != 0;
//        a polynomial that is a single atom with coefficient 1 and no constant is that atom,
//        a constant polynomial is a Numeral;
//      - comparisons become Leq(p, c) / Lt(p, c) where p has no constant and its first
//        coefficient is 1 (possibly under a Not: a >= b is (not (< (- a b) 0))-style);
//        over Int, p has coprime integer coefficients and Lt is tightened to Leq;
//      - arithmetic equalities become Eq(x, y) (two atoms), Eq(p, c) otherwise.
//  * Light, semantics-preserving simplification happens on construction (double negation,
//    neutral and absorbing elements, ite with equal branches, equal sides of =).
//  * Nothing is ever freed; ids stay valid for the manager's lifetime.
#include <gmpxx.h>

#include <cstdint>
#include <algorithm>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "smt/terms/kind.hpp"
#include "smt/terms/sort.hpp"

namespace craig::smt {

struct Term {
    uint32_t id = UINT32_MAX;
    bool valid() const { return id != UINT32_MAX; }
    friend bool operator==(Term a, Term b) { return a.id == b.id; }
    friend bool operator!=(Term a, Term b) { return a.id != b.id; }
    friend bool operator<(Term a, Term b) { return a.id < b.id; }
};

struct TermHash {
    size_t operator()(Term t) const { return std::hash<uint32_t>{}(t.id); }
};

using FuncId = uint32_t;

struct FuncDecl {
    std::string name;          // raw name, unquoted
    std::vector<Sort> domain;  // empty for constants
    Sort range;
    bool fresh = false;  // introduced by craig, not by the user
};

// One monomial of a polynomial: coefficient times atom (atom invalid for the constant).
struct Monomial {
    mpq_class coeff;
    Term atom;
};

class TermManager {
public:
    TermManager();
    TermManager(const TermManager&) = delete;
    TermManager& operator=(const TermManager&) = delete;

    SortTable& sorts() { return sorts_; }
    const SortTable& sorts() const { return sorts_; }

    // ---- symbols
    FuncId declare_fun(const std::string& name, std::vector<Sort> domain, Sort range);
    // A new symbol whose name does not clash with any user symbol (prefix + counter).
    FuncId fresh_fun(const std::string& prefix, std::vector<Sort> domain, Sort range);
    const FuncDecl& func(FuncId f) const { return funcs_[f]; }
    size_t num_funcs() const { return funcs_.size(); }

    // ---- construction (arguments must be well sorted; the SMT-LIB layer checks sorts first)
    Term mk_true() const { return true_; }
    Term mk_false() const { return false_; }
    Term mk_bool(bool b) const { return b ? true_ : false_; }
    Term mk_const(FuncId f);
    Term mk_app(FuncId f, std::span<const Term> args);
    Term mk_not(Term a);
    Term mk_and(std::span<const Term> args);
    Term mk_or(std::span<const Term> args);
    Term mk_and(Term a, Term b) {
        Term v[2] = {a, b};
        return mk_and(v);
    }
    Term mk_or(Term a, Term b) {
        Term v[2] = {a, b};
        return mk_or(v);
    }
    Term mk_xor(Term a, Term b);
    Term mk_implies(Term a, Term b);
    Term mk_ite(Term c, Term a, Term b);
    Term mk_eq(Term a, Term b);
    Term mk_distinct(std::span<const Term> args);

    Term mk_numeral(const mpq_class& v, Sort s);  // s is Int (v integral) or Real
    Term mk_add(std::span<const Term> args);
    Term mk_sub(Term a, Term b);
    Term mk_neg(Term a);
    Term mk_mul(std::span<const Term> args);  // linear if at most one factor is non-constant
    Term mk_scale(const mpq_class& c, Term a);
    Term mk_real_div(Term a, Term b);  // linear if b is a constant
    Term mk_int_div(Term a, Term b);
    Term mk_mod(Term a, Term b);
    Term mk_abs(Term a);
    Term mk_to_real(Term a);
    Term mk_to_int(Term a);
    Term mk_is_int(Term a);
    Term mk_leq(Term a, Term b);
    Term mk_lt(Term a, Term b);
    Term mk_geq(Term a, Term b) { return mk_leq(b, a); }
    Term mk_gt(Term a, Term b) { return mk_lt(b, a); }
    // A polynomial from monomials (atoms must be arithmetic terms of sort `s`), normalised.
    Term mk_linear(std::vector<Monomial> monomials, const mpq_class& constant, Sort s);

    // ---- bit-vectors (bitvector.cpp). Arguments are well sorted (equal widths where SMT-LIB
    // requires them). Constant arguments are folded (bv_eval.hpp), neutral and absorbing
    // elements dropped; commutative operators order their arguments by id.
    Term mk_bv_const(const mpz_class& value, uint32_t width);  // value taken mod 2^width
    Term mk_bv(Kind k, Term a);                                // BvNot, BvNeg
    Term mk_bv(Kind k, Term a, Term b);                        // binary operators, BvConcat and the predicates
    Term mk_bv_sub(Term a, Term b) { return mk_bv(Kind::BvAdd, a, mk_bv(Kind::BvNeg, b)); }
    Term mk_bv_extract(uint32_t hi, uint32_t lo, Term a);  // lo <= hi < width(a)
    Term mk_bv_zero_extend(uint32_t k, Term a);
    Term mk_bv_sign_extend(uint32_t k, Term a);
    Term mk_bv_repeat(uint32_t n, Term a);  // n >= 1
    Term mk_bv_rotate_left(uint32_t r, Term a);
    Term mk_bv_rotate_right(uint32_t r, Term a);
    uint32_t bv_width(Term t) const { return sorts_.bv_width(sort(t)); }
    mpz_class bv_value(Term t) const { return nodes_[t.id].rats[0].get_num(); }  // BvConst
    uint32_t bv_index(Term t) const { return nodes_[t.id].payload; }             // BvExtract: lo
    bool is_bv(Term t) const { return sorts_.is_bv(sort(t)); }

    // ---- inspection
    Kind kind(Term t) const { return nodes_[t.id].kind; }
    Sort sort(Term t) const { return Sort{nodes_[t.id].sort}; }
    // Children and rationals live in chunks that never move: spans and references stay valid
    // while terms are made (a loop over children(t) may build terms).
    std::span<const Term> children(Term t) const {
        const Node& n = nodes_[t.id];
        return {n.kids, n.count};
    }
    Term child(Term t, size_t i) const { return nodes_[t.id].kids[i]; }
    size_t num_children(Term t) const { return nodes_[t.id].count; }
    FuncId func_of(Term t) const { return nodes_[t.id].payload; }  // Const, App
    const mpq_class& numeral(Term t) const { return nodes_[t.id].rats[0]; }
    // Linear: coefficient of child i, and the constant.
    const mpq_class& coeff(Term t, size_t i) const { return nodes_[t.id].rats[i]; }
    const mpq_class& constant(Term t) const { return nodes_[t.id].rats[nodes_[t.id].count]; }
    // Any arithmetic term as monomials plus constant (a non-Linear term is one monomial).
    void as_polynomial(Term t, std::vector<Monomial>& out, mpq_class& constant) const;

    bool is_bool(Term t) const { return sort(t) == SortTable::Bool; }
    bool is_arith(Term t) const { return sorts_.is_arith(sort(t)); }
    size_t size() const { return nodes_.size(); }
    Term term(uint32_t id) const { return Term{id}; }

    // Replace every occurrence of a key of `subst` by its value (memoised over the DAG).
    Term substitute(Term t, const std::unordered_map<Term, Term, TermHash>& subst);
    // Rebuild `t` with new children (same kind, symbol and coefficients).
    Term rebuild(Term t, std::span<const Term> new_children);

private:
    struct Node {
        Kind kind;
        uint32_t sort;
        uint32_t payload;  // FuncId or 0
        uint32_t count;
        const Term* kids;       // count children, in children_
        const mpq_class* rats;  // Numeral: 1, Linear: count + 1 rationals, in rationals_; else null
    };
    // Runs of values at addresses that never change (nothing is freed).
    template <class T>
    class StableStore {
    public:
        T* append(std::span<const T> values) {
            if (values.empty()) return nullptr;
            if (used_ + values.size() > capacity_) {
                capacity_ = std::max<size_t>(kChunk, values.size());
                chunks_.push_back(std::make_unique<T[]>(capacity_));
                used_ = 0;
            }
            T* at = chunks_.back().get() + used_;
            std::copy(values.begin(), values.end(), at);
            used_ += values.size();
            return at;
        }

    private:
        static constexpr size_t kChunk = 1 << 14;
        std::vector<std::unique_ptr<T[]>> chunks_;
        size_t used_ = 0, capacity_ = 0;
    };
    Term intern(Kind k, Sort s, uint32_t symbol, std::span<const Term> kids, std::span<const mpq_class> rats);
    size_t hash_node(Kind k, uint32_t sort, uint32_t symbol, std::span<const Term> kids,
                     std::span<const mpq_class> rats) const;
    bool node_equals(uint32_t id, Kind k, uint32_t sort, uint32_t symbol, std::span<const Term> kids,
                     std::span<const mpq_class> rats) const;
    void grow_table();
    Term mk_compare(Term a, Term b, bool strict);
    Term mk_arith_eq(Term a, Term b);
    Term mk_nary_bool(Kind k, std::span<const Term> args);
    bool has_rationals(Kind k) const { return k == Kind::Numeral || k == Kind::Linear || k == Kind::BvConst; }
    Term fold_bv(Kind k, Sort s, uint32_t payload, std::span<const Term> args);

    SortTable sorts_;
    std::vector<FuncDecl> funcs_;
    std::unordered_map<std::string, uint32_t> fresh_counters_;
    std::vector<Node> nodes_;
    StableStore<Term> children_;
    StableStore<mpq_class> rationals_;
    std::vector<uint32_t> table_;  // open addressing: term id + 1, 0 = empty
    size_t table_used_ = 0;
    Term true_, false_;
};

}  // namespace craig::smt
