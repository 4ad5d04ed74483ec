// The interpolation-system options every interpolating engine offers (impact, ufo, ...): rows
// for an engine's option table and the ItpOptions they select.
//
//   constexpr EngineOption kMyOptions[] = {kItpBoolOption, kItpLraOption, kItpEufOption, ...};
//   itp::ItpOptions o = itp_options(settings);
#pragma once

#include <string>

#include "itp/option_rows.hpp"
#include "itp/options.hpp"
#include "verifier/engines/engine.hpp"

namespace craig::verifier {

// The rows of the interpolation layer's table (itp/option_rows.hpp), as engine options.
inline constexpr EngineOption kItpBoolOption = itp::kItpBoolRow;
inline constexpr EngineOption kItpLraOption = itp::kItpLraRow;
inline constexpr EngineOption kItpEufOption = itp::kItpEufRow;
inline constexpr EngineOption kItpDagRouteOption = itp::kItpDagRouteRow;

// The systems the settings name (the table's checks have accepted them).
inline itp::ItpOptions itp_options(const EngineSettings& s) {
    itp::ItpOptions o;
    o.boolean = *itp::parse_bool_system(s.get("itp-bool"));
    o.lra = *itp::parse_lra_system(s.get("itp-lra"));
    o.euf = *itp::parse_euf_system(s.get("itp-euf"));
    return o;
}

}  // namespace craig::verifier
