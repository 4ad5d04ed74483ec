#include "itp/bv_lift.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace craig::itp {

using smt::Kind;
using smt::Term;
using smt::TermManager;

namespace {

// A literal on bit `index` of `word`, true when the bit is `value`.
struct BitLiteral {
    Term word;
    uint32_t index;
    bool value;
};

bool is_one_bit_one(const TermManager& tm, Term t) {
    return tm.kind(t) == Kind::BvConst && tm.bv_width(t) == 1 && tm.bv_value(t) == 1;
}

// Reads (= ((_ extract i i) t) #b1), (= t #b1) for a one-bit t, in either order, under `not`s.
bool read_bit_literal(const TermManager& tm, Term f, BitLiteral& out) {
    bool value = true;
    while (tm.kind(f) == Kind::Not) {
        value = !value;
        f = tm.child(f, 0);
    }
    if (tm.kind(f) != Kind::Eq || tm.num_children(f) != 2) return false;
    Term a = tm.child(f, 0), b = tm.child(f, 1);
    if (is_one_bit_one(tm, a)) std::swap(a, b);
    if (!is_one_bit_one(tm, b) || !tm.is_bv(a)) return false;
    if (tm.kind(a) == Kind::BvExtract && tm.bv_width(a) == 1) {
        out = {tm.child(a, 0), tm.bv_index(a), value};
        return true;
    }
    if (tm.bv_width(a) != 1) return false;
    out = {a, 0, value};
    return true;
}

class Lifter {
public:
    explicit Lifter(TermManager& tm) : tm_(tm) {}

    // Post-order with an explicit stack: interpolants can nest deeply.
    Term lift(Term root) {
        std::vector<Term> stack{root};
        while (!stack.empty()) {
            const Term t = stack.back();
            if (memo_.count(t.id)) {
                stack.pop_back();
                continue;
            }
            const Kind k = tm_.kind(t);
            if (k != Kind::And && k != Kind::Or && k != Kind::Not) {
                memo_.emplace(t.id, t);
                stack.pop_back();
                continue;
            }
            // Copied: children(t) is invalidated when terms are made.
            const std::vector<Term> kids(tm_.children(t).begin(), tm_.children(t).end());
            bool ready = true;
            for (Term c : kids)
                if (!memo_.count(c.id)) {
                    stack.push_back(c);
                    ready = false;
                }
            if (!ready) continue;
            stack.pop_back();
            std::vector<Term> lifted;
            for (Term c : kids) lifted.push_back(memo_.at(c.id));
            memo_.emplace(t.id, k == Kind::Not ? tm_.mk_not(lifted[0]) : group(k == Kind::And, lifted));
        }
        return memo_.at(root.id);
    }

private:
    // The children of an and (conjunction) / or: runs of consecutive bits of one word merged.
    Term group(bool conjunction, std::vector<Term>& kids) {
        // A disjunct ¬l is a conjunct l of the negated disjunction: read the literals that way.
        std::unordered_map<uint32_t, std::vector<std::pair<BitLiteral, size_t>>> by_word;
        for (size_t i = 0; i < kids.size(); ++i) {
            BitLiteral b;
            if (!read_bit_literal(tm_, kids[i], b)) continue;
            if (!conjunction) b.value = !b.value;
            by_word[b.word.id].push_back({b, i});
        }
        std::vector<uint8_t> dropped(kids.size(), 0);
        std::vector<Term> added;
        for (auto& [word, lits] : by_word) {
            if (lits.size() < 2) continue;
            std::sort(lits.begin(), lits.end(),
                      [](const auto& x, const auto& y) { return x.first.index < y.first.index; });
            for (size_t s = 0; s < lits.size();) {
                size_t e = s + 1;  // [s, e): consecutive indices
                while (e < lits.size() && lits[e].first.index == lits[e - 1].first.index + 1) ++e;
                if (e - s >= 2) {
                    const Term w = lits[s].first.word;
                    const uint32_t lo = lits[s].first.index, hi = lits[e - 1].first.index;
                    mpz_class value = 0;
                    for (size_t i = e; i-- > s;) value = value * 2 + (lits[i].first.value ? 1 : 0);
                    Term eq = tm_.mk_eq(tm_.mk_bv_extract(hi, lo, w), tm_.mk_bv_const(value, hi - lo + 1));
                    added.push_back(conjunction ? eq : tm_.mk_not(eq));
                    for (size_t i = s; i < e; ++i) dropped[lits[i].second] = 1;
                }
                s = e;
            }
        }
        if (added.empty()) return conjunction ? tm_.mk_and(kids) : tm_.mk_or(kids);
        for (size_t i = 0; i < kids.size(); ++i)
            if (!dropped[i]) added.push_back(kids[i]);
        return conjunction ? tm_.mk_and(added) : tm_.mk_or(added);
    }

    TermManager& tm_;
    std::unordered_map<uint32_t, Term> memo_;
};

}  // namespace

Term lift_bit_atoms(TermManager& tm, Term t) { return Lifter(tm).lift(t); }

}  // namespace craig::itp
