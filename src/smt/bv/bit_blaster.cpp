#include "smt/bv/bit_blaster.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "smt/cnf.hpp"
#include "smt/solver.hpp"

namespace craig::smt::bv {

namespace {

// Sets the owner of new variables for one circuit; the enclosing owner comes back on exit
// (also when blasting throws on an unsupported term).
class OwnerScope {
public:
    OwnerScope(Term& slot, Term owner) : slot_(slot), saved_(slot) { slot_ = owner; }
    ~OwnerScope() { slot_ = saved_; }
    OwnerScope(const OwnerScope&) = delete;
    OwnerScope& operator=(const OwnerScope&) = delete;

private:
    Term& slot_;
    Term saved_;
};

}  // namespace

BitBlaster::BitBlaster(TermManager& tm, CnfEncoder& cnf, sat::SatSolver& sat) : tm_(tm), cnf_(cnf), sat_(sat) {
    true_ = cnf_.literal(tm_.mk_true());
}

// ---------------------------------------------------------------- gates

int BitBlaster::new_var() {
    const int v = sat_.new_var();
    if (sat_.proof_mode()) {
        if (owner_.size() <= static_cast<size_t>(v)) owner_.resize(v + 1);
        owner_[v] = current_owner_;
    }
    return v;
}

sat::Lit BitBlaster::gate(GateOp op, sat::Lit a, sat::Lit b, sat::Lit c) {
    const int v = new_var();
    Gate g{op, v, {a, b, c}};
    const uint32_t index = static_cast<uint32_t>(gates_.size());
    gates_.push_back(g);
    auto clause = [&](std::initializer_list<sat::Lit> ls) {
        uint32_t id = cnf_.add_clause(std::span<const sat::Lit>(ls.begin(), ls.size()));
        if (sat_.proof_mode()) gate_clauses_.emplace_back(id, index);
    };
    switch (op) {
        case GateOp::Buf:
            clause({-v, a});
            clause({v, -a});
            break;
        case GateOp::And:
            clause({-v, a});
            clause({-v, b});
            clause({v, -a, -b});
            break;
        case GateOp::Or:
            clause({v, -a});
            clause({v, -b});
            clause({-v, a, b});
            break;
        case GateOp::Xor:
            clause({-v, a, b});
            clause({-v, -a, -b});
            clause({v, -a, b});
            clause({v, a, -b});
            break;
        case GateOp::Ite:
            clause({-v, -a, b});
            clause({-v, a, c});
            clause({v, -a, -b});
            clause({v, a, -c});
            clause({-v, b, c});
            clause({v, -b, -c});
            break;
        case GateOp::Maj:
            clause({-v, a, b});
            clause({-v, a, c});
            clause({-v, b, c});
            clause({v, -a, -b});
            clause({v, -a, -c});
            clause({v, -b, -c});
            break;
    }
    return v;
}

void BitBlaster::define_buffer(int out, sat::Lit l) {
    // Like gate(Buf) but onto the caller's variable (a term's Tseitin variable).
    Gate g{GateOp::Buf, out, {l, 0, 0}};
    const uint32_t index = static_cast<uint32_t>(gates_.size());
    gates_.push_back(g);
    for (auto ls : {std::array<sat::Lit, 2>{-out, l}, std::array<sat::Lit, 2>{out, -l}}) {
        uint32_t id = cnf_.add_clause(ls);
        if (sat_.proof_mode()) gate_clauses_.emplace_back(id, index);
    }
}

sat::Lit BitBlaster::mk_and(sat::Lit a, sat::Lit b) {
    if (a == -true_ || b == -true_ || a == -b) return -true_;
    if (a == true_ || a == b) return b;
    if (b == true_) return a;
    return gate(GateOp::And, a, b);
}

sat::Lit BitBlaster::mk_xor(sat::Lit a, sat::Lit b) {
    if (a == b) return -true_;
    if (a == -b) return true_;
    if (a == -true_) return b;
    if (b == -true_) return a;
    if (a == true_) return -b;
    if (b == true_) return -a;
    return gate(GateOp::Xor, a, b);
}

sat::Lit BitBlaster::mk_ite(sat::Lit c, sat::Lit a, sat::Lit b) {
    if (c == true_ || a == b) return a;
    if (c == -true_) return b;
    if (a == true_ && b == -true_) return c;
    if (a == -true_ && b == true_) return -c;
    if (a == -true_) return mk_and(-c, b);
    if (b == -true_) return mk_and(c, a);
    if (a == true_) return mk_or(c, b);
    if (b == true_) return mk_or(-c, a);
    return gate(GateOp::Ite, c, a, b);
}

sat::Lit BitBlaster::mk_maj(sat::Lit a, sat::Lit b, sat::Lit c) {
    for (int i = 0; i < 3; ++i) {
        if (c == -true_) return mk_and(a, b);
        if (c == true_) return mk_or(a, b);
        std::swap(a, c);
        std::swap(b, c);
    }
    if (a == b) return a;
    if (a == -b) return c;
    return gate(GateOp::Maj, a, b, c);
}

// ---------------------------------------------------------------- circuits

BitBlaster::Bits BitBlaster::add(const Bits& a, const Bits& b, sat::Lit carry) {
    Bits r(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
        sat::Lit x = mk_xor(a[i], b[i]);
        r[i] = mk_xor(x, carry);
        if (i + 1 < a.size()) carry = mk_maj(a[i], b[i], carry);
    }
    return r;
}

BitBlaster::Bits BitBlaster::neg(const Bits& a) {
    Bits inv(a.size()), zero(a.size(), -true_);
    for (size_t i = 0; i < a.size(); ++i) inv[i] = -a[i];
    return add(inv, zero, true_);
}

BitBlaster::Bits BitBlaster::mul(const Bits& a_in, const Bits& b_in) {
    // Partial products are skipped where the selecting operand has a constant 0 bit, so the
    // operand with more of them selects: x * 3 is two adders rather than one per bit of 3's
    // 64-bit word (C's `u * 3` on a long: 2 adders instead of 64).
    auto zeros = [&](const Bits& x) { return std::count(x.begin(), x.end(), -true_); };
    auto constant = [&](const Bits& x) {
        return std::all_of(x.begin(), x.end(), [&](sat::Lit l) { return l == true_ || l == -true_; });
    };
    // By a constant c with more ones than -c (x * -3): -(x * 3), one negation for many adders.
    for (const Bits* c : {&a_in, &b_in}) {
        if (!constant(*c)) continue;
        Bits minus(c->size());
        bool carry = true;  // -c = ~c + 1
        for (size_t i = 0; i < c->size(); ++i) {
            const bool bit = (*c)[i] != true_;  // ~c
            minus[i] = (bit != carry) ? true_ : -true_;
            carry = bit && carry;
        }
        if (zeros(minus) > zeros(*c) + 1) return neg(mul(c == &a_in ? b_in : a_in, minus));
        break;
    }
    const bool swap = zeros(a_in) > zeros(b_in);
    const Bits& a = swap ? b_in : a_in;
    const Bits& b = swap ? a_in : b_in;
    const size_t w = a.size();
    Bits acc(w, -true_);
    for (size_t i = 0; i < w; ++i) {
        if (b[i] == -true_) continue;
        Bits partial(w, -true_);
        for (size_t j = 0; j + i < w; ++j) partial[j + i] = mk_and(a[j], b[i]);
        acc = add(acc, partial, -true_);
    }
    return acc;
}

sat::Lit BitBlaster::ult(const Bits& a, const Bits& b) {
    // a < b iff a - b borrows: scan from the least significant bit.
    sat::Lit lt = -true_;
    for (size_t i = 0; i < a.size(); ++i) {
        // lt_i = (!a_i & b_i) | ((a_i == b_i) & lt_{i-1}) = maj(!a_i, b_i, lt)
        lt = mk_maj(-a[i], b[i], lt);
    }
    return lt;
}

sat::Lit BitBlaster::slt(const Bits& a, const Bits& b) {
    // Signed order is unsigned order with the sign bits flipped.
    Bits x = a, y = b;
    x.back() = -x.back();
    y.back() = -y.back();
    return ult(x, y);
}

sat::Lit BitBlaster::equal(const Bits& a, const Bits& b) {
    sat::Lit r = true_;
    for (size_t i = 0; i < a.size(); ++i) r = mk_and(r, -mk_xor(a[i], b[i]));
    return r;
}

BitBlaster::Bits BitBlaster::mux(sat::Lit c, const Bits& a, const Bits& b) {
    Bits r(a.size());
    for (size_t i = 0; i < a.size(); ++i) r[i] = mk_ite(c, a[i], b[i]);
    return r;
}

// The exponent k when b is the constant 2^k, else -1.
int BitBlaster::power_of_two(const Bits& b) const {
    int k = -1;
    for (size_t i = 0; i < b.size(); ++i) {
        if (b[i] == -true_) continue;
        if (b[i] != true_ || k >= 0) return -1;
        k = static_cast<int>(i);
    }
    return k;
}

void BitBlaster::udivrem(const Bits& a, const Bits& b, Bits& q, Bits& r) {
    const size_t w = a.size();
    // By a constant 2^k: a shift and a mask, no gates (C's `x % 8`, `x / 2` on words).
    if (const int k = power_of_two(b); k >= 0) {
        const size_t s = static_cast<size_t>(k);
        q.assign(w, -true_);
        r.assign(w, -true_);
        for (size_t i = 0; i + s < w; ++i) q[i] = a[i + s];
        for (size_t i = 0; i < s; ++i) r[i] = a[i];
        return;
    }
    // Restoring division. With b = 0 every step subtracts nothing and succeeds: q is all ones
    // and r ends as a, SMT-LIB's values.
    q.assign(w, -true_);
    r.assign(w, -true_);
    Bits not_b(w);
    for (size_t i = 0; i < w; ++i) not_b[i] = -b[i];
    for (size_t i = w; i-- > 0;) {
        sat::Lit high = r.back();  // the bit shifted out: (r << 1 | a_i) has w + 1 bits
        Bits shifted(w);
        shifted[0] = a[i];
        for (size_t j = 1; j < w; ++j) shifted[j] = r[j - 1];
        sat::Lit ge = mk_or(high, -ult(shifted, b));
        Bits diff = add(shifted, not_b, true_);
        q[i] = ge;
        r = mux(ge, diff, shifted);
    }
}

BitBlaster::Bits BitBlaster::shift(Kind k, const Bits& a, const Bits& b) {
    // Barrel shifter: stage s shifts by 2^s when b_s is set. Amounts of at least the width
    // shift everything out (0, or the sign for bvashr), stage by stage or by a high bit of b.
    const size_t w = a.size();
    const sat::Lit fill = k == Kind::BvAshr ? a.back() : -true_;
    Bits r = a;
    sat::Lit too_big = -true_;
    for (size_t s = 0; s < w; ++s) {
        if (s >= 31 || (size_t{1} << s) >= w) {
            too_big = mk_or(too_big, b[s]);
            continue;
        }
        const size_t d = size_t{1} << s;
        Bits moved(w);
        for (size_t i = 0; i < w; ++i) {
            if (k == Kind::BvShl)
                moved[i] = i >= d ? r[i - d] : -true_;
            else
                moved[i] = i + d < w ? r[i + d] : fill;
        }
        r = mux(b[s], moved, r);
    }
    return mux(too_big, Bits(w, fill), r);
}

BitBlaster::Bits BitBlaster::signed_op(Kind k, const Bits& a, const Bits& b) {
    // SMT-LIB's definitions of bvsdiv, bvsrem and bvsmod from bvudiv and bvurem on |a|, |b|.
    const sat::Lit ms = a.back(), mt = b.back();
    Bits abs_a = mux(ms, neg(a), a), abs_b = mux(mt, neg(b), b);
    Bits q, r;
    udivrem(abs_a, abs_b, q, r);
    if (k == Kind::BvSdiv) return mux(mk_xor(ms, mt), neg(q), q);
    if (k == Kind::BvSrem) return mux(ms, neg(r), r);
    // bvsmod: u = r; 0 if u = 0, else by the signs: u, -u + b, u + b, -u.
    Bits zero(a.size(), -true_);
    sat::Lit u_zero = equal(r, zero);
    Bits neg_r = neg(r);
    Bits pos_case = mux(mt, add(r, b, -true_), r);          // s >= 0
    Bits neg_case = mux(mt, neg_r, add(neg_r, b, -true_));  // s < 0
    return mux(u_zero, r, mux(ms, neg_case, pos_case));
}

BitBlaster::Bits BitBlaster::blast(Term t) {
    const Kind k = tm_.kind(t);
    const uint32_t w = tm_.bv_width(t);
    auto arg = [&](size_t i) { return bits(tm_.child(t, i)); };  // a copy: the cache may grow
    switch (k) {
        case Kind::BvConst: {
            Bits r(w);
            mpz_class v = tm_.bv_value(t);
            for (uint32_t i = 0; i < w; ++i) r[i] = mpz_tstbit(v.get_mpz_t(), i) ? true_ : -true_;
            return r;
        }
        case Kind::Const:
        case Kind::App: {  // an application: its congruence lemmas are the solver's (ackermann.hpp)
            Bits r(w);
            for (uint32_t i = 0; i < w; ++i) r[i] = new_var();
            variables_.push_back(t);
            return r;
        }
        case Kind::Ite: {
            sat::Lit c = cnf_.literal(tm_.child(t, 0));
            return mux(c, arg(1), arg(2));
        }
        case Kind::BvConcat: {
            Bits r = arg(1), high = arg(0);
            r.insert(r.end(), high.begin(), high.end());
            return r;
        }
        case Kind::BvExtract: {
            Bits a = arg(0);
            const uint32_t lo = tm_.bv_index(t);
            return Bits(a.begin() + lo, a.begin() + lo + w);
        }
        case Kind::BvSignExt: {
            Bits a = arg(0);
            sat::Lit sign = a.back();
            a.resize(w, sign);
            return a;
        }
        case Kind::BvNot: {
            Bits a = arg(0);
            for (sat::Lit& l : a) l = -l;
            return a;
        }
        case Kind::BvNeg: return neg(arg(0));
        case Kind::BvAnd:
        case Kind::BvOr:
        case Kind::BvXor: {
            Bits a = arg(0), b = arg(1), r(w);
            for (uint32_t i = 0; i < w; ++i)
                r[i] = k == Kind::BvAnd ? mk_and(a[i], b[i]) : k == Kind::BvOr ? mk_or(a[i], b[i]) : mk_xor(a[i], b[i]);
            return r;
        }
        case Kind::BvAdd: return add(arg(0), arg(1), -true_);
        case Kind::BvMul: return mul(arg(0), arg(1));
        case Kind::BvUdiv:
        case Kind::BvUrem: {
            Bits q, r;
            udivrem(arg(0), arg(1), q, r);
            return k == Kind::BvUdiv ? q : r;
        }
        case Kind::BvSdiv:
        case Kind::BvSrem:
        case Kind::BvSmod: return signed_op(k, arg(0), arg(1));
        case Kind::BvShl:
        case Kind::BvLshr:
        case Kind::BvAshr: return shift(k, arg(0), arg(1));
        default:
            throw UnsupportedError("bit-vector term of kind " + std::string(kind_name(k)) +
                                   " (e.g. an uninterpreted function over bit-vectors) is not supported");
    }
}

const std::vector<sat::Lit>& BitBlaster::bits(Term t) {
    if (cache_.size() <= t.id) cache_.resize(t.id + 1);
    if (cache_[t.id].empty()) {
        Bits b;
        {
            OwnerScope scope(current_owner_, t);
            b = blast(t);
        }
        if (cache_.size() <= t.id) cache_.resize(t.id + 1);
        cache_[t.id] = std::move(b);
    }
    return cache_[t.id];
}

std::vector<Wire> BitBlaster::wires(size_t num_vars) const {
    std::vector<Wire> out(num_vars + 1);
    for (size_t v = 1; v <= num_vars && v < owner_.size(); ++v) {
        const Term t = owner_[v];
        if (!t.valid()) continue;
        out[v].owner = t;
        if (t.id >= cache_.size()) continue;  // an atom's wires, or a circuit that threw
        const Bits& bits = cache_[t.id];
        for (size_t i = 0; i < bits.size(); ++i)
            if (std::abs(bits[i]) == static_cast<int>(v)) {
                out[v].index = static_cast<uint32_t>(i);
                out[v].negated = bits[i] < 0;
                break;
            }
    }
    return out;
}

sat::Lit BitBlaster::predicate(Term t) {
    const Kind k = tm_.kind(t);
    Bits a = bits(tm_.child(t, 0)), b = bits(tm_.child(t, 1));
    OwnerScope scope(current_owner_, t);  // the comparator's wires belong to the atom
    switch (k) {
        case Kind::Eq: return equal(a, b);
        case Kind::BvUlt: return ult(a, b);
        case Kind::BvUle: return -ult(b, a);
        case Kind::BvSlt: return slt(a, b);
        case Kind::BvSle: return -slt(b, a);
        default: throw std::logic_error("BitBlaster::predicate: not a bit-vector atom");
    }
}

}  // namespace craig::smt::bv
