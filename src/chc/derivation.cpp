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

// Whether the clause sequence is a chain from a fact to a query; else why not.
std::string chain_shape(const ChcSystem& sys, std::span<const std::size_t> clauses) {
    if (clauses.empty()) return "an empty derivation";
    for (std::size_t j = 0; j < clauses.size(); ++j) {
        if (clauses[j] >= sys.clauses.size()) return "step " + std::to_string(j) + " names no clause";
        const Clause& c = sys.clauses[clauses[j]];
        if (!c.is_linear()) return "step " + std::to_string(j) + " is a nonlinear clause";
        if (j == 0 && !c.body.empty()) return "the first clause is not a fact";
        if (j + 1 == clauses.size() && c.head) return "the last clause is not a query";
        if (j + 1 < clauses.size() && !c.head) return "a query before the end (step " + std::to_string(j) + ")";
        if (j > 0 && c.body[0].pred != sys.clauses[clauses[j - 1]].head->pred)
            return "step " + std::to_string(j) + " does not apply the predicate step " + std::to_string(j - 1) +
                   " derived";
    }
    return "";
}

}  // namespace

DerivationCheck check_derivation(const smt::TermManager& tm, const ChcSystem& sys, const Derivation& d) {
    DerivationCheck out;
    std::vector<std::size_t> clauses;
    for (const DerivationStep& s : d.steps) clauses.push_back(s.clause);
    if (std::string why = chain_shape(sys, clauses); !why.empty()) return {DerivationOutcome::Invalid, why};
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
        if (j == 0) continue;
        const PredApp& prev = *sys.clauses[d.steps[j - 1].clause].head;
        for (std::size_t i = 0; i < c.body[0].args.size(); ++i) {
            const auto here = value(c.body[0].args[i], a, j, "a body argument");
            if (!here) return out;
            const auto there = value(prev.args[i], d.steps[j - 1].values, j - 1, "a head argument");
            if (!there) return out;
            if (here->type != there->type ||
                (here->type == smt::Value::Type::Bool ? here->b != there->b : here->q != there->q))
                return {DerivationOutcome::Invalid, "argument " + std::to_string(i) + " of step " + std::to_string(j) +
                                                        " differs from the one step " + std::to_string(j - 1) +
                                                        " derived"};
        }
    }
    return out;
}

DerivationSearch find_derivation(smt::TermManager& tm, const ChcSystem& sys, std::span<const std::size_t> clauses,
                                 const smt::SolverOptions& options) {
    DerivationSearch out;
    if (std::string why = chain_shape(sys, clauses); !why.empty()) {
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
        if (j == 0) continue;
        const PredApp& prev = *sys.clauses[clauses[j - 1]].head;
        for (std::size_t i = 0; i < c.body[0].args.size(); ++i)
            s.assert_formula(
                tm.mk_eq(tm.substitute(c.body[0].args[i], copies[j]), tm.substitute(prev.args[i], copies[j - 1])));
    }
    out.result = s.check();
    if (out.result != smt::Result::Sat) {
        out.why = out.result == smt::Result::Unsat ? "the clause sequence has no instance" : "undecided";
        return out;
    }
    for (std::size_t j = 0; j < clauses.size(); ++j) {
        DerivationStep step{clauses[j], {}};
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
