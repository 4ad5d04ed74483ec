// Job: what a `craig verify` run works on, resolved from its options before any work: the C
// file (a task file's input), the name it goes by in messages and witnesses, the data model,
// the property. And the guards that keep a witness from overwriting an input.
//
//   Job job = resolve_job(o);        // throws frontend::InputError / Unsupported / ParseError
//   if (witness_is_input(o, job)) ...  // refuse the run
//   remove_stale_witness(o, job);
#pragma once

#include <optional>
#include <string>

#include "frontend/task.hpp"
#include "frontend/types.hpp"
#include "verifier/run/verify.hpp"
#include "verifier/witness/witness.hpp"

namespace craig::verifier {

// The C file and data model of an input of craig verify or craig testgen: a task file's (.yml or
// .yaml: its one input file, its data model, the task itself), else the file with ILP32.
// Throws frontend::InputError for a directory, frontend::Unsupported for a task with several
// input files, and what reading a task file throws.
struct ProgramInput {
    std::string c_file;
    frontend::DataModel data_model = frontend::DataModel::ILP32;
    std::optional<frontend::Task> task;
};
ProgramInput program_input(const std::string& input);

struct Job {
    std::string c_file;
    std::string c_name;  // the C file in locations, witnesses and messages: c_file, or <stdin>
    frontend::DataModel data_model = frontend::DataModel::ILP32;
    std::string property_text = "CHECK( init(main()), LTL(G ! call(reach_error())) )";
    bool property_supported = true;
    std::string property_file;
    // The task file's expected verdict of its unreach-call property (empty for a C file, a task
    // that states none, or a --property of the user's).
    std::optional<bool> expected_verdict;
};

// A task file (.yml) gives the C file, the data model, the unreach-call property (a task
// without one: property_supported false) and its expected verdict; --property and --data-model
// override them.
Job resolve_job(const VerifyOptions& o);

// Whether --witness names an input of the job (the C file, the task file, the property file),
// also through symlinks or another spelling of the path.
bool witness_is_input(const VerifyOptions& o, const Job& job);

// A witness file left from an earlier run must not pass for this run's: removed before the
// engine runs (never an input).
void remove_stale_witness(const VerifyOptions& o, const Job& job);

// The program, specification, architecture and producer a witness names.
WitnessInfo witness_info(const VerifyOptions& o, const Job& job);

}  // namespace craig::verifier
