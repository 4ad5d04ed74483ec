#include "verifier/run/run_option_table.hpp"

#include <string>

#include "verifier/engines/engine.hpp"

namespace craig::verifier {

namespace {

using base::OptionKind;
using C = Command;

// "" when `v` is one of `words`, else the error.
template <std::size_t N>
std::string one_of(const std::string& v, const char* const (&words)[N]) {
    std::string list;
    for (const char* w : words) {
        if (v == w) return {};
        list += (list.empty() ? "" : ", ") + std::string(w);
    }
    return "unknown value '" + v + "' (" + list + ")";
}

std::string check_engine(const std::string& v) {
    return builtin_engines().find(v) ? std::string() : "unknown engine '" + v + "' (--list-engines shows them)";
}
std::string check_data_model(const std::string& v) { return one_of(v, {"ILP32", "LP64"}); }
std::string check_witness_format(const std::string& v) { return one_of(v, {"graphml", "yaml"}); }
std::string check_precision(const std::string& v) { return one_of(v, {"lia", "bv", "uf", "refine"}); }
std::string check_heuristic(const std::string& v) {
    return one_of(v, {"h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7"});
}
std::string check_cover(const std::string& v) { return one_of(v, {"statements", "branches", "error"}); }

constexpr std::uint8_t kAll = C::Solve | C::Itp | C::Verify | C::Chc | C::Testgen;
constexpr std::uint8_t kScripts = C::Solve | C::Itp;

constexpr RunOption kRunOptions[] = {
    // Limits and self-checks: every command.
    {{"timeout", OptionKind::Real, "0",
      "Wall-clock limit in seconds (0 = none); craig bench run: the CPU-time and wall-clock limit of each run"},
     kAll | C::Bench},
    {{"memory", OptionKind::Unsigned, "0", "Memory limit in MiB (0 = none); craig bench run: of each run", nullptr, 0,
      UINT64_MAX},
     kAll | C::Bench},
    {{"check-models", OptionKind::Flag, "true",
      "Evaluate every assertion under each model before answering sat, and every engine's models likewise"},
     kScripts | C::Verify | C::Chc},
    {{"check-certificates", OptionKind::Flag, "true",
      "Re-check every theory conflict (Farkas certificates, congruence explanations) with an independent checker"},
     kScripts | C::Verify | C::Chc},
    {{"stats", OptionKind::Flag, "false",
      "Print statistics when the run ends: verify after the verdict, testgen after the summary, chc and solve on "
      "standard error (solve: the list of (get-info :all-statistics), also at a time limit or an interrupt)"},
     C::Solve | C::Verify | C::Chc | C::Testgen},
    // SMT-LIB scripts (craig solve, craig itp), besides the set-option table.
    {{"check-proofs", OptionKind::Flag, "false",
      "Mine and independently check the proof of every unsat answer; a proof that does not check (or a lemma kind "
      "without a checker) exits with code 10"},
     bit(C::Solve)},
    {{"proof-stats", OptionKind::Flag, "false", "With --check-proofs: one line of proof figures per unsat"},
     bit(C::Solve)},
    {{"reduce-proofs", OptionKind::Flag, "false",
      "Compress every proof (LowerUnits, RecyclePivotsWithIntersection) before it is checked, printed or "
      "interpolated; --proof-stats then shows the sizes before and after"},
     kScripts},
    {{"all-systems", OptionKind::Flag, "false",
      "Answer each get-interpolants with every system's results (grouped when equal), sizes and checked "
      "implications between them"},
     bit(C::Itp)},
    {{"simplify", OptionKind::Unsigned, "0",
      "Simplify interpolants: 0 none, 1 contextual propagation, 2 + bound subsumption, 3 + solver-checked "
      "redundancy (itp/simplify.hpp)",
      nullptr, 0, 3},
     kScripts},
    {{"itp-stats", OptionKind::Flag, "false",
      "Diagnostic lines: seconds of every check-sat and get-interpolants (mining and interpolation), interpolant "
      "sizes"},
     kScripts},
    // One engine on one problem (craig verify, craig chc).
    {{"engine", OptionKind::Choice, "portfolio", "Verification engine (craig verify --list-engines shows them)",
      check_engine},
     C::Verify | C::Chc},
    {{"bound", OptionKind::Unsigned, "0",
      "BMC: largest number of blocks (0 = deepen until the time limit); impact: vertices this many blocks deep "
      "are not expanded (then TRUE is impossible); pdr: frames; 0 = no bound"},
     C::Verify | C::Chc},
    {{"list-engines", OptionKind::Flag, "false", "List the engines, their options and defaults, and exit"},
     bit(C::Verify)},
    {{"print-witness", OptionKind::Flag, "false",
      "After sat the checked model (define-fun per predicate), after unsat the checked derivation"},
     bit(C::Chc)},
    // C programs (craig verify, craig testgen).
    {{"data-model", OptionKind::Choice, "", "ILP32 or LP64 (default: the task's, else ILP32)", check_data_model},
     C::Verify | C::Testgen},
    {{"recursion-depth", OptionKind::Unsigned, "3",
      "Inline recursive calls this deep (deeper calls make TRUE impossible; testgen: goals behind them stay "
      "undecided)"},
     C::Verify | C::Testgen},
    {{"property", OptionKind::Text, "", "Property file (.prp); only unreach-call is supported"},
     bit(C::Verify)},
    {{"witness", OptionKind::Text, "",
      "Write a witness: violation witness for FALSE, correctness witness (loop invariants) for TRUE, in the format "
      "of --witness-format; removed for other verdicts. Must not name an input file (exit code 2)"},
     bit(C::Verify)},
    {{"witness-format", OptionKind::Choice, "",
      "Witness format for both verdicts: graphml (1.0) or yaml (2.0: violation_sequence for FALSE, invariant_set "
      "for TRUE) (default: yaml for .yml/.yaml file names, else graphml)",
      check_witness_format},
     bit(C::Verify)},
    {{"dump-cfg", OptionKind::Text, "", "Write the plain and large-block CFG as Graphviz"},
     bit(C::Verify)},
    {{"dump-procedures", OptionKind::Text, "",
      "Write the procedural model as text: calls kept, loops as tail-recursive procedures, globals by mod/ref "
      "(what whale and the contract check read)"},
     bit(C::Verify)},
    {{"emit-chc", OptionKind::Text, "",
      "Write the large-block program as linear Horn clauses (SMT-LIB logic HORN, LIA) for craig chc, z3/Spacer, "
      "Golem; not written when it uses uninterpreted C operators"},
     bit(C::Verify)},
    {{"dump-arg", OptionKind::Text, "",
      "Write the engine's final unwinding/ARG as Graphviz (covering edges dashed; engines without one write an "
      "empty graph saying so)"},
     bit(C::Verify)},
    {{"precision", OptionKind::Choice, "refine",
      "Encoding of integers and C operators: lia (integers; *, /, %, <<, >>, &, |, ^ between variables "
      "uninterpreted, refined point by point), bv (bit-precise words: operators exact, arithmetic undefined "
      "behaviour an error path), uf (bit-precise words, operators uninterpreted), refine (lia first, with 10 "
      "rounds of point refinement and half the time with --timeout; if that ends UNKNOWN on a program with such "
      "operators, words from uf, operators made exact where a refuted path needs them: Asadi's theory "
      "refinement). Words need an engine that takes bit-precise programs (--list-engines) or a portfolio of them",
      check_precision},
     bit(C::Verify)},
    {{"precision-heuristic", OptionKind::Choice, "h5",
      "--precision refine: which falsified operators become exact: h0 forward (the first on the path), h1 "
      "backward (the last), h2/h3 forward/backward + simultaneous (all), h4/h5 forward/backward + dependency (and "
      "those whose operands depend on it), h6/h7 all three",
      check_heuristic},
     bit(C::Verify)},
    {{"use-summaries", OptionKind::Flag, "false",
      "Engines that inline calls: replace the calls of non-recursive functions by summaries that WHALE proves "
      "first (a quarter of --timeout; 10 s without one); a counterexample the replay refutes falls back to "
      "inlining"},
     bit(C::Verify)},
    {{"accelerate", OptionKind::Flag, "true",
      "Replace loops whose body is guarded translations and resets (x += c, phases in one order, y = e; also "
      "linear updates whose matrix powers settle, prev = i; i++) by their "
      "exact transitive closure in integer arithmetic, checked by fresh solvers (--no-accelerate: the loops as "
      "they are); a counterexample through one is replayed with all its iterations (craig chc: the self-loops "
      "of integer predicates; a model is read off the accelerated system and checked on the original clauses, a "
      "derivation expanded into its clause instances); the accelerated program gets half of --timeout, the "
      "original the rest"},
     bit(C::Verify) | C::Chc},
    {{"progress", OptionKind::Flag, "false",
      "Print a status line on stderr about once a second (engine, depth or unwinding size, refinements, covers, "
      "elapsed time)"},
     bit(C::Verify)},
    {{"invariants", OptionKind::Flag, "false",
      "Print the checked inductive invariants of a TRUE verdict (per location, as C)"},
     bit(C::Verify)},
    {{"json", OptionKind::Flag, "false", "End the output with a JSON line for machines (with the statistics)"},
     bit(C::Verify)},
    // Test generation (craig testgen).
    {{"output", OptionKind::Text, "test-suite", "Test suite folder (with --zip: OUTPUT.zip)"},
     bit(C::Testgen)},
    {{"zip", OptionKind::Flag, "false", "Write the suite as OUTPUT.zip (folder test-suite/ inside), as Test-Comp does"},
     bit(C::Testgen)},
    {{"cover", OptionKind::Choice, "statements",
      "Goals: statements (every statement of the plain CFG), branches (every branch outcome), error (the call of "
      "reach_error)",
      check_cover},
     bit(C::Testgen)},
    {{"learning", OptionKind::Flag, "true",
      "Learn labels (lazy annotation); --no-learning is the DART-style search without them, the baseline that "
      "shows what learning buys"},
     bit(C::Testgen)},
};

}  // namespace

std::span<const RunOption> run_option_table() { return kRunOptions; }

const RunOption* find_run_option(std::string_view name) {
    for (const RunOption& o : kRunOptions)
        if (o.row.name == name) return &o;
    return nullptr;
}

}  // namespace craig::verifier
