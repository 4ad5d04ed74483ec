#include "smt/lra_certificate.hpp"

#include <algorithm>
#include <vector>

namespace craig::smt {

namespace {

// Appends factor·t's monomials to `terms` (atom id, coefficient) and factor·(its constant) to
// `constant`; read straight from the term (no copy of its polynomial).
void add_side(const TermManager& tm, Term t, const mpq_class& factor, std::vector<std::pair<uint32_t, mpq_class>>& terms,
              mpq_class& constant, mpq_class& scratch) {
    switch (tm.kind(t)) {
        case Kind::Numeral:
            mpq_mul(scratch.get_mpq_t(), factor.get_mpq_t(), tm.numeral(t).get_mpq_t());
            constant += scratch;
            return;
        case Kind::Linear:
            for (size_t i = 0; i < tm.num_children(t); ++i) {
                terms.emplace_back(tm.child(t, i).id, mpq_class());
                mpq_mul(terms.back().second.get_mpq_t(), factor.get_mpq_t(), tm.coeff(t, i).get_mpq_t());
            }
            mpq_mul(scratch.get_mpq_t(), factor.get_mpq_t(), tm.constant(t).get_mpq_t());
            constant += scratch;
            return;
        default: terms.emplace_back(t.id, factor);
    }
}

}  // namespace

bool check_lra_certificate(const TermManager& tm, std::span<const LraCertificateEntry> entries, std::string* why) {
    auto fail = [&](const std::string& m) {
        if (why) *why = m;
        return false;
    };
    if (entries.empty()) return fail("empty certificate");
    // Σ λ·(lhs - rhs) ⋈ 0, kept as the monomials `terms` (summed per atom at the end) plus a
    // constant `k` on the left.
    std::vector<std::pair<uint32_t, mpq_class>> terms;
    mpq_class k = 0, scratch, factor;
    bool strict = false;
    for (const LraCertificateEntry& e : entries) {
        if (e.lambda <= 0) return fail("a coefficient is not positive");
        Kind kind = tm.kind(e.atom);
        if (kind != Kind::Leq && kind != Kind::Lt && kind != Kind::Eq) return fail("not an arithmetic atom");
        Term lhs = tm.child(e.atom, 0), rhs = tm.child(e.atom, 1);
        if (!tm.is_arith(lhs)) return fail("not an arithmetic atom");
        // The literal as  sign·(lhs - rhs) ⋈ 0  plus an integer tightening offset.
        mpq_class sign = 1;
        bool lit_strict = false;
        mpq_class offset = 0;  // added to the left side
        if (kind == Kind::Eq) {
            if (!e.value) return fail("a disequality in a Farkas certificate");
            sign = e.upper ? 1 : -1;
        } else if (e.value) {
            lit_strict = kind == Kind::Lt;
        } else {
            sign = -1;  // not (lhs <= rhs): rhs < lhs;  not (lhs < rhs): rhs <= lhs
            lit_strict = kind == Kind::Leq;
            if (lit_strict && tm.sort(lhs) == SortTable::Int && tm.sort(rhs) == SortTable::Int) {
                // Over the integers rhs < lhs is rhs - lhs + 1 <= 0; this is only sound when every
                // atom of lhs - rhs is Int with integer coefficients, which the Int sort guarantees.
                lit_strict = false;
                offset = 1;
            }
        }
        factor = e.lambda * sign;
        add_side(tm, lhs, factor, terms, k, scratch);
        factor = -factor;
        add_side(tm, rhs, factor, terms, k, scratch);
        k += e.lambda * offset;
        strict = strict || lit_strict;
    }
    std::sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 0; i < terms.size();) {
        size_t j = i + 1;
        for (; j < terms.size() && terms[j].first == terms[i].first; ++j) terms[i].second += terms[j].second;
        if (terms[i].second != 0) return fail("the weighted sum leaves a variable with a non-zero coefficient");
        i = j;
    }
    // Now  k ⋈ 0  must be false.
    if (k > 0 || (k == 0 && strict)) return true;
    return fail("the weighted sum is no contradiction: " + k.get_str() + (strict ? " < 0" : " <= 0"));
}

}  // namespace craig::smt
