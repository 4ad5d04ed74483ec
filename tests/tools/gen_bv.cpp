// gen_bv: random QF_BV scripts for differential testing against z3 (tests/smt/diff_random.sh).
//
//   gen_bv SEED [SIZE [CONSTS]]
//
// prints one SMT-LIB 2.6 script: two to four bit-vector constants (CONSTS, 1..26, when given:
// more constants leave more of them local to a partition when tests/smt/itp_random.py splits
// the assertions for interpolation) of widths 1..8, a few
// assertions over atoms (=, distinct, the signed and unsigned comparisons) between terms of
// nesting depth at most 4 using every QF_BV operator (arithmetic, division with its zero
// cases, shifts by any amount, bitwise, concat, extract, extensions, repeat, rotations, bvcomp,
// ite), sometimes in a push/pop block, check-sat, and a final (get-model) after half of them.
// SIZE (1..10) scales the number of assertions. Same SEED and SIZE, same script (own PRNG).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct Rng {
    uint64_t s;
    uint64_t next() {  // splitmix64
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<uint64_t>(n)); }
    bool chance(int percent) { return below(100) < percent; }
};

class Gen {
public:
    Gen(uint64_t seed, int size, int consts) : rng_{seed}, size_(size), consts_(consts) {}

    std::string script() {
        std::string out = "(set-logic QF_BV)\n(set-option :produce-models true)\n";
        int n = 2 + rng_.below(3);
        if (consts_ > 0) n = consts_;
        for (int i = 0; i < n; ++i) {
            widths_.push_back(1 + rng_.below(8));
            out += "(declare-const v" + std::to_string(i) + " (_ BitVec " + std::to_string(widths_.back()) + "))\n";
        }
        out += "(declare-const p Bool)\n";
        int asserts = 1 + rng_.below(1 + size_);
        bool block = rng_.chance(30);
        for (int i = 0; i < asserts; ++i) {
            if (block && i == asserts / 2) out += "(push 1)\n";
            out += "(assert " + formula(2) + ")\n";
        }
        out += "(check-sat)\n";
        if (block) out += "(pop 1)\n(check-sat)\n";
        if (rng_.chance(50)) out += "(get-model)\n";
        return out;
    }

private:
    std::string constant(int w) {
        std::string r = "#b";
        for (int i = 0; i < w; ++i) r += rng_.chance(50) ? '1' : '0';
        if (rng_.chance(20))
            return "(_ bv" + std::to_string(rng_.next() % (uint64_t{1} << w)) + " " + std::to_string(w) + ")";
        return r;
    }

    std::string leaf(int w) {
        int v = rng_.below(static_cast<int>(widths_.size()));
        int vw = widths_[v];
        std::string name = "v" + std::to_string(v);
        if (rng_.chance(25)) return constant(w);
        if (vw == w) return name;
        if (vw > w) {
            int lo = rng_.below(vw - w + 1);
            return "((_ extract " + std::to_string(lo + w - 1) + " " + std::to_string(lo) + ") " + name + ")";
        }
        return std::string(rng_.chance(50) ? "((_ zero_extend " : "((_ sign_extend ") + std::to_string(w - vw) + ") " +
               name + ")";
    }

    std::string term(int w, int depth) {
        if (depth == 0 || rng_.chance(20)) return leaf(w);
        static const char* binary[] = {"bvand",  "bvor",   "bvxor", "bvnand", "bvnor",  "bvxnor",
                                       "bvadd",  "bvsub",  "bvmul", "bvudiv", "bvurem", "bvsdiv",
                                       "bvsrem", "bvsmod", "bvshl", "bvlshr", "bvashr"};
        const int d = depth - 1;
        switch (rng_.below(10)) {
            case 0:
            case 1:
            case 2:
            case 3: return "(" + std::string(binary[rng_.below(17)]) + " " + term(w, d) + " " + term(w, d) + ")";
            case 4: return std::string(rng_.chance(50) ? "(bvnot " : "(bvneg ") + term(w, d) + ")";
            case 5: {
                int wide = w + rng_.below(9 - w > 0 ? 9 - w : 1);
                int lo = rng_.below(wide - w + 1);
                return "((_ extract " + std::to_string(lo + w - 1) + " " + std::to_string(lo) + ") " + term(wide, d) +
                       ")";
            }
            case 6: {
                if (w == 1) {
                    int cw = 1 + rng_.below(4);
                    return "(bvcomp " + term(cw, d) + " " + term(cw, d) + ")";
                }
                int hi = 1 + rng_.below(w - 1);
                return "(concat " + term(hi, d) + " " + term(w - hi, d) + ")";
            }
            case 7: {
                if (w == 1) return "(ite " + formula(d) + " " + term(w, d) + " " + term(w, d) + ")";
                int k = 1 + rng_.below(w - 1);
                const char* ext = rng_.chance(50) ? "zero_extend" : "sign_extend";
                return "((_ " + std::string(ext) + " " + std::to_string(k) + ") " + term(w - k, d) + ")";
            }
            case 8: {
                if (w % 2 == 0 && rng_.chance(40)) return "((_ repeat 2) " + term(w / 2, d) + ")";
                const char* rot = rng_.chance(50) ? "rotate_left" : "rotate_right";
                return "((_ " + std::string(rot) + " " + std::to_string(rng_.below(2 * w + 1)) + ") " + term(w, d) +
                       ")";
            }
            default: return "(ite " + formula(d > 1 ? 1 : 0) + " " + term(w, d) + " " + term(w, d) + ")";
        }
    }

    std::string atom(int depth) {
        static const char* cmp[] = {"=",     "distinct", "bvult", "bvule", "bvugt",
                                    "bvuge", "bvslt",    "bvsle", "bvsgt", "bvsge"};
        if (rng_.chance(5)) return "p";
        int w = 1 + rng_.below(8);
        int dd = 1 + rng_.below(4);
        return "(" + std::string(cmp[rng_.below(10)]) + " " + term(w, depth > 0 ? dd : 1) + " " + term(w, dd) + ")";
    }

    std::string formula(int depth) {
        if (depth == 0 || rng_.chance(50)) return rng_.chance(20) ? "(not " + atom(depth) + ")" : atom(depth);
        static const char* ops[] = {"and", "or", "xor", "=>"};
        return "(" + std::string(ops[rng_.below(4)]) + " " + formula(depth - 1) + " " + formula(depth - 1) + ")";
    }

    Rng rng_;
    int size_;
    int consts_;  // 0: two to four
    std::vector<int> widths_;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 4) {
        std::fprintf(stderr, "usage: gen_bv SEED [SIZE [CONSTS]]\n");
        return 2;
    }
    uint64_t seed = std::strtoull(argv[1], nullptr, 10);
    int size = argc >= 3 ? std::atoi(argv[2]) : 1 + static_cast<int>(seed % 10);
    int consts = argc == 4 ? std::atoi(argv[3]) : 0;
    if (consts < 0 || consts > 26) {
        std::fprintf(stderr, "gen_bv: CONSTS must be 1..26\n");
        return 2;
    }
    std::fputs(Gen(seed, size, consts).script().c_str(), stdout);
    return 0;
}
