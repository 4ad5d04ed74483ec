#pragma once
// Independent checker of Farkas certificates produced by Simplex (shares only DeltaRational).
//
// A certificate is a list of weighted bounds λ_i·(expr_i <= b_i): an upper bound v <= u reads
// v <= u, a lower bound v >= l reads -v <= -l, and a slack v is replaced by its original
// definition over structural variables. It proves infeasibility iff every λ_i > 0,
// Σ λ_i·expr_i is the zero polynomial, and Σ λ_i·b_i < 0 as a DeltaRational (either the
// rational part is negative, or it is zero and the δ part, coming from strict bounds, is).
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "smt/lra/delta_rational.hpp"
#include "smt/lra/simplex.hpp"

namespace craig::lra {

struct FarkasTerm {
    mpq_class coeff;  // λ
    uint32_t var;     // the bounded variable (structural or slack)
    bool upper;       // v <= bound, else v >= bound
    DeltaRational bound;
};

// The rows the certificate is read against: is_slack(v) says whether v is a slack, and
// definition(v) gives a slack's definition over structural variables.
struct Definitions {
    std::function<bool(uint32_t)> is_slack;
    std::function<std::span<const std::pair<uint32_t, mpq_class>>(uint32_t)> definition;
};

// True iff `terms` is a valid certificate of infeasibility; otherwise *why (if given) says
// what is wrong.
bool check_farkas(const Definitions& defs, std::span<const FarkasTerm> terms, std::string* why);

// The same for a Simplex conflict, using Simplex::row_definition (original definitions).
bool check_farkas(const Simplex& s, const Simplex::Conflict& c, std::string* why);

}  // namespace craig::lra
