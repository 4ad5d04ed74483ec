// The slower paths of FastInteger and FastRational: general fractions and GMP fallbacks.
#include "smt/lra/fast_number.hpp"

namespace craig::lra {

namespace detail {

void set_mpz_i128(mpz_ptr z, i128 v) {
    bool neg = v < 0;
    auto u = neg ? -static_cast<u128>(v) : static_cast<u128>(v);
    auto hi = static_cast<uint64_t>(u >> 64), lo = static_cast<uint64_t>(u);
    mpz_set_ui(z, hi);
    mpz_mul_2exp(z, z, 64);
    mpz_add_ui(z, z, lo);
    if (neg) mpz_neg(z, z);
}

namespace {

u128 gcd_u128(u128 a, u128 b) {
    while (b != 0) {
        if ((a >> 64) == 0 && (b >> 64) == 0) return gcd_u64(static_cast<uint64_t>(a), static_cast<uint64_t>(b));
        u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

}  // namespace
}  // namespace detail

using detail::i128;

void FastRational::set_reduced_i128(i128 num, i128 den) {
    if (detail::fits_small(num) && den <= detail::kMaxSmall) {
        release();
        num_ = static_cast<int64_t>(num);
        den_ = static_cast<int64_t>(den);
        return;
    }
    mpq_class q;
    detail::set_mpz_i128(mpq_numref(q.get_mpq_t()), num);
    detail::set_mpz_i128(mpq_denref(q.get_mpq_t()), den);
    set_mpq(q);
}

FastRational::FastRational(const FastInteger& num, const FastInteger& den) : num_(0), den_(1) {
    assert(sgn(den) != 0);
    if (num.big_ == nullptr && den.big_ == nullptr) {
        int64_t n = num.small_, d = den.small_;
        if (d < 0) {  // |n|, |d| <= 2^63 - 1, so negation is safe
            n = -n;
            d = -d;
        }
        auto g = static_cast<int64_t>(detail::gcd_u64(detail::abs_u(n), static_cast<uint64_t>(d)));
        num_ = n / g;
        den_ = d / g;
        return;
    }
    mpq_class q(num.to_mpz(), den.to_mpz());
    q.canonicalize();
    set_mpq(q);
}

// Knuth, TAOCP vol. 2, 4.5.1: with g = gcd(b, d), a/b + c/d = (a·(d/g) + c·(b/g)) / (b·d/g),
// and only gcd(numerator, g) can still be cancelled.
void FastRational::add(const FastRational& o, bool subtract) {
    if (den_ != 0 && o.den_ != 0) {
        i128 c = subtract ? -static_cast<i128>(o.num_) : static_cast<i128>(o.num_);
        auto b = static_cast<uint64_t>(den_), d = static_cast<uint64_t>(o.den_);
        uint64_t g = detail::gcd_u64(b, d);
        if (g == 1) {
            set_reduced_i128(static_cast<i128>(num_) * static_cast<i128>(d) + c * static_cast<i128>(b),
                             static_cast<i128>(b) * static_cast<i128>(d));
            return;
        }
        // |t| < 2^127: both products are below 2^126.
        i128 t = static_cast<i128>(num_) * static_cast<i128>(d / g) + c * static_cast<i128>(b / g);
        if (t == 0) {
            num_ = 0;
            den_ = 1;
            return;
        }
        auto ut = t < 0 ? -static_cast<detail::u128>(t) : static_cast<detail::u128>(t);
        auto g2 = static_cast<uint64_t>(detail::gcd_u128(ut, g));
        set_reduced_i128(t / static_cast<i128>(g2), static_cast<i128>(b / g) * static_cast<i128>(d / g2));
        return;
    }
    mpq_class r = subtract ? mpq_class(to_mpq() - o.to_mpq()) : mpq_class(to_mpq() + o.to_mpq());
    set_mpq(r);
}

FastRational& FastRational::operator*=(const FastRational& o) {
    if (den_ != 0 && o.den_ != 0) {
        if (num_ == 0 || o.num_ == 0) {
            num_ = 0;
            den_ = 1;
            return *this;
        }
        // Cross-cancel first so that the product is reduced (a/b · c/d with gcd(a,d), gcd(c,b)).
        uint64_t g1 = detail::gcd_u64(detail::abs_u(num_), static_cast<uint64_t>(o.den_));
        uint64_t g2 = detail::gcd_u64(detail::abs_u(o.num_), static_cast<uint64_t>(den_));
        i128 n = static_cast<i128>(num_ / static_cast<int64_t>(g1)) * (o.num_ / static_cast<int64_t>(g2));
        i128 d = static_cast<i128>(den_ / static_cast<int64_t>(g2)) * (o.den_ / static_cast<int64_t>(g1));
        set_reduced_i128(n, d);
        return *this;
    }
    set_mpq(to_mpq() * o.to_mpq());
    return *this;
}

FastRational& FastRational::operator/=(const FastRational& o) {
    assert(sgn(o) != 0);
    if (o.den_ != 0) {
        // 1/(a/b) = (sign a)·b / |a|, again within the small range.
        FastRational inv;
        inv.num_ = o.num_ < 0 ? -o.den_ : o.den_;
        inv.den_ = o.num_ < 0 ? -o.num_ : o.num_;
        return *this *= inv;
    }
    set_mpq(to_mpq() / o.to_mpq());
    return *this;
}

}  // namespace craig::lra
