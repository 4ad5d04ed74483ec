#pragma once
// EagerEuf: congruence closure that follows CaDiCaL's search in the online loop, so that an
// EUF conflict is found on a partial assignment, as soon as its literals are assigned, instead
// of on the next complete one (smt::Solver, SolverOptions::sat_integration).
//
// Contract:
//  * It watches the atoms it can judge alone: equalities over uninterpreted sorts and
//    applications of uninterpreted Boolean functions (watchable()); each is watched through its
//    SAT variable, which the caller observes.
//  * assigned/new_level/backtrack mirror the notifications of sat::ModelChecker (a literal is
//    asserted at the level it is told at; one told late is forgotten early, which loses a
//    conflict at most; root literals stay for good).
//  * conflict() returns the literals (true under the current assignment, as told) of one
//    violated disequality with its congruence explanation: their conjunction is unsatisfiable
//    in EUF, so the clause of their negations is a valid theory lemma whatever the assignment.
//    A conflict is reported once per state (until the next assignment or backtrack).
//  * Equality propagation: propagate() gives an unassigned watched atom the closure decides
//    (a = b once a and b are in one class; f(..) once it is in the class of true or false),
//    found from the closure's move log (a merge that makes a = b moves a or b). Its reason is
//    computed when it is found, from literals assigned before it: the propagated literal and the
//    negations of the explanation's literals, a valid EUF lemma (the caller checks it with
//    check_euf_conflict before giving it).
//  * Disequality propagation (when set_diseq_propagation): an unassigned watched a = b is false once an asserted disequality
//    separates the classes of a and b (found when a merge moves a or b, or when a disequality
//    is asserted, over the members of the smaller of its two classes); the reason holds the
//    explanations of a and b equal to that disequality's sides and the disequality itself.
//  * It is an addition to the complete check of each round (EufTheory), never a replacement:
//    what it misses (Boolean arguments, arithmetic, interface equalities) the round finds.
#include <cstdint>
#include <vector>

#include "sat/sat_solver.hpp"
#include "smt/euf/congruence_closure.hpp"
#include "smt/euf_certificate.hpp"
#include "smt/propagation_queue.hpp"
#include "smt/search_frames.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

struct EagerEufStats {
    uint64_t watched = 0, assigned = 0, conflicts = 0, propagations = 0, diseq_propagations = 0;
};

class EagerEuf {
public:
    explicit EagerEuf(TermManager& tm);

    static bool watchable(const TermManager& tm, Term atom);
    // Requires watchable(atom); var is the atom's SAT variable.
    void watch(int var, Term atom);

    void assigned(sat::Lit lit, bool fixed);
    void new_level() { frames_.new_level(); }
    void backtrack(size_t level);

    // A new conflict of the current state (the true literals; the lemma is their negation).
    bool conflict(std::vector<sat::Lit>& out);
    // The facts the literals of a conflict stand for (for the independent check).
    void facts(std::span<const sat::Lit> lits, std::vector<EufFact>& out) const;

    // Disequality propagation (see the contract) on or off (off at construction).
    void set_diseq_propagation(bool on) { diseq_ = on; }

    // Equality propagation (see the contract): a literal, or 0 when there is none.
    sat::Lit propagate();
    // Requires lit to be the last propagate() of its variable: the reason clause (lit first).
    void reason(sat::Lit lit, std::vector<sat::Lit>& clause) const;

    const EagerEufStats& stats() const { return stats_; }

private:
    void assert_lit(sat::Lit lit);

    TermManager& tm_;
    euf::CongruenceClosure cc_;
    std::vector<Term> atom_of_var_;  // invalid Term: not watched
    void find_implied(Term t, Term apart);
    void stamp_separated(Term rep);
    void register_terms();

    SearchFrames frames_;  // one frame of cc_ per decision level with literals
    // Propagation: atoms by the terms whose move decides them, the assignment as told (1 true,
    // -1 false, 0 unassigned, by variable; undone by frame), found literals with their reasons.
    std::vector<std::vector<int>> vars_of_term_;  // by term id: watched variables
    std::vector<int8_t> val_;
    std::vector<int> assigned_vars_;
    std::vector<size_t> frame_vars_;  // assigned_vars_ size when each frame opened
    struct Implied {
        sat::Lit lit;
        std::vector<sat::Lit> reason;  // the clause: lit, then negated explanation literals
    };
    PropagationQueue<Implied> queue_;
    std::vector<euf::Reason> explain_;  // scratch
    // New disequalities: (a term of the smaller class, a term of the other), to search.
    std::vector<std::pair<Term, Term>> separated_;
    std::vector<uint32_t> stamp_;  // by term id: epoch_ when its class is separated from stamped_rep_'s
    uint32_t epoch_ = 0;
    Term stamped_rep_;
    bool diseq_ = false;
    std::vector<Term> unregistered_;    // terms of watched atoms, registered at the next root
    bool fresh_ = false;  // something changed since the last conflict() that found one
    EagerEufStats stats_;
};

}  // namespace craig::smt
