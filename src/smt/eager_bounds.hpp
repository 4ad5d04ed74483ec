#pragma once
// EagerBounds: the bounds the search has assigned on each polynomial, followed by decision level
// in the online loop, so that two atoms over the same polynomial that contradict each other
// (p <= 3 and p > 5) are a conflict as soon as both are assigned (smt::Solver,
// SolverOptions::sat_integration).
//
// Contract:
//  * It watches the atoms (<= p c), (< p c) and (= p c) with a numeral c (the normal form of the
//    term layer), each through its SAT variable, which the caller observes. A false equation
//    is no bound and is ignored.
//  * assigned/new_level/backtrack mirror sat::ModelChecker's notifications, as in EagerEuf.
//  * conflict() returns a tightest contradicting pair: the two true literals and their Farkas
//    certificate (weights 1 over the same polynomial), which the caller checks
//    (check_lra_certificate) before it uses the clause. A false Int atom p <= c is read as
//    p >= c + 1, as the certificate checker reads it; no other integer reasoning.
//  * An addition to the round at each complete assignment (LraTheory), never a replacement.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "sat/sat_solver.hpp"
#include "smt/lra_certificate.hpp"
#include "smt/propagation_queue.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

struct EagerBoundsStats {
    uint64_t watched = 0, assigned = 0, conflicts = 0, propagations = 0;
};

class EagerBounds {
public:
    explicit EagerBounds(TermManager& tm) : tm_(tm) {}

    static bool watchable(const TermManager& tm, Term atom);
    // Requires watchable(atom); var is the atom's SAT variable.
    void watch(int var, Term atom);

    void assigned(sat::Lit lit, bool fixed);
    void new_level() { ++level_; }
    void backtrack(size_t level);

    // A new conflict of the current state: the true literals and their certificate.
    bool conflict(std::vector<sat::Lit>& lits, std::vector<LraCertificateEntry>& certificate);

    // Theory propagation: an unassigned watched literal that one bound of the current state
    // implies (0: none), e.g. p <= 4 from p <= 3. Its reason is that bound's literal, with the
    // certificate of {bound, not literal}, which the caller checks before it gives the reason.
    sat::Lit propagate();
    // Requires lit to have come from propagate() and still be assigned: the true literal that
    // implies it and the certificate.
    void reason(sat::Lit lit, sat::Lit& because, std::vector<LraCertificateEntry>& certificate) const;

    const EagerBoundsStats& stats() const { return stats_; }

private:
    // A bound p >= value (lower) or p <= value (upper), strict or not, from literal `lit`.
    struct Bound {
        mpq_class value;
        bool strict = false;
        sat::Lit lit = 0;  // 0: none
        bool upper_side = false;  // for an equation: which side the certificate uses
    };
    struct Poly {
        Bound lower, upper;
    };
    struct Watched {
        Term atom;
        uint32_t poly = 0;
        bool is_int = false;
        int var = 0;
    };
    struct Undo {
        uint32_t poly;
        bool upper;
        Bound old;
    };
    struct Implied {
        sat::Lit lit, because;
        std::vector<LraCertificateEntry> certificate;
    };
    void apply(sat::Lit lit);
    void tighten(uint32_t poly, bool upper, Bound b);
    void find_implied(uint32_t poly, bool upper);
    LraCertificateEntry entry(sat::Lit lit, bool upper_side) const;

    TermManager& tm_;
    std::vector<int32_t> watch_of_var_;  // index into watched_, -1: not watched
    std::vector<Watched> watched_;
    std::unordered_map<uint32_t, uint32_t> poly_of_term_;
    std::vector<Poly> polys_;
    std::vector<Undo> trail_;
    size_t level_ = 0;
    std::vector<std::pair<size_t, size_t>> frames_;  // (level, trail size when it was opened)
    std::vector<std::pair<sat::Lit, size_t>> fixed_;  // root literals, frames open when applied
    std::vector<uint32_t> changed_;                   // polynomials tightened since the last conflict()
    std::vector<std::vector<uint32_t>> atoms_of_poly_;  // watched indices by polynomial
    std::vector<int8_t> val_;                           // by variable: 1 true, -1 false, 0 unassigned
    std::vector<int> assigned_vars_;                    // in order, undone by frame
    std::vector<size_t> frame_vars_;                    // assigned_vars_ size when each frame opened
    PropagationQueue<Implied> queue_;
    EagerBoundsStats stats_;
};

}  // namespace craig::smt
