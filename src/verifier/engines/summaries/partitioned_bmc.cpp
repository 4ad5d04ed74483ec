#include "verifier/engines/summaries/partitioned_bmc.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "itp/interpolation.hpp"
#include "itp/simplify.hpp"
#include "smt/solver.hpp"
#include "verifier/encoding/block_path.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/encoding/exact_check.hpp"
#include "verifier/encoding/procedure_body.hpp"
#include "verifier/engines/summaries/assertion_sites.hpp"
#include "verifier/engines/summaries/theory_translation.hpp"

namespace craig::verifier {

namespace {

using smt::Term;
using Clock = base::Budget::Clock;

enum class Mode : std::uint8_t { None, Nondet, Summary, Precise, Cut, Sliced };

// (a ∧ e) ∨ (b ∧ e) as e ∧ (a ∨ b): conjuncts common to every disjunct move to the top, where
// Houdini's weakening (summary_repair.hpp) can keep them one by one and reuse sees them apart.
Term factor_common(smt::TermManager& tm, Term t) {
    if (tm.kind(t) != smt::Kind::Or) return t;
    auto conjuncts = [&](Term d) {
        std::vector<Term> cs;
        if (tm.kind(d) == smt::Kind::And)
            cs.assign(tm.children(d).begin(), tm.children(d).end());
        else
            cs.push_back(d);
        std::sort(cs.begin(), cs.end(), [](Term a, Term b) { return a.id < b.id; });
        return cs;
    };
    const std::vector<Term> disjuncts(tm.children(t).begin(), tm.children(t).end());
    std::vector<Term> common = conjuncts(disjuncts[0]);
    for (std::size_t i = 1; i < disjuncts.size() && !common.empty(); ++i) {
        const std::vector<Term> cs = conjuncts(disjuncts[i]);
        std::vector<Term> both;
        std::set_intersection(common.begin(), common.end(), cs.begin(), cs.end(), std::back_inserter(both),
                              [](Term a, Term b) { return a.id < b.id; });
        common = std::move(both);
    }
    if (common.empty()) return t;
    std::vector<Term> rest;
    for (Term d : disjuncts) {
        std::vector<Term> left;
        for (Term c : conjuncts(d))
            if (!std::binary_search(common.begin(), common.end(), c, [](Term a, Term b) { return a.id < b.id; }))
                left.push_back(c);
        rest.push_back(tm.mk_and(left));
    }
    common.push_back(tm.mk_or(rest));
    return tm.mk_and(common);
}

class Query {
public:
    Query(const Procedures& ps, CallTree& tree, SummaryStore& store, const PbmcOptions& o, const base::Budget& budget,
          PbmcStats& stats, bool cuts, std::unordered_set<std::uint32_t> force_precise,
          const SlicedModel* slice = nullptr)
        : ps_(slice ? slice->procs : ps),
          p_(*ps.plain),
          tm_(ps.plain->terms()),
          tree_(tree),
          store_(store),
          o_(o),
          budget_(budget),
          stats_(stats),
          solver_(tm_, solver_options(o, budget, cuts)),
          force_(std::move(force_precise)),
          slice_(slice) {}

    // The query; `interpolated` tells whether an Unsat answer gave summaries.
    PbmcResult run(std::uint32_t root, const PbmcGoal& goal, bool& interpolated, const PbmcReached& on_reached) {
        interpolated = false;
        ++stats_.queries;
        root_ = root;
        PbmcResult out;
        interface(root);
        touched_.push_back(root);
        assert_in(root, nodes_[root].active);
        assert_in(root, goal(nodes_[root].params, nodes_[root].returns));
        if (!make_precise(root, out)) return out;
        for (;;) {
            if (budget_.exhausted()) {
                out.reason = std::string(budget_.why());
                return out;
            }
            const auto t0 = Clock::now();
            grow_ops(tree_.size());
            const ExactCheck c = exact_check(
                solver_, ops_, {}, o_.operator_rounds,
                [&](std::size_t group, smt::AssertionId id, Term) { note(id, static_cast<std::uint32_t>(group)); });
            stats_.solve_seconds += base::seconds_since(t0);
            stats_.checks += c.checks;
            if (c.result == smt::Result::Unknown) {
                out.reason = c.out_of_rounds ? "operator refinement budget" : c.why(solver_);
                return out;
            }
            if (c.result == smt::Result::Unsat) {
                out.kind = PbmcResult::Refuted;
                if (o_.learn) interpolated = extract();
                return out;
            }
            const smt::Model model = solver_.model();
            std::vector<std::uint32_t> refine, raise;
            std::vector<EdgeId> path;
            std::vector<AuxRenaming> renamed;
            bool cut = false;
            walk(root, model, path, renamed, refine, raise, cut);
            if (refine.empty() && raise.empty()) {
                out.kind = PbmcResult::Reached;
                if (on_reached) on_reached(model, nodes_[root].params, nodes_[root].returns);
                if (!cut) out.cex = block_path_counterexample(p_, path, renamed, model);
                return out;
            }
            for (std::uint32_t m : refine) {
                ++stats_.refinements;
                if (!make_precise(m, out)) return out;
            }
            // Theory refinement (§3.8): a precise instance on the path in a cheaper theory is
            // encoded once more in the next one (EUF → LRA → LIA); its cheaper encodings stay
            // (each over-approximates it).
            for (std::uint32_t n : raise) {
                ++stats_.theory_refinements;
                NodeState& st = nodes_[n];
                st.theory = st.theory == Theory::Euf ? Theory::Lra : Theory::Lia;
                for (const Term f : st.raw) assert_in(n, in_theory(n, f));
            }
        }
    }

    std::unordered_set<std::uint32_t> precise_nodes() const {
        std::unordered_set<std::uint32_t> s;
        for (std::uint32_t n : touched_)
            if (nodes_[n].mode == Mode::Precise) s.insert(n);
        return s;
    }

private:
    struct NodeState {
        Mode mode = Mode::None;
        Theory theory = Theory::Lia;  // of its encoding (precise) or its summary
        std::vector<Term> raw;        // precise: its partition's formulas before translation
        Term active;
        std::vector<Term> params, returns;
        std::optional<BodyEncoding> enc;
    };

    static smt::SolverOptions solver_options(const PbmcOptions& o, const base::Budget& budget, bool cuts) {
        smt::SolverOptions so = checked_solver_options(o, budget);
        so.produce_proofs = o.learn;
        so.produce_interpolants = o.learn;
        so.lia_cuts = cuts;
        return so;
    }

    void grow_ops(std::size_t n) {
        while (ops_.size() < n) ops_.emplace_back(tm_);
    }

    void note(smt::AssertionId id, std::uint32_t node) {
        if (part_.size() <= id) part_.resize(id + 1, itp::kNoPartition);
        part_[id] = node;
    }

    void assert_in(std::uint32_t n, Term f) {
        grow_ops(n + 1);
        ops_[n].scan(f);
        note(solver_.assert_formula(f), n);
    }

    NodeState& state(std::uint32_t n) {
        if (nodes_.size() <= n) nodes_.resize(n + 1);
        return nodes_[n];
    }

    // f (a formula of n's partition) in n's theory: the constants of n's interface and of its
    // children's stay Int in LRA (shared with the neighbouring partitions).
    Term in_theory(std::uint32_t n, Term f) {
        const NodeState& st = nodes_[n];
        if (st.theory == Theory::Lia) return f;
        if (st.theory == Theory::Euf) return to_euf(tm_, f, iface_);
        std::vector<Term> keep(st.params.begin(), st.params.end());
        keep.insert(keep.end(), st.returns.begin(), st.returns.end());
        if (st.mode == Mode::Precise && n < tree_.size() && tree_[n].expanded)
            for (std::uint32_t m : tree_[n].children)
                if (m < nodes_.size() && nodes_[m].active.valid()) {
                    keep.insert(keep.end(), nodes_[m].params.begin(), nodes_[m].params.end());
                    keep.insert(keep.end(), nodes_[m].returns.begin(), nodes_[m].returns.end());
                }
        return to_lra(tm_, f, keep, iface_);
    }

    // The interface constants of node n: its activation literal, params and returns.
    void interface(std::uint32_t n) {
        NodeState& s = state(n);
        s.theory = o_.theory;
        const Procedure& pr = ps_.procs[tree_[n].proc];
        const std::string tag = "#n" + std::to_string(n);
        s.active = tm_.mk_const(tm_.fresh_fun("active" + tag, {}, smt::SortTable::Bool));
        for (VarId v : pr.params)
            s.params.push_back(tm_.mk_const(tm_.fresh_fun(p_.vars[v].name + tag, {}, var_sort(tm_, p_.vars[v]))));
        for (VarId v : pr.returns)
            s.returns.push_back(
                tm_.mk_const(tm_.fresh_fun(p_.vars[v].name + "'" + tag, {}, var_sort(tm_, p_.vars[v]))));
    }

    Term flag(std::uint32_t n) {
        const Procedure& pr = ps_.procs[tree_[n].proc];
        const auto it = std::find(pr.returns.begin(), pr.returns.end(), ps_.error_var);
        if (it == pr.returns.end()) throw std::logic_error("summaries: a procedure without the error flag");
        return nodes_[n].returns[static_cast<std::size_t>(it - pr.returns.begin())];
    }

    std::vector<Term> interface_of(std::uint32_t m) const {
        std::vector<Term> out(nodes_[m].params.begin(), nodes_[m].params.end());
        out.insert(out.end(), nodes_[m].returns.begin(), nodes_[m].returns.end());
        return out;
    }

    // Encodes n precisely and substitutes its children by the scheme (children made precise
    // are encoded here too, by a work list: a loop unwound ν times nests ν instances).
    bool make_precise(std::uint32_t root, PbmcResult& out) {
        std::vector<std::uint32_t> work{root};
        while (!work.empty()) {
            const std::uint32_t n = work.back();
            work.pop_back();
            if (++precise_ > o_.max_nodes) {
                out.reason = "more than " + std::to_string(o_.max_nodes) + " precise call instances";
                return false;
            }
            const auto t0 = Clock::now();
            ++stats_.precise;
            const Procedure& pr = ps_.procs[tree_[n].proc];
            nodes_[n].mode = Mode::Precise;
            BodyEncoding enc = encode_body(ps_, tree_[n].proc, "#n" + std::to_string(n));
            std::vector<Term> body{enc.formula};
            for (std::size_t j = 0; j < enc.params.size(); ++j)
                body.push_back(tm_.mk_eq(nodes_[n].params[j], enc.params[j]));
            for (std::size_t j = 0; j < enc.returns.size(); ++j)
                body.push_back(tm_.mk_eq(nodes_[n].returns[j], enc.returns[j]));
            std::vector<Term> raw{tm_.mk_implies(nodes_[n].active, tm_.mk_and(body))};
            const std::vector<std::uint32_t> children = tree_.expand(n);
            std::vector<std::uint32_t> fresh;
            for (std::size_t e = 0; e < pr.edges.size(); ++e) {
                if (pr.call[e] == kNoCall || tm_.kind(enc.taken[e]) != smt::Kind::Const) continue;
                const std::uint32_t c = pr.call[e];
                const std::uint32_t m = children[c];
                if (slice_ && slice_->sliced(tree_[n].proc, c)) {  // nothing of it is encoded
                    state(m).mode = Mode::Sliced;
                    ++stats_.sliced;
                    continue;
                }
                interface(m);
                touched_.push_back(m);
                std::vector<Term> bind{nodes_[m].active};
                for (std::size_t j = 0; j < enc.call_args[c].size(); ++j)
                    bind.push_back(tm_.mk_eq(enc.call_args[c][j], nodes_[m].params[j]));
                for (std::size_t j = 0; j < enc.call_results[c].size(); ++j)
                    bind.push_back(tm_.mk_eq(enc.call_results[c][j], nodes_[m].returns[j]));
                raw.push_back(tm_.mk_implies(enc.taken[e], tm_.mk_and(bind)));
                fresh.push_back(m);
            }
            // The children's interfaces exist now: n's formulas in n's theory, then the children.
            for (const Term f : raw) assert_in(n, in_theory(n, f));
            nodes_[n].raw = std::move(raw);
            for (std::uint32_t m : fresh)
                if (substitute(m)) work.push_back(m);
            nodes_[n].enc = std::move(enc);
            stats_.encode_seconds += base::seconds_since(t0);
        }
        return true;
    }

    // The substitution of a new child m (Def. 7); true when it must be encoded precisely.
    bool substitute(std::uint32_t m) {
        NodeState& s = nodes_[m];
        if (tree_[m].cut) {
            s.mode = Mode::Cut;
            assert_in(
                m, tm_.mk_implies(s.active, tm_.mk_eq(flag(m), tm_.mk_numeral(kUnwindingCode, smt::SortTable::Int))));
            return false;
        }
        if (force_.count(m) || o_.scheme == SubstitutionScheme::Precise) return true;
        const std::uint32_t key = tree_[m].key;
        if (store_.has(key)) {
            s.mode = Mode::Summary;
            ++stats_.summarised;
            const Term sum =
                instantiate_contract(ps_, tree_[m].proc, tm_.mk_and(store_.conjuncts[key]), s.params, s.returns);
            // Used in the child's theory (Theorem 4: a translated summary is a summary).
            const Term in_t = s.theory == Theory::Lia
                                  ? sum
                                  : translate_summary(tm_, sum, Theory::Lia, s.theory, iface_, interface_of(m));
            assert_in(m, tm_.mk_implies(s.active, in_t));
            return false;
        }
        if (o_.scheme == SubstitutionScheme::Eager) return true;
        s.mode = Mode::Nondet;
        ++stats_.nondet;
        return false;
    }

    // The path of a model from n's entry to its exit; calls that are not precise on it are
    // collected in `refine`, a cut on it sets `cut`.
    void walk(std::uint32_t n, const smt::Model& model, std::vector<EdgeId>& path, std::vector<AuxRenaming>& renamed,
              std::vector<std::uint32_t>& refine, std::vector<std::uint32_t>& raise, bool& cut) {
        const Procedure& pr = ps_.procs[tree_[n].proc];
        if (nodes_[n].theory != Theory::Lia) raise.push_back(n);
        const BodyEncoding& enc = *nodes_[n].enc;
        std::uint32_t at = pr.entry;
        while (at != pr.exit) {
            std::uint32_t next = UINT32_MAX;
            for (std::uint32_t e = 0; e < pr.edges.size() && next == UINT32_MAX; ++e) {
                if (pr.edges[e].src != at || tm_.kind(enc.taken[e]) != smt::Kind::Const) continue;
                if (model.evaluate(enc.taken[e]).b) next = e;
            }
            if (next == UINT32_MAX) throw smt::CheckFailure("summaries: a model without a path through " + pr.name);
            if (pr.call[next] != kNoCall) {
                const std::uint32_t m = tree_[n].children[pr.call[next]];
                switch (nodes_[m].mode) {
                    case Mode::Precise: walk(m, model, path, renamed, refine, raise, cut); break;
                    case Mode::Cut: cut = true; break;
                    case Mode::Sliced: break;  // the answer is checked again without the slice
                    default: refine.push_back(m); break;
                }
            } else if (pr.plain_edge[next] != UINT32_MAX) {
                path.push_back(pr.plain_edge[next]);
                renamed.push_back(enc.aux[next]);
            }
            at = pr.edges[next].dst;
        }
    }

    // Alg. 1: a tree interpolant per precise instance from the proof, into the store.
    bool extract() {
        const auto t0 = Clock::now();
        smt::SmtProof proof;
        try {
            proof = solver_.proof();
        } catch (const std::exception&) {
            ++stats_.interpolation_failures;
            return false;
        }
        // Post-order of the touched instances (children of precise ones) with subtree starts.
        std::vector<std::uint32_t> post(tree_.size(), UINT32_MAX), start;
        std::vector<std::uint32_t> order;
        struct Item {
            std::uint32_t node;
            std::size_t next;
            std::uint32_t first;
        };
        std::vector<Item> stack{{root_, 0, 0}};
        while (!stack.empty()) {
            Item& it = stack.back();
            const bool inner = nodes_[it.node].mode == Mode::Precise;
            if (inner && it.next < tree_[it.node].children.size()) {
                const std::uint32_t m = tree_[it.node].children[it.next++];
                if (m < nodes_.size() && nodes_[m].mode != Mode::None && nodes_[m].mode != Mode::Sliced)
                    stack.push_back({m, 0, static_cast<std::uint32_t>(order.size())});
                continue;
            }
            post[it.node] = static_cast<std::uint32_t>(order.size());
            order.push_back(it.node);
            start.push_back(it.first);
            stack.pop_back();
        }
        std::vector<std::uint32_t> part(part_.size(), itp::kNoPartition);
        for (std::size_t id = 0; id < part_.size(); ++id)
            if (part_[id] != itp::kNoPartition) part[id] = post[part_[id]];
        std::vector<std::uint8_t> wanted(order.size(), 0);
        for (std::size_t i = 0; i + 1 < order.size(); ++i) wanted[i] = nodes_[order[i]].mode == Mode::Precise;
        itp::ItpOptions io = o_.itp;
        io.deadline = budget_.deadline();
        const itp::InterpolationResult ir = o_.tree_property
                                                ? itp::tree_interpolants(tm_, proof, part, start, io)
                                                : itp::cut_interpolants(tm_, proof, part, start, io, wanted);
        stats_.interpolation_seconds += base::seconds_since(t0);
        if (!ir.ok()) {
            ++stats_.interpolation_failures;
            return false;
        }
        for (std::size_t i = 0; i + 1 < order.size(); ++i) {
            const std::uint32_t n = order[i];
            if (nodes_[n].mode != Mode::Precise) continue;
            ++stats_.summaries_made;
            const std::optional<Term> sum = canonical(n, ir.interpolants[i]);
            if (!sum) continue;
            keep(tree_[n].key, *sum);
        }
        return true;
    }

    // I_n with a_n := true over the procedure's interface constants; empty when other
    // constants remain.
    std::optional<Term> canonical(std::uint32_t n, Term itp) {
        const Procedure& pr = ps_.procs[tree_[n].proc];
        const NodeState& s = nodes_[n];
        // Decoded from the theories of the query into the universal form first (rules 5.6, 5.7).
        if (iface_.euf_symbols() || iface_.euf.size()) itp = from_euf(tm_, itp, iface_);
        if (iface_.lra.size()) itp = from_lra(tm_, itp, iface_);
        std::unordered_map<Term, Term, smt::TermHash> subst;
        subst[s.active] = tm_.mk_true();
        for (std::size_t j = 0; j < s.params.size(); ++j) subst[s.params[j]] = p_.vars[pr.params[j]].cur;
        for (std::size_t j = 0; j < s.returns.size(); ++j) subst[s.returns[j]] = p_.vars[pr.returns[j]].next;
        const Term out = itp::simplify_interpolant(
            tm_, factor_common(tm_, itp::simplify_interpolant(tm_, tm_.substitute(itp, subst), 2, 20000)), 2, 20000);
        std::unordered_set<Term, smt::TermHash> allowed, seen;
        for (VarId v : pr.params) allowed.insert(p_.vars[v].cur);
        for (VarId v : pr.returns) allowed.insert(p_.vars[v].next);
        std::vector<Term> stack{out};
        while (!stack.empty()) {
            const Term u = stack.back();
            stack.pop_back();
            if (!seen.insert(u).second) continue;
            if (tm_.kind(u) == smt::Kind::Const && !allowed.count(u)) return std::nullopt;
            for (Term c : tm_.children(u)) stack.push_back(c);
        }
        return out;
    }

    void keep(std::uint32_t key, Term sum) {
        if (store_.conjuncts.size() <= key) store_.conjuncts.resize(key + 1);
        std::vector<Term>& have = store_.conjuncts[key];
        std::vector<Term> parts;
        if (tm_.kind(sum) == smt::Kind::And) {
            for (Term c : tm_.children(sum)) parts.push_back(c);
        } else {
            parts.push_back(sum);
        }
        for (Term c : parts) {
            if (c == tm_.mk_true() || std::find(have.begin(), have.end(), c) != have.end()) continue;
            have.push_back(c);
            ++stats_.summaries_kept;
        }
    }

    const Procedures& ps_;
    const Program& p_;
    smt::TermManager& tm_;
    CallTree& tree_;
    SummaryStore& store_;
    const PbmcOptions& o_;
    const base::Budget& budget_;
    PbmcStats& stats_;
    smt::Solver solver_;
    std::unordered_set<std::uint32_t> force_;
    const SlicedModel* slice_;
    std::vector<NodeState> nodes_;
    std::vector<std::uint32_t> touched_;
    std::vector<OperatorRefinement> ops_;
    std::vector<std::uint32_t> part_;  // assertion id -> node
    std::uint32_t precise_ = 0;
    std::uint32_t root_ = 0;
    TheoryInterface iface_;  // one per query: equal terms translate to equal terms
};

}  // namespace

PbmcResult check_flag(const Procedures& ps, CallTree& tree, std::span<const std::int64_t> codes, SummaryStore& store,
                      const PbmcOptions& options, const base::Budget& budget, PbmcStats& stats,
                      const SlicedModel* slice) {
    smt::TermManager& tm = ps.plain->terms();
    const Procedure& main = ps.procs[0];
    const auto at = std::find(main.returns.begin(), main.returns.end(), ps.error_var);
    if (at == main.returns.end()) throw std::logic_error("summaries: main without the error flag");
    const std::size_t flag = static_cast<std::size_t>(at - main.returns.begin());
    const std::vector<std::int64_t> wanted(codes.begin(), codes.end());
    return check_goal(
        ps, tree, 0,
        [&](std::span<const Term>, std::span<const Term> returns) {
            std::vector<Term> any;
            for (std::int64_t c : wanted) any.push_back(tm.mk_eq(returns[flag], tm.mk_numeral(c, smt::SortTable::Int)));
            return tm.mk_or(any);
        },
        store, options, budget, stats, {}, slice);
}

PbmcResult check_goal(const Procedures& ps, CallTree& tree, std::uint32_t root, const PbmcGoal& goal,
                      SummaryStore& store, const PbmcOptions& options, const base::Budget& budget, PbmcStats& stats,
                      const PbmcReached& on_reached, const SlicedModel* slice) {
    bool interpolated = false;
    std::unordered_set<std::uint32_t> precise;
    PbmcResult r;
    {
        Query q(ps, tree, store, options, budget, stats, true, {}, slice);
        r = q.run(root, goal, interpolated, slice ? PbmcReached{} : on_reached);
        precise = q.precise_nodes();
    }
    // A path of the sliced model may pass a failed assertion or a call that never returns: the
    // answer is the unsliced model's (with the summaries the sliced query left in the store).
    if (slice && r.kind == PbmcResult::Reached) {
        ++stats.slice_rechecks;
        return check_goal(ps, tree, root, goal, store, options, budget, stats, on_reached, nullptr);
    }
    // A Gomory cut may mix partitions: once more without cuts, from the same substitution,
    // only for the summaries (the answer stands).
    if (r.kind == PbmcResult::Refuted && options.learn && !interpolated) {
        Query q(ps, tree, store, options, budget, stats, false, std::move(precise), slice);
        bool again = false;
        const PbmcResult r2 = q.run(root, goal, again, {});
        if (r2.kind == PbmcResult::Reached) throw smt::CheckFailure("summaries: a refuted query became satisfiable");
    }
    return r;
}

}  // namespace craig::verifier
