// Integer rounding of rationals: ⌊q⌋ and ⌈q⌉ as rationals, for the arithmetic of terms (Int
// normal forms, to_int), of models and of the LRA theory (bounds of Int variables). One
// definition here, the lowest layer that rounds, so that they all round alike.
#pragma once

#include <gmpxx.h>

namespace craig::smt {

inline mpq_class floor_q(const mpq_class& q) {
    mpz_class r;
    mpz_fdiv_q(r.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
    return mpq_class(r);
}

inline mpq_class ceil_q(const mpq_class& q) {
    mpz_class r;
    mpz_cdiv_q(r.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
    return mpq_class(r);
}

}  // namespace craig::smt
