#include "verifier/program/chc_writer.hpp"

#include <ostream>
#include <sstream>
#include <unordered_set>

#include "smt/terms/printer.hpp"

namespace craig::verifier {

namespace {

using smt::Term;
using TermSet = std::unordered_set<Term, smt::TermHash>;

// The constants of `t` (into `out`); false if it applies a declared function.
bool constants(const smt::TermManager& tm, Term t, TermSet& seen, std::vector<Term>& out) {
    std::vector<Term> work{t};
    while (!work.empty()) {
        const Term x = work.back();
        work.pop_back();
        if (!seen.insert(x).second) continue;
        if (tm.kind(x) == smt::Kind::App) return false;
        if (tm.kind(x) == smt::Kind::Const) out.push_back(x);
        for (Term c : tm.children(x)) work.push_back(c);
    }
    return true;
}

std::string pred(LocId l) { return "loc!" + std::to_string(l); }

}  // namespace

bool write_chc(std::ostream& out, const Program& p, const std::string& source, std::string& why) {
    const smt::TermManager& tm = p.terms();
    if (!p.approximations.empty()) {
        why = "the program under-approximates the C program (" + p.approximations.front() +
              "): a model of its clauses would not prove the C program safe";
        return false;
    }
    std::ostringstream text;
    auto app = [&](LocId l, const std::vector<Term>& args) {
        if (args.empty()) return pred(l);
        std::string s = "(" + pred(l);
        for (Term a : args) s += " " + smt::term_to_string(tm, a, false);
        return s + ")";
    };
    text << "; linear Horn clauses of " << source << " (craig verify --emit-chc)\n(set-logic HORN)\n";
    for (LocId l = 0; l < p.locs.size(); ++l) {
        if (l == p.entry || l == p.error || l == p.exit) continue;
        text << "(declare-fun " << pred(l) << " (";
        for (std::size_t v = 0; v < p.vars.size(); ++v)
            text << (v ? " " : "") << tm.sorts().to_string(var_sort(tm, p.vars[v]));
        text << ") Bool)\n";
    }
    std::vector<Term> cur;
    for (const ProgramVar& v : p.vars) cur.push_back(v.cur);
    for (EdgeId e = 0; e < p.edges.size(); ++e) {
        const Edge& edge = p.edges[e];
        if (edge.dst == p.exit) continue;
        std::vector<Term> post = cur;
        for (VarId w : edge.writes) post[w] = p.vars[w].next;
        TermSet seen;
        std::vector<Term> bound;
        if (!constants(tm, edge.formula, seen, bound)) {
            why = "edge " + std::to_string(e) + " applies an uninterpreted function (a C operator between variables)";
            return false;
        }
        for (Term c : cur)
            if (seen.insert(c).second) bound.push_back(c);
        for (Term c : post)
            if (seen.insert(c).second) bound.push_back(c);
        text << "(assert ";
        if (!bound.empty()) {
            text << "(forall (";
            for (std::size_t i = 0; i < bound.size(); ++i)
                text << (i ? " " : "") << "(" << smt::quote_symbol(tm.func(tm.func_of(bound[i])).name) << " "
                     << tm.sorts().to_string(tm.sort(bound[i])) << ")";
            text << ")\n  ";
        }
        text << "(=> (and " << (edge.src == p.entry ? "true" : app(edge.src, cur)) << " ";
        smt::print_term(text, tm, edge.formula);
        text << ")\n      " << (edge.dst == p.error ? "false" : app(edge.dst, post)) << ")"
             << (bound.empty() ? "" : ")") << ")\n";
    }
    text << "(check-sat)\n(exit)\n";
    out << text.str();
    return true;
}

}  // namespace craig::verifier
