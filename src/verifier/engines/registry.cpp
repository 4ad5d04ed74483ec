// The registry of craig's engines: one line per engine (see engine.hpp for the recipe).
#include "verifier/engines/engine.hpp"

namespace craig::verifier {

// Each engine's file defines its EngineInfo.
const EngineInfo& bmc_engine();
const EngineInfo& impact_engine();
const EngineInfo& portfolio_engine();

const EngineRegistry& builtin_engines() {
    static const EngineRegistry registry = [] {
        EngineRegistry r;
        r.add(bmc_engine());
        r.add(impact_engine());
        r.add(portfolio_engine());
        return r;
    }();
    return registry;
}

}  // namespace craig::verifier
