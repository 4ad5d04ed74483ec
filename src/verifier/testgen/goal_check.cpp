#include "verifier/testgen/goal_check.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <string_view>
#include <tuple>

namespace craig::verifier {

namespace {

using frontend::SourceLocation;
using frontend::Stmt;
using frontend::StmtKind;
using frontend::TraceStep;

using LocKey = std::tuple<std::string, std::uint32_t, std::uint32_t>;
LocKey key(const SourceLocation& l) { return {l.file, l.line, l.col}; }

// The switch keyword of every case label of the statement tree s (the lowering places a case
// edge at its label, the interpreter the switch's decision at the switch).
void collect_cases(const Stmt& s, std::map<LocKey, SourceLocation>& switch_of) {
    if (s.kind == StmtKind::Switch)
        for (const Stmt* c : s.cases)
            if (c->kind == StmtKind::Case) switch_of.emplace(key(c->loc), s.loc);
    for (const auto& child : s.stmts)
        if (child) collect_cases(*child, switch_of);
    for (const Stmt* child : {s.init.get(), s.body.get(), s.else_body.get()})
        if (child) collect_cases(*child, switch_of);
}

// The branch outcomes of an edge label, in order ("[c]", "[!(c)]", "[case 3]", "[default]"; the
// lowering labels an edge by its statements joined with "; ").
std::vector<std::string> branch_outcomes(const std::string& label) {
    std::vector<std::string> out;
    for (std::size_t at = 0; at < label.size();) {
        const std::size_t next = std::min(label.find("; ", at), label.size());
        if (label[at] == '[' && !constant_outcome(std::string_view(label).substr(at, next - at)))
            out.push_back(label.substr(at, next - at));
        at = next + 2;
    }
    return out;
}

constexpr std::string_view kCase = "[case ", kDefault = "[default]";

bool is_switch_step(const TraceStep& s) { return s.kind == TraceStep::Branch && s.name == "switch"; }

// Whether branch step s is the outcome o. A switch step: "[case N]" (N as the lowering prints
// the case value, a signed decimal of its 64 bits) when it matched a case of that value,
// "[default]" when it matched none. Any other: "[c]" taken, "[!(c)]" not, c its printed
// condition (compared without building the text).
bool same_outcome(const TraceStep& s, std::string_view o) {
    if (is_switch_step(s)) {
        if (o == kDefault) return !s.taken;
        if (!s.taken || o.size() <= kCase.size() + 1 || o.substr(0, kCase.size()) != kCase || o.back() != ']')
            return false;
        const std::string_view digits = o.substr(kCase.size(), o.size() - kCase.size() - 1);
        long long v = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
        return ec == std::errc() && end == digits.data() + digits.size() && static_cast<std::uint64_t>(v) == s.value;
    }
    const std::string_view open = s.taken ? "[" : "[!(", close = s.taken ? "]" : ")]";
    return o.size() == open.size() + s.text.size() + close.size() && o.substr(0, open.size()) == open &&
           o.substr(open.size(), s.text.size()) == s.text && o.substr(o.size() - close.size()) == close;
}

}  // namespace

std::vector<GoalPattern> goal_patterns(const frontend::TranslationUnit& tu, const std::vector<Goal>& goals) {
    std::map<LocKey, SourceLocation> switch_of;
    for (const auto& f : tu.functions)
        if (f && f->body) collect_cases(*f->body, switch_of);
    std::vector<GoalPattern> patterns;
    for (const Goal& g : goals) {
        GoalPattern p;
        p.error = g.edge == kNoEdge;
        p.place = g.loc;
        p.outcomes = branch_outcomes(g.label);
        if (g.label.rfind(kDefault, 0) == 0) {
            p.at_switch = true;  // the lowering places "[default]" at the switch keyword
        } else if (g.label.rfind(kCase, 0) == 0) {
            const auto it = switch_of.find(key(g.loc));
            if (it != switch_of.end()) p.place = it->second, p.at_switch = true;
        }
        patterns.push_back(std::move(p));
    }
    return patterns;
}

RunIndex::RunIndex(const frontend::ReplayResult& r) : r_(r) {
    const std::size_t n = r.trace.size();
    by_line_.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        by_line_.emplace_back(r.trace[i].loc.line, i);
        if (is_switch_step(r.trace[i])) switches_.emplace_back(r.trace[i].anchor.line, i);
    }
    std::sort(by_line_.begin(), by_line_.end());
    std::sort(switches_.begin(), switches_.end());
    next_branch_.assign(n + 1, n);
    for (std::size_t i = n; i-- > 0;) next_branch_[i] = r.trace[i].kind == TraceStep::Branch ? i : next_branch_[i + 1];
}

bool RunIndex::outcomes_follow(const GoalPattern& g, std::size_t first) const {
    const auto& trace = r_.trace;
    std::size_t k = 0;
    for (std::size_t j = next_branch_[first]; j < trace.size() && k < g.outcomes.size(); j = next_branch_[j + 1], ++k)
        if (!same_outcome(trace[j], g.outcomes[k])) return false;
    return k == g.outcomes.size();
}

bool RunIndex::passes(const GoalPattern& g) const {
    if (g.error) return r_.outcome == frontend::ReplayOutcome::ReachedError;
    const auto& steps = g.at_switch ? switches_ : by_line_;
    const auto from = std::pair<std::uint32_t, std::size_t>(g.place.line, 0);
    for (auto it = std::lower_bound(steps.begin(), steps.end(), from); it != steps.end() && it->first == g.place.line;
         ++it) {
        const TraceStep& s = r_.trace[it->second];
        const bool here = g.at_switch ? s.anchor == g.place : s.loc.file == g.place.file;
        if (here && outcomes_follow(g, it->second)) return true;
    }
    return false;
}

std::string error_call(const frontend::ReplayResult& r) {
    if (r.outcome != frontend::ReplayOutcome::ReachedError || r.trace.empty()) return "";
    const TraceStep& s = r.trace.back();  // the error step is recorded even when the trace is full
    if (s.kind != TraceStep::Error) return "";
    return s.loc.str() + " " + s.name + "() in " + s.function;
}

}  // namespace craig::verifier
