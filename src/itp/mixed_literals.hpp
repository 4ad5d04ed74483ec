#pragma once
// MixedLiterals: proof-tree-preserving interpolation of AB-mixed literals for one cut (A | B),
// after Christ, Hoenicke, Nutz, "Proof Tree Preserving Interpolation" (TACAS 2013, JAR 2016).
//
// A mixed atom (an interface equality f(a1) = f(b1), a bound on a1 - b1) gets a fresh shared
// auxiliary constant x and projections ℓ|A, ℓ|B with ∃x. ℓ|A ∧ ℓ|B ⟺ ℓ. The partial
// interpolant I of a clause C then satisfies A ∧ ¬C|A ⊨ I and B ∧ ¬C|B ⊨ ¬I for every value
// of the auxiliary symbols of the mixed literals of C, and mentions no other auxiliary symbol.
//   Equality a = b (a A-colored, b B-colored; an arithmetic atom d = 0 is split d = d_A + d_B,
//   d_A the A-local and shared monomials, a := d_A, b := -d_B; x means a):
//     (a = b)|A = (a = x)      (a = b)|B = (x = b)
//     (a ≠ b)|A = P(a)         (a ≠ b)|B = ¬P(b)      P a fresh predicate of the atom
//   so x may occur anywhere when ¬C has the equality, and only as P(s) when it has the
//   disequality. EQ rule (pivot a = b): I1[P(s) := I2[x := s]], I1 of the premise containing
//   a = b, I2 of the one containing a ≠ b.
//   Inequality u ◁ 0 (u = u_A + u_B, u_A the A-local and shared monomials of the atom, signed
//   σ = +1 for the atom, -1 for its negation; constants on B):
//     ℓ|A = u_A - σ·x ≤ 0      ℓ|B = σ·x + u_B ◁ 0
//   x occurs only inside LA(s, k, F) subformulas, s a linear term with x in it, with the
//   contract  s ≤ -k ⊨ F ⊨ s ≤ 0  (k = 0 or ε over Real, an integer over Int). Such a
//   subformula is a fresh Boolean constant of this object with (s, k, F) in a table. LA rule
//   (pivot ℓ, I1 of the premise containing the atom: x with coefficient c1 > 0 in s1, I2 with
//   -c2 < 0): every LA(s1) of I1 becomes I2 with every LA(s2) replaced by LA(c2·s1 + c1·s2, k,
//   F), F = ∃x. F1 ∧ F2 written without x (Real: S ≤ 0 when k1 = k2 = 0, else
//   S < 0 ∨ (S ≤ 0 ∧ F1[x:=t0] ∧ F2[x:=t0]); Int with c1 = c2 = 1: the finite disjunction over
//   the at most k1 + k2 integer values of x between the two bounds).
// Leaves: EUF conflicts go to euf_interpolant after renaming: on each side a term t = a + δ
// (b + δ) becomes a named shared copy of x + δ, renamed applications keep their definitions,
// an equation u - copy = k becomes u = copy', and a disequality's P(a) / ¬P(b) become
// Q_δ(t) := P(t - δ) for the terms t at an offset δ; the interpolant is renamed back. Farkas
// conflicts give the sum of the A projections (always Farkas, whatever the LRA system), and
// the combination's disequality split a = b ∨ a - b < 0 ∨ a - b > 0 gives
// LA(s, k, s < 0 ∨ (s ≤ 0 ∧ P(a))). Shapes outside these answer nullopt with `why`; every
// result is still checked by the caller (the vocabulary and both conditions).
#include <gmpxx.h>

#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "itp/coloring.hpp"
#include "itp/theory_interpolants.hpp"
#include "smt/lia_certificate.hpp"
#include "smt/lra_certificate.hpp"

namespace craig::itp {

class MixedLiterals {
public:
    MixedLiterals(TermManager& tm, Coloring& coloring) : tm_(tm), coloring_(coloring) {}

    // Whether `atom` (Mixed under the cut) has a shape handled here; else why not.
    bool supported(Term atom, std::string* why);

    // A literal of a theory conflict (the negation of a valid clause): value as in the conflict;
    // side only for literals that are not mixed.
    struct Literal {
        Term atom;
        bool value;
        bool mixed;
        Side side;
    };
    std::optional<Term> euf_leaf(std::span<const Literal> conflict, const ItpOptions& options, std::string* why);
    // `entries` is the leaf's Farkas certificate; lits[i] describes entries[i].
    std::optional<Term> farkas_leaf(std::span<const smt::LraCertificateEntry> entries, std::span<const Literal> lits,
                                    std::string* why);
    // a ≠ b, u1 ≤ 0, u2 ≤ 0 with u1, u2 opposite multiples of a - b: the combination's split.
    std::optional<Term> split_leaf(std::span<const Literal> conflict, std::string* why);

    // A GCD conflict (`lemma`: literals, split S <= k or S >= k + 1, conclusion false) as the
    // resolution of its two sides on the split atom: each side a Farkas leaf (certificates from
    // smt::refute_over_reals), the split atom mixed (LA rule), local to A (∨) or else on B (∧).
    // lits: the conflict's literals with their sides.
    std::optional<Term> integer_split_leaf(const smt::LiaLemma& lemma, std::span<const Literal> lits, std::string* why);

    // Resolution on the mixed atom `pivot`: `with_atom` is the partial interpolant of the premise
    // whose clause contains the atom positively, `with_negation` the other one.
    std::optional<Term> resolve(Term pivot, Term with_atom, Term with_negation, std::string* why);

    // Whether t still mentions an auxiliary symbol (x, P, an LA subformula).
    bool mentions_aux(Term t);

private:
    struct Poly {
        std::map<uint32_t, mpq_class> c;  // atom id -> coefficient (no zeros after normalize())
        mpq_class k = 0;                  // constant
    };
    struct Atom {
        bool equality = false;
        bool is_int = false;
        smt::Sort sort{};
        FuncId x = 0, p = 0;  // aux constant, predicate (equalities)
        Term xt;
        Poly d;                // equality: a-side - b-side; inequality: p - c of (p ◁ c)
        Poly a, b;             // equality: a := d_A, b := -d_B
        Term a_term, b_term;   // equality of two non-linear sides: those sides
        bool strict = false;   // inequality: Lt
        bool flipped = false;  // equality: d is rhs - lhs (the A-colored side is the right one)
    };
    struct La {
        Term s;
        mpz_class k;
        Term f;
        bool is_int;
    };

    static bool fail(std::string* why, std::string msg);  // sets *why, false
    static void add_to(std::map<uint32_t, mpq_class>& dst, mpq_class& dk, const std::map<uint32_t, mpq_class>& src,
                       const mpq_class& sk, const mpq_class& f);
    static void drop_zeros(std::map<uint32_t, mpq_class>& m);
    Atom* atom_of(Term atom);
    bool split_poly(const Poly& u, Poly& ua, Poly& ub, std::string* why);
    Term poly_term(const Poly& p, bool is_int);
    Poly poly_of(Term t) const;
    // u ◁ 0 of a literal (value in the conflict) of an inequality atom.
    void literal_poly(const Atom& at, Term atom, bool value, Poly& u, bool& strict) const;
    Term make_la(Term s, const mpz_class& k, Term f, bool is_int);
    const La* la_of(Term t) const;
    bool any_symbol(Term root, const std::function<bool(FuncId)>& hit, bool through_la);
    bool mentions(Term t, FuncId f);
    bool mentions_la_aux(Term t);
    Term rewrite(Term t, const std::function<std::optional<Term>(Term)>& leaf,
                 std::unordered_map<uint32_t, Term>& memo);
    std::optional<Term> combine(const La& l1, const La& l2, FuncId x, std::string* why);

    TermManager& tm_;
    Coloring& coloring_;
    std::unordered_map<uint32_t, Atom> atoms_;       // mixed atom id -> its data
    std::unordered_map<FuncId, uint32_t> aux_atom_;  // x or P -> atom id
    std::unordered_map<FuncId, bool> la_aux_;        // x of an inequality
    std::unordered_map<FuncId, La> las_;             // LA constant -> (s, k, F)
};

}  // namespace craig::itp
