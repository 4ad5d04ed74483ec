#pragma once
// Random small unsat problems for interpolation tests, partitioned by construction: each
// partition draws its formulas from its own local symbols, the symbols it shares with each
// other partition, and a few symbols shared by all. Formulas are added to random partitions
// until the conjunction is unsat (decided by a solver without proofs).
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "smt/solver.hpp"

namespace craig::itp::test {

enum class RandomLogic { Propositional, Lra };

// The shapes the random tests interpolate for n = 2..4 partitions (`start` of tree_interpolants):
// the sequence, then trees.
inline const std::vector<std::vector<uint32_t>>& random_shapes(uint32_t n) {
    static const std::vector<std::vector<std::vector<uint32_t>>> shapes = {
        {},
        {},
        {{0, 0}},
        {{0, 0, 0}, {0, 1, 0}},                      // 0 and 1 children of the root 2
        {{0, 0, 0, 0}, {0, 1, 0, 0}, {0, 1, 2, 0}},  // 2 over 0 and 1 under the root; a flat root
    };
    return shapes.at(n);
}

class RandomProblem {
public:
    // Returns the partitions of an unsat problem, or nullopt when `max_formulas` did not make
    // the problem unsat.
    static std::optional<std::vector<std::vector<smt::Term>>> make(smt::TermManager& tm, RandomLogic logic,
                                                                   uint32_t partitions, uint32_t seed,
                                                                   uint32_t max_formulas = 120) {
        RandomProblem g(tm, logic, partitions, seed);
        smt::Solver s(tm);
        std::vector<std::vector<smt::Term>> parts(partitions);
        for (uint32_t k = 0; k < max_formulas; ++k) {
            uint32_t p = g.below(partitions);
            smt::Term f = g.formula(p);
            parts[p].push_back(f);
            s.assert_formula(f);
            smt::Result r = s.check();
            if (r == smt::Result::Unsat) return parts;
            if (r == smt::Result::Unknown) return std::nullopt;
        }
        return std::nullopt;
    }

private:
    RandomProblem(smt::TermManager& tm, RandomLogic logic, uint32_t n, uint32_t seed)
        : tm_(tm), logic_(logic), rng_(seed), symbols_(n) {
        const smt::Sort sort = logic == RandomLogic::Lra ? smt::SortTable::Real : smt::SortTable::Bool;
        const uint32_t local = logic == RandomLogic::Lra ? 2 : 3;
        auto fresh = [&](const std::string& name) { return tm.mk_const(tm.declare_fun(name, {}, sort)); };
        for (uint32_t i = 0; i < n; ++i)
            for (uint32_t k = 0; k < local; ++k)
                symbols_[i].push_back(fresh("l" + std::to_string(i) + "_" + std::to_string(k)));
        for (uint32_t i = 0; i < n; ++i)
            for (uint32_t j = i + 1; j < n; ++j)
                for (uint32_t k = 0; k < 2; ++k) {
                    smt::Term t = fresh("s" + std::to_string(i) + std::to_string(j) + "_" + std::to_string(k));
                    symbols_[i].push_back(t);
                    symbols_[j].push_back(t);
                }
        if (n > 2) {
            smt::Term g = fresh("g");
            for (auto& s : symbols_) s.push_back(g);
        }
    }

    uint32_t below(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
    smt::Term pick(uint32_t p) { return symbols_[p][below(symbols_[p].size())]; }

    smt::Term formula(uint32_t p) {
        if (logic_ == RandomLogic::Propositional) {
            std::vector<smt::Term> lits;
            const uint32_t width = 2 + below(2);
            for (uint32_t i = 0; i < width; ++i) {
                smt::Term v = pick(p);
                lits.push_back(below(2) ? v : tm_.mk_not(v));
            }
            return tm_.mk_or(lits);
        }
        const uint32_t shape = below(10);
        if (shape < 6) return atom(p);
        if (shape < 9) return tm_.mk_or(atom(p), atom(p));
        return tm_.mk_and(atom(p), tm_.mk_or(atom(p), atom(p)));
    }

    // Σ c_i·x_i ⋈ k with 1-3 terms, |c_i| <= 3, |k| <= 5, ⋈ in {<=, <, =}.
    smt::Term atom(uint32_t p) {
        std::vector<smt::Term> sum;
        const uint32_t terms = 1 + below(3);
        for (uint32_t i = 0; i < terms; ++i) {
            int c = static_cast<int>(below(6)) - 3;
            if (c >= 0) ++c;
            sum.push_back(tm_.mk_scale(c, pick(p)));
        }
        smt::Term lhs = tm_.mk_add(sum);
        smt::Term rhs = tm_.mk_numeral(static_cast<int>(below(11)) - 5, smt::SortTable::Real);
        const uint32_t op = below(10);
        if (op < 5) return tm_.mk_leq(lhs, rhs);
        if (op < 9) return tm_.mk_lt(lhs, rhs);
        return tm_.mk_eq(lhs, rhs);
    }

    smt::TermManager& tm_;
    RandomLogic logic_;
    std::mt19937 rng_;
    std::vector<std::vector<smt::Term>> symbols_;  // per partition: the symbols it may use
};

}  // namespace craig::itp::test
