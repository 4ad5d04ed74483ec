#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "sat/drat_miner.hpp"
#include "sat/proof_checker.hpp"
#include "sat/sat_solver.hpp"

using namespace craig::sat;

namespace {

using Cnf = std::vector<std::vector<Lit>>;

// p pigeons into h holes; unsat when p > h. Variable of (pigeon i, hole j) is i·h + j + 1.
Cnf pigeonhole(int p, int h) {
  Cnf f;
  auto v = [&](int i, int j) { return i * h + j + 1; };
  for (int i = 0; i < p; ++i) {
    std::vector<Lit> c;
    for (int j = 0; j < h; ++j) c.push_back(v(i, j));
    f.push_back(c);
  }
  for (int j = 0; j < h; ++j)
    for (int i = 0; i < p; ++i)
      for (int k = i + 1; k < p; ++k) f.push_back({-v(i, j), -v(k, j)});
  return f;
}

Cnf random_3sat(int vars, int clauses, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> var(1, vars), sign(0, 1);
  Cnf f;
  for (int i = 0; i < clauses; ++i) {
    std::vector<Lit> c;
    while (c.size() < 3) {
      int v = var(rng);
      bool dup = false;
      for (Lit l : c) dup |= (l == v || l == -v);
      if (!dup) c.push_back(sign(rng) ? v : -v);
    }
    f.push_back(c);
  }
  return f;
}

int num_vars(const Cnf& f) {
  int m = 0;
  for (auto& c : f)
    for (Lit l : c) m = std::max(m, var_of(l));
  return m;
}

void load(SatSolver& s, const Cnf& f, uint32_t tag = 0) {
  while (s.num_vars() < num_vars(f)) s.new_var();
  for (auto& c : f) s.add_clause(c, tag);
}

// Mines and checks the proof of the last Unsat answer.
ResolutionProof mined_and_checked(SatSolver& s) {
  MinerStats stats;
  ResolutionProof p = s.proof(&stats);
  auto root = s.failed_clause();
  ProofCheck check = check_resolution_proof(p, s.input_clauses(), root);
  INFO(check.error);
  CHECK(check.ok);
  return p;
}

}  // namespace

TEST_CASE("proof of a small unsat formula") {
  SatSolver s(0, true);
  load(s, {{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}, 7);
  REQUIRE(s.solve() == SatResult::Unsat);
  ResolutionProof p = mined_and_checked(s);
  CHECK(p.clause(p.root()).empty());
  CHECK(p.num_leaves() == 4);
  for (uint32_t n = 0; n < p.num_nodes(); ++n)
    if (p.is_leaf(n)) CHECK(p.tag(n) == 7);
}

TEST_CASE("pigeonhole proofs") {
  for (int h = 3; h <= 6; ++h) {
    CAPTURE(h);
    SatSolver s(0, true);
    load(s, pigeonhole(h + 1, h));
    REQUIRE(s.solve() == SatResult::Unsat);
    ResolutionProof p = mined_and_checked(s);
    CHECK(p.clause(p.root()).empty());
  }
}

TEST_CASE("random 3-SAT proofs") {
  int unsat = 0;
  for (uint32_t seed = 1; seed <= 30; ++seed) {
    CAPTURE(seed);
    SatSolver s(0, true);
    load(s, random_3sat(60, 300, seed));
    if (s.solve() != SatResult::Unsat) continue;
    ++unsat;
    mined_and_checked(s);
  }
  CHECK(unsat > 10);
}
