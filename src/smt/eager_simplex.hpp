#pragma once
// EagerSimplex: a simplex that follows CaDiCaL's search in the online loop, so that a set of
// arithmetic atoms that is infeasible over the reals is a conflict as soon as its literals are
// assigned, on the partial assignment, instead of at the next complete one (smt::Solver,
// SolverOptions::sat_integration; Dutertre and de Moura's "check at every propagation fixpoint").
//
// Contract:
//  * It watches (<= p c), (< p c), (= p c) with a numeral c (EagerBounds's atoms) and the
//    arithmetic equations (= x y) between two terms (the term layer keeps x - y = 0 so, the
//    frame conditions of a BMC unrolling), read as x - y = 0; each is watched through its SAT
//    variable, which the caller observes. The polynomial p becomes a row
//    over its monomials' terms; any term that is not a sum (a constant, an application, an
//    ite, a product) is an opaque variable, so the simplex decides a relaxation and every
//    conflict it finds is a valid Farkas lemma. A false equation bounds nothing.
//  * assigned/new_level/backtrack mirror sat::ModelChecker's notifications, as in EagerBounds:
//    bounds are asserted at the level they are told at, one simplex frame per level.
//  * conflict() runs the simplex when a bound changed since the last run (or reports a clash of
//    two bounds on one row found when it was asserted) and, when the bounds are infeasible,
//    returns the true literals and their Farkas certificate, which the caller checks
//    (check_lra_certificate) before it uses the clause. A false Int atom p <= c reads as
//    p >= c + 1, as the certificate checker reads it; no other integer reasoning. One conflict
//    per state: after one, nothing is asserted until a backtrack undoes its level.
//  * Throttled by cost: where the checks take more than 30 % of the work (large numbers make
//    pivots slow), only every k-th state with new bounds is checked, k doubling while the share
//    stays high and halving when it falls below 10 % (over windows of 16 checks). Work is counted,
//    not timed, so the same query takes the same search on every run and machine load: the
//    checks' work is the simplex's (SimplexStats::work, limb operations), the rest of the search
//    kWorkPerAssigned units per literal told (calibrated on the QF_LRA dev set: a unit is about
//    35 ns, a literal told about 1-4 us of the remaining search). Skipping a check loses a
//    conflict at most; the bounds wait for the next one.
//  * Dormant until woken: watch() only records an atom and assigned() the trail, nothing is
//    built or asserted, so a query the SAT search answers in a round or two pays nothing for it
//    (impact and ufo ask thousands of those). wake() builds the rows and replays the trail
//    frame by frame, so the simplex is where it would be had it been awake from the start.
//  * Theory propagation over the current tableau rows (propagate/reason; off unless
//    set_propagation(true), SolverOptions::lra_row_propagation): after bounds changed, each row
//    of the current tableau that mentions a changed variable (Simplex::rows_with) gives its
//    variables the bounds the others' bounds imply (at most one of them unbounded on that side),
//    when strictly tighter than their own; an unassigned atom that such a bound decides is handed
//    to CaDiCaL, its reason the bounds used plus the negated literal with the row's Farkas
//    weights, which the caller checks before it gives the clause. Rows longer than
//    kMaxPropagationRow are left to the checks.
//  * An addition to the round at each complete assignment (LraTheory), never a replacement:
//    integers, non-linear terms and theory combination stay there.
#include <chrono>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "sat/sat_solver.hpp"
#include "smt/lra/simplex.hpp"
#include "smt/eager_bounds.hpp"
#include "smt/lra_certificate.hpp"
#include "smt/propagation_queue.hpp"
#include "smt/search_frames.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

struct EagerSimplexStats {
    uint64_t watched = 0, built = 0, assigned = 0, checks = 0, conflicts = 0, skipped = 0;
    uint64_t propagations = 0, rows_scanned = 0;
    double seconds = 0;  // inside the simplex's checks
};

class EagerSimplex {
public:
    explicit EagerSimplex(TermManager& tm) : tm_(tm) {}

    static bool watchable(const TermManager& tm, Term atom);
    // Requires watchable(atom); var is the atom's SAT variable.
    void watch(int var, Term atom);
    // Build the rows and catch up with the trail.
    void wake();
    bool awake() const { return awake_; }

    void assigned(sat::Lit lit, bool fixed);
    void new_level() { frames_.new_level(); }
    void backtrack(size_t level);

    // A new conflict of the current state: the true literals (no repetitions) and the certificate.
    bool conflict(std::vector<sat::Lit>& lits, std::vector<LraCertificateEntry>& certificate);

    // Theory propagation: an unassigned watched literal that the current bounds imply through a
    // row (0: none). Awake, without a pending conflict, and with set_propagation(true) only; set
    // before the first literal is told.
    void set_propagation(bool on) { propagation_ = on; }
    sat::Lit propagate();
    // Requires lit to have come from propagate() and still be assigned: the true literals that
    // imply it (all told before it) and the certificate of {those, not lit}.
    void reason(sat::Lit lit, std::vector<sat::Lit>& because, std::vector<LraCertificateEntry>& certificate) const;

    const EagerSimplexStats& stats() const { return stats_; }
    uint64_t pivots() const { return simplex_.stats().pivots; }
    uint64_t work() const { return simplex_.stats().work; }
    uint32_t period() const { return period_; }  // the throttle's current check period

private:
    using Var = lra::Simplex::Var;
    struct Watched {
        Term atom;
        Var var;
        lra::DeltaRational if_true;   // the bound the atom sets when true (both bounds for =)
        lra::DeltaRational if_false;  // the lower bound its negation sets (unused for =)
        int sat_var = 0;
    };
    struct Implied {
        sat::Lit lit = 0;
        std::vector<sat::Lit> because;
        std::vector<LraCertificateEntry> certificate;
    };
    static constexpr size_t kMaxPropagationRow = 64;  // terms of a row, slack included
    Var var_of_term(Term t);
    void build(int var, Term atom);
    Var var_of_poly(Term p);
    void apply(sat::Lit lit);
    void take_conflict(std::vector<sat::Lit>& lits, std::vector<LraCertificateEntry>& certificate);
    void note_changed(Var v);
    void open_frame();
    void pop_frame();
    void note_value(sat::Lit lit);
    void find_implied();
    void propagate_row(Var basic);
    sat::Lit decided(const Watched& w, bool upper, const lra::DeltaRational& b, bool& negation_upper) const;

    TermManager& tm_;
    lra::Simplex simplex_;
    std::unordered_map<uint32_t, Var> var_of_;  // term id -> simplex variable
    std::vector<int32_t> watch_of_var_;         // SAT variable -> index into watched_, -1: none
    std::vector<Watched> watched_;
    std::vector<std::pair<int, Term>> dormant_;  // watched while asleep, built on waking
    std::vector<std::pair<sat::Lit, size_t>> dormant_trail_;  // asleep: literals, frames open then
    bool awake_ = false;
    SearchFrames frames_;  // one simplex frame per decision level with literals
    // The throttle: check every period_-th dirty state (pending_: states since the last check),
    // period_ adjusted every kThrottleWindow checks by the share of work they did in that window
    // (window_work_, window_assigned_: the counters when it opened).
    static constexpr uint32_t kThrottleWindow = 16;
    static constexpr uint64_t kWorkPerAssigned = 40;  // search work per literal told
    static constexpr uint64_t kCheckWork = 16;        // a check's own cost besides its pivots
    void throttle();
    uint32_t period_ = 1, pending_ = 0, window_checks_ = 0;
    uint64_t window_work_ = 0, window_assigned_ = 0;
    bool dirty_ = false;   // a bound was asserted since the last check
    bool clash_ = false;   // an assertion clashed; simplex_.conflict() holds it, not yet reported
    // After a conflict (reported or pending): the number of frames open then; assertions wait
    // for a backtrack below it. SIZE_MAX: none.
    size_t conflict_frames_ = SIZE_MAX;
    // Propagation: watched atoms by simplex variable (and whether there are any), variables
    // whose bounds changed since the last propagation, the values of watched SAT variables
    // (undone by frame: marks_ holds assigned_vars_'s size when each frame opened).
    bool propagation_ = false;
    std::vector<std::vector<uint32_t>> atoms_on_var_;
    std::vector<Var> changed_;
    std::vector<uint8_t> changed_stamp_;
    std::vector<int8_t> val_;
    std::vector<int> assigned_vars_;
    std::vector<size_t> marks_;
    std::vector<uint8_t> has_atoms_;
    std::vector<Var> rows_;                                 // scratch of find_implied
    std::vector<lra::Simplex::ImpliedBound> bounds_found_;  // scratch of propagate_row
    std::vector<lra::Simplex::BoundUse> uses_;               // scratch of propagate_row
    PropagationQueue<Implied> queue_;
    EagerSimplexStats stats_;
};

}  // namespace craig::smt
