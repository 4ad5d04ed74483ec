#pragma once
// Exact numbers with a machine-word fast path, for the simplex tableau and assignment:
//   FastInteger   an int64_t, or a GMP integer when the value does not fit;
//   FastRational  a reduced fraction of int64_t, or a GMP rational when it does not fit.
//
// Contract:
// - Exact: every result equals the GMP result. Overflow is detected, never guessed: products
//   and sums are formed in 128 bits (or with __builtin_*_overflow) and only stored in machine
//   words when they fit.
// - Canonical: a value is held in machine words iff it fits, where "fits" means numerator in
//   [-(2^63-1), 2^63-1] (INT64_MIN is excluded, so negation and abs never overflow) and, for a
//   rational, denominator in [1, 2^63-1] and gcd(|numerator|, denominator) = 1. A GMP result is
//   moved back to machine words as soon as it fits, so equal values have equal representations.
// - The GMP form lives on the heap (one allocation); copies are deep, moves steal it.
// - Division by zero is a precondition violation (asserted in debug builds).
//
// Why: on the QF_LRA dev set almost every tableau coefficient and value fits in a few bits,
// but mpq_class pays for a gcd, and often a malloc, on every operation (the profile of the
// MenloPark file: 70% of the time in GMP and malloc inside Simplex::add_row_multiple).
#include <gmpxx.h>

#include <cassert>
#include <cstdint>
#include <string>
#include <utility>

namespace craig::lra {

namespace detail {
__extension__ typedef __int128 i128;  // __extension__: no -Wpedantic warning
__extension__ typedef unsigned __int128 u128;
constexpr int64_t kMaxSmall = INT64_MAX;  // |small value| <= kMaxSmall; INT64_MIN is excluded

inline bool fits_small(i128 v) { return v >= -static_cast<i128>(kMaxSmall) && v <= kMaxSmall; }
inline uint64_t abs_u(int64_t v) { return v < 0 ? -static_cast<uint64_t>(v) : static_cast<uint64_t>(v); }

// Binary gcd (Stein); gcd(0, b) = b.
inline uint64_t gcd_u64(uint64_t a, uint64_t b) {
    if (a == 0) return b;
    if (b == 0) return a;
    int shift = __builtin_ctzll(a | b);
    a >>= __builtin_ctzll(a);
    do {
        b >>= __builtin_ctzll(b);
        if (a > b) std::swap(a, b);
        b -= a;
    } while (b != 0);
    return a << shift;
}

void set_mpz_i128(mpz_ptr z, i128 v);
}  // namespace detail

class FastRational;

class FastInteger {
public:
    FastInteger() noexcept = default;
    FastInteger(int64_t v) {  // NOLINT: implicit, like an int
        if (v == INT64_MIN)
            big_ = new mpz_class(v);
        else
            small_ = v;
    }
    FastInteger(int v) : small_(v) {}  // NOLINT
    explicit FastInteger(const mpz_class& z) { assign(z); }
    FastInteger(const FastInteger& o) : small_(o.small_), big_(o.big_ ? new mpz_class(*o.big_) : nullptr) {}
    FastInteger(FastInteger&& o) noexcept : small_(o.small_), big_(o.big_) {
        o.big_ = nullptr;
        o.small_ = 0;
    }
    FastInteger& operator=(const FastInteger& o) {
        if (this == &o) return *this;
        if (o.big_) {
            assign(*o.big_);
        } else {
            release();
            small_ = o.small_;
        }
        return *this;
    }
    FastInteger& operator=(FastInteger&& o) noexcept {
        std::swap(small_, o.small_);
        std::swap(big_, o.big_);
        return *this;
    }
    ~FastInteger() { delete big_; }

    bool is_small() const { return big_ == nullptr; }
    int64_t small() const { return small_; }  // requires is_small()
    size_t limbs() const { return big_ ? mpz_size(big_->get_mpz_t()) : 1; }  // 64-bit limbs of |value|
    mpz_class to_mpz() const { return big_ ? *big_ : mpz_class(static_cast<signed long>(small_)); }
    std::string get_str() const { return to_mpz().get_str(); }

    friend int sgn(const FastInteger& a) {
        return a.big_ ? mpz_sgn(a.big_->get_mpz_t()) : (a.small_ > 0) - (a.small_ < 0);
    }
    bool is_one() const { return !big_ && small_ == 1; }
    friend bool operator==(const FastInteger& a, const FastInteger& b) {
        if (!a.big_ && !b.big_) return a.small_ == b.small_;
        if (a.big_ && b.big_) return *a.big_ == *b.big_;
        return false;  // canonical: a small and a big value differ
    }
    void negate() {
        if (big_)
            mpz_neg(big_->get_mpz_t(), big_->get_mpz_t());  // |big| > kMaxSmall stays big
        else
            small_ = -small_;
    }
    FastInteger operator-() const {
        FastInteger r(*this);
        r.negate();
        return r;
    }
    friend FastInteger abs(const FastInteger& a) { return sgn(a) < 0 ? -a : a; }

    // t = t·m + s·n, the inner step of a row update; also t·m (n = 0) and t + s·n (m = 1).
    friend void combine(FastInteger& t, const FastInteger& m, const FastInteger& s, const FastInteger& n) {
        if (!t.big_ && !m.big_ && !s.big_ && !n.big_) {
            // |products| < 2^126, so the sum cannot overflow 128 bits.
            detail::i128 r =
                static_cast<detail::i128>(t.small_) * m.small_ + static_cast<detail::i128>(s.small_) * n.small_;
            if (detail::fits_small(r)) {
                t.small_ = static_cast<int64_t>(r);
                return;
            }
            t.set_i128(r);
            return;
        }
        t.assign(t.to_mpz() * m.to_mpz() + s.to_mpz() * n.to_mpz());
    }
    FastInteger& operator*=(const FastInteger& m) {
        if (!big_ && !m.big_) {
            int64_t r;
            if (!__builtin_mul_overflow(small_, m.small_, &r) && r != INT64_MIN) {
                small_ = r;
                return *this;
            }
        }
        combine(*this, m, 0, 0);
        return *this;
    }
    friend FastInteger operator*(FastInteger a, const FastInteger& b) { return a *= b; }
    // a = a / g; requires g != 0 and g divides a.
    void divexact(const FastInteger& g) {
        assert(sgn(g) != 0);
        if (!big_ && !g.big_) {
            small_ /= g.small_;  // |small_| <= kMaxSmall, so no INT64_MIN / -1
            return;
        }
        mpz_class q;
        mpz_divexact(q.get_mpz_t(), to_mpz().get_mpz_t(), g.to_mpz().get_mpz_t());
        assign(q);
    }
    friend FastInteger gcd(const FastInteger& a, const FastInteger& b) {
        if (!a.big_ && !b.big_) {
            return static_cast<int64_t>(detail::gcd_u64(detail::abs_u(a.small_), detail::abs_u(b.small_)));
        }
        mpz_class g;
        mpz_gcd(g.get_mpz_t(), a.to_mpz().get_mpz_t(), b.to_mpz().get_mpz_t());
        return FastInteger(g);
    }

private:
    friend class FastRational;
    void release() {
        delete big_;
        big_ = nullptr;
    }
    void assign(const mpz_class& z) {
        if (mpz_fits_slong_p(z.get_mpz_t()) && z.get_si() != INT64_MIN) {
            release();
            small_ = z.get_si();
        } else if (big_) {
            *big_ = z;
        } else {
            big_ = new mpz_class(z);
        }
    }
    void set_i128(detail::i128 v) {  // v does not fit
        if (!big_) big_ = new mpz_class;
        detail::set_mpz_i128(big_->get_mpz_t(), v);
    }

    int64_t small_ = 0;
    mpz_class* big_ = nullptr;  // non-null: the value, and small_ is unused
};
static_assert(sizeof(long) == 8, "FastInteger assumes 64-bit long (LP64)");
// Also visible to qualified lookup (lra::combine, lra::gcd), not only by argument lookup.
void combine(FastInteger& t, const FastInteger& m, const FastInteger& s, const FastInteger& n);
FastInteger gcd(const FastInteger& a, const FastInteger& b);

class FastRational {
public:
    FastRational() noexcept : num_(0), den_(1) {}
    FastRational(int64_t v) {  // NOLINT
        if (v == INT64_MIN) {
            init_big(mpq_class(static_cast<signed long>(v)));
        } else {
            num_ = v;
            den_ = 1;
        }
    }
    FastRational(int v) : num_(v), den_(1) {}  // NOLINT
    explicit FastRational(const mpq_class& q) { init_from(q); }
    explicit FastRational(const FastInteger& z) {
        if (z.big_)
            init_big(mpq_class(*z.big_));
        else {
            num_ = z.small_;
            den_ = 1;
        }
    }
    // num/den, reduced; requires den != 0.
    FastRational(const FastInteger& num, const FastInteger& den);
    FastRational(const FastRational& o) {
        if (o.den_ == 0)
            init_big(*o.big_);
        else {
            num_ = o.num_;
            den_ = o.den_;
        }
    }
    FastRational(FastRational&& o) noexcept : num_(o.num_), den_(o.den_) {
        o.num_ = 0;
        o.den_ = 1;
    }
    FastRational& operator=(const FastRational& o) {
        if (this == &o) return *this;
        if (o.den_ == 0) {
            set_mpq(*o.big_);
        } else {
            release();
            num_ = o.num_;
            den_ = o.den_;
        }
        return *this;
    }
    FastRational& operator=(FastRational&& o) noexcept {
        std::swap(num_, o.num_);  // the union's widest member (the pointer, if big)
        std::swap(den_, o.den_);
        return *this;
    }
    ~FastRational() { release(); }

    bool is_small() const { return den_ != 0; }
    int64_t small_num() const { return num_; }  // requires is_small()
    int64_t small_den() const { return den_; }  // requires is_small()
    mpq_class to_mpq() const {
        if (den_ == 0) return *big_;
        mpq_class q;
        mpq_set_si(q.get_mpq_t(), num_, static_cast<unsigned long>(den_));
        return q;
    }
    std::string get_str() const { return to_mpq().get_str(); }
    bool is_integer() const { return den_ == 1 || (den_ == 0 && big_->get_den() == 1); }

    friend int sgn(const FastRational& a) {
        return a.den_ == 0 ? mpq_sgn(a.big_->get_mpq_t()) : (a.num_ > 0) - (a.num_ < 0);
    }
    friend int cmp(const FastRational& a, const FastRational& b) {
        if (a.den_ != 0 && b.den_ != 0) {
            if (a.den_ == b.den_) return (a.num_ > b.num_) - (a.num_ < b.num_);
            detail::i128 l = static_cast<detail::i128>(a.num_) * b.den_;
            detail::i128 r = static_cast<detail::i128>(b.num_) * a.den_;
            return (l > r) - (l < r);
        }
        int c = ::cmp(a.to_mpq(), b.to_mpq());
        return (c > 0) - (c < 0);
    }
    friend bool operator==(const FastRational& a, const FastRational& b) {
        if (a.den_ != 0 && b.den_ != 0) return a.num_ == b.num_ && a.den_ == b.den_;
        if (a.den_ == 0 && b.den_ == 0) return *a.big_ == *b.big_;
        return false;  // canonical
    }
    friend bool operator!=(const FastRational& a, const FastRational& b) { return !(a == b); }
    friend bool operator<(const FastRational& a, const FastRational& b) { return cmp(a, b) < 0; }
    friend bool operator<=(const FastRational& a, const FastRational& b) { return cmp(a, b) <= 0; }
    friend bool operator>(const FastRational& a, const FastRational& b) { return cmp(a, b) > 0; }
    friend bool operator>=(const FastRational& a, const FastRational& b) { return cmp(a, b) >= 0; }

    void negate() {
        if (den_ == 0)
            mpq_neg(big_->get_mpq_t(), big_->get_mpq_t());
        else
            num_ = -num_;
    }
    FastRational operator-() const {
        FastRational r(*this);
        r.negate();
        return r;
    }
    friend FastRational abs(const FastRational& a) { return sgn(a) < 0 ? -a : a; }

    FastRational& operator+=(const FastRational& o) {
        if (den_ == 1 && o.den_ == 1) {
            int64_t r;
            if (!__builtin_add_overflow(num_, o.num_, &r) && r != INT64_MIN) {
                num_ = r;
                return *this;
            }
        }
        add(o, false);
        return *this;
    }
    FastRational& operator-=(const FastRational& o) {
        if (den_ == 1 && o.den_ == 1) {
            int64_t r;
            if (!__builtin_sub_overflow(num_, o.num_, &r) && r != INT64_MIN) {
                num_ = r;
                return *this;
            }
        }
        add(o, true);
        return *this;
    }
    FastRational& operator*=(const FastRational& o);
    FastRational& operator/=(const FastRational& o);  // requires o != 0
    friend FastRational operator+(FastRational a, const FastRational& b) { return a += b; }
    friend FastRational operator-(FastRational a, const FastRational& b) { return a -= b; }
    friend FastRational operator*(FastRational a, const FastRational& b) { return a *= b; }
    friend FastRational operator/(FastRational a, const FastRational& b) { return a /= b; }
    // t += a·b
    friend void add_product(FastRational& t, const FastRational& a, const FastRational& b) {
        if (t.den_ == 1 && a.den_ == 1 && b.den_ == 1) {
            detail::i128 r = static_cast<detail::i128>(a.num_) * b.num_ + t.num_;
            if (detail::fits_small(r)) {
                t.num_ = static_cast<int64_t>(r);
                return;
            }
        }
        t += a * b;
    }

private:
    void release() {
        if (den_ == 0) {
            delete big_;
            num_ = 0;
            den_ = 1;
        }
    }
    void init_big(const mpq_class& q) {
        big_ = new mpq_class(q);
        den_ = 0;
    }
    // Sets from a canonical mpq (demoting if it fits); *this must not hold a big value.
    void init_from(const mpq_class& q) {
        if (fits(q)) {
            num_ = q.get_num().get_si();
            den_ = q.get_den().get_si();
        } else {
            init_big(q);
        }
    }
    void set_mpq(const mpq_class& q) {
        if (fits(q)) {
            release();
            num_ = q.get_num().get_si();
            den_ = q.get_den().get_si();
        } else if (den_ == 0) {
            *big_ = q;
        } else {
            init_big(q);
        }
    }
    static bool fits(const mpq_class& q) {
        return mpz_fits_slong_p(q.get_num_mpz_t()) && q.get_num().get_si() != INT64_MIN &&
               mpz_fits_slong_p(q.get_den_mpz_t());
    }
    // num/den with den > 0 and gcd(|num|, den) = 1, from 128-bit parts.
    void set_reduced_i128(detail::i128 num, detail::i128 den);
    void add(const FastRational& o, bool subtract);

    union {
        int64_t num_;     // small: numerator
        mpq_class* big_;  // big: the value
    };
    int64_t den_;  // small: denominator > 0; 0: big
};

}  // namespace craig::lra
