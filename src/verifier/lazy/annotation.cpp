#include "verifier/lazy/annotation.hpp"

#include <algorithm>

namespace craig::verifier {

namespace {
// Branch-and-bound splits per implication query: an undecided query only means less pruning.
constexpr std::uint64_t kImplicationBranchBudget = 300;
}  // namespace

Annotation::Annotation(smt::TermManager& tm, std::size_t locations, std::size_t edges,
                       const smt::SolverOptions& options)
    : tm_(tm), locs_(locations), edges_(edges), loc_or_(locations, tm.mk_false()), edge_or_(edges, tm.mk_false()) {
    smt::SolverOptions so = options;
    so.lia_branch_budget = kImplicationBranchBudget;
    implication_ = std::make_unique<smt::Solver>(tm_, so);
}

bool Annotation::implies(smt::Term a, smt::Term b) {
    if (a == b || a == tm_.mk_false() || b == tm_.mk_true()) return true;
    const smt::Term q[2] = {a, tm_.mk_not(b)};
    return implication_->check(q) == smt::Result::Unsat;
}

bool Annotation::add_location(LocId l, smt::Term phi) {
    std::vector<smt::Term>& labels = locs_[l];
    for (smt::Term psi : labels)
        if (implies(phi, psi)) {
            ++subsumed_;
            return false;
        }
    subsumed_ += static_cast<std::size_t>(std::erase_if(labels, [&](smt::Term psi) { return implies(psi, phi); }));
    labels.push_back(phi);
    loc_or_[l] = tm_.mk_or(labels);
    return true;
}

void Annotation::add_edge(EdgeId e, smt::Term phi) {
    std::vector<smt::Term>& labels = edges_[e];
    if (std::find(labels.begin(), labels.end(), phi) != labels.end()) return;
    labels.push_back(phi);
    edge_or_[e] = tm_.mk_or(labels);
}

std::size_t Annotation::location_label_count() const {
    std::size_t n = 0;
    for (const auto& l : locs_) n += l.size();
    return n;
}

std::size_t Annotation::edge_label_count() const {
    std::size_t n = 0;
    for (const auto& e : edges_) n += e.size();
    return n;
}

}  // namespace craig::verifier
