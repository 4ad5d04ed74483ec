// pdr's generalization of a blocked cube (see pdr.hpp): literal dropping with `down`, and
// interpolants of the blocking queries.
#include <algorithm>
#include <chrono>
#include <map>

#include "itp/interpolation.hpp"
#include "itp/partition_map.hpp"
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

// p ≤ a ∨ p ≤ b is p ≤ max(a, b) (and alike for <, ≥, >): the disjunction of one lemma per
// incoming block often bounds one polynomial several times (the entry's block and a self-loop).
std::vector<Term> merge_bounds(smt::TermManager& tm, std::vector<Term> ds) {
    struct Best {
        std::size_t index;
        mpq_class c;
        bool strict;
    };
    // Key: polynomial id and direction (upper: p ≤/< c; lower: p ≥/> c, i.e. a negated bound).
    std::map<std::pair<std::uint32_t, bool>, Best> best;
    std::vector<bool> drop(ds.size(), false);
    for (std::size_t i = 0; i < ds.size(); ++i) {
        const bool lower = tm.kind(ds[i]) == smt::Kind::Not;
        const Term a = lower ? tm.child(ds[i], 0) : ds[i];
        if (tm.kind(a) != smt::Kind::Leq && tm.kind(a) != smt::Kind::Lt) continue;
        const mpq_class& c = tm.numeral(tm.child(a, 1));
        // upper: strict when Lt; lower: ¬(p ≤ c) is p > c (strict), ¬(p < c) is p ≥ c.
        const bool strict = (tm.kind(a) == smt::Kind::Lt) != lower;
        const auto key = std::make_pair(tm.child(a, 0).id, lower);
        auto it = best.find(key);
        if (it == best.end()) {
            best.emplace(key, Best{i, c, strict});
            continue;
        }
        Best& b = it->second;
        // Weaker: a larger upper (smaller lower) bound, or the same one not strict.
        const bool weaker = lower ? (c < b.c || (c == b.c && b.strict && !strict))
                                  : (c > b.c || (c == b.c && b.strict && !strict));
        if (weaker) {
            drop[b.index] = true;
            b = Best{i, c, strict};
        } else {
            drop[i] = true;
        }
    }
    std::vector<Term> out;
    for (std::size_t i = 0; i < ds.size(); ++i)
        if (!drop[i]) out.push_back(ds[i]);
    return out;
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
        itp::PartitionMap part;
        auto add = [&](Term f, std::uint32_t p) {
            part.assert_in(s, f, p);
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
    return tm_.mk_or(merge_bounds(tm_, std::move(disjuncts)));
}

std::optional<bool> PdrEngine::valid_lemma(LocId l, std::span<const Term> cube, unsigned level, Term lemma) {
    // Excludes the cube within F_level(l) (l's lemmas of level >= `level` are on, no block's
    // formula is): the obligation is then blocked at its level.
    std::vector<Term> as(cube.begin(), cube.end());
    as.push_back(lemma);
    as.push_back(loc_act_[l]);
    for (unsigned j = level; j <= top_; ++j) as.push_back(level_literal(j));
    ++stats_.queries;
    const smt::Result r = solver_->check(as);
    if (r != smt::Result::Unsat) return r == smt::Result::Sat ? std::optional<bool>(false) : std::nullopt;
    for (EdgeId e : blocks_.in(l)) {
        const Term post[1] = {tm_.mk_not(post_state(e, lemma))};
        const Term pre = blocks_.edges[e].src == l ? lemma : Term{};
        const smt::Result q = query(e, level - 1, post, pre, nullptr);
        if (q == smt::Result::Sat) return false;
        if (q == smt::Result::Unknown) return std::nullopt;
    }
    return true;
}

// A lemma's bounds (conjuncts p ⋈ c, possibly negated) lose monomials while the lemma stays valid
// (valid_lemma: every state at l within `level` blocks satisfies it, and with F_level(l) it
// excludes the cube). A bound is tried as it is and, when the cube bounds the same polynomial,
// as the negation of that cube literal (weaker than an interpolant from the initial states, which
// is tight there): x + i >= 57 (tight at x = 32, i = 25) against the cube x + i < -112 with
// F_level ⊨ x >= 32 becomes i >= -112. Every candidate is checked, so any result is a lemma.
Term PdrEngine::drop_monomials(LocId l, std::span<const Term> cube, unsigned level, Term lemma) {
    std::vector<Term> conj;
    if (tm_.kind(lemma) == smt::Kind::And) {
        conj.assign(tm_.children(lemma).begin(), tm_.children(lemma).end());
    } else {
        conj.push_back(lemma);
    }
    constexpr std::size_t kMaxConjuncts = 4;
    if (conj.size() > kMaxConjuncts) return lemma;
    auto atom_of = [&](Term lit) { return tm_.kind(lit) == smt::Kind::Not ? tm_.child(lit, 0) : lit; };
    auto is_bound = [&](Term a) { return tm_.kind(a) == smt::Kind::Leq || tm_.kind(a) == smt::Kind::Lt; };
    // `lit` with monomial m of its polynomial left out (invalid when it has fewer than two).
    auto without = [&](Term lit, std::size_t m) -> Term {
        const Term atom = atom_of(lit);
        std::vector<smt::Monomial> ms;
        mpq_class k0 = 0;
        tm_.as_polynomial(tm_.child(atom, 0), ms, k0);
        if (ms.size() < 2 || m >= ms.size()) return Term{};
        ms.erase(ms.begin() + static_cast<std::ptrdiff_t>(m));
        const Term p = tm_.mk_linear(std::move(ms), k0, tm_.sort(tm_.child(atom, 0)));
        const Term a = tm_.kind(atom) == smt::Kind::Leq ? tm_.mk_leq(p, tm_.child(atom, 1)) : tm_.mk_lt(p, tm_.child(atom, 1));
        return lit == atom ? a : tm_.mk_not(a);
    };
    for (std::size_t c = 0; c < conj.size(); ++c) {
        if (!is_bound(atom_of(conj[c]))) continue;
        std::vector<Term> bases{conj[c]};
        for (Term q : cube)
            if (is_bound(atom_of(q)) && tm_.child(atom_of(q), 0) == tm_.child(atom_of(conj[c]), 0))
                bases.push_back(tm_.mk_not(q));
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t b = 0; b < bases.size() && !changed; ++b) {
                for (std::size_t m = 0; !changed; ++m) {
                    if (budget_.exhausted()) return tm_.mk_and(conj);
                    const Term cand = without(bases[b], m);
                    if (!cand.valid()) break;
                    std::vector<Term> candidate = conj;
                    candidate[c] = cand;
                    if (valid_lemma(l, cube, level, tm_.mk_and(candidate)) == std::optional<bool>(true)) {
                        conj = std::move(candidate);
                        bases.assign(1, cand);
                        ++stats_.dropped_monomials;
                        changed = true;
                    }
                }
            }
        }
    }
    return tm_.mk_and(conj);
}

void PdrEngine::generalize_and_add(LocId l, std::span<const Term> cube, const std::vector<bool>& core,
                                   unsigned level) {
    std::vector<Term> d = keep(cube, core);
    stats_.dropped_literals += cube.size() - d.size();
    sort_cube(d);
    bool clause = o_.generalize != Generalize::Itp;
    if (o_.generalize != Generalize::Mic) {
        const auto t0 = std::chrono::steady_clock::now();
        std::optional<Term> i = interpolant_lemma(l, d, level);
        // Checked against the whole obligation: it is what must be blocked, and the core alone
        // leaves no room (x + y < 0 without y >= 0 keeps x + y >= 0 from becoming x >= 0).
        if (i && o_.drop_monomials) i = drop_monomials(l, cube, level, *i);
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
