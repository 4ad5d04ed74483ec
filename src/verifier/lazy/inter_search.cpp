#include "verifier/lazy/inter_search.hpp"

#include "verifier/lazy/labelled_dfs.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "base/stopwatch.hpp"
#include "itp/simplify.hpp"
#include "smt/solver.hpp"
#include "verifier/encoding/block_path.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/lazy/annotation.hpp"
#include "verifier/lazy/inter_strengthen.hpp"
#include "verifier/lazy/labelled_dfs.hpp"
#include "verifier/lazy/learning_query.hpp"

namespace craig::verifier {

namespace {

using smt::Term;
using Clock = std::chrono::steady_clock;

constexpr int kSimplifyLevel = 2;  // as IntraLA's labels
constexpr std::uint32_t kNone = UINT32_MAX;
constexpr std::uint32_t kEntry = UINT32_MAX - 1;   // via of an activation's entry frame
constexpr std::uint32_t kReturn = UINT32_MAX - 2;  // via of a caller's frame after a return

// Strongly connected components of the call graph (Tarjan): a call inside one is recursive
// (a loop's tail call included) and decrements τ.
std::vector<std::uint32_t> call_sccs(const Procedures& ps) {
    const std::size_t n = ps.procs.size();
    std::vector<std::uint32_t> index(n, kNone), low(n, 0), comp(n, kNone);
    std::vector<char> on(n, 0);
    std::vector<std::uint32_t> st;
    std::uint32_t counter = 0, comps = 0;
    std::function<void(std::uint32_t)> visit = [&](std::uint32_t v) {
        index[v] = low[v] = counter++;
        st.push_back(v);
        on[v] = 1;
        for (const ProcCall& c : ps.procs[v].calls) {
            const std::uint32_t w = c.callee;
            if (index[w] == kNone) {
                visit(w);
                low[v] = std::min(low[v], low[w]);
            } else if (on[w]) {
                low[v] = std::min(low[v], index[w]);
            }
        }
        if (low[v] != index[v]) return;
        for (;;) {
            const std::uint32_t w = st.back();
            st.pop_back();
            on[w] = 0;
            comp[w] = comps;
            if (w == v) break;
        }
        ++comps;
    };
    for (std::uint32_t v = 0; v < n; ++v)
        if (index[v] == kNone) visit(v);
    return comp;
}

class InterSearch {
public:
    InterSearch(const Procedures& ps, const LazyOptions& o, const base::Budget& budget, const LazyProgress& progress);
    InterOutcome run();

private:
    struct Frame {
        std::uint32_t act = 0;             // the activation (index into acts_)
        std::uint32_t loc = 0;             // a local location of its procedure
        std::uint32_t via = 0;             // the procedure edge into it, kEntry or kReturn
        std::uint32_t next = 0;            // the next out-edge to try (at a callee's exit: 1 once returned)
        std::uint32_t parts = 0;           // its out-edges' blocking labels start here in blocking_
        std::vector<Term> state;           // parallel to the procedure's vars
        Term step;                         // asserted in the frame's scope (the root: τ's start)
        std::uint32_t plain_edge = kNone;  // the plain edge taken into it (counterexamples)
        AuxRenaming renamed;
    };
    struct Activation {
        ProcId proc = 0;
        long long tau = 0;
        Term tau_c;              // τ's constant in this activation
        std::vector<Term> exit;  // x_k, parallel to the procedure's returns
        std::uint32_t call_frame = kNone, call_edge = kNone, parent = kNone;
        // The first element of Bad_k: ¬A(l3)(w, x_{k-1}) (main: Bad_0), for A(l3) = chain_key.
        Term chain_key, chain;
    };
    using Round = DfsEnd;  // how a round's search ended
    struct Learned {
        smt::Result result = smt::Result::Unknown;
        std::string why;
        Term label;
    };

    smt::SolverOptions solver_options() const { return checked_solver_options(o_, budget_); }
    std::uint32_t gloc(ProcId p, std::uint32_t l) const { return loc_base_[p] + l; }
    std::uint32_t gedge(ProcId p, std::uint32_t e) const { return edge_base_[p] + e; }
    Term fresh(VarId v, const std::string& tag) const {
        return tm_.mk_const(tm_.fresh_fun(plain_.vars[v].name + tag, {}, var_sort(tm_, plain_.vars[v])));
    }
    Term fresh_tau(const std::string& tag) const {
        return tm_.mk_const(tm_.fresh_fun("tau" + tag, {}, smt::SortTable::Int));
    }
    Term num(long long v) const { return tm_.mk_numeral(static_cast<long>(v), smt::SortTable::Int); }
    std::size_t pos(ProcId p, VarId v) const { return pos_[p].at(v); }

    // A label of procedure p over (state, exit, τ) instead of (cur, exit constants, τ).
    Term inst(ProcId p, Term phi, std::span<const Term> state, std::span<const Term> exit, Term tau) const;
    // ¬A(l) of procedure p at (state, exit, τ): I_R at the exit, true without labels.
    Term not_at(ProcId p, std::uint32_t l, std::span<const Term> state, std::span<const Term> exit, Term tau) const;
    // An interpolant over (state, exit, τ) of procedure p back to a label; nullopt for others.
    std::optional<Term> to_label(ProcId p, std::span<const Term> state, std::span<const Term> exit, Term tau,
                                 Term f) const;
    Term bad0(std::span<const Term> exit) const;
    // Bad_k as conjuncts (activation k's, its caller's, ..., main's).
    void chain(std::uint32_t k, std::vector<Term>& out);
    bool blocked_by(const Frame& f, Term phi);
    bool open(const Frame& child);
    Frame step_child(const Frame& f, std::uint32_t e, const std::string& tag) const;
    Frame call_child(std::uint32_t e, const std::string& tag);
    enum class Return { Pushed, Blocked, Reached, Unknown };
    Return try_return();
    Term blocking_label(const Frame& f, std::uint32_t e);
    // The exact query for the top frame's edge e into `child`: (χ ∧ Bad, Sem(e) ∧ ¬A(l2)).
    Learned query(std::uint32_t e, const Frame& child, bool learn, bool goal);
    Round search(unsigned tau0);
    // The steps of labelled_dfs (labelled_dfs.hpp states what each does); public for it (the
    // class is this file's own).
public:
    bool interrupted() const { return budget_.exhausted(); }
    void report() const;
    bool at_exit(const Frame& f) const;
    Move visit(Frame& f);
    bool exhausted(const Frame& f) const;
    void conjoin(const Frame& f, std::span<const Term> parts);
    void pop_scope() { search_->pop(); }
    Move learn_back(Frame&& done);
    Move expand(Frame& f);

private:
    bool strengthen();

    const Procedures& ps_;
    const Program& plain_;
    smt::TermManager& tm_;
    LazyOptions o_;
    base::Budget budget_;
    const LazyProgress& progress_;
    std::vector<std::uint32_t> loc_base_, edge_base_;
    std::vector<std::unordered_map<VarId, std::size_t>> pos_;
    std::vector<std::vector<std::vector<std::uint32_t>>> outs_;  // per procedure and location
    std::vector<std::vector<std::uint8_t>> decrement_;           // per procedure edge: 1 on recursive calls
    std::vector<Term> exit_;                                     // per plain variable: its exit constant
    Term tau_;
    std::vector<std::unordered_set<Term, smt::TermHash>> allowed_;  // per procedure: a label's constants
    std::uint32_t error_pos_ = kNone;                               // the error flag among main's returns
    Annotation annotation_;
    std::unique_ptr<smt::Solver> search_;
    std::vector<Frame> stack_;
    std::vector<Activation> acts_;
    std::vector<Term> blocking_;
    std::vector<Term> assume_;
    unsigned tau0_ = 0;
    std::string tag_;         // the round's prefix of fresh names
    std::size_t serial_ = 0;  // names of fresh constants
    bool cut_ = false;
    std::string why_;
    InterOutcome out_;
};

std::uint32_t count_locations(const Procedures& ps) {
    std::uint32_t n = 0;
    for (const Procedure& p : ps.procs) n += p.num_locs;
    return n;
}

std::uint32_t count_edges(const Procedures& ps) {
    std::uint32_t n = 0;
    for (const Procedure& p : ps.procs) n += static_cast<std::uint32_t>(p.edges.size());
    return n;
}

InterSearch::InterSearch(const Procedures& ps, const LazyOptions& o, const base::Budget& budget,
                         const LazyProgress& progress)
    : ps_(ps),
      plain_(*ps.plain),
      tm_(ps.plain->terms()),
      o_(o),
      budget_(budget),
      progress_(progress),
      annotation_(tm_, count_locations(ps), count_edges(ps), checked_solver_options(o, budget)) {
    const std::vector<std::uint32_t> scc = call_sccs(ps);
    exit_.resize(plain_.vars.size());
    tau_ = fresh_tau("");
    std::uint32_t locs = 0, edges = 0;
    for (ProcId p = 0; p < ps.procs.size(); ++p) {
        const Procedure& pr = ps.procs[p];
        loc_base_.push_back(locs);
        edge_base_.push_back(edges);
        locs += pr.num_locs;
        edges += static_cast<std::uint32_t>(pr.edges.size());
        pos_.emplace_back();
        for (std::size_t j = 0; j < pr.vars.size(); ++j) pos_[p][pr.vars[j]] = j;
        outs_.emplace_back(pr.num_locs);
        decrement_.emplace_back(pr.edges.size(), 0);
        for (std::uint32_t e = 0; e < pr.edges.size(); ++e) {
            outs_[p][pr.edges[e].src].push_back(e);
            if (pr.call[e] != kNoCall && scc[pr.calls[pr.call[e]].callee] == scc[p]) decrement_[p][e] = 1;
        }
        allowed_.emplace_back();
        for (VarId v : pr.vars) allowed_[p].insert(plain_.vars[v].cur);
        for (VarId r : pr.returns) {
            if (!exit_[r].valid()) exit_[r] = fresh(r, "@exit");
            allowed_[p].insert(exit_[r]);
        }
        allowed_[p].insert(tau_);
    }
    const Procedure& main = ps.procs[0];
    for (std::uint32_t j = 0; j < main.returns.size(); ++j)
        if (main.returns[j] == ps.error_var) error_pos_ = j;
}

Term InterSearch::inst(ProcId p, Term phi, std::span<const Term> state, std::span<const Term> exit, Term tau) const {
    const Procedure& pr = ps_.procs[p];
    AuxRenaming m;
    for (std::size_t j = 0; j < pr.vars.size(); ++j) m[plain_.vars[pr.vars[j]].cur] = state[j];
    for (std::size_t j = 0; j < pr.returns.size(); ++j) m[exit_[pr.returns[j]]] = exit[j];
    m[tau_] = tau;
    return tm_.substitute(phi, m);
}

Term InterSearch::not_at(ProcId p, std::uint32_t l, std::span<const Term> state, std::span<const Term> exit,
                         Term tau) const {
    const Procedure& pr = ps_.procs[p];
    if (l == pr.exit) {
        std::vector<Term> same;
        for (std::size_t j = 0; j < pr.returns.size(); ++j)
            same.push_back(tm_.mk_eq(exit[j], state[pos(p, pr.returns[j])]));
        return tm_.mk_and(same);
    }
    if (annotation_.location_labels(gloc(p, l)).empty()) return tm_.mk_true();
    return tm_.mk_not(inst(p, annotation_.at(gloc(p, l)), state, exit, tau));
}

std::optional<Term> InterSearch::to_label(ProcId p, std::span<const Term> state, std::span<const Term> exit, Term tau,
                                          Term f) const {
    const Procedure& pr = ps_.procs[p];
    AuxRenaming back;
    for (std::size_t j = 0; j < pr.vars.size(); ++j) back[state[j]] = plain_.vars[pr.vars[j]].cur;
    for (std::size_t j = 0; j < pr.returns.size(); ++j) back[exit[j]] = exit_[pr.returns[j]];
    back[tau] = tau_;
    const Term r = tm_.substitute(f, back);
    std::vector<Term> todo{r};
    std::unordered_set<Term, smt::TermHash> seen;
    while (!todo.empty()) {
        const Term t = todo.back();
        todo.pop_back();
        if (!seen.insert(t).second) continue;
        if (tm_.kind(t) == smt::Kind::Const && !allowed_[p].count(t)) return std::nullopt;
        for (Term c : tm_.children(t)) todo.push_back(c);
    }
    return r;
}

Term InterSearch::bad0(std::span<const Term> exit) const {
    if (error_pos_ == kNone) return tm_.mk_false();  // no error reaches main's exit
    return tm_.mk_not(tm_.mk_eq(exit[error_pos_], num(0)));
}

void InterSearch::chain(std::uint32_t k, std::vector<Term>& out) {
    for (;;) {
        Activation& a = acts_[k];
        if (a.parent == kNone) {
            out.push_back(a.chain);
            return;
        }
        const Activation& pa = acts_[a.parent];
        const Procedure& cp = ps_.procs[pa.proc];
        const std::uint32_t l3 = cp.edges[a.call_edge].dst;
        const Term key = l3 == cp.exit ? tm_.mk_true() : annotation_.at(gloc(pa.proc, l3));
        if (!a.chain.valid() || a.chain_key != key) {
            std::vector<Term> w = stack_[a.call_frame].state;
            const ProcCall& c = cp.calls[cp.call[a.call_edge]];
            for (std::size_t j = 0; j < c.results.size(); ++j) w[pos(pa.proc, c.results[j])] = a.exit[j];
            a.chain = not_at(pa.proc, l3, w, pa.exit, pa.tau_c);
            a.chain_key = key;
        }
        out.push_back(a.chain);
        k = a.parent;
    }
}

bool InterSearch::blocked_by(const Frame& f, Term phi) {
    if (phi == tm_.mk_true()) return true;
    if (phi == tm_.mk_false()) return false;
    ++out_.stats.queries;
    const Activation& a = acts_[f.act];
    assume_.clear();
    chain(f.act, assume_);
    assume_.push_back(tm_.mk_not(inst(a.proc, phi, f.state, a.exit, a.tau_c)));
    return search_->check(assume_) == smt::Result::Unsat;
}

bool InterSearch::open(const Frame& child) {
    ++out_.stats.queries;
    const Activation& a = acts_[child.act];
    assume_.clear();
    chain(child.act, assume_);
    const Term n = not_at(a.proc, child.loc, child.state, a.exit, a.tau_c);
    if (n != tm_.mk_true()) assume_.push_back(n);
    // Unknown counts as satisfiable: exploring a state is always sound.
    return search_->check(assume_) != smt::Result::Unsat;
}

InterSearch::Frame InterSearch::step_child(const Frame& f, std::uint32_t e, const std::string& tag) const {
    const ProcId p = acts_[f.act].proc;
    const Procedure& pr = ps_.procs[p];
    const Edge& edge = pr.edges[e];
    Frame c;
    c.act = f.act;
    c.loc = edge.dst;
    c.via = e;
    c.state = f.state;
    for (VarId w : edge.writes) c.state[pos(p, w)] = fresh(w, tag);
    AuxRenaming m;
    for (std::size_t j = 0; j < pr.vars.size(); ++j) m[plain_.vars[pr.vars[j]].cur] = f.state[j];
    for (VarId w : edge.writes) m[plain_.vars[w].next] = c.state[pos(p, w)];
    for (Term a : edge.aux) {
        const auto& decl = tm_.func(tm_.func_of(a));
        const Term x = tm_.mk_const(tm_.fresh_fun(decl.name + tag, {}, decl.range));
        m[a] = x;
        c.renamed[a] = x;
    }
    c.step = tm_.substitute(edge.formula, m);
    c.plain_edge = pr.plain_edge[e];
    return c;
}

InterSearch::Frame InterSearch::call_child(std::uint32_t e, const std::string& tag) {
    const Frame& f = stack_.back();
    const Activation& a = acts_[f.act];
    const Procedure& pr = ps_.procs[a.proc];
    const ProcCall& call = pr.calls[pr.call[e]];
    const Procedure& callee = ps_.procs[call.callee];
    Activation n;
    n.proc = call.callee;
    n.tau = a.tau - decrement_[a.proc][e];
    n.tau_c = fresh_tau(tag);
    for (VarId r : callee.returns) n.exit.push_back(fresh(r, tag + "x"));
    n.call_frame = static_cast<std::uint32_t>(stack_.size() - 1);
    n.call_edge = e;
    n.parent = f.act;
    Frame c;
    c.act = static_cast<std::uint32_t>(acts_.size());
    c.loc = callee.entry;
    c.via = kEntry;
    for (VarId v : callee.vars) c.state.push_back(fresh(v, tag));
    AuxRenaming m;
    for (std::size_t j = 0; j < pr.vars.size(); ++j) m[plain_.vars[pr.vars[j]].cur] = f.state[j];
    std::vector<Term> bind{tm_.mk_eq(n.tau_c, tm_.mk_sub(a.tau_c, num(decrement_[a.proc][e])))};
    for (std::size_t j = 0; j < callee.params.size(); ++j)
        bind.push_back(tm_.mk_eq(c.state[pos(call.callee, callee.params[j])], tm_.substitute(call.args[j], m)));
    c.step = tm_.mk_and(bind);
    acts_.push_back(std::move(n));
    return c;
}

// DECIDEC's second half: from a callee's exit (the top frame) to the caller's return location,
// results bound to the exit values; nothing pushed when the caller's state is blocked. A return
// to main's exit (a tail call, as of a loop's procedure) is the goal: checked exactly.
InterSearch::Return InterSearch::try_return() {
    const Frame& f = stack_.back();
    const Activation& a = acts_[f.act];
    const Procedure& callee = ps_.procs[a.proc];
    const Activation& pa = acts_[a.parent];
    const Procedure& pr = ps_.procs[pa.proc];
    const Frame& f1 = stack_[a.call_frame];
    const ProcCall& call = pr.calls[pr.call[a.call_edge]];
    Frame c;
    c.act = a.parent;
    c.loc = pr.edges[a.call_edge].dst;
    c.via = kReturn;
    c.state = f1.state;
    const std::string tag = "@r" + std::to_string(++serial_);
    std::vector<Term> bind;
    for (std::size_t j = 0; j < call.results.size(); ++j) {
        const Term r = fresh(call.results[j], tag);
        c.state[pos(pa.proc, call.results[j])] = r;
        bind.push_back(tm_.mk_eq(r, f.state[pos(a.proc, callee.returns[j])]));
    }
    c.step = tm_.mk_and(bind);
    search_->push();
    search_->assert_formula(c.step);
    ++out_.inter.returns;
    if (!open(c)) {
        search_->pop();
        return Return::Blocked;
    }
    if (c.act == 0 && c.loc == ps_.procs[0].exit) {
        const Learned r = query(kNone, c, false, true);
        search_->pop();
        if (r.result == smt::Result::Sat) return Return::Reached;
        if (r.result == smt::Result::Unknown) {
            why_ = r.why;
            return Return::Unknown;
        }
        return Return::Blocked;
    }
    c.parts = static_cast<std::uint32_t>(blocking_.size());
    stack_.push_back(std::move(c));
    return Return::Pushed;
}

Term InterSearch::blocking_label(const Frame& f, std::uint32_t e) {
    const std::span<const Term> labels = annotation_.edge_labels(gedge(acts_[f.act].proc, e));
    if (labels.size() > 1)
        for (std::size_t i = labels.size(); i-- > 0;)
            if (blocked_by(f, labels[i])) return labels[i];
    return annotation_.on(gedge(acts_[f.act].proc, e));
}

InterSearch::Learned InterSearch::query(std::uint32_t e, const Frame& child, bool learn, bool goal) {
    const auto t0 = Clock::now();
    ++out_.stats.exact_queries;
    const Frame& top = stack_.back();
    const Activation& a = acts_[top.act];
    std::vector<Term> a_part, b_part;
    for (const Frame& f : stack_) a_part.push_back(f.step);
    std::vector<Term> parent_chain, child_chain;
    const bool ret = child.via == kReturn;  // a return to main's exit: only checked, never learned on
    chain(ret ? child.act : top.act, parent_chain);
    a_part.insert(a_part.end(), parent_chain.begin(), parent_chain.end());
    b_part.push_back(child.step);
    const Activation& ca = acts_[child.act];
    if (!ret && child.act != top.act) {  // a call: the callee's entry and the caller's continuation
        chain(child.act, child_chain);
        b_part.push_back(child_chain.front());
        // Not τ_c >= 0 (the implicit τ < 0 label of the callee's entry): the labels hold for every
        // smaller τ, so B needs no lower bound, and one would put τ >= τ0 into the interpolant.
    }
    const Term n = not_at(ca.proc, child.loc, child.state, ca.exit, ca.tau_c);
    if (n != tm_.mk_true()) b_part.push_back(n);
    // A label that holds whatever τ is comes first: B with a fresh τ' for this activation's τ
    // (B for some τ') against A as it is. Unsat: the interpolant does not mention τ (τ' is
    // B-local, τ's constant only in A), so it is justified for every τ, which a label such as
    // "n - i > 99 ∧ τ <= 1" (no exit within τ calls; what the time to live alone blocks) is not;
    // Strengthen keeps the former and drops the latter at τ = 0.
    LearningQuery q;
    bool tau_free = false, asked = false;
    if (o_.tau_free_first && learn && !goal && !ret) {
        const AuxRenaming other_tau{{a.tau_c, fresh_tau("@any" + std::to_string(++serial_))}};
        std::vector<Term> b_any;
        for (Term f : b_part) b_any.push_back(tm_.substitute(f, other_tau));
        q = learning_query(tm_, a_part, b_any, true, o_, budget_);
        out_.stats.operator_instances += q.instances;
        tau_free = q.result == smt::Result::Unsat;
        if (tau_free) ++out_.inter.tau_free_labels;
        // B without τ: the query just asked was the query itself.
        if (!tau_free && b_any == b_part) asked = true;
    }
    if (!tau_free && !asked) q = learning_query(tm_, a_part, b_part, learn, o_, budget_);
    out_.stats.operator_instances += q.instances;
    Learned r;
    r.result = q.result;
    r.why = q.why;
    if (q.result == smt::Result::Sat && goal) {
        std::vector<EdgeId> path;
        std::vector<AuxRenaming> renamed;
        for (std::size_t k = 1; k < stack_.size(); ++k)
            if (stack_[k].plain_edge != kNone) {
                path.push_back(stack_[k].plain_edge);
                renamed.push_back(stack_[k].renamed);
            }
        if (child.plain_edge != kNone) {
            path.push_back(child.plain_edge);
            renamed.push_back(child.renamed);
        }
        out_.cex = block_path_counterexample(plain_, path, renamed, *q.model);
    }
    if (q.result == smt::Result::Unsat && learn) {
        const std::optional<Term> phi = to_label(a.proc, top.state, a.exit, a.tau_c, q.interpolant);
        if (!phi) {
            r.result = smt::Result::Unknown;
            r.why = "an interpolant has symbols other than the procedure's state and exit";
        } else {
            annotation_.add_edge(gedge(a.proc, e), *phi);
            r.label = *phi;
            ++out_.stats.learned_edge_labels;
            if (child.act != top.act) ++out_.inter.call_labels;
        }
    }
    out_.stats.learn_seconds += base::seconds_since(t0);
    return r;
}

InterSearch::Round InterSearch::search(unsigned tau0) {
    tau0_ = tau0;
    cut_ = false;
    search_ = std::make_unique<smt::Solver>(tm_, solver_options());
    stack_.clear();
    acts_.clear();
    blocking_.clear();
    const std::string tag = "@i" + std::to_string(tau0) + "_";
    const Procedure& main = ps_.procs[0];
    Activation m;
    m.proc = 0;
    m.tau = tau0;
    m.tau_c = fresh_tau(tag + "0");
    for (VarId r : main.returns) m.exit.push_back(fresh(r, tag + "x0"));
    m.chain = bad0(m.exit);
    Frame root;
    root.act = 0;
    root.loc = main.entry;
    root.via = kNone;
    for (VarId v : main.vars) root.state.push_back(fresh(v, tag + "0"));
    // τ's start as two bounds, not an equation: an interpolant then says τ <= τ0 where only the
    // upper bound matters (a label true for every smaller τ, as a time to live's labels are), and
    // Strengthen's τ := 0 keeps it, where (= τ τ0) would turn it into false.
    root.step = tm_.mk_and(tm_.mk_leq(m.tau_c, num(tau0)), tm_.mk_geq(m.tau_c, num(tau0)));
    acts_.push_back(std::move(m));
    search_->assert_formula(root.step);
    stack_.push_back(std::move(root));
    if (blocked_by(stack_.back(), annotation_.at(gloc(0, main.entry)))) return Round::Done;
    {
        assume_.clear();
        chain(0, assume_);
        if (search_->check(assume_) == smt::Result::Unsat) return Round::Done;  // Bad_0 is false
    }
    tag_ = tag;
    return labelled_dfs(*this, stack_, blocking_, out_.stats.backtracks);
}

// The steps of the search loop (labelled_dfs.hpp).

void InterSearch::report() const {
    if (progress_)
        progress_([&] {
            return "tau0 " + std::to_string(tau0_) + ", " + std::to_string(out_.stats.decisions) + " decisions, " +
                   std::to_string(out_.stats.backtracks) + " backtracks, depth " + std::to_string(stack_.size()) +
                   ", " + std::to_string(acts_.size()) + " activations, " +
                   std::to_string(annotation_.location_label_count()) + " location labels";
        });
}

bool InterSearch::at_exit(const Frame& f) const { return f.loc == ps_.procs[acts_[f.act].proc].exit; }

Move InterSearch::visit(Frame& f) {
    if (!at_exit(f) || f.next != 0) return Move::Go;
    f.next = 1;  // a callee's exit (main's exit is never a frame): return
    switch (try_return()) {
        case Return::Pushed: return Move::Pushed;
        case Return::Blocked: return Move::Again;
        case Return::Reached: out_.reached = true; return Move::Stopped;
        case Return::Unknown: return Move::Unknown;
    }
    return Move::Unknown;
}

bool InterSearch::exhausted(const Frame& f) const {
    return at_exit(f) || f.next == outs_[acts_[f.act].proc][f.loc].size();
}

void InterSearch::conjoin(const Frame& f, std::span<const Term> parts) {
    // CONJOIN (the exit keeps its fixed label ¬I_R).
    if (!at_exit(f) && annotation_.add_location(gloc(acts_[f.act].proc, f.loc), tm_.mk_and(parts)))
        ++out_.stats.learned_location_labels;
}

Move InterSearch::learn_back(Frame&& done) {
    if (done.via == kReturn) return Move::Again;  // the callee's exit below sees its return blocked
    // LEARN (LEARNC for an activation's entry) on the edge of the frame below.
    const std::uint32_t e = done.via == kEntry ? acts_[done.act].call_edge : done.via;
    const Learned r = query(e, done, true, false);
    if (done.via == kEntry) acts_.pop_back();
    if (r.result != smt::Result::Unsat) {
        why_ = r.result == smt::Result::Sat ? "internal: a blocked state has an execution to the error" : r.why;
        return Move::Unknown;
    }
    blocking_.push_back(r.label);
    return Move::Next;
}

Move InterSearch::expand(Frame& f) {
    const ProcId p = acts_[f.act].proc;
    const Procedure& pr = ps_.procs[p];
    const std::uint32_t e = outs_[p][f.loc][f.next];
    const long long d = decrement_[p][e];
    if (acts_[f.act].tau < d) {  // blocked by τ < d(e)
        cut_ = true;
        blocking_.push_back(tm_.mk_lt(tau_, num(d)));
        return Move::Next;
    }
    const bool is_call = pr.call[e] != kNoCall;
    if (!annotation_.edge_labels(gedge(p, e)).empty() && blocked_by(f, annotation_.on(gedge(p, e)))) {
        if (is_call) ++out_.inter.summary_reuses;
        blocking_.push_back(blocking_label(f, e));
        return Move::Next;
    }
    const std::string tag_e = tag_ + std::to_string(++serial_);
    Frame child = is_call ? call_child(e, tag_e) : step_child(f, e, tag_e);
    // f may be stale from here (call_child grew acts_, not stack_; stay careful anyway).
    search_->push();
    search_->assert_formula(child.step);
    bool is_open = open(child);
    const bool goal = !is_call && child.act == 0 && child.loc == ps_.procs[0].exit;
    if (is_open && goal) {
        const Learned r = query(e, child, true, true);
        if (r.result == smt::Result::Unknown) {
            why_ = r.why;
            return Move::Unknown;
        }
        if (r.result == smt::Result::Sat) {
            out_.reached = true;
            return Move::Stopped;
        }
        is_open = false;
        blocking_.push_back(r.label);
    } else if (!is_open) {
        if (is_call && !annotation_.location_labels(gloc(acts_[child.act].proc, child.loc)).empty())
            ++out_.inter.summary_reuses;
        const Learned r = query(e, child, true, false);
        if (r.result != smt::Result::Unsat) {
            why_ = r.result == smt::Result::Sat ? "internal: a blocked successor has an execution to the error" : r.why;
            return Move::Unknown;
        }
        blocking_.push_back(r.label);
    }
    if (!is_open) {
        search_->pop();
        if (is_call) acts_.pop_back();
        return Move::Next;
    }
    ++out_.stats.decisions;
    if (is_call) ++out_.inter.activations;
    child.parts = static_cast<std::uint32_t>(blocking_.size());
    stack_.push_back(std::move(child));
    out_.stats.max_depth = std::max(out_.stats.max_depth, stack_.size() - 1);
    return Move::Pushed;
}

// Fig. 3 for procedures: the labels at τ = 0 minus the unjustified ones (a call justified by
// the callee's entry labels), to a fixed point; true when Bad_0 ⇒ A_U(main's entry), with the
// contracts {true} P {¬A_U(entry_P)}.
bool InterSearch::strengthen() {
    const auto t0 = Clock::now();
    ++out_.stats.strengthen_rounds;
    const AuxRenaming tau_values[2] = {{{tau_, num(0)}}, {{tau_, num(1)}}};
    const std::size_t np = ps_.procs.size();
    std::vector<std::vector<std::vector<Term>>> cand(np);
    for (ProcId p = 0; p < np; ++p) {
        cand[p].resize(ps_.procs[p].num_locs);
        for (std::uint32_t l = 0; l < ps_.procs[p].num_locs; ++l)
            for (Term phi : annotation_.location_labels(gloc(p, l))) {
                auto add = [&](Term psi) {
                    auto& c = cand[p][l];
                    if (psi != tm_.mk_false() && std::find(c.begin(), c.end(), psi) == c.end()) c.push_back(psi);
                };
                // τ := 0 (the paper's ⊥) and τ := 1: a label learned with τ's start in A may keep its
                // lower bound (τ >= 1, when the solver derived τ = τ0 from both bounds), which τ := 0
                // turns into false. Any τ-free candidate is sound: the fixed point below keeps only
                // justified ones.
                for (const AuxRenaming& t : tau_values) {
                    const Term psi = itp::simplify_interpolant(tm_, tm_.substitute(phi, t), kSimplifyLevel);
                    add(psi);
                    if (o_.split_conjuncts && tm_.kind(psi) == smt::Kind::And)
                        for (Term c : tm_.children(psi)) add(c);
                }
            }
    }
    StrengthenResult sr = strengthen_summaries(ps_, exit_, std::move(cand), solver_options(), budget_);
    out_.stats.dropped_labels += sr.dropped;
    out_.inter.carried_labels += sr.carried;
    cand = std::move(sr.kept);
    std::vector<std::vector<Term>> disj(np);
    for (ProcId p = 0; p < np; ++p)
        for (const auto& c : cand[p]) disj[p].push_back(tm_.mk_or(c));
    bool proved = false;
    const Procedure& main = ps_.procs[0];
    if (!budget_.exhausted()) {
        std::vector<Term> x;
        for (VarId r : main.returns) x.push_back(exit_[r]);
        smt::Solver s(tm_, solver_options());
        const Term q[2] = {tm_.mk_not(disj[0][main.entry]), bad0(x)};
        proved = s.check(q) == smt::Result::Unsat;
    }
    out_.stats.strengthen_seconds += base::seconds_since(t0);
    if (budget_.exhausted()) return false;
    for (ProcId p = 0; p < np; ++p)
        for (const auto& c : cand[p]) out_.stats.inductive_labels += c.size();
    if (proved) {
        // The contracts: ¬A_U(entry) with the exit constants as the next constants of the returns;
        // a label at an entry speaks of the params only (the entry's other variables are not
        // constrained by any query's A part), which the gate checks again.
        for (ProcId p = 0; p < np; ++p) {
            const Procedure& pr = ps_.procs[p];
            AuxRenaming m;
            for (VarId r : pr.returns) m[exit_[r]] = plain_.vars[r].next;
            const Term summary = tm_.substitute(tm_.mk_not(disj[p][pr.entry]), m);
            out_.contracts.push_back(Contract{tm_.mk_true(), itp::simplify_interpolant(tm_, summary, kSimplifyLevel)});
        }
        out_.complete = true;
        return true;
    }
    // A := A ∪ A_U, each label also on the out-edges it justifies.
    for (ProcId p = 0; p < np; ++p)
        for (std::uint32_t l = 0; l < ps_.procs[p].num_locs; ++l)
            for (Term psi : cand[p][l]) {
                for (std::uint32_t e : outs_[p][l]) annotation_.add_edge(gedge(p, e), psi);
                annotation_.add_location(gloc(p, l), psi);
            }
    return false;
}

InterOutcome InterSearch::run() {
    for (unsigned tau0 = o_.tau0;; tau0 = std::max(1u, 2 * tau0)) {
        out_.stats.tau0 = tau0;
        const auto t0 = Clock::now();
        const Round r = search(tau0);
        out_.stats.search_seconds += base::seconds_since(t0);
        if (r == Round::Stopped) break;
        if (r == Round::Unknown || budget_.exhausted()) {
            out_.reason = budget_.exhausted() ? std::string(budget_.why()) + " at tau0 " + std::to_string(tau0) : why_;
            break;
        }
        if (strengthen()) break;
        if (budget_.exhausted()) {
            out_.reason = std::string(budget_.why()) + " in strengthening at tau0 " + std::to_string(tau0);
            break;
        }
    }
    out_.stats.subsumed_labels = annotation_.subsumed();
    out_.tau = tau_;
    out_.exit = exit_;
    out_.labels.resize(ps_.procs.size());
    for (ProcId p = 0; p < ps_.procs.size(); ++p)
        for (std::uint32_t l = 0; l < ps_.procs[p].num_locs; ++l) {
            const std::span<const Term> labels = annotation_.location_labels(gloc(p, l));
            out_.labels[p].emplace_back(labels.begin(), labels.end());
        }
    return std::move(out_);
}

}  // namespace

InterOutcome lazy_interprocedural(const Procedures& ps, const LazyOptions& options, const base::Budget& budget,
                                  const LazyProgress& progress) {
    InterSearch s(ps, options, budget, progress);
    return s.run();
}

void record_inter_stats(base::Statistics& out, const InterStats& st) {
    out.count("lazy.activations", st.activations);
    out.count("lazy.call-labels", st.call_labels);
    out.count("lazy.summary-reuses", st.summary_reuses);
    out.count("lazy.returns", st.returns);
    out.count("lazy.tau-free-labels", st.tau_free_labels);
    out.count("lazy.carried-labels", st.carried_labels);
}

}  // namespace craig::verifier
