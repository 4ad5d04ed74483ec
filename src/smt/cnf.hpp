#pragma once
// CnfEncoder: Tseitin encoding of Boolean terms into a SatSolver.
//
// Every Boolean term gets at most one SAT variable (negation is a literal's sign), so shared
// subformulas are encoded once. Definitions are full equivalences (both polarities): they are
// valid regardless of which assertions are active, which lets push/pop keep them and lets the
// theories assign any atom. Each clause is tagged with the assertion (partition) that first
// needed it; interpolation later colours clauses by these tags (their contract: proof.hpp).
// Theory atoms (equalities, arithmetic comparisons, Boolean-valued applications) become plain
// SAT variables, reported in atoms(). Non-Boolean `ite` terms found under atoms are reported in
// term_ites(), and div/mod/abs/to_int terms in arith_ops(), so the caller can add their defining
// lemmas. Bit-vector atoms (= over bit-vectors, bvult, ...) are no theory atoms: their variable is
// defined by the bit-blaster's circuit (smt/bv/bit_blaster.hpp), so the SAT solver decides them.
#include <cstdint>
#include <memory>
#include <vector>

#include "sat/sat_solver.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

namespace bv {
class BitBlaster;
}

class CnfEncoder {
public:
    CnfEncoder(TermManager& tm, sat::SatSolver& sat);
    ~CnfEncoder();

    // The literal equivalent to Boolean term t (encoding t's structure on first use).
    sat::Lit literal(Term t);
    // The term of a variable, if it was created for a term.
    Term term_of_var(int var) const { return var < (int)var_term_.size() ? var_term_[var] : Term{}; }
    // Variable of t if already encoded, else 0.
    int var_of(Term t) const { return t.id < term_var_.size() ? term_var_[t.id] : 0; }

    void set_tag(uint32_t tag) { tag_ = tag; }
    // Returns the SAT solver's input id of the clause (tagged with the current tag).
    uint32_t add_clause(std::span<const sat::Lit> lits);
    // The same for a clause given to the SAT solver inside its search (SatSolver::add_lemma).
    uint32_t add_lemma(std::span<const sat::Lit> lits);
    // The same for the reason clause of a propagation (SatSolver::log_reason).
    uint32_t log_reason(std::span<const sat::Lit> lits);
    // Proof mode only: (input id, defined term) of every Tseitin definition clause, in order.
    const std::vector<std::pair<uint32_t, Term>>& definitions() const { return definitions_; }
    const std::vector<uint32_t>& clause_tags() const { return clause_tags_; }

    // Theory atoms and non-Boolean ites discovered so far, in order of discovery.
    const std::vector<Term>& atoms() const { return atoms_; }
    const std::vector<Term>& term_ites() const { return term_ites_; }
    // Applications of div, mod, abs and to_int found under atoms (arith_definitions.hpp).
    const std::vector<Term>& arith_ops() const { return arith_ops_; }
    // Is t a theory atom (as opposed to a connective or a propositional constant)?
    bool is_theory_atom(Term t) const;
    // Is t an atom over bit-vectors (decided by bit-blasting)?
    bool is_bv_atom(Term t) const;
    // The bit-blaster, null until a bit-vector atom was met.
    const bv::BitBlaster* bit_blaster() const { return bv_.get(); }

private:
    int make_var(Term t);
    void define(Term t, int v);
    void scan_theory_term(Term t);

    TermManager& tm_;
    sat::SatSolver& sat_;
    std::vector<int> term_var_;     // term id -> SAT var (0 = none)
    std::vector<Term> var_term_;    // SAT var -> term
    std::vector<uint8_t> scanned_;  // term id -> theory subterms scanned
    std::vector<Term> atoms_, term_ites_, arith_ops_;
    std::vector<uint32_t> clause_tags_;
    std::vector<std::pair<uint32_t, Term>> definitions_;
    uint32_t tag_ = 0;
    std::vector<sat::Lit> buf_;
    std::unique_ptr<bv::BitBlaster> bv_;
};

}  // namespace craig::smt
