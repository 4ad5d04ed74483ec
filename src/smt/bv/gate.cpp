#include "smt/bv/gate.hpp"

#include <cstdlib>

namespace craig::smt::bv {

bool gate_value(GateOp op, bool a, bool b, bool c) {
    switch (op) {
        case GateOp::Buf: return a;
        case GateOp::And: return a && b;
        case GateOp::Or: return a || b;
        case GateOp::Xor: return a != b;
        case GateOp::Ite: return a ? b : c;
        case GateOp::Maj: return (a + b + c) >= 2;
    }
    return false;
}

bool gate_implies(const Gate& g, std::span<const sat::Lit> clause) {
    // Enumerate the 2^4 assignments of (in0, in1, in2, out) that satisfy the gate; the clause
    // must be true in each. A literal on another variable is not the gate's: refuse.
    const int vars[4] = {std::abs(g.in[0]), std::abs(g.in[1]), std::abs(g.in[2]), std::abs(g.out)};
    for (sat::Lit l : clause) {
        bool known = false;
        for (int v : vars) known = known || (v != 0 && v == std::abs(l));
        if (!known) return false;
    }
    for (unsigned m = 0; m < 16; ++m) {
        bool val[4];
        for (int i = 0; i < 4; ++i) val[i] = (m >> i) & 1;
        // Literal values: a variable shared by two positions must have one value.
        auto lit_value = [&](sat::Lit l, bool& consistent) {
            bool r = false, set = false;
            for (int i = 0; i < 4; ++i)
                if (vars[i] != 0 && vars[i] == std::abs(l)) {
                    bool v = val[i] == (l > 0);
                    if (set && v != r) consistent = false;
                    r = v;
                    set = true;
                }
            return r;
        };
        bool consistent = true;
        bool in[3] = {false, false, false};
        for (int i = 0; i < 3; ++i)
            if (g.in[i] != 0) in[i] = lit_value(g.in[i], consistent);
        bool out = lit_value(g.out, consistent);
        for (int i = 0; i < 4; ++i)
            if (vars[i] == 0 && val[i]) consistent = false;  // enumerate unused positions once
        if (!consistent || out != gate_value(g.op, in[0], in[1], in[2])) continue;
        bool sat = false;
        for (sat::Lit l : clause) sat = sat || lit_value(l, consistent);
        if (!sat) return false;
    }
    return true;
}

}  // namespace craig::smt::bv
