#include "smt/lra_certificate.hpp"

#include <map>
#include <vector>

namespace craig::smt {

namespace {

// Adds factor·(a - b) to `sum` (over atom ids) and factor·(constants) to `k` on the right side.
void add_side(const TermManager& tm, Term t, const mpq_class& factor, std::map<uint32_t, mpq_class>& sum,
              mpq_class& constant) {
    std::vector<Monomial> ms;
    mpq_class c = 0;
    tm.as_polynomial(t, ms, c);
    for (const Monomial& m : ms) sum[m.atom.id] += factor * m.coeff;
    constant += factor * c;
}

}  // namespace

bool check_lra_certificate(const TermManager& tm, std::span<const LraCertificateEntry> entries, std::string* why) {
    auto fail = [&](const std::string& m) {
        if (why) *why = m;
        return false;
    };
    if (entries.empty()) return fail("empty certificate");
    // Σ λ·(lhs - rhs) ⋈ 0, kept as a polynomial `sum` plus a constant `k` on the left.
    std::map<uint32_t, mpq_class> sum;
    mpq_class k = 0;
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
        add_side(tm, lhs, e.lambda * sign, sum, k);
        add_side(tm, rhs, -e.lambda * sign, sum, k);
        k += e.lambda * offset;
        strict = strict || lit_strict;
    }
    for (const auto& [id, c] : sum)
        if (c != 0) return fail("the weighted sum leaves a variable with a non-zero coefficient");
    // Now  k ⋈ 0  must be false.
    if (k > 0 || (k == 0 && strict)) return true;
    return fail("the weighted sum is no contradiction: " + k.get_str() + (strict ? " < 0" : " <= 0"));
}

}  // namespace craig::smt
