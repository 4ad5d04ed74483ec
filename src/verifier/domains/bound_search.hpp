// Bounds of Int and Real terms under a solver's assertions, each one confirmed by an Unsat answer:
// the optimisation step of the Box post (box_post.hpp), after the symbolic abstraction of
// Reps, Sagiv & Yorsh (VMCAI 2004) with the batched queries of Li, Albarghouthi, Kincaid,
// Gurfinkel & Chechik (POPL 2014), simplified to a search without an optimising solver.
//
// Each target t gives two objectives, the maximum of t and of -t. An objective keeps `best`,
// the largest value a model has shown (a witness: the maximum is at least best), and `ub`, the
// smallest c for which "t > c" is Unsat together with the assertions (a proof; it starts at the
// caller's known bound). Every Sat answer raises best of every objective its model exceeds.
// Over a Real term, best is a model's exact value and "t >= c" Unsat proves the strict bound
// t < c; "t exceeds ub - 1" below, which over the integers asks whether ub is attained, is
// "t reaches ub" there (Unsat: ub is strict; over the reals "t >= ub - 1" Unsat would prove
// nothing about ub).
// The queries, in order (batched ones ask one disjunction for all objectives still open):
//   1. per objective, the caller's candidates between best and ub, smallest first; after one is
//      confirmed as a bound, the value below it (is the bound reached?);
//   2. batched, "some t exceeds ub - 1" while Sat (each Sat reaches at least one bound);
//   3. batched, "some t exceeds its best": a Sat answer sets the objectives its model raised
//      aside and asks again for the others, until Unsat proves the rest exact;
//   4. batched, "some t without a bound exceeds 2^64" while Sat (each Sat shows one unbounded:
//      no finite bound is kept for it); the Unsat answer gives the rest the provisional 2^64;
//   5. per objective: best itself when a model raised it further than asked (solver models
//      often sit at a bound), else galloping steps 1, 4, 16, 64, 256 above best while only the
//      provisional bound is known (still exceeded: given up, infinite), else bisection of
//      [best, ub) at integers (a Real objective with no integer left in [best, ub) asks whether
//      ub is reached and stops). The minimum of an Int term comes after the maximum and first
//      tries, as candidates, the minima a C type's range would give for a proved maximum M: 0,
//      -M and -M - 1.
// Steps 1 and 5 spend at most `max_queries_per_bound` queries per objective. Only proved
// bounds are returned, so the answer is sound whatever happens: an objective the cap or an
// Unknown answer (deadline, branch budget, non-linear terms) leaves open keeps its best proved
// bound, or infinity when only the provisional 2^64 was proved.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "smt/solver.hpp"
#include "verifier/domains/interval.hpp"

namespace craig::verifier {

struct BoundTarget {
    smt::Term term;                     // an Int or Real term (its sort says how to read bounds)
    Interval known;                     // the assertions already imply term ∈ known
    std::vector<mpq_class> candidates;  // values likely to be a bound (either side), tried first
};

struct BoundSearchStats {
    std::uint64_t queries = 0;  // solver checks
    std::uint64_t capped = 0;   // objectives given up unfinished (query cap, galloping)
    std::uint64_t unknown = 0;  // Unknown answers
};

// For every target an interval with: assertions ⇒ term ∈ interval, and interval ⊆ known; over
// the reals for a Real term (interval.hpp).
// Requires: the solver's last check was Sat (its model is the first witness).
std::vector<Interval> search_bounds(smt::Solver& s, std::span<const BoundTarget> targets,
                                    unsigned max_queries_per_bound, BoundSearchStats& stats);

}  // namespace craig::verifier
