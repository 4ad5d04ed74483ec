#include "sat/proof_checker.hpp"

#include <algorithm>
#include <vector>

namespace craig::sat {
namespace {

using Clause = std::vector<Lit>;

// Literals ordered by value; a set is a sorted vector with no repeats.
Clause as_set(std::span<const Lit> lits) {
  Clause c(lits.begin(), lits.end());
  std::sort(c.begin(), c.end());
  c.erase(std::unique(c.begin(), c.end()), c.end());
  return c;
}

bool contains(const Clause& c, Lit l) { return std::binary_search(c.begin(), c.end(), l); }

bool has_complementary_pair(const Clause& c) {
  for (Lit l : c)
    if (l > 0 && contains(c, -l)) return true;
  return false;
}

// Resolution of a and b on variable v; empty optional-like result through `ok`.
bool resolve(const Clause& a, const Clause& b, int v, Clause& out, std::string& why) {
  bool a_pos = contains(a, v), a_neg = contains(a, -v);
  bool b_pos = contains(b, v), b_neg = contains(b, -v);
  if (a_pos + a_neg != 1 || b_pos + b_neg != 1 || a_pos == b_pos) {
    why = "pivot " + std::to_string(v) + " does not occur with opposite signs";
    return false;
  }
  out.clear();
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  out.erase(std::remove_if(out.begin(), out.end(), [v](Lit l) { return l == v || l == -v; }),
            out.end());
  return true;
}

ProofCheck fail(uint32_t node, std::string why) {
  return ProofCheck{false, node, "node " + std::to_string(node) + ": " + why};
}

}  // namespace

ProofCheck check_resolution_proof(const ResolutionProof& proof, const InputClauses& inputs,
                                  std::span<const Lit> root_clause) {
  const uint32_t n = proof.num_nodes();
  if (proof.root() >= n) return ProofCheck{false, proof.root(), "the root is not a node"};
  Clause resolvent, next;
  std::string why;
  for (uint32_t node = 0; node < n; ++node) {
    auto stored = proof.clause(node);
    Clause clause = as_set(stored);
    if (clause.size() != stored.size() || !std::equal(clause.begin(), clause.end(), stored.begin()))
      return fail(node, "clause not sorted or with repeated literals");
    if (has_complementary_pair(clause)) return fail(node, "tautological clause");
    if (proof.is_leaf(node)) {
      uint32_t id = proof.input_id(node);
      if (id >= inputs.size()) return fail(node, "leaf names no input clause");
      if (proof.tag(node) != inputs.tags[id]) return fail(node, "leaf tag differs from input");
      if (as_set(inputs.clause(id)) != clause)
        return fail(node, "leaf clause differs from input clause " + std::to_string(id));
      continue;
    }
    uint32_t k = proof.num_antecedents(node);
    if (k < 2) return fail(node, "chain with fewer than two antecedents");
    for (uint32_t i = 0; i < k; ++i)
      if (proof.antecedent(node, i) >= node) return fail(node, "antecedent not below the node");
    resolvent = as_set(proof.clause(proof.antecedent(node, 0)));
    for (uint32_t i = 1; i < k; ++i) {
      uint32_t v = proof.pivot(node, i);
      if (v == 0 || v > static_cast<uint32_t>(INT32_MAX)) return fail(node, "bad pivot");
      Clause side = as_set(proof.clause(proof.antecedent(node, i)));
      if (!resolve(resolvent, side, static_cast<int>(v), next, why))
        return fail(node, "step " + std::to_string(i) + ": " + why);
      resolvent.swap(next);
    }
    if (resolvent != clause) return fail(node, "resolvent differs from the node's clause");
  }
  Clause target = as_set(root_clause);
  for (Lit l : proof.clause(proof.root()))
    if (!contains(target, l))
      return fail(proof.root(), "root clause is not a subset of the expected clause");
  return ProofCheck{};
}

}  // namespace craig::sat
