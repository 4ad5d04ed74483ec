// Construction of bit-vector terms: SMT-LIB's operators normalised onto the kinds of kind.hpp
// (zero_extend, repeat and rotations become concat/extract; bvsub is add and neg), constant
// folding by the reference semantics (bv_eval.hpp) and light algebraic simplification.
#include <stdexcept>

#include "smt/terms/bv_eval.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

namespace {

bool commutative(Kind k) {
    return k == Kind::BvAnd || k == Kind::BvOr || k == Kind::BvXor || k == Kind::BvAdd || k == Kind::BvMul;
}

}  // namespace

Term TermManager::mk_bv_const(const mpz_class& value, uint32_t width) {
    mpq_class v(mpz_class(value & bv_mask(width)));
    return intern(Kind::BvConst, sorts_.bitvec(width), 0, {}, std::span<const mpq_class>(&v, 1));
}

// All arguments constant: the value; otherwise invalid.
Term TermManager::fold_bv(Kind k, Sort s, uint32_t payload, std::span<const Term> args) {
    std::vector<mpz_class> vals;
    std::vector<uint32_t> widths;
    for (Term a : args) {
        if (kind(a) != Kind::BvConst) return Term{};
        vals.push_back(bv_value(a));
        widths.push_back(bv_width(a));
    }
    if (is_bv_predicate_kind(k)) return mk_bool(bv_evaluate(k, widths[0], payload, vals, widths) != 0);
    return mk_bv_const(bv_evaluate(k, sorts_.bv_width(s), payload, vals, widths), sorts_.bv_width(s));
}

Term TermManager::mk_bv(Kind k, Term a) {
    Term kids[1] = {a};
    if (Term f = fold_bv(k, sort(a), 0, kids); f.valid()) return f;
    if (kind(a) == k) return child(a, 0);  // ~~x = x, --x = x
    return intern(k, sort(a), 0, kids, {});
}

Term TermManager::mk_bv(Kind k, Term a, Term b) {
    if (k == Kind::BvConcat) {
        Sort s = sorts_.bitvec(bv_width(a) + bv_width(b));
        Term kids[2] = {a, b};
        if (Term f = fold_bv(k, s, 0, kids); f.valid()) return f;
        // Adjacent extracts of one term merge back: (concat x[h:m+1] x[m:l]) = x[h:l].
        if (kind(a) == Kind::BvExtract && kind(b) == Kind::BvExtract && child(a, 0) == child(b, 0) &&
            bv_index(a) == bv_index(b) + bv_width(b))
            return mk_bv_extract(bv_index(a) + bv_width(a) - 1, bv_index(b), child(a, 0));
        return intern(k, s, 0, kids, {});
    }
    if (commutative(k) && a.id > b.id) std::swap(a, b);
    if (commutative(k) && kind(b) == Kind::BvConst && kind(a) != Kind::BvConst) std::swap(a, b);
    // From here a commutative operator has its constant (if any) first.
    Sort s = is_bv_predicate_kind(k) ? SortTable::Bool : sort(a);
    Term kids[2] = {a, b};
    if (Term f = fold_bv(k, s, 0, kids); f.valid()) return f;
    const uint32_t w = bv_width(a);
    const bool a0 = kind(a) == Kind::BvConst && bv_value(a) == 0;
    const bool a1 = kind(a) == Kind::BvConst && bv_value(a) == 1;
    const bool a_ones = kind(a) == Kind::BvConst && bv_value(a) == bv_mask(w);
    const bool b0 = kind(b) == Kind::BvConst && bv_value(b) == 0;
    switch (k) {
        case Kind::BvAnd:
            if (a0) return a;
            if (a_ones || a == b) return b;
            break;
        case Kind::BvOr:
            if (a0 || a == b) return b;
            if (a_ones) return a;
            break;
        case Kind::BvXor:
            if (a0) return b;
            if (a == b) return mk_bv_const(0, w);
            if (a_ones) return mk_bv(Kind::BvNot, b);
            break;
        case Kind::BvAdd:
            if (a0) return b;
            break;
        case Kind::BvMul:
            if (a0) return a;
            if (a1) return b;
            if (a_ones) return mk_bv(Kind::BvNeg, b);  // -1 * x = -x
            // Negation moves out of products ((-x) * y = -(x * y) modulo 2^w), so that
            // (-a) * (-b) and a * b are one term: bit-blasting cannot tell that two
            // multipliers are equal (a 32-bit instance of it takes CaDiCaL minutes).
            if (kind(a) == Kind::BvNeg || kind(b) == Kind::BvNeg) {
                const bool na = kind(a) == Kind::BvNeg, nb = kind(b) == Kind::BvNeg;
                Term p = mk_bv(Kind::BvMul, na ? child(a, 0) : a, nb ? child(b, 0) : b);
                return na == nb ? p : mk_bv(Kind::BvNeg, p);
            }
            break;
        case Kind::BvShl:
        case Kind::BvLshr:
        case Kind::BvAshr:
            if (b0) return a;
            break;
        case Kind::BvUdiv:
            if (kind(b) == Kind::BvConst && bv_value(b) == 1) return a;
            break;
        case Kind::BvUlt:
        case Kind::BvSlt:
            if (a == b) return false_;
            if (k == Kind::BvUlt && b0) return false_;
            break;
        case Kind::BvUle:
        case Kind::BvSle:
            if (a == b) return true_;
            if (k == Kind::BvUle && a0) return true_;
            break;
        default: break;
    }
    return intern(k, s, 0, kids, {});
}

Term TermManager::mk_bv_extract(uint32_t hi, uint32_t lo, Term a) {
    const uint32_t w = bv_width(a);
    if (lo > hi || hi >= w) throw std::invalid_argument("extract out of range");
    if (lo == 0 && hi == w - 1) return a;
    Sort s = sorts_.bitvec(hi - lo + 1);
    Term kids[1] = {a};
    if (Term f = fold_bv(Kind::BvExtract, s, lo, kids); f.valid()) return f;
    switch (kind(a)) {
        case Kind::BvExtract: return mk_bv_extract(hi + bv_index(a), lo + bv_index(a), child(a, 0));
        case Kind::BvConcat: {
            // Select the part of the concatenation the bits come from.
            Term high = child(a, 0), low = child(a, 1);
            const uint32_t lw = bv_width(low);
            if (hi < lw) return mk_bv_extract(hi, lo, low);
            if (lo >= lw) return mk_bv_extract(hi - lw, lo - lw, high);
            break;
        }
        default: break;
    }
    return intern(Kind::BvExtract, s, lo, kids, {});
}

Term TermManager::mk_bv_zero_extend(uint32_t k, Term a) {
    if (k == 0) return a;
    return mk_bv(Kind::BvConcat, mk_bv_const(0, k), a);
}

Term TermManager::mk_bv_sign_extend(uint32_t k, Term a) {
    if (k == 0) return a;
    Sort s = sorts_.bitvec(bv_width(a) + k);
    Term kids[1] = {a};
    if (Term f = fold_bv(Kind::BvSignExt, s, 0, kids); f.valid()) return f;
    return intern(Kind::BvSignExt, s, 0, kids, {});
}

Term TermManager::mk_bv_repeat(uint32_t n, Term a) {
    Term r = a;
    for (uint32_t i = 1; i < n; ++i) r = mk_bv(Kind::BvConcat, r, a);
    return r;
}

Term TermManager::mk_bv_rotate_left(uint32_t r, Term a) {
    const uint32_t w = bv_width(a);
    r %= w;
    if (r == 0) return a;
    return mk_bv(Kind::BvConcat, mk_bv_extract(w - 1 - r, 0, a), mk_bv_extract(w - 1, w - r, a));
}

Term TermManager::mk_bv_rotate_right(uint32_t r, Term a) {
    const uint32_t w = bv_width(a);
    return mk_bv_rotate_left((w - r % w) % w, a);
}

}  // namespace craig::smt
