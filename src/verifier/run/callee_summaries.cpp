#include "verifier/run/callee_summaries.hpp"

#include <algorithm>

#include <sys/resource.h>

#include "frontend/errors.hpp"
#include "smt/solver.hpp"
#include "verifier/certify/contracts.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/engines/whale/whale.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::verifier {

namespace {

// --use-summaries: the seconds spent on proving summaries, a quarter of the run's limit (10 s
// without one). A CPU-time limit of the process (ulimit -t, as benchmark runs set it) bounds the
// run too: the share is of the smaller limit.
double summary_seconds(double timeout) {
    constexpr double kShare = 0.25, kWithoutLimit = 10;
    double limit = timeout;
    rlimit cpu{};
    if (getrlimit(RLIMIT_CPU, &cpu) == 0 && cpu.rlim_cur != RLIM_INFINITY) {
        rusage used{};
        getrusage(RUSAGE_SELF, &used);
        const double spent = static_cast<double>(used.ru_utime.tv_sec + used.ru_stime.tv_sec) +
                             static_cast<double>(used.ru_utime.tv_usec + used.ru_stime.tv_usec) * 1e-6;
        const double left = static_cast<double>(cpu.rlim_cur) - spent;
        limit = limit > 0 ? std::min(limit, left) : left;
    }
    return limit > 0 ? std::max(0.0, limit) * kShare : kWithoutLimit;
}

// Per procedure: whether its C function can call itself (a path of calls between the entry
// procedures of functions; a loop procedure's tail calls stay inside its function).
std::vector<bool> recursive_functions(const Procedures& ps) {
    const std::size_t n = ps.procs.size();
    auto is_entry = [&](ProcId p) { return ps.procs[p].name == ps.procs[p].function; };
    // Function-level successors: the functions whose entry procedure some procedure of f calls.
    std::map<std::string, std::vector<std::string>> calls;
    for (const Procedure& pr : ps.procs)
        for (const ProcCall& c : pr.calls)
            if (is_entry(c.callee)) calls[pr.function].push_back(ps.procs[c.callee].function);
    std::vector<bool> out(n, false);
    for (ProcId p = 0; p < n; ++p) {
        const std::string& f = ps.procs[p].function;
        std::vector<std::string> stack = calls[f];
        std::vector<std::string> seen;
        while (!stack.empty() && !out[p]) {
            const std::string g = stack.back();
            stack.pop_back();
            if (g == f) out[p] = true;
            if (std::find(seen.begin(), seen.end(), g) != seen.end()) continue;
            seen.push_back(g);
            for (const std::string& h : calls[g]) stack.push_back(h);
        }
    }
    return out;
}

// Template facts per procedure for the Houdini step, beyond WHALE's guesses (which are few when
// it finds a counterexample early): per return r (not the error flag) r >= 0 and, per param p,
// r = p, r >= p, r <= p (frames of globals, monotone counters, results bounded by arguments).
std::vector<std::vector<smt::Term>> template_facts(const Procedures& ps) {
    constexpr std::size_t kMaxPerProcedure = 120;
    const Program& plain = *ps.plain;
    smt::TermManager& tm = plain.terms();
    std::vector<std::vector<smt::Term>> out(ps.procs.size());
    for (ProcId i = 0; i < ps.procs.size(); ++i) {
        const Procedure& pr = ps.procs[i];
        auto add = [&](smt::Term t) {
            if (out[i].size() < kMaxPerProcedure) out[i].push_back(t);
        };
        for (VarId r : pr.returns) {
            if (r == ps.error_var || tm.sort(plain.vars[r].next) != smt::SortTable::Int) continue;
            const smt::Term rn = plain.vars[r].next;
            add(tm.mk_geq(rn, tm.mk_numeral(0, smt::SortTable::Int)));
            for (VarId p : pr.params) {
                const smt::Term pc = plain.vars[p].cur;
                if (tm.sort(pc) != smt::SortTable::Int) continue;
                add(tm.mk_eq(rn, pc));
                add(tm.mk_geq(rn, pc));
                add(tm.mk_leq(rn, pc));
            }
        }
    }
    return out;
}

// The FunctionSummary of entry procedure p of function body `fb`, or nothing when its
// interface has a part the lowering cannot map (a cell of an aggregate, the error flag).
std::optional<FunctionSummary> to_summary(const Procedures& ps, ProcId p, const FunctionBody& fb, smt::Term relation) {
    const Program& plain = *ps.plain;
    const Procedure& pr = ps.procs[p];
    FunctionSummary s;
    s.relation = relation;
    auto global_slot = [&](VarId v, smt::Term constant) -> std::optional<SummarySlot> {
        const VarProvenance& o = plain.var_origin(v);
        if (!o.is_global || !o.c_path.empty() || o.decl == UINT32_MAX) return std::nullopt;
        return SummarySlot{constant, 0, o.decl};
    };
    for (VarId v : pr.params) {
        const auto at = std::find(fb.params.begin(), fb.params.end(), v);
        if (at != fb.params.end()) {
            s.params.push_back(SummarySlot{plain.vars[v].cur, static_cast<std::uint32_t>(at - fb.params.begin())});
            continue;
        }
        std::optional<SummarySlot> g = global_slot(v, plain.vars[v].cur);
        if (!g) return std::nullopt;
        s.params.push_back(*g);
    }
    for (VarId v : pr.returns) {
        if (v == ps.error_var) return std::nullopt;
        if (v == fb.ret_var) {
            s.returns.push_back(SummarySlot{plain.vars[v].next, 0});
            continue;
        }
        std::optional<SummarySlot> g = global_slot(v, plain.vars[v].next);
        if (!g) return std::nullopt;
        s.returns.push_back(*g);
    }
    return s;
}

}  // namespace

CalleeSummaries prove_callee_summaries(const frontend::TranslationUnit& tu, smt::TermManager& tm,
                                       const LoweringOptions& lowering, const CertifyOptions& co,
                                       const base::Budget& budget, double search_seconds, double check_seconds) {
    const auto start = base::Budget::Clock::now();
    CalleeSummaries out;
    auto finish = [&](std::string why) {
        out.none_because = std::move(why);
        out.stats.count("summaries.functions", out.by_function.size());
        out.stats.seconds("summaries.time", base::seconds_since(start));
        return std::move(out);
    };
    LoweringOptions lo = lowering;
    lo.keep_calls = true;
    lo.summaries.clear();
    std::optional<Program> plain;
    std::optional<Procedures> ps;
    try {
        plain.emplace(lower(tu, tm, lo));
        ps.emplace(build_procedures(*plain));
    } catch (const frontend::Unsupported& e) {
        return finish("the procedural model does not express " + e.construct() + " (" + e.location().str() + ")");
    }
    if (plain->functions.size() <= 1) return finish("main calls no function");
    out.stats.count("summaries.procedures", ps->procs.size());

    EngineSettings settings = whale_engine().defaults();
    settings.check_models = co.check_models;
    settings.check_certificates = co.check_certificates;
    std::vector<Contract> contracts =
        whale_summaries(*ps, settings, budget, search_seconds, check_seconds, template_facts(*ps));
    // The gate's check of every contract's body condition, with fresh solvers. main is never
    // called: its contract matters to no summary. A procedure whose condition is undecided gets
    // {true} {true}, which may break a caller's condition: that caller is weakened too, until
    // every condition is decided and holds. An invalid condition before any weakening is a defect.
    contracts[0] = Contract{tm.mk_true(), tm.mk_true()};
    const base::Budget check = budget.slice(check_seconds);
    std::size_t weakened = 0, queries = 0;
    for (;;) {
        ProcId failed = 0;
        const InvariantCheck proved =
            check_contracts(*ps, contracts, checked_solver_options(co, check), co.operator_rounds, false, &failed);
        queries += proved.queries;
        if (proved.outcome == InvariantOutcome::Valid) break;
        if (proved.outcome == InvariantOutcome::Invalid && weakened == 0)
            throw smt::CheckFailure("callee summaries did not check: " + proved.why);
        if (contracts[failed].summary == tm.mk_true() || check.exhausted()) {
            out.stats.count("summaries.queries", queries);
            return finish("the check of the summaries was inconclusive: " + proved.why);
        }
        contracts[failed] = Contract{tm.mk_true(), tm.mk_true()};
        out.stats.count("summaries.weakened", ++weakened);
    }
    out.stats.count("summaries.queries", queries);

    const std::vector<bool> recursive = recursive_functions(*ps);
    for (std::size_t fi = 0; fi < plain->functions.size(); ++fi) {
        const ProcId p = ps->of_function[fi];
        if (p == 0 || recursive[p]) continue;
        const Contract& c = contracts[p];
        const smt::Term relation = c.guard == tm.mk_true() ? c.summary : tm.mk_implies(c.guard, c.summary);
        if (relation == tm.mk_true()) continue;
        if (std::optional<FunctionSummary> s = to_summary(*ps, p, plain->functions[fi], relation))
            out.by_function.emplace(plain->functions[fi].name, std::move(*s));
    }
    return finish(out.by_function.empty() ? "no function of the program has a proven summary other than true" : "");
}

SummarisedProgram::SummarisedProgram(const frontend::TranslationUnit& tu, smt::TermManager& tm,
                                     const LoweringOptions& lowering, const CertifyOptions& certify_options,
                                     const base::Budget& budget, double timeout) {
    const double slice = summary_seconds(timeout);
    CalleeSummaries cs = prove_callee_summaries(tu, tm, lowering, certify_options, budget, slice * 0.75, slice * 0.25);
    stats_ = std::move(cs.stats);
    none_because_ = cs.none_because;
    if (cs.by_function.empty()) return;
    LoweringOptions lo = lowering;
    lo.summaries = summaries_ = std::move(cs.by_function);
    plain_.emplace(lower(tu, tm, lo));
    stats_.count("summaries.calls", plain_->provenance.summarized_calls);
    if (plain_->provenance.summarized_calls > 0)
        blocks_.emplace(large_block(*plain_));
    else
        none_because_ = "no call of a summarised function could be replaced";
}

}  // namespace craig::verifier
