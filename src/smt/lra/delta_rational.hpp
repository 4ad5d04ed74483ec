#pragma once
// DeltaRational: a number c + k·δ where δ is a positive infinitesimal.
//
// Strict bounds of linear real arithmetic become non-strict bounds over these numbers
// (x < b  becomes  x <= b - δ), Dutertre & de Moura CAV'06, Section 3.2 / Lemma 1. They are
// ordered lexicographically: (c1, k1) < (c2, k2) iff c1 < c2, or c1 = c2 and k1 < k2. They form a
// vector space over the rationals (addition, scaling), which is all the simplex needs; a concrete
// rational value for δ is only chosen when a model is extracted (Simplex::concrete_model).
//
// BasicDelta<Q> works over any exact rational type Q with the operations of mpq_class (cmp,
// sgn, +=, *=, ...) and add_product(t, a, b) (t += a·b): DeltaRational over mpq_class is the
// interface type; the simplex keeps its values over FastRational (fast_number.hpp) unless told
// to use GMP only.
#include <gmpxx.h>

#include <string>
#include <utility>

namespace craig::lra {

// t += a·b for GMP rationals (FastRational has its own, with a machine-word fast path).
inline void add_product(mpq_class& t, const mpq_class& a, const mpq_class& b) { t += a * b; }

template <class Q>
class BasicDelta {
public:
    BasicDelta() = default;
    // Ints and gmpxx expressions convert implicitly: DeltaRational(c, 0), DeltaRational(c + 1, -1).
    BasicDelta(Q c, Q k) : c_(std::move(c)), k_(std::move(k)) {}

    const Q& c() const { return c_; }
    const Q& k() const { return k_; }

    // Negative, zero or positive, lexicographically on (c, k). Allocation free.
    int compare(const BasicDelta& o) const {
        int r = cmp(c_, o.c_);
        if (r != 0) return r < 0 ? -1 : 1;
        r = cmp(k_, o.k_);
        return r < 0 ? -1 : (r > 0 ? 1 : 0);
    }
    bool operator==(const BasicDelta& o) const { return c_ == o.c_ && k_ == o.k_; }
    bool operator!=(const BasicDelta& o) const { return !(*this == o); }
    bool operator<(const BasicDelta& o) const { return compare(o) < 0; }
    bool operator<=(const BasicDelta& o) const { return compare(o) <= 0; }
    bool operator>(const BasicDelta& o) const { return compare(o) > 0; }
    bool operator>=(const BasicDelta& o) const { return compare(o) >= 0; }

    BasicDelta& operator+=(const BasicDelta& o) {
        c_ += o.c_;
        k_ += o.k_;
        return *this;
    }
    BasicDelta& operator-=(const BasicDelta& o) {
        c_ -= o.c_;
        k_ -= o.k_;
        return *this;
    }
    BasicDelta& operator*=(const Q& a) {
        c_ *= a;
        k_ *= a;
        return *this;
    }
    BasicDelta& operator/=(const Q& a) {  // requires a != 0
        c_ /= a;
        k_ /= a;
        return *this;
    }
    // *this += a·d, the inner step of every tableau update.
    void add_scaled(const BasicDelta& d, const Q& a) {
        add_product(c_, a, d.c_);
        add_product(k_, a, d.k_);
    }

    friend BasicDelta operator+(BasicDelta a, const BasicDelta& b) { return a += b; }
    friend BasicDelta operator-(BasicDelta a, const BasicDelta& b) { return a -= b; }
    friend BasicDelta operator-(BasicDelta a) {
        a.c_ = -a.c_;
        a.k_ = -a.k_;
        return a;
    }
    friend BasicDelta operator*(BasicDelta d, const Q& a) { return d *= a; }
    friend BasicDelta operator*(const Q& a, BasicDelta d) { return d *= a; }
    friend BasicDelta operator/(BasicDelta d, const Q& a) { return d /= a; }

    // The rational c + k·delta for a concrete delta.
    Q concretize(const Q& delta) const { return c_ + k_ * delta; }

    bool is_zero() const { return sgn(c_) == 0 && sgn(k_) == 0; }
    // "c", "c+kδ" or "c-kδ" (δ spelled "d").
    std::string to_string() const {
        std::string s = c_.get_str();
        if (sgn(k_) > 0) s.append("+");
        if (sgn(k_) != 0) s.append(k_.get_str()).append("d");
        return s;
    }

private:
    Q c_;
    Q k_;
};

using DeltaRational = BasicDelta<mpq_class>;

}  // namespace craig::lra
