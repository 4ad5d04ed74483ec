// `craig verify`: the whole verification job, from an input file to a checked verdict.
//
//   VerifyOptions o; o.input = "task.yml"; o.engine = "impact"; o.timeout = 60;
//   int exit_code = run_verify(o, std::cout, std::cerr);
//
// Input: a C file (.c, run through the preprocessor when it has directives), a
// preprocessed .i file, or an SV-COMP task file (.yml; its unreach-call property and data
// model are used). The property must be unreach-call (default for C files; --property
// names a .prp file).
//
// Pipeline (the pieces in this folder, each usable alone): the job (job.hpp: C file, data model,
// property) -> parse (frontend) -> the programs (lowered_programs.hpp: the integer or
// bit-precise plain program and its large-block form, the word stage of --precision refine, the
// procedural model) -> --use-summaries (callee_summaries.hpp: the program with summarised calls)
// -> one engine (engines/engine.hpp, from the registry) and the certification gate
// (certify/certify.hpp) per program solved, their verdicts judged once (judged_run.hpp) -> the
// fallbacks (the inlined program after a refuted FALSE on summaries, the word stage after the
// integer stage's UNKNOWN) -> the verdict (report.hpp), witnesses (witness_files.hpp), the
// certificate as text (certificate_text.hpp). No verdict is printed unchecked: a FALSE only when
// the concrete interpreter replays the counterexample on the C program to the error, a TRUE only
// when its certificate checks with fresh solvers. craig chc shares run_options.hpp and
// judged_run.hpp.
//
// Output (on `out`): `Verification result: TRUE|FALSE|UNKNOWN (reason)`, then the
// counterexample (inputs and the replayed path with values), `Witness: FILE ...` when
// one was written (correctness witnesses: witness_invariants.hpp, correctness_witness.hpp;
// violation witnesses: witness.hpp (GraphML), violation_witness_yaml.hpp (YAML 2.0, for
// --witness-format yaml or a .yml/.yaml witness name))
// or, with `stats`, the statistics; with `json` the last line is one JSON object
//   {"result":"FALSE","reason":"...","unsupported":"","engine":"bmc","time":0.12,"stats":{...}}.
// Errors that prevent a verdict go to `err` as `craig: error: FILE:LINE:COL: ...`; with
// `progress` a status line goes to `err` about once a second.
// The return value says how the run ended (main.cpp maps it to the exit code):
//   Done: a verdict was printed (TRUE, FALSE, or UNKNOWN because of the bound or a replay),
//   Usage: the witness file is an input of the job (the C, task or property file, also
//   through a symlink): refused before any work, nothing written,
//   InputError (syntax, task file), Unsupported construct or property (UNKNOWN and the JSON
//   line are printed), ResourceLimit (time or memory; UNKNOWN printed), IoError.
// A certificate that does not check throws smt::CheckFailure (exit 10).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>

#include "frontend/types.hpp"
#include "verifier/run/run_options.hpp"
#include "verifier/witness/correctness_witness.hpp"
#include "verifier/lowering/lowering.hpp"

namespace craig::verifier {

enum class VerifyStatus : std::uint8_t { Done, Usage, InputError, Unsupported, ResourceLimit, IoError };

struct VerifyOptions : RunOptions {
    // input (RunOptions): a C file, a .i file, a task file (.yml), or "-" for standard input.
    // engine: "portfolio" (engines/portfolio.cpp) by default.
    std::string property_file;                      // empty: from the task, else unreach-call
    std::optional<frontend::DataModel> data_model;  // empty: from the task, else ILP32
    bool progress = false;                          // status lines on `err` about once a second
    std::string dump_arg;                           // Graphviz file of the final unwinding/ARG
    // Witness file: FALSE writes a GraphML violation witness, TRUE a correctness witness
    // in `witness_format` (empty: yaml for .yml/.yaml names, else graphml); any other
    // verdict leaves no file (an existing one is removed when the job starts).
    std::string witness;
    std::optional<WitnessFormat> witness_format;
    std::string dump_cfg;  // Graphviz file (plain and large-block)
    // The procedural model (program/procedures.hpp) as text: calls kept, loops as procedures.
    std::string dump_procedures;
    // The large-block program as linear Horn clauses (program/chc_writer.hpp); a program the
    // format cannot express (uninterpreted C operators) gets a warning and no file.
    std::string emit_chc;
    bool json = false;
    LoweringOptions lowering;
    // Engines that inline calls: first prove summaries of the non-recursive functions with
    // WHALE (a quarter of --timeout, 10 s without one; callee_summaries.hpp) and solve the
    // program whose calls of them are single steps by their summaries; a counterexample that the
    // replay refutes makes the engine solve the inlined program in the time left.
    bool use_summaries = false;
    // Replace loops of guarded translations and resets by their closure (accelerate/accelerate.hpp)
    // before the engine runs, on the integer program of engines that take the large-block program.
    bool accelerate = true;
    // How integers and C's operators are encoded (issue 22). "lia": integers, the non-linear and
    // bitwise operators between variables uninterpreted and refined point by point; "bv": the
    // bit-precise program (program/bit_precise.hpp), operators exact; "uf": the bit-precise
    // program with the operators uninterpreted word functions (a spurious path ends UNKNOWN).
    // "refine" (the default) is the chain EUF -> arithmetic -> bit-vectors: the "lia" program
    // first (alone when it has no such operator: then it is exact); if it ends UNKNOWN with time
    // left, the bit-precise program from "uf", operators made exact where refuted paths need them
    // (encoding/theory_refinement.hpp, chosen by `precision_heuristic`). With a timeout the
    // integer stage gets half of it; it has 10 rounds of point refinement per check (not 100).
    // Words need an engine whose reasoning is SMT over the program's formulas
    // (EngineCapabilities::words; not vinta-box(es), value, the procedural engines,
    // --use-summaries) and a program the translation takes (no pointer variables): "bv" and
    // "uf" are Unsupported elsewhere, "refine" keeps the integer stage's answer with a warning.
    std::string precision = "refine";
    // h5 by measurement (docs/results/precision-2026-11-27): the thesis default h4 refined the
    // operators of computations that precede the assertion first.
    std::string precision_heuristic = "h5";
    // Print the checked invariants of a TRUE verdict (per large-block location, as C).
    bool invariants = false;
};

VerifyStatus run_verify(const VerifyOptions& options, std::ostream& out, std::ostream& err);

// What is printed when the process must end at a resource limit before the engine
// returned (the watchdog at the time limit, the handler of std::bad_alloc): the UNKNOWN
// verdict with the limit as reason and, with `json`, the JSON line.
std::string limit_report(const VerifyOptions& options, const std::string& reason, double seconds);
std::string timeout_report(const VerifyOptions& options, double seconds);
std::string memory_report(const VerifyOptions& options);
std::string interrupt_report(const VerifyOptions& options);

}  // namespace craig::verifier
