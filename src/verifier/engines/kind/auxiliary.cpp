#include "verifier/engines/kind/auxiliary.hpp"

#include <unordered_set>

#include "verifier/invariants/houdini.hpp"

namespace craig::verifier::kind {

using smt::Term;

AuxiliaryInvariants::AuxiliaryInvariants(const Program& blocks, InvariantSource source, const smt::SolverOptions& so)
    : blocks_(blocks), tm_(blocks.terms()), source_(source), so_(so), pdr_lemmas_(blocks.locs.size()) {
    for (VarId v = 0; v < blocks.vars.size(); ++v)
        if (tm_.is_arith(blocks.vars[v].cur)) arith_.push_back(v);
    samples_.assign(blocks.locs.size(), StateSamples(arith_.size()));
    if (samples_wanted()) program_bounds_ = collect_program_bounds(blocks);
}

bool AuxiliaryInvariants::samples_wanted() const {
    return source_ == InvariantSource::Candidates || source_ == InvariantSource::Both;
}

void AuxiliaryInvariants::add_samples(smt::Solver& s, std::span<const Term> state, std::span<const Term> reach) {
    for (LocId l = 0; l < blocks_.locs.size(); ++l) {
        if (l == blocks_.entry || l == blocks_.error || l == blocks_.truncated || blocks_.out(l).empty()) continue;
        if (!reach[l].valid()) continue;
        const std::size_t before = samples_[l].points.size();
        sample_outside_hull(s, arith_, state, reach[l], samples_[l]);
        // A full-dimensional hull takes no more samples; the bounds still want the deeper
        // states: one model per step.
        const Term at[1] = {reach[l]};
        if (samples_[l].points.size() == before && s.check(at) == smt::Result::Sat) {
            std::vector<mpq_class> point;
            for (VarId v : arith_) point.push_back(s.model().evaluate(state[v]).q);
            samples_[l].points.push_back(std::move(point));
        }
        stats_.samples += samples_[l].points.size() - before;
    }
}

std::vector<Term> AuxiliaryInvariants::generate(const pdr::PdrOptions& pdr_options, const base::Budget& pdr_budget,
                                                std::optional<Verdict>& ended) {
    ++stats_.rounds;
    const bool use_pdr = source_ == InvariantSource::Pdr || source_ == InvariantSource::Both;
    if (use_pdr && !pdr_ran_) {
        pdr_ran_ = true;
        pdr::PdrEngine e(blocks_, pdr_options, pdr_budget);
        Verdict v = e.run();
        if (v.kind != VerdictKind::Unknown) {
            ended = std::move(v);
            return {};
        }
        for (LocId l = 0; l < blocks_.locs.size(); ++l)
            for (const pdr::Lemma& lemma : e.frames().lemmas(l)) pdr_lemmas_[l].push_back(lemma.formula);
        stats_.pdr_lemmas = e.frames().size();
    }
    std::vector<std::vector<Term>> candidates(blocks_.locs.size());
    for (LocId l = 0; l < blocks_.locs.size(); ++l) {
        if (l == blocks_.entry) continue;
        std::unordered_set<Term, smt::TermHash> seen;
        auto add = [&](Term c) {
            if (c != tm_.mk_true() && seen.insert(c).second) candidates[l].push_back(c);
        };
        if (l == blocks_.error || l == blocks_.truncated) {
            add(tm_.mk_false());
            continue;
        }
        if (samples_wanted() && !samples_[l].points.empty())
            for (Term c : invariant_candidates(blocks_, arith_, samples_[l].points, samples_[l].hull, program_bounds_))
                add(c);
        for (Term c : pdr_lemmas_[l]) add(c);
        stats_.candidates += candidates[l].size();
    }
    const HoudiniResult h = houdini(blocks_, std::move(candidates), so_);
    stats_.houdini_queries += h.queries;
    std::vector<Term> map(blocks_.locs.size(), tm_.mk_true());
    for (LocId l = 0; l < blocks_.locs.size(); ++l) map[l] = tm_.mk_and(h.kept[l]);
    return map;
}

}  // namespace craig::verifier::kind
