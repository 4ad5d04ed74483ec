// The interpolation-system options every interpolating engine offers (impact, ufo, ...): rows
// for an engine's option table and the ItpOptions they select.
//
//   constexpr EngineOption kMyOptions[] = {kItpBoolOption, kItpLraOption, kItpEufOption, ...};
//   itp::ItpOptions o = itp_options(settings);
#pragma once

#include <string>

#include "itp/options.hpp"
#include "verifier/engines/engine.hpp"

namespace craig::verifier {

namespace detail {
// Interpolation systems: the names and aliases of itp/options.hpp, checked by its parsers.
template <auto Parse>
std::string check_itp(const std::string& v) {
    return Parse(v) ? std::string() : "unknown value '" + v + "'";
}
}  // namespace detail

inline constexpr EngineOption kItpBoolOption{
    "itp-bool", OptionKind::Choice, "mcmillan",
    "Boolean interpolation system: mcmillan, pudlak, mcmillan-prime, proof-sensitive, proof-sensitive-weak, "
    "proof-sensitive-strong (or 0-5)",
    detail::check_itp<itp::parse_bool_system>};
inline constexpr EngineOption kItpLraOption{
    "itp-lra", OptionKind::Choice, "farkas",
    "arithmetic interpolation: farkas, dual-farkas, flexible, decomposed-farkas, dual-decomposed-farkas (or 0, 2, 3, "
    "4, 5)",
    detail::check_itp<itp::parse_lra_system>};
inline constexpr EngineOption kItpEufOption{"itp-euf", OptionKind::Choice, "strong",
                                            "EUF interpolation: strong or weak (or 0, 2)",
                                            detail::check_itp<itp::parse_euf_system>};

// The systems the settings name (the table's checks have accepted them).
inline itp::ItpOptions itp_options(const EngineSettings& s) {
    itp::ItpOptions o;
    o.boolean = *itp::parse_bool_system(s.get("itp-bool"));
    o.lra = *itp::parse_lra_system(s.get("itp-lra"));
    o.euf = *itp::parse_euf_system(s.get("itp-euf"));
    return o;
}

}  // namespace craig::verifier
