// Engine `tpa` in the registry: the option table and the Engine around TpaEngine (tpa.hpp).
#include <memory>

#include "base/choice.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/engines/tpa/tpa.hpp"

namespace craig::verifier {

namespace {

constexpr base::Choice<tpa::Mode> kModes[] = {{"basic", tpa::Mode::Basic}, {"split", tpa::Mode::Split}};

constexpr EngineOption kTpaOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    {"tpa-mode", OptionKind::Choice, "split",
     "basic (one sequence of relations over-approximating T^{<=2^n}, TACAS 2022) or split (T^{2^n} and T^{<2^n} "
     "apart, FMCAD 2022); default by measurement (docs/results/tpa-2026-12-03)",
     base::check_choice<kModes>},
    {"tpa-projection-cubes", OptionKind::Unsigned, "256",
     "cubes of model-based projection per location when a safe transition invariant is turned into the "
     "certificate's state invariant (more: UNKNOWN, the projection did not end)",
     nullptr, 1, 1000000},
};

class Tpa final : public Engine {
public:
    explicit Tpa(const EngineSettings& s) : s_(s) {}

    Verdict solve(const Program& blocks, const base::Budget& budget) override {
        tpa::TpaOptions o;
        o.take_queries(s_);
        o.itp = itp_options(s_);
        o.mode = *base::parse_choice(kModes, s_.get("tpa-mode"));
        o.max_levels = s_.bound;
        o.projection_cubes = s_.number("tpa-projection-cubes");
        tpa::TpaEngine e(blocks, o, budget);
        return e.run([this](const std::function<std::string()>& status) { progress(status); });
    }

private:
    EngineSettings s_;
};

}  // namespace

const EngineInfo& tpa_engine() {
    static const EngineInfo info{
        "tpa",
        "transition power abstraction (Blicha et al., TACAS 2022; split, FMCAD 2022): interpolants over-approximating "
        "T^(2^n) by levels, deep counterexamples, safety by fixed points",
        kTpaOptions, [](const EngineSettings& s) -> std::unique_ptr<Engine> { return std::make_unique<Tpa>(s); },
        nullptr, {}};
    return info;
}

}  // namespace craig::verifier
