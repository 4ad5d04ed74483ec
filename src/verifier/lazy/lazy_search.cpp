#include "verifier/lazy/lazy_search.hpp"

#include <algorithm>
#include <chrono>

#include "base/stopwatch.hpp"
#include "itp/simplify.hpp"
#include "smt/solver.hpp"
#include "verifier/encoding/block_path.hpp"
#include "verifier/encoding/path_encoding.hpp"
#include "verifier/lazy/annotation.hpp"
#include "verifier/lazy/labelled_dfs.hpp"
#include "verifier/lazy/learning_query.hpp"
#include "verifier/lazy/time_to_live.hpp"
#include "verifier/program/cur_next.hpp"
#include "verifier/encoding/checked_solver.hpp"

namespace craig::verifier {

namespace {

using smt::Term;
using Clock = std::chrono::steady_clock;

constexpr int kSimplifyLevel = 2;  // as impact's labels: constant propagation, bound subsumption

TimeToLiveOptions ttl_options(const LazyOptions& o, const base::Budget& budget) {
    TimeToLiveOptions t;
    t.bounded_loops = o.bounded_loop_limit > 0;
    t.max_iterations = o.bounded_loop_limit;
    t.deadline = budget.deadline();
    return t;
}

class LazySearch {
public:
    LazySearch(const Program& p, std::span<const LocId> goals, const LazyOptions& o, const base::Budget& budget,
               const LazyProgress& progress)
        : orig_(p),
          ttl_(instrument_time_to_live(p, ttl_options(o, budget))),
          prog_(ttl_.program),
          tm_(p.terms()),
          o_(o),
          budget_(budget),
          progress_(progress),
          goal_(p.locs.size(), 0),
          annotation_(tm_, p.locs.size(), p.edges.size(), solver_options()) {
        for (LocId g : goals) goal_.at(g) = 1;
        remaining_ = static_cast<std::size_t>(std::count(goal_.begin(), goal_.end(), 1));
        out_.stats.back_edges = ttl_.back_edges;
        out_.stats.bounded_back_edges = ttl_.bounded_back_edges;
    }

    LazyOutcome run();

private:
    struct Frame {
        PathEncoding::NodeId node;
        LocId loc;
        EdgeId via;           // the edge into the node (unused at the root)
        std::uint32_t next;   // the next out-edge to try
        long long tau;        // τ's value at the node (constant along a path)
        std::uint32_t parts;  // its edges' blocking labels start here in blocking_
    };
    using Round = DfsEnd;  // how a round's search ended
    // The answer of an exact query for the edge from the top frame to `child`.
    struct Learned {
        smt::Result result = smt::Result::Unknown;
        std::string why;
        Term label;  // Unsat with learning: the edge's new label
    };

    smt::SolverOptions solver_options() const { return checked_solver_options(o_, budget_); }
    Term tau_cur() const { return prog_.vars[ttl_.tau].cur; }
    Term tau_below(long long d) {
        return tm_.mk_lt(tau_cur(), tm_.mk_numeral(static_cast<long>(d), smt::SortTable::Int));
    }
    // χ(s) ⊨ φ for the state of the top frame (its path is asserted in search_).
    bool entails(const Frame& f, Term phi);
    Round intra(unsigned tau0);
    // The steps of labelled_dfs (labelled_dfs.hpp states what each does); public for it (the
    // class is this file's own).
public:
    bool interrupted() const { return budget_.exhausted(); }
    void report() const;
    Move visit(Frame&) const { return Move::Go; }
    bool exhausted(const Frame& f) const { return f.next == prog_.out(f.loc).size(); }
    void conjoin(const Frame& f, std::span<const Term> parts);
    void pop_scope() { search_->pop(); }
    Move learn_back(Frame&& done);
    Move expand(Frame& f);

private:
    // The exact query (χ(top), Sem(e) ∧ ¬A(l2)'): Unsat learns e's label (with `learn`), Sat
    // leaves the path's counterexample in cex_.
    Learned query(EdgeId e, PathEncoding::NodeId child, bool learn);
    // The label of e that blocks the top frame's state (the newest that does alone, else A(e)).
    Term blocking_label(const Frame& f, EdgeId e);
    bool strengthen();
    void finish_complete(std::vector<Term> labels);

    const Program& orig_;
    TimeToLive ttl_;
    const Program& prog_;
    smt::TermManager& tm_;
    LazyOptions o_;
    base::Budget budget_;
    const LazyProgress& progress_;
    std::vector<std::uint8_t> goal_;  // 1: a remaining goal, 2: reached
    std::size_t remaining_ = 0;
    Annotation annotation_;
    std::optional<PathEncoding> enc_;
    std::unique_ptr<smt::Solver> search_;
    std::vector<Frame> stack_;
    // Per frame of the stack, for each out-edge tried so far, the label that blocks it: CONJOIN
    // conjoins them without asking the solver again.
    std::vector<Term> blocking_;
    std::vector<Term> assume_;
    unsigned tau0_ = 0;
    std::string tag_;   // the round's prefix of the path encoding's names
    bool cut_ = false;  // some path was cut by τ in this round
    std::size_t depth_max_ = 0;
    Counterexample cex_;
    std::string why_;
    LazyOutcome out_;
};

bool LazySearch::entails(const Frame& f, Term phi) {
    if (phi == tm_.mk_true()) return true;
    if (phi == tm_.mk_false()) return false;
    ++out_.stats.queries;
    const Term q[1] = {tm_.mk_not(enc_->at(f.node, phi))};
    return search_->check(q) == smt::Result::Unsat;
}

LazySearch::Learned LazySearch::query(EdgeId e, PathEncoding::NodeId child, bool learn) {
    const auto t0 = Clock::now();
    ++out_.stats.exact_queries;
    const LocId l2 = prog_.edges[e].dst;
    // A = χ(s1): τ's start and the steps of the path; B = Sem(e) ∧ ¬A(l2)'.
    std::vector<Term> a{
        tm_.mk_eq(enc_->at(stack_.front().node, tau_cur()), tm_.mk_numeral(tau0_, smt::SortTable::Int))};
    for (std::size_t k = 1; k < stack_.size(); ++k) a.push_back(enc_->step(stack_[k].node));
    std::vector<Term> b{enc_->step(child)};
    if (!annotation_.location_labels(l2).empty()) b.push_back(tm_.mk_not(enc_->at(child, annotation_.at(l2))));
    const LearningQuery q = learning_query(tm_, a, b, learn, o_, budget_);
    out_.stats.operator_instances += q.instances;
    Learned r;
    r.result = q.result;
    r.why = q.why;
    if (q.result == smt::Result::Sat) {
        std::vector<EdgeId> path;
        std::vector<AuxRenaming> renamed;
        for (std::size_t k = 1; k < stack_.size(); ++k) {
            path.push_back(stack_[k].via);
            renamed.push_back(enc_->renamed(stack_[k].node));
        }
        path.push_back(e);
        renamed.push_back(enc_->renamed(child));
        cex_ = block_path_counterexample(prog_, path, renamed, *q.model);
    } else if (q.result == smt::Result::Unsat && learn) {
        const std::optional<Term> phi = enc_->to_cur(stack_.back().node, q.interpolant);
        if (!phi) {
            r.result = smt::Result::Unknown;
            r.why = "an interpolant has symbols other than the program variables";
        } else {
            annotation_.add_edge(e, *phi);
            r.label = *phi;
            ++out_.stats.learned_edge_labels;
        }
    }
    out_.stats.learn_seconds += base::seconds_since(t0);
    return r;
}

Term LazySearch::blocking_label(const Frame& f, EdgeId e) {
    const std::span<const Term> labels = annotation_.edge_labels(e);
    if (labels.size() > 1)
        for (std::size_t i = labels.size(); i-- > 0;)
            if (entails(f, labels[i])) return labels[i];
    return annotation_.on(e);
}

LazySearch::Round LazySearch::intra(unsigned tau0) {
    tau0_ = tau0;
    cut_ = false;
    enc_.emplace(prog_);
    search_ = std::make_unique<smt::Solver>(tm_, solver_options());
    stack_.clear();
    const std::string tag = "@z" + std::to_string(tau0) + "_";
    const PathEncoding::NodeId root = enc_->add_root(tag + "0");
    search_->assert_formula(
        tm_.mk_eq(enc_->at(root, tau_cur()), tm_.mk_numeral(static_cast<long>(tau0), smt::SortTable::Int)));
    blocking_.clear();
    stack_.push_back({root, prog_.entry, 0, 0, static_cast<long long>(tau0), 0});
    if (o_.learning && entails(stack_.back(), annotation_.at(prog_.entry))) return Round::Done;
    tag_ = tag;
    return labelled_dfs(*this, stack_, blocking_, out_.stats.backtracks);
}

// The steps of the search loop (labelled_dfs.hpp).

void LazySearch::report() const {
    if (progress_)
        progress_([&] {
            return "tau0 " + std::to_string(tau0_) + ", " + std::to_string(out_.stats.decisions) + " decisions, " +
                   std::to_string(out_.stats.backtracks) + " backtracks, depth " + std::to_string(stack_.size()) +
                   ", " + std::to_string(annotation_.location_label_count()) + " location labels";
        });
}

void LazySearch::conjoin(const Frame& f, std::span<const Term> parts) {
    if (o_.learning && annotation_.add_location(f.loc, tm_.mk_and(parts))) ++out_.stats.learned_location_labels;
}

Move LazySearch::learn_back(Frame&& done) {
    // LEARN on the parent's edge: the child is now blocked by its location's label.
    if (!o_.learning) return Move::Next;
    const Learned r = query(done.via, done.node, true);
    if (r.result != smt::Result::Unsat) {
        why_ = r.result == smt::Result::Sat ? "internal: a blocked state has an execution to a goal" : r.why;
        return Move::Unknown;
    }
    blocking_.push_back(r.label);
    return Move::Next;
}

Move LazySearch::expand(Frame& f) {
    const EdgeId e = prog_.out(f.loc)[f.next];
    const long long d = ttl_.decrements[e];
    if (f.tau < d) {  // blocked by τ < d(e)
        cut_ = true;
        if (o_.learning) blocking_.push_back(tau_below(d));
        return Move::Next;
    }
    if (o_.learning && !annotation_.edge_labels(e).empty() && entails(f, annotation_.on(e))) {
        blocking_.push_back(blocking_label(f, e));
        return Move::Next;
    }
    const LocId l2 = prog_.edges[e].dst;
    const PathEncoding::NodeId child = enc_->add_step(f.node, e, tag_ + std::to_string(enc_->size()));
    search_->push();
    search_->assert_formula(enc_->step(child));
    ++out_.stats.queries;
    std::vector<Term>& assume = assume_;  // reused: no allocation per step
    assume.clear();
    if (o_.learning && !annotation_.location_labels(l2).empty())
        assume.push_back(tm_.mk_not(enc_->at(child, annotation_.at(l2))));
    // Unknown counts as satisfiable: exploring a state is always sound.
    bool open = search_->check(assume) != smt::Result::Unsat;
    if (open && goal_[l2] == 1) {
        const Learned r = query(e, child, o_.learning);
        if (r.result == smt::Result::Unknown) {
            why_ = r.why;
            return Move::Unknown;
        }
        if (r.result == smt::Result::Sat) {
            out_.reached.emplace_back(l2, std::move(cex_));
            out_.reached_at.push_back(out_.stats.backtracks);
            if (o_.on_reached) o_.on_reached(l2, out_.reached.back().second);
            goal_[l2] = 2;
            if (--remaining_ == 0 || o_.stop_at_goal) return Move::Stopped;
        } else {
            open = false;  // no C execution: the label is learned
            if (o_.learning) blocking_.push_back(r.label);
        }
    } else if (!open && o_.learning) {
        const Learned r = query(e, child, true);
        if (r.result != smt::Result::Unsat) {
            why_ = r.result == smt::Result::Sat ? "internal: a blocked successor has an execution to a goal" : r.why;
            return Move::Unknown;
        }
        blocking_.push_back(r.label);
    }
    if (!open) {
        search_->pop();
        return Move::Next;
    }
    ++out_.stats.decisions;
    const long long tau = f.tau - d;  // f is not used below: the push may move the stack
    stack_.push_back({child, l2, e, 0, tau, static_cast<std::uint32_t>(blocking_.size())});
    depth_max_ = std::max(depth_max_, stack_.size() - 1);
    return Move::Pushed;
}

// Fig. 3: A_U = the location labels at τ = 0 without the unjustified ones (to a fixed point);
// true when A_U(entry) is valid (then the labels are the invariant map).
bool LazySearch::strengthen() {
    const auto t0 = Clock::now();
    ++out_.stats.strengthen_rounds;
    const Program& p = orig_;
    const CurNext cn = cur_next(p);
    AuxRenaming tau_zero{{tau_cur(), tm_.mk_numeral(0, smt::SortTable::Int)}};
    std::vector<std::vector<Term>> cand(p.locs.size());
    for (LocId l = 0; l < p.locs.size(); ++l)
        for (Term phi : annotation_.location_labels(l)) {
            auto add = [&](Term psi) {
                if (psi != tm_.mk_false() && std::find(cand[l].begin(), cand[l].end(), psi) == cand[l].end())
                    cand[l].push_back(psi);
            };
            const Term psi = itp::simplify_interpolant(tm_, tm_.substitute(phi, tau_zero), kSimplifyLevel);
            add(psi);
            // Beyond the paper: each conjunct of a label is a candidate too (a weaker formula, so
            // a stronger claim that the fixed point keeps only where it is inductive), as Houdini
            // does: a label such as x >= y ∧ i <= 1 of a bounded unrolling often holds only by
            // its first conjunct.
            if (o_.split_conjuncts && tm_.kind(psi) == smt::Kind::And)
                for (Term c : tm_.children(psi)) add(c);
        }
    std::vector<Term> step(p.edges.size());
    for (EdgeId e = 0; e < p.edges.size(); ++e)
        step[e] = instantiate(p, p.edges[e], cn.cur, cn.next, "@s", true, nullptr);
    smt::Solver s(tm_, solver_options());
    std::vector<Term> disj(p.locs.size());
    auto refresh = [&](LocId l) { disj[l] = tm_.mk_or(cand[l]); };
    for (LocId l = 0; l < p.locs.size(); ++l) refresh(l);
    for (bool changed = true; changed && !budget_.exhausted();) {
        changed = false;
        for (LocId l = 0; l < p.locs.size(); ++l)
            for (std::size_t i = 0; i < cand[l].size();) {
                bool justified = true;
                for (EdgeId e : p.out(l)) {
                    const Term q[3] = {cand[l][i], step[e],
                                       tm_.mk_not(tm_.substitute(disj[p.edges[e].dst], cn.to_next))};
                    if (s.check(q) != smt::Result::Unsat) {
                        justified = false;
                        break;
                    }
                }
                if (justified) {
                    ++i;
                    continue;
                }
                ++out_.stats.dropped_labels;
                cand[l].erase(cand[l].begin() + static_cast<std::ptrdiff_t>(i));
                refresh(l);
                changed = true;
            }
    }
    bool proved = false;
    if (!budget_.exhausted()) {
        const Term q[1] = {tm_.mk_not(disj[p.entry])};
        proved = s.check(q) == smt::Result::Unsat;
    }
    out_.stats.strengthen_seconds += base::seconds_since(t0);
    if (budget_.exhausted()) return false;
    for (LocId l = 0; l < p.locs.size(); ++l) out_.stats.inductive_labels += cand[l].size();
    if (proved) {
        finish_complete(std::move(disj));
        return true;
    }
    // A := A ∪ A_U, each label with its justifying labels on the out-edges.
    for (LocId l = 0; l < p.locs.size(); ++l)
        for (Term psi : cand[l]) {
            for (EdgeId e : p.out(l)) annotation_.add_edge(e, psi);
            annotation_.add_location(l, psi);
        }
    return false;
}

void LazySearch::finish_complete(std::vector<Term> labels) {
    out_.complete = true;
    out_.labels = std::move(labels);
    for (LocId l = 0; l < goal_.size(); ++l)
        if (goal_[l] == 1) out_.unreachable.push_back(l);
}

LazyOutcome LazySearch::run() {
    if (goal_[prog_.entry] == 1) {  // reached by the empty path
        out_.reached.emplace_back(prog_.entry, Counterexample{});
        out_.reached_at.push_back(0);
        if (o_.on_reached) o_.on_reached(prog_.entry, out_.reached.back().second);
        goal_[prog_.entry] = 2;
        --remaining_;
    }
    for (unsigned tau0 = o_.tau0;; tau0 = std::max(1u, 2 * tau0)) {
        out_.stats.tau0 = tau0;
        const auto t0 = Clock::now();
        const Round r = remaining_ == 0 || (o_.stop_at_goal && !out_.reached.empty()) ? Round::Stopped : intra(tau0);
        out_.stats.search_seconds += base::seconds_since(t0);
        out_.stats.max_depth = std::max(out_.stats.max_depth, depth_max_);
        if (r == Round::Stopped) {
            if (remaining_ == 0) finish_complete({});
            break;
        }
        if (r == Round::Unknown || budget_.exhausted()) {
            out_.reason = budget_.exhausted() ? std::string(budget_.why()) + " at tau0 " + std::to_string(tau0) : why_;
            break;
        }
        if (!o_.learning) {
            if (!cut_) {  // every feasible path ended: none is longer than the deepest one
                finish_complete({});
                out_.complete_bound = static_cast<unsigned>(depth_max_ + 1);
                break;
            }
            continue;
        }
        if (strengthen()) break;
        if (budget_.exhausted()) {
            out_.reason = std::string(budget_.why()) + " in strengthening at tau0 " + std::to_string(tau0);
            break;
        }
    }
    out_.stats.subsumed_labels = annotation_.subsumed();
    out_.tau = tau_cur();
    out_.tau_next = prog_.vars[ttl_.tau].next;
    out_.decrements = ttl_.decrements;
    for (LocId l = 0; l < prog_.locs.size(); ++l) {
        const std::span<const Term> labels = annotation_.location_labels(l);
        out_.location_labels.emplace_back(labels.begin(), labels.end());
    }
    for (EdgeId e = 0; e < prog_.edges.size(); ++e) {
        const std::span<const Term> labels = annotation_.edge_labels(e);
        out_.edge_labels.emplace_back(labels.begin(), labels.end());
    }
    return std::move(out_);
}

}  // namespace

LazyOutcome lazy_annotation(const Program& program, std::span<const LocId> goals, const LazyOptions& options,
                            const base::Budget& budget, const LazyProgress& progress) {
    LazySearch s(program, goals, options, budget, progress);
    return s.run();
}

void record_lazy_stats(base::Statistics& out, const LazyStats& st) {
    out.count("lazy.decisions", st.decisions);
    out.count("lazy.backtracks", st.backtracks);
    out.count("lazy.labels.edges", st.learned_edge_labels);
    out.count("lazy.labels.locations", st.learned_location_labels);
    out.count("lazy.labels.subsumed", st.subsumed_labels);
    out.count("lazy.strengthen-rounds", st.strengthen_rounds);
    out.count("lazy.labels.inductive", st.inductive_labels);
    out.count("lazy.labels.dropped", st.dropped_labels);
    out.count("lazy.tau0", st.tau0);
    out.count("lazy.back-edges", st.back_edges);
    out.count("lazy.bounded-back-edges", st.bounded_back_edges);
    out.count("lazy.max-depth", st.max_depth);
    out.count("lazy.queries", st.queries);
    out.count("lazy.exact-queries", st.exact_queries);
    out.count("lazy.operator-instances", st.operator_instances);
    out.seconds("lazy.time.search", st.search_seconds);
    out.seconds("lazy.time.learn", st.learn_seconds);
    out.seconds("lazy.time.strengthen", st.strengthen_seconds);
}

}  // namespace craig::verifier
