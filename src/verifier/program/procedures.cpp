#include "verifier/program/procedures.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "frontend/errors.hpp"
#include "smt/terms/printer.hpp"

namespace craig::verifier {

void order_body(Procedure& pr) {
    std::vector<std::uint32_t> indeg(pr.num_locs, 0);
    std::vector<std::vector<std::uint32_t>> out(pr.num_locs);
    for (std::uint32_t i = 0; i < pr.edges.size(); ++i) {
        ++indeg[pr.edges[i].dst];
        out[pr.edges[i].src].push_back(i);
    }
    pr.topo.clear();
    std::vector<std::uint32_t> ready{pr.entry};
    if (indeg[pr.entry] != 0) throw std::logic_error("procedure " + pr.name + ": entry has an incoming edge");
    while (!ready.empty()) {
        const std::uint32_t l = ready.back();
        ready.pop_back();
        pr.topo.push_back(l);
        for (std::uint32_t i : out[l])
            if (--indeg[pr.edges[i].dst] == 0) ready.push_back(pr.edges[i].dst);
    }
    if (pr.topo.size() != pr.num_locs) throw std::logic_error("procedure " + pr.name + ": body is not a DAG");
    sort_edges(pr);
}

void sort_edges(Procedure& pr) {
    std::vector<std::uint32_t> pos(pr.num_locs);
    for (std::uint32_t i = 0; i < pr.topo.size(); ++i) pos[pr.topo[i]] = i;
    std::vector<std::uint32_t> perm(pr.edges.size());
    for (std::uint32_t i = 0; i < perm.size(); ++i) perm[i] = i;
    std::stable_sort(perm.begin(), perm.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return pos[pr.edges[a].src] < pos[pr.edges[b].src]; });
    std::vector<Edge> edges;
    std::vector<EdgeId> plain;
    std::vector<std::uint32_t> call;
    for (std::uint32_t i : perm) {
        edges.push_back(std::move(pr.edges[i]));
        plain.push_back(pr.plain_edge[i]);
        call.push_back(pr.call[i]);
    }
    pr.edges = std::move(edges);
    pr.plain_edge = std::move(plain);
    pr.call = std::move(call);
}

namespace {

// Variables whose cur or next constants occur in t.
void vars_in(const Program& p, smt::Term t, std::unordered_set<smt::Term, smt::TermHash>& seen, std::set<VarId>& out) {
    const smt::TermManager& tm = p.terms();
    std::vector<smt::Term> stack{t};
    while (!stack.empty()) {
        const smt::Term u = stack.back();
        stack.pop_back();
        if (!seen.insert(u).second) continue;
        if (tm.kind(u) == smt::Kind::Const) {
            if (const VarId v = p.var_of(u); v != UINT32_MAX) out.insert(v);
            continue;
        }
        for (smt::Term c : tm.children(u)) stack.push_back(c);
    }
}

// What one C function's region of the plain program holds.
struct FunctionFacts {
    std::vector<LocId> locs;             // reachable from the entry, stopping at return/error/exit
    std::vector<EdgeId> edges;           // leaving those locations
    std::set<VarId> vars;                // occurring in its edges, parameters, return value
    std::set<VarId> ref, mod;            // globals read / written (transitive after the fixpoint)
    bool may_fail = false;               // reaches the error location (transitive)
    std::vector<std::uint32_t> callees;  // function indices
    std::vector<LocId> cut_points;       // entry first
};

class Builder {
public:
    Builder(Program& p, const ProcedureOptions& o) : p_(p), tm_(p.terms()), o_(o) {}

    Procedures run() {
        out_.plain = &p_;
        out_.error_var = UINT32_MAX;
        for (VarId v = 0; v < p_.vars.size(); ++v)
            if (p_.vars[v].name == "__error") out_.error_var = v;
        if (out_.error_var == UINT32_MAX)
            out_.error_var = p_.add_var("__error", "", frontend::Type::of(frontend::TypeKind::Int), false, true);
        p_.index();
        for (std::uint32_t i = 0; i < p_.functions.size(); ++i) by_name_[p_.functions[i].name] = i;
        for (const CallSite& c : p_.calls) call_of_edge_[c.edge] = static_cast<std::uint32_t>(&c - p_.calls.data());
        facts_.resize(p_.functions.size());
        for (std::uint32_t f = 0; f < p_.functions.size(); ++f) scan(f);
        mod_ref_fixpoint();
        for (std::uint32_t f = 0; f < p_.functions.size(); ++f) find_cut_points(f);
        declare_procedures();
        for (std::uint32_t f = 0; f < p_.functions.size(); ++f)
            for (LocId c : facts_[f].cut_points) build_body(f, c);
        return std::move(out_);
    }

private:
    bool is_global(VarId v) const { return p_.var_origin(v).is_global; }
    bool is_main(std::uint32_t f) const { return f == 0; }

    void scan(std::uint32_t f) {
        const FunctionBody& fb = p_.functions[f];
        FunctionFacts& ff = facts_[f];
        std::vector<char> seen(p_.locs.size(), 0);
        std::vector<LocId> work{fb.entry};
        seen[fb.entry] = 1;
        std::unordered_set<smt::Term, smt::TermHash> terms_seen;
        while (!work.empty()) {
            const LocId l = work.back();
            work.pop_back();
            ff.locs.push_back(l);
            if (l == fb.ret || l == p_.error || l == p_.exit) continue;
            for (EdgeId e : p_.out(l)) {
                ff.edges.push_back(e);
                const Edge& edge = p_.edges[e];
                if (edge.dst == p_.error) ff.may_fail = true;
                std::set<VarId> used;
                vars_in(p_, edge.formula, terms_seen, used);
                for (VarId w : edge.writes) used.insert(w);
                if (auto it = call_of_edge_.find(e); it != call_of_edge_.end()) {
                    const CallSite& cs = p_.calls[it->second];
                    for (smt::Term a : cs.args) vars_in(p_, a, terms_seen, used);
                    auto callee = by_name_.find(cs.callee);
                    if (callee == by_name_.end())
                        throw frontend::Unsupported(p_.edge_origin(e).loc, "call of " + cs.callee + " without a body");
                    ff.callees.push_back(callee->second);
                }
                for (VarId v : used) {
                    ff.vars.insert(v);
                    if (is_global(v)) ff.ref.insert(v);
                }
                for (VarId w : edge.writes)
                    if (is_global(w)) ff.mod.insert(w);
                if (!seen[edge.dst]) {
                    seen[edge.dst] = 1;
                    work.push_back(edge.dst);
                }
            }
        }
        for (VarId v : fb.params) ff.vars.insert(v);
        if (fb.ret_var != UINT32_MAX) ff.vars.insert(fb.ret_var);
    }

    void mod_ref_fixpoint() {
        for (bool changed = true; changed;) {
            changed = false;
            for (FunctionFacts& ff : facts_) {
                for (std::uint32_t g : ff.callees) {
                    const FunctionFacts& callee = facts_[g];
                    const std::size_t before = ff.ref.size() + ff.mod.size();
                    ff.ref.insert(callee.ref.begin(), callee.ref.end());
                    ff.mod.insert(callee.mod.begin(), callee.mod.end());
                    changed |= ff.ref.size() + ff.mod.size() != before;
                    if (callee.may_fail && !ff.may_fail) ff.may_fail = changed = true;
                }
            }
        }
        if (o_.codes)
            for (FunctionFacts& ff : facts_) ff.may_fail = true;
        for (std::uint32_t f = 0; f < facts_.size(); ++f) {
            FunctionFacts& ff = facts_[f];
            ff.vars.insert(ff.mod.begin(), ff.mod.end());
            if (!is_main(f)) ff.vars.insert(ff.ref.begin(), ff.ref.end());
            if (ff.may_fail) ff.vars.insert(out_.error_var);
        }
    }

    // Heads of back edges of an iterative depth-first search from the entry: every cycle of the
    // function's region has one (a cycle's first location entered by the search is the target of
    // the cycle's back edge).
    void find_cut_points(std::uint32_t f) {
        const FunctionBody& fb = p_.functions[f];
        FunctionFacts& ff = facts_[f];
        std::unordered_map<LocId, char> state;  // 1 on the stack, 2 done
        std::set<LocId> heads;
        struct Item {
            LocId loc;
            std::size_t next;
        };
        std::vector<Item> stack{{fb.entry, 0}};
        state[fb.entry] = 1;
        auto stops = [&](LocId l) { return l == fb.ret || l == p_.error || l == p_.exit; };
        while (!stack.empty()) {
            Item& it = stack.back();
            const auto& outs = p_.out(it.loc);
            if (stops(it.loc) || it.next == outs.size()) {
                state[it.loc] = 2;
                stack.pop_back();
                continue;
            }
            const LocId d = p_.edges[outs[it.next++]].dst;
            const char s = state[d];
            if (s == 1) {
                heads.insert(d);
            } else if (s == 0) {
                state[d] = 1;
                stack.push_back({d, 0});
            }
        }
        ff.cut_points.push_back(fb.entry);
        for (LocId h : heads)
            if (h != fb.entry) ff.cut_points.push_back(h);
    }

    void declare_procedures() {
        out_.of_function.resize(p_.functions.size());
        for (std::uint32_t f = 0; f < p_.functions.size(); ++f) {
            const FunctionBody& fb = p_.functions[f];
            const FunctionFacts& ff = facts_[f];
            for (LocId c : ff.cut_points) {
                Procedure pr;
                pr.function = fb.name;
                pr.name = fb.name;
                if (c == fb.entry) {
                    out_.of_function[f] = static_cast<ProcId>(out_.procs.size());
                    pr.params = fb.params;
                    // main initialises the globals on its entry edge: it reads none of their old values.
                    for (VarId g : ff.ref)
                        if (!is_main(f)) pr.params.push_back(g);
                    for (VarId g : ff.mod)
                        if (!ff.ref.count(g) && !is_main(f)) pr.params.push_back(g);
                } else {
                    // Named for its loop statement's keyword where it heads one (a goto cycle: its location).
                    frontend::SourceLocation at = p_.loc_origin(c).loc;
                    for (const LoopStatement& ls : p_.provenance.loops)
                        if (ls.head == c) at = ls.loc;
                    pr.name += "@" + std::to_string(at.line) + ":" + std::to_string(at.col);
                    for (VarId v : ff.vars)
                        if (v != out_.error_var) pr.params.push_back(v);
                }
                if (fb.ret_var != UINT32_MAX) pr.returns.push_back(fb.ret_var);
                for (VarId g : ff.mod) pr.returns.push_back(g);
                if (ff.may_fail) pr.returns.push_back(out_.error_var);
                pr.vars.assign(ff.vars.begin(), ff.vars.end());
                proc_of_cut_[c] = static_cast<ProcId>(out_.procs.size());
                out_.procs.push_back(std::move(pr));
            }
        }
    }

    void build_body(std::uint32_t f, LocId c) {
        const FunctionBody& fb = p_.functions[f];
        const FunctionFacts& ff = facts_[f];
        Procedure& pr = out_.procs[proc_of_cut_.at(c)];
        std::unordered_map<LocId, std::uint32_t> local;
        auto fresh = [&](LocId plain) {
            pr.plain_loc.push_back(plain);
            return pr.num_locs++;
        };
        auto add = [&](std::uint32_t src, std::uint32_t dst, smt::Term formula, std::vector<VarId> writes, EdgeId plain,
                       std::uint32_t call) {
            Edge e;
            if (plain != UINT32_MAX) e = p_.edges[plain];
            e.src = src;
            e.dst = dst;
            e.formula = formula;
            std::sort(writes.begin(), writes.end());
            writes.erase(std::unique(writes.begin(), writes.end()), writes.end());
            e.writes = std::move(writes);
            pr.edges.push_back(std::move(e));
            pr.plain_edge.push_back(plain);
            pr.call.push_back(call);
        };
        auto tail_call = [&](std::uint32_t from, LocId cut) {
            const Procedure& callee = out_.procs[proc_of_cut_.at(cut)];
            ProcCall call;
            call.callee = proc_of_cut_.at(cut);
            for (VarId v : callee.params) call.args.push_back(p_.vars[v].cur);
            call.results = callee.returns;
            pr.calls.push_back(std::move(call));
            add(from, pr.exit, tm_.mk_true(), callee.returns, UINT32_MAX,
                static_cast<std::uint32_t>(pr.calls.size() - 1));
        };
        const VarId err = out_.error_var;
        const smt::Term err_cur = p_.vars[err].cur, err_next = p_.vars[err].next;
        pr.entry = fresh(kNoLoc);
        pr.exit = fresh(fb.ret);
        std::uint32_t start = pr.entry;
        if (ff.may_fail) {
            start = fresh(c);
            add(pr.entry, start, tm_.mk_eq(err_next, tm_.mk_numeral(0, smt::SortTable::Int)), {err}, UINT32_MAX,
                kNoCall);
        }
        local[c] = start;
        std::vector<LocId> work{c};
        // The local location a plain edge leads to; a cut point other than our own start is
        // reached through a fresh location followed by the tail call of its procedure.
        auto target = [&](LocId dst) -> std::uint32_t {
            if (dst == fb.ret || (is_main(f) && dst == p_.exit)) return pr.exit;
            if (proc_of_cut_.count(dst) && facts_of_cut(f, dst)) {
                const std::uint32_t t = fresh(dst);
                tail_call(t, dst);
                return t;
            }
            auto it = local.find(dst);
            if (it != local.end()) return it->second;
            const std::uint32_t l = fresh(dst);
            local[dst] = l;
            work.push_back(dst);
            return l;
        };
        while (!work.empty()) {
            const LocId u = work.back();
            work.pop_back();
            const std::uint32_t from = local.at(u);
            for (EdgeId e : p_.out(u)) {
                const Edge& edge = p_.edges[e];
                if (edge.dst == p_.exit && !is_main(f)) continue;  // abort()/exit(): the path ends
                if (edge.dst == p_.error) {
                    std::vector<VarId> w = edge.writes;
                    w.push_back(err);
                    const auto code = o_.error_code.find(e);
                    const std::int64_t value = code == o_.error_code.end() ? 1 : code->second;
                    const smt::Term both[2] = {edge.formula,
                                               tm_.mk_eq(err_next, tm_.mk_numeral(value, smt::SortTable::Int))};
                    add(from, pr.exit, tm_.mk_and(both), std::move(w), e, kNoCall);
                    continue;
                }
                auto cs = call_of_edge_.find(e);
                if (cs == call_of_edge_.end()) {
                    add(from, target(edge.dst), edge.formula, edge.writes, e, kNoCall);
                    continue;
                }
                const CallSite& site = p_.calls[cs->second];
                const std::uint32_t g = by_name_.at(site.callee);
                const Procedure& callee = out_.procs[out_.of_function[g]];
                ProcCall call;
                call.callee = out_.of_function[g];
                call.args = site.args;
                for (std::size_t i = site.args.size(); i < callee.params.size(); ++i)
                    call.args.push_back(p_.vars[callee.params[i]].cur);  // the globals it reads or writes
                if (site.result != UINT32_MAX) call.results.push_back(site.result);
                for (std::size_t i = site.result != UINT32_MAX ? 1 : 0; i < callee.returns.size(); ++i)
                    call.results.push_back(callee.returns[i]);  // globals and the error flag
                std::vector<VarId> writes = call.results;
                pr.calls.push_back(std::move(call));
                const auto index = static_cast<std::uint32_t>(pr.calls.size() - 1);
                if (!facts_[g].may_fail) {
                    add(from, target(edge.dst), tm_.mk_true(), std::move(writes), e, index);
                    continue;
                }
                const std::uint32_t back = fresh(kNoLoc);
                add(from, back, tm_.mk_true(), std::move(writes), e, index);
                if (!o_.codes) {
                    add(back, pr.exit, tm_.mk_eq(err_cur, tm_.mk_numeral(1, smt::SortTable::Int)), {}, UINT32_MAX,
                        kNoCall);
                } else if (auto code = o_.call_code.find(e); code == o_.call_code.end()) {
                    add(back, pr.exit, tm_.mk_geq(err_cur, tm_.mk_numeral(1, smt::SortTable::Int)), {}, UINT32_MAX,
                        kNoCall);
                } else {
                    const smt::Term both[2] = {tm_.mk_geq(err_cur, tm_.mk_numeral(1, smt::SortTable::Int)),
                                               tm_.mk_eq(err_next, tm_.mk_numeral(code->second, smt::SortTable::Int))};
                    add(back, pr.exit, tm_.mk_and(both), {err}, UINT32_MAX, kNoCall);
                }
                add(back, target(edge.dst), tm_.mk_eq(err_cur, tm_.mk_numeral(0, smt::SortTable::Int)), {}, UINT32_MAX,
                    kNoCall);
            }
        }
        order_body(pr);
    }

    // Whether `l` is a cut point of function f (cut points of other functions never occur here).
    bool facts_of_cut(std::uint32_t f, LocId l) const {
        const auto& cps = facts_[f].cut_points;
        return std::find(cps.begin(), cps.end(), l) != cps.end();
    }

    Program& p_;
    smt::TermManager& tm_;
    const ProcedureOptions& o_;
    Procedures out_;
    std::vector<FunctionFacts> facts_;
    std::unordered_map<std::string, std::uint32_t> by_name_;
    std::unordered_map<EdgeId, std::uint32_t> call_of_edge_;
    std::unordered_map<LocId, ProcId> proc_of_cut_;
};

std::string term_text(const smt::TermManager& tm, smt::Term t) {
    std::ostringstream os;
    smt::print_term(os, tm, t, false);
    return os.str();
}

}  // namespace

Procedures build_procedures(Program& plain, const ProcedureOptions& options) { return Builder(plain, options).run(); }

std::string to_string(const Procedures& ps) {
    const Program& p = *ps.plain;
    const smt::TermManager& tm = p.terms();
    std::ostringstream os;
    auto names = [&](const std::vector<VarId>& vs) {
        std::string s;
        for (VarId v : vs) s += (s.empty() ? "" : ", ") + p.vars[v].name;
        return s;
    };
    for (const Procedure& pr : ps.procs) {
        os << "procedure " << pr.name << "(" << names(pr.params) << ") returns (" << names(pr.returns) << ")\n";
        os << "  locations " << pr.num_locs << ", entry " << pr.entry << ", exit " << pr.exit << "\n";
        for (std::size_t i = 0; i < pr.edges.size(); ++i) {
            const Edge& e = pr.edges[i];
            os << "  " << e.src << " -> " << e.dst << ": ";
            if (pr.call[i] != kNoCall) {
                const ProcCall& c = pr.calls[pr.call[i]];
                os << "(" << names(c.results) << ") := " << ps.procs[c.callee].name << "(";
                for (std::size_t j = 0; j < c.args.size(); ++j) os << (j ? ", " : "") << term_text(tm, c.args[j]);
                os << ")";
            } else {
                os << term_text(tm, e.formula);
                if (!e.writes.empty()) os << "  writes " << names(e.writes);
            }
            os << "\n";
        }
    }
    return os.str();
}

}  // namespace craig::verifier
