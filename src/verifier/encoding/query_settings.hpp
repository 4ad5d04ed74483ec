#pragma once
// QuerySettings: how an engine makes and checks its solver queries — the product's self-checks
// (models evaluated, theory conflicts re-checked), the SAT loop of the queries, and the rounds of
// operator refinement per exact check. One struct that the run's settings (CommonSettings) and
// every engine's options derive from, so an engine adapter takes them over with one call
// (`options.take_queries(settings)`) instead of copying field by field.
#include "smt/sat_integration.hpp"

namespace craig::verifier {

struct QuerySettings {
    bool check_models = true;
    bool check_certificates = true;
    smt::SatIntegration sat_integration = smt::kDefaultSatIntegration;  // of the queries
    unsigned operator_rounds = 100;  // rounds of operator refinement per exact check (replay of a path)

    // These settings from `from` (engine settings into an engine's options); the rest stays.
    void take_queries(const QuerySettings& from) { *this = from; }
};

}  // namespace craig::verifier
