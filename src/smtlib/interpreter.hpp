#pragma once
// The SMT-LIB 2.6 script interpreter: reads commands one at a time from a stream, executes them
// against an smt::Solver and prints the responses exactly as the standard specifies them.
//
//   ScriptOptions o;  o.deadline = now + 10s;
//   int status = run_script(std::cin, "<stdin>", std::cout, o);
//
// Contract:
//  * Each command is executed as soon as its closing parenthesis has been read (interactive use
//    works), and the output is flushed after every command.
//  * An error inside a well-formed command prints `(error "FILE:LINE:COL: message")` on the
//    regular output channel; the command has no effect and the script goes on. A syntax error
//    that prevents reading the next command prints the same and stops the script.
//  * `unsupported` is printed for well-formed input outside what craig handles; the reason goes
//    to the diagnostic output channel.
//  * Never sat after a dropped assertion: an assert that fails (unsupported, or any error in
//    it) makes later check-sats answer `unknown` instead of `sat` while its level is in scope
//    (an `unsat` answer stays sound: the solver's assertions are a subset of the script's), and
//    :reason-unknown names it. Symbols of unsupported commands (define-fun-rec, datatypes) are
//    unsupported, so assertions using them are dropped. After a failed pop, or a pop after a
//    failed push, check-sat answers `unknown` instead of `sat` and of `unsat` until
//    reset-assertions or reset. A name whose declaration
//    or definition failed is in doubt (it may denote an older symbol, a theory symbol, a
//    numeral): an assertion or assumption using it answers `unknown` instead of `sat` and of
//    `unsat` while it is in scope (Environment::contest_function).
//  * Differences from the standard, all lenient: commands before set-logic imply the logic ALL;
//    start-mode options (:produce-unsat-cores, ...) may be set until the first declaration or
//    assertion, not only before set-logic; Boolean options accept 0 and 1; :produce-models is
//    on by default; the theories craig knows are available in every logic, and in a logic
//    without arithmetic their symbols (and the sorts Int, Real) may be declared by the user;
//    Int terms are accepted where Real ones are expected, and an undeclared `-2` reads as a
//    negative numeral (see term_builder.hpp); check-sat-assuming accepts any Boolean terms.
//
// Returns the exit status: kScriptOk, or the most severe of kScriptError (an `(error ...)` was
// printed), kScriptTimeout (a check-sat answered unknown because of the deadline),
// kScriptUnsupported (an `unsupported` was printed). The values are those of cli::ExitCode.
// Exceptions that are not about the input (bad_alloc, smt::CheckFailure) propagate.
#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "itp/options.hpp"
#include "smt/lra/arithmetic.hpp"

namespace craig::smtlib {

struct ScriptOptions {
    bool print_success = false;
    std::optional<std::chrono::steady_clock::time_point> deadline;
    bool check_models = false;
    bool check_certificates = false;  // re-check theory conflicts (smt::SolverOptions)
    // Check the proof of every unsat answer (smt/proof_check.hpp); a failure throws
    // smt::CheckFailure. proof_stats prints one diagnostic line per checked proof.
    bool check_proofs = false;
    bool proof_stats = false;
    // Reduce every proof (smt/proof_reduction.hpp) before it is checked or printed.
    bool reduce_proofs = false;
    // Values of options of the table (options.hpp) given on the command line: (name, canonical
    // text as check_value makes it); applied at the start and after every reset, as if by
    // set-option. Solver tuning (lia-cuts, ...), the seed and the interpolation systems are here.
    std::vector<std::pair<std::string, std::string>> initial;
    // Simplification level of every interpolant (itp/simplify.hpp), and craig itp's mode that
    // answers each get-interpolants with the results of every system and their implications.
    int simplify_level = 0;
    bool all_systems = false;
    // Diagnostic lines with the time of every check-sat and get-interpolants and the sizes of
    // the interpolants (bench/itp.sh reads them).
    bool itp_stats = false;
    // At the end of the script (also after a time limit or an interrupt): the solver's statistics,
    // the list of (get-info :all-statistics), one entry per line, on standard error (craig solve
    // --stats, as z3's -st and cvc5's --stats).
    bool stats = false;
    // May set-option :regular-output-channel / :diagnostic-output-channel open files?
    // (Off for fuzzing; the option then answers `unsupported` for anything but stdout/stderr.)
    bool allow_output_files = true;
    // Does the default diagnostic channel ("stderr") print anything?
    bool diagnostics = true;
};

enum ScriptStatus : int {
    kScriptOk = 0,
    kScriptError = 3,
    kScriptUnsupported = 4,
    kScriptTimeout = 5,
};

int run_script(std::istream& in, const std::string& filename, std::ostream& out, const ScriptOptions& opts);

}  // namespace craig::smtlib
