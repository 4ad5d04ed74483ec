#include "verifier/engines/pdr/pdr.hpp"

#include <chrono>
#include <ostream>
#include <unordered_set>

#include "verifier/encoding/block_path_replay.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/encoding/exact_check.hpp"
#include "verifier/engines/pdr/mbp.hpp"

namespace craig::verifier::pdr {

using smt::Term;

namespace {
double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
}  // namespace

PdrEngine::PdrEngine(const Program& blocks, const PdrOptions& options, base::Budget budget)
    : blocks_(blocks),
      tm_(blocks.terms()),
      o_(options),
      budget_(budget),
      frames_(blocks.locs.size()),
      operators_(blocks.terms()) {
    o_.itp.deadline = budget_.deadline();
    smt::SolverOptions so = checked_solver_options(o_, budget_);
    so.times = &times_;
    solver_ = std::make_unique<smt::Solver>(tm_, so);
    const std::size_t ne = blocks.edges.size();
    edge_act_.resize(ne);
    to_post_.resize(ne);
    from_post_.resize(ne);
    projected_.resize(ne);
    for (EdgeId e = 0; e < ne; ++e) {
        const Edge& edge = blocks.edges[e];
        edge_act_[e] = tm_.mk_const(tm_.fresh_fun("pdr.e" + std::to_string(e), {}, smt::SortTable::Bool));
        solver_->assert_formula(tm_.mk_or(tm_.mk_not(edge_act_[e]), edge.formula));
        operators_.scan(edge.formula);
        for (VarId v : edge.writes) {
            to_post_[e].emplace(blocks.vars[v].cur, blocks.vars[v].next);
            from_post_[e].emplace(blocks.vars[v].next, blocks.vars[v].cur);
            projected_[e].push_back(blocks.vars[v].next);
        }
        projected_[e].insert(projected_[e].end(), edge.aux.begin(), edge.aux.end());
    }
    for (LocId l = 0; l < blocks.locs.size(); ++l)
        loc_act_.push_back(tm_.mk_const(tm_.fresh_fun("pdr.l" + std::to_string(l), {}, smt::SortTable::Bool)));
    strengthened_.assign(blocks.locs.size(), 0);
}

PdrEngine::~PdrEngine() = default;

Term PdrEngine::level_literal(unsigned level) {
    while (level_act_.size() <= level)
        level_act_.push_back(
            tm_.mk_const(tm_.fresh_fun("pdr.f" + std::to_string(level_act_.size()), {}, smt::SortTable::Bool)));
    return level_act_[level];
}

Term PdrEngine::post_state(EdgeId e, Term f) { return to_post_[e].empty() ? f : tm_.substitute(f, to_post_[e]); }

void PdrEngine::assert_lemma(LocId l, Term formula, unsigned level) {
    const Term parts[3] = {tm_.mk_not(level_literal(level)), tm_.mk_not(loc_act_[l]), formula};
    solver_->assert_formula(tm_.mk_or(parts));
}

void PdrEngine::add_lemma(LocId l, Lemma lemma) {
    const Term f = lemma.formula;
    const unsigned level = lemma.level;
    if (frames_.add(l, std::move(lemma))) {
        ++stats_.lemmas;
        strengthened_[l] = ++epoch_;
        assert_lemma(l, f, level);
    }
}

smt::Result PdrEngine::query(EdgeId e, unsigned frame, std::span<const Term> post, Term pre, std::vector<bool>* core) {
    const Edge& edge = blocks_.edges[e];
    if (core) core->assign(post.size(), false);
    // F_0 holds the entry's states only.
    if (frame == 0 && edge.src != blocks_.entry) return smt::Result::Unsat;
    ++stats_.queries;
    std::vector<Term> as{edge_act_[e], loc_act_[edge.src]};
    if (edge.src != blocks_.entry)
        for (unsigned j = frame; j <= top_; ++j) as.push_back(level_literal(j));
    if (pre.valid()) as.push_back(pre);
    as.insert(as.end(), post.begin(), post.end());
    // Cubes carry operator applications too (over a block's post-state, after projection).
    if (pre.valid()) operators_.scan(pre);
    for (Term t : post) operators_.scan(t);
    const ExactCheck c = exact_check(*solver_, operators_, as, o_.operator_rounds);
    stats_.operator_instances += c.instances;
    if (c.instances > 0) instances_epoch_ = ++epoch_;
    const smt::Result r = c.result;
    if (r == smt::Result::Unknown) why_ = c.out_of_rounds ? "operator refinement budget" : solver_->reason_unknown();
    if (r == smt::Result::Unsat && core) {
        const std::vector<Term> failed = solver_->unsat_assumptions();
        const std::unordered_set<Term, smt::TermHash> need(failed.begin(), failed.end());
        for (std::size_t i = 0; i < post.size(); ++i) (*core)[i] = need.count(post[i]) != 0;
    }
    return r;
}

PdrEngine::Blocked PdrEngine::blocked(LocId l, std::span<const Term> cube, unsigned level) {
    Blocked b;
    b.core.assign(cube.size(), false);
    const Term not_cube = tm_.mk_not(tm_.mk_and(cube));
    std::vector<Term> post;
    std::vector<bool> core;
    for (EdgeId e : blocks_.in(l)) {
        post.clear();
        for (Term lit : cube) post.push_back(post_state(e, lit));
        // Relative induction on a self-loop (Bradley VMCAI 2011, section 3): the pre-state is
        // outside the cube.
        const Term pre = blocks_.edges[e].src == l ? not_cube : Term{};
        const smt::Result r = query(e, level - 1, post, pre, &core);
        if (r == smt::Result::Sat) {
            b.result = r;
            b.edge = e;
            b.model = solver_->model();
            return b;
        }
        if (r == smt::Result::Unknown) {
            b.result = r;
            b.why = why_;
            return b;
        }
        for (std::size_t i = 0; i < cube.size(); ++i)
            if (core[i]) b.core[i] = true;
    }
    return b;
}

std::optional<bool> PdrEngine::pushable(LocId l, const Lemma& lemma, unsigned level) {
    std::vector<Term> post;
    for (EdgeId e : blocks_.in(l)) {
        post.clear();
        if (lemma.clause) {
            for (Term lit : lemma.cube) post.push_back(post_state(e, lit));
        } else {
            post.push_back(tm_.mk_not(post_state(e, lemma.formula)));
        }
        const Term pre = blocks_.edges[e].src == l ? lemma.formula : Term{};
        const smt::Result r = query(e, level, post, pre, nullptr);
        if (r == smt::Result::Sat) return false;
        if (r == smt::Result::Unknown) return std::nullopt;
    }
    return true;
}

std::vector<Term> PdrEngine::predecessor(EdgeId e, std::span<const Term> cube, const smt::Model& m) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<Term> parts{blocks_.edges[e].formula};
    for (Term lit : cube) parts.push_back(post_state(e, lit));
    const std::vector<Term> lits = implicant(tm_, tm_.mk_and(parts), m);
    Projection p = project(tm_, lits, projected_[e], m);
    stats_.by_value += p.by_value;
    sort_cube(p.cube);
    stats_.projection_seconds += seconds_since(t0);
    return std::move(p.cube);
}

bool PdrEngine::stop(const std::string& where) {
    verdict_.kind = VerdictKind::Unknown;
    verdict_.reason = std::string(budget_.why()) + " at " + where;
    return false;
}

bool PdrEngine::close_path(std::vector<EdgeId> path, LocId bad) {
    ++stats_.paths;
    smt::SolverOptions so = checked_solver_options(o_, budget_);
    so.times = &times_;
    BlockPathReplay r = replay_block_path(blocks_, path, so, o_.operator_rounds, "#pdr");
    const std::string blocks = std::to_string(path.size()) + " blocks";
    verdict_.kind = VerdictKind::Unknown;
    if (r.result == smt::Result::Unknown) {
        if (r.solver_reason == "timeout" || r.solver_reason == "interrupted")
            verdict_.reason = r.solver_reason + " at frame " + std::to_string(top_);
        else
            verdict_.reason = "replay of a path of " + blocks + ": " + r.why;
        return false;
    }
    if (r.result == smt::Result::Unsat) {
        // The obligations were projected under-approximately for linear arithmetic, so only an
        // uninterpreted C operator (or an opaque term replaced by its value) can make this.
        ++stats_.spurious_paths;
        verdict_.reason = "a path of " + blocks + " found by the frames does not replay for the C operators";
        return false;
    }
    if (bad == blocks_.error) {
        verdict_.kind = VerdictKind::False;
        verdict_.cex = std::move(r.cex);
        verdict_.reason = "error reached in " + blocks + " (frame " + std::to_string(top_) + ")";
    } else {
        verdict_.reason =
            "a call deeper than the recursion bound is reachable (" +
            (blocks_.approximations.empty() ? std::string("recursion inlined to a bound") : blocks_.approximations.front()) +
            "); raise --recursion-depth";
    }
    return false;
}

bool PdrEngine::block(LocId bad) {
    queue_.clear();
    queue_.add(Obligation{bad, {}, top_, 0, kNoObligation, 0});
    ++stats_.obligations;
    while (!queue_.empty()) {
        if (budget_.exhausted()) return stop("frame " + std::to_string(top_));
        report();
        const ObligationId id = queue_.pop();
        const LocId l = queue_[id].loc;
        const unsigned level = queue_[id].level;
        const std::vector<Term> cube = queue_[id].cube;
        // Already excluded by a clause lemma at this level or above?
        // F_0 is empty outside the entry (obligations there are never made; this is a guard).
        bool known = level == 0;
        for (const Lemma& k : frames_.lemmas(l))
            if (k.clause && k.level >= level && cube_subset(k.cube, cube)) {
                known = true;
                break;
            }
        if (!known) {
            Blocked b = blocked(l, cube, level);
            if (b.result == smt::Result::Unknown) {
                verdict_.kind = VerdictKind::Unknown;
                verdict_.reason = (b.why == "timeout" || b.why == "interrupted")
                                      ? b.why + " at frame " + std::to_string(top_)
                                      : "solver: " + b.why + " at frame " + std::to_string(top_);
                return false;
            }
            if (b.result == smt::Result::Sat) {
                ++stats_.predecessors;
                const LocId src = blocks_.edges[b.edge].src;
                if (src == blocks_.entry) {
                    std::vector<EdgeId> path{b.edge};
                    for (ObligationId o = id; queue_[o].parent != kNoObligation; o = queue_[o].parent)
                        path.push_back(queue_[o].edge);
                    return close_path(std::move(path), bad);
                }
                std::vector<Term> pre = predecessor(b.edge, cube, *b.model);
                const unsigned depth = queue_[id].depth + 1;
                queue_.push(id);
                queue_.add(Obligation{src, std::move(pre), level - 1, depth, id, b.edge});
                ++stats_.obligations;
                continue;
            }
            generalize_and_add(l, cube, b.core, level);
        }
        // Blocked below the frontier: look for a longer path to it one level up.
        if (level < top_) {
            ++queue_[id].level;
            queue_.push(id);
        }
    }
    return true;
}

// Pushing lemma k of F_i(l) asks whether F_i(src) ∧ block ∧ ¬k' is satisfiable for each block
// into l. F_i only shrinks as lemmas are added or raised, and the block's constraints only grow
// by operator instances, so a query that was satisfiable stays so until one of those happens at
// a source of l. Without this, a lemma stuck at a low level was asked again at every new frame:
// 50 of 60 s were pushes on a 77-location LIA system (docs/results/chc-speed-2026-12-06).
bool PdrEngine::still_unpushable(LocId l, const Lemma& lemma) const {
    if (lemma.push_failed == 0 || instances_epoch_ > lemma.push_failed) return false;
    for (EdgeId e : blocks_.in(l))
        if (strengthened_[blocks_.edges[e].src] > lemma.push_failed) return false;
    return true;
}

std::optional<bool> PdrEngine::push() {
    const auto t0 = std::chrono::steady_clock::now();
    struct Tally {
        double& s;
        std::chrono::steady_clock::time_point t0;
        ~Tally() { s += seconds_since(t0); }
    } tally{stats_.push_seconds, t0};
    for (unsigned i = 1; i < top_; ++i) {
        for (LocId l = 0; l < frames_.locations(); ++l) {
            const std::size_t n = frames_.lemmas(l).size();
            for (std::size_t j = 0; j < n; ++j) {
                if (frames_.lemmas(l)[j].level != i) continue;
                if (budget_.exhausted()) {
                    stop("frame " + std::to_string(top_) + " (pushing level " + std::to_string(i) + ")");
                    return std::nullopt;
                }
                const Lemma lemma = frames_.lemmas(l)[j];
                if (still_unpushable(l, lemma)) {
                    ++stats_.push_skipped;
                    continue;
                }
                const std::optional<bool> ok = pushable(l, lemma, i);
                if (!ok) {
                    const std::string why = why_;
                    verdict_.kind = VerdictKind::Unknown;
                    verdict_.reason = (why == "timeout" || why == "interrupted" ? why : "solver: " + why) +
                                      " at frame " + std::to_string(top_);
                    return std::nullopt;
                }
                if (*ok) {
                    frames_.raise(l, j);
                    assert_lemma(l, lemma.formula, i + 1);
                    strengthened_[l] = ++epoch_;
                    ++stats_.pushes;
                } else {
                    frames_.push_failed(l, j, epoch_);
                }
            }
        }
        if (frames_.level_empty(i)) {
            // F_i = F_{i+1}: every block from F_i stays in F_{i+1}, the entry's frame is true and
            // the bad locations' frames hold the lemma false (blocked at the frontier).
            verdict_.kind = VerdictKind::True;
            verdict_.certificate.invariants.assign(blocks_.locs.size(), tm_.mk_true());
            for (LocId l = 0; l < blocks_.locs.size(); ++l)
                if (l != blocks_.entry) verdict_.certificate.invariants[l] = frames_.frame(tm_, l, i + 1);
            verdict_.reason = "F" + std::to_string(i) + " = F" + std::to_string(i + 1) + " at every location (" +
                              std::to_string(frames_.size()) + " lemmas)";
            return true;
        }
    }
    return false;
}

void PdrEngine::report() {
    if (progress_)
        progress_([&] {
            return "frame " + std::to_string(top_) + ", " + std::to_string(frames_.size()) + " lemmas, " +
                   std::to_string(stats_.obligations) + " obligations, " + std::to_string(stats_.queries) + " queries";
        });
}

Verdict PdrEngine::run(const std::function<void(const std::function<std::string()>&)>& progress) {
    progress_ = progress;
    top_ = 1;
    for (;;) {
        report();
        if (o_.max_frames && top_ > o_.max_frames) {
            verdict_.kind = VerdictKind::Unknown;
            verdict_.reason = "bound " + std::to_string(o_.max_frames) + " frames reached";
            return finish(verdict_);
        }
        if (blocks_.error != kNoLoc && !block(blocks_.error)) return finish(verdict_);
        if (blocks_.truncated != kNoLoc && !block(blocks_.truncated)) return finish(verdict_);
        ++top_;
        const std::optional<bool> converged = push();
        if (!converged || *converged) return finish(verdict_);
    }
}

Verdict PdrEngine::finish(Verdict v) const {
    base::Statistics& st = v.stats;
    st.count("pdr.frames", top_);
    st.count("pdr.obligations", stats_.obligations);
    st.count("pdr.predecessors", stats_.predecessors);
    st.count("pdr.lemmas", stats_.lemmas);
    st.count("pdr.lemmas.final", frames_.size());
    st.count("pdr.lemmas.itp", stats_.itp_lemmas);
    st.count("pdr.itp-failures", stats_.itp_failures);
    st.count("pdr.pushes", stats_.pushes);
    st.count("pdr.pushes.skipped", stats_.push_skipped);
    st.count("pdr.queries", stats_.queries);
    st.count("pdr.dropped-literals", stats_.dropped_literals);
    st.count("pdr.ctg-absorbed", stats_.ctg_absorbed);
    st.count("pdr.dropped-monomials", stats_.dropped_monomials);
    st.count("pdr.projection.by-value", stats_.by_value);
    st.count("pdr.paths", stats_.paths);
    st.count("pdr.spurious-paths", stats_.spurious_paths);
    st.count("pdr.operator-instances", stats_.operator_instances);
    st.seconds("pdr.time.generalize-mic", stats_.mic_seconds);
    st.seconds("pdr.time.generalize-itp", stats_.itp_seconds);
    st.seconds("pdr.time.projection", stats_.projection_seconds);
    st.seconds("pdr.time.push", stats_.push_seconds);
    st.seconds("pdr.time.sat", times_.sat);
    st.seconds("pdr.time.theories", times_.theory);
    return v;
}

void PdrEngine::write_dot(std::ostream& out) const { frames_.write_dot(out, tm_, blocks_, top_); }

}  // namespace craig::verifier::pdr
