// pdr's generalization of a blocked cube (see pdr.hpp): literal dropping with `down`, and
// interpolants of the blocking queries.
#include <chrono>

#include "itp/interpolation.hpp"
#include "itp/simplify.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/engines/pdr/pdr.hpp"

namespace craig::verifier::pdr {

using smt::Term;

namespace {
constexpr int kSimplifyLevel = 2;  // as impact's labels

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::vector<Term> keep(std::span<const Term> cube, const std::vector<bool>& core) {
    std::vector<Term> d;
    for (std::size_t i = 0; i < cube.size(); ++i)
        if (core[i]) d.push_back(cube[i]);
    return d;
}
}  // namespace

// Bradley and Manna, FMCAD 2007 (MIC with down), with counterexamples to generalization as in
// Hassan, Bradley, Somenzi, FMCAD 2013: dropping a literal fails when a state s at l outside the
// smaller cube reaches it; s is absorbed by keeping only the literals s satisfies (the cube then
// contains s), at most o_.ctg times, and the query is asked again. Every cube kept is blocked (its
// query was Unsat), and each Unsat answer's assumption core shrinks it further (a subcube d of a
// blocked cube c with F ∧ ¬c ∧ T ∧ d' unsat is blocked: ¬d ⊨ ¬c).
std::vector<Term> PdrEngine::mic(LocId l, std::vector<Term> d, unsigned level) {
    const std::vector<Term> order = d;
    for (Term lit : order) {
        if (budget_.exhausted()) break;
        auto at = std::find(d.begin(), d.end(), lit);
        if (at == d.end()) continue;
        std::vector<Term> attempt = d;
        attempt.erase(attempt.begin() + (at - d.begin()));
        for (unsigned round = 0;; ++round) {
            Blocked b = blocked(l, attempt, level);
            if (b.result == smt::Result::Unsat) {
                stats_.dropped_literals += d.size() - attempt.size();
                d = keep(attempt, b.core);
                stats_.dropped_literals += attempt.size() - d.size();
                break;
            }
            if (b.result == smt::Result::Unknown || round >= o_.ctg || blocks_.edges[b.edge].src != l) break;
            std::vector<Term> inside;
            for (Term t : attempt)
                if (b.model->evaluate(t).b) inside.push_back(t);
            if (inside.empty() || inside.size() == attempt.size()) break;
            attempt = std::move(inside);
            ++stats_.ctg_absorbed;
        }
    }
    sort_cube(d);
    return d;
}

// Per block e: M -> l the interpolant I_e of A = F_{level-1}(M) ∧ formula(e) [∧ ¬∧d on a self-loop]
// and B = d over e's post-state: A ⊨ I_e and I_e ∧ B is unsat, I_e over B's constants (e's
// post-state), renamed to cur. The lemma ∨_e I_e holds in every state at l reached within `level`
// blocks (a state reached by the self-loop comes from one where the lemma, so ¬∧d, holds) and
// excludes d. None when a query is not unsat or a proof cannot be interpolated.
std::optional<Term> PdrEngine::interpolant_lemma(LocId l, std::span<const Term> d, unsigned level) {
    std::vector<Term> disjuncts;
    for (EdgeId e : blocks_.in(l)) {
        const Edge& edge = blocks_.edges[e];
        if (level - 1 == 0 && edge.src != blocks_.entry) continue;  // F_0 is empty there
        if (budget_.exhausted()) return std::nullopt;
        smt::SolverOptions so = checked_solver_options(o_, budget_);
        so.times = &times_;
        so.produce_proofs = true;
        so.produce_interpolants = true;
        so.lia_cuts = false;  // a cut lemma can mix the partitions it was derived from
        smt::Solver s(tm_, so);
        std::vector<std::uint32_t> part;
        auto add = [&](Term f, std::uint32_t p) {
            const smt::AssertionId id = s.assert_formula(f);
            if (part.size() <= id) part.resize(id + 1, itp::kNoPartition);
            part[id] = p;
        };
        if (edge.src != blocks_.entry) add(frames_.frame(tm_, edge.src, level - 1), 0);
        add(edge.formula, 0);
        if (edge.src == l) add(tm_.mk_not(tm_.mk_and(d)), 0);
        std::vector<Term> post;
        for (Term lit : d) post.push_back(post_state(e, lit));
        add(tm_.mk_and(post), 1);
        if (s.check() != smt::Result::Unsat) return std::nullopt;
        smt::SmtProof proof;
        try {
            proof = s.proof();
        } catch (const smt::ProofError&) {
            return std::nullopt;
        }
        const itp::InterpolationResult ir = itp::binary_interpolant(tm_, proof, part, o_.itp);
        if (!ir.ok()) return std::nullopt;
        const Term i = itp::simplify_interpolant(tm_, ir.interpolants.at(0), kSimplifyLevel);
        disjuncts.push_back(from_post_[e].empty() ? i : tm_.substitute(i, from_post_[e]));
    }
    return tm_.mk_or(disjuncts);
}

void PdrEngine::generalize_and_add(LocId l, std::span<const Term> cube, const std::vector<bool>& core,
                                   unsigned level) {
    std::vector<Term> d = keep(cube, core);
    stats_.dropped_literals += cube.size() - d.size();
    sort_cube(d);
    bool clause = o_.generalize != Generalize::Itp;
    if (o_.generalize != Generalize::Mic) {
        const auto t0 = std::chrono::steady_clock::now();
        const std::optional<Term> i = interpolant_lemma(l, d, level);
        stats_.itp_seconds += seconds_since(t0);
        if (i) {
            ++stats_.itp_lemmas;
            Lemma lemma;
            lemma.formula = *i;
            lemma.level = level;
            lemma.interpolant = true;
            add_lemma(l, std::move(lemma));
        } else {
            ++stats_.itp_failures;
            clause = true;  // the cube must be blocked: the core's clause, generalized
        }
    }
    if (clause) {
        const auto t0 = std::chrono::steady_clock::now();
        d = mic(l, std::move(d), level);
        stats_.mic_seconds += seconds_since(t0);
        Lemma lemma;
        lemma.formula = tm_.mk_not(tm_.mk_and(d));
        lemma.cube = std::move(d);
        lemma.level = level;
        lemma.clause = true;
        add_lemma(l, std::move(lemma));
    }
}

}  // namespace craig::verifier::pdr
