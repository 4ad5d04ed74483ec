#pragma once
// Term kinds of craig's term language (SMT-LIB core, uninterpreted functions, linear arithmetic,
// fixed-size bit-vectors).
#include <cstdint>
#include <string_view>

namespace craig::smt {

enum class Kind : uint8_t {
    // Boolean connectives (sort Bool)
    True,
    False,
    Not,
    And,
    Or,
    Xor,
    Implies,
    Ite,       // any sort: (ite c a b)
    Eq,        // binary; on Bool it is "iff"
    Distinct,  // n-ary, n >= 2
    // Uninterpreted symbols
    Const,  // a declared 0-ary function (payload = FuncId)
    App,    // a declared function applied to arguments (payload = FuncId)
    // Linear arithmetic in normal form (see TermManager)
    Numeral,  // rational constant (payload = index of the rational)
    Linear,   // c0 + sum c_i * t_i (payload = index of c_1..c_n, then c0)
    Leq,      // (<= p c): child 0 a polynomial without constant, child 1 a Numeral
    Lt,       // (< p c)
    // Arithmetic kept as opaque atoms for the linear layer
    Mul,      // non-linear product of two or more non-constant terms
    RealDiv,  // (/ a b) with non-constant b
    IntDiv,   // (div a b)
    Mod,      // (mod a b)
    Abs,
    ToInt,
    IsInt,
    // Fixed-size bit-vectors (smt/terms/bitvector.cpp normalises the SMT-LIB operators onto these)
    BvConst,    // constant (payload = index of its value, an integer in [0, 2^width))
    BvConcat,   // binary; child 0 holds the high bits
    BvExtract,  // ((_ extract hi lo) x): payload = lo, hi = lo + width - 1
    BvSignExt,  // ((_ sign_extend k) x), k = width - width(x)
    BvNot,
    BvAnd,
    BvOr,
    BvXor,
    BvNeg,
    BvAdd,
    BvMul,
    BvUdiv,
    BvUrem,
    BvSdiv,
    BvSrem,
    BvSmod,
    BvShl,
    BvLshr,
    BvAshr,
    BvUlt,  // Bool; bvugt/bvuge/bvsgt/bvsge are these with swapped arguments
    BvUle,
    BvSlt,
    BvSle,
};

std::string_view kind_name(Kind k);

inline bool is_arith_atom_kind(Kind k) { return k == Kind::Leq || k == Kind::Lt; }
inline bool is_bv_kind(Kind k) { return k >= Kind::BvConst; }
inline bool is_bv_predicate_kind(Kind k) { return k >= Kind::BvUlt; }

}  // namespace craig::smt
