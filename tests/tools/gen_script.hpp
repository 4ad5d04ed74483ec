// The skeleton shared by the random SMT-LIB script generators (gen_qf_uf, gen_arith): symbols
// and scopes, let bindings, the Boolean structure of formulas and assertions, push/pop and
// check-sat, the layout of a script (assertions up to an atom budget, optionally in nested
// push/pop blocks) and main() (`NAME SEED [ARGS...] [SIZE]`). Each generator adds its atoms,
// terms and declarations and the odds of its choices (Odds). The order of the random draws is
// part of the contract: a seed names the same script as before the skeleton was shared.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "rng.hpp"

namespace craig::testgen {

// Seeds reproduce the files of earlier runs: the script generators' salt.
class ScriptRng : public Rng {
public:
    explicit ScriptRng(uint64_t seed) : Rng(seed, 0x632BE59BD9B4E019ull) {}
};

inline constexpr int kBool = 0;  // sort index 0 is Bool

struct Symbol {
    std::string name;
    std::vector<int> args;  // empty for constants
    int result;
    int level;  // push level at which it was declared
};

struct LetVar {
    std::string name;
    int sort;
};

// The odds that tell the generators' shared parts apart.
struct Odds {
    int plain_names;  // fresh_name: 3 in this many names are quoted or carry !, ., ~
    double negation;  // a literal is negated
    int xor_below;    // formula(): the cut points (of 100) that end the ranges of xor, =
    int eq_below;     //   and ite (not, and, or and => have the same ranges everywhere)
    int ite_below;
    double unit_clause;  // a clause assertion is a single literal
    int max_clause;      // a clause has up to this many literals
};

class ScriptGenerator {
public:
    virtual ~ScriptGenerator() = default;

protected:
    ScriptGenerator(uint64_t rng_seed, int size, std::vector<std::string> sort_names, const Odds& odds)
        : rng_(rng_seed), size_(size), sort_names_(std::move(sort_names)), odds_(odds) {}

    // What each generator defines: terms of a sort, atoms, the sort and term of a let binding,
    // and what a push block declares (at the first and the nested level).
    virtual std::string term(int sort, int depth) = 0;
    virtual std::string atom() = 0;
    virtual std::pair<int, std::string> let_binding(int depth) = 0;
    virtual void declare_in_block() = 0;
    virtual void declare_in_nested_block() = 0;

    ScriptRng rng_;
    int size_;
    std::vector<std::string> sort_names_;
    Odds odds_;
    std::vector<Symbol> symbols_;
    std::vector<LetVar> env_;  // let-bound variables, innermost last
    int level_ = 0;
    int atoms_ = 0;  // atoms emitted so far (the size measure)
    int nest_ = 0;   // terms being built around the current point
    int let_counter_ = 0;
    int fresh_counter_ = 0;
    std::string out_;

    std::string fresh_name(const char* stem) {
        std::string n = stem + std::to_string(fresh_counter_++);
        // Occasionally a quoted symbol (with a space, so it must stay quoted) or a simple symbol
        // with characters beyond letters and digits.
        int r = rng_.below(odds_.plain_names);
        if (r == 0) return "|" + n + " q|";
        if (r == 1) return n + "!x";
        if (r == 2) return n + ".v~";
        return n;
    }

    void declare(const std::string& name, std::vector<int> args, int result) {
        if (args.empty() && rng_.chance(0.5)) {
            out_ += "(declare-const " + name + " " + sort_names_[result] + ")\n";
        } else {
            out_ += "(declare-fun " + name + " (";
            for (size_t i = 0; i < args.size(); ++i) out_ += (i ? " " : "") + sort_names_[args[i]];
            out_ += ") " + sort_names_[result] + ")\n";
        }
        symbols_.push_back({name, std::move(args), result, level_});
    }

    std::vector<const Symbol*> constants_of(int sort) const {
        std::vector<const Symbol*> v;
        for (auto& s : symbols_)
            if (s.args.empty() && s.result == sort) v.push_back(&s);
        return v;
    }
    std::vector<const Symbol*> functions_to(int sort) const {
        std::vector<const Symbol*> v;
        for (auto& s : symbols_)
            if (!s.args.empty() && s.result == sort) v.push_back(&s);
        return v;
    }
    // Visible let variables of a sort (a name shadowed by an inner binding is not visible).
    std::vector<std::string> vars_of(int sort) const {
        std::vector<std::string> v;
        for (size_t i = env_.size(); i-- > 0;) {
            bool shadowed = false;
            for (size_t j = i + 1; j < env_.size(); ++j) shadowed |= env_[j].name == env_[i].name;
            if (!shadowed && env_[i].sort == sort) v.push_back(env_[i].name);
        }
        return v;
    }

    int term_depth() {
        int max = (size_ >= 6 ? 3 : size_ >= 3 ? 2 : 1) - nest_;
        return max <= 0 ? 0 : rng_.range(0, max);
    }

    // n terms of a sort, pairwise different as strings when a few tries allow (identical
    // sides make trivial atoms).
    std::vector<std::string> different_terms(int sort, int n) {
        std::vector<std::string> ts;
        for (int i = 0; i < n; ++i) {
            std::string t;
            for (int tries = 0; tries < 4; ++tries) {
                t = term(sort, term_depth());
                bool dup = false;
                for (auto& u : ts) dup |= u == t;
                if (!dup) break;
            }
            ts.push_back(t);
        }
        return ts;
    }

    std::string literal() {
        std::string a = atom();
        return rng_.chance(odds_.negation) ? "(not " + a + ")" : a;
    }

    std::string nary(const char* op, int n, int depth) {
        std::string s = std::string("(") + op;
        for (int i = 0; i < n; ++i) s += " " + formula(depth - 1);
        return s + ")";
    }

    std::string let_formula(int depth) {
        int n = rng_.range(1, 2);
        std::vector<LetVar> binds;
        std::string s = "(let (";
        for (int i = 0; i < n; ++i) {
            std::string name;
            auto outer = env_.size();
            if (outer > 0 && rng_.chance(0.4)) {
                name = env_[rng_.below(static_cast<int>(outer))].name;  // shadow an outer variable
            } else {
                name = "?x" + std::to_string(let_counter_++);
            }
            bool dup = false;
            for (auto& b : binds) dup |= b.name == name;
            if (dup) name = "?x" + std::to_string(let_counter_++);
            // Bindings are parallel: their terms see the outer scope only.
            auto [sort, t] = let_binding(depth);
            s += (i ? " (" : "(") + name + " " + t + ")";
            binds.push_back({name, sort});
        }
        s += ") ";
        for (auto& b : binds) env_.push_back(b);
        s += formula(depth - 1);
        env_.resize(env_.size() - binds.size());
        return s + ")";
    }

    std::string formula(int depth) {
        if (depth <= 0) return literal();
        int r = rng_.below(100);
        if (r < 12) return "(not " + formula(depth - 1) + ")";
        if (r < 30) return nary("and", rng_.range(2, 3), depth);
        if (r < 50) return nary("or", rng_.range(2, 3), depth);
        if (r < 58) return nary("=>", 2, depth);
        if (r < odds_.xor_below) return nary("xor", 2, depth);
        if (r < odds_.eq_below) return nary("=", 2, depth);
        if (r < odds_.ite_below) return nary("ite", 3, depth);
        if (r < 88) return let_formula(depth);
        return literal();
    }

    // One assertion: mostly a short clause (drives the sat/unsat threshold), sometimes a deeper
    // formula with the whole connective zoo.
    std::string assertion() {
        if (rng_.chance(0.75)) {
            int w = rng_.chance(odds_.unit_clause) ? 1 : rng_.range(2, odds_.max_clause);
            if (w == 1) return literal();
            std::string s = "(or";
            for (int i = 0; i < w; ++i) s += " " + literal();
            return s + ")";
        }
        return formula(rng_.range(1, size_ >= 4 ? 4 : 2));
    }

    void assert_some(int n) {
        for (int i = 0; i < n; ++i) out_ += "(assert " + assertion() + ")\n";
    }

    void push() {
        ++level_;
        out_ += "(push 1)\n";
    }
    void pop() {
        --level_;
        out_ += "(pop 1)\n";
        while (!symbols_.empty() && symbols_.back().level > level_) symbols_.pop_back();
    }

    void check_sat() {
        auto bs = constants_of(kBool);
        if (!bs.empty() && rng_.chance(0.15)) {
            out_ += "(check-sat-assuming (";
            int n = rng_.range(1, 2);
            for (int i = 0; i < n; ++i) {
                std::string b = rng_.pick(bs)->name;
                out_ += (i ? " " : "") + (rng_.chance(0.5) ? "(not " + b + ")" : b);
            }
            out_ += "))\n";
        } else {
            out_ += "(check-sat)\n";
        }
    }

    // The assertions and check-sats, `goal` atoms in all: at once, or (incremental) two thirds
    // as a base, then 2-4 push blocks (some with a nested one), then a little more base.
    // The closing (get-model) when `model`, and (exit).
    void assertions(bool incremental, int goal, bool model) {
        if (!incremental) {
            while (atoms_ < goal) assert_some(1);
            check_sat();
        } else {
            int base_goal = goal * 2 / 3;
            while (atoms_ < base_goal) assert_some(1);
            if (rng_.chance(0.5)) check_sat();
            int blocks = rng_.range(2, 4);
            int per_block = (goal - base_goal) / blocks + 1;
            for (int b = 0; b < blocks; ++b) {
                push();
                declare_in_block();
                int start = atoms_;
                while (atoms_ < start + per_block) assert_some(1);
                check_sat();
                if (rng_.chance(0.4)) {
                    push();
                    declare_in_nested_block();
                    int s2 = atoms_;
                    while (atoms_ < s2 + per_block / 2 + 1) assert_some(1);
                    check_sat();
                    pop();
                }
                pop();
            }
            // Grow the base a little and finish.
            int s3 = atoms_;
            while (atoms_ < s3 + per_block) assert_some(1);
            check_sat();
        }
        if (model) out_ += "(get-model)\n";
        out_ += "(exit)\n";
    }
};

// main() of a generator: `NAME SEED ARG... [SIZE]` with `fixed` ARGs, which parse_fixed(argv + 2)
// checks (printing its own message when it returns false); script(seed, size) is the script.
// Without SIZE the size is drawn from the seed, skewed small: half of the seeds get 1..3.
template <class ParseFixed, class Script>
int generator_main(int argc, char** argv, const char* name, const char* usage, int fixed, ParseFixed parse_fixed,
                   Script script) {
    if (argc < 2 + fixed || argc > 3 + fixed) {
        std::fputs(usage, stderr);
        return 2;
    }
    char* end = nullptr;
    uint64_t seed = std::strtoull(argv[1], &end, 10);
    if (*end || !*argv[1]) {
        std::fprintf(stderr, "%s: SEED must be a number\n", name);
        return 2;
    }
    if (!parse_fixed(argv + 2)) return 2;
    int size;
    if (argc == 3 + fixed) {
        size = std::atoi(argv[2 + fixed]);
        if (size < 1 || size > 10) {
            std::fprintf(stderr, "%s: SIZE must be in 1..10\n", name);
            return 2;
        }
    } else {
        ScriptRng r(seed ^ 0x5EEDull);
        size = r.chance(0.5) ? r.range(1, 3) : r.range(1, 10);
    }
    std::string s = script(seed, size);
    std::fwrite(s.data(), 1, s.size(), stdout);
    return 0;
}

}  // namespace craig::testgen
