// Independent check of tree interpolants (interpolant_check.hpp): one fresh solver per local
// condition, and the symbol condition from the symbols of each partition's assertions.
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

// Keeps the first Invalid, else the first Inconclusive.
void merge(CheckReport& report, CheckOutcome o, std::string why) {
    if (o == CheckOutcome::Invalid && report.outcome != CheckOutcome::Invalid)
        report = {o, std::move(why)};
    else if (o == CheckOutcome::Inconclusive && report.outcome == CheckOutcome::Valid)
        report = {o, std::move(why)};
}

// Whether every symbol of `itp` occurs both in a formula with in_a[j] and in one without.
bool shared_symbols(smt::TermManager& tm, Term itp, std::span<const std::vector<FuncId>> syms,
                    std::span<const uint8_t> in_a, std::string* offending) {
    std::vector<uint8_t> side(tm.num_funcs(), 0);
    for (size_t j = 0; j < syms.size(); ++j)
        for (FuncId f : syms[j]) side[f] |= in_a[j] ? kInA : kInB;
    std::vector<FuncId> isyms;
    collect_symbols(tm, itp, isyms);
    for (FuncId f : isyms)
        if (f >= side.size() || side[f] != (kInA | kInB)) {
            *offending = tm.func(f).name;
            return false;
        }
    return true;
}

// Each formula as a partition of one assertion.
std::vector<std::vector<Term>> singletons(std::span<const Term> formulas) {
    std::vector<std::vector<Term>> out;
    for (Term f : formulas) out.push_back({f});
    return out;
}

// The symbols of each partition, from its assertions one by one (not from their conjunction).
std::vector<std::vector<FuncId>> partition_symbols(smt::TermManager& tm,
                                                   std::span<const std::vector<Term>> partitions) {
    std::vector<std::vector<FuncId>> syms(partitions.size());
    for (size_t j = 0; j < partitions.size(); ++j)
        for (Term t : partitions[j]) collect_symbols(tm, t, syms[j]);
    return syms;
}

}  // namespace

CheckReport check_state_transition_interpolants(smt::TermManager& tm, std::span<const smt::Term> phis,
                                                std::span<const smt::Term> g, std::span<const smt::Term> s,
                                                const smt::SolverOptions& solver_options) {
    return check_state_transition_interpolants(tm, singletons(phis), g, s, solver_options);
}

CheckReport check_state_transition_interpolants(smt::TermManager& tm, std::span<const std::vector<Term>> parts,
                                                std::span<const smt::Term> g, std::span<const smt::Term> s,
                                                const smt::SolverOptions& solver_options) {
    std::vector<Term> phis;
    for (const auto& p : parts) phis.push_back(tm.mk_and(p));
    const size_t m = phis.size();
    if (m < 2 || g.size() + 1 != m || s.size() + 2 != m)
        return {CheckOutcome::Invalid, "expected " + std::to_string(m < 2 ? 0 : m - 1) + " state and " +
                                           std::to_string(m < 2 ? 0 : m - 2) + " transition interpolants for " +
                                           std::to_string(m) + " formulas, got " + std::to_string(g.size()) + " and " +
                                           std::to_string(s.size())};
    const size_t n = m - 2;
    CheckReport report;
    auto query = [&](std::initializer_list<Term> conjuncts, const std::string& what) {
        if (report.outcome == CheckOutcome::Invalid) return;
        std::string why;
        const CheckOutcome o = unsat(tm, std::vector<Term>(conjuncts), solver_options, &why);
        merge(report, o, o == CheckOutcome::Invalid ? what + " does not hold" : what + ": " + why);
    };
    query({phis[0], tm.mk_not(g[0])}, "condition 1 (φ_0 ⊨ g_0)");
    for (size_t i = 0; i < n; ++i) {
        const std::string k = std::to_string(i), k1 = std::to_string(i + 1);
        query({phis[i + 1], tm.mk_not(s[i])}, "condition 2 (φ_" + k1 + " ⊨ s_" + k + ")");
        query({g[i], s[i], tm.mk_not(g[i + 1])}, "condition 3 (g_" + k + " ∧ s_" + k + " ⊨ g_" + k1 + ")");
    }
    query({g[n], phis[n + 1]}, "condition 4 (g_" + std::to_string(n) + " ∧ φ_" + std::to_string(n + 1) + " unsat)");

    const std::vector<std::vector<FuncId>> syms = partition_symbols(tm, parts);
    std::vector<uint8_t> in_a(m, 0);
    std::string bad;
    for (size_t i = 0; i <= n && report.outcome != CheckOutcome::Invalid; ++i) {
        for (size_t j = 0; j < m; ++j) in_a[j] = j <= i;
        if (!shared_symbols(tm, g[i], syms, in_a, &bad))
            merge(report, CheckOutcome::Invalid,
                  "g_" + std::to_string(i) + " mentions " + bad + ", not shared by φ_0..φ_" + std::to_string(i) +
                      " and the rest");
        if (i == n) break;
        for (size_t j = 0; j < m; ++j) in_a[j] = j == i + 1;
        if (!shared_symbols(tm, s[i], syms, in_a, &bad))
            merge(report, CheckOutcome::Invalid,
                  "s_" + std::to_string(i) + " mentions " + bad + ", not shared by φ_" + std::to_string(i + 1) +
                      " and the rest");
    }
    return report;
}

CheckReport check_tree_interpolants(smt::TermManager& tm, std::span<const smt::Term> formulas,
                                    std::span<const uint32_t> start, std::span<const smt::Term> interpolants,
                                    const smt::SolverOptions& solver_options) {
    return check_tree_interpolants(tm, singletons(formulas), start, interpolants, solver_options);
}

CheckReport check_tree_interpolants(smt::TermManager& tm, std::span<const std::vector<Term>> partitions,
                                    std::span<const uint32_t> start, std::span<const smt::Term> interpolants,
                                    const smt::SolverOptions& solver_options) {
    CheckReport report;
    std::vector<Term> formulas;
    for (const auto& p : partitions) formulas.push_back(tm.mk_and(p));
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
    const std::vector<std::vector<FuncId>> syms = partition_symbols(tm, partitions);

    auto mark = [&](CheckOutcome o, std::string why) { merge(report, o, std::move(why)); };

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
        std::vector<uint8_t> in_a(n, 0);
        for (size_t j = 0; j < n; ++j) in_a[j] = j >= start[i] && j <= i;
        std::string bad;
        if (!shared_symbols(tm, interpolants[i], syms, in_a, &bad))
            mark(CheckOutcome::Invalid, "node " + std::to_string(i) + ": interpolant mentions " + bad +
                                            ", not shared by the subtree and the rest");
    }
    return report;
}

}  // namespace craig::itp
