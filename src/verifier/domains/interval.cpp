#include "verifier/domains/interval.hpp"

#include "smt/terms/rational.hpp"

namespace craig::verifier {

namespace {

// The smaller lower bound (infinity wins) and the larger upper bound, and the reverse.
std::optional<mpz_class> outer_lo(const std::optional<mpz_class>& a, const std::optional<mpz_class>& b) {
    if (!a || !b) return std::nullopt;
    return *a < *b ? *a : *b;
}
std::optional<mpz_class> outer_hi(const std::optional<mpz_class>& a, const std::optional<mpz_class>& b) {
    if (!a || !b) return std::nullopt;
    return *a > *b ? *a : *b;
}
std::optional<mpz_class> inner_lo(const std::optional<mpz_class>& a, const std::optional<mpz_class>& b) {
    if (!a) return b;
    if (!b) return a;
    return *a > *b ? *a : *b;
}
std::optional<mpz_class> inner_hi(const std::optional<mpz_class>& a, const std::optional<mpz_class>& b) {
    if (!a) return b;
    if (!b) return a;
    return *a < *b ? *a : *b;
}

}  // namespace

bool Interval::contains(const Interval& o) const {
    const bool lo_ok = !lo || (o.lo && *o.lo >= *lo);
    const bool hi_ok = !hi || (o.hi && *o.hi <= *hi);
    return lo_ok && hi_ok;
}

bool Interval::intersects(const Interval& o) const { return !meet(*this, o).empty(); }

bool Interval::touches(const Interval& o) const {
    // Disjoint and not adjacent iff one ends at least two below where the other starts.
    if (hi && o.lo && *hi + 1 < *o.lo) return false;
    if (o.hi && lo && *o.hi + 1 < *lo) return false;
    return true;
}

double Interval::gap(const Interval& o) const {
    if (hi && o.lo && *hi + 1 < *o.lo) return mpz_class(*o.lo - *hi - 1).get_d();
    if (o.hi && lo && *o.hi + 1 < *lo) return mpz_class(*lo - *o.hi - 1).get_d();
    return 0;
}

mpz_class floor_z(const mpq_class& q) { return mpz_class(smt::floor_q(q).get_num()); }
mpz_class ceil_z(const mpq_class& q) { return mpz_class(smt::ceil_q(q).get_num()); }

Interval join(const Interval& a, const Interval& b) { return {outer_lo(a.lo, b.lo), outer_hi(a.hi, b.hi)}; }

Interval meet(const Interval& a, const Interval& b) { return {inner_lo(a.lo, b.lo), inner_hi(a.hi, b.hi)}; }

Interval widen(const Interval& a, const Interval& b) {
    Interval r;
    if (a.lo && b.lo && *b.lo >= *a.lo) r.lo = a.lo;
    if (a.hi && b.hi && *b.hi <= *a.hi) r.hi = a.hi;
    return r;
}

}  // namespace craig::verifier
