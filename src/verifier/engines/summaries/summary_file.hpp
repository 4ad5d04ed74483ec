// The summary store on disk (`craig verify --engine summaries --summaries-file FILE`; issue 21 item
// 4): function summaries as an SMT-LIB script that any SMT tool can read.
//
//   ; craig function summaries
//   (set-info :source |craig summaries|)
//   (set-info :craig-version "0.1.0")
//   (set-info :craig-program "loop.c")                 ; where they were made
//   (set-info :craig-program-hash "<sha256>")           ; of the program (program_hash)
//   (set-info :craig-function-hash (|f| "<sha256>"))   ; per C function (function_hashes)
//   (set-info :craig-unwinding 4)                       ; the bound they hold for
//   (set-info :craig-interpolation "mcmillan farkas strong")
//   (set-logic QF_UFLIA)                                ; QF_LIA without C operators
//   (declare-fun |c.mul| (Int Int) Int)                 ; C operators the summaries apply
//   (define-fun |f| ((|f::x| Int) (|g| Int) (|f::return'| Int) (|g'| Int) (|__error'| Int)) Bool
//     (...))
//
// One define-fun per C function (not main, not recursive): a Boolean function of the function's
// interface in the procedural model (procedures.hpp) - its params by their names, then its
// returns by their names with a prime - true of every execution of the function bounded by the
// unwinding. Reading checks the file against the program: the header (a craig summary file made
// from the expected program), every defined function exists and has exactly that interface
// (names and sorts, in order), the C operators are craig's; anything else is a
// frontend::ParseError at FILE:LINE:COL saying what was expected, never a summary used. With
// `revision` set (UpProver: the file was made from an older version of the program) a function
// that is gone or whose interface changed is dropped (listed in SummaryFile::dropped) instead.
// Whether a summary holds is not checked here (the engine checks it before use).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::verifier {

struct StoredSummary {
    std::string function;
    smt::Term formula;            // over the entry procedure's params (cur) and returns (next)
    frontend::SourceLocation at;  // of its define-fun (reading)
};

struct SummaryFile {
    std::string version;       // craig's
    std::string program;       // the source it was made from (information)
    std::string program_hash;  // program_hash() of the program it was made from
    std::map<std::string, std::string> function_hashes;
    unsigned unwinding = 0;
    std::string interpolation;
    std::vector<StoredSummary> summaries;
    std::vector<std::string> dropped;  // revision: functions gone or with another interface
};

// SHA-256 of the program after preprocessing (frontend::print of the whole translation unit:
// comments, spacing and macros do not count), and of each function definition the same way:
// what tells a program, and the functions of a revision that changed, apart.
std::string program_hash(const frontend::TranslationUnit& tu);
std::map<std::string, std::string> function_hashes(const frontend::TranslationUnit& tu);

// The entry procedure of C function `name`, or nullopt.
std::optional<ProcId> entry_procedure(const Procedures& ps, const std::string& name);

std::string write_summary_file(const Procedures& ps, const SummaryFile& file);

// `name`: the file's name for messages; `program`: the program_hash the file must have been made
// for (empty: any). Throws frontend::ParseError (see above).
SummaryFile read_summary_file(const Procedures& ps, const std::string& text, const std::string& name,
                              const std::string& program = {}, bool revision = false);

}  // namespace craig::verifier
