#pragma once
// LraTheory: linear arithmetic (smt/lra Simplex) as a Theory of the DPLL(T) loop.
//
// Every polynomial of an arithmetic atom becomes a simplex variable: a term that is not a sum
// (a constant, an application, an ite) is a structural variable; a sum is a row over the
// structural variables of its atoms. Atoms become bounds:
//   (<= p c): p <= c, negated p > c;  (< p c): p < c, negated p >= c;  (= p c): both bounds.
// Strict bounds use the infinitesimal delta. A negated equality is not a convex constraint:
// the theory asks for the valid lemma (= p c) or (< p c) or (> p c) and lets the SAT solver
// choose. Conflicts carry Farkas coefficients (kept for the proof and interpolation layers).
//
// Integers (when the relaxation is feasible but an Int variable has a fractional value):
//  1. the GCD test on every tableau row over integer variables (a conflict);
//  2. every cut_period-th such check, Gomory cuts from the rows of fractional integer basic
//     variables, as lemmas (not b1 or ... or not bn or cut) over the bound literals b_i used;
//  3. otherwise branch and bound: a split on x <= floor(v), nearer integer first, up to a
//     budget of splits per check-sat, after which the answer is unknown.
// GCD conflicts and cuts come with a split that justifies them (lra/int_cuts.hpp) and are
// checked by lia_certificate.hpp before use when certificates are checked.
// div/mod by numerals, abs and to_int are variables here; the solver adds their definitions
// (arith_definitions.hpp).
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "smt/lia_certificate.hpp"
#include "smt/lra/int_cuts.hpp"
#include "smt/lra_certificate.hpp"
#include "smt/lra/simplex.hpp"
#include "smt/theory.hpp"

namespace craig::smt {

class LraTheory final : public Theory {
public:
    explicit LraTheory(TermManager& tm);
    const char* name() const override { return "lra"; }
    bool owns(Term atom) const override;
    void begin_check() override { branches_ = 0; }
    void begin_round() override;
    void assert_atom(Term atom, bool value, sat::Lit reason) override;
    bool check(std::vector<std::vector<sat::Lit>>& conflicts) override;
    void extend_model(Model& model) override;
    void end_round() override;
    void take_requests(std::vector<Term>& lemmas, std::vector<Term>& splits) override;

    // Check every conflict's Farkas certificate against its atoms (lra_certificate.hpp); a
    // failure throws CheckFailure.
    void set_check_certificates(bool on) { check_certificates_ = on; }
    // Proof mode: every conflict check() returns gets a record in conflict_records() (same
    // order; the caller clears it), every cut lemma one in lemma_record().
    struct ConflictRecord {
        bool gcd = false;  // a GCD conflict (lia), else Farkas
        std::vector<LraCertificateEntry> farkas;
        LiaLemma lia;
    };
    void set_record_proofs(bool on) { record_proofs_ = on; }
    std::vector<ConflictRecord>& conflict_records() { return conflict_records_; }
    const LiaLemma* lemma_record(Term lemma) const {
        auto it = lemma_records_.find(lemma.id);
        return it == lemma_records_.end() ? nullptr : &it->second;
    }
    // Bound implications between atoms over the same polynomial, added once (default off).
    void set_static_learning(bool on) { static_learning_ = on; }
    // The simplex's arithmetic (lra/arithmetic.hpp); before the first atom.
    void set_arithmetic(lra::Arith a) { simplex_.set_arithmetic(a); }
    uint64_t static_lemmas() const { return static_lemmas_; }
    // Integers: Gomory cuts on or off; branch-and-bound splits per check-sat.
    void set_cuts(bool on) { cuts_ = on; }
    void set_branch_budget(uint64_t splits) { branch_budget_ = splits; }
    struct IntStats {
        uint64_t branches = 0, cuts = 0, gcd_conflicts = 0;
    };
    const IntStats& int_stats() const { return int_stats_; }
    const lra::Simplex::Stats& simplex_stats() const { return simplex_.stats(); }
    // The static implications a => b found since the last call (valid clauses: they need no
    // relevancy and do not hold up a round).
    void take_implications(std::vector<std::pair<Term, Term>>& out);

    // Theory combination: make t (an Int/Real term) known to the simplex, so that it has a value.
    void ensure_term(Term t);
    // After a successful check: the value of t in the model this round will produce, or nothing
    // if t is unknown to the simplex.
    std::optional<mpq_class> model_value(Term t);

    // f(t) for every application of an uninterpreted function the simplex has a variable for.
    template <class F>
    void for_each_application(F&& f) const {
        for (Term t : structural_)
            if (t.valid() && tm_.kind(t) == Kind::App) f(t);
    }
    // Grows whenever ensure_term introduces a term (and its applications) to the tableau.
    size_t num_structural() const { return structural_.size(); }

    // Why the last check could not decide (non-linear atom, branch budget), or empty.
    const std::string& incomplete_reason() const override { return incomplete_; }

private:
    using Var = lra::Simplex::Var;
    Var var_of_poly(Term p);
    Var var_of_atom(Term t);
    bool is_nonlinear(Term t) const;
    // An atom as "p <= c", "p < c" or "p = c" with p a simplex variable (see the class comment).
    struct AtomForm {
        Term p;
        mpq_class c;
        Var var;
        lra::DeltaRational if_true;   // the bound the atom sets when true (both bounds for =)
        lra::DeltaRational if_false;  // the lower bound its negation sets (unused for =)
    };
    const AtomForm* atom_form(Term atom);  // nullptr if p is a constant
    void record_conflict(std::vector<std::vector<sat::Lit>>& conflicts);
    void learn_static(Term atom);
    void check_certificate(const lra::Simplex::Conflict& conflict) const;
    bool integer_check(std::vector<std::vector<sat::Lit>>& conflicts);
    bool make_cuts(const std::vector<Var>& fractional_basics);
    bool branch(const std::vector<mpq_class>& values);
    // Σ c·x over simplex variables as monomials over atoms (rows expanded); false if some
    // variable has no term.
    bool expand(std::span<const std::pair<Var, mpq_class>> sum, std::map<uint32_t, mpq_class>& out) const;
    void check_int_lemma(const lra::IntLemma& lemma, Term conclusion) const;
    LiaLemma int_lemma_record(const lra::IntLemma& lemma, Term conclusion) const;
    std::vector<LraCertificateEntry> certificate_entries(const lra::Simplex::Conflict& conflict) const;
    bool record_proofs_ = false;
    std::vector<ConflictRecord> conflict_records_;
    std::unordered_map<uint32_t, LiaLemma> lemma_records_;

    TermManager& tm_;
    lra::Simplex simplex_;
    std::unordered_map<uint32_t, Var> poly_var_;  // term id -> simplex variable
    std::vector<Term> structural_;                // structural variable -> its term
    std::vector<Term> row_term_;                  // slack -> its polynomial (without constant)
    // Per simplex variable: an Int atom, or a row with integer coefficients over such variables.
    std::vector<uint8_t> is_int_;
    std::unordered_set<uint32_t> diseq_lemma_done_;
    static constexpr uint32_t kNoForm = UINT32_MAX;
    std::vector<AtomForm> atom_forms_;
    std::vector<uint32_t> atom_form_index_;  // atom id -> 1 + index into atom_forms_, kNoForm, or 0
    std::vector<Term> lemmas_, splits_;
    struct Asserted {
        Term atom;
        bool value;
        sat::Lit reason;
    };
    std::vector<Asserted> asserted_;                           // this round's literals
    std::unordered_map<sat::Lit, size_t> asserted_by_reason_;  // into asserted_, built on demand
    // The asserted literal behind a simplex bound (nullptr if unknown: never expected).
    const Asserted* bound_literal(Var v, bool upper);
    bool check_certificates_ = false;
    // Static learning (learn_static): per polynomial, its bound atoms sorted by bound.
    struct BoundAtom {
        lra::DeltaRational bound;
        Term atom;
    };
    bool static_learning_ = false;
    std::unordered_map<uint32_t, std::vector<BoundAtom>> chains_;
    std::unordered_set<uint32_t> seen_atoms_;
    uint64_t static_lemmas_ = 0;
    std::vector<std::pair<Term, Term>> implications_;
    std::vector<mpq_class> model_;  // concrete values of this round, computed on demand
    bool model_valid_ = false;
    bool conflict_ = false;
    uint64_t branches_ = 0;  // this check-sat
    uint64_t branch_budget_ = 20000;
    bool cuts_ = true;
    uint64_t fractional_checks_ = 0;
    uint32_t cut_start_ = 0;  // rotates the rows tried for cuts
    std::unordered_set<uint32_t> int_lemmas_done_;
    IntStats int_stats_;
    std::string incomplete_;
};

}  // namespace craig::smt
