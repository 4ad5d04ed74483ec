// JudgedRun: the verdicts of one engine run, each judged once. The judge is the check a command
// puts between an engine and its answer (craig verify: the certification gate; craig chc: the
// gate, then the model or derivation checks). The run hands it to the engine as
// EngineSettings::certified, so that an engine that combines others lets only a verdict the
// judge confirms win; every confirming judgement is kept with its verdict's evidence, and the
// verdict the engine returns is judged again only when its evidence is none of those.
//
//   JudgedRun<Certified> judged([&](const Verdict& v) { return certify(v, ...); });
//   settings.certified = judged.callback();   // valid while `judged` lives
//   Certified c = judged.final(engine.run(...));
//
// Judgement: has `VerdictKind kind` (the judged verdict's kind when it stands) and
// `base::Statistics stats` (a reused judgement counts `certify.reused`).
#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "verifier/verdict.hpp"

namespace craig::verifier {

// The same evidence: kind, counterexample path and input values, and every part of the
// certificate (invariants, complete bound, contracts, unwinding).
bool same_evidence(const Verdict& a, const Verdict& b);

template <class Judgement>
class JudgedRun {
public:
    explicit JudgedRun(std::function<Judgement(const Verdict&)> judge) : judge_(std::move(judge)) {}
    JudgedRun(const JudgedRun&) = delete;
    JudgedRun& operator=(const JudgedRun&) = delete;

    // For EngineSettings::certified: whether the judge lets the candidate stand.
    std::function<bool(const Verdict&)> callback() {
        return [this](const Verdict& candidate) {
            Judgement j = judge_(candidate);
            if (j.kind != candidate.kind) return false;
            kept_.push_back(Kept{evidence_of(candidate), std::move(j)});
            return true;
        };
    }

    // The judgement of the verdict the engine returned: a kept one of the same evidence
    // (handed over once), or a new one.
    Judgement final(const Verdict& v) {
        for (auto it = kept_.begin(); it != kept_.end(); ++it)
            if (same_evidence(it->evidence, v)) {
                Judgement j = std::move(it->judgement);
                kept_.erase(it);
                j.stats.count("certify.reused", 1);
                return j;
            }
        return judge_(v);
    }

    // The program changed (a fallback or a refinement): kept judgements no longer apply.
    void forget() { kept_.clear(); }

private:
    struct Kept {
        Verdict evidence;  // without reason and statistics
        Judgement judgement;
    };
    static Verdict evidence_of(const Verdict& v) {
        Verdict e;
        e.kind = v.kind;
        e.cex = v.cex;
        e.certificate = v.certificate;
        return e;
    }

    std::function<Judgement(const Verdict&)> judge_;
    std::vector<Kept> kept_;
};

}  // namespace craig::verifier
