// The vocabulary of a benchmark's results, after BenchExec (doc/run-results.md, result.py):
// the tool a task runs, a run's status (the tool's answer, or what ended it) and its category
// relative to the task's expected answer, and SV-COMP's score.
//
//   category_of("true", "false(unreach-call)") == Category::Wrong
//   category_of("", "true") == Category::Missing       // the task states no expected answer
//   category_of("true", "TIMEOUT") == Category::Error  // a limit ended the run: never correct
//   svcomp_score(Category::Wrong, "true") == -32
//
// Statuses: "true", "false(unreach-call)" (craig verify), "sat", "unsat" (craig chc, solve),
// "unknown" (no answer), and for runs without an answer "TIMEOUT", "OUT OF MEMORY" and
// "ERROR (...)". Expected answers: "true"/"false" (a task file's expected_verdict),
// "sat"/"unsat" (a file's (set-info :status ...)), "" when the task does not say.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace craig::bench {

enum class Tool : std::uint8_t { Verify, Chc, Solve };
std::string_view tool_name(Tool t);
std::optional<Tool> parse_tool(std::string_view name);

enum class Category : std::uint8_t { Correct, Wrong, Unknown, Error, Missing };
std::string_view category_name(Category c);
std::optional<Category> parse_category(std::string_view name);

// Whether `status` is an answer (true, false(...), sat, unsat); `positive` is set to whether it
// says the property holds (true) or the formula is satisfiable (sat).
bool is_answer(std::string_view status, bool* positive = nullptr);

Category category_of(std::string_view expected, std::string_view status);

// SV-COMP's scoring: correct TRUE +2, correct FALSE +1, wrong FALSE -16, wrong TRUE -32, else 0.
int svcomp_score(Category category, std::string_view status);
// A task's score in a benchmark of `tool`: SV-COMP's for verify; for chc and solve 1 for a correct
// answer, else 0 (CHC-COMP and SMT-COMP rank by solved problems).
int task_score(Tool tool, Category category, std::string_view status);

}  // namespace craig::bench
