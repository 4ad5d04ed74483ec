// Engine `pdr` in the registry: the option table and the Engine around PdrEngine (pdr.hpp).
#include <memory>

#include "base/choice.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/engines/pdr/pdr.hpp"

namespace craig::verifier {

namespace {

constexpr base::Choice<pdr::Generalize> kGeneralize[] = {
    {"mic", pdr::Generalize::Mic}, {"itp", pdr::Generalize::Itp}, {"both", pdr::Generalize::Both}};

constexpr EngineOption kPdrOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    {"pdr-generalize", OptionKind::Choice, "itp",
     "how a blocked cube becomes a lemma: mic (literal dropping with down), itp (interpolants of the blocking "
     "queries), both (both lemmas); default by measurement (docs/results/pdr-2026-12-03)",
     base::check_choice<kGeneralize>},
    {"pdr-ctg", OptionKind::Unsigned, "2",
     "counterexamples to generalization absorbed per dropped literal in mic (0: plain literal dropping)"},
    {"pdr-drop-monomials", OptionKind::Flag, "true",
     "itp: drop the monomials of an interpolant lemma's bounds while it still holds and excludes the cube "
     "(x + k*y >= 0 becomes x >= 0 where that holds); default by measurement"},
};

class Pdr final : public DotKeepingEngine {
public:
    explicit Pdr(const EngineSettings& s) : s_(s) {}

    Verdict solve(const Program& blocks, const base::Budget& budget) override {
        pdr::PdrOptions o;
        o.take_queries(s_);
        o.itp = itp_options(s_);
        o.generalize = *base::parse_choice(kGeneralize, s_.get("pdr-generalize"));
        o.ctg = s_.number("pdr-ctg");
        o.drop_monomials = s_.flag("pdr-drop-monomials");
        o.max_frames = s_.bound;
        pdr::PdrEngine e(blocks, o, budget);
        Verdict v = e.run([this](const std::function<std::string()>& status) { progress(status); });
        keep_dot(s_.keep_arg, e);
        return v;
    }

private:
    EngineSettings s_;
};

}  // namespace

const EngineInfo& pdr_engine() {
    static const EngineInfo info{
        "pdr",
        "IC3/PDR per location (Bradley VMCAI 2011; Spacer, CAV 2014): frames of lemmas, model-based projection, "
        "generalization by literal dropping or interpolants",
        kPdrOptions, [](const EngineSettings& s) -> std::unique_ptr<Engine> { return std::make_unique<Pdr>(s); },
        nullptr, {}};
    return info;
}

}  // namespace craig::verifier
