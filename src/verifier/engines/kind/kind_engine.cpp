// Engine `kind` in the registry: the option table and the Engine around KindEngine (kind.hpp).
#include <memory>

#include "base/choice.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/engines/kind/kind.hpp"

namespace craig::verifier {

namespace {

constexpr base::Choice<kind::InvariantSource> kSources[] = {{"none", kind::InvariantSource::None},
                                                            {"candidates", kind::InvariantSource::Candidates},
                                                            {"pdr", kind::InvariantSource::Pdr},
                                                            {"both", kind::InvariantSource::Both}};

constexpr EngineOption kKindOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    {"kind-invariants", OptionKind::Choice, "both",
     "auxiliary invariants injected into the step case, each proved inductive by Houdini first: none, candidates "
     "(sampled states of the base case made into templates), pdr (the lemmas of a bounded pdr run), both; default "
     "both by measurement (docs/results/kind-2026-12-03)",
     base::check_choice<kSources>},
    {"kind-simple-path", OptionKind::Flag, "false",
     "the step case asks for paths with pairwise distinct states only (complete for finite state spaces; quadratic "
     "in k)"},
    {"kind-pdr-seconds", OptionKind::Unsigned, "2",
     "kind-invariants pdr or both: seconds of the one pdr run whose lemmas are candidates (at most a third of the "
     "time left)",
     nullptr, 1, 3600},
};

class Kind final : public DotKeepingEngine {
public:
    explicit Kind(const EngineSettings& s) : s_(s) {}

    Verdict solve(const Program& blocks, const base::Budget& budget) override {
        kind::KindOptions o;
        o.take_queries(s_);
        o.max_k = s_.bound;
        o.simple_path = s_.flag("kind-simple-path");
        o.invariants = *base::parse_choice(kSources, s_.get("kind-invariants"));
        o.pdr_seconds = s_.number("kind-pdr-seconds");
        o.pdr.take_queries(s_);
        o.pdr.itp = itp_options(s_);
        kind::KindEngine e(blocks, o, budget);
        Verdict v = e.run([this](const std::function<std::string()>& status) { progress(status); });
        keep_dot(s_.keep_arg, e);
        return v;
    }

private:
    EngineSettings s_;
};

}  // namespace

const EngineInfo& kind_engine() {
    static const EngineInfo info{
        "kind",
        "k-induction (Sheeran et al. FMCAD 2000) with auxiliary invariants proved by Houdini (CPAchecker, CAV 2015): "
        "base case as bmc, step case over k blocks from any state",
        kKindOptions,
        [](const EngineSettings& s) -> std::unique_ptr<Engine> { return std::make_unique<Kind>(s); },
        nullptr,
        {}};
    return info;
}

}  // namespace craig::verifier
