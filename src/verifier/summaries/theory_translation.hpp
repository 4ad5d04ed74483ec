// Theory of the summaries (issue 21 item 6; Asadi's thesis Ch. 5, the "theory interface"):
// formulas of the universal form (craig's encodings: Int constants, linear arithmetic in the
// TermManager's normal form, the uninterpreted C operators c.mul, c.div, ...) encoded into a
// cheaper theory and decoded back, so that a summary made in one theory can be used in another.
//
// Contract:
//  * Over-approximation (Theorems 2 and 3): every model of φ in the universal form (LIA + UF)
//    extends to a model of to_euf(φ) and of to_lra(φ) — read each introduced symbol as the
//    operation it stands for and each fresh constant as the value of its term. Hence
//    to_euf(φ) unsat ⇒ φ unsat and to_lra(φ) unsat ⇒ φ unsat, and a formula ψ with
//    to_T(φ) ⊨ ψ gives φ ⊨ from_T(ψ) (the decoding is that same reading).
//  * Inverse: from_euf(to_euf(t)) == t and from_lra(to_lra(t, keep)) == t (same term id) for
//    formulas of the universal form. Exceptions, all equivalent: a disjunction holding the
//    encoding of p ≤ c together with p = c, p ≤ c's parts or their negations (the TermManager
//    merges or drops the repeated disjunct); an Ite or Distinct of Real terms that are
//    integral in the LRA encoding comes back Int.
//  * The fresh constant of a term is unique per interface (the same term always maps to the
//    same constant), so every formula of one query must be encoded with one TheoryInterface
//    (and, for LRA, one `keep` set): then equal terms stay equal across formulas, and symbols
//    shared between an interpolation problem's A and B stay shared.
//  * Decoding accepts any formula over the encodings' symbols, not only their image: an
//    interpolant computed in the cheap theory decodes to a formula of the universal form (EUF:
//    Int/Real terms, no introduced symbol left; LRA: Int atoms where integral, see from_lra).
//
// EUF (rules 5.4) here is the arithmetic-free fragment of UFLIA: Int constants and numerals
// stay as they are (distinct numerals are distinct, as in every theory of the integers) and
// every arithmetic operator is an uninterpreted symbol of the interface, so the solver's
// arithmetic only ever sees equalities between such terms. Rule choices (the thesis leaves them
// open):
//  * one symbol per operator and signature: "euf.plus" binary (a polynomial c0 + Σ c_i·t_i is a
//    left-nested chain over the monomials in normal-form order, the constant last, so sums with
//    a common prefix share subterms), "euf.scale" with the coefficient as a numeral argument
//    (one symbol rather than one per coefficient keeps it shared between the two sides of an
//    interpolation problem), "euf.to_real", "euf.mul" per arity, "euf.div", "euf.mod",
//    "euf.rdiv", "euf.abs", "euf.to_int", "euf.is_int"; the c.* operators and other
//    uninterpreted functions stay; bit-vector terms become fresh constants (rule 5.1).
//  * comparisons are read in solved form: p ⋈ c (normal form: p without constant, c a numeral)
//    is written L ⋈ R by solving for the monomial with coefficient ±1 whose atom is newest
//    (largest id; in SSA encodings the assigned variable), so r - x = 1 becomes r = x + 1 and
//    congruence closure sees the definition r = euf.plus(x, 1); without such a monomial L = p.
//  * L = R stays =; L < R becomes ¬(L = R) ∧ euf.lt(L, R) (the thesis' rule); L ≤ R becomes
//    (L = R) ∨ euf.lt(L, R) with the same euf.lt: ≤ is "= or <", true in LIA when euf.lt is <,
//    so it over-approximates, keeps reflexivity (r = x + 1 ⊨ r ≤ x + 1) and ties ≤ to <.
//
// LRA (rules 5.5): Int constants not in `keep` become fresh Real constants (one per constant,
// M of Def. 9); kept constants stay Int, as to_real(c), shared with the rest of the query (the
// solver keeps them integral). Int numerals become Real numerals; +, and multiplication by an
// integer constant, are kept; an Int polynomial with a non-integral coefficient (the thesis'
// Example 3, y = 0.5·x under C's truncation), Mul, div, mod, abs, to_int, is_int, /, and every
// application of an uninterpreted function (the c.* operators) becomes a fresh Real (Bool for a
// predicate) constant M(t), unique per term. = stays = between the Real translations (the
// solver's arithmetic has equalities; the pair of ≤ of rule 5.5.1 is equivalent).
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
// their terms; everything else unchanged.
smt::Term from_euf(smt::TermManager& tm, smt::Term t, const TheoryInterface& iface);

// Rules 5.2 and 5.5 (choices above); `keep`: the Int constants that stay Int (a procedure's
// interface constants). Over-approximating: to_lra(φ) unsat ⇒ φ unsat.
smt::Term to_lra(smt::TermManager& tm, smt::Term t, std::span<const smt::Term> keep, TheoryInterface& iface);
// Rule 5.7: fresh constants back to their terms. Then every arithmetic atom (≤, <, =) whose
// atoms are all Int-sorted is made an Int atom (scaled to integer coefficients; equivalent for
// integer values, as to_real is exact), and Ite and Distinct of integral Real terms Int ones.
// What remains Real (an atom over a Real constant of the input) stays a mixed Real atom over
// to_real of Int terms, which the Solver accepts together with LIA formulas.
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
