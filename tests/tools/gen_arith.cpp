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
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "rng.hpp"

namespace {

// Seeds reproduce the files of earlier runs: this generator's salt.
class Rng : public craig::testgen::Rng {
public:
    explicit Rng(uint64_t seed) : craig::testgen::Rng(seed, 0x632BE59BD9B4E019ull) {}
};

constexpr int kBool = 0;   // sort indices
constexpr int kArith = 1;  // Int or Real, after the logic
constexpr int kU = 2;      // the uninterpreted sort (UF logics, some scripts)

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

class Generator {
public:
    Generator(uint64_t seed, const Logic& logic, int size)
        : rng_(seed ^ (logic.ints ? 0x1A00ull : 0) ^ (logic.uf ? 0xF00Dull : 0)), logic_(logic), size_(size) {}

    std::string script();

private:
    Rng rng_;
    Logic logic_;
    int size_;
    std::vector<std::string> sort_names_{"Bool", "Int", "U"};
    bool use_u_ = false;    // the script declares U
    bool int_ops_ = false;  // div, mod and abs appear
    std::vector<Symbol> symbols_;
    std::vector<LetVar> env_;  // let-bound variables, innermost last
    int level_ = 0;
    int atoms_ = 0;  // atoms emitted so far (the size measure)
    int nest_ = 0;   // terms being built around the current point
    int let_counter_ = 0;
    int fresh_counter_ = 0;
    std::string out_;

    bool real() const { return !logic_.ints; }

    std::string fresh_name(const char* stem) {
        std::string n = stem + std::to_string(fresh_counter_++);
        // Occasionally a quoted symbol (with a space, so it must stay quoted) or a simple symbol
        // with characters beyond letters and digits.
        int r = rng_.below(30);
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
    std::string term(int sort, int depth) {
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

    int term_depth() {
        int max = (size_ >= 6 ? 3 : size_ >= 3 ? 2 : 1) - nest_;
        return max <= 0 ? 0 : rng_.range(0, max);
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

    // n terms of a sort, pairwise different as strings when a few tries allow.
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

    std::string atom() {
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

    std::string literal() {
        std::string a = atom();
        return rng_.chance(0.35) ? "(not " + a + ")" : a;
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
            int r = rng_.below(10);
            int sort = r < 3 ? kBool : (r == 3 && use_u_) ? kU : kArith;
            // Bindings are parallel: their terms see the outer scope only.
            std::string t = sort == kBool    ? formula(depth > 1 ? 1 : 0)
                            : sort == kArith ? (rng_.chance(0.5) ? linear() : term(kArith, term_depth()))
                                             : term(sort, term_depth());
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
        if (r < 62) return nary("xor", 2, depth);
        if (r < 67) return nary("=", 2, depth);
        if (r < 75) return nary("ite", 3, depth);
        if (r < 88) return let_formula(depth);
        return literal();
    }

    // One assertion: mostly a short clause (drives the sat/unsat threshold), sometimes a deeper
    // formula with the whole connective zoo.
    std::string assertion() {
        if (rng_.chance(0.75)) {
            int w = rng_.chance(0.15) ? 1 : rng_.range(2, 3);
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
            if (rng_.chance(0.4)) declare(fresh_name("c"), {}, kArith);
            if (logic_.uf && rng_.chance(0.2)) declare_function();
            int start = atoms_;
            while (atoms_ < start + per_block) assert_some(1);
            check_sat();
            if (rng_.chance(0.4)) {
                push();
                if (rng_.chance(0.3)) declare(fresh_name("d"), {}, kArith);
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
    if (argc < 3 || argc > 4) {
        std::fprintf(stderr,
                     "usage: gen_arith SEED LOGIC [SIZE 1..10]\n"
                     "  LOGIC: QF_LRA, QF_LIA, QF_UFLRA or QF_UFLIA\n");
        return 2;
    }
    char* end = nullptr;
    uint64_t seed = std::strtoull(argv[1], &end, 10);
    if (*end || !*argv[1]) {
        std::fprintf(stderr, "gen_arith: SEED must be a number\n");
        return 2;
    }
    const Logic* logic = nullptr;
    for (auto& l : kLogics)
        if (std::strcmp(argv[2], l.name) == 0) logic = &l;
    if (!logic) {
        std::fprintf(stderr, "gen_arith: LOGIC must be QF_LRA, QF_LIA, QF_UFLRA or QF_UFLIA\n");
        return 2;
    }
    int size;
    if (argc == 4) {
        size = std::atoi(argv[3]);
        if (size < 1 || size > 10) {
            std::fprintf(stderr, "gen_arith: SIZE must be in 1..10\n");
            return 2;
        }
    } else {
        // Seed-dependent size, skewed small: half of the seeds get 1..3.
        Rng r(seed ^ 0x5EEDull);
        size = r.chance(0.5) ? r.range(1, 3) : r.range(1, 10);
    }
    std::string s = Generator(seed, *logic, size).script();
    std::fwrite(s.data(), 1, s.size(), stdout);
    return 0;
}
