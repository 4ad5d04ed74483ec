#include "verifier/certify/unwound_check.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "verifier/encoding/procedure_body.hpp"

namespace craig::verifier {

namespace {

using smt::Term;

// The gate's own unwinding of the coded model: activations by a work list, each with the
// activation counts of its call path (over all procedures); a call of a procedure active
// `unwinding` times stops with flag 1. With lemmas, a child whose procedure and counts (on the
// procedures its subtree can reach: nothing else decides its subtree) match a lemma is not
// expanded: its lemma stands for it, and the lemma's own obligation is queued.
class Unwinder {
public:
    Unwinder(Program& copy, const Procedures& ps, const Certificate::Unwound& c, std::uint32_t max_activations)
        : copy_(copy), ps_(ps), tm_(copy.terms()), c_(c), max_(max_activations) {
        const std::size_t n = ps.procs.size();
        reach_.assign(n, std::vector<char>(n, 0));
        for (ProcId p = 0; p < n; ++p) {
            std::vector<ProcId> stack{p};
            while (!stack.empty()) {
                const ProcId q = stack.back();
                stack.pop_back();
                if (reach_[p][q]) continue;
                reach_[p][q] = 1;
                for (const ProcCall& call : ps.procs[q].calls) stack.push_back(call.callee);
            }
        }
    }

    struct Activation {
        ProcId proc;
        Term active;
        std::vector<Term> params, returns;
        std::vector<std::uint32_t> counts;
    };

    Activation make(ProcId p, std::vector<std::uint32_t> counts) {
        Activation a{p, fresh("gate.active", smt::SortTable::Bool), {}, {}, std::move(counts)};
        for (VarId v : ps_.procs[p].params)
            a.params.push_back(fresh("gate." + copy_.vars[v].name, var_sort(tm_, copy_.vars[v])));
        for (VarId v : ps_.procs[p].returns)
            a.returns.push_back(fresh("gate." + copy_.vars[v].name + "'", var_sort(tm_, copy_.vars[v])));
        return a;
    }

    Term flag_of(ProcId p, const std::vector<Term>& returns) const {
        const auto& r = ps_.procs[p].returns;
        const auto it = std::find(r.begin(), r.end(), ps_.error_var);
        if (it == r.end()) throw smt::CheckFailure("unwound check: a procedure without the error flag");
        return returns[static_cast<std::size_t>(it - r.begin())];
    }

    // The formulas of `root`'s subtree (root's body expanded, lemmas for matching descendants
    // when `lemmas` is set, skipping `except`); false when the activation budget ran out.
    // Lemmas used are added to `used`.
    bool expand(const Activation& root, bool lemmas, std::size_t except, std::vector<Term>& parts,
                std::set<std::size_t>& used) {
        std::vector<Activation> work{root};
        while (!work.empty()) {
            const Activation a = std::move(work.back());
            work.pop_back();
            if (++made_ > max_) return false;
            const Procedure& pr = ps_.procs[a.proc];
            const BodyEncoding b = encode_body(ps_, a.proc, "#g" + std::to_string(made_));
            std::vector<Term> body{b.formula};
            for (std::size_t j = 0; j < b.params.size(); ++j) body.push_back(tm_.mk_eq(a.params[j], b.params[j]));
            for (std::size_t j = 0; j < b.returns.size(); ++j) body.push_back(tm_.mk_eq(a.returns[j], b.returns[j]));
            parts.push_back(tm_.mk_implies(a.active, tm_.mk_and(body)));
            for (std::size_t e = 0; e < pr.edges.size(); ++e) {
                if (pr.call[e] == kNoCall || tm_.kind(b.taken[e]) != smt::Kind::Const) continue;
                const std::uint32_t k = pr.call[e];
                const ProcId q = pr.calls[k].callee;
                Activation m = make(q, a.counts);
                std::vector<Term> bind{m.active};
                for (std::size_t j = 0; j < b.call_args[k].size(); ++j)
                    bind.push_back(tm_.mk_eq(b.call_args[k][j], m.params[j]));
                for (std::size_t j = 0; j < b.call_results[k].size(); ++j)
                    bind.push_back(tm_.mk_eq(b.call_results[k][j], m.returns[j]));
                parts.push_back(tm_.mk_implies(b.taken[e], tm_.mk_and(bind)));
                if (m.counts[q] >= c_.unwinding) {
                    parts.push_back(tm_.mk_implies(
                        m.active, tm_.mk_eq(flag_of(q, m.returns), tm_.mk_numeral(1, smt::SortTable::Int))));
                    continue;
                }
                ++m.counts[q];
                if (lemmas) {
                    if (const std::optional<std::size_t> l = lemma_of(m); l && *l != except) {
                        used.insert(*l);
                        parts.push_back(tm_.mk_implies(
                            m.active, instantiate_contract(ps_, q, c_.lemmas[*l].summary, m.params, m.returns)));
                        continue;
                    }
                }
                work.push_back(std::move(m));
            }
        }
        return true;
    }

    // The lemma whose procedure and counts (on the procedures reachable from it) are m's.
    std::optional<std::size_t> lemma_of(const Activation& m) const {
        for (std::size_t i = 0; i < c_.lemmas.size(); ++i) {
            const Certificate::Unwound::Lemma& l = c_.lemmas[i];
            if (l.proc != m.proc || l.counts.size() != m.counts.size()) continue;
            bool same = true;
            for (ProcId q = 0; q < m.counts.size() && same; ++q)
                same = !reach_[m.proc][q] || l.counts[q] == m.counts[q];
            if (same) return i;
        }
        return std::nullopt;
    }

    std::uint32_t made() const { return made_; }

private:
    Term fresh(const std::string& name, smt::Sort s) { return tm_.mk_const(tm_.fresh_fun(name, {}, s)); }

    Program& copy_;
    const Procedures& ps_;
    smt::TermManager& tm_;
    const Certificate::Unwound& c_;
    std::uint32_t max_;
    std::uint32_t made_ = 0;
    std::vector<std::vector<char>> reach_;
};

}  // namespace

InvariantCheck check_unwound(const Program& plain, const Certificate::Unwound& c,
                             const smt::SolverOptions& solver_options, unsigned operator_rounds,
                             std::uint32_t max_activations) {
    Program copy = plain;  // build_procedures indexes its program; the gate's model is its own
    const Procedures ps = build_procedures(copy, c.codes);
    smt::TermManager& tm = copy.terms();
    auto main_query = [&](Unwinder& u, bool lemmas, std::set<std::size_t>& used, InvariantCheck& out) {
        std::vector<std::uint32_t> counts(ps.procs.size(), 0);
        counts[0] = 1;
        const Unwinder::Activation root = u.make(0, counts);
        std::vector<Term> parts;
        if (!u.expand(root, lemmas, SIZE_MAX, parts, used)) {
            out.outcome = InvariantOutcome::Inconclusive;
            out.why = "more than " + std::to_string(max_activations) + " activations in the unwound call tree";
            return false;
        }
        std::vector<Term> wanted;
        for (std::int64_t r : c.refuted)
            wanted.push_back(tm.mk_eq(u.flag_of(0, root.returns), tm.mk_numeral(r, smt::SortTable::Int)));
        parts.push_back(root.active);
        parts.push_back(tm.mk_or(wanted));
        return discharge(out, tm, tm.mk_and(parts),
                         "main's error flag in the refuted codes within unwinding " + std::to_string(c.unwinding),
                         solver_options, operator_rounds);
    };
    // With lemmas (the engine's summaries): the main query and each used lemma's obligation
    // (its body, with lemmas below it, implies it) are small queries; a lemma is never used in
    // its own subtree (a recursive procedure's count grows along a path, a non-recursive one
    // occurs once), so by induction on the subtrees all of them hold and the main query's
    // refutation is the tree's. Anything that fails falls back to the whole unwinding.
    if (!c.lemmas.empty()) {
        InvariantCheck out;
        Unwinder u(copy, ps, c, max_activations);
        std::set<std::size_t> used, done;
        bool ok = main_query(u, true, used, out);
        while (ok) {
            auto next = std::find_if(used.begin(), used.end(), [&](std::size_t l) { return !done.count(l); });
            if (next == used.end()) break;
            const std::size_t l = *next;
            done.insert(l);
            const Certificate::Unwound::Lemma& lemma = c.lemmas[l];
            if (lemma.proc >= ps.procs.size() || lemma.counts.size() != ps.procs.size()) {
                ok = false;
                break;
            }
            const Unwinder::Activation a = u.make(lemma.proc, lemma.counts);
            std::vector<Term> parts;
            std::set<std::size_t> below;
            if (!u.expand(a, true, l, parts, below)) {
                ok = false;
                break;
            }
            used.insert(below.begin(), below.end());
            parts.push_back(a.active);
            parts.push_back(tm.mk_not(instantiate_contract(ps, lemma.proc, lemma.summary, a.params, a.returns)));
            ok = discharge(out, tm, tm.mk_and(parts), "summary lemma " + std::to_string(l), solver_options,
                           operator_rounds);
        }
        if (ok) return out;
    }
    InvariantCheck out;
    Unwinder u(copy, ps, c, max_activations);
    std::set<std::size_t> none;
    main_query(u, false, none, out);
    return out;
}

}  // namespace craig::verifier
