#pragma once
// Internal to the SMT-LIB front end: the state of a running script and its command handlers.
// interpreter.cpp holds the life cycle, dispatch and assertion-stack commands;
// option_commands.cpp set-option, get-option, set-info, get-info; declarations.cpp the
// declare-*/define-* commands; queries.cpp check-sat and the get-* commands.
#include <fstream>
#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "itp/interpolation.hpp"
#include "smtlib/syntax/environment.hpp"
#include "smtlib/syntax/errors.hpp"
#include "smtlib/interpreter.hpp"
#include "smtlib/options.hpp"
#include "smtlib/syntax/sexpr.hpp"
#include "smtlib/syntax/term_builder.hpp"
#include "smt/solver.hpp"

namespace craig::smtlib {

class Interpreter {
public:
    Interpreter(std::ostream& out, std::string filename, const ScriptOptions& opts);
    ~Interpreter();

    // Executes the command `root` of `pool`; false when the script must stop (exit).
    bool execute(const SExprPool& pool, uint32_t root);
    // Reports an error that stops the script.
    void fatal(const SyntaxError& e);
    int status() const;
    // The current solver's statistics as an SMT-LIB attribute list "(:name value ...)", the
    // entries separated by `separator` (empty list before the first assertion or check).
    void write_statistics(std::ostream& os, const char* separator) const;

private:
    using Args = std::span<const uint32_t>;
    using Handler = bool (Interpreter::*)(uint32_t cmd, Args args);

    // ---- interpreter.cpp
    static const std::unordered_map<std::string, Handler>& handlers();
    void reset_state();
    void enter_assert_mode();
    void success();
    void report_error(Location loc, const std::string& message);
    void report_unsupported(Location loc, const std::string& message, bool harmless = false);
    // Fails unless there are between lo and hi arguments; `usage` shows the expected form.
    void arity(uint32_t cmd, Args args, size_t lo, size_t hi, const char* usage) const;
    [[noreturn]] void fail(uint32_t node, const std::string& message) const;
    const std::string& symbol_arg(uint32_t node, const char* what) const;
    uint64_t numeral_arg(uint32_t node, uint64_t max) const;
    std::ostream* open_channel(uint32_t node, const std::string& name, std::unique_ptr<std::ofstream>& file,
                               bool diagnostic);
    bool cmd_set_logic(uint32_t, Args);
    bool cmd_set_option(uint32_t, Args);
    bool cmd_get_option(uint32_t, Args);
    bool cmd_set_info(uint32_t, Args);
    bool cmd_get_info(uint32_t, Args);
    bool cmd_assert(uint32_t, Args);
    bool cmd_push(uint32_t, Args);
    bool cmd_pop(uint32_t, Args);
    bool cmd_reset(uint32_t, Args);
    bool cmd_reset_assertions(uint32_t, Args);
    bool cmd_echo(uint32_t, Args);
    bool cmd_exit(uint32_t, Args);
    bool cmd_unsupported(uint32_t, Args);
    // The location and message of an error, as printed (for :reason-unknown).
    std::string where(Location loc, const std::string& message) const;

    // ---- declarations.cpp
    // Reserved words, theory symbols, names in use; `overload`: a declared name may be declared
    // again with another signature (check_new_signature, once the sorts are known).
    void check_new_function_name(uint32_t node, bool overload = false) const;
    void check_new_signature(uint32_t node, const FunctionSymbol& f) const;
    bool builtin_sort(const std::string& name) const;  // a sort the user cannot declare
    bool cmd_declare_sort(uint32_t, Args);
    bool cmd_define_sort(uint32_t, Args);
    bool cmd_declare_fun(uint32_t, Args);
    bool cmd_declare_const(uint32_t, Args);
    bool cmd_define_fun(uint32_t, Args);
    void commit_names(const std::vector<PendingName>& names);
    bool cmd_unsupported_definitions(uint32_t, Args);

    // ---- queries.cpp
    bool cmd_check_sat(uint32_t, Args);
    bool cmd_check_sat_assuming(uint32_t, Args);
    // `doubt`: why the assumptions may not be the script's (neither sat nor unsat is trusted).
    void run_check(uint32_t cmd, const std::vector<smt::Term>& assumptions, const std::string& doubt = "");
    void require_model(uint32_t cmd, const char* option);
    bool cmd_get_model(uint32_t, Args);
    bool cmd_get_value(uint32_t, Args);
    bool cmd_get_assignment(uint32_t, Args);
    bool cmd_get_unsat_core(uint32_t, Args);
    bool cmd_get_proof(uint32_t, Args);
    void check_proof();
    bool cmd_get_unsat_assumptions(uint32_t, Args);
    bool cmd_get_assertions(uint32_t, Args);

    // ---- interpolants.cpp
    struct InterpolationQuery {
        uint32_t cmd;
        const smt::SmtProof& proof;
        const std::vector<uint32_t>& partition_of;  // assertion id -> partition
        const std::vector<uint32_t>& start;         // tree shape (itp/interpolation.hpp)
        // per partition its assertions, for the checks (their symbols, not their folded conjunction's)
        const std::vector<std::vector<smt::Term>>& partitions;
    };
    bool cmd_get_interpolants(uint32_t, Args);
    bool cmd_get_state_transition_interpolants(uint32_t, Args);
    // The proof of the last check-sat (which must have answered unsat) and, per active assertion
    // id, the partition of `names` (the pool nodes of each partition's assertion names) holding it
    // (itp::kNoPartition: none); `partitions`: the active assertions of each partition, those
    // that no name picks (unnamed or left out) in the last.
    struct PreparedInterpolation {
        smt::SmtProof proof;
        std::vector<uint32_t> partition_of;
        std::vector<std::vector<smt::Term>> partitions;
        double mined_seconds = 0;
    };
    PreparedInterpolation prepare_interpolation(uint32_t cmd, const std::vector<std::vector<uint32_t>>& names);
    // --itp-stats: "; COMMAND seconds S proof-nodes N | nodes .. atoms .. symbols .." per interpolant.
    void report_interpolant_sizes(const char* command, double seconds, const smt::SmtProof& proof,
                                  std::span<const smt::Term> itps);
    itp::ItpOptions interpolation_options() const;
    // Interpolants of one query with the given systems (`raw`: before simplification), simplified and (with
    // :certify-interpolants) checked; throws Unsupported when the proof cannot be interpolated.
    // `check` false: the caller checks the result itself.
    std::vector<smt::Term> interpolate(const InterpolationQuery& q, const itp::ItpOptions& opts,
                                       std::vector<smt::Term>* raw = nullptr, itp::InterpolationStats* stats = nullptr,
                                       bool check = true);
    void report_all_systems(const InterpolationQuery& q);

    // ---- dag_interpolants.cpp
    bool cmd_get_dag_interpolants(uint32_t, Args);
    uint32_t dag_vertex(uint32_t node) const;
    smt::Term dag_label(uint32_t node) const;

    // ---- state
    std::ostream& stdout_;
    std::ostream null_{nullptr};  // discards everything
    const std::string filename_;
    const ScriptOptions script_opts_;
    const SExprPool* pool_ = nullptr;  // the command being executed

    OptionValues options_;
    std::ostream* regular_;
    std::ostream* diagnostic_;
    std::unique_ptr<std::ofstream> regular_file_, diagnostic_file_;

    std::string logic_;  // empty until set-logic
    // The first declaration, assertion or check ends the start mode (craig is lenient: options
    // may still be set between set-logic and the first such command). The solver is created then.
    bool assert_mode_ = false;
    std::unique_ptr<smt::TermManager> tm_;
    std::unique_ptr<Environment> env_;
    std::unique_ptr<smt::Solver> solver_;

    std::vector<std::string> assertion_texts_;                   // for get-assertions
    std::vector<size_t> assertion_marks_;                        // assertion_texts_.size() at each push
    std::unordered_map<smt::AssertionId, std::string> tracked_;  // :named top-level assertions
    // Why the solver's assertions may not be the script's: an assertion that was dropped
    // (unsupported, or an error anywhere inside the assert command), a pop that failed, a pop
    // after a push that failed, an assertion using a contested name. While one is in scope, check-sat answers unknown instead of sat (the solver lacks
    // an assertion) and, for `blocks_unsat`, instead of unsat too (the solver's assertions are
    // not a subset of the script's). An entry of level L is forgotten by the pop that leaves L;
    // reset and reset-assertions forget them all.
    struct Dropped {
        unsigned level;
        bool blocks_unsat;
        std::string reason;  // for :reason-unknown
    };
    std::vector<Dropped> dropped_;
    // The reason of the first failed push since reset or reset-assertions, or empty: every later
    // successful pop then adds a Dropped entry of level 0.
    std::string failed_push_;
    void drop(unsigned level, bool blocks_unsat, const std::string& reason);
    // Marks the symbol at `node` (a function, or a sort) as contested (Environment::contest_*).
    void contest(uint32_t node, bool sort, const std::string& why);

    struct LastCheck {
        bool valid = false;  // a check-sat ran and the assertion stack has not changed since
        bool assuming = false;
        smt::Result result = smt::Result::Unknown;
        std::string reason;                                          // when unknown
        std::vector<std::pair<smt::Term, std::string>> assumptions;  // term and its text
    };
    LastCheck last_;
    bool checked_ = false;  // some check-sat has run (for :reason-unknown)

    bool saw_error_ = false, saw_unsupported_ = false, saw_timeout_ = false;
};

}  // namespace craig::smtlib
