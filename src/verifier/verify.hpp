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
// Pipeline: parse (frontend) -> lower (plain Program) -> large-block encoding -> engine.
// No verdict is printed unchecked: a FALSE is printed only when the concrete interpreter
// replays the counterexample's inputs on the C program and reaches the error; otherwise
// the verdict is UNKNOWN with the replay outcome as reason. TRUE answers are re-derived by
// the engine itself (BMC: a fresh solver re-checks the completeness argument).
//
// Output (on `out`): `Verification result: TRUE|FALSE|UNKNOWN (reason)`, then the
// counterexample (inputs and the replayed path with values), `Witness: FILE ...` when
// one was written (correctness witnesses: witness_invariants.hpp, correctness_witness.hpp;
// violation witnesses: witness.hpp (GraphML), violation_witness_yaml.hpp (YAML 2.0, for
// --witness-format yaml or a .yml/.yaml witness name))
// or, with `stats`, the statistics; with `json` the last line is one JSON object
//   {"result":"FALSE","reason":"...","unsupported":"","engine":"bmc","time":0.12}.
// Errors that prevent a verdict go to `err` as `craig: error: FILE:LINE:COL: ...`.
// The return value is the process exit code (src/cli/exit_codes.hpp):
//   0 a verdict was printed (TRUE, FALSE, or UNKNOWN because of the bound or a replay),
//   2 the witness file is an input of the job (the C, task or property file, also through
//   a symlink): refused before any work, nothing written,
//   3 input error (syntax, task file), 4 unsupported construct or property (UNKNOWN and
//   the JSON line are printed), 5 time or memory limit (UNKNOWN printed), 6 I/O error,
//   10 a self-check failed.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include "frontend/types.hpp"
#include "itp/options.hpp"
#include "verifier/witness/correctness_witness.hpp"
#include "verifier/lowering/lowering.hpp"

namespace craig::verifier {

struct VerifyOptions {
    std::string input;
    std::string property_file;                      // empty: from the task, else unreach-call
    std::optional<frontend::DataModel> data_model;  // empty: from the task, else ILP32
    // impact: on the dev tasks it proves 59 TRUE and 16 FALSE where bmc proves 11 and 16
    // (docs/results/svcomp-2026-11-25), and bmc never ends on an unbounded loop.
    std::string engine = "impact";
    unsigned bound = 0;  // 0: deepen until the time limit
    double timeout = 0;  // seconds; 0: none
    // Witness file: FALSE writes a GraphML violation witness, TRUE a correctness witness
    // in `witness_format` (empty: yaml for .yml/.yaml names, else graphml); any other
    // verdict leaves no file (an existing one is removed when the job starts).
    std::string witness;
    std::optional<WitnessFormat> witness_format;
    std::string dump_cfg;            // Graphviz file (plain and large-block)
    std::string producer = "craig";  // witness producer, e.g. "craig 0.1.0"
    bool stats = false;
    bool json = false;
    bool check_models = true;
    bool check_certificates = true;
    LoweringOptions lowering;
    // Engine impact: interpolation systems, forced covering, and printing the checked
    // invariants of a TRUE verdict (per large-block location, as C expressions).
    itp::ItpOptions itp;
    bool impact_forced_covering = true;
    bool invariants = false;
};

// Engines `run_verify` accepts.
inline constexpr const char* kEngines[] = {"bmc", "impact"};

int run_verify(const VerifyOptions& options, std::ostream& out, std::ostream& err);

// What is printed when the process must end at a resource limit before the engine
// returned (the watchdog at the time limit, the handler of std::bad_alloc): the UNKNOWN
// verdict with the limit as reason and, with `json`, the JSON line.
std::string limit_report(const VerifyOptions& options, const std::string& reason, double seconds);
std::string timeout_report(const VerifyOptions& options, double seconds);
std::string memory_report(const VerifyOptions& options);
std::string interrupt_report(const VerifyOptions& options);

}  // namespace craig::verifier
