#include "itp/coloring.hpp"

#include <algorithm>

namespace craig::itp {

using smt::Kind;

Coloring::Coloring(const TermManager& tm, std::vector<uint8_t> symbol_sides)
    : tm_(tm), sides_(std::move(symbol_sides)) {}

Coloring Coloring::of_sides(const TermManager& tm, std::span<const Term> a, std::span<const Term> b) {
    std::vector<uint8_t> sides(tm.num_funcs(), 0);
    std::vector<FuncId> syms;
    for (Term t : a) collect_symbols(tm, t, syms);
    for (FuncId f : syms) sides[f] |= kInA;
    syms.clear();
    for (Term t : b) collect_symbols(tm, t, syms);
    for (FuncId f : syms) sides[f] |= kInB;
    return Coloring(tm, std::move(sides));
}

static Color join(Color x, Color y) { return static_cast<Color>(static_cast<uint8_t>(x) | static_cast<uint8_t>(y)); }

Color Coloring::color(Term root) {
    if (memo_.size() < tm_.size()) memo_.resize(tm_.size(), 0);
    if (memo_[root.id]) return static_cast<Color>(memo_[root.id] - 1);
    // Iterative post-order: terms can be deep (long chains of lets).
    std::vector<Term> stack{root};
    while (!stack.empty()) {
        Term t = stack.back();
        if (memo_[t.id]) {
            stack.pop_back();
            continue;
        }
        bool ready = true;
        for (Term c : tm_.children(t))
            if (!memo_[c.id]) {
                stack.push_back(c);
                ready = false;
            }
        if (!ready) continue;
        stack.pop_back();
        Color c = Color::Shared;
        Kind k = tm_.kind(t);
        if (k == Kind::Const || k == Kind::App) {
            uint8_t s = symbol_sides(tm_.func_of(t));
            if (s == kInA)
                c = Color::A;
            else if (s == kInB)
                c = Color::B;
        }
        for (Term ch : tm_.children(t)) c = join(c, static_cast<Color>(memo_[ch.id] - 1));
        memo_[t.id] = static_cast<uint8_t>(c) + 1;
    }
    return static_cast<Color>(memo_[root.id] - 1);
}

void collect_symbols(const TermManager& tm, Term root, std::vector<FuncId>& out) {
    std::vector<uint8_t> seen(tm.size(), 0);
    std::vector<uint8_t> have(tm.num_funcs(), 0);
    for (FuncId f : out) have[f] = 1;
    std::vector<Term> stack{root};
    while (!stack.empty()) {
        Term t = stack.back();
        stack.pop_back();
        if (seen[t.id]) continue;
        seen[t.id] = 1;
        Kind k = tm.kind(t);
        if ((k == Kind::Const || k == Kind::App) && !have[tm.func_of(t)]) {
            have[tm.func_of(t)] = 1;
            out.push_back(tm.func_of(t));
        }
        for (Term c : tm.children(t)) stack.push_back(c);
    }
}

}  // namespace craig::itp
