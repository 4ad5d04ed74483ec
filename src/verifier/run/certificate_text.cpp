#include "verifier/run/certificate_text.hpp"

#include <ostream>
#include <sstream>

#include "smt/terms/printer.hpp"
#include "verifier/program/term_to_c.hpp"
#include "verifier/witness/contract_text.hpp"
#include "verifier/witness/scope_scan.hpp"
#include "verifier/witness/witness_expression.hpp"

namespace craig::verifier {

// The checked invariants of a TRUE verdict, one line per large-block location, over the C names
// valid there (readable_invariants.hpp); where no such formula is found, the proved one with
// unique program names ("f#2::n") and the reason.
void print_invariants(std::ostream& out, const Program& blocks, const std::vector<smt::Term>& inv,
                      const ReadableInvariants& readable) {
    if (inv.empty()) {
        out << "Invariants: none (the engine proves TRUE without invariants)\n";
        return;
    }
    out << "Invariants (checked inductive, per location):\n";
    for (LocId l = 0; l < blocks.locs.size() && l < inv.size(); ++l) {
        const Location& loc = blocks.locs[l];
        std::string what = l == blocks.entry       ? "entry"
                           : l == blocks.error     ? "error"
                           : l == blocks.exit      ? "exit"
                           : l == blocks.truncated ? "truncated"
                           : loc.loop_head         ? "loop head"
                                                   : "location";
        const LocProvenance& at = blocks.loc_origin(l);
        out << "  " << at.loc.str() << " " << (at.function.empty() ? "-" : at.function) << " (" << what << "): ";
        std::string why;
        if (std::optional<std::string> c = readable.c_text(l, &why)) {
            out << *c;
            const std::vector<std::string>& gone = readable.projected(l);
            for (std::size_t i = 0; i < gone.size(); ++i) out << (i ? ", " : "  [without ") << gone[i];
            if (!gone.empty())
                out << (readable.inductive(l) ? "; checked inductive again]" : "; implied by the proved invariant]");
            out << "\n";
            continue;
        }
        // Words (a bit-precise program): the exact C form where there is one (bit fields as
        // masks of unsigned long long), for the integer form would print word terms raw.
        std::optional<std::string> exact;
        if (!blocks.vars.empty() && blocks.terms().is_bv(blocks.vars.front().cur))
            exact = exact_c_expression(blocks, inv[l], [&](VarId v) -> std::optional<std::string> {
                const VarProvenance& o = blocks.var_origin(v);
                return o.c_name.empty() || o.is_temp ? blocks.vars[v].name : o.c_name + o.c_path;
            });
        out << (exact ? *exact : term_to_c_at(blocks, l, inv[l])) << "  [as proved: " << why << "]\n";
    }
}

// Contracts of an interprocedural TRUE (whale) as C (contract_text.hpp); a procedure whose
// contract has no C form there in SMT-LIB over the program variables: the cur constant of a
// parameter is its value at entry, the primed (next) constant of a return its value at exit.
void print_contracts(std::ostream& out, const frontend::TranslationUnit& tu, const Procedures& ps,
                     const std::vector<Contract>& contracts) {
    out << "Contracts (checked by Hoare's rule for recursion, per procedure; \\old(x) is x at entry, \\result the "
           "return value, \\error whether reach_error was called):\n";
    const smt::TermManager& tm = ps.plain->terms();
    const ScopeScan scan(tu);
    for (std::size_t i = 0; i < ps.procs.size() && i < contracts.size(); ++i) {
        std::string why;
        if (auto c = contract_text(scan, ps, static_cast<ProcId>(i), contracts[i], &why)) {
            out << "  " << ps.procs[i].name << ": requires " << c->requires_clause << "; ensures " << c->ensures_clause
                << "\n";
            continue;
        }
        std::ostringstream g, s;
        smt::print_term(g, tm, contracts[i].guard, false);
        smt::print_term(s, tm, contracts[i].summary, false);
        out << "  " << ps.procs[i].name << ": requires " << g.str() << "; ensures " << s.str()
            << "  [in SMT-LIB, x' is x at return: " << why << "]\n";
    }
}

// --use-summaries: the proven summaries whose calls the solved program replaced, in SMT-LIB over
// the procedural model's variables (a parameter's constant is its value at the call, the primed
// one a result's).
void print_summaries(std::ostream& out, const smt::TermManager& tm,
                     const std::map<std::string, FunctionSummary>& summaries) {
    out << "Summaries (checked by Hoare's rule for recursion; x' is x at return):\n";
    for (const auto& [name, s] : summaries) {
        std::ostringstream r;
        smt::print_term(r, tm, s.relation, false);
        out << "  " << name << ": " << r.str() << "\n";
    }
}

}  // namespace craig::verifier
