#pragma once
// Random EUF literal sets for the interpolation tests: one uninterpreted sort U, an Int-valued
// function n, and A-local, B-local and shared constants, functions and predicates. Every
// literal of side A is over A-local and shared symbols, every literal of side B over B-local
// and shared ones.
#include <random>
#include <string>
#include <vector>

#include "itp/theory_interpolants.hpp"

namespace craig::itp::test {

// Sizes and literal mix of a random problem.
struct Shape {
    int consts = 2;                  // constants per category (A-local, B-local, shared)
    int min_lits = 2, max_lits = 8;  // per side
    int depth = 2;
    int eq = 70, diseq = 12, pred = 10;  // percent; the rest are arithmetic interface literals
};

struct EufRandomProblem {
    TermManager tm;
    Shape shape;
    smt::Sort u = tm.sorts().uninterpreted("U");
    std::vector<FuncId> a_local, b_local;
    // Per side (0 = A, 1 = B): constants, unary and binary functions usable there.
    std::vector<Term> consts[2];
    std::vector<FuncId> unary[2], binary[2], preds[2];
    FuncId num_fun = 0;  // U -> Int, shared
    std::vector<SidedLiteral> lits;

    EufRandomProblem(std::mt19937& rng, Shape sh) : shape(sh) {
        auto declare = [&](const std::string& name, size_t arity, smt::Sort range, int where) {
            FuncId f = tm.declare_fun(name, std::vector<smt::Sort>(arity, u), range);
            if (where == 0) a_local.push_back(f);
            if (where == 1) b_local.push_back(f);
            return f;
        };
        for (int i = 0; i < shape.consts; ++i) {
            Term a = tm.mk_const(declare("a" + std::to_string(i), 0, u, 0));
            Term b = tm.mk_const(declare("b" + std::to_string(i), 0, u, 1));
            Term s = tm.mk_const(declare("s" + std::to_string(i), 0, u, 2));
            consts[0].push_back(a);
            consts[1].push_back(b);
            consts[0].push_back(s);
            consts[1].push_back(s);
        }
        FuncId f = declare("f", 1, u, 2), g = declare("g", 1, u, 0), h = declare("h", 1, u, 1);
        FuncId m = declare("m", 2, u, 2), ma = declare("ma", 2, u, 0), mb = declare("mb", 2, u, 1);
        FuncId p = declare("P", 1, smt::SortTable::Bool, 2);
        FuncId q = declare("Q", 1, smt::SortTable::Bool, 0);
        FuncId r = declare("R", 1, smt::SortTable::Bool, 1);
        num_fun = declare("n", 1, smt::SortTable::Int, 2);
        unary[0] = {f, g};
        unary[1] = {f, h};
        binary[0] = {m, ma};
        binary[1] = {m, mb};
        preds[0] = {p, q};
        preds[1] = {p, r};
        for (int side = 0; side < 2; ++side) {
            int n = std::uniform_int_distribution<int>(shape.min_lits, shape.max_lits)(rng);
            for (int i = 0; i < n; ++i) add_literal(rng, side);
        }
    }

    Term term(std::mt19937& rng, int side, int depth) {
        auto pick = [&](auto& v) { return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)]; };
        int k = std::uniform_int_distribution<int>(0, 9)(rng);
        if (depth == 0 || k < 5) return pick(consts[side]);
        if (k < 8) return tm.mk_app(pick(unary[side]), std::vector<Term>{term(rng, side, depth - 1)});
        Term args[2] = {term(rng, side, depth - 1), term(rng, side, depth - 1)};
        return tm.mk_app(pick(binary[side]), args);
    }

    void add_literal(std::mt19937& rng, int side) {
        const Side s = side == 0 ? Side::A : Side::B;
        int k = std::uniform_int_distribution<int>(0, 99)(rng);
        Term atom;
        bool value = true;
        const int d = shape.depth;
        if (k < shape.eq) {
            atom = tm.mk_eq(term(rng, side, d), term(rng, side, d));
        } else if (k < shape.eq + shape.diseq) {
            atom = tm.mk_eq(term(rng, side, d), term(rng, side, d));
            value = false;
        } else if (k < shape.eq + shape.diseq + shape.pred) {
            auto& ps = preds[side];
            FuncId p = ps[std::uniform_int_distribution<size_t>(0, ps.size() - 1)(rng)];
            atom = tm.mk_app(p, std::vector<Term>{term(rng, side, 1)});
            value = rng() % 2;
        } else {
            // n(t) = numeral, or n(t) = n(t'): arithmetic interface equalities.
            Term x = tm.mk_app(num_fun, std::vector<Term>{term(rng, side, 1)});
            Term y = rng() % 2 ? tm.mk_numeral(static_cast<int>(rng() % 3), smt::SortTable::Int)
                               : tm.mk_app(num_fun, std::vector<Term>{term(rng, side, 1)});
            atom = tm.mk_eq(x, y);
            value = rng() % 4 != 0;
        }
        if (tm.kind(atom) == smt::Kind::True || tm.kind(atom) == smt::Kind::False) return;
        lits.push_back({atom, value, s});
    }

    bool both_sides() const {
        bool a = false, b = false;
        for (const SidedLiteral& l : lits) (l.side == Side::A ? a : b) = true;
        return a && b;
    }
};

}  // namespace craig::itp::test
