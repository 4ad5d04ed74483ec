#include "verifier/program/large_block.hpp"

#include <algorithm>
#include <unordered_map>

namespace craig::verifier {

namespace {

// Targets of back edges of an iterative DFS from entry; marks reachable locations.
std::vector<bool> find_loop_heads(const Program& p, std::vector<bool>& reachable) {
    std::vector<bool> head(p.locs.size(), false);
    std::vector<std::uint8_t> state(p.locs.size(), 0);  // 0 new, 1 on stack, 2 done
    std::vector<std::pair<LocId, std::size_t>> stack{{p.entry, 0}};
    state[p.entry] = 1;
    while (!stack.empty()) {
        auto& [l, i] = stack.back();
        const auto& out = p.out(l);
        if (i == out.size()) {
            state[l] = 2;
            stack.pop_back();
            continue;
        }
        LocId m = p.edges[out[i++]].dst;
        if (state[m] == 1)
            head[m] = true;
        else if (state[m] == 0) {
            state[m] = 1;
            stack.push_back({m, 0});
        }
    }
    reachable.assign(p.locs.size(), false);
    for (LocId l = 0; l < p.locs.size(); ++l) reachable[l] = state[l] != 0;
    return head;
}

class BlockBuilder {
public:
    BlockBuilder(const Program& plain, Program& out, const std::vector<bool>& cut, const std::vector<LocId>& new_id)
        : p_(plain), out_(out), tm_(plain.terms()), cut_(cut), new_id_(new_id) {}

    void from(LocId c) {
        // The region: inner (non-cut) locations reachable from c, in topological order.
        std::vector<LocId> order;
        std::unordered_map<LocId, unsigned> indeg;
        std::vector<LocId> work{c}, inner;
        std::unordered_map<LocId, bool> seen{{c, true}};
        std::vector<LocId> sinks;
        while (!work.empty()) {
            LocId l = work.back();
            work.pop_back();
            for (EdgeId e : p_.out(l)) {
                LocId m = p_.edges[e].dst;
                if (cut_[m]) {
                    if (std::find(sinks.begin(), sinks.end(), m) == sinks.end()) sinks.push_back(m);
                    continue;
                }
                ++indeg[m];
                if (!seen[m]) {
                    seen[m] = true;
                    inner.push_back(m);
                    work.push_back(m);
                }
            }
        }
        // Kahn's algorithm over edges between c and inner locations.
        order.push_back(c);
        for (std::size_t i = 0; i < order.size(); ++i)
            for (EdgeId e : p_.out(order[i])) {
                LocId m = p_.edges[e].dst;
                if (cut_[m]) continue;
                if (--indeg[m] == 0) order.push_back(m);
            }
        std::sort(sinks.begin(), sinks.end());
        for (LocId d : sinks) block(c, d, order);
    }

private:
    void block(LocId c, LocId d, const std::vector<LocId>& order) {
        // Backward slice: locations of the region that reach d.
        std::unordered_map<LocId, bool> reaches;
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            bool r = false;
            for (EdgeId e : p_.out(*it)) {
                LocId m = p_.edges[e].dst;
                r |= (m == d) || (!cut_[m] && reaches[m]);
            }
            reaches[*it] = r;
        }
        std::size_t nv = p_.vars.size();
        std::vector<smt::Term> cur(nv);
        for (VarId v = 0; v < nv; ++v) cur[v] = p_.vars[v].cur;
        std::unordered_map<LocId, std::vector<smt::Term>> values;
        std::unordered_map<LocId, smt::Term> reached;
        values[c] = cur;
        reached[c] = tm_.mk_true();
        Edge blk;
        aux_sink_ = &blk.aux;
        std::vector<smt::Term> conj;
        std::string tag = "@" + std::to_string(new_id_[c]) + "_" + std::to_string(new_id_[d]);

        auto merge_into = [&](LocId m) {
            std::vector<EdgeId> incoming;
            for (EdgeId e : p_.in(m)) {
                LocId l = p_.edges[e].src;
                if (!reached.count(l)) continue;
                incoming.push_back(e);
            }
            std::vector<std::vector<smt::Term>> outs;
            std::vector<smt::Term> flags;
            for (EdgeId e : incoming) {
                const Edge& pe = p_.edges[e];
                const auto& pre = values[pe.src];
                std::vector<smt::Term> post = pre;
                for (VarId v : pe.writes) post[v] = fresh(p_.vars[v].name + tag, var_sort(tm_, p_.vars[v]));
                std::unordered_map<smt::Term, smt::Term, smt::TermHash> ren;
                smt::Term f = instantiate(p_, pe, pre, post, tag, false, &ren);
                for (smt::Term a : pe.aux) blk.aux.push_back(ren.at(a));
                smt::Term t = fresh("t" + std::to_string(e) + tag, smt::SortTable::Bool);
                conj.push_back(tm_.mk_implies(t, tm_.mk_and(reached[pe.src], f)));
                BlockStep step{e, t, {}};
                for (const smt::Term in : pe.inputs) step.inputs.push_back(ren.at(in));
                blk.steps.push_back(std::move(step));
                outs.push_back(std::move(post));
                flags.push_back(t);
            }
            std::vector<smt::Term> vals(nv);
            if (flags.size() == 1) {
                reached[m] = flags[0];
                vals = outs[0];
            } else {
                smt::Term r = fresh("r" + std::to_string(m) + tag, smt::SortTable::Bool);
                conj.push_back(tm_.mk_implies(r, tm_.mk_or(flags)));
                reached[m] = r;
                for (VarId v = 0; v < nv; ++v) {
                    bool same = true;
                    for (std::size_t i = 1; i < outs.size() && same; ++i) same = outs[i][v] == outs[0][v];
                    if (same) {
                        vals[v] = outs[0][v];
                        continue;
                    }
                    vals[v] = fresh(p_.vars[v].name + tag, var_sort(tm_, p_.vars[v]));
                    for (std::size_t i = 0; i < outs.size(); ++i)
                        conj.push_back(tm_.mk_implies(flags[i], tm_.mk_eq(vals[v], outs[i][v])));
                }
            }
            return vals;
        };

        for (std::size_t i = 1; i < order.size(); ++i) {
            LocId m = order[i];
            if (!reaches[m]) continue;
            values[m] = merge_into(m);
        }
        std::vector<smt::Term> final_vals = merge_into(d);
        smt::Term r_d = reached.at(d);
        conj.push_back(r_d);
        for (VarId v = 0; v < nv; ++v) {
            if (final_vals[v] == cur[v]) continue;
            conj.push_back(tm_.mk_eq(p_.vars[v].next, final_vals[v]));
            blk.writes.push_back(v);
        }
        reached.erase(d);
        blk.src = new_id_[c];
        blk.dst = new_id_[d];
        blk.formula = tm_.mk_and(conj);
        const std::string label = std::to_string(blk.steps.size()) + " plain edges";
        if (blk.formula != tm_.mk_false()) out_.add_edge(std::move(blk), EdgeProvenance{p_.loc_origin(c).loc, label});
    }

    smt::Term fresh(const std::string& name, smt::Sort s) {
        std::string n = name;
        if (!n.empty() && n[0] == '.') n.erase(0, 1);
        smt::Term t = tm_.mk_const(tm_.fresh_fun(n, {}, s));
        aux_sink_->push_back(t);
        return t;
    }

    std::vector<smt::Term>* aux_sink_ = nullptr;
    const Program& p_;
    Program& out_;
    smt::TermManager& tm_;
    const std::vector<bool>& cut_;
    const std::vector<LocId>& new_id_;
};

}  // namespace

Program large_block(const Program& plain) {
    Program out(plain.terms());
    out.provenance.data_model = plain.provenance.data_model;
    out.provenance.file = plain.provenance.file;
    out.provenance.vars = plain.provenance.vars;
    out.origin = &plain;
    out.vars = plain.vars;
    out.approximations = plain.approximations;
    std::vector<bool> reachable;
    std::vector<bool> cut = find_loop_heads(plain, reachable);
    cut[plain.entry] = cut[plain.error] = cut[plain.exit] = true;
    for (LocId l = 0; l < plain.locs.size(); ++l)
        if (plain.locs[l].cut_point) cut[l] = true;
    if (plain.truncated != kNoLoc) cut[plain.truncated] = true;
    std::vector<LocId> new_id(plain.locs.size(), kNoLoc);
    for (LocId l = 0; l < plain.locs.size(); ++l) {
        bool keep = cut[l] && (reachable[l] || l == plain.error || l == plain.exit);
        if (!keep) continue;
        new_id[l] = out.add_location(plain.loc_origin(l).loc, plain.loc_origin(l).function);
        out.locs.back().loop_head = plain.locs[l].loop_head || (reachable[l] && l != plain.entry && l != plain.error &&
                                                                l != plain.exit && l != plain.truncated);
        out.locs.back().cut_point = true;
        out.locs.back().plain = l;
    }
    out.entry = new_id[plain.entry];
    out.error = new_id[plain.error];
    out.exit = new_id[plain.exit];
    if (plain.truncated != kNoLoc) out.truncated = new_id[plain.truncated];
    BlockBuilder b(plain, out, cut, new_id);
    for (LocId l = 0; l < plain.locs.size(); ++l)
        if (cut[l] && reachable[l]) b.from(l);
    out.index();
    return out;
}

}  // namespace craig::verifier
