// APost for Box over one edge of a Program (a large block: any quantifier-free formula over
// the cur constants, the next constants of the written variables and aux constants, with the
// C operators uninterpreted), by symbolic abstraction with the solver:
//
//   gamma(pre) ∧ formula(e) is asserted once in a fresh solver (the edge's own constants: its
//   next constants are the post-state, aux constants stay existential);
//   Unsat                  → bottom;
//   Unknown                → pre for the variables e does not write, top for those it writes;
//   Sat                    → the post-state variable of every arithmetic (Int or Real)
//                            variable whose post value occurs in the formula (next for a
//                            written one, cur for an unwritten one) gets the bounds that
//                            search_bounds (bound_search.hpp) proves, over the integers or the
//                            reals as its sort says; an unwritten variable the formula does
//                            not mention keeps its pre interval, a written one the formula
//                            does not constrain is top (so is every Bool variable).
// Sound for every answer of the solver: a finite bound is only kept when an Unsat answer (or
// the pre-state, for an unwritten variable) implies it, and an uninterpreted operator only
// allows more post-states than C does. Candidates tried first: the constants of literals
// "x ≤ c", "x = c" over the same constant in the formula (guards), and for a written variable
// its pre bounds and the guards on its cur constant shifted by the first model's x' - x
// (counters: x ∈ [0,5] ∧ x' = x + 1 gives 1 and 6, while (x < 10) x++ gives 10); over the
// reals the constants and the shift are exact rationals.
//
// Results are cached per (gamma(pre), edge): labels recur in an unwinding.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "base/budget.hpp"
#include "verifier/domains/bound_search.hpp"
#include "verifier/domains/box.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

struct BoxPostOptions {
    unsigned max_queries_per_bound = 16;
    std::uint64_t lia_branch_budget = 2000;  // per check; an Unknown only loses precision
};

struct BoxPostCounters {
    std::uint64_t calls = 0, cache_hits = 0, bottom = 0;
    BoundSearchStats search;  // includes the first check of every computed post
    double seconds = 0;
};

class BoxPost {
public:
    BoxPost(const Program& p, const base::Budget& budget, BoxPostOptions o) : p_(p), budget_(budget), o_(o) {}

    // A box b with gamma(pre) ∧ formula(e) ⇒ gamma(b)[cur := post-state].
    Box operator()(const Box& pre, EdgeId e);
    const BoxPostCounters& counters() const { return counters_; }

private:
    // What the bound search needs to know of an edge's formula (computed once per edge).
    struct EdgeFacts {
        std::vector<VarId> targets;  // variables whose post value occurs in the formula
        // Per constant: values c from literals over it alone (x ≤ c gives c and c + 1).
        std::unordered_map<smt::Term, std::vector<mpq_class>, smt::TermHash> literal_constants;
    };
    const EdgeFacts& facts(EdgeId e);
    Box compute(const Box& pre, EdgeId e);
    smt::Term post_term(VarId v, const Edge& e) const;

    struct KeyHash {
        std::size_t operator()(std::pair<std::uint32_t, EdgeId> k) const {
            return std::size_t{k.first} * 1000003u ^ k.second;
        }
    };

    const Program& p_;
    base::Budget budget_;
    BoxPostOptions o_;
    BoxPostCounters counters_;
    std::unordered_map<EdgeId, EdgeFacts> facts_;
    std::unordered_map<std::pair<std::uint32_t, EdgeId>, Box, KeyHash> cache_;
};

}  // namespace craig::verifier
