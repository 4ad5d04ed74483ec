// Engine: one verification algorithm behind one interface (after Golem's Engine).
//
//   const EngineInfo* info = builtin_engines().find("impact");
//   EngineSettings s = info->settings(common, {{"itp-bool", "mcmillan-prime"}});  // defaults + these
//   MadeEngine e = info->create(s);
//   Verdict v = e.run(blocks, procedures, budget);  // blocks = large_block(plain)
//
// Contract of solve():
//   - TRUE comes with a certificate (Verdict::certificate): an invariant map over the
//     program's locations, or the bound within which every execution ends. The engine does
//     not check it: the certification gate (certify/certify.hpp) does, with fresh solvers,
//     for every engine alike; a TRUE without a certificate fails the gate.
//   - FALSE comes with a counterexample on program.plain() (the inputs in execution order);
//     the gate replays it concretely on the C program.
//   - UNKNOWN comes with a reason; at the end of the budget it starts with "timeout" or
//     "interrupted" and says where the engine was ("timeout at bound 12").
//   - statistics (Verdict::stats) are named "<engine>.<figure>".
// Engines print nothing; --progress lines go through progress() and --dump-arg through
// write_arg().
//
// Options: each engine declares a table of EngineOption (name, kind, default, help); the
// command line offers every option of every engine (main.cpp reads the tables) and refuses
// an option the chosen engine does not declare. What an engine can do (solve the procedural
// model, take words, combine other engines, read the program's identity, be a portfolio member)
// is stated once, in its EngineInfo (EngineCapabilities and which factory it has); callers ask
// that, never the engine's name. To add an engine: write engines/<name>.cpp with its class,
// its option table and an EngineInfo, and add one line to engines/registry.cpp
// (docs/architecture.md, "Adding an engine").
#pragma once

#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <string_view>

#include "base/budget.hpp"
#include "base/option_row.hpp"
#include "smt/sat_integration.hpp"
#include "verifier/program/procedures.hpp"
#include "verifier/encoding/query_settings.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

class Progress;

// An engine's option table: rows of base::OptionRow (name, kind, default, help, check, range;
// base/option_row.hpp states the naming rule: an engine's own options start with its name).
using OptionKind = base::OptionKind;
using EngineOption = base::OptionRow;

class EngineRegistry;

// The settings every engine is made with, whatever its table: set once per run (run_verify,
// craig chc) and handed on unchanged to a portfolio's members.
struct CommonSettings : QuerySettings {
    unsigned bound = 0;  // engine-specific depth bound (0 = none): bmc's unrolling, impact's depth
    bool keep_arg = false;           // --dump-arg will ask write_arg() (engines may keep the graph)
    std::string producer = "craig";  // "craig VERSION", for the files an engine writes
};

// The settings an engine is made with (EngineInfo::settings): the common ones, the values of
// the engine's own option table (by name, as text; typed getters), and what a run hands to
// engines that combine others.
class EngineSettings : public CommonSettings {
public:
    // Set by run_verify: the certification gate on a candidate verdict (true: it stands; a
    // wrong certificate throws smt::CheckFailure). Engines that combine others (portfolio)
    // let only certified verdicts win.
    std::function<bool(const Verdict&)> certified;
    // Where an engine that combines others (portfolio) finds its members (null: the built-in
    // engines); run_verify passes the run's registry, so its engines can be members.
    const EngineRegistry* registry = nullptr;

    void set(std::string_view name, std::string value) { values_[std::string(name)] = std::move(value); }
    bool has(std::string_view name) const { return values_.count(std::string(name)) != 0; }
    const std::string& get(std::string_view name) const;  // throws std::out_of_range
    bool flag(std::string_view name) const { return get(name) == "true"; }
    unsigned number(std::string_view name) const;
    const std::map<std::string, std::string>& values() const { return values_; }

private:
    std::map<std::string, std::string> values_;
};

// Who the program is, for an engine that keeps results between runs (summaries/summary_file.hpp):
// the program's hash, each function's, and with --summaries-revision-of the old version's.
struct ProgramIdentity {
    std::string program_hash, revision_of_hash;
    std::map<std::string, std::string> function_hashes;
};

class Engine {
public:
    virtual ~Engine() = default;
    virtual Verdict solve(const Program& program, const base::Budget& budget) = 0;
    // The final unwinding or abstract reachability graph as Graphviz (--dump-arg); false for
    // engines without one (nothing written).
    virtual bool write_arg(std::ostream&) const { return false; }
    // Where --progress lines go (null: none).
    void set_progress(Progress* p) { progress_ = p; }
    // The procedural model of the program when run_verify built one (null: none); an engine that
    // combines others (portfolio) hands it to its interprocedural members.
    void set_procedures(const Procedures* p) { procedures_ = p; }
    // The program's identity, given to engines whose capabilities ask for it (null: none); it
    // outlives solve().
    void set_identity(const ProgramIdentity* id) { identity_ = id; }

protected:
    // A status line, at most about once a second (the callback is only run then).
    void progress(const std::function<std::string()>& status);
    Progress* progress_sink() const { return progress_; }
    const Procedures* procedures() const { return procedures_; }
    const ProgramIdentity* identity() const { return identity_; }

private:
    Progress* progress_ = nullptr;
    const Procedures* procedures_ = nullptr;
    const ProgramIdentity* identity_ = nullptr;
};

// An engine whose final graph is Graphviz text made once after solve() (pdr's frames, kind's
// locations): write_arg() prints what keep_dot() kept, nothing when it kept nothing.
class DotKeepingEngine : public Engine {
public:
    bool write_arg(std::ostream& out) const override;

protected:
    // When `keep` (CommonSettings::keep_arg): the text of e.write_dot(stream).
    template <class E>
    void keep_dot(bool keep, const E& e) {
        if (!keep) return;
        std::ostringstream out;
        e.write_dot(out);
        dot_ = out.str();
    }

private:
    std::string dot_;
};

// An interprocedural engine (whale): it solves the procedural model of the C program
// (program/procedures.hpp; calls kept, loops as tail-recursive procedures) with the same
// contract as solve(): TRUE with contracts (Certificate::contracts), FALSE with a counterexample
// on the model's plain program (ps.plain, whose plain() it is), UNKNOWN with a reason.
// solve() on a Program without procedures answers UNKNOWN and says so.
class ProceduralEngine : public Engine {
public:
    virtual Verdict solve_procedures(const Procedures& procedures, const base::Budget& budget) = 0;
};

// What an engine can do beyond solve() on a large-block program; the procedural capability is
// which factory its EngineInfo has (make_procedural).
struct EngineCapabilities {
    bool words = false;     // takes a bit-precise program (--precision bv|uf|refine)
    bool combines = false;  // runs other engines as members, listed by its option "portfolio"
    bool identity = false;  // keeps results between runs: run_verify gives it the program's identity
    bool member = true;     // may be a member of an engine that combines others
};

// An engine made for one run (EngineInfo::create): run() gives a procedural engine the
// procedural model and any other the program.
struct MadeEngine {
    std::unique_ptr<Engine> engine;
    ProceduralEngine* procedural = nullptr;  // the same object, for an engine that solves procedures

    // Requires engine. A procedural engine without `procedures` answers UNKNOWN and says so.
    Verdict run(const Program& program, const Procedures* procedures, const base::Budget& budget) const;
};

struct EngineInfo {
    std::string_view name;
    std::string_view description;  // one line, for --list-engines
    std::span<const EngineOption> options;
    // Exactly one factory: `make` for an engine of large-block programs, `make_procedural` for
    // one that solves the procedural model (run_verify builds it for this engine).
    std::unique_ptr<Engine> (*make)(const EngineSettings&) = nullptr;
    std::unique_ptr<ProceduralEngine> (*make_procedural)(const EngineSettings&) = nullptr;
    EngineCapabilities can;

    bool procedural() const { return make_procedural != nullptr; }
    // Settings with every option of the table at its default.
    EngineSettings defaults() const;
    // The settings of one run: `common`, every option at its default, then those of `values`
    // that the table declares (the others are ignored: a run's options serve several engines).
    EngineSettings settings(const CommonSettings& common, const std::map<std::string, std::string>& values) const;
    // Requires one factory.
    MadeEngine create(const EngineSettings& s) const;
    const EngineOption* option(std::string_view name) const;
};

// The engines one run can choose from (a value: tests add their own engines to a copy).
class EngineRegistry {
public:
    void add(const EngineInfo& info);
    const EngineInfo* find(std::string_view name) const;
    std::span<const EngineInfo> all() const { return engines_; }
    // The names of the engines `selected`, ", "-separated (for help texts and errors).
    std::string names(bool (*selected)(const EngineInfo&)) const;

private:
    std::vector<EngineInfo> engines_;
};

// The engines of craig (engines/registry.cpp).
const EngineRegistry& builtin_engines();

// The status line printer of --progress: "[craig 3.0 s] impact: 1200 vertices, ..." on a
// stream, at most once per `period` seconds.
class Progress {
public:
    Progress(std::ostream& out, std::string engine, double period = 1.0);
    void tick(const std::function<std::string()>& status);

private:
    std::ostream& out_;
    std::string engine_;
    double period_;
    base::Budget::Clock::time_point start_, last_;
};

}  // namespace craig::verifier
