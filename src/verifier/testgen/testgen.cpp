#include "verifier/testgen/testgen.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "base/budget.hpp"
#include "base/interrupt.hpp"
#include "base/statistics.hpp"
#include "frontend/frontend.hpp"
#include "frontend/replay.hpp"
#include "frontend/task.hpp"
#include "smt/terms/term.hpp"
#include "verifier/lazy/lazy_search.hpp"
#include "verifier/run/job.hpp"
#include "verifier/testgen/goal_check.hpp"
#include "verifier/testgen/testcomp_suite.hpp"
#include "verifier/testgen/unreachable_claim.hpp"
#include "verifier/witness/sha256.hpp"
#include "verifier/witness/witness.hpp"

namespace craig::verifier {

namespace {

using Clock = std::chrono::steady_clock;

std::string describe(const Goal& g) { return g.loc.str() + " " + g.label; }

// The Test-Comp inputs of a path: the values of __VERIFIER_nondet_* calls (uninitialised
// variables and extern globals are no inputs of a test harness).
std::vector<TestInput> test_inputs(const Counterexample& cex) {
    std::vector<TestInput> in;
    for (const InputValue& v : cex.inputs)
        if (v.input.source.rfind("__VERIFIER_nondet_", 0) == 0)
            in.push_back(TestInput{v.text, frontend::to_string(v.input.type)});
    return in;
}

TestgenStatus generate(const TestgenOptions& o, std::ostream& out, std::ostream& err) {
    const auto start = Clock::now();
    const ProgramInput in = program_input(o.input);
    const std::string c_file = in.c_file;
    frontend::DataModel dm = in.data_model;
    if (o.data_model) dm = *o.data_model;
    const frontend::TranslationUnit tu = frontend::parse_translation_unit(c_file, dm);
    if (!tu.main_function() || !tu.main_function()->body)
        throw frontend::ParseError(frontend::SourceLocation{c_file, 0, 0}, "the program has no definition of main");

    smt::TermManager tm;
    const Program plain = lower(tu, tm, o.lowering);
    const GoalProgram gp = goal_program(plain, o.cover);
    // The search gets 90 % of the time; replaying and writing the tests the rest (replays stop at
    // the time limit: tests found but not replayed by then are not written).
    auto after = [&](double seconds) {
        return start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    };
    const base::Budget budget(o.timeout > 0 ? std::optional(after(0.9 * o.timeout)) : std::nullopt, o.memory_mb);
    const Clock::time_point end = o.timeout > 0 ? after(o.timeout) : Clock::time_point::max();
    // Edge goals are judged on the trace, which ends after kMaxTraceSteps steps: a longer replay
    // cannot pass one. The error goal needs the run to reach the error.
    frontend::ReplayLimits limits;
    if (o.cover != Coverage::Error) limits.max_steps = 2 * frontend::kMaxTraceSteps;

    std::vector<LocId> targets;
    for (const Goal& g : gp.goals) targets.push_back(g.target);
    // The recursion bound's location is a goal too: unreachability claimed while it is reachable
    // could rest on the calls the lowering cut off.
    const LocId bound = gp.program.truncated;
    if (bound != kNoLoc) targets.push_back(bound);
    // Tests, checked by replay and written as they are found (folder mode), so that a run ended
    // from outside keeps its tests; a zip is written at the end.
    SuiteMetadata meta;
    meta.specification = o.cover == Coverage::Branches ? kCoverBranchesSpec
                         : o.cover == Coverage::Error  ? kCoverErrorSpec
                                                       : kCoverStatementsSpec;
    meta.program_file = c_file;
    meta.program_hash = sha256_file(c_file);
    meta.data_model = dm;
    meta.producer = o.producer;
    meta.creation_time = utc_now();
    TestSuite suite(meta);
    if (!o.zip) suite.start_folder(o.output);
    const std::size_t n_goals = gp.goals.size();
    // A goal is covered once the search has reached it and a written test's run passes it. Only
    // goals the search reached count: the replay sees source lines, and an inlined function's
    // line stands for goals of every instance, of which some may be unreachable.
    std::vector<std::uint8_t> searched(n_goals, 0), passed(n_goals, 0);
    const std::vector<GoalPattern> patterns = goal_patterns(tu, gp.goals);
    std::size_t reached = 0, replay_failures = 0, unreplayed = 0, calls = 0;
    std::set<std::vector<std::uint64_t>> written;
    // --stats: the paper's curve, goals against backtracks (per reached path: its goal, if its
    // test passes it).
    std::vector<std::pair<std::size_t, std::size_t>> curve;  // (index into found.reached, goal)
    auto take = [&](LocId target, const Counterexample& cex) {
        const std::size_t ri = calls++;
        const auto gi = static_cast<std::size_t>(
            std::find_if(gp.goals.begin(), gp.goals.end(), [&](const Goal& g) { return g.target == target; }) -
            gp.goals.begin());
        if (gi == n_goals) return;
        ++reached;
        searched[gi] = 1;
        if (passed[gi]) {  // an earlier test passes this goal
            curve.emplace_back(ri, gi);
            return;
        }
        if (Clock::now() > end) {
            ++unreplayed;
            return;
        }
        std::vector<std::uint64_t> bits;
        for (const InputValue& v : cex.inputs) bits.push_back(v.bits);
        const frontend::ReplayResult r = frontend::replay(tu, bits, limits);
        const RunIndex run(r);
        if (!run.passes(patterns[gi])) {
            ++replay_failures;
            err << "craig: warning: the test for " << describe(gp.goals[gi])
                << " does not pass the goal when replayed (the run ended: " << frontend::to_string(r.outcome)
                << "); not written\n";
            return;
        }
        curve.emplace_back(ri, gi);
        for (std::size_t j = 0; j < n_goals; ++j)
            if (!passed[j] && run.passes(patterns[j])) passed[j] = 1;
        if (!written.insert(bits).second) return;
        // The error goal is one location for all error calls: the comment names the one this run
        // reached.
        const std::string error_at = error_call(r);
        suite.add(TestCase{test_inputs(cex),
                           error_at.empty() || !patterns[gi].error ? describe(gp.goals[gi]) : error_at,
                           r.outcome == frontend::ReplayOutcome::ReachedError});
    };
    LazyOptions lo;
    lo.learning = o.learning;
    lo.stop_at_goal = false;
    lo.on_reached = take;
    const LazyOutcome found = lazy_annotation(gp.program, targets, lo, budget);
    if (o.zip) suite.write_zip(o.output + ".zip");
    std::vector<std::uint8_t> covered(n_goals, 0);
    for (std::size_t j = 0; j < n_goals; ++j) covered[j] = searched[j] && passed[j];
    std::vector<std::string> reached_lines;
    for (const auto& [ri, gi] : curve)
        reached_lines.push_back("  reached at backtrack " + std::to_string(found.reached_at[ri]) + ": " +
                                describe(gp.goals[gi]) + "\n");

    base::Statistics claim_stats;
    const std::string claim_note = certify_unreachable(
        gp.program, found, end == Clock::time_point::max() ? std::nullopt : std::optional(end), claim_stats);
    std::set<LocId> unreachable;
    if (claim_note.empty())
        for (LocId l : found.unreachable)
            if (l != bound) unreachable.insert(l);
    const std::size_t n_unreachable = unreachable.size();
    const std::size_t n_covered = static_cast<std::size_t>(std::count(covered.begin(), covered.end(), 1));
    out << "Goals: " << gp.goals.size() << " (" << coverage_name(o.cover) << "): " << n_covered << " covered, "
        << n_unreachable << " unreachable, " << gp.goals.size() - n_covered - n_unreachable << " undecided\n";
    out << "Tests: " << suite.tests().size() << " written to " << (o.zip ? o.output + ".zip" : o.output + "/")
        << " (each replayed to its goal)\n";
    for (const Goal& g : gp.goals)
        if (unreachable.count(g.target)) out << "  unreachable: " << describe(g) << "\n";
    if (!claim_note.empty()) out << "Unreachable goals not claimed: " << claim_note << "\n";
    if (unreplayed) out << "Not written: " << unreplayed << " tests found but not replayed within the time limit\n";
    const bool stopped = !found.complete || unreplayed;
    if (!found.complete) out << "Search stopped: " << found.reason << "\n";
    if (o.stats) {
        base::Statistics stats;
        record_lazy_stats(stats, found.stats);
        stats.merge(claim_stats);
        stats.count("testgen.goals", gp.goals.size());
        stats.count("testgen.covered", n_covered);
        stats.count("testgen.unreachable", n_unreachable);
        stats.count("testgen.tests", suite.tests().size());
        stats.count("testgen.paths", reached);
        stats.count("testgen.replay_failures", replay_failures);
        stats.count("testgen.unreplayed", unreplayed);
        stats.seconds("time.total", base::seconds_since(start));
        out << "Statistics:\n";
        stats.print(out);
        out << "Goals in the order reached:\n";
        for (const std::string& line : reached_lines) out << line;
    }
    out.flush();
    const bool out_of_time = budget.timed_out() || Clock::now() > end;
    return stopped && (out_of_time || base::interrupted()) ? TestgenStatus::ResourceLimit : TestgenStatus::Done;
}

}  // namespace

TestgenStatus run_testgen(const TestgenOptions& o, std::ostream& out, std::ostream& err) {
    auto error = [&](const std::string& message, TestgenStatus status) {
        out.flush();
        err << "craig: error: " << message << "\n";
        return status;
    };
    try {
        return generate(o, out, err);
    } catch (const frontend::Unsupported& e) {
        return error("unsupported: " + e.location().str() + ": " + e.construct(), TestgenStatus::Unsupported);
    } catch (const frontend::InputError& e) {
        return error(e.what(), TestgenStatus::IoError);
    } catch (const frontend::ParseError& e) {
        return error(e.what(), TestgenStatus::InputError);
    }
}

}  // namespace craig::verifier
