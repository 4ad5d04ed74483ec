#include "verifier/engines/tpa/tpa.hpp"

#include <algorithm>
#include <chrono>

#include "base/stopwatch.hpp"
#include "itp/interpolation.hpp"
#include "itp/simplify.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/encoding/exact_check.hpp"
#include "verifier/engines/tpa/projection.hpp"

namespace craig::verifier::tpa {

using smt::Term;

namespace {
constexpr int kSimplifyLevel = 2;  // as pdr's and impact's interpolants
}  // namespace

const char* mode_name(Mode m) { return m == Mode::Basic ? "basic" : "split"; }

TpaEngine::TpaEngine(const Program& blocks, const TpaOptions& options, base::Budget budget)
    : blocks_(blocks), tm_(blocks.terms()), ts_(blocks), o_(options), budget_(budget) {
    o_.itp.deadline = budget_.deadline();
}

smt::SolverOptions TpaEngine::solver_options(bool proofs) const {
    smt::SolverOptions so = checked_solver_options(o_, budget_);
    so.times = &times_;
    if (proofs) {
        so.produce_proofs = true;
        so.produce_interpolants = true;
        so.lia_cuts = false;  // a cut lemma can mix the partitions it was derived from
    }
    return so;
}

void TpaEngine::check_budget(const std::string& where) {
    if (budget_.exhausted()) throw Stop{std::string(budget_.why()) + " at " + where};
}

const std::vector<Term>& TpaEngine::conjuncts(Rel rel, unsigned level) {
    std::vector<std::vector<Term>>& h = rel == Rel::Reach ? reach_ : rel == Rel::Exact ? exact_ : less_;
    if (h.size() <= level) h.resize(level + 1);
    return h[level];
}

Term TpaEngine::relation(Rel rel, unsigned level, unsigned a, unsigned b, std::vector<Instance>* instances) {
    const State& sa = ts_.state(a);
    const State& sb = ts_.state(b);
    if (level == 0) {
        Instance i;
        if (rel != Rel::Exact) i.identity = ts_.identity(sa, sb);
        if (rel != Rel::Less) i.step = ts_.step(sa, sb);
        const Term f = !i.step ? i.identity : rel == Rel::Exact ? i.step->formula : tm_.mk_or(i.identity, i.step->formula);
        if (instances) instances->push_back(std::move(i));
        return f;
    }
    return ts_.shift(tm_.mk_and(conjuncts(rel, level)), a, b);
}

void TpaEngine::learn(Rel rel, unsigned level, Term itp02) {
    const Term itp01 = ts_.move(itp02, 2, 1);
    conjuncts(rel, level);
    std::vector<std::vector<Term>>& h = rel == Rel::Reach ? reach_ : rel == Rel::Exact ? exact_ : less_;
    h[level].push_back(itp01);
    ++stats_.interpolants;
}

TpaEngine::Answer TpaEngine::solve(Term a, Term from, Term to, bool sat_likely) {
    check_budget("level " + std::to_string(power_));
    ++stats_.queries;
    if (sat_likely) {
        Answer x = check(a, from, to, false);
        if (x.result == smt::Result::Sat) return x;
    }
    return check(a, from, to, true);
}

TpaEngine::Answer TpaEngine::check(Term a, Term from, Term to, bool proofs) {
    const auto t0 = std::chrono::steady_clock::now();
    Answer out;
    smt::Solver s(tm_, solver_options(proofs));
    std::vector<std::uint32_t> part;
    auto add = [&](Term f, std::uint32_t p) {
        const smt::AssertionId id = s.assert_formula(f);
        if (part.size() <= id) part.resize(id + 1, itp::kNoPartition);
        part[id] = p;
    };
    const Term b_from = ts_.move(from, 0, 0), b_to = ts_.move(to, 0, 2);
    add(a, 0);
    add(b_from, 1);
    add(b_to, 1);
    // The C operators of each part (Init's and Bad's blocks are in B): a Sat answer holds for
    // them; their instances are facts about C and go to the part whose applications they refute.
    OperatorRefinement ops[2] = {OperatorRefinement(tm_), OperatorRefinement(tm_)};
    ops[0].scan(a);
    ops[1].scan(b_from);
    ops[1].scan(b_to);
    const ExactCheck c = exact_check(s, ops, {}, o_.operator_rounds,
                                     [&](std::size_t group, smt::AssertionId id, Term) {
                                         if (part.size() <= id) part.resize(id + 1, itp::kNoPartition);
                                         part[id] = static_cast<std::uint32_t>(group);
                                     });
    stats_.operator_instances += c.instances;
    stats_.query_seconds += base::seconds_since(t0);
    out.result = c.result;
    if (c.result == smt::Result::Unknown) {
        const std::string why = c.why(s);
        const std::string reason = s.reason_unknown();
        if (!c.out_of_rounds && (reason == "timeout" || reason == "interrupted"))
            throw Stop{reason + " at level " + std::to_string(power_)};
        throw Stop{"query at level " + std::to_string(power_) + ": " + why};
    }
    if (c.result == smt::Result::Sat) {
        ++stats_.sat;
        out.model = s.model();
        return out;
    }
    if (!proofs) return out;
    const auto t1 = std::chrono::steady_clock::now();
    smt::SmtProof proof;
    try {
        proof = s.proof();
    } catch (const smt::ProofError& e) {
        throw Stop{std::string("no proof to interpolate: ") + e.what()};
    }
    const itp::InterpolationResult ir = itp::binary_interpolant(tm_, proof, part, o_.itp);
    if (!ir.ok()) throw Stop{"interpolation: " + ir.unknown_reason};
    const Term i = itp::simplify_interpolant(tm_, ir.interpolants.at(0), kSimplifyLevel);
    stats_.itp_seconds += base::seconds_since(t1);
    if (!ts_.over(i, {0, 2})) throw Stop{"an interpolant outside the states it relates"};
    out.interpolant = i;
    return out;
}

Term TpaEngine::reached(Term f, const smt::Model& m, unsigned keep) {
    const auto t0 = std::chrono::steady_clock::now();
    std::optional<Cube> c = keep_only(tm_, f, m, ts_.constants(keep));
    stats_.mbp_seconds += base::seconds_since(t0);
    if (!c) throw Stop{"a constant model-based projection cannot eliminate"};
    stats_.by_value += c->by_value;
    return ts_.move(tm_.mk_and(c->literals), keep, 0);
}

// A reachable level-0 query: the model's own final state (T is exact at level 0, so it is
// reached; a cube by projection would cover more states, but costs most of a deep
// counterexample's time) and the blocks of its steps. Every `from` but Init is such a state, so
// the blocks of consecutive level-0 queries make a path.
TpaEngine::Reached TpaEngine::leaf(std::span<const Instance> steps, const smt::Model& m) {
    Reached r;
    r.reachable = true;
    r.start = ts_.valuation(m, 0, 0);
    r.states = ts_.valuation(m, 2, 0);
    for (const Instance& i : steps) {
        if (!i.step || (i.identity.valid() && m.evaluate(i.identity).b)) continue;
        const auto t = std::find_if(i.step->taken.begin(), i.step->taken.end(),
                                    [&](Term flag) { return m.evaluate(flag).b; });
        if (t == i.step->taken.end()) throw Stop{"a step of a reachable query without a block"};
        r.path.push_back(static_cast<EdgeId>(t - i.step->taken.begin()));
    }
    ++stats_.leaves;
    return r;
}

// TACAS'22, Alg. 2 (basic, Rel::Reach) and FMCAD'22, Alg. 2 (split's exact relation).
TpaEngine::Reached TpaEngine::query(Rel rel, Term from, Term to, unsigned level) {
    const auto key = std::make_tuple(rel, level, from.id, to.id);
    if (auto it = cache_.find(key); it != cache_.end()) {
        ++stats_.cached;
        return it->second;
    }
    Reached r = query_uncached(rel, from, to, level);
    if (r.reachable) cache_.emplace(key, r);
    return r;
}

TpaEngine::Reached TpaEngine::query_uncached(Rel rel, Term from, Term to, unsigned level) {
    for (;;) {
        report();
        std::vector<Instance> steps;
        const Term first = relation(rel, level, 0, 1, &steps);
        const Term second = relation(rel, level, 1, 2, &steps);
        const Term a = tm_.mk_and(first, second);
        Answer ans = solve(a, from, to, level == 0);
        if (ans.result == smt::Result::Unsat) {
            learn(rel, level + 1, *ans.interpolant);
            return {};
        }
        const smt::Model& m = *ans.model;
        if (level == 0) return leaf(steps, m);
        const Term mid =
            tm_.mk_and(reached(tm_.mk_and(ts_.move(from, 0, 0), first), m, 1),
                       reached(tm_.mk_and(second, ts_.move(to, 0, 2)), m, 1));
        Reached r1 = query(rel, from, mid, level - 1);
        if (!r1.reachable) {
            ++stats_.refinements;
            continue;
        }
        Reached r2 = query(rel, r1.states, to, level - 1);
        if (!r2.reachable) {
            ++stats_.refinements;
            continue;
        }
        r1.path.insert(r1.path.end(), r2.path.begin(), r2.path.end());
        r2.path = std::move(r1.path);
        r2.start = r1.start;
        return r2;
    }
}

// FMCAD'22, Alg. 3: reachable in fewer than 2^{level+1} steps, by L_n or by L_n ∘ E_n.
TpaEngine::Reached TpaEngine::query_less(Term from, Term to, unsigned level) {
    const auto key = std::make_tuple(Rel::Less, level, from.id, to.id);
    if (auto it = cache_.find(key); it != cache_.end()) {
        ++stats_.cached;
        return it->second;
    }
    Reached r = query_less_uncached(from, to, level);
    if (r.reachable) cache_.emplace(key, r);
    return r;
}

TpaEngine::Reached TpaEngine::query_less_uncached(Term from, Term to, unsigned level) {
    for (;;) {
        report();
        std::vector<Instance> steps;
        const Term direct = relation(Rel::Less, level, 0, 2);
        const Term first = relation(Rel::Less, level, 0, 1, &steps);
        const Term second = relation(Rel::Exact, level, 1, 2, &steps);
        const Term a = tm_.mk_or(direct, tm_.mk_and(first, second));
        Answer ans = solve(a, from, to, level == 0);
        if (ans.result == smt::Result::Unsat) {
            learn(Rel::Less, level + 1, *ans.interpolant);
            return {};
        }
        const smt::Model& m = *ans.model;
        if (m.evaluate(direct).b) {
            if (level == 0) {  // no step: the states of both
                Reached r;
                r.reachable = true;
                r.start = r.states = ts_.valuation(m, 0, 0);
                return r;
            }
            Reached r = query_less(from, to, level - 1);
            if (r.reachable) return r;
            ++stats_.refinements;
            continue;
        }
        if (level == 0) return leaf(steps, m);
        const Term mid =
            tm_.mk_and(reached(tm_.mk_and(ts_.move(from, 0, 0), first), m, 1),
                       reached(tm_.mk_and(second, ts_.move(to, 0, 2)), m, 1));
        Reached r1 = query_less(from, mid, level - 1);
        if (!r1.reachable) {
            ++stats_.refinements;
            continue;
        }
        Reached r2 = query(Rel::Exact, r1.states, to, level - 1);
        if (!r2.reachable) {
            ++stats_.refinements;
            continue;
        }
        r1.path.insert(r1.path.end(), r2.path.begin(), r2.path.end());
        r2.path = std::move(r1.path);
        r2.start = r1.start;
        return r2;
    }
}

void TpaEngine::report() {
    if (progress_)
        progress_([&] {
            return std::string(mode_name(o_.mode)) + ", level " + std::to_string(power_) + ", " +
                   std::to_string(stats_.queries) + " queries, " + std::to_string(stats_.interpolants) +
                   " interpolants";
        });
}

Verdict TpaEngine::run(const std::function<void(const std::function<std::string()>&)>& progress) {
    progress_ = progress;
    const Term init = ts_.init(0);
    const Term bad = ts_.bad(0);
    try {
        if (blocks_.error == kNoLoc && blocks_.truncated == kNoLoc) {
            verdict_.kind = VerdictKind::True;
            verdict_.certificate.invariants.assign(blocks_.locs.size(), tm_.mk_true());
            verdict_.reason = "no error location";
            return finish(verdict_);
        }
        for (power_ = 0;; ++power_) {
            if (o_.max_levels && power_ >= o_.max_levels) {
                verdict_.kind = VerdictKind::Unknown;
                verdict_.reason = "bound " + std::to_string(o_.max_levels) + " levels reached";
                return finish(verdict_);
            }
            const Rel rel = o_.mode == Mode::Basic ? Rel::Reach : Rel::Less;
            Reached r = o_.mode == Mode::Basic ? query(rel, init, bad, power_) : query_less(init, bad, power_);
            if (r.reachable) {
                close_path(r);
                return finish(verdict_);
            }
            if (fixed_point(rel, power_ + 1)) return finish(verdict_);
            if (o_.mode == Mode::Split) {
                r = query(Rel::Exact, init, bad, power_);
                if (r.reachable) {
                    close_path(r);
                    return finish(verdict_);
                }
            }
        }
    } catch (const Stop& s) {
        verdict_ = Verdict{};
        verdict_.kind = VerdictKind::Unknown;
        verdict_.reason = s.why;
        if (!no_certificate_.empty()) verdict_.reason += " (" + no_certificate_ + ")";
    }
    return finish(verdict_);
}

Verdict TpaEngine::finish(Verdict v) const {
    base::Statistics& st = v.stats;
    st.count("tpa.levels", power_ + 1);
    st.count("tpa.queries", stats_.queries);
    st.count("tpa.queries.sat", stats_.sat);
    st.count("tpa.queries.cached", stats_.cached);
    st.count("tpa.interpolants", stats_.interpolants);
    st.count("tpa.refinements", stats_.refinements);
    st.count("tpa.fixed-point-checks", stats_.fixed_point_checks);
    st.count("tpa.projection.cubes", stats_.projection_cubes);
    st.count("tpa.projection.by-value", stats_.by_value);
    st.count("tpa.leaves", stats_.leaves);
    st.count("tpa.path-blocks", stats_.path_blocks);
    st.count("tpa.operator-instances", stats_.operator_instances);
    st.seconds("tpa.time.queries", stats_.query_seconds);
    st.seconds("tpa.time.interpolation", stats_.itp_seconds);
    st.seconds("tpa.time.projection", stats_.mbp_seconds);
    st.seconds("tpa.time.fixed-points", stats_.fixed_point_seconds);
    st.seconds("tpa.time.invariant", stats_.invariant_seconds);
    st.seconds("tpa.time.path", stats_.path_seconds);
    st.seconds("tpa.time.sat", times_.sat);
    st.seconds("tpa.time.theories", times_.theory);
    return v;
}

}  // namespace craig::verifier::tpa
