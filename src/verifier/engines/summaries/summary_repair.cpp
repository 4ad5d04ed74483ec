#include "verifier/engines/summaries/summary_repair.hpp"

#include <algorithm>
#include <set>

#include "verifier/encoding/procedure_body.hpp"

namespace craig::verifier {

namespace {

using smt::Term;

// The top-level conjuncts of cs into the store (Houdini weakens conjunct by conjunct).
void add_conjuncts(smt::TermManager& tm, SummaryStore& store, std::uint32_t key, std::span<const Term> cs) {
    if (store.conjuncts.size() <= key) store.conjuncts.resize(key + 1);
    std::vector<Term>& have = store.conjuncts[key];
    for (Term c : cs) {
        const std::vector<Term> parts = tm.kind(c) == smt::Kind::And
                                            ? std::vector<Term>(tm.children(c).begin(), tm.children(c).end())
                                            : std::vector<Term>{c};
        for (Term p : parts)
            if (std::find(have.begin(), have.end(), p) == have.end()) have.push_back(p);
    }
}

// The query "σ fails for the bounded procedure p" rooted at an extra root of the tree.
PbmcResult violates(const Procedures& model, CallTree& tree, ProcId p, std::uint32_t root, Term sigma,
                    SummaryStore& store, const PbmcOptions& o, const base::Budget& budget, PbmcStats& stats,
                    const PbmcReached& on_reached = {}) {
    smt::TermManager& tm = model.plain->terms();
    return check_goal(
        model, tree, root,
        [&](std::span<const Term> params, std::span<const Term> returns) {
            return tm.mk_not(instantiate_contract(model, p, sigma, {params.begin(), params.end()},
                                                  {returns.begin(), returns.end()}));
        },
        store, o, budget, stats, on_reached);
}

}  // namespace

std::vector<ProcId> functions_bottom_up(const Procedures& model) {
    std::vector<ProcId> order;
    std::vector<char> seen(model.procs.size(), 0);
    std::vector<std::pair<ProcId, std::size_t>> stack{{0, 0}};
    seen[0] = 1;
    while (!stack.empty()) {
        auto& [p, next] = stack.back();
        if (next < model.procs[p].calls.size()) {
            const ProcId q = model.procs[p].calls[next++].callee;
            if (!seen[q]) {
                seen[q] = 1;
                stack.emplace_back(q, 0);
            }
            continue;
        }
        order.push_back(p);
        stack.pop_back();
    }
    // Only the entry procedures of C functions.
    std::vector<char> entry(model.procs.size(), 0);
    for (ProcId p : model.of_function) entry[p] = 1;
    order.erase(std::remove_if(order.begin(), order.end(), [&](ProcId p) { return !entry[p]; }), order.end());
    return order;
}

LoadCounts check_loaded(const SummaryFile& file, const Procedures& model, CallTree& tree, SummaryStore& store,
                        bool check, const PbmcOptions& o, const base::Budget& budget, PbmcStats& stats) {
    LoadCounts c;
    smt::TermManager& tm = model.plain->terms();
    for (ProcId p : functions_bottom_up(model)) {
        for (const StoredSummary& s : file.summaries) {
            if (entry_procedure(model, s.function) != p || tree.recursive(p)) continue;
            ++c.loaded;
            const std::uint32_t root = tree.add_root(p);
            if (check &&
                violates(model, tree, p, root, s.formula, store, o, budget, stats).kind != PbmcResult::Refuted) {
                ++c.invalid;
                continue;
            }
            ++c.valid;
            const Term one[1] = {s.formula};
            add_conjuncts(tm, store, tree[root].key, one);
        }
    }
    return c;
}

std::string revise(const SummaryFile& old_file, const std::map<std::string, std::string>& hashes,
                   const Procedures& model, CallTree& tree, SummaryStore& store, const PbmcOptions& o,
                   const base::Budget& budget, PbmcStats& stats, RevisionCounts& counts) {
    const auto t0 = base::Budget::Clock::now();
    smt::TermManager& tm = model.plain->terms();
    const Program& plain = *model.plain;
    const std::uint64_t kept_before = stats.summaries_kept, refined_before = stats.refinements;
    auto finish = [&](std::string why) {
        counts.strengthened = stats.summaries_kept - kept_before;
        counts.refined = stats.refinements - refined_before;
        counts.seconds = base::seconds_since(t0);
        return why;
    };
    // Function-level callers (through loop procedures: a call inside f's loop is f's call).
    std::vector<std::set<ProcId>> callers(model.procs.size());
    std::map<std::string, ProcId> entry_of;
    for (std::size_t f = 0; f < plain.functions.size(); ++f) entry_of[plain.functions[f].name] = model.of_function[f];
    for (ProcId p = 0; p < model.procs.size(); ++p)
        for (const ProcCall& c : model.procs[p].calls) {
            const ProcId caller = entry_of.at(model.procs[p].function);
            const ProcId callee = entry_of.at(model.procs[c.callee].function);
            if (caller != callee) callers[callee].insert(caller);
        }
    const std::vector<ProcId> order = functions_bottom_up(model);
    std::set<ProcId> work;
    // Callers of p that can have summaries (recursive ones pass the change on to theirs).
    auto mark_callers = [&](ProcId p) {
        std::vector<ProcId> todo{p};
        std::set<ProcId> seen;
        while (!todo.empty()) {
            const ProcId q = todo.back();
            todo.pop_back();
            for (ProcId c : callers[q]) {
                if (c == 0 || !seen.insert(c).second) continue;
                if (tree.recursive(c))
                    todo.push_back(c);
                else
                    work.insert(c);
            }
        }
    };
    for (const std::string& f : old_file.dropped)
        if (auto p = entry_procedure(model, f)) {
            ++counts.dropped;
            mark_callers(*p);
        }
    for (ProcId p : order) {
        if (p == 0) continue;
        const std::string& name = model.procs[p].function;
        const auto now = hashes.find(name);
        const auto before = old_file.function_hashes.find(name);
        const bool is_new = before == old_file.function_hashes.end();
        const bool changed = is_new || now == hashes.end() || now->second != before->second;
        if (tree.recursive(p)) {  // no summary of its own: a change reaches its callers
            if (changed) mark_callers(p);
            continue;
        }
        const std::uint32_t key = tree[tree.add_root(p)].key;
        if (is_new) {
            ++counts.new_functions;
            const Term f[1] = {tm.mk_false()};
            add_conjuncts(tm, store, key, f);
            work.insert(p);
            mark_callers(p);
            continue;
        }
        for (const StoredSummary& s : old_file.summaries)
            if (s.function == name) {
                const Term one[1] = {s.formula};
                add_conjuncts(tm, store, key, one);
            }
        if (changed) {
            ++counts.changed;
            work.insert(p);
        }
    }
    // Bottom-up over the work list (the order lists callees first).
    while (!work.empty()) {
        ProcId f = 0;
        for (ProcId p : order)
            if (work.count(p)) {
                f = p;
                break;
            }
        work.erase(f);
        const std::uint32_t root = tree.add_root(f);
        const std::uint32_t key = tree[root].key;
        if (!store.has(key)) continue;  // in N: its summary is true, strengthened from above
        ++counts.validated;
        std::vector<Term> cands = store.conjuncts[key];
        store.conjuncts[key].clear();  // the root is precise anyway; no stale conjunct meanwhile
        bool weakened = false;
        for (;;) {
            const std::size_t before = cands.size();
            const PbmcResult r =
                violates(model, tree, f, root, tm.mk_and(cands), store, o, budget, stats,
                         [&](const smt::Model& m, std::span<const Term> params, std::span<const Term> returns) {
                             // Houdini: drop the candidates this execution falsifies.
                             std::vector<Term> keep;
                             for (Term c : cands)
                                 if (m.evaluate(instantiate_contract(model, f, c, {params.begin(), params.end()},
                                                                     {returns.begin(), returns.end()}))
                                         .b)
                                     keep.push_back(c);
                             cands = std::move(keep);
                         });
            if (r.kind == PbmcResult::Unknown) {
                add_conjuncts(tm, store, key, cands);
                return finish(r.reason + " (revising " + model.procs[f].function + ")");
            }
            if (r.kind == PbmcResult::Refuted) break;
            weakened = true;
            if (cands.size() == before) cands.clear();  // the model falsified none: trust none
            if (cands.empty()) break;
        }
        add_conjuncts(tm, store, key, cands);
        if (!weakened) {
            ++counts.kept;
            continue;
        }
        if (cands.empty())
            ++counts.invalidated;
        else
            ++counts.weakened;
        mark_callers(f);
    }
    return finish({});
}

}  // namespace craig::verifier
