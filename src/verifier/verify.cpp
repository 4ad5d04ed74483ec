#include "verifier/verify.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include <sys/resource.h>

#include "base/budget.hpp"
#include "base/interrupt.hpp"
#include "base/statistics.hpp"
#include "frontend/frontend.hpp"
#include "frontend/interpreter.hpp"
#include "frontend/stdin_file.hpp"
#include "frontend/task.hpp"
#include "smt/solver.hpp"
#include "smt/terms/printer.hpp"
#include "verifier/callee_summaries.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/program/bit_precise.hpp"
#include "verifier/program/chc_writer.hpp"
#include "verifier/program/dot.hpp"
#include "verifier/encoding/operator_refinement.hpp"
#include "verifier/encoding/theory_refinement.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/program/procedures.hpp"
#include "verifier/program/term_to_c.hpp"
#include "verifier/summaries/summary_file.hpp"
#include "verifier/witness/contract_text.hpp"
#include "verifier/witness/readable_invariants.hpp"
#include "verifier/witness/scope_scan.hpp"
#include "verifier/witness/violation_witness_yaml.hpp"
#include "verifier/witness/witness.hpp"
#include "verifier/witness/witness_expression.hpp"
#include "verifier/witness/witness_contracts.hpp"
#include "verifier/witness/witness_invariants.hpp"

namespace craig::verifier {

namespace {

using Clock = std::chrono::steady_clock;
using frontend::DataModel;

using base::json_escape;

// The printed result of a run: what the last two lines of output say.
struct Report {
    VerdictKind kind = VerdictKind::Unknown;
    std::string reason;
    std::string unsupported;  // "FILE:LINE:COL: construct" when the input is outside the subset
    // FALSE: the functions without a definition (neither the program's nor docs/libc.md's)
    // whose arbitrary results or effects the replayed path relies on; said on the verdict line.
    std::vector<std::string> assumed_externals;
    std::vector<std::string> externals;  // every reachable function without a definition (--json)
    // FALSE: the replayed path converted between pointers and integers, so it holds for the
    // replay's placement of objects in memory (one that C allows); said on the verdict line.
    bool assumed_layout = false;
};

constexpr const char* kLayoutNote = "the path uses the addresses of objects: it holds for the replay's layout of them";

void print_verdict_line(std::ostream& out, const Report& r) {
    out << "Verification result: " << verdict_name(r.kind);
    if (r.kind == VerdictKind::Unknown) out << " (" << r.reason << ")";
    if (r.kind == VerdictKind::False && !r.assumed_externals.empty()) {
        out << " (the path assumes results of functions without a definition:";
        for (const std::string& f : r.assumed_externals) out << " " << f;
        out << ")";
    }
    if (r.kind == VerdictKind::False && r.assumed_layout) out << " (" << kLayoutNote << ")";
    out << "\n";
}

// The functions without a definition whose results the replayed path read. (Their effects on
// globals are not listed: a FALSE stands only when a replay without them reaches the error too.)
std::vector<std::string> externals_on_path(const frontend::ReplayResult& replay) {
    std::vector<std::string> names;
    for (const frontend::TraceStep& s : replay.trace) {
        if (s.kind != frontend::TraceStep::Input || s.source != frontend::TraceStep::InputSource::ExternalResult)
            continue;
        if (std::find(names.begin(), names.end(), s.name + "()") == names.end()) names.push_back(s.name + "()");
    }
    return names;
}

void print_json(std::ostream& out, const VerifyOptions& o, const Report& r, double seconds,
                const char* result = nullptr, const base::Statistics* stats = nullptr) {
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", seconds);
    out << "{\"result\":\"" << (result ? result : verdict_name(r.kind)) << "\",\"reason\":\"" << json_escape(r.reason)
        << "\",\"unsupported\":\"" << json_escape(r.unsupported) << "\",\"engine\":\"" << json_escape(o.engine)
        << "\",\"time\":" << time;
    if (!r.externals.empty()) {
        out << ",\"external_functions\":[";
        for (std::size_t i = 0; i < r.externals.size(); ++i)
            out << (i ? "," : "") << "\"" << json_escape(r.externals[i]) << "\"";
        out << "]";
    }
    if (stats) {
        out << ",\"stats\":";
        stats->print_json(out);
    }
    out << "}\n";
}

bool has_suffix(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The C file, data model and property text of the job.
struct Job {
    std::string c_file;
    std::string c_name;  // the C file in locations, witnesses and messages: c_file, or <stdin>
    DataModel data_model = DataModel::ILP32;
    std::string property_text = "CHECK( init(main()), LTL(G ! call(reach_error())) )";
    bool property_supported = true;
    std::string property_file;
};

Job resolve_job(const VerifyOptions& o) {
    Job job;
    std::error_code ec;
    if (std::filesystem::is_directory(o.input, ec))
        throw frontend::InputError(o.input, "is a directory, not a C file or task file");
    if (has_suffix(o.input, ".yml") || has_suffix(o.input, ".yaml")) {
        frontend::Task task = frontend::read_task_file(o.input);
        if (task.input_files.size() != 1)
            throw frontend::Unsupported(frontend::SourceLocation{o.input, 0, 0},
                                        "task with " + std::to_string(task.input_files.size()) + " input files");
        job.c_file = task.input_files.front();
        job.data_model = task.data_model;
        if (o.property_file.empty()) {
            const frontend::TaskProperty* p = frontend::find_unreach_call(task);
            if (!p) {
                job.property_supported = false;
                job.property_file = task.properties.empty() ? "" : task.properties.front().property_file;
            } else {
                job.property_file = p->property_file;
            }
        }
    } else {
        job.c_file = o.input;
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

// One line of the replayed path: "f.c:12:5 main: x = 42".
std::string describe(const frontend::TraceStep& s) {
    using K = frontend::TraceStep;
    std::string line = s.loc.str() + (s.function.empty() ? "" : " " + s.function) + ": ";
    const std::string value = frontend::c_literal(s.value, s.type);
    switch (s.kind) {
        case K::Input:
            if (s.source == K::InputSource::Nondet)
                line += s.name + "() returns " + value;
            else if (s.source == K::InputSource::Extern)
                line += "extern " + s.name + " = " + value;
            else if (s.source == K::InputSource::ExternalResult)
                line += "external " + s.name + "() returns " + value;
            else if (s.source == K::InputSource::LibraryResult && s.name.find(' ') != std::string::npos)
                line += s.name + " = " + value + " (C library)";  // "scanf() target 1 = 5"
            else if (s.source == K::InputSource::LibraryResult)
                line += s.name + "() returns " + value + " (C library)";
            else if (s.source == K::InputSource::ExternalGlobal)
                line += "external call sets " + s.name + " = " + value;
            else
                line += "uninitialised " + s.name + " = " + value;
            break;
        case K::Assign: line += s.name + " = " + value; break;
        case K::Branch: line += s.name + " " + (s.taken ? "[" : "[!(") + s.text + (s.taken ? "]" : ")]"); break;
        case K::Call: line += "call " + s.name; break;
        case K::Return: line += "return from " + s.name + (s.text == "return" ? "" : " (" + s.text + ")"); break;
        case K::Error: line += "error: " + s.text; break;
    }
    return line;
}

void print_counterexample(std::ostream& out, const Counterexample& cex, const frontend::ReplayResult& replay) {
    // Values the program reads from variables it never initialised are no inputs a user gives:
    // they are listed apart (the replay reads them in the same sequence, so the order is kept).
    auto uninitialised = [](const InputValue& in) { return in.input.source.rfind("uninitialised", 0) == 0; };
    const std::size_t n_uninit =
        static_cast<std::size_t>(std::count_if(cex.inputs.begin(), cex.inputs.end(), uninitialised));
    const std::size_t n_inputs = cex.inputs.size() - n_uninit;
    out << "Counterexample: " << n_inputs << " input value" << (n_inputs == 1 ? "" : "s");
    if (n_uninit) out << " and " << n_uninit << " uninitialised value" << (n_uninit == 1 ? "" : "s");
    out << ", replayed concretely: " << replay.message << " at " << replay.where.str() << "\n";
    std::size_t k = 0;
    for (const InputValue& in : cex.inputs)
        if (!uninitialised(in))
            out << "  input " << ++k << ": " << in.input.source << " at " << in.input.loc.str() << " = " << in.text
                << "\n";
    for (const InputValue& in : cex.inputs)
        if (uninitialised(in)) out << "  read before written: " << in.input.source.substr(14) << " at "
                                   << in.input.loc.str() << " = " << in.text << "\n";
    out << "Path (replayed):\n";
    for (const frontend::TraceStep& s : replay.trace) out << "  " << describe(s) << "\n";
}

void write_cfg(const VerifyOptions& o, const Program& plain, const Program& blocks) {
    std::ofstream f(o.dump_cfg);
    if (!f) throw frontend::InputError(o.dump_cfg, "cannot write the CFG file");
    write_dot_pair(f, plain, blocks, o.input);
    if (!f) throw frontend::InputError(o.dump_cfg, "cannot write the CFG file");
}

// --emit-chc: the large-block program as Horn clauses, never over an input of the job.
// With external functions the clauses have the lowering's over-approximation (a call may change
// every global), which craig verify's replay does not accept as a counterexample: said on `err`.
void emit_chc(const VerifyOptions& o, const Job& job, const Program& blocks, bool externals, std::ostream& err) {
    std::error_code ec;
    for (const std::string& input : {o.input, job.c_file, job.property_file})
        if (!input.empty() && std::filesystem::equivalent(o.emit_chc, input, ec) && !ec)
            throw frontend::InputError(o.emit_chc, "is an input file; no Horn clauses written");
    std::ostringstream text;
    std::string why;
    if (!write_chc(text, blocks, job.c_name, why)) {
        err << "craig: warning: --emit-chc: " << o.emit_chc << " not written: " << why << "\n";
        return;
    }
    std::ofstream f(o.emit_chc);
    if (f) f << text.str();
    if (!f) throw frontend::InputError(o.emit_chc, "cannot write the Horn clauses");
    if (externals)
        err << "craig: warning: --emit-chc: in " << o.emit_chc
            << " external functions may change every global variable; unsat there need not be a C "
               "counterexample craig verify confirms\n";
}

// The checked invariants of a TRUE verdict, one line per large-block location, over the C names
// valid there (readable_invariants.hpp); where no such formula is found, the proved one with
// unique program names ("f#2::n") and the reason.
void print_invariants(std::ostream& out, const Program& blocks, const std::vector<smt::Term>& inv,
                      const ReadableInvariants& readable) {
    if (inv.empty()) {
        out << "Invariants: none (the engine proves TRUE without invariants)\n";
        return;
    }
    out << "Invariants (checked inductive, per location):\n";
    for (LocId l = 0; l < blocks.locs.size() && l < inv.size(); ++l) {
        const Location& loc = blocks.locs[l];
        std::string what = l == blocks.entry       ? "entry"
                           : l == blocks.error     ? "error"
                           : l == blocks.exit      ? "exit"
                           : l == blocks.truncated ? "truncated"
                           : loc.loop_head         ? "loop head"
                                                   : "location";
        const LocProvenance& at = blocks.loc_origin(l);
        out << "  " << at.loc.str() << " " << (at.function.empty() ? "-" : at.function) << " (" << what << "): ";
        std::string why;
        if (std::optional<std::string> c = readable.c_text(l, &why)) {
            out << *c;
            const std::vector<std::string>& gone = readable.projected(l);
            for (std::size_t i = 0; i < gone.size(); ++i) out << (i ? ", " : "  [without ") << gone[i];
            if (!gone.empty())
                out << (readable.inductive(l) ? "; checked inductive again]" : "; implied by the proved invariant]");
            out << "\n";
            continue;
        }
        // Words (a bit-precise program): the exact C form where there is one (bit fields as
        // masks of unsigned long long), for the integer form would print word terms raw.
        std::optional<std::string> exact;
        if (!blocks.vars.empty() && blocks.terms().is_bv(blocks.vars.front().cur))
            exact = exact_c_expression(blocks, inv[l], [&](VarId v) -> std::optional<std::string> {
                const VarProvenance& o = blocks.var_origin(v);
                return o.c_name.empty() || o.is_temp ? blocks.vars[v].name : o.c_name + o.c_path;
            });
        out << (exact ? *exact : term_to_c_at(blocks, l, inv[l])) << "  [as proved: " << why << "]\n";
    }
}

// Contracts of an interprocedural TRUE (whale) as C (contract_text.hpp); a procedure whose
// contract has no C form there in SMT-LIB over the program variables: the cur constant of a
// parameter is its value at entry, the primed (next) constant of a return its value at exit.
void print_contracts(std::ostream& out, const frontend::TranslationUnit& tu, const Procedures& ps,
                     const std::vector<Contract>& contracts) {
    out << "Contracts (checked by Hoare's rule for recursion, per procedure; \\old(x) is x at entry, \\result the "
           "return value, \\error whether reach_error was called):\n";
    const smt::TermManager& tm = ps.plain->terms();
    const ScopeScan scan(tu);
    for (std::size_t i = 0; i < ps.procs.size() && i < contracts.size(); ++i) {
        std::string why;
        if (auto c = contract_text(scan, ps, static_cast<ProcId>(i), contracts[i], &why)) {
            out << "  " << ps.procs[i].name << ": requires " << c->requires_clause << "; ensures " << c->ensures_clause
                << "\n";
            continue;
        }
        std::ostringstream g, s;
        smt::print_term(g, tm, contracts[i].guard, false);
        smt::print_term(s, tm, contracts[i].summary, false);
        out << "  " << ps.procs[i].name << ": requires " << g.str() << "; ensures " << s.str() << "  [in SMT-LIB, x' is x at return: "
            << why << "]\n";
    }
}

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

// --use-summaries: the proven summaries whose calls the solved program replaced, in SMT-LIB over
// the procedural model's variables (a parameter's constant is its value at the call, the primed
// one a result's).
void print_summaries(std::ostream& out, const smt::TermManager& tm,
                     const std::map<std::string, FunctionSummary>& summaries) {
    out << "Summaries (checked by Hoare's rule for recursion; x' is x at return):\n";
    for (const auto& [name, s] : summaries) {
        std::ostringstream r;
        smt::print_term(r, tm, s.relation, false);
        out << "  " << name << ": " << r.str() << "\n";
    }
}

WitnessInfo witness_info(const VerifyOptions& o, const Job& job) {
    WitnessInfo info;
    info.program_file = job.c_file;
    info.program_name = job.c_name;
    info.specification = job.property_text;
    info.architecture = job.data_model == DataModel::LP64 ? "64bit" : "32bit";
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

// The violation witness of a FALSE verdict, in the format --witness-format or the file
// name asks for, and one line saying what it holds.
void write_violation(std::ostream& out, const VerifyOptions& o, const Job& job, const frontend::ReplayResult& replay) {
    if (witness_is_input(o, job)) throw frontend::InputError(o.witness, "is an input file; no witness written");
    const WitnessFormat format = o.witness_format.value_or(witness_format_for(o.witness));
    if (format == WitnessFormat::GraphML) {
        std::ofstream w(o.witness);
        if (w) write_violation_witness(w, witness_info(o, job), replay);
        if (!w) throw frontend::InputError(o.witness, "cannot write the witness file");
        out << "Witness: " << o.witness << " (violation, GraphML)\n";
        return;
    }
    std::ostringstream text;
    const YamlViolationWitness y = write_violation_witness_yaml(text, witness_info(o, job), replay, random_uuid());
    if (!y.written) {
        out << "Witness: none written to " << o.witness << ": " << y.reason << "\n";
        return;
    }
    std::ofstream w(o.witness);
    if (w) w << text.str();
    if (!w) throw frontend::InputError(o.witness, "cannot write the witness file");
    out << "Witness: " << o.witness << " (violation, YAML 2.0, " << y.waypoints << " waypoint"
        << (y.waypoints == 1 ? "" : "s") << ", " << y.left_out << " step" << (y.left_out == 1 ? "" : "s")
        << " left out)\n";
}

// The correctness witness of a TRUE verdict and one line saying what it holds: the loop
// invariants, and for an interprocedural verdict its contracts as location invariants.
void write_correctness(std::ostream& out, const VerifyOptions& o, const Job& job, const frontend::TranslationUnit& tu,
                       const Program& plain, const Program& blocks, const Verdict& v, const Procedures* procs,
                       const ReadableInvariants& readable) {
    if (witness_is_input(o, job)) throw frontend::InputError(o.witness, "is an input file; no witness written");
    WitnessInvariants inv =
        witness_invariants(readable, plain, blocks, !v.certificate.invariants.empty(), job.c_name);
    const bool contracts = procs && !v.certificate.contracts.empty();
    std::size_t stated = 0, not_stated = 0;  // of the contracts
    if (contracts) {
        WitnessInvariants c = witness_contracts(tu, *procs, v.certificate.contracts, job.c_name);
        stated = c.invariants.size();
        not_stated = c.left_out.size();
        inv.invariants.insert(inv.invariants.end(), c.invariants.begin(), c.invariants.end());
        inv.left_out.insert(inv.left_out.end(), c.left_out.begin(), c.left_out.end());
    }
    const WitnessFormat format = o.witness_format.value_or(witness_format_for(o.witness));
    std::ofstream w(o.witness);
    std::size_t written = 0;
    if (w)
        written = format == WitnessFormat::Yaml
                      ? write_correctness_witness_yaml(w, witness_info(o, job), inv.invariants, random_uuid())
                      : write_correctness_witness_graphml(w, witness_info(o, job), inv.invariants);
    if (!w) throw frontend::InputError(o.witness, "cannot write the witness file");
    const bool yaml = format == WitnessFormat::Yaml;
    const std::size_t loops_written = yaml ? written - stated : written;
    const std::size_t loops_left = inv.left_out.size() - not_stated + (inv.invariants.size() - stated) - loops_written;
    out << "Witness: " << o.witness << " (correctness, " << (yaml ? "YAML 2.0" : "GraphML") << ", " << loops_written
        << " loop invariant" << (loops_written == 1 ? "" : "s") << ", " << loops_left << " loop"
        << (loops_left == 1 ? "" : "s") << " left out";
    if (contracts) {
        const std::size_t shown = yaml ? stated : 0;
        out << ", " << shown << " contract invariant" << (shown == 1 ? "" : "s") << " at function entries and returns, "
            << (stated - shown + not_stated) << " left out";
    }
    out << ")\n";
    for (const LeftOutLoop& l : inv.left_out) out << "  left out " << l.loc.str() << ": " << l.reason << "\n";
    if (format == WitnessFormat::GraphML)
        for (const WitnessInvariant& i : inv.invariants) {
            if (i.location)
                out << "  left out " << i.loc.str() << ": GraphML witnesses carry no location invariants\n";
            else if (i.condition_line == 0)
                out << "  left out " << i.loc.str() << ": its condition's branches cannot be matched by line\n";
        }
}

std::string format_seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g s", s);
    return buf;
}

// "timeout after 5 s at bound 335": the limit once, then where the engine was. Engines say
// "timeout at bound 335" / "interrupted at 12 vertices"; a solver query says "solver: timeout".
std::string stop_reason(const std::string& what, const std::string& engine_reason) {
    for (const char* word : {"timeout ", "interrupted "})
        if (engine_reason.rfind(word, 0) == 0) return what + " " + engine_reason.substr(std::strlen(word));
    if (engine_reason.find("timeout") != std::string::npos || engine_reason.find("interrupted") != std::string::npos)
        return what + " in a solver query";
    return engine_reason.empty() ? what : what + " (" + engine_reason + ")";
}

// The verdict an engine's `certified` callback confirmed (the portfolio asks before it picks a
// winner), so that the gate is not run a second time on the same evidence when the engine
// returns it.
struct ConfirmedVerdict {
    VerdictKind kind = VerdictKind::Unknown;
    std::vector<EdgeId> path;
    std::vector<std::uint64_t> inputs;
    Certificate certificate;
    Certified result;

    static std::vector<std::uint64_t> bits(const Verdict& v) {
        std::vector<std::uint64_t> b;
        for (const InputValue& x : v.cex.inputs) b.push_back(x.bits);
        return b;
    }
    bool same_evidence(const Verdict& v) const {
        return v.kind == kind && v.cex.plain_path == path && bits(v) == inputs &&
               v.certificate.invariants == certificate.invariants &&
               v.certificate.complete_bound == certificate.complete_bound;
    }
};

void write_procedures(const VerifyOptions& o, const frontend::TranslationUnit& tu) {
    smt::TermManager tm;
    LoweringOptions lo = o.lowering;
    lo.keep_calls = true;
    Program plain = lower(tu, tm, lo);
    const Procedures ps = build_procedures(plain);
    std::ofstream f(o.dump_procedures);
    if (!f) throw frontend::InputError(o.dump_procedures, "cannot write the procedures file");
    f << to_string(ps);
    if (!f) throw frontend::InputError(o.dump_procedures, "cannot write the procedures file");
}

// The engines that take a bit-precise program (--precision bv|uf|refine; EngineCapabilities::words):
// their reasoning is SMT over the program's formulas, with no domain over integers.
std::string word_engines(const EngineRegistry& registry) {
    return registry.names([](const EngineInfo& e) { return e.can.words; }) + ", a portfolio of them";
}

// The members of a portfolio list (ENGINE[:OPTION=VALUE,...][@SECONDS];...) whose engine takes
// words, in the same syntax.
std::string word_members(const EngineRegistry& registry, const std::string& spec) {
    std::istringstream members(spec);
    std::string out;
    for (std::string item; std::getline(members, item, ';');) {
        std::string name = item.substr(0, item.find_first_of(":@"));
        name.erase(0, name.find_first_not_of(" \t"));
        name.erase(name.find_last_not_of(" \t") + 1);
        const EngineInfo* member = name.empty() ? nullptr : registry.find(name);
        if (!member || !member->can.words) continue;
        if (!out.empty()) out += ';';
        out += item;
    }
    return out;
}

// An engine that combines others takes words when one of its members does; on words it runs
// those alone (make_engine), so that members without words (value, vinta-box) do not refuse the
// program.
bool bit_precise_engine(const EngineRegistry& registry, const EngineInfo& info,
                        const std::map<std::string, std::string>& options) {
    if (!info.can.combines) return info.can.words;
    const auto given = options.find("portfolio");
    return !word_members(registry, given != options.end() ? given->second : info.defaults().get("portfolio")).empty();
}

// The applications of C's operators between variables in the program (the lowering's
// uninterpreted c.* functions): where there are none, words would only cost time.
std::size_t operator_sites(smt::TermManager& tm, const Program& p) {
    OperatorRefinement ops(tm);
    for (const Edge& e : p.edges) ops.scan(e.formula);
    return ops.size();
}

// Operator refinement rounds per check of the integer stage of --precision refine (see above).
constexpr unsigned kChainOperatorRounds = 10;

struct Outcome {
    Report report;
    VerifyStatus status = VerifyStatus::Done;
};

// The program's identity for an engine that keeps results between runs (summaries/summary_file.hpp).
ProgramIdentity identity_of(const VerifyOptions& o, const frontend::TranslationUnit& tu, const Job& job) {
    ProgramIdentity id;
    id.program_hash = program_hash(tu);
    id.function_hashes = function_hashes(tu);
    if (auto old = o.engine_options.find("revision-of"); old != o.engine_options.end() && !old->second.empty())
        id.revision_of_hash = program_hash(frontend::parse_translation_unit(old->second, job.data_model));
    return id;
}

// The engine of the run with the settings of the command line (checked by main.cpp against
// the engine's option table).
MadeEngine make_engine(const VerifyOptions& o, const EngineInfo& info, std::optional<unsigned> operator_rounds,
                       bool on_words, std::function<bool(const Verdict&)> certified) {
    CommonSettings common;
    common.bound = o.bound;
    common.check_models = o.check_models;
    common.check_certificates = o.check_certificates;
    common.sat_integration = o.sat_integration;
    if (operator_rounds) common.operator_rounds = *operator_rounds;
    common.keep_arg = !o.dump_arg.empty();
    common.producer = o.producer;
    EngineSettings s = info.settings(common, o.engine_options);
    s.certified = std::move(certified);
    s.registry = o.engines ? o.engines : &builtin_engines();
    if (on_words && info.can.combines) s.set("portfolio", word_members(*s.registry, s.get("portfolio")));
    return info.create(s);
}

Outcome verify_program(const VerifyOptions& o, const Job& job, const Clock::time_point start, std::ostream& out,
                       std::ostream& err) {
    Outcome result;
    const EngineRegistry& registry = o.engines ? *o.engines : builtin_engines();
    const EngineInfo* info = registry.find(o.engine);
    if (!info) throw std::invalid_argument("unknown engine '" + o.engine + "'");
    frontend::TranslationUnit tu = frontend::parse_translation_unit(job.c_file, job.data_model, job.c_name);
    if (!tu.main_function() || !tu.main_function()->body)
        throw frontend::ParseError(frontend::SourceLocation{job.c_name, 0, 0}, "the program has no definition of main");
    std::vector<std::string> externals;
    for (const auto& f : tu.functions)
        if (f->external && f->reachable) {
            externals.push_back(f->name);
            err << "craig: warning: " << f->loc.str() << ": " << f->name
                << " has no definition: its calls return an arbitrary value and may change every global variable\n";
        }

    smt::TermManager tm;
    const base::Budget budget(o.timeout > 0 ? std::optional(start + std::chrono::duration_cast<Clock::duration>(
                                                                        std::chrono::duration<double>(o.timeout)))
                                            : std::nullopt,
                              o.memory_mb);
    CertifyOptions co;
    co.check_models = o.check_models;
    co.check_certificates = o.check_certificates;
    const auto t_lower = Clock::now();
    // Words: "bv" and "uf" solve the bit-precise program from the start and are Unsupported where
    // it cannot be used (the engine, --use-summaries, the program). "refine" is the chain EUF ->
    // arithmetic -> bit-vectors: the integer program first (its operators uninterpreted and
    // refined point by point), then, if that ends UNKNOWN on a program with C operators between
    // variables, the bit-precise program from "uf" with Alg. 9's refinement (escalate below).
    const bool words_first = o.precision == "bv" || o.precision == "uf";
    std::string words_refused;
    if (o.precision != "lia" && (!bit_precise_engine(registry, *info, o.engine_options) || o.use_summaries))
        words_refused = o.use_summaries ? "--use-summaries"
                                        : "engine " + std::string(info->name) +
                                              " (engines with words: " + word_engines(registry) + ")";
    if (!words_refused.empty() && words_first)
        throw frontend::Unsupported(frontend::SourceLocation{job.c_name, 0, 0},
                                    "--precision " + o.precision + " with " + words_refused);
    LoweringOptions lowering = o.lowering;
    std::optional<BitPrecise> words;
    OperatorPrecision precision = o.precision == "bv" ? OperatorPrecision{} : OperatorPrecision::uninterpreted();
    std::optional<Program> lowered_words, lowered_ints;
    if (words_first) {
        lowering.bit_precise = true;
        lowered_words.emplace(lower(tu, tm, lowering));
        words.emplace(to_bit_precise(*lowered_words, precision));
        lowering.bit_precise = false;
    } else {
        lowered_ints.emplace(lower(tu, tm, lowering));
    }
    // "refine": the word program to escalate to, made now so that the integer stage gets only
    // half the time where there is one (a program the translation refuses keeps all of it).
    // Without C operators between variables the integer program is exact and solved alone.
    const std::size_t int_sites = o.precision == "refine" ? operator_sites(tm, *lowered_ints) : 0;
    const bool chain = int_sites > 0;
    if (!chain) words_refused.clear();
    std::optional<Program> chain_lowered;
    std::optional<BitPrecise> chain_words;
    const auto t_words = Clock::now();
    if (chain && words_refused.empty()) {
        try {
            lowering.bit_precise = true;
            chain_lowered.emplace(lower(tu, tm, lowering));
            chain_words.emplace(to_bit_precise(*chain_lowered, precision));
        } catch (const frontend::Unsupported& u) {
            words_refused = u.what();
            chain_words.reset();
        }
        lowering.bit_precise = false;
    }
    const double words_time = base::seconds_since(t_words);
    const Program& lowered = words ? *lowered_words : *lowered_ints;
    const Program& plain = words ? words->program : lowered;
    Program blocks = large_block(plain);
    // Interprocedural engines solve the procedural model (calls kept, in the same TermManager);
    // `calls_plain` is the program their counterexamples are on.
    std::optional<Program> calls_plain;
    std::optional<Procedures> procedures;
    // A portfolio hands it to its interprocedural members (for a recursive program by default);
    // there a program the model cannot express only leaves them without it.
    const bool combines = info->can.combines;
    if (info->procedural() || combines) {
        try {
            LoweringOptions lo = o.lowering;
            lo.keep_calls = true;
            calls_plain.emplace(lower(tu, tm, lo));
            procedures.emplace(build_procedures(*calls_plain));
        } catch (const frontend::Unsupported&) {
            if (!combines) throw;
            calls_plain.reset();
            procedures.reset();
        }
    }
    const Procedures* procs = procedures ? &*procedures : nullptr;
    const double lowering_time = base::seconds_since(t_lower);
    if (!o.dump_cfg.empty()) write_cfg(o, plain, blocks);
    if (!o.dump_procedures.empty()) write_procedures(o, tu);
    if (!o.emit_chc.empty() && words)
        err << "craig: warning: --emit-chc: no file: the bit-precise program is not linear arithmetic\n";
    else if (!o.emit_chc.empty())
        emit_chc(o, job, blocks, !externals.empty(), err);

    // --use-summaries: the program with the calls of summarised functions as single steps.
    base::Statistics summary_stats;
    std::string no_summaries;
    std::optional<Program> summarised_plain, summarised_blocks;
    std::map<std::string, FunctionSummary> summaries;
    if (o.use_summaries) {
        const double slice = summary_seconds(o.timeout);  // WHALE 3/4 of it, the checks 1/4
        CalleeSummaries cs = prove_callee_summaries(tu, tm, o.lowering, co, budget, slice * 0.75, slice * 0.25);
        summary_stats = std::move(cs.stats);
        no_summaries = cs.none_because;
        if (!cs.by_function.empty()) {
            LoweringOptions lo = o.lowering;
            lo.summaries = summaries = std::move(cs.by_function);
            summarised_plain.emplace(lower(tu, tm, lo));
            summary_stats.count("summaries.calls", summarised_plain->provenance.summarized_calls);
            if (summarised_plain->provenance.summarized_calls > 0)
                summarised_blocks.emplace(large_block(*summarised_plain));
            else
                no_summaries = "no call of a summarised function could be replaced";
        }
    }
    // The program the engine solves (and its TRUE certificate is about).
    const Program* solved_plain = summarised_blocks ? &*summarised_plain : &plain;
    const Program* solved_blocks = summarised_blocks ? &*summarised_blocks : &blocks;

    const auto t_engine = Clock::now();
    // The integer stage of "refine" gets half the time when the word stage may follow.
    base::Budget stage = chain_words && o.timeout > 0 ? budget.slice(budget.remaining() / 2) : budget;
    // ... and 10 rounds of point-by-point operator refinement per check instead of 100, so that
    // operators it cannot enumerate send the program to words early. Measured
    // (docs/results/precision-chain-2026-11-28): with 100 rounds the chain decided 22/24, 9/12,
    // 12/16 of the generated bit programs, with 10 rounds 24/24, 11/12, 16/16; on 200 random
    // programs 10 rounds decided as many as 100 (bmc 186 and 185, impact 192 and 192), 3 fewer.
    std::optional<unsigned> stage_rounds;
    if (chain_words) stage_rounds = kChainOperatorRounds;
    std::vector<ConfirmedVerdict> confirmed;  // a portfolio may confirm several members' verdicts
    std::optional<Progress> progress;
    if (o.progress) progress.emplace(err, o.engine);
    bool on_words = words.has_value();  // the program solved is the bit-precise one
    const std::optional<ProgramIdentity> identity =
        info->can.identity ? std::optional(identity_of(o, tu, job)) : std::nullopt;
    auto solve = [&]() {
        const MadeEngine made =
            make_engine(o, *info, stage_rounds, on_words, [&](const Verdict& candidate) {
                Certified c = certify(candidate, *solved_blocks, tu, externals, co, stage, procs);
                if (c.kind != candidate.kind) return false;
                confirmed.push_back(ConfirmedVerdict{candidate.kind, candidate.cex.plain_path,
                                                     ConfirmedVerdict::bits(candidate), candidate.certificate,
                                                     std::move(c)});
                return true;
            });
        made.engine->set_procedures(procs);
        if (identity) made.engine->set_identity(&*identity);
        if (progress) made.engine->set_progress(&*progress);
        Verdict v = made.run(*solved_blocks, procs, stage);
        if (!o.dump_arg.empty()) {
            std::ofstream f(o.dump_arg);
            if (!f) throw frontend::InputError(o.dump_arg, "cannot write the ARG file");
            if (!made.engine->write_arg(f)) f << "digraph arg {\n  label=\"engine " << o.engine << " builds no ARG\";\n}\n";
            if (!f) throw frontend::InputError(o.dump_arg, "cannot write the ARG file");
        }
        return v;
    };
    auto check = [&](const Verdict& v) {
        const auto same = std::find_if(confirmed.begin(), confirmed.end(),
                                       [&](const ConfirmedVerdict& x) { return x.same_evidence(v); });
        if (same == confirmed.end()) return certify(v, *solved_blocks, tu, externals, co, stage, procs);
        Certified c = std::move(same->result);
        c.stats.count("certify.reused", 1);
        return c;
    };
    Verdict v = solve();
    Certified c = check(v);
    if (summarised_blocks && v.kind == VerdictKind::False && c.kind == VerdictKind::Unknown && !stage.exhausted()) {
        // The path went through a summary that admits what the function never does: solve the
        // inlined program in the time left.
        summary_stats.count("summaries.fallback", 1);
        solved_plain = &plain;
        solved_blocks = &blocks;
        confirmed.clear();
        v = solve();
        c = check(v);
    }
    base::Statistics precision_stats;
    if (o.precision == "refine") precision_stats.count("precision.operator-sites", int_sites);
    if (chain) precision_stats.seconds("precision.time.words", words_time);
    if (!words_refused.empty() && c.kind == VerdictKind::Unknown) {
        err << "craig: warning: --precision refine: words refused (" << words_refused
            << "); the integer program's answer stands\n";
        precision_stats.count("precision.fallback-lia", 1);
    }
    std::optional<Program> word_blocks;  // outlives the stage: solved_blocks points into it
    if (chain_words && c.kind == VerdictKind::Unknown && !budget.exhausted()) {
        // The word stage: Alg. 9 (encoding/theory_refinement.hpp) from every operator
        // uninterpreted; the sites a refuted path falsifies become exact and the more precise
        // program is solved again, in the time left.
        precision_stats.count("precision.escalated", 1);
        const RefinementHeuristic h = *RefinementHeuristic::parse(o.precision_heuristic);
        std::size_t sites = 0;
        for (const auto& on_edge : chain_words->sites) sites += on_edge.size();
        precision_stats.count("precision.sites", sites);
        auto solve_words = [&]() {
            word_blocks.emplace(large_block(chain_words->program));
            solved_plain = &chain_words->program;
            solved_blocks = &*word_blocks;
            procs = nullptr;  // no procedural engine takes words
            on_words = true;
            stage = budget;
            stage_rounds.reset();
            confirmed.clear();
            v = solve();
            c = check(v);
        };
        solve_words();
        while (v.kind == VerdictKind::False && c.kind == VerdictKind::Unknown && !budget.exhausted()) {
            const TheoryRefinementStep step = theory_refinement_step(*chain_words, v.cex, precision, h, budget);
            precision_stats.count("precision.falsified", step.falsified);
            if (step.refine.empty()) break;
            precision_stats.count("precision.refinements", 1);
            precision_stats.count("precision.refined-sites", step.refine.size());
            precision.exact.insert(step.refine.begin(), step.refine.end());
            chain_words.emplace(to_bit_precise(*chain_lowered, precision));
            solve_words();
        }
    }
    const double engine_time = base::seconds_since(t_engine);
    Report& r = result.report;
    r.kind = c.kind;
    r.reason = c.reason;
    r.externals = externals;
    if (r.kind == VerdictKind::False && c.replay) {
        r.assumed_externals = externals_on_path(*c.replay);
        if (!r.assumed_externals.empty()) {
            r.reason += "; the path assumes results of functions without a definition:";
            for (const std::string& f : r.assumed_externals) r.reason += " " + f;
        }
        r.assumed_layout = c.replay->used_addresses;
        if (r.assumed_layout) r.reason += std::string("; ") + kLayoutNote;
    }
    if (r.kind == VerdictKind::Unknown && base::interrupted()) {
        r.reason = stop_reason("interrupted", r.reason);
        result.status = VerifyStatus::ResourceLimit;
    } else if (r.kind == VerdictKind::Unknown && budget.timed_out()) {
        r.reason = stop_reason("timeout after " + format_seconds(o.timeout), r.reason);
        result.status = VerifyStatus::ResourceLimit;
    }

    const double seconds = base::seconds_since(start);
    base::note_answer_started();
    print_verdict_line(out, r);
    out.flush();  // the verdict is out even if writing a witness then blocks or fails
    if (r.kind == VerdictKind::False) {
        print_counterexample(out, v.cex, *c.replay);
        if (!o.witness.empty()) write_violation(out, o, job, *c.replay);
    }
    std::optional<ReadableInvariants> readable;
    if (r.kind == VerdictKind::True && (!o.witness.empty() || o.invariants))
        readable.emplace(tu, *solved_plain, *solved_blocks, v.certificate.invariants);
    if (r.kind == VerdictKind::True && !o.witness.empty())
        write_correctness(out, o, job, tu, *solved_plain, *solved_blocks, v, procs, *readable);
    if (r.kind == VerdictKind::True && o.invariants) {
        if (procs && !v.certificate.contracts.empty())
            print_contracts(out, tu, *procs, v.certificate.contracts);
        else
            print_invariants(out, *solved_blocks, v.certificate.invariants, *readable);
        if (summarised_blocks && solved_blocks == &*summarised_blocks) print_summaries(out, tm, summaries);
    }
    base::Statistics stats;
    stats.count("program.locations.plain", solved_plain->locs.size());
    stats.count("program.locations.blocks", solved_blocks->locs.size());
    stats.count("program.edges.plain", solved_plain->edges.size());
    stats.count("program.edges.blocks", solved_blocks->edges.size());
    stats.count("program.variables", solved_plain->vars.size());
    stats.merge(summary_stats);
    stats.merge(precision_stats);
    stats.merge(v.stats);
    stats.merge(c.stats);
    stats.seconds("time.lowering", lowering_time);
    stats.seconds("time.engine", engine_time);
    stats.seconds("time.total", seconds);
    if (o.stats || base::interrupted()) {  // an interrupted run shows where it was
        out << "Statistics:\n";
        out << "  engine: " << o.engine << "\n";
        stats.print(out);
        for (const std::string& a : (info->procedural() && calls_plain ? *calls_plain : *solved_plain).approximations)
            out << "  approximation: " << a << "\n";
        if (o.use_summaries && !no_summaries.empty()) out << "  summaries: none (" << no_summaries << ")\n";
        if (!externals.empty()) {
            out << "  external functions (arbitrary result and globals):";
            for (const std::string& name : externals) out << " " << name;
            out << "\n";
        }
    }
    if (o.json) print_json(out, o, r, seconds, nullptr, &stats);
    out.flush();
    return result;
}

}  // namespace

VerifyStatus run_verify(const VerifyOptions& o, std::ostream& out, std::ostream& err) {
    const auto start = Clock::now();
    // Verdict lines for runs that end before an engine ran (unsupported input or property).
    auto unknown = [&](const std::string& reason, const std::string& unsupported, VerifyStatus status) {
        Report r;
        r.reason = reason;
        r.unsupported = unsupported;
        base::note_answer_started();
        print_verdict_line(out, r);
        if (o.json) print_json(out, o, r, base::seconds_since(start));
        out.flush();
        return status;
    };
    // Input errors: the message on `err`; with --json the machine line too, as ERROR.
    auto error = [&](const std::string& message, VerifyStatus status) {
        out.flush();
        err << "craig: error: " << message << "\n";
        if (o.json) {
            Report r;
            r.reason = message;
            print_json(out, o, r, base::seconds_since(start), "ERROR");
            out.flush();
        }
        return status;
    };
    if (o.use_summaries) {
        const EngineRegistry& registry = o.engines ? *o.engines : builtin_engines();
        const EngineInfo* info = registry.find(o.engine);
        if (info && (info->procedural() || info->can.combines))
            return error("--use-summaries needs an engine that inlines calls (engine " + o.engine +
                             (info->procedural() ? " solves procedures itself)" : " runs interprocedural members)"),
                         VerifyStatus::Usage);
    }
    try {
        // A program on standard input is copied to a file first; from there on it takes the same
        // path as a named file, every guard included (the stdin branch once skipped the property check).
        std::optional<frontend::StdinFile> from_stdin;
        VerifyOptions run = o;
        if (o.input == "-") {
            from_stdin.emplace();
            run.input = from_stdin->path();
        }
        Job job = resolve_job(run);
        if (from_stdin) job.c_name = "<stdin>";
        if (witness_is_input(run, job))
            return error("--witness " + o.witness + " names an input file", VerifyStatus::Usage);
        remove_stale_witness(run, job);
        if (!job.property_supported)
            return unknown("unsupported property " + job.property_file, "", VerifyStatus::Unsupported);
        return verify_program(run, job, start, out, err).status;
    } catch (const frontend::Unsupported& e) {
        const std::string where = e.location().str() + ": " + e.construct();
        return unknown("unsupported: " + where, where, VerifyStatus::Unsupported);
    } catch (const frontend::InputError& e) {
        return error(e.what(), VerifyStatus::IoError);
    } catch (const frontend::ParseError& e) {
        return error(e.what(), VerifyStatus::InputError);
    }
}

std::string timeout_report(const VerifyOptions& o, double seconds) {
    return limit_report(o, "timeout after " + format_seconds(o.timeout), seconds);
}

std::string interrupt_report(const VerifyOptions& o) { return limit_report(o, "interrupted", 0); }

std::string memory_report(const VerifyOptions& o) { return limit_report(o, "memory limit", 0); }

std::string limit_report(const VerifyOptions& o, const std::string& reason, double seconds) {
    std::ostringstream out;
    Report r;
    r.reason = reason;
    print_verdict_line(out, r);
    if (o.json) print_json(out, o, r, seconds);
    return out.str();
}

}  // namespace craig::verifier
