// Transition power abstraction (engine `tpa`): Blicha, Fedyukovich, Hyvärinen, Sharygina,
// "Transition Power Abstraction for Deep Counterexample Detection", TACAS 2022 (basic), and
// "Split Transition Power Abstraction for Unbounded Safety", FMCAD 2022 (split).
//
//   TpaEngine e(blocks, options, budget);        // blocks = large_block(plain), or craig chc's program
//   Verdict v = e.run();
//
// The program is one transition system (transition_system.hpp: variables and a location). tpa
// keeps a sequence of relations over (x, x'), each refined by interpolants only:
//   basic  R_0 = Id ∨ T, and R_{n+1} ⊇ R_n ∘ R_n, so R_n ⊇ T^{≤2^n};
//   split  E_0 = T, L_0 = Id, E_{n+1} ⊇ E_n ∘ E_n ⊇ T^{2^{n+1}} and
//          L_{n+1} ⊇ L_n ∪ L_n ∘ E_n ⊇ T^{<2^{n+1}}.
// A reachability query "from ⇝ to at level n" asks from(x) ∧ Rel_n(x, x') ∧ Rel_n(x', x'') ∧
// to(x'') (split's less-than query: L_n(x, x'') ∨ L_n(x, x') ∧ E_n(x', x'')). Unsat: the
// interpolant of the two relation steps against from ∧ to, a relation over (x, x''), strengthens
// level n+1 (TACAS'22 Alg. 1, lines "learn"). Sat at level 0: the model's state x'' (a point of
// `to`, with the blocks of the steps); Sat above: a midpoint cube of x' (both halves
// projected), and the two halves are asked at level n−1, the first from `from`, the second from
// the first's reached state; an unreachable half refined level n, so the query is asked again.
// Reachable answers are cached (true facts; Golem's query cache).
// Power n: Init ⇝ Bad at level n (split: the less-than query, then the exact one).
//
// Safety (checks after every unreachable power): the conjuncts of the relations that contain Id
// (basic's R_i, split's L_i) of every level that changed, with those found closed before, go to
// Houdini, which keeps the largest set H closed on the right restricted to Init,
// Init(x) ∧ H(x, x') ∧ T(x', x'') ⊨ H(x, x''), or on the left restricted to Bad,
// T(x, x') ∧ H(x', x'') ∧ Bad(x'') ⊨ H(x, x'') (Golem's houdiniCheck; a whole R_i closed is the
// fixed point of the paper). H ⊇ Id closed is a transition invariant; with Init ∧ H ∧ Bad unsat
// (true for every R_i and L_i by the power queries' interpolants) a safe one. The certificate
// (Certificate::invariants) is its state invariant, per location l:
//   right  ∃x. Init(x) ∧ H(x, x') ∧ at(x', l)      (the states H reaches from Init)
//   left   ¬∃x'. H(x, x') ∧ Bad(x') ∧ at(x, l)      (the states that cannot reach Bad)
// computed exactly by enumerating model-based projections (projection.hpp), the entry's true;
// where the enumeration does not end there is no TRUE (never one without a certificate): the run
// goes on, and its UNKNOWN at the end says why. Split's fixed points of the exact relation (E_i ∘ E_i ⊆ E_i) would need a
// 2^i-inductive invariant made inductive (Golem's kinductiveToInductive): not built, so split
// proves safety by the fixed points of L only.
//
// Counterexamples: a Sat level-0 query ("leaf") answers with its model's first and final states
// (T is exact there) and the blocks of its steps; every `from` but Init is such a state, so the
// blocks of the leaves of a reachable power query, in order, are a path from an Init state to a
// Bad one; the block from the entry into the first and the one from the last into the error
// (transition_system.hpp) complete it. It is replayed for the C operators
// (encoding/block_path_replay.hpp): a FALSE only for a path that replays; a path to `truncated`
// is UNKNOWN. Queries are exact for the C operators (exact_check, instances in their part).
//
// UNKNOWN: the budget ("timeout at level 7"), the level bound (CommonSettings::bound), an
// undecided query or interpolation, a projection that did not end, a path that does not replay.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "base/budget.hpp"
#include "itp/options.hpp"
#include "smt/solver.hpp"
#include "verifier/engines/tpa/transition_system.hpp"
#include "verifier/encoding/query_settings.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier::tpa {

enum class Mode : std::uint8_t { Basic, Split };

struct TpaOptions : QuerySettings {
    itp::ItpOptions itp;
    Mode mode = Mode::Split;
    unsigned max_levels = 0;           // 0: no bound
    unsigned projection_cubes = 256;   // cubes of one location's invariant
};

struct TpaStats {
    std::size_t queries = 0, cached = 0, sat = 0, interpolants = 0, refinements = 0, fixed_point_checks = 0,
                projection_cubes = 0, by_value = 0, leaves = 0, path_blocks = 0, operator_instances = 0;
    double query_seconds = 0, itp_seconds = 0, mbp_seconds = 0, fixed_point_seconds = 0, invariant_seconds = 0,
           path_seconds = 0;
};

class TpaEngine {
public:
    TpaEngine(const Program& blocks, const TpaOptions& options, base::Budget budget = {});

    Verdict run(const std::function<void(const std::function<std::string()>&)>& progress = {});

private:
    // Which relation a query or level is about (basic: Reach only).
    enum class Rel : std::uint8_t { Reach, Exact, Less };
    // A step of a level-0 relation: the identity, T, or either (identity and step both set).
    struct Instance {
        smt::Term identity;         // invalid: none
        std::optional<Step> step;   // none: the identity only
    };
    struct Reached {
        bool reachable = false;
        smt::Term start, states;     // reachable: a state of `from` and one of `to` it reaches (over state 0)
        std::vector<EdgeId> path;    // reachable: the blocks from a state of the first `from` to `states`
    };
    // A query's answer from the solver.
    struct Answer {
        smt::Result result = smt::Result::Unknown;
        std::optional<smt::Model> model;
        std::optional<smt::Term> interpolant;  // Unsat: over states 0 and 2
    };
    // Thrown to end the run with UNKNOWN (budget, undecided query or interpolation).
    struct Stop {
        std::string why;
    };

    Reached query(Rel rel, smt::Term from, smt::Term to, unsigned level);
    Reached query_less(smt::Term from, smt::Term to, unsigned level);
    Reached query_uncached(Rel rel, smt::Term from, smt::Term to, unsigned level);
    Reached query_less_uncached(smt::Term from, smt::Term to, unsigned level);
    // Solves from(s0) ∧ a ∧ to(s2) with `a` the A-part; interpolates a against the rest when Unsat.
    // sat_likely: first without proofs (a proof-producing solver only for an Unsat answer).
    Answer solve(smt::Term a, smt::Term from, smt::Term to, bool sat_likely);
    Answer check(smt::Term a, smt::Term from, smt::Term to, bool proofs);
    // The relation of `rel` at `level` over states (a, b), level 0 by fresh instances of T.
    // `instances` (level 0): receives the instance of the step made.
    smt::Term relation(Rel rel, unsigned level, unsigned a, unsigned b, std::vector<Instance>* instances = nullptr);
    void learn(Rel rel, unsigned level, smt::Term interpolant_02);  // level: the one strengthened
    // Cube over state `keep` of f (true in m), moved to state 0.
    smt::Term reached(smt::Term f, const smt::Model& m, unsigned keep);
    Reached leaf(std::span<const Instance> steps, const smt::Model& m);

    // fixed_point.cpp
    bool fixed_point(Rel rel, unsigned top);  // sets verdict_ to TRUE when a certificate was made
    // The largest subset of `pool` (relations over states 0, 1 that contain Id) whose conjunction
    // is closed on the side `right` says (Houdini, Flanagan and Leino FME 2001, as Golem uses it).
    std::vector<smt::Term> closed_subset(std::vector<smt::Term> pool, bool right);
    std::optional<bool> safe(smt::Term relation01);  // Init(x) ∧ Rel(x, x') ∧ Bad(x') unsat?
    bool certify_transition_invariant(smt::Term relation01, bool right, const std::string& what);
    // path.cpp
    void close_path(const Reached& r);  // sets verdict_

    const std::vector<smt::Term>& conjuncts(Rel rel, unsigned level);
    void check_budget(const std::string& where);
    void report();
    Verdict finish(Verdict v) const;
    smt::SolverOptions solver_options(bool proofs) const;

    const Program& blocks_;
    smt::TermManager& tm_;
    TransitionSystem ts_;
    TpaOptions o_;
    base::Budget budget_;
    // Per relation and level >= 1: the interpolants learnt (the relation is their conjunction).
    std::vector<std::vector<smt::Term>> reach_, exact_, less_;
    unsigned power_ = 0;
    // Reachable queries by relation, level, from and to (true facts: Golem's query cache); only
    // reachable answers are kept, since an unreachable one must refine its level again.
    std::map<std::tuple<Rel, unsigned, std::uint32_t, std::uint32_t>, Reached> cache_;
    std::string no_certificate_;
    // Fixed points: per side (right, left) the conjuncts found closed together, and per level of
    // the relation that contains Id how many conjuncts it had when last offered to Houdini.
    std::vector<smt::Term> closed_[2];
    std::vector<std::size_t> offered_;  // why the last safe transition invariant gave no certificate
    mutable smt::SolverTimes times_;
    TpaStats stats_;
    Verdict verdict_;
    std::function<void(const std::function<std::string()>&)> progress_;
};

const char* mode_name(Mode m);  // "basic", "split"

}  // namespace craig::verifier::tpa
