#pragma once
// DeltaRational: a number c + k·δ where δ is a positive infinitesimal.
//
// Strict bounds of linear real arithmetic become non-strict bounds over these numbers
// (x < b  becomes  x <= b - δ), Dutertre & de Moura CAV'06, Section 3.2 / Lemma 1. They are
// ordered lexicographically: (c1, k1) < (c2, k2) iff c1 < c2, or c1 = c2 and k1 < k2. They form a
// vector space over the rationals (addition, scaling), which is all the simplex needs; a concrete
// rational value for δ is only chosen when a model is extracted (Simplex::concrete_model).
#include <gmpxx.h>

#include <string>

namespace craig::lra {

class DeltaRational {
 public:
  DeltaRational() = default;
  // Ints and gmpxx expressions convert implicitly: DeltaRational(c, 0), DeltaRational(c + 1, -1).
  DeltaRational(mpq_class c, mpq_class k) : c_(std::move(c)), k_(std::move(k)) {}

  const mpq_class& c() const { return c_; }
  const mpq_class& k() const { return k_; }

  // Negative, zero or positive, lexicographically on (c, k). Allocation free.
  int compare(const DeltaRational& o) const {
    int r = cmp(c_, o.c_);
    if (r != 0) return r < 0 ? -1 : 1;
    r = cmp(k_, o.k_);
    return r < 0 ? -1 : (r > 0 ? 1 : 0);
  }
  bool operator==(const DeltaRational& o) const { return c_ == o.c_ && k_ == o.k_; }
  bool operator!=(const DeltaRational& o) const { return !(*this == o); }
  bool operator<(const DeltaRational& o) const { return compare(o) < 0; }
  bool operator<=(const DeltaRational& o) const { return compare(o) <= 0; }
  bool operator>(const DeltaRational& o) const { return compare(o) > 0; }
  bool operator>=(const DeltaRational& o) const { return compare(o) >= 0; }

  DeltaRational& operator+=(const DeltaRational& o) {
    c_ += o.c_;
    k_ += o.k_;
    return *this;
  }
  DeltaRational& operator-=(const DeltaRational& o) {
    c_ -= o.c_;
    k_ -= o.k_;
    return *this;
  }
  DeltaRational& operator*=(const mpq_class& a) {
    c_ *= a;
    k_ *= a;
    return *this;
  }
  DeltaRational& operator/=(const mpq_class& a) {  // requires a != 0
    c_ /= a;
    k_ /= a;
    return *this;
  }
  // *this += a·d, the inner step of every tableau update.
  void add_scaled(const DeltaRational& d, const mpq_class& a) {
    c_ += a * d.c_;
    k_ += a * d.k_;
  }

  friend DeltaRational operator+(DeltaRational a, const DeltaRational& b) { return a += b; }
  friend DeltaRational operator-(DeltaRational a, const DeltaRational& b) { return a -= b; }
  friend DeltaRational operator-(DeltaRational a) {
    a.c_ = -a.c_;
    a.k_ = -a.k_;
    return a;
  }
  friend DeltaRational operator*(DeltaRational d, const mpq_class& a) { return d *= a; }
  friend DeltaRational operator*(const mpq_class& a, DeltaRational d) { return d *= a; }
  friend DeltaRational operator/(DeltaRational d, const mpq_class& a) { return d /= a; }

  // The rational c + k·delta for a concrete delta.
  mpq_class concretize(const mpq_class& delta) const { return c_ + k_ * delta; }

  bool is_zero() const { return sgn(c_) == 0 && sgn(k_) == 0; }
  // "c", "c+kδ" or "c-kδ" (δ spelled "d").
  std::string to_string() const {
    std::string s = c_.get_str();
    if (sgn(k_) > 0) s.append("+");
    if (sgn(k_) != 0) s.append(k_.get_str()).append("d");
    return s;
  }

 private:
  mpq_class c_;
  mpq_class k_;
};

}  // namespace craig::lra
