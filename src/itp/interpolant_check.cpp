// Independent check of tree interpolants (interpolant_check.hpp): one fresh solver per local
// condition, and the symbol condition from the formulas' symbols.
#include "itp/interpolant_check.hpp"

#include <stdexcept>
#include <vector>

#include "itp/coloring.hpp"
#include "itp/interpolation.hpp"
#include "smt/terms/printer.hpp"

namespace craig::itp {

namespace {

// Unsat of the conjunction: Valid (unsat), Invalid (sat) or Inconclusive, with why.
CheckOutcome unsat(smt::TermManager& tm, std::span<const Term> conjuncts, const smt::SolverOptions& base,
                   std::string* why) {
    smt::SolverOptions o = base;
    o.produce_proofs = false;
    o.produce_models = true;
    o.check_models = true;  // a Sat answer (a failed condition) is backed by a checked model
    try {
        smt::Solver s(tm, o);
        for (Term t : conjuncts) s.assert_formula(t);
        switch (s.check()) {
            case smt::Result::Unsat: return CheckOutcome::Valid;
            case smt::Result::Sat: return CheckOutcome::Invalid;
            case smt::Result::Unknown: *why = "unknown: " + s.reason_unknown(); return CheckOutcome::Inconclusive;
        }
    } catch (const std::exception& e) {
        *why = std::string("solver error: ") + e.what();
    }
    return CheckOutcome::Inconclusive;
}

}  // namespace

CheckReport check_tree_interpolants(smt::TermManager& tm, std::span<const smt::Term> formulas,
                                    std::span<const uint32_t> start, std::span<const smt::Term> interpolants,
                                    const smt::SolverOptions& solver_options) {
    CheckReport report;
    const size_t n = formulas.size();
    std::vector<uint32_t> parent;
    try {
        if (start.size() != n) throw std::invalid_argument("start and formulas differ in size");
        parent = tree_parents(start);
    } catch (const std::invalid_argument& e) {
        return {CheckOutcome::Invalid, std::string("bad shape: ") + e.what()};
    }
    if (interpolants.size() + 1 != n)
        return {CheckOutcome::Invalid,
                "expected " + std::to_string(n - 1) + " interpolants, got " + std::to_string(interpolants.size())};
    std::vector<std::vector<uint32_t>> children(n);
    for (size_t i = 0; i + 1 < n; ++i) children[parent[i]].push_back(static_cast<uint32_t>(i));

    // Symbols of each partition: sides[f] for node i is computed from these per node.
    std::vector<std::vector<FuncId>> syms(n);
    for (size_t i = 0; i < n; ++i) collect_symbols(tm, formulas[i], syms[i]);

    auto mark = [&](CheckOutcome o, std::string why) {
        if (o == CheckOutcome::Invalid && report.outcome != CheckOutcome::Invalid)
            report = {o, std::move(why)};
        else if (o == CheckOutcome::Inconclusive && report.outcome == CheckOutcome::Valid)
            report = {o, std::move(why)};
    };

    std::vector<Term> q;
    for (size_t i = 0; i < n && report.outcome != CheckOutcome::Invalid; ++i) {
        const bool root = i + 1 == n;
        q.clear();
        for (uint32_t c : children[i]) q.push_back(interpolants[c]);
        q.push_back(formulas[i]);
        if (!root) q.push_back(tm.mk_not(interpolants[i]));
        std::string why;
        CheckOutcome o = unsat(tm, q, solver_options, &why);
        if (o == CheckOutcome::Invalid)
            why = root ? "root: the children's interpolants and the root partition are satisfiable"
                       : "node " + std::to_string(i) + ": (children's interpolants) ∧ A_i does not imply I_i";
        else if (o == CheckOutcome::Inconclusive)
            why = "node " + std::to_string(i) + ": " + why;
        mark(o, why);
        if (root || o == CheckOutcome::Invalid) continue;

        // Symbols of I_i must occur inside the subtree of i and outside it.
        std::vector<uint8_t> side(tm.num_funcs(), 0);
        for (size_t j = 0; j < n; ++j) {
            const uint8_t bit = (j >= start[i] && j <= i) ? kInA : kInB;
            for (FuncId f : syms[j]) side[f] |= bit;
        }
        std::vector<FuncId> isyms;
        collect_symbols(tm, interpolants[i], isyms);
        for (FuncId f : isyms)
            if (f >= side.size() || side[f] != (kInA | kInB)) {
                mark(CheckOutcome::Invalid, "node " + std::to_string(i) + ": interpolant mentions " + tm.func(f).name +
                                                ", not shared by the subtree and the rest");
                break;
            }
    }
    return report;
}

}  // namespace craig::itp
