#include <doctest/doctest.h>

#include <climits>
#include <random>
#include <vector>

#include "smt/lra/fast_number.hpp"

using craig::lra::FastInteger;
using craig::lra::FastRational;

namespace {

mpz_class z(int64_t v) { return mpz_class(static_cast<signed long>(v)); }
mpq_class q(int64_t n, int64_t d) {
    mpq_class r(z(n), z(d));
    r.canonicalize();
    return r;
}
const mpz_class kTwo63 = mpz_class(1) << 63;

// The representation is canonical: small iff the value fits (see fast_number.hpp).
bool fits_small(const mpz_class& v) { return abs(v) < kTwo63; }
bool fits_small(const mpq_class& v) { return abs(v.get_num()) < kTwo63 && v.get_den() < kTwo63; }

void check_canonical(const FastInteger& a) { CHECK(a.is_small() == fits_small(a.to_mpz())); }
void check_canonical(const FastRational& a) {
    CHECK(a.is_small() == fits_small(a.to_mpq()));
    if (a.is_small()) {
        CHECK(a.small_den() > 0);
        CHECK(a.small_num() != INT64_MIN);
        CHECK(gcd(z(a.small_num()), z(a.small_den())) == 1);
    }
}

}  // namespace

TEST_CASE("FastInteger: the INT64_MIN boundary") {
    FastInteger m(INT64_MIN);
    CHECK(!m.is_small());  // INT64_MIN is kept in GMP so that negation never overflows
    CHECK(m.to_mpz() == z(INT64_MIN));
    FastInteger p(INT64_MAX);
    CHECK(p.is_small());
    p.negate();
    CHECK(p.is_small());
    CHECK(p.to_mpz() == -z(INT64_MAX));
    // -INT64_MAX - 1 = INT64_MIN: leaves the fast path
    FastInteger t = p;
    combine(t, 1, -1, 1);
    CHECK(!t.is_small());
    CHECK(t == m);
    t.negate();  // 2^63
    CHECK(!t.is_small());
    CHECK(t.to_mpz() == kTwo63);
    combine(t, 1, -1, 1);  // 2^63 - 1 fits again
    CHECK(t.is_small());
    CHECK(t.to_mpz() == z(INT64_MAX));
    CHECK(abs(m).to_mpz() == kTwo63);
}

TEST_CASE("FastInteger: products that overflow, and back") {
    FastInteger a(INT64_MAX);
    a *= 2;
    CHECK(!a.is_small());
    CHECK(a.to_mpz() == z(INT64_MAX) * 2);
    a.divexact(2);
    CHECK(a.is_small());
    CHECK(a.small() == INT64_MAX);
    FastInteger b(int64_t{1} << 32);
    b *= FastInteger(int64_t{1} << 31);  // 2^63: just over
    CHECK(!b.is_small());
    b.divexact(FastInteger(-2));
    CHECK(b.is_small());
    CHECK(b.small() == -(int64_t{1} << 62));
    // combine: t·m + s·n with 128-bit intermediates, the sum fitting even where a product doesn't
    FastInteger t(INT64_MAX);
    combine(t, 3, FastInteger(INT64_MAX), -2);  // 3·M - 2·M = M
    CHECK(t.is_small());
    CHECK(t.small() == INT64_MAX);
    combine(t, FastInteger(INT64_MAX), FastInteger(INT64_MAX), FastInteger(INT64_MAX));  // 2·M²
    CHECK(t.to_mpz() == 2 * z(INT64_MAX) * z(INT64_MAX));
    // and from big values back to small ones
    combine(t, 1, FastInteger(INT64_MAX), -2);  // 2M² - 2M
    CHECK(t.to_mpz() == 2 * z(INT64_MAX) * z(INT64_MAX) - 2 * z(INT64_MAX));
}

TEST_CASE("FastInteger: gcd") {
    CHECK(gcd(FastInteger(12), FastInteger(-18)).small() == 6);
    CHECK(gcd(FastInteger(0), FastInteger(-7)).small() == 7);
    CHECK(gcd(FastInteger(0), FastInteger(0)).small() == 0);
    CHECK(gcd(FastInteger(INT64_MAX), FastInteger(-INT64_MAX)).small() == INT64_MAX);
    FastInteger big(INT64_MIN);  // -2^63
    CHECK(gcd(big, FastInteger(int64_t{1} << 40)).small() == int64_t{1} << 40);
    CHECK(!gcd(big, big).is_small());  // 2^63
    CHECK(gcd(big, big).to_mpz() == kTwo63);
}

TEST_CASE("FastRational: normalisation and the INT64_MIN boundary") {
    FastRational a(FastInteger(6), FastInteger(-4));
    CHECK(a.is_small());
    CHECK(a.small_num() == -3);
    CHECK(a.small_den() == 2);
    FastRational m(INT64_MIN);
    CHECK(!m.is_small());
    CHECK(m.to_mpq() == z(INT64_MIN));
    FastRational big_den(FastInteger(1), FastInteger(INT64_MIN));  // -1/2^63
    CHECK(!big_den.is_small());
    CHECK(big_den.to_mpq() == mpq_class(-1) / mpq_class(kTwo63));
    FastRational r(FastInteger(INT64_MIN), FastInteger(2));  // -2^62 fits
    CHECK(r.is_small());
    CHECK(r.small_num() == -(int64_t{1} << 62));
    FastRational s = FastRational(INT64_MAX) + FastRational(1);
    CHECK(!s.is_small());
    s -= FastRational(1);
    CHECK(s.is_small());
    CHECK(s == FastRational(INT64_MAX));
    CHECK(FastRational(0) == -FastRational(0));
}

TEST_CASE("FastRational: arithmetic near overflow") {
    const int64_t M = INT64_MAX;
    FastRational inv = FastRational(1) / FastRational(M);
    CHECK(inv.is_small());
    FastRational sq = inv * inv;  // 1/M²
    CHECK(!sq.is_small());
    CHECK(sq.to_mpq() == mpq_class(1, 1) / (mpq_class(z(M)) * z(M)));
    CHECK(sq * FastRational(M) == inv);  // back to small
    CHECK((sq * FastRational(M)).is_small());
    // Sums whose denominators share a factor: 1/6 + 1/10 = 4/15
    FastRational x = FastRational(FastInteger(1), FastInteger(6)) + FastRational(FastInteger(1), FastInteger(10));
    CHECK(x.to_mpq() == q(4, 15));
    // Large coprime denominators overflow the denominator
    FastRational y = FastRational(FastInteger(1), FastInteger(M)) + FastRational(FastInteger(1), FastInteger(M - 1));
    CHECK(!y.is_small());
    CHECK(y.to_mpq() == q(1, M) + q(1, M - 1));
    // Comparison without overflow: M/(M-1) vs (M-1)/(M-2)
    FastRational u(FastInteger(M), FastInteger(M - 1)), v(FastInteger(M - 1), FastInteger(M - 2));
    CHECK(u < v);
    CHECK(cmp(u, v) == -1);
    CHECK(cmp(v, u) == 1);
    CHECK(u != v);
    // Division by a negative number moves the sign to the numerator
    FastRational w = FastRational(3) / FastRational(FastInteger(-6), FastInteger(5));
    CHECK(w.small_num() == -5);
    CHECK(w.small_den() == 2);
    // add_product: t += a·b
    FastRational t(M);
    add_product(t, FastRational(-1), FastRational(M));
    CHECK(t == FastRational(0));
    add_product(t, FastRational(M), FastRational(M));
    CHECK(t.to_mpq() == mpq_class(z(M)) * z(M));
}

// Every operation against GMP on operands drawn around the boundaries, with results fed back as
// operands so that values leave and re-enter the machine-word range.
TEST_CASE("FastRational and FastInteger agree with GMP on random operations") {
    std::mt19937_64 rng(12345);
    const std::vector<int64_t> edge = {0,
                                       1,
                                       -1,
                                       2,
                                       -2,
                                       3,
                                       INT32_MAX,
                                       INT32_MIN,
                                       INT64_C(1) << 31,
                                       INT64_C(1) << 32,
                                       INT64_C(1) << 62,
                                       -(INT64_C(1) << 62),
                                       INT64_MAX,
                                       -INT64_MAX,
                                       INT64_MIN,
                                       INT64_MAX - 1,
                                       3037000499,  // ~sqrt(2^63)
                                       3037000500,
                                       -3037000500};
    auto pick = [&]() -> int64_t {
        switch (rng() % 4) {
            case 0: return edge[rng() % edge.size()];
            case 1: return static_cast<int64_t>(rng());
            case 2: return static_cast<int64_t>(rng() % 2001) - 1000;
            default: return static_cast<int64_t>(rng() >> (rng() % 64)) * ((rng() & 1) ? 1 : -1);
        }
    };
    std::vector<FastRational> pool;
    std::vector<mpq_class> ref;
    std::vector<FastInteger> ipool;
    std::vector<mpz_class> iref;
    int small_results = 0, big_results = 0, small_ints = 0, big_ints = 0;
    for (int i = 0; i < 40000; ++i) {
        CAPTURE(i);
        // rationals
        if (pool.size() < 8 || rng() % 3 == 0) {
            int64_t n = pick(), d = pick();
            if (d == 0) d = 1;
            pool.emplace_back(FastInteger(n), FastInteger(d));
            ref.push_back(q(n, d));
            check_canonical(pool.back());
            CHECK(pool.back().to_mpq() == ref.back());
        }
        size_t a = rng() % pool.size(), b = rng() % pool.size();
        FastRational r;
        mpq_class e;
        switch (rng() % 6) {
            case 0:
                r = pool[a] + pool[b];
                e = ref[a] + ref[b];
                break;
            case 1:
                r = pool[a] - pool[b];
                e = ref[a] - ref[b];
                break;
            case 2:
                r = pool[a] * pool[b];
                e = ref[a] * ref[b];
                break;
            case 3:
                if (sgn(ref[b]) == 0) continue;
                r = pool[a] / pool[b];
                e = ref[a] / ref[b];
                break;
            case 4: {
                size_t c = rng() % pool.size();
                r = pool[c];
                add_product(r, pool[a], pool[b]);
                e = ref[c] + ref[a] * ref[b];
                break;
            }
            default:
                r = -pool[a];
                e = -ref[a];
                break;
        }
        REQUIRE(r.to_mpq() == e);
        check_canonical(r);
        ++(r.is_small() ? small_results : big_results);
        int c = cmp(pool[a], pool[b]);
        int ce = ::cmp(ref[a], ref[b]);
        CHECK((c > 0) == (ce > 0));
        CHECK((c < 0) == (ce < 0));
        CHECK((pool[a] == pool[b]) == (ref[a] == ref[b]));
        CHECK(sgn(pool[a]) == sgn(ref[a]));
        if (rng() % 2) {  // keep results as operands, within a bounded pool
            size_t slot = rng() % pool.size();
            pool[slot] = std::move(r);
            ref[slot] = e;
        }

        // integers
        if (ipool.size() < 8 || rng() % 3 == 0) {
            int64_t n = pick();
            ipool.emplace_back(n);
            iref.push_back(z(n));
            check_canonical(ipool.back());
        }
        size_t x = rng() % ipool.size(), y = rng() % ipool.size(), w = rng() % ipool.size(), v = rng() % ipool.size();
        FastInteger t = ipool[x];
        mpz_class te = iref[x];
        switch (rng() % 4) {
            case 0:
                combine(t, ipool[y], ipool[w], ipool[v]);
                te = te * iref[y] + iref[w] * iref[v];
                break;
            case 1:
                t *= ipool[y];
                te *= iref[y];
                break;
            case 2: {
                FastInteger g = gcd(ipool[x], ipool[y]);
                mpz_class ge = gcd(iref[x], iref[y]);
                REQUIRE(g.to_mpz() == ge);
                check_canonical(g);
                if (sgn(ge) != 0) {
                    t.divexact(g);
                    te /= ge;
                }
                break;
            }
            default:
                t.negate();
                te = -te;
                break;
        }
        REQUIRE(t.to_mpz() == te);
        check_canonical(t);
        ++(t.is_small() ? small_ints : big_ints);
        CHECK((t == ipool[y]) == (te == iref[y]));
        if (rng() % 2) {
            size_t slot = rng() % ipool.size();
            if (abs(te) < (mpz_class(1) << 400)) {  // keep the pool from growing without bound
                ipool[slot] = std::move(t);
                iref[slot] = te;
            }
        }
        if (pool.size() > 64) {
            pool.erase(pool.begin());
            ref.erase(ref.begin());
        }
        if (ipool.size() > 64) {
            ipool.erase(ipool.begin());
            iref.erase(iref.begin());
        }
    }
    MESSAGE("rationals: " << small_results << " small, " << big_results << " big; integers: " << small_ints
                          << " small, " << big_ints << " big");
    CHECK(small_results > 5000);
    CHECK(big_results > 5000);
    CHECK(small_ints > 5000);
    CHECK(big_ints > 5000);
}

TEST_CASE("FastRational: copies and moves of GMP values") {
    FastRational a = FastRational(INT64_MAX) * FastRational(4);
    REQUIRE(!a.is_small());
    FastRational b = a;  // deep copy
    b += FastRational(1);
    CHECK(a.to_mpq() == mpq_class(z(INT64_MAX)) * 4);
    CHECK(b.to_mpq() == mpq_class(z(INT64_MAX)) * 4 + 1);
    FastRational c = std::move(b);
    CHECK(c.to_mpq() == mpq_class(z(INT64_MAX)) * 4 + 1);
    c = a;
    CHECK(c == a);
    c = FastRational(5);
    CHECK(c.is_small());
    a = std::move(c);
    CHECK(a == FastRational(5));
    FastInteger i(INT64_MIN), j(7);
    j = i;
    CHECK(j == i);
    i = FastInteger(3);
    CHECK(i.is_small());
    CHECK(!j.is_small());
}
