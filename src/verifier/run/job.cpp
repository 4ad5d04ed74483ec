#include "verifier/run/job.hpp"

#include <filesystem>

#include "frontend/frontend.hpp"

namespace craig::verifier {

namespace {

bool has_suffix(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

ProgramInput program_input(const std::string& input) {
    ProgramInput in;
    std::error_code ec;
    if (std::filesystem::is_directory(input, ec))
        throw frontend::InputError(input, "is a directory, not a C file or task file");
    in.c_file = input;
    if (!has_suffix(input, ".yml") && !has_suffix(input, ".yaml")) return in;
    in.task = frontend::read_task_file(input);
    if (in.task->input_files.size() != 1)
        throw frontend::Unsupported(frontend::SourceLocation{input, 0, 0},
                                    "task with " + std::to_string(in.task->input_files.size()) + " input files");
    in.c_file = in.task->input_files.front();
    in.data_model = in.task->data_model;
    return in;
}

Job resolve_job(const VerifyOptions& o) {
    Job job;
    const ProgramInput in = program_input(o.input);
    job.c_file = in.c_file;
    job.data_model = in.data_model;
    if (in.task && o.property_file.empty()) {
        const frontend::TaskProperty* p = frontend::find_unreach_call(*in.task);
        if (!p) {
            job.property_supported = false;
            job.property_file = in.task->properties.empty() ? "" : in.task->properties.front().property_file;
        } else {
            job.property_file = p->property_file;
            job.expected_verdict = p->expected_verdict;
        }
    }
    if (!o.property_file.empty()) job.property_file = o.property_file;
    if (!job.property_file.empty()) {
        frontend::Property p = frontend::read_property_file(job.property_file);
        job.property_text = p.text;
        job.property_supported = p.kind == frontend::PropertyKind::UnreachCall;
    }
    if (o.data_model) job.data_model = *o.data_model;
    job.c_name = job.c_file;
    return job;
}

WitnessInfo witness_info(const VerifyOptions& o, const Job& job) {
    WitnessInfo info;
    info.program_file = job.c_file;
    info.program_name = job.c_name;
    info.specification = job.property_text;
    info.architecture = job.data_model == frontend::DataModel::LP64 ? "64bit" : "32bit";
    info.producer = o.producer;
    return info;
}

// Whether --witness names an input of the job (the C file, the task file, the property
// file), also through symlinks or another spelling of the path: such a run is refused
// before any work, so that a witness never overwrites its program.
bool witness_is_input(const VerifyOptions& o, const Job& job) {
    namespace fs = std::filesystem;
    if (o.witness.empty()) return false;
    for (const std::string& input : {o.input, job.c_file, job.property_file}) {
        std::error_code ec;
        if (!input.empty() && fs::equivalent(o.witness, input, ec) && !ec) return true;
    }
    return false;
}

// A witness file left from an earlier run must not pass for this run's: the file is
// removed before the engine runs and written only for TRUE and FALSE. Never an input
// (run_verify refuses those before; checked again here).
void remove_stale_witness(const VerifyOptions& o, const Job& job) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (o.witness.empty() || !fs::is_regular_file(o.witness, ec) || witness_is_input(o, job)) return;
    fs::remove(o.witness, ec);
}

}  // namespace craig::verifier
