#include "verifier/run/run_options.hpp"

#include <stdexcept>

#include "verifier/certify/certify.hpp"
#include "verifier/engines/engine.hpp"

namespace craig::verifier {

const EngineRegistry& registry_of(const RunOptions& o) { return o.engines ? *o.engines : builtin_engines(); }

const EngineInfo& engine_of(const RunOptions& o) {
    const EngineInfo* info = registry_of(o).find(o.engine);
    if (!info) throw std::invalid_argument("unknown engine '" + o.engine + "'");
    return *info;
}

base::Budget budget_of(const RunOptions& o, base::Budget::Clock::time_point start) {
    using Clock = base::Budget::Clock;
    if (o.timeout <= 0) return base::Budget(std::nullopt, o.memory_mb);
    return base::Budget(start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.timeout)),
                        o.memory_mb);
}

CommonSettings common_settings(const RunOptions& o) {
    CommonSettings c;
    c.bound = o.bound;
    c.check_models = o.check_models;
    c.check_certificates = o.check_certificates;
    c.sat_integration = o.sat_integration;
    c.producer = o.producer;
    return c;
}

CertifyOptions certify_options(const RunOptions& o) {
    CertifyOptions c;
    c.check_models = o.check_models;
    c.check_certificates = o.check_certificates;
    return c;
}

}  // namespace craig::verifier
