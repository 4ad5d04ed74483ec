// Theory of the summaries (issue 21 item 6; Asadi's thesis Ch. 5, the "theory interface"):
// formulas of the universal form (craig's encodings: Int constants, linear arithmetic in the
// TermManager's normal form, the uninterpreted C operators c.mul, c.div, ...) encoded into a
// cheaper theory and decoded back, so that a summary made in one theory can be used in another.
//
// Contract:
//  * Over-approximation (Theorems 2, 3): every model of φ (LIA + UF) extends to a model of
//    to_euf(φ) and of to_lra(φ) by reading each introduced symbol as the operation it stands for
//    and each fresh constant as the value of its term. So to_T(φ) unsat ⇒ φ unsat, and
//    to_T(φ) ⊨ ψ ⇒ φ ⊨ from_T(ψ): decoding is that same reading (Theorem 4 rests on it).
//  * Inverse: from_euf(to_euf(t)) == t and from_lra(to_lra(t, keep)) == t (same term id) on the
//    universal form, except in these equivalent cases: a disjunction holding the encoding of
//    p ≤ c and also p = c (or a part of the encoding, or its negation), which the TermManager
//    merges or drops; a conjunction holding p ≤ c and p ≥ c, decoded as p = c; an ite or
//    distinct of Real terms that are integral in the LRA encoding, decoded as Int.
//  * Unique per term: one TheoryInterface maps a term to one fresh constant and an operator to
//    one symbol. Encode every formula of a query (and, for LRA, with one `keep` set) with the
//    same interface, so that equal terms stay equal and A and B of an interpolation problem
//    share the symbols they both use.
//  * Decoding reads any formula over the encodings' symbols, not only their image: the
//    interpolant of an encoded query decodes to the universal form with no introduced symbol.
//
// EUF (rules 5.4) is the arithmetic-free fragment of UFLIA: Int constants and numerals are
// unchanged (distinct numerals are distinct in every theory of the integers), every arithmetic
// operator is an uninterpreted symbol, so the solver's arithmetic only sees equalities. Choices
// where the thesis leaves freedom:
//  * one symbol per operator and signature: "euf.plus" binary (c0 + Σ c_i·t_i is a left-nested
//    chain over the monomials in normal-form order, constant last: sums with a common prefix
//    share subterms), "euf.scale" with the coefficient as a numeral argument (one symbol, not one
//    per coefficient, so that A and B of an interpolation problem share it), "euf.to_real",
//    "euf.mul" per arity, "euf.div", "euf.mod", "euf.rdiv", "euf.abs", "euf.to_int",
//    "euf.is_int". The c.* operators and other uninterpreted functions stay; bit-vector terms
//    become fresh constants (rule 5.1).
//  * solved form: a comparison p ⋈ c is written L ⋈ R solved for the monomial with coefficient
//    ±1 whose atom is newest (largest id: in SSA encodings the assigned variable); so r - x = 1
//    is r = euf.plus(x, 1) and congruence sees the definition. Without such a monomial L = p.
//  * = stays =; L < R is ¬(L = R) ∧ euf.lt(L, R) (the thesis' rule); L ≤ R is
//    (L = R) ∨ euf.lt(L, R) with the same euf.lt: ≤ is "= or <" when euf.lt is <, so this
//    over-approximates, keeps reflexivity (r = x + 1 ⊨ r ≤ x + 1) and ties ≤ to <.
//
// LRA (rules 5.5): Int constants not in `keep` become fresh Real constants (M of Def. 9); kept
// constants (a procedure's interface) stay Int, shared with the rest of the query. Int numerals
// become Real; + and multiplication by an integer constant are kept. An Int polynomial with a
// non-integral coefficient (Example 3: 0.5·x truncates in C), Mul, div, mod, abs, to_int,
// is_int, / and every application of an uninterpreted function (the c.* operators) become a
// fresh Real (Bool for a predicate) constant M(t), unique per term. = stays = (equivalent to the
// pair of ≤ of rule 5.5.1; the solver has equalities). An atom (or ite, distinct) over kept
// constants only stays Int: the relaxation does not change it, and as a Real atom over Int
// constants it would lose the integer normal form (tightened bounds) that craig's branch and
// bound needs to terminate; atoms mixing a Real constant with a kept one use to_real(c).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::verifier {

enum class Theory : std::uint8_t { Euf, Lra, Lia };
const char* theory_name(Theory t);  // "euf", "lra", "lia"

// One M_i of Def. 9: a bijection between terms and fresh constants made for them.
class FreshMap {
public:
    // The fresh constant standing for t (made on first use: sort `sort`, name "." prefix "!n").
    smt::Term var_of(smt::TermManager& tm, smt::Term t, smt::Sort sort, const std::string& prefix);
    // The term a fresh constant of this map stands for (invalid for any other term).
    smt::Term term_of(smt::Term var) const;
    // The fresh constant already made for t (invalid if none).
    smt::Term find(smt::Term t) const;
    std::size_t size() const { return var_.size(); }

private:
    std::unordered_map<smt::Term, smt::Term, smt::TermHash> var_, term_;
};

// The operators EUF reads as uninterpreted symbols.
enum class EufOp : std::uint8_t { Plus, Scale, ToReal, Lt, Mul, IntDiv, Mod, RealDiv, Abs, ToInt, IsInt };

// The theory interface ⟨Σ, M_EUF, M_LRA⟩ (Def. 9), owned by the caller: the fresh constants per
// theory and the uninterpreted symbols introduced for EUF. Encodings only add to it.
struct TheoryInterface {
    FreshMap euf;  // terms EUF does not express as symbols (bit-vector terms)
    FreshMap lra;  // relaxed Int constants and the terms of rule 5.5.6

    // The symbol of `op` over `domain` (made on first use, a fresh name ".euf.<op>!n").
    smt::FuncId euf_symbol(smt::TermManager& tm, EufOp op, std::vector<smt::Sort> domain, smt::Sort range);
    // The operator a symbol of euf_symbol stands for (nullopt for any other symbol).
    std::optional<EufOp> euf_op(smt::FuncId f) const;
    std::size_t euf_symbols() const { return op_of_.size(); }

private:
    std::map<std::pair<EufOp, std::vector<std::uint32_t>>, smt::FuncId> symbols_;  // key: op, domain, range
    std::unordered_map<smt::FuncId, EufOp> op_of_;
};

// Rules 5.2 and 5.4 (choices above). Over-approximating: to_euf(φ) unsat ⇒ φ unsat.
smt::Term to_euf(smt::TermManager& tm, smt::Term t, TheoryInterface& iface);
// Rule 5.6: the introduced symbols read as their operations (euf.lt as <; the pair
// (L = R) ∨ euf.lt(L, R) as L ≤ R and ¬(L = R) ∧ euf.lt(L, R) as L < R), fresh constants as
// their terms; everything else unchanged, but p ≤ c next to p ≥ c in a conjunction is p = c
// (rule 5.7's first rule: craig's solver is UFLIA, and the Farkas part of an interpolant of an
// encoded query splits equalities between the introduced terms into two bounds).
smt::Term from_euf(smt::TermManager& tm, smt::Term t, const TheoryInterface& iface);

// Rules 5.2 and 5.5 (choices above); `keep`: the Int constants that stay Int (a procedure's
// interface constants). Over-approximating: to_lra(φ) unsat ⇒ φ unsat.
smt::Term to_lra(smt::TermManager& tm, smt::Term t, std::span<const smt::Term> keep, TheoryInterface& iface);
// Rule 5.7: fresh constants back to their terms; p ≤ c next to p ≥ c in a conjunction is p = c.
// Every arithmetic atom (≤, <, =) whose atoms are all Int then becomes an Int atom (scaled to
// integer coefficients: the same truth value for integer values, as to_real is exact), and an
// ite or distinct of integral Real terms an Int one. An atom over a Real constant of the input
// stays a mixed Real atom over to_real of Int terms, which the Solver accepts with LIA formulas.
smt::Term from_lra(smt::TermManager& tm, smt::Term t, const TheoryInterface& iface);

// A summary σ made in theory `from` (over a procedure's interface constants) for use in theory
// `to` (Def. 10, Theorem 4): decoded to the universal form, then encoded into `to`. With
// to == Lra, `keep` are the Int constants that stay Int; the overload without it keeps every Int
// constant of the decoded σ (a summary mentions interface constants only). Use the interface and
// keep set of the query that will use the result.
smt::Term translate_summary(smt::TermManager& tm, smt::Term sigma, Theory from, Theory to, TheoryInterface& iface,
                            std::span<const smt::Term> keep);
smt::Term translate_summary(smt::TermManager& tm, smt::Term sigma, Theory from, Theory to, TheoryInterface& iface);

}  // namespace craig::verifier
