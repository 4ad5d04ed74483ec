// Simplex: the choice of arithmetic, and calls forwarded to the engine (simplex_engine.cpp).
#include "smt/lra/simplex.hpp"

#include <cassert>

namespace craig::lra {

// std::visit over the engine variant: one indirect jump per call, never inside the pivot loops.
#define CRAIG_SIMPLEX_FORWARD(call) std::visit([&](auto& e) -> decltype(auto) { return e.call; }, engine_)

Simplex::Simplex(Arith arith) { set_arithmetic(arith); }

void Simplex::set_arithmetic(Arith arith) {
    assert(num_vars() == 0 && "set_arithmetic: the simplex already has variables");
    if (arith == arithmetic()) return;
    if (arith == Arith::Fast)
        engine_.emplace<SimplexEngine<FastArith>>();
    else
        engine_.emplace<SimplexEngine<GmpArith>>();
}

Arith Simplex::arithmetic() const {
    return std::holds_alternative<SimplexEngine<FastArith>>(engine_) ? Arith::Fast : Arith::Gmp;
}

Simplex::Var Simplex::new_var() { return CRAIG_SIMPLEX_FORWARD(new_var()); }
Simplex::Var Simplex::new_row(std::span<const std::pair<Var, mpq_class>> row) {
    return CRAIG_SIMPLEX_FORWARD(new_row(row));
}
bool Simplex::assert_upper(Var v, const DeltaRational& b, Reason r) {
    return CRAIG_SIMPLEX_FORWARD(assert_bound(v, b, r, true));
}
bool Simplex::assert_lower(Var v, const DeltaRational& b, Reason r) {
    return CRAIG_SIMPLEX_FORWARD(assert_bound(v, b, r, false));
}
bool Simplex::check() { return CRAIG_SIMPLEX_FORWARD(check()); }
const Simplex::Conflict& Simplex::conflict() const { return CRAIG_SIMPLEX_FORWARD(conflict()); }
void Simplex::push() { CRAIG_SIMPLEX_FORWARD(push()); }
void Simplex::pop() { CRAIG_SIMPLEX_FORWARD(pop()); }
size_t Simplex::level() const { return CRAIG_SIMPLEX_FORWARD(level()); }
DeltaRational Simplex::value(Var v) const { return CRAIG_SIMPLEX_FORWARD(value(v)); }
std::vector<mpq_class> Simplex::concrete_model() const { return CRAIG_SIMPLEX_FORWARD(concrete_model()); }
mpq_class Simplex::concrete_delta() const { return CRAIG_SIMPLEX_FORWARD(concrete_delta()); }
const Simplex::Stats& Simplex::stats() const { return CRAIG_SIMPLEX_FORWARD(stats()); }
size_t Simplex::num_vars() const { return CRAIG_SIMPLEX_FORWARD(num_vars()); }
size_t Simplex::num_rows() const { return CRAIG_SIMPLEX_FORWARD(num_rows()); }
bool Simplex::is_slack(Var v) const { return CRAIG_SIMPLEX_FORWARD(is_slack(v)); }
std::span<const std::pair<Simplex::Var, mpq_class>> Simplex::row_definition(Var slack) const {
    return CRAIG_SIMPLEX_FORWARD(row_definition(slack));
}
bool Simplex::has_lower(Var v) const { return CRAIG_SIMPLEX_FORWARD(has_lower(v)); }
bool Simplex::has_upper(Var v) const { return CRAIG_SIMPLEX_FORWARD(has_upper(v)); }
DeltaRational Simplex::lower(Var v) const { return CRAIG_SIMPLEX_FORWARD(lower(v)); }
DeltaRational Simplex::upper(Var v) const { return CRAIG_SIMPLEX_FORWARD(upper(v)); }
Simplex::Reason Simplex::lower_reason(Var v) const { return CRAIG_SIMPLEX_FORWARD(lower_reason(v)); }
Simplex::Reason Simplex::upper_reason(Var v) const { return CRAIG_SIMPLEX_FORWARD(upper_reason(v)); }
bool Simplex::is_basic(Var v) const { return CRAIG_SIMPLEX_FORWARD(is_basic(v)); }
std::vector<std::pair<Simplex::Var, mpq_class>> Simplex::row_of_basic(Var basic) const {
    return CRAIG_SIMPLEX_FORWARD(row_of_basic(basic));
}
void Simplex::rows_with(Var v, std::vector<Var>& basics) const { CRAIG_SIMPLEX_FORWARD(rows_with(v, basics)); }
size_t Simplex::row_length(Var basic) const { return CRAIG_SIMPLEX_FORWARD(row_length(basic)); }
void Simplex::row_implied_bounds(Var basic, std::span<const uint8_t> wanted, std::vector<ImpliedBound>& out) {
    CRAIG_SIMPLEX_FORWARD(row_implied_bounds(basic, wanted, out));
}
void Simplex::row_bound_reason(Var basic, Var target, bool upper, std::vector<BoundUse>& out) const {
    CRAIG_SIMPLEX_FORWARD(row_bound_reason(basic, target, upper, out));
}
bool Simplex::gcd_test_fails(Var basic, std::span<const uint8_t> is_int) const {
    return CRAIG_SIMPLEX_FORWARD(gcd_test_fails(basic, is_int));
}
uint64_t Simplex::gmp_numbers() const { return CRAIG_SIMPLEX_FORWARD(gmp_numbers()); }
void Simplex::set_bland_threshold(uint64_t pivots) { CRAIG_SIMPLEX_FORWARD(set_bland_threshold(pivots)); }
std::string Simplex::check_invariants() const { return CRAIG_SIMPLEX_FORWARD(check_invariants()); }

#undef CRAIG_SIMPLEX_FORWARD

}  // namespace craig::lra
