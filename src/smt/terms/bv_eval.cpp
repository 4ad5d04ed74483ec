#include "smt/terms/bv_eval.hpp"

#include <stdexcept>

namespace craig::smt {

mpz_class bv_mask(uint32_t w) {
    mpz_class m = 1;
    m <<= w;
    return m - 1;
}

mpz_class bv_signed(const mpz_class& v, uint32_t w) {
    if (mpz_tstbit(v.get_mpz_t(), w - 1)) return v - (bv_mask(w) + 1);
    return v;
}

namespace {

mpz_class wrap(const mpz_class& v, uint32_t w) {
    mpz_class r = v & bv_mask(w);  // GMP's & is two's complement on negatives: this is v mod 2^w
    return r;
}

mpz_class udiv(const mpz_class& a, const mpz_class& b, uint32_t w) { return b == 0 ? bv_mask(w) : a / b; }
mpz_class urem(const mpz_class& a, const mpz_class& b) { return b == 0 ? a : a % b; }
mpz_class neg(const mpz_class& a, uint32_t w) { return wrap(-a, w); }
bool msb(const mpz_class& a, uint32_t w) { return mpz_tstbit(a.get_mpz_t(), w - 1); }

// The shift amount as a machine word, or w when it is at least w.
uint32_t shift_amount(const mpz_class& b, uint32_t w) { return b >= w ? w : static_cast<uint32_t>(b.get_ui()); }

}  // namespace

mpz_class bv_evaluate(Kind k, uint32_t w, uint32_t payload, std::span<const mpz_class> x,
                      std::span<const uint32_t> widths) {
    switch (k) {
        case Kind::BvConcat: return (x[0] << widths[1]) | x[1];
        case Kind::BvExtract: return (x[0] >> payload) & bv_mask(w);
        case Kind::BvSignExt: return wrap(bv_signed(x[0], widths[0]), w);
        case Kind::BvNot: return x[0] ^ bv_mask(w);
        case Kind::BvAnd: return x[0] & x[1];
        case Kind::BvOr: return x[0] | x[1];
        case Kind::BvXor: return x[0] ^ x[1];
        case Kind::BvNeg: return neg(x[0], w);
        case Kind::BvAdd: return wrap(x[0] + x[1], w);
        case Kind::BvMul: return wrap(x[0] * x[1], w);
        case Kind::BvUdiv: return udiv(x[0], x[1], w);
        case Kind::BvUrem: return urem(x[0], x[1]);
        case Kind::BvSdiv: {
            bool ms = msb(x[0], w), mt = msb(x[1], w);
            mpz_class a = ms ? neg(x[0], w) : x[0], b = mt ? neg(x[1], w) : x[1];
            mpz_class q = udiv(a, b, w);
            return ms != mt ? neg(q, w) : q;
        }
        case Kind::BvSrem: {
            bool ms = msb(x[0], w), mt = msb(x[1], w);
            mpz_class a = ms ? neg(x[0], w) : x[0], b = mt ? neg(x[1], w) : x[1];
            mpz_class r = urem(a, b);
            return ms ? neg(r, w) : r;
        }
        case Kind::BvSmod: {
            bool ms = msb(x[0], w), mt = msb(x[1], w);
            mpz_class a = ms ? neg(x[0], w) : x[0], b = mt ? neg(x[1], w) : x[1];
            mpz_class u = urem(a, b);
            if (u == 0) return u;
            if (!ms && !mt) return u;
            if (ms && !mt) return wrap(neg(u, w) + x[1], w);
            if (!ms && mt) return wrap(u + x[1], w);
            return neg(u, w);
        }
        case Kind::BvShl: return wrap(x[0] << shift_amount(x[1], w), w);
        case Kind::BvLshr: return x[0] >> shift_amount(x[1], w);
        case Kind::BvAshr: return wrap(bv_signed(x[0], w) >> shift_amount(x[1], w), w);
        case Kind::BvUlt: return x[0] < x[1] ? 1 : 0;
        case Kind::BvUle: return x[0] <= x[1] ? 1 : 0;
        case Kind::BvSlt: return bv_signed(x[0], w) < bv_signed(x[1], w) ? 1 : 0;
        case Kind::BvSle: return bv_signed(x[0], w) <= bv_signed(x[1], w) ? 1 : 0;
        default: throw std::logic_error("bv_evaluate: not a bit-vector operator");
    }
}

}  // namespace craig::smt
