#include "verifier/engines/bmc.hpp"

#include "verifier/encoding/operator_refinement.hpp"

#include <unordered_map>

#include "base/interrupt.hpp"
#include "smt/solver.hpp"

namespace craig::verifier {

const char* verdict_name(VerdictKind k) {
    switch (k) {
        case VerdictKind::True: return "TRUE";
        case VerdictKind::False: return "FALSE";
        default: return "UNKNOWN";
    }
}

namespace {

using smt::Term;
using TermMap = std::unordered_map<Term, Term, smt::TermHash>;

// The unrolling: variables, location flags and edge flags per step.
class Unrolling {
public:
    Unrolling(const Program& p) : p_(p), tm_(p.terms()) {
        values_.push_back(fresh_state(0));
        std::vector<Term> r(p.locs.size());
        r[p.entry] = tm_.mk_true();
        reach_.push_back(std::move(r));
    }

    unsigned depth() const { return static_cast<unsigned>(reach_.size() - 1); }
    Term reach(unsigned i, LocId l) const { return reach_[i][l]; }

    // Adds step k -> k+1; returns the formulas to assert.
    std::vector<Term> extend() {
        unsigned k = depth();
        values_.push_back(fresh_state(k + 1));
        std::vector<Term> out;
        std::vector<std::vector<Term>> incoming(p_.locs.size());
        std::vector<Term> flags(p_.edges.size());
        renamed_.emplace_back(p_.edges.size());
        for (EdgeId e = 0; e < p_.edges.size(); ++e) {
            const Edge& edge = p_.edges[e];
            Term r = reach_[k][edge.src];
            if (!r.valid()) continue;
            TermMap ren;
            Term f = instantiate(p_, edge, values_[k], values_[k + 1], "#" + std::to_string(k), true, &ren);
            Term t = tm_.mk_const(
                tm_.fresh_fun("T" + std::to_string(k) + "_" + std::to_string(e), {}, smt::SortTable::Bool));
            out.push_back(tm_.mk_implies(t, tm_.mk_and(r, f)));
            incoming[edge.dst].push_back(t);
            flags[e] = t;
            renamed_.back()[e] = std::move(ren);
        }
        std::vector<Term> r(p_.locs.size());
        for (LocId l = 0; l < p_.locs.size(); ++l) {
            if (incoming[l].empty()) continue;
            r[l] = tm_.mk_const(
                tm_.fresh_fun("R" + std::to_string(k + 1) + "_" + std::to_string(l), {}, smt::SortTable::Bool));
            out.push_back(tm_.mk_implies(r[l], tm_.mk_or(incoming[l])));
        }
        reach_.push_back(std::move(r));
        edge_flags_.push_back(std::move(flags));
        return out;
    }

    // Some location with outgoing edges is reached at step k. The truncated location (a
    // call deeper than the recursion bound) loops on itself for ever; it is not alive: a
    // path there has left the program the lowering modelled (truncated_reached()).
    Term alive(unsigned k) const {
        std::vector<Term> alive;
        for (LocId l = 0; l < p_.locs.size(); ++l)
            if (l != p_.truncated && reach_[k][l].valid() && !p_.out(l).empty()) alive.push_back(reach_[k][l]);
        return tm_.mk_or(alive);
    }

    // The truncated location is reached within k steps (false when there is none).
    Term truncated_reached(unsigned k) const {
        std::vector<Term> at;
        if (p_.truncated != kNoLoc)
            for (unsigned i = 0; i <= k; ++i)
                if (reach_[i][p_.truncated].valid()) at.push_back(reach_[i][p_.truncated]);
        return tm_.mk_or(at);
    }

    Term edge_flag(unsigned k, EdgeId e) const { return edge_flags_[k][e]; }
    Term renamed(unsigned k, EdgeId e, Term aux) const { return renamed_[k][e].at(aux); }

private:
    std::vector<Term> fresh_state(unsigned k) {
        std::vector<Term> s;
        for (const auto& v : p_.vars)
            s.push_back(tm_.mk_const(tm_.fresh_fun(v.name + "@" + std::to_string(k), {}, smt::SortTable::Int)));
        return s;
    }

    const Program& p_;
    smt::TermManager& tm_;
    std::vector<std::vector<Term>> values_;
    std::vector<std::vector<Term>> reach_;
    std::vector<std::vector<Term>> edge_flags_;
    std::vector<std::vector<TermMap>> renamed_;
};

bool is_true(const smt::Model& m, Term t) {
    if (!t.valid()) return false;
    smt::Value v = m.evaluate(t);
    return v.type == smt::Value::Type::Bool && v.b;
}

std::uint64_t to_bits(const mpz_class& z) {
    mpz_class m = z;
    if (m < 0) m += mpz_class(1) << 64;
    mpz_class lo = m & mpz_class(0xffffffffUL), hi = (m >> 32) & mpz_class(0xffffffffUL);
    return (static_cast<std::uint64_t>(hi.get_ui()) << 32) | lo.get_ui();
}

Counterexample extract(const Program& blocks, const Program& plain, const Unrolling& u, unsigned k,
                       const smt::Model& m) {
    // Blocks from the error back to entry.
    std::vector<EdgeId> block_path(k);
    LocId at = blocks.error;
    for (unsigned i = k; i-- > 0;) {
        EdgeId chosen = UINT32_MAX;
        for (EdgeId e : blocks.in(at))
            if (is_true(m, u.edge_flag(i, e)) && is_true(m, u.reach(i, blocks.edges[e].src))) {
                chosen = e;
                break;
            }
        if (chosen == UINT32_MAX) throw smt::CheckFailure("BMC counterexample: no edge taken into a reached location");
        block_path[i] = chosen;
        at = blocks.edges[chosen].src;
    }
    Counterexample cex;
    for (unsigned i = 0; i < k; ++i) {
        const Edge& blk = blocks.edges[block_path[i]];
        LocId start = blocks.locs[blk.src].plain;
        LocId cur = blocks.locs[blk.dst].plain;
        std::vector<const BlockStep*> steps;
        do {
            const BlockStep* chosen = nullptr;
            for (const BlockStep& s : blk.steps)
                if (plain.edges[s.plain].dst == cur && is_true(m, u.renamed(i, block_path[i], s.taken))) {
                    chosen = &s;
                    break;
                }
            if (!chosen) throw smt::CheckFailure("BMC counterexample: no plain edge taken inside a block");
            steps.push_back(chosen);
            cur = plain.edges[chosen->plain].src;
        } while (cur != start);
        for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
            const BlockStep& s = **it;
            cex.plain_path.push_back(s.plain);
            const Edge& pe = plain.edges[s.plain];
            for (std::size_t j = 0; j < pe.inputs.size(); ++j) {
                Term v = u.renamed(i, block_path[i], s.inputs[j]);
                smt::Value val = m.evaluate(v);
                mpz_class z = val.q.get_num();
                cex.inputs.push_back(InputValue{pe.inputs[j], to_bits(z), z.get_str()});
            }
        }
    }
    return cex;
}

smt::SolverOptions solver_options(const BmcOptions& o) {
    smt::SolverOptions so;
    so.check_models = o.check_models;
    so.check_certificates = o.check_certificates;
    so.deadline = o.deadline;
    return so;
}

// A check whose Sat answers are exact for the uninterpreted C operators: a model that
// gets an operator wrong is refuted by instances (added to the solver for good) until none
// is wrong; after `budget` rounds the answer is Unknown and `*out_of_rounds` is set.
smt::Result refined_check(smt::Solver& solver, OperatorRefinement& operators, std::span<const Term> assumptions,
                          unsigned budget, unsigned& checks, std::size_t& instances, bool* out_of_rounds) {
    for (unsigned round = 0;; ++round) {
        ++checks;
        smt::Result r = solver.check(assumptions);
        if (r != smt::Result::Sat || operators.empty()) return r;
        std::vector<Term> fix = operators.lemmas(solver.model());
        if (fix.empty()) return r;
        if (round >= budget) {
            if (out_of_rounds) *out_of_rounds = true;
            return smt::Result::Unknown;
        }
        for (Term l : fix) solver.assert_formula(l);
        instances += fix.size();
    }
}

// Re-derives "no error within k blocks and nothing alive after k" with a fresh solver (its
// own unrolling, operator instances and learnt clauses), one query per bad state: the
// error at each step, and anything alive at step k. Sat is a failed check; Unknown (the
// deadline, the branch budget) leaves the question open.
smt::Result recheck_safe(const Program& blocks, unsigned k, const BmcOptions& o) {
    Unrolling u(blocks);
    smt::Solver s(blocks.terms(), solver_options(o));
    OperatorRefinement operators(blocks.terms());
    for (unsigned i = 0; i < k; ++i)
        for (Term f : u.extend()) {
            operators.scan(f);
            s.assert_formula(f);
        }
    std::vector<Term> bad;
    for (unsigned i = 0; i <= k; ++i)
        if (u.reach(i, blocks.error).valid()) bad.push_back(u.reach(i, blocks.error));
    bad.push_back(u.alive(k));
    bad.push_back(u.truncated_reached(k));
    unsigned checks = 0;
    std::size_t instances = 0;
    for (Term b : bad) {
        if (b == blocks.terms().mk_false()) continue;
        Term a[1] = {b};
        smt::Result r = refined_check(s, operators, a, o.max_refinements, checks, instances, nullptr);
        if (r != smt::Result::Unsat) return r;
    }
    return smt::Result::Unsat;
}

}  // namespace

Verdict bmc(const Program& blocks, const Program& plain, const BmcOptions& o) {
    auto& tm = blocks.terms();
    smt::Solver solver(tm, solver_options(o));
    Unrolling u(blocks);
    OperatorRefinement operators(tm);
    std::size_t instances = 0;
    Verdict v;
    unsigned checks = 0;
    bool out_of_rounds = false;
    // A query stopped by the deadline or an interrupt says where the unrolling was.
    auto solver_unknown = [&](unsigned k) {
        const std::string why = solver.reason_unknown();
        if (why == "timeout" || why == "interrupted") return why + " at bound " + std::to_string(k);
        return "solver: " + why;
    };
    auto finish = [&](Verdict r) {
        r.stats.push_back({"bmc-bound", std::to_string(u.depth())});
        r.stats.push_back({"bmc-checks", std::to_string(checks)});
        r.stats.push_back({"operator-instances", std::to_string(instances)});
        r.stats.push_back({"blocks", std::to_string(blocks.edges.size())});
        r.stats.push_back({"plain-edges", std::to_string(plain.edges.size())});
        r.stats.push_back({"variables", std::to_string(plain.vars.size())});
        return r;
    };
    for (;;) {
        unsigned k = u.depth();
        Term err = u.reach(k, blocks.error);
        if (err.valid()) {
            smt::Term a[1] = {err};
            smt::Result r = refined_check(solver, operators, a, o.max_refinements, checks, instances, &out_of_rounds);
            if (r == smt::Result::Sat) {
                v.kind = VerdictKind::False;
                v.cex = extract(blocks, plain, u, k, solver.model());
                v.reason = "error reached in " + std::to_string(k) + " blocks";
                return finish(v);
            }
            if (r == smt::Result::Unknown) {
                v.reason =
                    out_of_rounds ? "operator refinement budget at bound " + std::to_string(k) : solver_unknown(k);
                return finish(v);
            }
        }
        Term alive = u.alive(k);
        bool done = alive == tm.mk_false();
        if (!done) {
            // Plain check: refining here would enumerate operator values of every state.
            ++checks;
            smt::Term a[1] = {alive};
            smt::Result r = solver.check(a);
            if (r == smt::Result::Unknown) {
                v.reason =
                    out_of_rounds ? "operator refinement budget at bound " + std::to_string(k) : solver_unknown(k);
                return finish(v);
            }
            done = r == smt::Result::Unsat;
        }
        if (done) {
            // Every execution ends within k blocks or runs into the recursion bound. Beyond k
            // nothing changes, so a reachable bound is a final UNKNOWN (deepening would spin).
            if (Term trunc = u.truncated_reached(k); trunc != tm.mk_false()) {
                smt::Term a[1] = {trunc};
                smt::Result r =
                    refined_check(solver, operators, a, o.max_refinements, checks, instances, &out_of_rounds);
                if (r == smt::Result::Sat) {
                    v.reason = "a call deeper than the recursion bound is reachable (" +
                               (blocks.approximations.empty() ? std::string("recursion inlined to a bound")
                                                              : blocks.approximations.front()) +
                               "); raise --recursion-depth";
                    return finish(v);
                }
                if (r == smt::Result::Unknown) {
                    v.reason =
                        out_of_rounds ? "operator refinement budget at bound " + std::to_string(k) : solver_unknown(k);
                    return finish(v);
                }
            }
            const smt::Result re = recheck_safe(blocks, k, o);
            if (re == smt::Result::Sat)
                throw smt::CheckFailure("BMC: the bounded safety proof did not re-check in a fresh solver");
            if (re == smt::Result::Unknown) {
                v.reason = "the re-check of the safety argument at bound " + std::to_string(k) +
                           " was inconclusive (time or integer budget)";
                return finish(v);
            }
            v.kind = VerdictKind::True;
            v.reason = "every execution ends within " + std::to_string(k) + " blocks";
            return finish(v);
        }
        if (o.max_bound && k >= o.max_bound) {
            v.reason = "bound " + std::to_string(k) + " reached";
            return finish(v);
        }
        if (base::interrupted()) {
            v.reason = "interrupted at bound " + std::to_string(k);
            return finish(v);
        }
        if (o.deadline && std::chrono::steady_clock::now() >= *o.deadline) {
            v.reason = "timeout at bound " + std::to_string(k);
            return finish(v);
        }
        for (Term f : u.extend()) {
            operators.scan(f);
            solver.assert_formula(f);
        }
    }
}

}  // namespace craig::verifier
