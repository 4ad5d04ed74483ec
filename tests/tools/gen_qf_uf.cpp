// gen_qf_uf: random QF_UF scripts for differential testing against z3 and cvc5.
//
//   gen_qf_uf SEED [SIZE]
//
// prints one SMT-LIB 2.6 script on standard output. SIZE runs from 1 (a handful of atoms) to
// 10 (a few hundred atoms); without it the size is drawn from the seed, skewed towards small
// scripts. The same SEED and SIZE always give the same script (own PRNG, no std::
// distributions, whose results differ between standard libraries).
//
// What the scripts exercise: one or two uninterpreted sorts, constants, unary and binary
// functions (some Boolean-valued, some with Bool arguments), Boolean constants, and/or/not/=>/
// xor, Boolean and term-level ite, = (also between Booleans), distinct, let (parallel bindings,
// shadowing of outer let variables, sometimes with a different sort), quoted symbols,
// push/pop with declarations inside scopes, several check-sats, check-sat-assuming, and an
// optional final (get-model).
//
// Balance: most assertions are short clauses over equalities between shallow terms over few
// constants, plus some deeper formulas; the number of clauses per constant is drawn around the
// empirical sat/unsat threshold (measured with z3 over seeds 1..200 of every size), so roughly
// half of the scripts are unsat.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gen_script.hpp"

namespace {

using craig::testgen::kBool;
using craig::testgen::Symbol;

class Generator : public craig::testgen::ScriptGenerator {
public:
    Generator(uint64_t seed, int size)
        : ScriptGenerator(seed, size, {"Bool"},
                          {.plain_names = 20,
                           .negation = 0.45,
                           .xor_below = 64,
                           .eq_below = 70,
                           .ite_below = 78,
                           .unit_clause = 0.1,
                           .max_clause = 4}) {}

    std::string script();

private:
    int num_sorts() const { return static_cast<int>(sort_names_.size()); }
    int random_usort() { return rng_.range(1, num_sorts() - 1); }

    std::string leaf(int sort) {
        auto vars = vars_of(sort);
        if (!vars.empty() && rng_.chance(0.5)) return rng_.pick(vars);
        auto cs = constants_of(sort);
        if (cs.empty()) return sort == kBool ? (rng_.chance(0.5) ? "true" : "false") : "?";
        return rng_.pick(cs)->name;
    }

    // Terms may contain formulas (ite conditions, Bool arguments) whose atoms contain terms
    // again; nest_ counts that nesting so that it stays bounded.
    std::string term(int sort, int depth) override {
        if (sort == kBool) return formula(depth > 1 && nest_ == 0 ? 1 : 0);
        auto fs = functions_to(sort);
        if (depth <= 0 || fs.empty() || rng_.chance(0.35)) return leaf(sort);
        ++nest_;
        std::string s;
        if (rng_.chance(0.12)) {
            s = "(ite " + formula(0) + " " + term(sort, depth - 1) + " " + term(sort, depth - 1) + ")";
        } else {
            const Symbol* f = rng_.pick(fs);
            s = "(" + f->name;
            for (int a : f->args) s += " " + term(a, depth - 1);
            s += ")";
        }
        --nest_;
        return s;
    }

    std::string atom() override {
        ++atoms_;
        int r = rng_.below(100);
        if (r < 55) {
            int s = random_usort();
            auto ts = different_terms(s, 2);
            return "(= " + ts[0] + " " + ts[1] + ")";
        }
        if (r < 63) {
            int s = random_usort();
            std::string d = "(distinct";
            for (auto& t : different_terms(s, rng_.range(2, 3))) d += " " + t;
            return d + ")";
        }
        if (r < 85) {
            auto ps = functions_to(kBool);
            if (!ps.empty()) {
                const Symbol* p = rng_.pick(ps);
                std::string s = "(" + p->name;
                for (int a : p->args) s += " " + (a == kBool ? leaf(kBool) : term(a, term_depth()));
                return s + ")";
            }
        }
        if (r < 90) {
            std::string x = leaf(kBool), y = leaf(kBool);
            if (x == y) y = leaf(kBool);
            if (x != y) return "(= " + x + " " + y + ")";
        }
        return leaf(kBool);
    }

    std::pair<int, std::string> let_binding(int depth) override {
        int sort = rng_.chance(0.3) ? kBool : random_usort();
        std::string t = sort == kBool ? formula(depth > 1 ? 1 : 0) : term(sort, term_depth());
        return {sort, t};
    }

    void declare_in_block() override {
        if (rng_.chance(0.4)) declare(fresh_name("c"), {}, random_usort());
    }
    void declare_in_nested_block() override {
        if (rng_.chance(0.3)) declare(fresh_name("d"), {1}, rng_.chance(0.5) ? kBool : 1);
    }
};

std::string Generator::script() {
    bool incremental = rng_.chance(0.3);
    bool model = rng_.chance(0.5);

    if (model) out_ += "(set-option :produce-models true)\n";
    out_ += "(set-logic QF_UF)\n";

    int nsorts = rng_.chance(0.35) ? 2 : 1;
    const char* names[] = {"U", "V"};
    for (int i = 0; i < nsorts; ++i) {
        std::string n = names[i];
        if (rng_.chance(0.1)) n = "|" + n + " sort|";
        sort_names_.push_back(n);
        out_ += "(declare-sort " + n + " 0)\n";
    }

    // Constants: few per sort so that equalities collide; more with size.
    for (int s = 1; s < num_sorts(); ++s) {
        int n = rng_.range(3, 3 + size_);
        for (int i = 0; i < n; ++i) declare(fresh_name(s == 1 ? "a" : "b"), {}, s);
    }
    int nb = rng_.range(1, 2 + size_ / 3);
    for (int i = 0; i < nb; ++i) declare(fresh_name("q"), {}, kBool);

    // Functions: a unary U -> U first (congruence chains), then a random mix.
    declare(fresh_name("f"), {1}, 1);
    int nf = rng_.range(1, 2 + size_ / 3);
    for (int i = 0; i < nf; ++i) {
        int arity = rng_.range(1, 2);
        std::vector<int> args;
        for (int a = 0; a < arity; ++a) args.push_back(rng_.chance(0.2) ? kBool : random_usort());
        int result = rng_.chance(0.35) ? kBool : random_usort();
        declare(fresh_name(result == kBool ? "p" : "g"), args, result);
    }

    // The clause density decides sat/unsat; draw it around the threshold.
    int target = 4 + 30 * size_;  // atoms
    double density = 0.42 - 0.03 * size_ + 1.4 * (static_cast<double>(rng_.below(1000)) / 1000.0);
    int goal = static_cast<int>(target * density);
    out_ = "; gen_qf_uf size " + std::to_string(size_) + " density " + std::to_string(density).substr(0, 4) +
           (incremental ? " incremental" : "") + "\n" + out_;

    assertions(incremental, goal, model);
    return out_;
}

}  // namespace

int main(int argc, char** argv) {
    return craig::testgen::generator_main(
        argc, argv, "gen_qf_uf", "usage: gen_qf_uf SEED [SIZE 1..10]\n", 0, [](char**) { return true; },
        [](uint64_t seed, int size) { return Generator(seed, size).script(); });
}
