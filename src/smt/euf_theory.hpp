#pragma once
// EufTheory: the congruence-closure solver (smt/euf) as a Theory of the DPLL(T) loop.
// Owns equalities over uninterpreted sorts and Boolean-valued applications; Boolean terms
// that occur as arguments of applications are asserted as equal to true or false.
// Models: every congruence class gets one element of its sort, functions get finite tables.
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>

#include "smt/euf/congruence_closure.hpp"
#include "smt/theory.hpp"

namespace craig::smt {

class EufTheory final : public Theory {
public:
    explicit EufTheory(TermManager& tm);
    const char* name() const override { return "euf"; }
    bool owns(Term atom) const override;
    void begin_round() override;
    void assert_atom(Term atom, bool value, sat::Lit reason) override;
    bool check(std::vector<std::vector<sat::Lit>>& conflicts) override;
    void extend_model(Model& model) override;
    void end_round() override;
    void take_requests(std::vector<Term>& lemmas, std::vector<Term>& splits) override;

    // Check every conflict independently (euf_certificate.hpp); a failure throws CheckFailure.
    void set_check_certificates(bool on) { check_certificates_ = on; }

    // Theory combination (see combination.hpp). An interface equality is an arithmetic atom
    // that EUF decides as s = t; its normal form may be no equation of s and t at all.
    void add_interface_equality(Term atom, Term s, Term t);
    bool are_equal(Term a, Term b) const { return cc_.are_equal(a, b); }
    // Registers t for this round (adding a term never makes the closure inconsistent).
    void register_term(Term t) { cc_.add_term(t); }
    // f(t, representative) for every registered term of sort Int or Real.
    template <class F>
    void for_each_arith_term(F&& f) const {
        cc_.for_each_term([&](Term t, Term r) {
            if (tm_.is_arith(t)) f(t, r);
        });
    }
    // Values of arithmetic terms for models (set by the solver to the arithmetic theory's).
    void set_arith_values(std::function<std::optional<mpq_class>(Term)> v) { arith_value_ = std::move(v); }

private:
    // An equality atom that is also an argument of an application (f(a = b)) must be merged
    // with true or false as well; such atoms are known only once the application is seen, so
    // the round's equality atoms wait until check().
    void mark_boolean_arguments(Term app);
    // Re-derives a conflict with the independent closure of euf_certificate.hpp.
    void check_conflict(std::span<const sat::Lit> conflict);
    void add_transitivity_lemmas(Term a, Term b);
    // The equations an equality atom asserts in EUF: its interface pairs, else its two sides.
    void equation_pairs(Term atom, std::vector<std::pair<Term, Term>>& out) const;

    TermManager& tm_;
    euf::CongruenceClosure cc_;
    // term id -> kArgument if it occurs as an argument of an application, kNegatedArgument if
    // its negation does.
    static constexpr uint8_t kArgument = 1, kNegatedArgument = 2;
    std::vector<uint8_t> arg_flags_;
    struct RoundAtom {
        Term atom;
        bool value;
        sat::Lit reason;
    };
    std::vector<RoundAtom> round_atoms_;
    // atom id -> the equations s = t it stands for in EUF
    std::unordered_map<uint32_t, std::vector<std::pair<Term, Term>>> interface_;
    std::vector<std::pair<Term, Term>> pairs_;  // scratch
    std::function<std::optional<mpq_class>(Term)> arith_value_;
    bool check_certificates_ = false;
    std::unordered_map<sat::Lit, const RoundAtom*> by_reason_;  // for check_conflict
    std::vector<Term> mark_stack_;                              // scratch
    // Transitivity lemmas, each added once (keyed by the id of its new atom a = t(i)).
    static constexpr uint64_t kMaxTransitivityLemmas = 100000;
    // Off by default: measured on the QF_UF dev set, the eager chordal transitivity of the
    // solver (transitivity.hpp) solves the diamonds, and these lemmas then only add atoms.
    bool transitivity_lemmas_on_ = false;
    static constexpr size_t kMaxConflictsPerRound = 16;
    std::vector<Term> lemmas_;
    std::unordered_set<uint32_t> lemma_pairs_;
    uint64_t transitivity_lemmas_ = 0;
};

}  // namespace craig::smt
