// Engine `lazy-inter`: InterLA (McMillan, "Lazy Annotation for Program Testing and
// Verification", §2.3; issue 20 item 3) over the procedural model (lazy/inter_search.hpp):
// calls are not inlined, each procedure's locations carry negative summaries that every calling
// context reuses.
//
// Verdicts: FALSE with the interprocedural path to main's exit with the error flag set
// (replayed by the gate on the keep-calls program); TRUE with the contracts
// {true} P {¬A(entry_P)} at τ's bottom (checked by the gate's contract check, Hoare's rule for
// mutual recursion); UNKNOWN at the end of the budget or when a solver or the interpolation
// cannot answer.
#include <string>

#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/lazy/inter_search.hpp"

namespace craig::verifier {

namespace {

class LazyInterEngine final : public ProceduralEngine {
public:
    explicit LazyInterEngine(const EngineSettings& s) : s_(s) {}

    Verdict solve(const Program&, const base::Budget&) override {
        Verdict v;
        v.reason = "lazy-inter needs the procedural model of a C program (craig verify --engine lazy-inter)";
        return v;
    }

    Verdict solve_procedures(const Procedures& ps, const base::Budget& budget) override {
        LazyOptions o;
        o.tau0 = s_.number("lazy-tau0");
        o.tau_free_first = s_.flag("lazy-tau-free");
        o.take_queries(s_);
        o.itp = itp_options(s_);
        InterOutcome r =
            lazy_interprocedural(ps, o, budget, [this](const std::function<std::string()>& st) { progress(st); });
        Verdict v;
        if (r.reached) {
            v.kind = VerdictKind::False;
            v.cex = std::move(r.cex);
            v.reason = "error path of " + std::to_string(v.cex.plain_path.size()) + " edges at tau0 " +
                       std::to_string(r.stats.tau0);
        } else if (r.complete) {
            v.kind = VerdictKind::True;
            v.certificate.contracts = std::move(r.contracts);
            v.reason = "negative summaries at tau0 " + std::to_string(r.stats.tau0);
        } else {
            v.reason = r.reason.empty() ? std::string("lazy annotation incomplete") : r.reason;
        }
        record_lazy_stats(v.stats, r.stats);
        record_inter_stats(v.stats, r.inter);
        return v;
    }

private:
    EngineSettings s_;
};

constexpr EngineOption kLazyInterOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    {"lazy-tau0", OptionKind::Unsigned, "1",
     "the first time-to-live bound tau0 (recursive calls, loop iterations included, a path may make), doubled after "
     "each round"},
    {"lazy-tau-free", OptionKind::Flag, "false",
     "ask each learning query first with tau free (a label without tau when the state is blocked whatever tau is); "
     "off by default: it made Fibonacci01-1 time out (5 s without)"},
};

}  // namespace

const EngineInfo& lazy_inter_engine() {
    static const EngineInfo info{
        "lazy-inter",
        "InterLA (McMillan): lazy annotation over procedures, negative summaries learned by interpolation and reused "
        "across calling contexts",
        kLazyInterOptions,
        nullptr,
        [](const EngineSettings& s) -> std::unique_ptr<ProceduralEngine> { return std::make_unique<LazyInterEngine>(s); },
        {}};
    return info;
}

}  // namespace craig::verifier
