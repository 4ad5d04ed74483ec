#include "verifier/engines/summaries/slice.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace craig::verifier {

namespace {

using smt::Term;

// One conjunct of an edge formula with the positions (in Procedure::vars) of the variables it
// reads (cur constants) and defines (next constants).
struct Conjunct {
    Term term;
    std::vector<std::uint32_t> reads, defines;
};

class Slicer {
public:
    Slicer(const Procedures& model, const ProcedureOptions& codes, std::span<const std::int64_t> targets)
        : in_(model), codes_(codes), targets_(targets.begin(), targets.end()), tm_(model.plain->terms()) {
        const Program& p = *model.plain;
        for (VarId v = 0; v < p.vars.size(); ++v) {
            cur_[p.vars[v].cur] = v;
            next_[p.vars[v].next] = v;
        }
    }

    SlicedModel run() {
        out_.procs = in_;
        out_.sliced_calls.resize(in_.procs.size());
        for (ProcId p = 0; p < in_.procs.size(); ++p) out_.sliced_calls[p].assign(in_.procs[p].calls.size(), 0);
        escape_codes();
        weaken_tests();
        doom();
        prepare();
        relevance();
        rewrite();
        return std::move(out_);
    }

private:
    // The codes a procedure can return with: its error edges', its calls' site codes, and what
    // calls without a site code pass up (a fixed point over recursion).
    void escape_codes() {
        escape_.assign(in_.procs.size(), {});
        for (bool changed = true; changed;) {
            changed = false;
            for (ProcId p = 0; p < in_.procs.size(); ++p) {
                const Procedure& pr = in_.procs[p];
                for (std::size_t e = 0; e < pr.edges.size(); ++e) {
                    const EdgeId plain = pr.plain_edge[e];
                    if (pr.call[e] == kNoCall) {
                        if (plain == UINT32_MAX) continue;
                        const auto it = codes_.error_code.find(plain);
                        if (it != codes_.error_code.end()) changed |= escape_[p].insert(it->second).second;
                        continue;
                    }
                    const auto it = plain == UINT32_MAX ? codes_.call_code.end() : codes_.call_code.find(plain);
                    if (it != codes_.call_code.end()) {
                        changed |= escape_[p].insert(it->second).second;
                        continue;
                    }
                    const std::set<std::int64_t> from = escape_[pr.calls[pr.call[e]].callee];
                    for (std::int64_t c : from) changed |= escape_[p].insert(c).second;
                }
            }
        }
    }

    // Whether call edge e of p can end its caller with a target code.
    bool may_target(const Procedure& pr, std::size_t e) const {
        const EdgeId plain = pr.plain_edge[e];
        const auto it = plain == UINT32_MAX ? codes_.call_code.end() : codes_.call_code.find(plain);
        if (it != codes_.call_code.end()) return targets_.count(it->second) != 0;
        for (std::int64_t c : escape_[pr.calls[pr.call[e]].callee])
            if (targets_.count(c)) return true;
        return false;
    }

    // Procedures from which no recursive procedure (a loop among them) can be reached: their
    // calls are never cut by the unwinding.
    void cut_free() {
        const std::size_t n = in_.procs.size();
        std::vector<std::vector<char>> reach(n, std::vector<char>(n, 0));
        for (ProcId q = 0; q < n; ++q)
            for (const ProcCall& c : in_.procs[q].calls) reach[q][c.callee] = 1;
        for (std::size_t k = 0; k < n; ++k)  // transitive closure (programs have few procedures)
            for (std::size_t i = 0; i < n; ++i)
                if (reach[i][k])
                    for (std::size_t j = 0; j < n; ++j) reach[i][j] |= reach[k][j];
        cut_free_.assign(n, 1);
        for (ProcId q = 0; q < n; ++q)
            for (ProcId r = 0; r < n; ++r)
                if ((r == q || reach[q][r]) && reach[r][r]) cut_free_[q] = 0;
    }

    // Step 1 for wrapper sites, and calls that cannot fail: the test of the flag after a call.
    //  - A call of a wrapper with a non-target site code: the caller may return with that code or
    //    go on with the flag 0, whatever the wrapper did (it returns nothing else).
    //  - A call that can return no code at all (no error below it, never cut): its flag is 0, the
    //    test is made exact without reading it (return: false; go on: flag := 0).
    // Other tests stay: the flag they read is relevant.
    void weaken_tests() {
        cut_free();
        const Program& p = *in_.plain;
        const VarId err = in_.error_var;
        const Term err_cur = p.vars[err].cur, err_next = p.vars[err].next;
        const Term zero = tm_.mk_numeral(0, smt::SortTable::Int);
        const Term go_on = tm_.mk_eq(err_cur, zero);
        for (ProcId q = 0; q < in_.procs.size(); ++q) {
            Procedure& pr = out_.procs.procs[q];
            for (std::size_t e = 0; e < pr.edges.size(); ++e) {
                if (pr.call[e] == kNoCall || may_target(pr, e)) continue;
                const std::uint32_t back = pr.edges[e].dst;
                if (pr.plain_loc[back] != kNoLoc) continue;  // the callee cannot fail: no test
                const ProcId callee = pr.calls[pr.call[e]].callee;
                const EdgeId plain = pr.plain_edge[e];
                const auto code = plain == UINT32_MAX ? codes_.call_code.end() : codes_.call_code.find(plain);
                const bool wrapper = code != codes_.call_code.end();
                if (!wrapper && !(escape_[callee].empty() && cut_free_[callee])) continue;
                for (std::size_t f = 0; f < pr.edges.size(); ++f) {
                    if (pr.edges[f].src != back) continue;
                    Edge& edge = pr.edges[f];
                    if (edge.formula == go_on)
                        edge.formula = tm_.mk_eq(err_next, zero);
                    else if (wrapper)
                        edge.formula = tm_.mk_eq(err_next, tm_.mk_numeral(code->second, smt::SortTable::Int));
                    else
                        edge.formula = tm_.mk_false();
                    edge.writes = {err};
                    ++out_.weakened_tests;
                }
            }
        }
    }

    // Step 1 for reach_error sites: a location is doomed when every path from it ends at an
    // error edge of a non-target code (inside a function whose calls all carry a site code, a
    // wrapper, codes are renamed on the way out and no location is doomed). At a branch with one
    // way on and the others doomed (`if (!c) reach_error();`), the guards are dropped: the
    // execution may go on whatever c is. Nothing in a doomed region is relevant.
    void doom() {
        std::vector<char> wrapped(in_.procs.size(), 1), called(in_.procs.size(), 0);
        for (const Procedure& pr : in_.procs)
            for (std::size_t e = 0; e < pr.edges.size(); ++e) {
                if (pr.call[e] == kNoCall) continue;
                const ProcId callee = pr.calls[pr.call[e]].callee;
                called[callee] = 1;
                const EdgeId plain = pr.plain_edge[e];
                if (plain == UINT32_MAX || !codes_.call_code.count(plain)) wrapped[callee] = 0;
            }
        doomed_.resize(in_.procs.size());
        for (ProcId q = 0; q < in_.procs.size(); ++q) {
            Procedure& pr = out_.procs.procs[q];
            doomed_[q].assign(pr.num_locs, 0);
            if (q != 0 && called[q] && wrapped[q]) continue;
            std::vector<std::vector<std::uint32_t>> out(pr.num_locs);
            for (std::uint32_t e = 0; e < pr.edges.size(); ++e) out[pr.edges[e].src].push_back(e);
            auto doomed_edge = [&](std::uint32_t e) {
                if (doomed_[q][pr.edges[e].dst]) return true;
                if (pr.call[e] != kNoCall || pr.plain_edge[e] == UINT32_MAX) return false;
                const auto it = codes_.error_code.find(pr.plain_edge[e]);
                return it != codes_.error_code.end() && !targets_.count(it->second);
            };
            for (std::size_t i = pr.topo.size(); i-- > 0;) {
                const std::uint32_t l = pr.topo[i];
                if (l == pr.exit || out[l].empty()) continue;
                doomed_[q][l] = std::all_of(out[l].begin(), out[l].end(), doomed_edge);
            }
            for (std::uint32_t l = 0; l < pr.num_locs; ++l) {
                if (doomed_[q][l]) continue;
                std::size_t on = 0, off = 0;
                for (std::uint32_t e : out[l]) (doomed_edge(e) ? off : on) += 1;
                if (off == 0 || on != 1) continue;
                for (std::uint32_t e : out[l]) {
                    if (pr.call[e] != kNoCall) continue;
                    std::vector<Term> parts, keep;
                    flatten(pr.edges[e].formula, parts);
                    for (Term t : parts)
                        if (defines_something(t)) keep.push_back(t);
                    if (keep.size() == parts.size()) continue;
                    pr.edges[e].formula = tm_.mk_and(keep);
                    ++out_.weakened_tests;
                }
            }
        }
    }

    bool defines_something(Term t) const {
        for (Term k : constants(t))
            if (next_.count(k)) return true;
        return false;
    }

    // The conjuncts of every edge, with the variables they read and define.
    void prepare() {
        conj_.resize(in_.procs.size());
        pos_.resize(in_.procs.size());
        for (ProcId q = 0; q < in_.procs.size(); ++q) {
            const Procedure& pr = out_.procs.procs[q];
            auto& pos = pos_[q];
            for (std::uint32_t i = 0; i < pr.vars.size(); ++i) pos[pr.vars[i]] = i;
            conj_[q].resize(pr.edges.size());
            for (std::size_t e = 0; e < pr.edges.size(); ++e) {
                if (pr.call[e] != kNoCall) continue;
                std::vector<Term> parts;
                flatten(pr.edges[e].formula, parts);
                for (Term t : parts) conj_[q][e].push_back(conjunct(t, pos));
            }
        }
    }

    void flatten(Term t, std::vector<Term>& out) const {
        if (tm_.kind(t) != smt::Kind::And) {
            if (t != tm_.mk_true()) out.push_back(t);
            return;
        }
        for (Term c : tm_.children(t)) flatten(c, out);
    }

    Conjunct conjunct(Term t, const std::unordered_map<VarId, std::uint32_t>& pos) const {
        Conjunct c{t, {}, {}};
        for (Term k : constants(t)) {
            if (auto it = cur_.find(k); it != cur_.end()) {
                if (auto at = pos.find(it->second); at != pos.end()) c.reads.push_back(at->second);
            } else if (auto jt = next_.find(k); jt != next_.end()) {
                if (auto at = pos.find(jt->second); at != pos.end()) c.defines.push_back(at->second);
            }
        }
        return c;
    }

    std::vector<Term> constants(Term t) const {
        std::vector<Term> out, stack{t};
        std::unordered_set<Term, smt::TermHash> seen;
        while (!stack.empty()) {
            const Term u = stack.back();
            stack.pop_back();
            if (!seen.insert(u).second) continue;
            if (tm_.kind(u) == smt::Kind::Const) out.push_back(u);
            for (Term c : tm_.children(u)) stack.push_back(c);
        }
        return out;
    }

    // Which conjuncts of a non-call edge stay when `after` (per variable position) is relevant
    // at its target: guards, and definitions of relevant or of kept-defined variables.
    std::vector<char> kept(ProcId q, std::size_t e, const std::vector<char>& after) const {
        const Procedure& pr = out_.procs.procs[q];
        const std::vector<Conjunct>& cs = conj_[q][e];
        const bool doomed = doomed_[q][pr.edges[e].src];
        std::vector<char> need(pr.vars.size(), 0), keep(cs.size(), 0);
        for (VarId w : pr.edges[e].writes)
            if (after[pos_[q].at(w)]) need[pos_[q].at(w)] = 1;
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t i = 0; i < cs.size(); ++i) {
                if (keep[i]) continue;
                bool k = cs[i].defines.empty() && !doomed;
                for (std::uint32_t d : cs[i].defines) k = k || need[d];
                if (!k) continue;
                keep[i] = 1;
                changed = true;
                for (std::uint32_t d : cs[i].defines) need[d] = 1;
            }
        }
        return keep;
    }

    bool call_sliced(ProcId q, std::size_t e, const std::vector<char>& after) const {
        const Procedure& pr = out_.procs.procs[q];
        if (may_target(pr, e)) return false;
        for (VarId r : pr.calls[pr.call[e]].results)
            if (after[pos_[q].at(r)]) return false;
        return true;
    }

    // Relevant variables before edge e given those after it.
    std::vector<char> before(ProcId q, std::size_t e, const std::vector<char>& after) const {
        const Procedure& pr = out_.procs.procs[q];
        std::vector<char> out = after;
        if (doomed_[q][pr.edges[e].src]) return std::vector<char>(after.size(), 0);
        if (pr.call[e] != kNoCall) {
            const ProcCall& c = pr.calls[pr.call[e]];
            for (VarId r : c.results) out[pos_[q].at(r)] = 0;
            if (call_sliced(q, e, after)) return out;
            for (std::size_t j = 0; j < c.args.size(); ++j) {
                if (!rel_param_[c.callee][j]) continue;
                for (Term k : constants(c.args[j]))
                    if (auto it = cur_.find(k); it != cur_.end()) out[pos_[q].at(it->second)] = 1;
            }
            return out;
        }
        for (VarId w : pr.edges[e].writes) out[pos_[q].at(w)] = 0;
        const std::vector<char> keep = kept(q, e, after);
        for (std::size_t i = 0; i < keep.size(); ++i)
            if (keep[i])
                for (std::uint32_t r : conj_[q][e][i].reads) out[r] = 1;
        return out;
    }

    // Relevant variables per location of q (backwards over the DAG body).
    std::vector<std::vector<char>> relevant_at(ProcId q) const {
        const Procedure& pr = out_.procs.procs[q];
        std::vector<std::vector<char>> rel(pr.num_locs, std::vector<char>(pr.vars.size(), 0));
        for (std::size_t j = 0; j < pr.returns.size(); ++j)
            if (need_ret_[q][j]) rel[pr.exit][pos_[q].at(pr.returns[j])] = 1;
        // Edges are sorted by the topological position of their source: backwards, every edge's
        // target is final when the edge is met.
        for (std::size_t e = pr.edges.size(); e-- > 0;) {
            const std::vector<char> b = before(q, e, rel[pr.edges[e].dst]);
            std::vector<char>& at = rel[pr.edges[e].src];
            for (std::size_t i = 0; i < b.size(); ++i) at[i] |= b[i];
        }
        return rel;
    }

    void relevance() {
        need_ret_.resize(in_.procs.size());
        rel_param_.resize(in_.procs.size());
        for (ProcId q = 0; q < in_.procs.size(); ++q) {
            need_ret_[q].assign(in_.procs[q].returns.size(), 0);
            rel_param_[q].assign(in_.procs[q].params.size(), 0);
        }
        const Procedure& main = in_.procs[0];
        for (std::size_t j = 0; j < main.returns.size(); ++j)
            if (main.returns[j] == in_.error_var) need_ret_[0][j] = 1;
        for (bool changed = true; changed;) {
            changed = false;
            for (ProcId q = 0; q < in_.procs.size(); ++q) {
                const Procedure& pr = out_.procs.procs[q];
                const std::vector<std::vector<char>> rel = relevant_at(q);
                for (std::size_t j = 0; j < pr.params.size(); ++j)
                    if (!rel_param_[q][j] && rel[pr.entry][pos_[q].at(pr.params[j])])
                        rel_param_[q][j] = 1, changed = true;
                for (std::size_t e = 0; e < pr.edges.size(); ++e) {
                    if (pr.call[e] == kNoCall) continue;
                    const ProcCall& c = pr.calls[pr.call[e]];
                    for (std::size_t j = 0; j < c.results.size(); ++j)
                        if (!need_ret_[c.callee][j] && rel[pr.edges[e].dst][pos_[q].at(c.results[j])])
                            need_ret_[c.callee][j] = 1, changed = true;
                }
            }
        }
    }

    // Steps 2 and 3 applied: dropped conjuncts, sliced calls, variables without a role removed.
    void rewrite() {
        for (ProcId q = 0; q < in_.procs.size(); ++q) {
            Procedure& pr = out_.procs.procs[q];
            const std::vector<std::vector<char>> rel = relevant_at(q);
            std::vector<char> used(pr.vars.size(), 0);
            auto use = [&](VarId v) { used[pos_[q].at(v)] = 1; };
            for (VarId v : pr.params) use(v);
            for (VarId v : pr.returns) use(v);
            for (std::size_t e = 0; e < pr.edges.size(); ++e) {
                const std::vector<char>& after = rel[pr.edges[e].dst];
                if (pr.call[e] != kNoCall) {
                    const ProcCall& c = pr.calls[pr.call[e]];
                    for (VarId r : c.results) use(r);
                    // Arguments keep their variables even when sliced: an argument over a
                    // variable without a state copy would be one constant shared by every
                    // instance.
                    for (Term a : c.args)
                        for (Term k : constants(a))
                            if (auto it = cur_.find(k); it != cur_.end()) use(it->second);
                    if (call_sliced(q, e, after)) {
                        out_.sliced_calls[q][pr.call[e]] = 1;
                        ++out_.calls_sliced;
                    }
                    continue;
                }
                const std::vector<char> keep = kept(q, e, after);
                std::vector<Term> parts;
                for (std::size_t i = 0; i < keep.size(); ++i) {
                    const Conjunct& c = conj_[q][e][i];
                    if (!keep[i]) {
                        ++out_.dropped_conjuncts;
                        continue;
                    }
                    parts.push_back(c.term);
                    for (std::uint32_t r : c.reads) used[r] = 1;
                    for (std::uint32_t d : c.defines) used[d] = 1;
                }
                if (parts.size() < keep.size()) pr.edges[e].formula = tm_.mk_and(parts);
            }
            // Variables nothing reads, defines or passes: no state copies.
            std::vector<VarId> vars;
            for (std::uint32_t i = 0; i < pr.vars.size(); ++i) {
                if (used[i]) {
                    vars.push_back(pr.vars[i]);
                } else {
                    ++out_.vars_dropped;
                }
            }
            if (vars.size() == pr.vars.size()) continue;
            const std::unordered_set<VarId> keep(vars.begin(), vars.end());
            pr.vars = std::move(vars);
            for (Edge& edge : pr.edges) std::erase_if(edge.writes, [&](VarId w) { return !keep.count(w); });
        }
    }

    const Procedures& in_;
    const ProcedureOptions& codes_;
    std::set<std::int64_t> targets_;
    smt::TermManager& tm_;
    std::unordered_map<Term, VarId, smt::TermHash> cur_, next_;
    SlicedModel out_;
    std::vector<std::set<std::int64_t>> escape_;
    std::vector<std::vector<char>> doomed_;  // per procedure, per location
    std::vector<char> cut_free_;
    std::vector<std::vector<std::vector<Conjunct>>> conj_;  // per procedure, per edge
    std::vector<std::unordered_map<VarId, std::uint32_t>> pos_;
    std::vector<std::vector<char>> need_ret_, rel_param_;
};

}  // namespace

SlicedModel slice_model(const Procedures& model, const ProcedureOptions& codes, std::span<const std::int64_t> targets) {
    return Slicer(model, codes, targets).run();
}

}  // namespace craig::verifier
