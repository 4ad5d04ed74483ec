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
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "rng.hpp"

namespace {

// Seeds reproduce the files of earlier runs: this generator's salt.
class Rng : public craig::testgen::Rng {
public:
    explicit Rng(uint64_t seed) : craig::testgen::Rng(seed, 0x632BE59BD9B4E019ull) {}
};

constexpr int kBool = 0;  // sort index 0 is Bool; uninterpreted sorts are 1..

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

class Generator {
public:
    Generator(uint64_t seed, int size) : rng_(seed), size_(size) {}

    std::string script();

private:
    Rng rng_;
    int size_;
    std::vector<std::string> sort_names_{"Bool"};
    std::vector<Symbol> symbols_;
    std::vector<LetVar> env_;  // let-bound variables, innermost last
    int level_ = 0;
    int atoms_ = 0;  // atoms emitted so far (the size measure)
    int nest_ = 0;   // terms being built around the current point
    int let_counter_ = 0;
    int fresh_counter_ = 0;
    std::string out_;

    int num_sorts() const { return static_cast<int>(sort_names_.size()); }
    int random_usort() { return rng_.range(1, num_sorts() - 1); }

    std::string fresh_name(const char* stem) {
        std::string n = stem + std::to_string(fresh_counter_++);
        // Occasionally a quoted symbol (with a space, so it must stay quoted) or a simple symbol
        // with characters beyond letters and digits.
        int r = rng_.below(20);
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

    std::string leaf(int sort) {
        auto vars = vars_of(sort);
        if (!vars.empty() && rng_.chance(0.5)) return rng_.pick(vars);
        auto cs = constants_of(sort);
        if (cs.empty()) return sort == kBool ? (rng_.chance(0.5) ? "true" : "false") : "?";
        return rng_.pick(cs)->name;
    }

    // Terms may contain formulas (ite conditions, Bool arguments) whose atoms contain terms
    // again; nest_ counts that nesting so that it stays bounded.
    std::string term(int sort, int depth) {
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

    int term_depth() {
        int max = (size_ >= 6 ? 3 : size_ >= 3 ? 2 : 1) - nest_;
        return max <= 0 ? 0 : rng_.range(0, max);
    }

    std::string atom() {
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
        return rng_.chance(0.45) ? "(not " + a + ")" : a;
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
            int sort = rng_.chance(0.3) ? kBool : random_usort();
            // Bindings are parallel: their terms see the outer scope only.
            std::string t = sort == kBool ? formula(depth > 1 ? 1 : 0) : term(sort, term_depth());
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
        if (r < 64) return nary("xor", 2, depth);
        if (r < 70) return nary("=", 2, depth);
        if (r < 78) return nary("ite", 3, depth);
        if (r < 88) return let_formula(depth);
        return literal();
    }

    // One assertion: mostly a short clause (drives the sat/unsat threshold), sometimes a deeper
    // formula with the whole connective zoo.
    std::string assertion() {
        if (rng_.chance(0.75)) {
            int w = rng_.chance(0.1) ? 1 : rng_.range(2, 4);
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
            if (rng_.chance(0.4)) declare(fresh_name("c"), {}, random_usort());
            int start = atoms_;
            while (atoms_ < start + per_block) assert_some(1);
            check_sat();
            if (rng_.chance(0.4)) {
                push();
                if (rng_.chance(0.3)) declare(fresh_name("d"), {1}, rng_.chance(0.5) ? kBool : 1);
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
    return out_;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: gen_qf_uf SEED [SIZE 1..10]\n");
        return 2;
    }
    char* end = nullptr;
    uint64_t seed = std::strtoull(argv[1], &end, 10);
    if (*end) {
        std::fprintf(stderr, "gen_qf_uf: SEED must be a number\n");
        return 2;
    }
    int size;
    if (argc == 3) {
        size = std::atoi(argv[2]);
        if (size < 1 || size > 10) {
            std::fprintf(stderr, "gen_qf_uf: SIZE must be in 1..10\n");
            return 2;
        }
    } else {
        // Seed-dependent size, skewed small: half of the seeds get 1..3.
        Rng r(seed ^ 0x5EEDull);
        size = r.chance(0.5) ? r.range(1, 3) : r.range(1, 10);
    }
    std::string s = Generator(seed, size).script();
    std::fwrite(s.data(), 1, s.size(), stdout);
    return 0;
}
