#pragma once
// ModelChecker: what a theory sees of CaDiCaL's search in online DPLL(T) (SatSolver::
// set_model_checker; CaDiCaL's external-propagator interface, IPASIR-UP, release 1.7).
//
// CaDiCaL calls check_model() inside solve() whenever it has a complete assignment, instead of
// returning it. The checker reads the values of the observed variables (SatSolver::observe) and
//   - Accept: the assignment is the answer; solve() returns Sat with exactly these values.
//   - Refine: it added at least one clause with SatSolver::add_lemma (valid clauses over
//     observed variables, e.g. theory conflicts); CaDiCaL learns them and searches on from
//     where it is, without restarting from the root (the point of the online loop).
//   - Stop: it needs the caller's attention (new variables or clauses that only the caller
//     can encode); solve() returns Sat with these values, and the caller knows why.
// Contract: the callbacks call no SatSolver method but add_lemma and log_reason; check_model may be called many
// times per solve().
#include <cstddef>
#include <span>
#include <vector>

namespace craig::sat {

class ModelChecker {
public:
    enum class Verdict { Accept, Refine, Stop };
    virtual ~ModelChecker() = default;
    // `model` lists one literal per observed variable (v if true, -v if false).
    virtual Verdict check_model(std::span<const int> model) = 0;

    // Optional: following the search on the observed variables, for checkers that find
    // conflicts before an assignment is complete. The literals assigned since the last call,
    // in trail order (`fixed`: at the root, for good; such a literal is told once, whatever the
    // current level); a new decision level; a backtrack to decision level `level` (also to 0
    // before every solve()). Notifications may come late, never early: a literal is told at a
    // level at least as high as the one it was assigned at.
    virtual void assigned(int lit, bool fixed) {}
    virtual void new_level() {}
    virtual void backtrack(size_t level) {}
    // At each propagation fixpoint: the checker may add lemmas (SatSolver::add_lemma), best
    // ones the current assignment falsifies (a conflict) or makes unit.
    virtual void fixpoint() {}
    // Theory propagation: a literal the current assignment implies (0: none). CaDiCaL asks for
    // its reason clause later, if at all; reason() must then give it: the propagated literal and
    // the negations of true literals that imply it, all observed, and log it with
    // SatSolver::log_reason (its input id, for the caller's proof records).
    virtual int propagate() { return 0; }
    virtual void reason(int lit, std::vector<int>& clause) {}
};

}  // namespace craig::sat
