// WHALE (Albarghouthi, Gurfinkel, Chechik, VMCAI 2012; Albarghouthi's thesis Ch. 6, Alg. 7):
// interprocedural verification by unrolling the call graph (engine `whale`, a ProceduralEngine).
//
// The model is the procedural program (program/procedures.hpp): bodies are DAGs, loops tail
// recursion, so an ARG is the whole body of one procedure activation, encoded at once
// (encoding/procedure_body.hpp). The iARG is a tree of ARGs (the justification relation): an
// expanded ARG has one child ARG per call of its body, or with merging (--whale-merge, §6.6: "we
// merge ARGs of the same function") one per callee: the calls of one body to the same procedure
// share a child ARG, so fib(n-1) + fib(n-2) unrolls into a chain of ARGs, not a tree of 2^depth
// ARGs each refined and covered on its own (off by default: the queries stay as large, see the
// option). Each ARG has a summary S over its procedure's params and returns, assumed only under a
// guard over its params (see below).
//
//   IARGCOND(A)  A's body with each call k bound to its child's IARGCOND (fresh constants per
//                activation); an unexpanded ARG has no executions yet (false). It is an
//                under-approximation: a model is a real interprocedural execution. A merged
//                child occurs once per call in the activation tree (its descendants as often as
//                their ancestors' calls multiply): the n-th occurrence of an ARG in one tree has
//                the ARG's n-th body encoding, made once and reused by later queries.
//   REFINEARG(A) cond = G_A ∧ IARGCOND(A) ∧ ¬S_A, one formula per call (φ_k), the body with G_A
//                (φ_0) and ¬S_A (φ_{m+1}). Unsat: the state/transition interpolants of one proof
//                (itp/state_transition.hpp) give each call's transition interpolant s_k, implied by
//                the callee's unrolled behaviour, and state interpolant g_k; the child's summary is
//                conjoined with s_k (over its params and returns), its guard joined with g_k's
//                context (below), and the child is queued to justify it. A child shared by several
//                calls is conjoined with g_k → s_k instead: the caller needs each call's fact only
//                in that call's context, and s_k alone would ask the child to show every call's
//                fact in the union of the contexts. Sat at the root (main, summary "error flag
//                0"): a counterexample, replayed by the gate. Sat elsewhere: A's contract was a
//                wrong guess: it becomes {false} {true}, the ARGs it covered are uncovered and its
//                parent is queued to refine again over A's deeper unrolling.
//   COVERARG(A)  A is covered by an earlier active ARG B of the same procedure whose contract
//                entails A's (B may be A's ancestor: Hoare's rule for recursion); a covered ARG
//                and its subtree need no more work; first the ARGs A covered are uncovered.
// Worklist: FIFO (§6.6), starting with main's ARG; ARGs whose summary is true need no work.
// Houdini step (our addition, --whale-houdini): every conjunct and atom of every guessed summary
// is kept as a candidate fact of its procedure; after 8, 16, 32, ... refinements the largest
// inductive subset of the candidates (summary_houdini.hpp) is computed, and when main's kept
// facts imply its summary the program is safe with those contracts. Guesses from bounded
// unrollings are often "x <= 15 -> r = x" where the atom r = x alone is the inductive summary.
// When it is empty every active ARG is safe given its children's summaries, and the certificate
// is per procedure the conjunction of its active ARGs' summaries, checked by the gate's contract
// check (Hoare's rule for mutual recursion) with fresh solvers.
//
// Guards. A contract {G} f {S} says: entered with params in G, f returns in S (G is a hypothesis,
// as in the thesis' SPECCOND, where a call is assume(G ⇒ S)). The refinement of ARG A assumes
// A's guard at its entry; the state interpolant g_k before call k gives the callee's context. The
// thesis takes GUARD(g_k) = ∃Q. g_k and, to avoid quantifiers in COVERARG, later replaces guards
// by ψ(ε) (UPDATEGUARD). We avoid the quantifier another way: the guard is g_k cut to its
// conjuncts over the call's argument values, which ∃Q. g_k implies (a weaker guard asks more of
// the callee and keeps the caller's refinement valid). A child's guard grows by disjunction
// (every context a caller's refinement relied on stays in it) while its summary grows by
// conjunction, so a caller's earlier justification is never withdrawn. Covering is consequence:
// B covers A when G_A ⊨ G_B and G_A ∧ S_B ⊨ S_A. The certificate per procedure is
// {∨ G_j} f {∧ (G_j → S_j)} over its active ARGs.
#include <algorithm>
#include <deque>
#include <memory>
#include <sstream>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "itp/simplify.hpp"
#include "itp/partition_map.hpp"
#include "itp/state_transition.hpp"
#include "smt/terms/printer.hpp"
#include "smt/solver.hpp"
#include "verifier/encoding/block_path.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/encoding/exact_check.hpp"
#include "verifier/encoding/procedure_body.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/engines/whale/summary_houdini.hpp"
#include "verifier/engines/whale/whale.hpp"
#include "verifier/program/dot.hpp"

namespace craig::verifier {

namespace {

using smt::Term;
constexpr std::uint32_t kNone = UINT32_MAX;

struct Arg {
    ProcId proc = 0;
    // The contract {guard} proc {summary}: entered with params in the guard, it returns in the
    // summary. A new ARG has {false} {true} (nothing asked of it yet).
    Term guard;
    Term summary;
    std::uint32_t parent = kNone;
    // Per call of the procedure (after expansion): the child ARG justifying it. With merging
    // (--whale-merge) the calls to one callee share a child, so an index may repeat.
    std::vector<std::uint32_t> children;
    std::vector<std::uint32_t> distinct;  // the child ARGs, each once (walks of the subtree)
    bool expanded = false;
    std::uint32_t covered_by = kNone;
    // The ARG's body encodings, one per occurrence in a query's activation tree (a merged ARG
    // occurs once per call of its parent's activation, and so its descendants several times):
    // occurrence 0 is made at expansion, the others on demand. Each is reused by every query,
    // so queries share the terms.
    std::vector<std::shared_ptr<const BodyEncoding>> enc;
};

// One activation in a refinement query: its encoding and those of its expanded children.
struct Activation {
    std::uint32_t arg = kNone;
    std::shared_ptr<const BodyEncoding> enc;
    std::vector<std::unique_ptr<Activation>> children;  // per call; null: no executions (unexpanded)
};

struct WhaleStats {
    unsigned refinements = 0, summaries = 0, invalidations = 0, covers = 0, uncovers = 0, houdini_runs = 0;
    unsigned merged_calls = 0;  // calls sharing their child ARG with an earlier call of the same body
    std::size_t houdini_queries = 0;
    double solve_seconds = 0, interpolation_seconds = 0;
};

constexpr EngineOption kWhaleOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    {"whale-max-args", OptionKind::Unsigned, "20000",
     "Give up (UNKNOWN) when the iARG holds this many ARGs (procedure activations)"},
    {"whale-houdini", OptionKind::Flag, "true",
     "Now and then keep the largest inductive subset of every summary fact guessed so far (Houdini); "
     "when it implies main's summary the program is safe"},
    // Off by measurement: a merged child unrolls all its calls to one depth, so a query holds the
    // full tree of activations, where separate ARGs are covered early and keep the queries small
    // (docs/results/code-measurements.md, whale-merge-off).
    {"whale-merge", OptionKind::Flag, "false", "Calls of one body to the same function share one ARG (§6.6)"},
};

class Whale final : public ProceduralEngine {
public:
    explicit Whale(const EngineSettings& s)
        : s_(s),
          itp_(itp_options(s)),
          max_args_(s.number("whale-max-args")),
          houdini_(s.flag("whale-houdini")),
          merge_(s.flag("whale-merge")) {}

    Verdict solve(const Program&, const base::Budget&) override {
        Verdict v;
        v.reason = "whale needs the procedural model of a C program (craig verify --engine whale)";
        return v;
    }

    Verdict solve_procedures(const Procedures& ps, const base::Budget& budget) override {
        ps_ = &ps;
        budget_ = &budget;
        tm_ = &ps.plain->terms();
        Verdict v = run();
        v.stats.count("whale.args", args_.size());
        v.stats.count("whale.merged-calls", stats_.merged_calls);
        v.stats.count("whale.refinements", stats_.refinements);
        v.stats.count("whale.summaries", stats_.summaries);
        v.stats.count("whale.invalidations", stats_.invalidations);
        v.stats.count("whale.covers", stats_.covers);
        v.stats.count("whale.uncovers", stats_.uncovers);
        v.stats.count("whale.houdini-runs", stats_.houdini_runs);
        v.stats.count("whale.houdini-queries", stats_.houdini_queries);
        v.stats.seconds("whale.time.solve", stats_.solve_seconds);
        v.stats.seconds("whale.time.interpolation", stats_.interpolation_seconds);
        return v;
    }

    // whale_summaries (whale.hpp): the contracts of a safe verdict, else Houdini's kept facts.
    std::vector<Contract> infer(const Procedures& ps, const base::Budget& budget, double search_seconds,
                                double houdini_seconds, const std::vector<std::vector<Term>>& extra) {
        ps_ = &ps;
        const base::Budget search = budget.slice(search_seconds);
        budget_ = &search;
        tm_ = &ps.plain->terms();
        Verdict v = run();
        if (v.kind == VerdictKind::True) return std::move(v.certificate.contracts);
        for (std::size_t p = 0; p < extra.size() && p < candidates_.size(); ++p)
            for (Term t : extra[p])
                if (seen_candidates_[p].insert(t).second) candidates_[p].push_back(t);
        const base::Budget houdini_budget = budget.slice(houdini_seconds);
        budget_ = &houdini_budget;
        const SummaryHoudiniResult h = summary_houdini(*ps_, candidates_, checked_solver_options(s_, *budget_));
        std::vector<Contract> out;
        for (const auto& k : h.kept) out.push_back(Contract{tm_->mk_true(), tm_->mk_and(k)});
        out.resize(ps.procs.size(), Contract{tm_->mk_true(), tm_->mk_true()});
        return out;
    }

    // The iARG (--dump-arg): one node per ARG with its procedure and contract (SMT-LIB, x' is x at
    // return), justification edges labelled by the call, covered ARGs dashed with a blue edge to
    // their coverer, ARGs under a covered ancestor grey, main's ARG red when a counterexample ends.
    bool write_arg(std::ostream& out) const override {
        if (!ps_) return false;
        auto text = [&](Term t) {
            std::ostringstream o;
            smt::print_term(o, *tm_, t, false);
            return dot_text(o.str());
        };
        out << "digraph iarg {\n  node [shape=box, fontsize=10];\n";
        for (std::uint32_t i = 0; i < args_.size(); ++i) {
            const Arg& a = args_[i];
            std::string style;
            if (a.covered_by != kNone)
                style = ", style=dashed";
            else if (!active(i))
                style = ", color=grey";
            out << "  a" << i << " [label=\"" << i << ": " << dot_escape(ps_->procs[a.proc].name)
                << (a.expanded ? "" : " (unexpanded)") << "\\nrequires " << text(a.guard) << "\\nensures "
                << text(a.summary) << "\"" << style << "];\n";
            for (std::size_t k = 0; k < a.children.size(); ++k)
                out << "  a" << i << " -> a" << a.children[k] << " [label=\"call " << k << "\"];\n";
            if (a.covered_by != kNone)
                out << "  a" << i << " -> a" << a.covered_by << " [style=dashed, color=blue, constraint=false];\n";
        }
        out << "}\n";
        return true;
    }

private:
    enum class Refined { Safe, Invalidated, Counterexample, Unknown };

    Verdict run() {
        Verdict v;
        const Procedure& main = ps_->procs[0];
        Arg root;
        root.guard = tm_->mk_true();
        root.summary = tm_->mk_true();
        for (VarId r : main.returns)
            if (r == ps_->error_var) root.summary = is_zero(ps_->plain->vars[r].next);
        args_.push_back(root);
        queue_.push_back(0);
        candidates_.resize(ps_->procs.size());
        seen_candidates_.resize(ps_->procs.size());
        add_candidates(0, root.summary);
        std::size_t next_houdini = 8;
        while (!queue_.empty()) {
            if (houdini_ && stats_.refinements >= next_houdini) {
                next_houdini *= 2;
                if (std::optional<std::vector<Contract>> c = houdini(root.summary)) {
                    v.kind = VerdictKind::True;
                    v.reason = "procedure summaries kept by Houdini (" + std::to_string(args_.size()) + " ARGs)";
                    v.certificate.contracts = std::move(*c);
                    return v;
                }
            }
            if (budget_->exhausted()) {
                v.reason = std::string(budget_->timed_out() ? "timeout" : "memory limit") + " with " +
                           std::to_string(args_.size()) + " ARGs";
                return v;
            }
            if (args_.size() > max_args_) {
                v.reason = "the iARG reached " + std::to_string(max_args_) + " ARGs (--whale-max-args)";
                return v;
            }
            const std::uint32_t i = queue_.front();
            queue_.pop_front();
            queued_.erase(i);
            progress([&] {
                return std::to_string(args_.size()) + " ARGs, " + std::to_string(stats_.refinements) + " refinements";
            });
            if (!active(i) || trivial(i)) continue;
            if (!args_[i].expanded) expand(i);
            if (cover(i)) continue;
            switch (refine(i)) {
                case Refined::Safe:
                case Refined::Invalidated: break;
                case Refined::Counterexample:
                    v.kind = VerdictKind::False;
                    v.cex = std::move(cex_);
                    v.reason =
                        "an interprocedural execution reaches the error (" + std::to_string(args_.size()) + " ARGs)";
                    return v;
                case Refined::Unknown: v.reason = reason_; return v;
            }
        }
        v.kind = VerdictKind::True;
        v.reason = "procedure summaries (" + std::to_string(args_.size()) + " ARGs)";
        v.certificate.contracts = contracts();
        return v;
    }

    bool trivial(std::uint32_t i) const {
        return args_[i].summary == tm_->mk_true() || args_[i].guard == tm_->mk_false();
    }

    Term is_zero(Term t) const { return tm_->mk_eq(t, tm_->mk_numeral(0, smt::SortTable::Int)); }

    void enqueue(std::uint32_t i) {
        if (queued_.insert(i).second) queue_.push_back(i);
    }

    // Neither the ARG nor an ancestor is covered.
    bool active(std::uint32_t i) const {
        for (std::uint32_t a = i; a != kNone; a = args_[a].parent)
            if (args_[a].covered_by != kNone) return false;
        return true;
    }

    // EXPANDARG: the whole body at once, a new child ARG per call, or with merging per callee
    // (§6.6: "we merge ARGs of the same function"). fib(n-1) + fib(n-2) then unrolls into one
    // chain of ARGs instead of a binary tree, each refined and covered once.
    void expand(std::uint32_t i) {
        args_[i].expanded = true;
        encoding(i, 0);
        const Procedure& pr = ps_->procs[args_[i].proc];
        std::unordered_map<ProcId, std::uint32_t> by_callee;
        for (const ProcCall& c : pr.calls) {
            if (merge_) {
                if (auto it = by_callee.find(c.callee); it != by_callee.end()) {
                    args_[i].children.push_back(it->second);
                    ++stats_.merged_calls;
                    continue;
                }
            }
            Arg child;
            child.proc = c.callee;
            child.guard = tm_->mk_false();
            child.summary = tm_->mk_true();
            child.parent = i;
            const auto id = static_cast<std::uint32_t>(args_.size());
            by_callee.emplace(c.callee, id);
            args_[i].children.push_back(id);
            args_[i].distinct.push_back(id);
            args_.push_back(child);
        }
    }

    // The body encoding of occurrence n of ARG i in an activation tree (made on first use).
    const std::shared_ptr<const BodyEncoding>& encoding(std::uint32_t i, std::uint32_t n) {
        while (args_[i].enc.size() <= n) {
            const std::size_t o = args_[i].enc.size();
            const std::string tag = "#a" + std::to_string(i) + (o == 0 ? "" : "." + std::to_string(o));
            args_[i].enc.push_back(std::make_shared<const BodyEncoding>(encode_body(*ps_, args_[i].proc, tag)));
        }
        return args_[i].enc[n];
    }

    // Whether a ⊨ b over one procedure's interface (a fresh solver; unknown counts as no).
    bool implies(Term a, Term b) {
        if (a == b || b == tm_->mk_true() || a == tm_->mk_false()) return true;
        const std::uint64_t key = (std::uint64_t{a.id} << 32) | b.id;  // terms are hash-consed
        if (auto it = implied_.find(key); it != implied_.end()) return it->second;
        const bool r = check_implies(a, b);
        implied_.emplace(key, r);
        return r;
    }

    bool check_implies(Term a, Term b) {
        smt::Solver s(*tm_, checked_solver_options(s_, *budget_));
        OperatorRefinement ops(*tm_);
        const Term q[2] = {a, tm_->mk_not(b)};
        const Term f = tm_->mk_and(q);
        ops.scan(f);
        s.assert_formula(f);
        return exact_check(s, ops, {}, s_.operator_rounds).result == smt::Result::Unsat;
    }

    void uncover_covered_by(std::uint32_t j) {
        for (std::uint32_t l = 0; l < args_.size(); ++l)
            if (args_[l].covered_by == j) uncover(l);
    }

    // The ARG and its subtree are active again: ARGs skipped while inactive were never refined
    // against their current summaries, so the whole subtree is queued.
    void uncover(std::uint32_t l) {
        args_[l].covered_by = kNone;
        ++stats_.uncovers;
        std::vector<std::uint32_t> stack{l};
        while (!stack.empty()) {
            const std::uint32_t a = stack.back();
            stack.pop_back();
            enqueue(a);
            for (std::uint32_t c : args_[a].distinct)
                if (args_[c].covered_by == kNone) stack.push_back(c);
        }
    }

    // {G_j} f {S_j} ⊢ {G_i} f {S_i} by consequence: G_i ⊨ G_j and G_i ∧ S_j ⊨ S_i.
    bool entails(std::uint32_t j, std::uint32_t i) {
        if (!implies(args_[i].guard, args_[j].guard)) return false;
        const Term both[2] = {args_[i].guard, args_[j].summary};
        return implies(args_[i].guard == tm_->mk_true() ? args_[j].summary : tm_->mk_and(both), args_[i].summary);
    }

    // COVERARG: an earlier active, uncovered ARG of the same procedure whose contract entails ours.
    bool cover(std::uint32_t i) {
        for (std::uint32_t j = 0; j < i; ++j) {
            if (args_[j].proc != args_[i].proc || args_[j].covered_by != kNone || !active(j)) continue;
            if (!entails(j, i)) continue;
            // i and its subtree become inactive: what they covered needs another coverer (a
            // covering ARG must stay active, or the certificate would lack its summary).
            std::unordered_set<std::uint32_t> subtree;
            std::vector<std::uint32_t> stack{i};
            while (!stack.empty()) {
                const std::uint32_t a = stack.back();
                stack.pop_back();
                subtree.insert(a);
                for (std::uint32_t c : args_[a].distinct) stack.push_back(c);
            }
            for (std::uint32_t l = 0; l < args_.size(); ++l)
                if (args_[l].covered_by != kNone && subtree.count(args_[l].covered_by) && !subtree.count(l)) uncover(l);
            args_[i].covered_by = j;
            ++stats_.covers;
            return true;
        }
        return false;
    }

    // IARGCOND of ARG i as an activation tree. Activations are kept apart by their constants: the
    // n-th occurrence of an ARG in the tree (counted in `seen`, depth first) has the n-th encoding.
    // Without merging every ARG occurs once.
    std::unique_ptr<Activation> activate(std::uint32_t i, std::unordered_map<std::uint32_t, std::uint32_t>& seen) {
        auto a = std::make_unique<Activation>();
        a->arg = i;
        a->enc = encoding(i, seen[i]++);
        for (std::uint32_t k = 0; k < args_[i].children.size(); ++k) {
            const std::uint32_t c = args_[i].children[k];
            a->children.push_back(args_[c].expanded ? activate(c, seen) : nullptr);
        }
        return a;
    }

    // The formula of an activation, its calls bound to the children's formulas (nested).
    Term nested(const Activation& a) {
        std::vector<Term> conj{a.enc->formula};
        const Procedure& pr = ps_->procs[args_[a.arg].proc];
        for (std::uint32_t e = 0; e < pr.edges.size(); ++e) {
            if (pr.call[e] == kNoCall) continue;
            conj.push_back(tm_->mk_implies(a.enc->taken[e], call_binding(a, pr.call[e])));
        }
        return tm_->mk_and(conj);
    }

    // Call k of activation a: the callee's params and returns are the call's values, and the
    // callee's activation holds (false when it has none).
    Term call_binding(const Activation& a, std::uint32_t k) {
        const Activation* c = a.children[k].get();
        if (!c) return tm_->mk_false();
        std::vector<Term> conj;
        for (std::size_t j = 0; j < c->enc->params.size(); ++j)
            conj.push_back(tm_->mk_eq(c->enc->params[j], a.enc->call_args[k][j]));
        for (std::size_t j = 0; j < c->enc->returns.size(); ++j)
            conj.push_back(tm_->mk_eq(c->enc->returns[j], a.enc->call_results[k][j]));
        conj.push_back(nested(*c));
        return tm_->mk_and(conj);
    }

    Refined refine(std::uint32_t i) {
        ++stats_.refinements;
        const Procedure& pr = ps_->procs[args_[i].proc];
        std::unordered_map<std::uint32_t, std::uint32_t> seen;
        const std::unique_ptr<Activation> act = activate(i, seen);
        const std::size_t m = pr.calls.size();
        // Named argument values: a call's transition interpolant must speak of plain constants.
        std::vector<std::vector<Term>> argv(m);
        std::vector<Term> body{act->enc->formula,
                               instantiate_contract(*ps_, args_[i].proc, args_[i].guard, act->enc->params, {})};
        for (std::size_t k = 0; k < m; ++k)
            for (std::size_t j = 0; j < act->enc->call_args[k].size(); ++j) {
                const Term arg = tm_->mk_const(tm_->fresh_fun("arg#" + std::to_string(k) + "." + std::to_string(j), {},
                                                              tm_->sort(act->enc->call_args[k][j])));
                argv[k].push_back(arg);
                body.push_back(tm_->mk_eq(arg, act->enc->call_args[k][j]));
            }
        std::vector<Term> taken(m, tm_->mk_false());
        for (std::uint32_t e = 0; e < pr.edges.size(); ++e)
            if (pr.call[e] != kNoCall) taken[pr.call[e]] = act->enc->taken[e];
        std::vector<Term> phi{tm_->mk_and(body)};
        for (std::size_t k = 0; k < m; ++k) {
            const Activation* c = act->children[k].get();
            Term bind = tm_->mk_false();
            if (c) {
                std::vector<Term> conj;
                for (std::size_t j = 0; j < c->enc->params.size(); ++j)
                    conj.push_back(tm_->mk_eq(c->enc->params[j], argv[k][j]));
                for (std::size_t j = 0; j < c->enc->returns.size(); ++j)
                    conj.push_back(tm_->mk_eq(c->enc->returns[j], act->enc->call_results[k][j]));
                conj.push_back(nested(*c));
                bind = tm_->mk_and(conj);
            }
            phi.push_back(tm_->mk_implies(taken[k], bind));
        }
        phi.push_back(tm_->mk_not(
            instantiate_contract(*ps_, args_[i].proc, args_[i].summary, act->enc->params, act->enc->returns)));

        for (const bool cuts : {true, false}) {
            smt::SolverOptions so = checked_solver_options(s_, *budget_);
            so.produce_proofs = true;
            so.produce_interpolants = true;
            so.lia_cuts = cuts;
            smt::Solver s(*tm_, so);
            itp::PartitionMap part;
            std::vector<OperatorRefinement> ops;
            for (std::size_t k = 0; k < phi.size(); ++k) ops.emplace_back(*tm_);
            for (std::size_t k = 0; k < phi.size(); ++k) {
                ops[k].scan(phi[k]);
                part.assert_in(s, phi[k], static_cast<std::uint32_t>(k));
            }
            const auto t0 = base::Budget::Clock::now();
            const ExactCheck c =
                exact_check(s, ops, {}, s_.operator_rounds, [&](std::size_t g, smt::AssertionId id, Term) {
                    part.set(id, static_cast<std::uint32_t>(g));
                });
            stats_.solve_seconds += base::seconds_since(t0);
            if (c.result == smt::Result::Unknown) {
                reason_ = c.out_of_rounds ? "operator refinement budget in a refinement" : c.why(s);
                return Refined::Unknown;
            }
            if (c.result == smt::Result::Sat) {
                if (i == 0) {
                    counterexample(*act, s.model());
                    return Refined::Counterexample;
                }
                invalidate(i);
                return Refined::Invalidated;
            }
            const auto t1 = base::Budget::Clock::now();
            smt::SmtProof proof;
            try {
                proof = s.proof();
            } catch (const std::exception& e) {
                reason_ = std::string("no proof of a refinement query: ") + e.what();
                return Refined::Unknown;
            }
            const itp::InterpolationResult ir =
                itp::state_transition_interpolants(*tm_, proof, part, static_cast<std::uint32_t>(phi.size()), itp_);
            stats_.interpolation_seconds += base::seconds_since(t1);
            if (!ir.ok()) {
                if (cuts) continue;  // a cut lemma mixed partitions: solve again without cuts
                reason_ = "state/transition interpolation: " + ir.unknown_reason;
                return Refined::Unknown;
            }
            const itp::StateTransitionInterpolants st = itp::split_state_transition(ir.interpolants);
            const std::vector<std::uint32_t>& kids = args_[i].children;
            for (std::size_t k = 0; k < m; ++k) {
                const std::optional<Term> sum =
                    as_summary(pr.calls[k].callee, st.s[k], taken[k], argv[k], act->enc->call_results[k]);
                if (!sum) {
                    reason_ = "a transition interpolant mentions constants outside its call";
                    return Refined::Unknown;
                }
                const Term guard = as_guard(pr.calls[k].callee, st.g[k], taken[k], argv[k]);
                // A child shared by several calls learns each call's fact in that call's context
                // only, g_k → s_k (an Or, so that Houdini sees the atoms of s_k): s_k alone would ask
                // the child to show every call's fact in every call's context.
                const bool shared = std::count(kids.begin(), kids.end(), kids[k]) > 1;
                const Term either[2] = {tm_->mk_not(guard), *sum};
                strengthen(kids[k], guard, shared && guard != tm_->mk_true() ? tm_->mk_or(either) : *sum);
            }
            return Refined::Safe;
        }
        return Refined::Unknown;
    }

    // SUM(s_k): the call's flag true, its argument and result values renamed to the callee's
    // params (cur) and returns (next). Empty when other constants remain.
    std::optional<Term> as_summary(ProcId callee, Term s, Term taken, const std::vector<Term>& argv,
                                   const std::vector<Term>& results) {
        const Program& p = *ps_->plain;
        const Procedure& pr = ps_->procs[callee];
        std::unordered_map<Term, Term, smt::TermHash> subst;
        if (tm_->kind(taken) == smt::Kind::Const) subst[taken] = tm_->mk_true();
        for (std::size_t j = 0; j < argv.size(); ++j) subst[argv[j]] = p.vars[pr.params[j]].cur;
        for (std::size_t j = 0; j < results.size(); ++j) subst[results[j]] = p.vars[pr.returns[j]].next;
        const Term out = tm_->substitute(s, subst);
        // Every remaining constant must be an interface constant (or an operator symbol).
        std::unordered_set<Term, smt::TermHash> allowed, seen;
        for (VarId v : pr.params) allowed.insert(p.vars[v].cur);
        for (VarId v : pr.returns) allowed.insert(p.vars[v].next);
        std::vector<Term> stack{out};
        while (!stack.empty()) {
            const Term u = stack.back();
            stack.pop_back();
            if (!seen.insert(u).second) continue;
            if (tm_->kind(u) == smt::Kind::Const && !allowed.count(u)) return std::nullopt;
            for (Term c : tm_->children(u)) stack.push_back(c);
        }
        return out;
    }

    // GUARD(g_k) without quantifiers: the state interpolant before call k with the call's flag true,
    // cut to its conjuncts over the call's argument values (renamed to the callee's params). Only
    // conjuncts are dropped, so the guard is implied by ∃Q. g_k: every execution that reaches the
    // call satisfies it, which is all the caller's refinement needs.
    Term as_guard(ProcId callee, Term g, Term taken, const std::vector<Term>& argv) {
        const Program& p = *ps_->plain;
        const Procedure& pr = ps_->procs[callee];
        std::unordered_map<Term, Term, smt::TermHash> subst;
        if (tm_->kind(taken) == smt::Kind::Const) subst[taken] = tm_->mk_true();
        const Term flat = tm_->substitute(g, subst);
        subst.clear();
        for (std::size_t j = 0; j < argv.size(); ++j) subst[argv[j]] = p.vars[pr.params[j]].cur;
        std::vector<Term> kept, stack{flat};
        std::unordered_set<Term, smt::TermHash> seen;  // shared conjunctions once (a DAG)
        while (!stack.empty()) {
            const Term t = stack.back();
            stack.pop_back();
            if (!seen.insert(t).second) continue;
            if (tm_->kind(t) == smt::Kind::And) {
                for (Term c : tm_->children(t)) stack.push_back(c);
                continue;
            }
            if (only_over(t, subst)) kept.push_back(tm_->substitute(t, subst));
        }
        return tm_->mk_and(kept);
    }

    // Whether every constant of t is a key of `allowed`.
    bool only_over(Term t, const std::unordered_map<Term, Term, smt::TermHash>& allowed) const {
        std::unordered_set<Term, smt::TermHash> seen;
        std::vector<Term> stack{t};
        while (!stack.empty()) {
            const Term u = stack.back();
            stack.pop_back();
            if (!seen.insert(u).second) continue;
            if (tm_->kind(u) == smt::Kind::Const && !allowed.count(u)) return false;
            for (Term c : tm_->children(u)) stack.push_back(c);
        }
        return true;
    }

    // Every conjunct of a guessed summary is a Houdini candidate of its procedure, and so is every
    // atom under its connectives: a guess from a bounded unrolling is often "x <= 15 -> r = x"
    // where the atom r = x alone is inductive.
    void add_candidates(ProcId p, Term sum) {
        constexpr std::size_t kMaxCandidates = 400;
        auto add = [&](Term t) {
            if (t != tm_->mk_true() && candidates_[p].size() < kMaxCandidates && seen_candidates_[p].insert(t).second)
                candidates_[p].push_back(t);
        };
        // Summaries are DAGs (simplification shares subterms): each node is visited once, or the
        // walk is exponential in the sharing depth.
        std::vector<Term> stack{sum};
        std::unordered_set<Term, smt::TermHash> visited;
        while (!stack.empty()) {
            const Term t = stack.back();
            stack.pop_back();
            if (!visited.insert(t).second) continue;
            const smt::Kind k = tm_->kind(t);
            if (k == smt::Kind::And || k == smt::Kind::Or || k == smt::Kind::Not) {
                if (k == smt::Kind::And && t != sum) add(t);
                if (k == smt::Kind::Or) add(t);
                for (Term c : tm_->children(t)) stack.push_back(c);
            } else if (tm_->is_bool(t)) {
                add(t);
                add(tm_->mk_not(t));
            }
        }
        if (tm_->kind(sum) != smt::Kind::And) add(sum);
    }

    // Houdini over the candidates; contracts when the kept facts of main imply main's summary.
    std::optional<std::vector<Contract>> houdini(Term goal) {
        ++stats_.houdini_runs;
        const SummaryHoudiniResult h = summary_houdini(*ps_, candidates_, checked_solver_options(s_, *budget_));
        stats_.houdini_queries += h.queries;
        if (!implies(tm_->mk_and(h.kept[0]), goal)) return std::nullopt;
        std::vector<Contract> out;
        for (const auto& k : h.kept) out.push_back(Contract{tm_->mk_true(), tm_->mk_and(k)});
        return out;
    }

    // The child must justify the new conjunct in the new context: its guard grows by the context
    // (a disjunction: every earlier caller's context stays in it, so their refinements stay
    // justified), its summary is strengthened, and it is queued.
    void strengthen(std::uint32_t c, Term guard, Term sum) {
        add_candidates(args_[c].proc, sum);
        bool changed = false;
        if (!implies(guard, args_[c].guard)) {
            const Term either[2] = {args_[c].guard, guard};
            args_[c].guard = itp::simplify_interpolant(*tm_, tm_->mk_or(either), 2, 20000);
            changed = true;
        }
        if (!implies(args_[c].summary, sum)) {
            const Term both[2] = {args_[c].summary, sum};
            // As impact's and ufo's labels: constant propagation and bound subsumption.
            args_[c].summary = itp::simplify_interpolant(*tm_, tm_->mk_and(both), 2, 20000);
            ++stats_.summaries;
            changed = true;
        }
        if (!changed) return;
        // A covered child stays covered only while its coverer's contract entails the new one.
        if (args_[c].covered_by != kNone && !entails(args_[c].covered_by, c)) uncover(c);
        enqueue(c);
    }

    // REFINEARG's Sat case below the root: the guessed summary is wrong for the deeper unrolling.
    void invalidate(std::uint32_t i) {
        ++stats_.invalidations;
        args_[i].guard = tm_->mk_false();
        args_[i].summary = tm_->mk_true();
        uncover_covered_by(i);
        enqueue(args_[i].parent);
    }

    // The interprocedural execution of a model: the plain edges in execution order, a call's
    // edges before the caller's next edge.
    void counterexample(const Activation& root, const smt::Model& model) {
        std::vector<EdgeId> path;
        std::vector<AuxRenaming> renamed;
        walk(root, model, path, renamed);
        cex_ = block_path_counterexample(*ps_->plain, path, renamed, model);
    }

    void walk(const Activation& a, const smt::Model& model, std::vector<EdgeId>& path,
              std::vector<AuxRenaming>& renamed) {
        const Procedure& pr = ps_->procs[args_[a.arg].proc];
        std::uint32_t at = pr.entry;
        while (at != pr.exit) {
            std::uint32_t next = kNone;
            for (std::uint32_t e = 0; e < pr.edges.size() && next == kNone; ++e) {
                if (pr.edges[e].src != at || tm_->kind(a.enc->taken[e]) != smt::Kind::Const) continue;
                if (!model.evaluate(a.enc->taken[e]).b) continue;
                next = e;
            }
            if (next == kNone) throw smt::CheckFailure("whale: a model without a path through " + pr.name);
            if (pr.call[next] != kNoCall) {
                const Activation* c = a.children[pr.call[next]].get();
                if (!c) throw smt::CheckFailure("whale: a model through a call without executions");
                walk(*c, model, path, renamed);
            } else if (pr.plain_edge[next] != UINT32_MAX) {
                path.push_back(pr.plain_edge[next]);
                renamed.push_back(a.enc->aux[next]);
            }
            at = pr.edges[next].dst;
        }
    }

    // Per procedure the contract of all its active ARGs together: guard ∨ G_j, summary ∧ (G_j → S_j).
    std::vector<Contract> contracts() const {
        std::vector<std::vector<Term>> guards(ps_->procs.size()), sums(ps_->procs.size());
        for (std::uint32_t i = 0; i < args_.size(); ++i) {
            if (!active(i) || trivial(i)) continue;
            guards[args_[i].proc].push_back(args_[i].guard);
            sums[args_[i].proc].push_back(args_[i].guard == tm_->mk_true()
                                              ? args_[i].summary
                                              : tm_->mk_implies(args_[i].guard, args_[i].summary));
        }
        std::vector<Contract> out;
        for (std::size_t p = 0; p < guards.size(); ++p)
            out.push_back(Contract{p == 0 ? tm_->mk_true() : tm_->mk_or(guards[p]), tm_->mk_and(sums[p])});
        return out;
    }

    EngineSettings s_;
    itp::ItpOptions itp_;
    std::size_t max_args_;
    bool houdini_;
    bool merge_;  // --whale-merge: the calls of one body to the same callee share one child ARG
    std::vector<std::vector<Term>> candidates_;  // per procedure: every guessed summary conjunct
    std::vector<std::unordered_set<Term, smt::TermHash>> seen_candidates_;
    const Procedures* ps_ = nullptr;
    const base::Budget* budget_ = nullptr;
    smt::TermManager* tm_ = nullptr;
    std::vector<Arg> args_;
    std::deque<std::uint32_t> queue_;
    std::unordered_set<std::uint32_t> queued_;
    std::unordered_map<std::uint64_t, bool> implied_;  // implies(a, b) by (a.id, b.id); unknown is false
    WhaleStats stats_;
    Counterexample cex_;
    std::string reason_;
};

std::unique_ptr<ProceduralEngine> make_whale(const EngineSettings& s) { return std::make_unique<Whale>(s); }

}  // namespace

std::vector<Contract> whale_summaries(const Procedures& ps, const EngineSettings& settings, const base::Budget& budget,
                                      double search_seconds, double houdini_seconds,
                                      std::vector<std::vector<smt::Term>> extra) {
    return Whale(settings).infer(ps, budget, search_seconds, houdini_seconds, extra);
}

const EngineInfo& whale_engine() {
    static const EngineInfo info{
        "whale",
        "WHALE (Albarghouthi et al., VMCAI 2012): procedures as procedures, summaries guessed from "
        "state/transition interpolants of an unrolled call graph, covering by summary implication",
        kWhaleOptions, nullptr, make_whale, {}};
    return info;
}

}  // namespace craig::verifier
