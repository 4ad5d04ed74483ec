// gen_bv: random QF_BV scripts for differential testing against z3 (tests/smt/diff_random.sh).
//
//   gen_bv SEED [SIZE [CONSTS]] [--uf]
//
// prints one SMT-LIB 2.6 script: two to four bit-vector constants (CONSTS, 1..26, when given:
// more constants leave more of them local to a partition when tests/smt/itp_random.py splits
// the assertions for interpolation) of widths 1..8, a few
// assertions over atoms (=, distinct, the signed and unsigned comparisons) between terms of
// nesting depth at most 4 using every QF_BV operator (arithmetic, division with its zero
// cases, shifts by any amount, bitwise, concat, extract, extensions, repeat, rotations, bvcomp,
// ite), sometimes in a push/pop block, check-sat, and a final (get-model) after half of them.
// SIZE (1..10) scales the number of assertions. Same SEED and SIZE, same script (own PRNG).
// --uf (QF_UFBV): also uninterpreted functions fW: W -> W, gW: W x W -> W and qW: W x Bool -> Bool
// for each width W of the constants, applied in terms and atoms (nested, with shared arguments
// now and then); without it the scripts are the same as before the option existed.
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
    Gen(uint64_t seed, int size, int consts, bool uf) : rng_{seed}, size_(size), consts_(consts), uf_(uf) {}

    std::string script() {
        std::string out = uf_ ? "(set-logic QF_UFBV)\n(set-option :produce-models true)\n"
                              : "(set-logic QF_BV)\n(set-option :produce-models true)\n";
        int n = 2 + rng_.below(3);
        if (consts_ > 0) n = consts_;
        for (int i = 0; i < n; ++i) {
            widths_.push_back(1 + rng_.below(8));
            out += "(declare-const v" + std::to_string(i) + " (_ BitVec " + std::to_string(widths_.back()) + "))\n";
        }
        if (uf_)
            for (int w = 1; w <= 8; ++w) {
                if (!has_width(w)) continue;
                const std::string s = "(_ BitVec " + std::to_string(w) + ")", W = std::to_string(w);
                out += "(declare-fun f" + W + " (" + s + ") " + s + ")\n";
                out += "(declare-fun g" + W + " (" + s + " " + s + ") " + s + ")\n";
                out += "(declare-fun q" + W + " (" + s + " Bool) Bool)\n";
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

    bool has_width(int w) const {
        for (int x : widths_)
            if (x == w) return true;
        return false;
    }

    std::string term(int w, int depth) {
        if (depth == 0 || rng_.chance(20)) return leaf(w);
        if (uf_ && has_width(w) && rng_.chance(25)) {
            const std::string W = std::to_string(w);
            if (rng_.chance(50)) return "(f" + W + " " + term(w, depth - 1) + ")";
            const std::string a = term(w, depth - 1);  // sometimes both arguments alike
            return "(g" + W + " " + a + " " + (rng_.chance(30) ? a : term(w, depth - 1)) + ")";
        }
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
        if (uf_ && rng_.chance(15)) {
            const int w = widths_[rng_.below(static_cast<int>(widths_.size()))];
            return "(q" + std::to_string(w) + " " + term(w, 2) + " " + (rng_.chance(50) ? "p" : formula(0)) + ")";
        }
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
    bool uf_;
    std::vector<int> widths_;
};

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args;
    bool uf = false;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--uf")
            uf = true;
        else
            args.push_back(argv[i]);
    }
    if (args.empty() || args.size() > 3) {
        std::fprintf(stderr, "usage: gen_bv SEED [SIZE [CONSTS]] [--uf]\n");
        return 2;
    }
    uint64_t seed = std::strtoull(args[0].c_str(), nullptr, 10);
    int size = args.size() >= 2 ? std::atoi(args[1].c_str()) : 1 + static_cast<int>(seed % 10);
    int consts = args.size() == 3 ? std::atoi(args[2].c_str()) : 0;
    if (consts < 0 || consts > 26) {
        std::fprintf(stderr, "gen_bv: CONSTS must be 1..26\n");
        return 2;
    }
    std::fputs(Gen(seed, size, consts, uf).script().c_str(), stdout);
    return 0;
}
