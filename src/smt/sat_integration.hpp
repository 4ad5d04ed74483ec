// How the theories meet the SAT search (SolverOptions::sat_integration). Offline: CaDiCaL returns
// each complete assignment, the theories check it, their conflicts are added and CaDiCaL
// searches again from the root. Online: CaDiCaL shows each complete assignment to the theories
// inside its search (the external propagator interface), and conflicts are learnt where the
// search is, without a restart. A header of its own so that the option structs of the layers
// above can carry the choice without the solver's header.
#pragma once

#include <optional>
#include <string_view>

namespace craig::smt {

enum class SatIntegration { Offline, Online };
// The loop of craig solve and of the engines' queries unless an option says otherwise (chosen by
// measurement: docs/results/online-default-2026-12-02). SolverOptions itself keeps Offline for the
// solvers that check answers (the certification gate, interpolant and proof checks): another
// path than the one that found the answer.
inline constexpr SatIntegration kDefaultSatIntegration = SatIntegration::Online;
inline constexpr const char* kDefaultSatIntegrationName = "online";
const char* sat_integration_name(SatIntegration s);  // "offline", "online"
std::optional<SatIntegration> parse_sat_integration(std::string_view name);

}  // namespace craig::smt
