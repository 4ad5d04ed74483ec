// RunOptions: what the commands that run one engine on one problem share (craig verify,
// craig chc): the engine and its option values, the limits, the checks. VerifyOptions and
// ChcOptions extend it; the functions below make the pieces of a run from it, so that every
// command builds its budget, engine settings and gate options the same way.
//
//   const EngineInfo& info = engine_of(o);          // throws std::invalid_argument if unknown
//   base::Budget budget = budget_of(o, start);      // o.timeout from `start`, o.memory_mb
//   EngineSettings s = info.settings(common_settings(o), o.engine_options);
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "base/budget.hpp"
#include "smt/sat_integration.hpp"

namespace craig::verifier {

class EngineRegistry;
struct EngineInfo;
struct CommonSettings;
struct CertifyOptions;

struct RunOptions {
    std::string input;
    std::string engine = "portfolio";
    // Values of the engine's options (engines/engine.hpp), by option name; options the engine
    // does not declare are ignored (main.cpp refuses them before).
    std::map<std::string, std::string> engine_options;
    const EngineRegistry* engines = nullptr;  // null: builtin_engines()
    unsigned bound = 0;                       // 0: deepen until the time limit
    double timeout = 0;                       // seconds; 0: none
    std::uint64_t memory_mb = 0;              // the process's limit (main.cpp sets it); 0: none
    bool stats = false;
    bool check_models = true;
    bool check_certificates = true;
    smt::SatIntegration sat_integration = smt::kDefaultSatIntegration;  // of the queries
    std::string producer = "craig";                                     // witness producer, e.g. "craig 0.1.0"
};

// The registry the run chooses from: o.engines, or the built-in engines.
const EngineRegistry& registry_of(const RunOptions& o);
// Throws std::invalid_argument for a name the registry does not hold.
const EngineInfo& engine_of(const RunOptions& o);
// o.timeout seconds from `start` (none when 0) and o.memory_mb.
base::Budget budget_of(const RunOptions& o, base::Budget::Clock::time_point start);
// bound, checks, SAT integration and producer; the rest at their defaults.
CommonSettings common_settings(const RunOptions& o);
CertifyOptions certify_options(const RunOptions& o);

}  // namespace craig::verifier
