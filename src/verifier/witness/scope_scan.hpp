// What the C scopes say at the statements a correctness witness can annotate: loop statements
// (loop invariants) and return statements (function contracts stated as location invariants,
// witness_contracts.hpp).
//
//   const ScopeScan scan(tu);
//   scan.loops.at({file, line, col}).visible   // C name -> VarDecl id in scope at that loop
//
// `visible` maps every name in scope to the declaration it denotes there (the innermost one,
// as C resolves it; file-scope variables declared before the statement); kAmbiguousDecl marks a
// name the witness must not use (a static local: which block declares it is not recorded).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "frontend/ast.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

inline constexpr std::uint32_t kAmbiguousDecl = UINT32_MAX;

using SourceKey = std::tuple<std::string, std::uint32_t, std::uint32_t>;  // file, line, column
inline SourceKey source_key(const frontend::SourceLocation& l) { return {l.file, l.line, l.col}; }

struct StatementScope {
    const frontend::Stmt* stmt = nullptr;
    const frontend::FunctionDecl* function = nullptr;
    std::map<std::string, std::uint32_t> visible;
    // Loops only: the line of the condition when its branches can be told apart by
    // (startline, control) alone (see WitnessInvariant::condition_line); 0 otherwise.
    unsigned condition_line = 0;
};

class ScopeScan {
public:
    explicit ScopeScan(const frontend::TranslationUnit& tu);

    std::map<SourceKey, StatementScope> loops;  // while, do-while and for statements
    std::vector<StatementScope> returns;        // every return statement, in source order
    // Per function: the VarDecl ids of the variables it assigns (=, op=, ++, --) anywhere.
    std::unordered_map<const frontend::FunctionDecl*, std::set<std::uint32_t>> assigned;

private:
    void function(const frontend::FunctionDecl& f);
    std::map<std::string, std::uint32_t> visible_at(const frontend::SourceLocation& at) const;
    StatementScope scope_of(const frontend::Stmt& s) const;
    void stmt(const frontend::Stmt& s);
    void expr(const frontend::Expr& e, const void* owner);
    unsigned condition_line(const frontend::Stmt& s) const;

    const frontend::TranslationUnit& tu_;
    const frontend::FunctionDecl* fn_ = nullptr;
    std::vector<std::vector<std::pair<std::string, std::uint32_t>>> scopes_;
    std::map<std::pair<std::string, std::uint32_t>, std::set<const void*>> at_line_;
    std::unordered_map<const void*, std::set<std::uint32_t>> lines_of_;
};

// Whether evaluating e changes nothing (no assignment, increment, call, comma or statement
// expression).
bool side_effect_free(const frontend::Expr& e);

// The C name of program variable v at the statement of `scope` in function instance `instance`
// ("main", "f#2"; the function's name when calls are kept), if v is what that name denotes
// there; nothing for temporaries, return values, out-of-scope or shadowed variables.
std::optional<std::string> c_name_in_scope(const Program& p, VarId v, const StatementScope& scope,
                                           const std::string& instance);

}  // namespace craig::verifier
