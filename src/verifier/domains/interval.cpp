#include "verifier/domains/interval.hpp"

#include "smt/terms/rational.hpp"

namespace craig::verifier {

namespace {

// Lower bounds ordered by the sets {x | x >= lo} (or x > lo) they admit, the one admitting more
// first: -1, 0, 1 as a's is below, equal to, above b's. -infinity is the lowest; at one value a
// closed bound is below an open one.
int compare_lo(const Interval& a, const Interval& b) {
    if (!a.lo || !b.lo) return (a.lo ? 1 : 0) - (b.lo ? 1 : 0);
    if (*a.lo != *b.lo) return *a.lo < *b.lo ? -1 : 1;
    return int(a.lo_open) - int(b.lo_open);
}
// Upper bounds ordered by the sets they admit, the one admitting less first: +infinity is the
// highest; at one value an open bound is below a closed one.
int compare_hi(const Interval& a, const Interval& b) {
    if (!a.hi || !b.hi) return (a.hi ? 0 : 1) - (b.hi ? 0 : 1);
    if (*a.hi != *b.hi) return *a.hi < *b.hi ? -1 : 1;
    return int(b.hi_open) - int(a.hi_open);
}
void take_lo(Interval& r, const Interval& from) {
    r.lo = from.lo;
    r.lo_open = from.lo_open;
}
void take_hi(Interval& r, const Interval& from) {
    r.hi = from.hi;
    r.hi_open = from.hi_open;
}
// a ends before b starts with no point between them in the set's domain: over the integers at
// least one integer between, over the reals a gap (or one open end on each side of one value).
bool apart(const Interval& a, const Interval& b, bool real) {
    if (!a.hi || !b.lo) return false;
    if (!real) return *a.hi + 1 < *b.lo;
    return *a.hi < *b.lo || (*a.hi == *b.lo && a.hi_open && b.lo_open);
}
double distance(const Interval& a, const Interval& b, bool real) {
    if (!apart(a, b, real)) return 0;
    return real ? mpq_class(*b.lo - *a.hi).get_d() : mpq_class(*b.lo - *a.hi - 1).get_d();
}

}  // namespace

bool Interval::contains(const Interval& o) const { return compare_lo(*this, o) <= 0 && compare_hi(*this, o) >= 0; }

bool Interval::intersects(const Interval& o) const { return !meet(*this, o).empty(); }

bool Interval::touches(const Interval& o) const {
    const bool r = real || o.real;
    return !apart(*this, o, r) && !apart(o, *this, r);
}

double Interval::gap(const Interval& o) const {
    const bool r = real || o.real;
    return apart(*this, o, r) ? distance(*this, o, r) : distance(o, *this, r);
}

mpz_class floor_z(const mpq_class& q) { return mpz_class(smt::floor_q(q).get_num()); }
mpz_class ceil_z(const mpq_class& q) { return mpz_class(smt::ceil_q(q).get_num()); }

Interval join(const Interval& a, const Interval& b) {
    Interval r;
    r.real = a.real || b.real;
    take_lo(r, compare_lo(a, b) <= 0 ? a : b);
    take_hi(r, compare_hi(a, b) >= 0 ? a : b);
    return r;
}

Interval meet(const Interval& a, const Interval& b) {
    Interval r;
    r.real = a.real || b.real;
    take_lo(r, compare_lo(a, b) >= 0 ? a : b);
    take_hi(r, compare_hi(a, b) <= 0 ? a : b);
    return r;
}

Interval widen(const Interval& a, const Interval& b) {
    Interval r;
    r.real = a.real || b.real;
    if (a.lo && compare_lo(b, a) >= 0) take_lo(r, a);
    if (a.hi && compare_hi(b, a) <= 0) take_hi(r, a);
    return r;
}

Interval below(const Interval& i) {
    if (!i.real) return Interval::at_most(*i.lo - 1);
    return Interval::real_at_most(*i.lo, !i.lo_open);
}

Interval above(const Interval& i) {
    if (!i.real) return Interval::at_least(*i.hi + 1);
    return Interval::real_at_least(*i.hi, !i.hi_open);
}

}  // namespace craig::verifier
