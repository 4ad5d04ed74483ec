// gen_arith: random arithmetic scripts for differential testing against z3 and cvc5.
//
//   gen_arith SEED LOGIC [SIZE]
//
// prints one SMT-LIB 2.6 script for LOGIC (QF_LRA, QF_LIA, QF_UFLRA or QF_UFLIA) on standard
// output. SIZE runs from 1 (a handful of atoms) to 10 (a few hundred atoms); without it the
// size is drawn from the seed, skewed towards small scripts. The same SEED, LOGIC and SIZE
// always give the same script (own PRNG, no std:: distributions, whose results differ between
// standard libraries). Companion of gen_qf_uf, built the same way.
//
// What the scripts exercise: Int or Real constants; linear terms with +, binary and unary -,
// * by a constant on either side, integer coefficients and (for Real) rational ones written
// (/ 1 3), (- (/ 2 3)), 0.5, negative numerals written (- 3); <=, <, >=, >, =, distinct;
// not/and/or/=>/xor/ite and = on Bool; term-level ite of arithmetic sort; let (parallel
// bindings, shadowing); for LIA in about 5% of the scripts (div t k), (mod t k) and (abs t)
// with a positive constant k; for the UF logics functions from arithmetic to arithmetic,
// Boolean predicates over arithmetic and sometimes an uninterpreted sort U with functions
// U -> A and A -> U; push/pop with declarations inside scopes, several check-sats,
// check-sat-assuming, and a final (get-model) in about a third of the scripts.
//
// Balance: most assertions are short clauses over bounds on small linear combinations of few
// constants; the number of atoms per constant is drawn around the empirical sat/unsat
// threshold (measured with z3 over seeds 1..200 of every size and logic), so roughly half of
// the scripts are unsat.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "gen_script.hpp"

namespace {

using craig::testgen::kBool;
using craig::testgen::Symbol;
constexpr int kArith = 1;  // sort indices after Bool: Int or Real, after the logic
constexpr int kU = 2;      // the uninterpreted sort (UF logics, some scripts)

struct Logic {
    const char* name;
    bool ints;
    bool uf;
};
constexpr Logic kLogics[] = {
    {"QF_LRA", false, false},
    {"QF_LIA", true, false},
    {"QF_UFLRA", false, true},
    {"QF_UFLIA", true, true},
};

class Generator : public craig::testgen::ScriptGenerator {
public:
    Generator(uint64_t seed, const Logic& logic, int size)
        : ScriptGenerator(seed ^ (logic.ints ? 0x1A00ull : 0) ^ (logic.uf ? 0xF00Dull : 0), size, {"Bool", "Int", "U"},
                          {.plain_names = 30,
                           .negation = 0.35,
                           .xor_below = 62,
                           .eq_below = 67,
                           .ite_below = 75,
                           .unit_clause = 0.15,
                           .max_clause = 3}),
          logic_(logic) {}

    std::string script();

private:
    Logic logic_;
    bool use_u_ = false;    // the script declares U
    bool int_ops_ = false;  // div, mod and abs appear

    bool real() const { return !logic_.ints; }

    // ---- numerals ---------------------------------------------------------------------------

    // An integer value in the arithmetic sort: 3, (- 3), and for Real sometimes 3.0, (- 3.0).
    std::string number(int v) {
        std::string m = std::to_string(v < 0 ? -v : v);
        if (real() && rng_.chance(0.2)) m += ".0";
        return v < 0 ? "(- " + m + ")" : m;
    }

    // A constant: mostly small integers; for Real also decimals and fractions.
    std::string constant() {
        if (real() && rng_.chance(0.25)) {
            int r = rng_.below(5);
            bool neg = rng_.chance(0.4);
            std::string m;
            if (r == 0)
                m = std::to_string(rng_.range(0, 4)) + ".5";
            else if (r == 1)
                m = std::to_string(rng_.range(0, 2)) + "." + std::to_string(rng_.range(1, 9)) + "5";
            else
                m = "(/ " + std::to_string(rng_.range(1, 9)) + " " + std::to_string(rng_.range(2, 4)) + ")";
            return neg ? "(- " + m + ")" : m;
        }
        return number(rng_.range(-6, 6));
    }

    // A nonzero coefficient: small integers; for Real also (/ 1 3), (- (/ 2 3)), 0.5, 1.5.
    std::string coefficient() {
        if (real() && rng_.chance(0.3)) {
            int r = rng_.below(6);
            if (r == 0) return "0.5";
            if (r == 1) return "(- 1.5)";
            if (r == 2)
                return "(/ (- " + std::to_string(rng_.range(1, 3)) + ") " + std::to_string(rng_.range(2, 5)) + ")";
            std::string m = "(/ " + std::to_string(rng_.range(1, 5)) + " " + std::to_string(rng_.range(2, 5)) + ")";
            return rng_.chance(0.4) ? "(- " + m + ")" : m;
        }
        int v = rng_.range(1, 3);
        return number(rng_.chance(0.4) ? -v : v);
    }

    // ---- terms ------------------------------------------------------------------------------

    std::string leaf(int sort) {
        auto vars = vars_of(sort);
        if (!vars.empty() && rng_.chance(0.4)) return rng_.pick(vars);
        auto cs = constants_of(sort);
        if (cs.empty()) {
            if (sort == kBool) return rng_.chance(0.5) ? "true" : "false";
            if (sort == kArith) return constant();
            return "?";
        }
        return rng_.pick(cs)->name;
    }

    std::string arith_leaf() { return rng_.chance(0.08) ? constant() : leaf(kArith); }

    std::string apply(const Symbol* f, int depth) {
        std::string s = "(" + f->name;
        for (int a : f->args) s += " " + term(a, depth);
        return s + ")";
    }

    // c * t written (* c t) or (* t c); coefficient 1 or -1 sometimes as t or (- t).
    std::string scaled(const std::string& t) {
        int r = rng_.below(10);
        if (r == 0) return t;
        if (r == 1) return "(- " + t + ")";
        std::string c = coefficient();
        return r < 7 ? "(* " + c + " " + t + ")" : "(* " + t + " " + c + ")";
    }

    // Terms may contain formulas (ite conditions) whose atoms contain terms again; nest_ counts
    // that nesting so that it stays bounded.
    std::string term(int sort, int depth) override {
        if (sort == kBool) return formula(depth > 1 && nest_ == 0 ? 1 : 0);
        if (sort == kU) {
            auto fs = functions_to(kU);
            if (depth <= 0 || fs.empty() || rng_.chance(0.5)) return leaf(kU);
            ++nest_;
            std::string s = rng_.chance(0.15)
                                ? "(ite " + formula(0) + " " + term(kU, depth - 1) + " " + term(kU, depth - 1) + ")"
                                : apply(rng_.pick(fs), depth - 1);
            --nest_;
            return s;
        }
        if (depth <= 0 || rng_.chance(0.3)) return arith_leaf();
        ++nest_;
        auto fs = functions_to(kArith);
        std::string s;
        int r = rng_.below(100);
        if (r < 25) {
            int n = rng_.range(2, 3);
            s = "(+";
            for (int i = 0; i < n; ++i) s += " " + scaled(term(kArith, depth - 1));
            s += ")";
        } else if (r < 35) {
            s = "(- " + term(kArith, depth - 1) + " " + term(kArith, depth - 1) + ")";
        } else if (r < 40) {
            s = "(- " + term(kArith, depth - 1) + ")";
        } else if (r < 55) {
            s = scaled(term(kArith, depth - 1));
        } else if (r < 65 && nest_ <= 2) {
            s = "(ite " + formula(0) + " " + term(kArith, depth - 1) + " " + term(kArith, depth - 1) + ")";
        } else if (r < 85 && !fs.empty()) {
            s = apply(rng_.pick(fs), depth - 1);
        } else if (r < 95 && int_ops_) {
            int k = rng_.range(1, 4);
            int op = rng_.below(3);
            if (op == 0)
                s = "(div " + term(kArith, depth - 1) + " " + std::to_string(k) + ")";
            else if (op == 1)
                s = "(mod " + term(kArith, depth - 1) + " " + std::to_string(k) + ")";
            else
                s = "(abs " + term(kArith, depth - 1) + ")";
        } else {
            s = arith_leaf();
        }
        --nest_;
        return s;
    }

    // A small linear combination of 1..3 constants (sometimes function applications), the
    // workhorse of bound atoms.
    std::string linear() {
        int n = rng_.below(10) < 3 ? 1 : rng_.range(2, 3);
        std::vector<std::string> ms;
        for (int i = 0; i < n; ++i) {
            std::string x = (logic_.uf && rng_.chance(0.15)) ? term(kArith, 1) : leaf(kArith);
            for (int tries = 0; tries < 3; ++tries) {
                bool dup = false;
                for (auto& m : ms) dup |= m.find(x) != std::string::npos;
                if (!dup) break;
                x = leaf(kArith);
            }
            ms.push_back(scaled(x));
        }
        if (n == 1) return ms[0];
        if (n == 2 && rng_.chance(0.3)) return "(- " + ms[0] + " " + ms[1] + ")";
        if (n == 3 && rng_.chance(0.2)) return "(+ " + ms[0] + " (- " + ms[1] + " " + ms[2] + "))";
        std::string s = "(+";
        for (auto& m : ms) s += " " + m;
        return s + ")";
    }

    const char* relation() {
        int r = rng_.below(100);
        if (r < 28) return "<=";
        if (r < 48) return "<";
        if (r < 68) return ">=";
        if (r < 86) return ">";
        return "=";
    }

    std::string atom() override {
        ++atoms_;
        int r = rng_.below(100);
        if (r < 50) {  // bound on a linear combination
            std::string l = linear(), c = constant();
            const char* rel = relation();
            return rng_.chance(0.2) ? std::string("(") + rel + " " + c + " " + l + ")"
                                    : std::string("(") + rel + " " + l + " " + c + ")";
        }
        if (r < 68) {  // comparison of two terms
            auto ts = different_terms(kArith, 2);
            return std::string("(") + relation() + " " + ts[0] + " " + ts[1] + ")";
        }
        if (r < 72) {  // chained comparison or distinct
            auto ts = different_terms(kArith, 3);
            const char* op = rng_.chance(0.5) ? "distinct" : relation();
            return std::string("(") + op + " " + ts[0] + " " + ts[1] + " " + ts[2] + ")";
        }
        if (r < 76) {
            auto ts = different_terms(kArith, 2);
            return "(distinct " + ts[0] + " " + ts[1] + ")";
        }
        if (r < 82 && use_u_) {
            auto ts = different_terms(kU, 2);
            return std::string(rng_.chance(0.8) ? "(= " : "(distinct ") + ts[0] + " " + ts[1] + ")";
        }
        if (r < 92) {
            auto ps = functions_to(kBool);
            if (!ps.empty()) return apply(rng_.pick(ps), term_depth());
        }
        if (r < 94) {
            std::string x = leaf(kBool), y = leaf(kBool);
            if (x != y) return "(= " + x + " " + y + ")";
        }
        if (r < 97) return leaf(kBool);
        std::string l = linear(), c = constant();
        return std::string("(") + relation() + " " + l + " " + c + ")";
    }

    std::pair<int, std::string> let_binding(int depth) override {
        int r = rng_.below(10);
        int sort = r < 3 ? kBool : (r == 3 && use_u_) ? kU : kArith;
        std::string t = sort == kBool    ? formula(depth > 1 ? 1 : 0)
                        : sort == kArith ? (rng_.chance(0.5) ? linear() : term(kArith, term_depth()))
                                         : term(sort, term_depth());
        return {sort, t};
    }

    void declare_in_block() override {
        if (rng_.chance(0.4)) declare(fresh_name("c"), {}, kArith);
        if (logic_.uf && rng_.chance(0.2)) declare_function();
    }
    void declare_in_nested_block() override {
        if (rng_.chance(0.3)) declare(fresh_name("d"), {}, kArith);
    }

    // A random function signature over the arithmetic sort (and U when declared).
    void declare_function() {
        int r = rng_.below(10);
        if (use_u_ && r < 2) {
            if (r == 0)
                declare(fresh_name("h"), {kU}, kArith);
            else
                declare(fresh_name("k"), {kArith}, kU);
            return;
        }
        int arity = rng_.range(1, 2);
        std::vector<int> args(arity, kArith);
        bool pred = rng_.chance(0.3);
        declare(fresh_name(pred ? "p" : "g"), args, pred ? kBool : kArith);
    }
};

std::string Generator::script() {
    sort_names_[kArith] = logic_.ints ? "Int" : "Real";
    bool incremental = rng_.chance(0.3);
    bool model = rng_.chance(1.0 / 3.0);
    use_u_ = logic_.uf && rng_.chance(0.4);
    int_ops_ = logic_.ints && rng_.chance(0.05);

    if (model) out_ += "(set-option :produce-models true)\n";
    out_ += std::string("(set-logic ") + logic_.name + ")\n";
    if (use_u_) {
        if (rng_.chance(0.1)) sort_names_[kU] = "|U sort|";
        out_ += "(declare-sort " + sort_names_[kU] + " 0)\n";
    }

    // The atom budget, and a number of atoms per arithmetic constant drawn around the
    // sat/unsat threshold: the density decides sat/unsat.
    int target = 4 + 30 * size_;
    // The thresholds (measured): UF atoms and integer rounding shift them.
    double base = logic_.uf ? (logic_.ints ? 0.57 : 0.53) : (logic_.ints ? 0.45 : 0.35);
    if (size_ == 1 && (logic_.uf || logic_.ints)) base += 0.3;
    double density = base + 1.3 * (static_cast<double>(rng_.below(1000)) / 1000.0);
    double per_const = logic_.uf ? (logic_.ints ? 8.0 : 9.0) : (logic_.ints ? 6.0 : 7.0);
    int goal = static_cast<int>(target * density);
    int nconst = std::max(2, static_cast<int>(target / per_const + 0.5));
    out_ = "; gen_arith " + std::string(logic_.name) + " size " + std::to_string(size_) + " density " +
           std::to_string(density).substr(0, 4) + (incremental ? " incremental" : "") +
           (int_ops_ ? " div/mod/abs" : "") + "\n" + out_;

    for (int i = 0; i < nconst; ++i) declare(fresh_name(logic_.ints ? "n" : "x"), {}, kArith);
    if (use_u_) {
        int n = rng_.range(2, 2 + size_ / 2);
        for (int i = 0; i < n; ++i) declare(fresh_name("u"), {}, kU);
    }
    int nb = rng_.range(1, 2 + size_ / 4);
    for (int i = 0; i < nb; ++i) declare(fresh_name("q"), {}, kBool);

    if (logic_.uf) {
        // A unary A -> A first (congruence), then a random mix.
        declare(fresh_name("f"), {kArith}, kArith);
        if (use_u_) {
            declare(fresh_name("h"), {kU}, kArith);
            declare(fresh_name("k"), {kArith}, kU);
        }
        int nf = rng_.range(1, 2 + size_ / 3);
        for (int i = 0; i < nf; ++i) declare_function();
    }
    assertions(incremental, goal, model);
    return out_;
}

}  // namespace

int main(int argc, char** argv) {
    const Logic* logic = nullptr;
    auto parse_logic = [&](char** args) {
        for (auto& l : kLogics)
            if (std::strcmp(args[0], l.name) == 0) logic = &l;
        if (!logic) std::fprintf(stderr, "gen_arith: LOGIC must be QF_LRA, QF_LIA, QF_UFLRA or QF_UFLIA\n");
        return logic != nullptr;
    };
    return craig::testgen::generator_main(
        argc, argv, "gen_arith",
        "usage: gen_arith SEED LOGIC [SIZE 1..10]\n"
        "  LOGIC: QF_LRA, QF_LIA, QF_UFLRA or QF_UFLIA\n",
        1, parse_logic, [&](uint64_t seed, int size) { return Generator(seed, *logic, size).script(); });
}
