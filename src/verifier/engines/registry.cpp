// The registry of craig's engines: one line per engine (see engine.hpp for the recipe).
#include "verifier/engines/engine.hpp"

namespace craig::verifier {

// Each engine's file defines its EngineInfo.
const EngineInfo& bmc_engine();
const EngineInfo& impact_engine();
const EngineInfo& portfolio_engine();
const EngineInfo& ufo_engine();
const EngineInfo& cpufo_engine();
const EngineInfo& bpufo_engine();
const EngineInfo& cp_engine();
const EngineInfo& bp_engine();
const EngineInfo& vinta_box_engine();
const EngineInfo& vinta_boxes_engine();
const EngineInfo& value_engine();
const EngineInfo& value_impact_engine();
const EngineInfo& lazy_engine();
const EngineInfo& lazy_inter_engine();
const EngineInfo& whale_engine();
const EngineInfo& summaries_engine();
const EngineInfo& pdr_engine();
const EngineInfo& kind_engine();
const EngineInfo& tpa_engine();

const EngineRegistry& builtin_engines() {
    static const EngineRegistry registry = [] {
        EngineRegistry r;
        r.add(bmc_engine());
        r.add(impact_engine());
        r.add(portfolio_engine());
        r.add(ufo_engine());
        r.add(cpufo_engine());
        r.add(bpufo_engine());
        r.add(cp_engine());
        r.add(bp_engine());
        r.add(vinta_box_engine());
        r.add(vinta_boxes_engine());
        r.add(value_engine());
        r.add(value_impact_engine());
        r.add(lazy_engine());
        r.add(lazy_inter_engine());
        r.add(whale_engine());
        r.add(summaries_engine());
        r.add(pdr_engine());
        r.add(kind_engine());
        r.add(tpa_engine());
        return r;
    }();
    return registry;
}

}  // namespace craig::verifier
