#include "chc/derivation.hpp"

#include <ostream>

#include "smt/model.hpp"
#include "smt/terms/printer.hpp"

namespace craig::chc {

namespace {

using smt::Term;

std::string value_text(const smt::Value& v, smt::Sort s) {
    return v.type == smt::Value::Type::Bool ? (v.b ? "true" : "false") : smt::numeral_to_string(v.q, s);
}

// The premises of each step of a post-order clause sequence (every body application's subtree
// before the step, in body order), or why the sequence is no derivation tree of a query.
std::string tree_shape(const ChcSystem& sys, std::span<const std::size_t> clauses,
                       std::vector<std::vector<std::size_t>>& premises) {
    if (clauses.empty()) return "an empty derivation";
    std::vector<std::size_t> roots;  // steps not yet used as a premise
    premises.assign(clauses.size(), {});
    for (std::size_t j = 0; j < clauses.size(); ++j) {
        if (clauses[j] >= sys.clauses.size()) return "step " + std::to_string(j) + " names no clause";
        const Clause& c = sys.clauses[clauses[j]];
        if (roots.size() < c.body.size())
            return "step " + std::to_string(j) + " has " + std::to_string(c.body.size()) +
                   " body applications but only " + std::to_string(roots.size()) + " derived facts precede it";
        const std::size_t first = roots.size() - c.body.size();
        for (std::size_t i = 0; i < c.body.size(); ++i) {
            const std::size_t k = roots[first + i];
            const Clause& from = sys.clauses[clauses[k]];
            if (!from.head || from.head->pred != c.body[i].pred)
                return "body application " + std::to_string(i) + " of step " + std::to_string(j) +
                       " is not what step " + std::to_string(k) + " derived";
            premises[j].push_back(k);
        }
        roots.resize(first);
        if (!c.head && j + 1 < clauses.size()) return "a query before the end (step " + std::to_string(j) + ")";
        roots.push_back(j);
    }
    if (sys.clauses[clauses.back()].head) return "the last clause is not a query";
    if (roots.size() != 1) return std::to_string(roots.size() - 1) + " derived facts are used by no step";
    return "";
}

// The shape of a derivation as given: premises earlier and deriving the applied predicates.
std::string given_shape(const ChcSystem& sys, const Derivation& d) {
    if (d.steps.empty()) return "an empty derivation";
    for (std::size_t j = 0; j < d.steps.size(); ++j) {
        const DerivationStep& s = d.steps[j];
        if (s.clause >= sys.clauses.size()) return "step " + std::to_string(j) + " names no clause";
        const Clause& c = sys.clauses[s.clause];
        if (s.premises.size() != c.body.size())
            return "step " + std::to_string(j) + " has " + std::to_string(s.premises.size()) + " premises for " +
                   std::to_string(c.body.size()) + " body applications";
        for (std::size_t i = 0; i < c.body.size(); ++i) {
            const std::size_t k = s.premises[i];
            if (k >= j) return "premise " + std::to_string(i) + " of step " + std::to_string(j) + " is not earlier";
            const Clause& from = sys.clauses[d.steps[k].clause];
            if (!from.head || from.head->pred != c.body[i].pred)
                return "body application " + std::to_string(i) + " of step " + std::to_string(j) +
                       " is not what step " + std::to_string(k) + " derived";
        }
    }
    if (sys.clauses[d.steps.back().clause].head) return "the last clause is not a query";
    return "";
}

}  // namespace

DerivationCheck check_derivation(const smt::TermManager& tm, const ChcSystem& sys, const Derivation& d) {
    DerivationCheck out;
    if (std::string why = given_shape(sys, d); !why.empty()) return {DerivationOutcome::Invalid, why};
    auto value = [&](Term t, const Assignment& a, std::size_t j, const char* what) -> std::optional<smt::Value> {
        std::optional<smt::Value> v = evaluate(tm, t, a);
        if (!v) {
            out = {DerivationOutcome::Undefined, std::string(what) + " of step " + std::to_string(j) +
                                                     " has no value (a division by zero or a variable without value)"};
        }
        return v;
    };
    for (std::size_t j = 0; j < d.steps.size(); ++j) {
        const Clause& c = sys.clauses[d.steps[j].clause];
        const Assignment& a = d.steps[j].values;
        const std::optional<smt::Value> ok = value(c.constraint, a, j, "the constraint");
        if (!ok) return out;
        if (!ok->b) return {DerivationOutcome::Invalid, "the constraint of step " + std::to_string(j) + " is false"};
        for (std::size_t b = 0; b < c.body.size(); ++b) {
            const std::size_t k = d.steps[j].premises[b];
            const PredApp& derived = *sys.clauses[d.steps[k].clause].head;
            for (std::size_t i = 0; i < c.body[b].args.size(); ++i) {
                const auto here = value(c.body[b].args[i], a, j, "a body argument");
                if (!here) return out;
                const auto there = value(derived.args[i], d.steps[k].values, k, "a head argument");
                if (!there) return out;
                if (here->type != there->type ||
                    (here->type == smt::Value::Type::Bool ? here->b != there->b : here->q != there->q))
                    return {DerivationOutcome::Invalid,
                            "argument " + std::to_string(i) + " of application " + std::to_string(b) + " of step " +
                                std::to_string(j) + " differs from the one step " + std::to_string(k) + " derived"};
            }
        }
    }
    return out;
}

DerivationSearch find_derivation(smt::TermManager& tm, const ChcSystem& sys, std::span<const std::size_t> clauses,
                                 const smt::SolverOptions& options) {
    DerivationSearch out;
    std::vector<std::vector<std::size_t>> premises;
    if (std::string why = tree_shape(sys, clauses, premises); !why.empty()) {
        out.result = smt::Result::Unsat;
        out.why = why;
        return out;
    }
    smt::Solver s(tm, options);
    std::vector<std::unordered_map<Term, Term, smt::TermHash>> copies(clauses.size());
    for (std::size_t j = 0; j < clauses.size(); ++j) {
        const Clause& c = sys.clauses[clauses[j]];
        for (Term v : c.vars) copies[j][v] = tm.mk_const(tm.fresh_fun("d" + std::to_string(j), {}, tm.sort(v)));
        s.assert_formula(tm.substitute(c.constraint, copies[j]));
        for (std::size_t b = 0; b < c.body.size(); ++b) {
            const std::size_t k = premises[j][b];
            const PredApp& derived = *sys.clauses[clauses[k]].head;
            for (std::size_t i = 0; i < c.body[b].args.size(); ++i)
                s.assert_formula(
                    tm.mk_eq(tm.substitute(c.body[b].args[i], copies[j]), tm.substitute(derived.args[i], copies[k])));
        }
    }
    out.result = s.check();
    if (out.result != smt::Result::Sat) {
        out.why = out.result == smt::Result::Unsat ? "the clause sequence has no instance" : "undecided";
        return out;
    }
    for (std::size_t j = 0; j < clauses.size(); ++j) {
        DerivationStep step{clauses[j], {}, premises[j]};
        for (const auto& [v, copy] : copies[j]) step.values[v] = s.model().evaluate(copy);
        out.derivation.steps.push_back(std::move(step));
    }
    return out;
}

void print_derivation(std::ostream& out, const smt::TermManager& tm, const ChcSystem& sys, const Derivation& d) {
    out << "(derivation\n";
    for (std::size_t j = 0; j < d.steps.size(); ++j) {
        const DerivationStep& s = d.steps[j];
        const Clause& c = sys.clauses[s.clause];
        out << "  (step " << j << " :clause " << s.clause << " :line " << c.loc.line;
        for (Term v : c.vars) {
            auto it = s.values.find(v);
            if (it == s.values.end()) continue;
            std::string name = tm.func(tm.func_of(v)).name;  // ".x!3": the user's name between '.' and '!'
            name = name.substr(1, name.rfind('!') - 1);
            out << " (" << smt::quote_symbol(name) << " " << value_text(it->second, tm.sort(v)) << ")";
        }
        if (!s.premises.empty()) {
            out << " :premises (";
            for (std::size_t i = 0; i < s.premises.size(); ++i) out << (i ? " " : "") << s.premises[i];
            out << ")";
        }
        out << " :head ";
        if (!c.head) {
            out << "false)\n";
            continue;
        }
        out << "(" << smt::quote_symbol(sys.preds[c.head->pred].name);
        for (Term a : c.head->args) {
            const std::optional<smt::Value> v = evaluate(tm, a, s.values);
            out << " " << (v ? value_text(*v, tm.sort(a)) : "?");
        }
        out << "))\n";
    }
    out << ")\n";
}

}  // namespace craig::chc
