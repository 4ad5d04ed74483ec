// The interpolation layer's option table: the rows every interpolating command and engine
// offers (craig solve and itp as --itp-*, set-option as :interpolation-*, impact, ufo, vinta,
// value, lazy, whale, summaries as engine options), declared once here so that the name,
// default, help and check are the same wherever the setting appears.
#pragma once

#include <string>

#include "base/option_row.hpp"
#include "itp/options.hpp"

namespace craig::itp {

namespace detail {
template <auto Parse>
std::string check_system(const std::string& v) {
    return Parse(v) ? std::string() : "unknown value '" + v + "'";
}
inline std::string check_factor(const std::string& v) {
    return parse_strength_factor(v) ? std::string() : "expected a rational between 0 and 1 such as 1/3, got " + v;
}
}  // namespace detail

inline constexpr base::OptionRow kItpBoolRow{
    "itp-bool", base::OptionKind::Choice, "mcmillan",
    "Boolean interpolation system: mcmillan, pudlak, mcmillan-prime, proof-sensitive, proof-sensitive-weak, "
    "proof-sensitive-strong (or OpenSMT's codes 0-5)",
    detail::check_system<parse_bool_system>};
inline constexpr base::OptionRow kItpLraRow{
    "itp-lra", base::OptionKind::Choice, "farkas",
    "arithmetic interpolation: farkas, dual-farkas, flexible, decomposed-farkas, dual-decomposed-farkas (or "
    "OpenSMT's codes 0, 2, 3, 4, 5)",
    detail::check_system<parse_lra_system>};
inline constexpr base::OptionRow kItpEufRow{"itp-euf", base::OptionKind::Choice, "strong",
                                            "EUF interpolation: strong or weak (or OpenSMT's codes 0, 2)",
                                            detail::check_system<parse_euf_system>};
inline constexpr base::OptionRow kItpDagRouteRow{
    "itp-dag-route", base::OptionKind::Choice, "one-proof",
    "DAG interpolants: from one proof of the whole DAG (sequence interpolants cleaned by quantifier elimination, "
    "one-proof) or one proof per inner vertex (per-vertex)",
    detail::check_system<parse_dag_route>};
inline constexpr base::OptionRow kItpLraFactorRow{
    "itp-lra-factor", base::OptionKind::Text, "1/2",
    "strength factor of the flexible arithmetic system, a rational in [0, 1] (0 = farkas, 1 = dual-farkas)",
    detail::check_factor};

}  // namespace craig::itp
