#include "chc/run_chc.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "base/budget.hpp"
#include "base/interrupt.hpp"
#include "base/statistics.hpp"
#include "chc/derivation.hpp"
#include "chc/model.hpp"
#include "chc/reader.hpp"
#include "chc/to_procedures.hpp"
#include "chc/to_program.hpp"
#include "smtlib/syntax/errors.hpp"
#include "verifier/accelerate/accelerate.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/run/judged_run.hpp"

namespace craig::chc {

namespace {

using verifier::Verdict;
using verifier::VerdictKind;
using Status = verifier::VerifyStatus;

// A candidate verdict after certification, with what --print-witness shows.
struct Judged {
    VerdictKind kind = VerdictKind::Unknown;  // the judged verdict's kind when it stands
    std::string reason;
    std::optional<ChcModel> model;
    std::optional<Derivation> derivation;
    base::Statistics stats;
};

// The model an engine solved: the large-block program of linear clauses (to_program.hpp) or the
// procedures of any clauses (to_procedures.hpp, for whale).
struct Solved {
    const verifier::Program* blocks = nullptr;  // the program the TRUE gate reads
    const ChcProgram* program = nullptr;        // set for the program route
    const ChcProcedures* procedures = nullptr;  // set for the procedural route
    std::span<const std::size_t> clause_of;     // per plain edge: its clause
    // `blocks` is the accelerated program (verifier/accelerate/accelerate.hpp): its invariant at a
    // loop head's new location is only a candidate for the head's predicate (it holds the states
    // after any number of iterations, but need not be closed under one more), and a derivation
    // through an accelerated loop has one clause instance per iteration. The gate's check of the
    // invariants on the accelerated program proves the original system (accelerate.hpp), so a
    // candidate that fails leaves `sat` without a model; a derivation that cannot be checked is an
    // UNKNOWN for the original system to settle, not a failed self-check.
    bool accelerated = false;
};

// Clause instances a derivation through accelerated loops may have: the values come from one
// solver query over all of them.
constexpr std::size_t kMaxAcceleratedDerivation = std::size_t{1} << 14;

class Judge {
public:
    Judge(const ChcOptions& o, const ChcSystem& sys, const Solved& solved, const base::Budget& budget)
        : o_(o), sys_(sys), solved_(solved), budget_(budget) {}

    Judged operator()(const Verdict& v) const {
        Judged j;
        j.kind = v.kind;
        j.reason = v.reason;
        if (v.kind == VerdictKind::True) safe(v, j);
        if (v.kind == VerdictKind::False) unsafe(v, j);
        return j;
    }

private:
    smt::SolverOptions solver_options() const { return verifier::checked_solver_options(o_, budget_); }

    void safe(const Verdict& v, Judged& j) const {
        const verifier::CertifyOptions co = verifier::certify_options(o_);
        const verifier::Procedures* procs = solved_.procedures ? &solved_.procedures->procedures : nullptr;
        const verifier::Certified c =
            verifier::certify_safe(v, *solved_.blocks, co, budget_, procs);  // throws if invalid
        j.stats.merge(c.stats);
        if (c.kind != VerdictKind::True) {
            j.kind = c.kind;
            j.reason = c.reason;
            return;
        }
        ChcModel m;
        if (!v.certificate.contracts.empty()) {
            m = model_from_contracts(*solved_.procedures, v.certificate.contracts);
        } else if (!v.certificate.invariants.empty() && solved_.program) {
            m = model_from_invariants(*solved_.program, *solved_.blocks, v.certificate.invariants);
        } else {
            return;  // bmc: a complete unrolling, checked by the gate
        }
        const ModelCheck mc = check_model(solved_.blocks->terms(), sys_, m, solver_options());
        j.stats.count("chc.model_queries", mc.queries);
        if (mc.outcome != ModelOutcome::Valid && solved_.accelerated) {
            j.stats.count("accelerate.model-invalid", 1);
            return;
        }
        if (mc.outcome == ModelOutcome::Invalid) throw smt::CheckFailure("model: " + mc.why);
        if (mc.outcome == ModelOutcome::Inconclusive) {
            j.kind = VerdictKind::Unknown;
            j.reason = "the check of the model was inconclusive: " + mc.why;
            return;
        }
        j.model = std::move(m);
    }

    void unsafe(const Verdict& v, Judged& j) const {
        if (v.cex.unexpanded || (solved_.accelerated && v.cex.plain_path.size() > kMaxAcceleratedDerivation)) {
            j.kind = VerdictKind::Unknown;
            j.reason = "the derivation runs " + std::to_string(v.cex.accelerated_iterations) +
                       " iterations of accelerated loops: more clause instances than its check takes";
            return;
        }
        std::vector<std::size_t> clauses;
        for (verifier::EdgeId e : v.cex.plain_path) {
            if (e >= solved_.clause_of.size())
                throw smt::CheckFailure("counterexample: edge " + std::to_string(e) + " is no clause");
            clauses.push_back(solved_.clause_of[e]);
        }
        const DerivationSearch found = find_derivation(solved_.blocks->terms(), sys_, clauses, solver_options());
        if (found.result == smt::Result::Unsat && solved_.accelerated) {
            j.kind = VerdictKind::Unknown;
            j.reason = "the path through accelerated loops has no clause instances: " + found.why;
            j.stats.count("accelerate.derivation-refuted", 1);
            return;
        }
        if (found.result == smt::Result::Unsat) throw smt::CheckFailure("counterexample: " + found.why);
        if (found.result == smt::Result::Unknown) {
            j.kind = VerdictKind::Unknown;
            j.reason = "the counterexample's clause instances were undecided";
            return;
        }
        const DerivationCheck dc = check_derivation(solved_.blocks->terms(), sys_, found.derivation);
        if (dc.outcome == DerivationOutcome::Invalid) throw smt::CheckFailure("derivation: " + dc.why);
        if (dc.outcome == DerivationOutcome::Undefined) {
            j.kind = VerdictKind::Unknown;
            j.reason = "derivation not checked: " + dc.why;
            return;
        }
        j.stats.count("chc.derivation_steps", found.derivation.steps.size());
        j.derivation = found.derivation;
    }

    const ChcOptions& o_;
    const ChcSystem& sys_;
    const Solved& solved_;
    const base::Budget& budget_;
};

std::string where(const ChcOptions& o, smtlib::Location loc) {
    return o.input + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

Status solve(const ChcOptions& o, std::istream& in, std::ostream& out, std::ostream& err) {
    const auto start = base::Budget::Clock::now();
    const base::Budget budget = verifier::budget_of(o, start);
    smt::TermManager tm;
    const ChcSystem sys = read_chc(in, o.input, tm);
    // Nothing asked: no answer (a system without queries is answered: sat, every predicate true).
    if (!sys.check_sat) throw smtlib::ScriptError(smtlib::Location{}, "no (check-sat): the file asks nothing");
    const verifier::EngineRegistry& registry = verifier::registry_of(o);
    const verifier::EngineInfo* info = &verifier::engine_of(o);
    // Nonlinear clauses are procedures with several calls: only whale takes them, and the
    // portfolio hands such a system to it.
    const bool linear =
        std::all_of(sys.clauses.begin(), sys.clauses.end(), [](const Clause& c) { return c.is_linear(); });
    if (!linear && info->can.combines)
        if (const verifier::EngineInfo* whale = registry.find(kNonlinearEngine)) info = whale;

    Solved solved;
    ChcProgram cp(tm);
    std::optional<verifier::Program> blocks;
    std::optional<ChcProcedures> procs;
    if (info->procedural()) {
        procs.emplace(to_procedures(sys, tm));
        solved.blocks = procs->plain.get();
        solved.procedures = &*procs;
        solved.clause_of = procs->clause_of;
    } else {
        to_program(sys, cp);
        blocks.emplace(verifier::large_block(cp.program));
        solved.blocks = &*blocks;
        solved.program = &cp;
        solved.clause_of = cp.clause_of;
    }
    // One engine run on a target and its judgement.
    const auto run_on = [&](const Solved& target, const base::Budget& b) {
        const Judge judge(o, sys, target, b);
        verifier::JudgedRun<Judged> judged(judge);
        std::map<std::string, std::string> values = o.engine_options;
        if (info->can.combines) values.try_emplace("portfolio", std::string(kChcPortfolio));
        verifier::EngineSettings s = info->settings(verifier::common_settings(o), values);
        s.certified = judged.callback();
        s.registry = &registry;
        const verifier::MadeEngine engine = info->create(s);
        Verdict v = engine.run(*target.blocks, procs ? &procs->procedures : nullptr, b);
        Judged j = judged.final(v);
        return std::pair{std::move(v), std::move(j)};
    };
    // The accelerated system first, in half of the time (an eighth with under-approximations only;
    // all of it without a limit), then the original in the rest, as craig verify does.
    base::Statistics accelerate_stats;
    std::optional<verifier::Accelerated> accelerated;
    if (blocks && o.accelerate)
        accelerated = verifier::accelerate(*blocks, verifier::checked_solver_options(o, budget), accelerate_stats);
    Solved on_accelerated = solved;
    if (accelerated) {
        on_accelerated.blocks = &accelerated->program;
        on_accelerated.accelerated = true;
    }
    const double first_share = accelerated && accelerated->replaces_loops() ? 0.5 : 0.125;
    auto [v, j] = run_on(accelerated ? on_accelerated : solved,
                         accelerated && o.timeout > 0 ? budget.slice(budget.remaining() * first_share) : budget);
    if (accelerated && j.kind == VerdictKind::Unknown && !budget.exhausted()) {
        accelerate_stats.count("accelerate.fallback", 1);
        std::tie(v, j) = run_on(solved, budget);
    } else if (accelerated && j.kind == VerdictKind::True && !j.model && !v.certificate.invariants.empty() &&
               o.print_witness && !budget.exhausted()) {
        // For the model the original system is solved again in a slice of the time left (at most
        // half of it, 10 s without a limit); its sat replaces the first where it comes.
        accelerate_stats.count("accelerate.witness-rerun", 1);
        auto [v2, j2] = run_on(solved, budget.slice(std::min(10.0, budget.remaining() / 2)));
        if (j2.kind == VerdictKind::True) {
            accelerate_stats.count("accelerate.witness-rerun-true", 1);
            v = std::move(v2);
            j = std::move(j2);
        }
    }

    Status status = Status::Done;
    std::string reason = j.reason;
    if (j.kind == VerdictKind::Unknown && (base::interrupted() || budget.timed_out())) {
        status = Status::ResourceLimit;
        const std::string what = base::interrupted() ? "interrupted" : "timeout";
        if (reason.rfind(what, 0) != 0) reason = what + ": " + reason;
    }
    out << (j.kind == VerdictKind::True ? "sat" : j.kind == VerdictKind::False ? "unsat" : "unknown") << "\n";
    if (j.kind == VerdictKind::Unknown) err << "craig: unknown: " << reason << "\n";
    if (o.print_witness && j.model) print_model(out, tm, sys, *j.model);
    if (o.print_witness && j.kind == VerdictKind::True && !j.model && !v.certificate.invariants.empty())
        out << "; no model: " << v.reason
            << " (the invariants of the accelerated system checked; at a loop head they fail on the original "
               "clauses)\n";
    else if (o.print_witness && j.kind == VerdictKind::True && !j.model)
        out << "; no model: " << v.reason
            << (v.certificate.kinduction ? " (the k-induction checked: base and step case, auxiliary invariants)\n"
                                         : " (every derivation ends within the bound; checked)\n");
    if (o.print_witness && j.derivation) print_derivation(out, tm, sys, *j.derivation);
    out.flush();
    if (o.stats) {
        base::Statistics stats;
        stats.count("chc.predicates", sys.preds.size());
        stats.count("chc.clauses", sys.clauses.size());
        stats.count("program.variables", solved.blocks->vars.size());
        if (blocks) stats.count("program.edges.blocks", blocks->edges.size());
        if (procs) stats.count("program.procedures", procs->procedures.procs.size());
        if (blocks && o.accelerate) stats.merge(accelerate_stats);
        stats.merge(v.stats);
        stats.merge(j.stats);
        stats.seconds("time.total", base::seconds_since(start));
        err << "Statistics:\n  engine: " << info->name << "\n";
        stats.print(err);
    }
    return status;
}

}  // namespace

Status run_chc(const ChcOptions& o, std::ostream& out, std::ostream& err) {
    std::error_code ec;
    if (std::filesystem::is_directory(o.input, ec)) {
        err << "craig: error: " << o.input << ": is a directory, not a CHC file\n";
        return Status::IoError;
    }
    std::ifstream in(o.input);
    if (!in) {
        err << "craig: error: cannot open '" << o.input << "'\n";
        return Status::IoError;
    }
    try {
        return solve(o, in, out, err);
    } catch (const smtlib::Unsupported& e) {
        out << "unknown\n";
        out.flush();
        err << "craig: unsupported: " << where(o, e.location()) << ": " << e.what() << "\n";
        return Status::Unsupported;
    } catch (const smtlib::ScriptError& e) {
        out.flush();
        err << "craig: error: " << where(o, e.location()) << ": " << e.what() << "\n";
        return Status::InputError;
    }
}

}  // namespace craig::chc
