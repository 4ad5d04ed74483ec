#include "bench/verdicts.hpp"

namespace craig::bench {

std::string_view tool_name(Tool t) {
    switch (t) {
        case Tool::Verify: return "verify";
        case Tool::Chc: return "chc";
        case Tool::Solve: return "solve";
    }
    return "";
}

std::optional<Tool> parse_tool(std::string_view name) {
    for (Tool t : {Tool::Verify, Tool::Chc, Tool::Solve})
        if (tool_name(t) == name) return t;
    return std::nullopt;
}

std::string_view category_name(Category c) {
    switch (c) {
        case Category::Correct: return "correct";
        case Category::Wrong: return "wrong";
        case Category::Unknown: return "unknown";
        case Category::Error: return "error";
        case Category::Missing: return "missing";
    }
    return "";
}

std::optional<Category> parse_category(std::string_view name) {
    for (Category c : {Category::Correct, Category::Wrong, Category::Unknown, Category::Error, Category::Missing})
        if (category_name(c) == name) return c;
    return std::nullopt;
}

bool is_answer(std::string_view status, bool* positive) {
    bool pos = false;
    if (status == "true" || status == "sat") {
        pos = true;
    } else if (status == "unsat" || status == "false" ||
               (status.starts_with("false(") && status.ends_with(")"))) {
        pos = false;
    } else {
        return false;
    }
    if (positive) *positive = pos;
    return true;
}

Category category_of(std::string_view expected, std::string_view status) {
    bool positive = false;
    if (!is_answer(status, &positive)) return status == "unknown" ? Category::Unknown : Category::Error;
    if (expected.empty()) return Category::Missing;
    const bool expected_positive = expected == "true" || expected == "sat";
    return positive == expected_positive ? Category::Correct : Category::Wrong;
}

int svcomp_score(Category category, std::string_view status) {
    bool positive = false;
    if (!is_answer(status, &positive)) return 0;
    if (category == Category::Correct) return positive ? 2 : 1;
    if (category == Category::Wrong) return positive ? -32 : -16;
    return 0;
}

int task_score(Tool tool, Category category, std::string_view status) {
    if (tool == Tool::Verify) return svcomp_score(category, status);
    return category == Category::Correct ? 1 : 0;
}

}  // namespace craig::bench
