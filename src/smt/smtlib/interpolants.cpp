// get-interpolants in SMTInterpol's syntax: binary, sequence and tree interpolants of the
// :named assertions after an unsat check-sat.
//
//   (get-interpolants A B C)             sequence: interpolants of A | B C and A B | C
//   (get-interpolants (and A1 A2) B)     a partition of several named assertions
//   (get-interpolants A (B) C)           tree: C is the root with children A and B
//
// A partition is a name or (and NAME+). A list of elements (the top level or a parenthesised
// subtree) is a post-order: each partition in it is the parent of the subtrees before it in
// the same list, back to the previous partition of the list (included). So every partition
// of a list has the list's first node as the start of its subtree (JavaSMT's start indices).
// The answer is one interpolant per partition but the root, in post-order: (I_0 ... I_{n-2}).
// Active assertions that no partition names belong to the root partition.
#include <chrono>
#include <cstdint>
#include <functional>
#include <unordered_map>

#include "itp/interpolant_check.hpp"
#include "itp/interpolation.hpp"
#include "sat/resolution_proof.hpp"
#include "smt/proof_reduction.hpp"
#include "smt/smtlib/interpreter_impl.hpp"
#include "smt/terms/printer.hpp"

namespace craig::smtlib {

namespace {

struct TreeSpec {
  std::vector<uint32_t> start;                 // per partition, post-order
  std::vector<std::vector<uint32_t>> names;    // per partition: the pool nodes of its names
  std::vector<uint32_t> node;                  // per partition: its pool node (for errors)
};

class TreeReader {
 public:
  TreeReader(const SExprPool& pool, const std::function<void(uint32_t, const std::string&)>& fail)
      : pool_(pool), fail_(fail) {}

  // Reads the elements of one list; returns false when the list is empty.
  void read_list(std::span<const uint32_t> elems, uint32_t where, TreeSpec& spec) {
    const uint32_t first = static_cast<uint32_t>(spec.start.size());
    bool last_is_partition = false;
    for (uint32_t e : elems) {
      if (is_partition(e)) {
        spec.start.push_back(first);
        spec.node.push_back(e);
        spec.names.emplace_back();
        if (pool_.is_symbol(e)) {
          spec.names.back().push_back(e);
        } else {
          auto ks = pool_.kids(e);
          if (ks.size() < 2) fail_(e, "expected (and NAME+), got " + describe(pool_, e));
          for (size_t i = 1; i < ks.size(); ++i) {
            if (!pool_.is_symbol(ks[i]))
              fail_(ks[i], "expected the name of an assertion, got " + describe(pool_, ks[i]));
            spec.names.back().push_back(ks[i]);
          }
        }
        last_is_partition = true;
      } else if (pool_.is_list(e)) {
        if (pool_.kids(e).empty()) fail_(e, "expected a subtree of partitions, got '()'");
        read_list(pool_.kids(e), e, spec);
        last_is_partition = false;
      } else {
        fail_(e, "expected a partition (a name, (and NAME+) or a parenthesised subtree), got " +
                     describe(pool_, e));
      }
    }
    if (!last_is_partition)
      fail_(where, "a subtree must end with its root partition (a name or (and NAME+))");
  }

 private:
  bool is_partition(uint32_t e) const {
    if (pool_.is_symbol(e)) return true;
    if (!pool_.is_list(e)) return false;
    auto ks = pool_.kids(e);
    return !ks.empty() && pool_.is_word(ks[0], "and");
  }
  const SExprPool& pool_;
  const std::function<void(uint32_t, const std::string&)>& fail_;
};

}  // namespace

itp::ItpOptions Interpreter::interpolation_options() const {
  itp::ItpOptions o;
  o.boolean = *itp::parse_bool_system(options_.get_string("interpolation-bool-algorithm"));
  o.lra = *itp::parse_lra_system(options_.get_string("interpolation-lra-algorithm"));
  o.euf = *itp::parse_euf_system(options_.get_string("interpolation-euf-algorithm"));
  o.lra_strength_factor = *itp::parse_strength_factor(options_.get_string("interpolation-lra-factor"));
  return o;
}

bool Interpreter::cmd_get_interpolants(uint32_t cmd, Args args) {
  arity(cmd, args, 2, SIZE_MAX, "(get-interpolants PARTITION PARTITION+)");
  std::function<void(uint32_t, const std::string&)> failer = [this](uint32_t n, const std::string& m) {
    fail(n, m);
  };
  TreeSpec spec;
  TreeReader(*pool_, failer).read_list(args, cmd, spec);
  const uint32_t n = static_cast<uint32_t>(spec.start.size());
  if (n < 2) fail(cmd, "expected at least two partitions");
  if (!options_.get_bool("produce-interpolants"))
    fail(cmd, "this command needs :produce-interpolants to be true");
  if (!last_.valid || last_.result != smt::Result::Unsat)
    fail(cmd, checked_ && !last_.valid
                  ? "no interpolants: the assertions changed since the last check-sat"
                  : "no interpolants: the last check-sat did not answer unsat");
  if (last_.assuming)
    throw Unsupported((*pool_)[cmd].loc, "get-interpolants after check-sat-assuming");

  smt::SmtProof proof;
  try {
    proof = solver_->proof();
  } catch (const sat::ProofError& e) {
    throw smt::CheckFailure(std::string("no proof could be mined for get-interpolants: ") + e.what());
  }
  if (script_opts_.reduce_proofs) proof = smt::reduce_smt_proof(proof);
  // Names -> active assertion ids.
  std::unordered_map<std::string, smt::AssertionId> by_name;
  for (const auto& a : proof.active) {
    if (auto it = tracked_.find(a.id); it != tracked_.end()) by_name[it->second] = a.id;
  }
  smt::AssertionId max_id = 0;
  for (const auto& a : proof.active) max_id = std::max(max_id, a.id);
  std::vector<uint32_t> partition_of(max_id + 1, itp::kNoPartition);
  for (uint32_t p = 0; p < n; ++p)
    for (uint32_t name_node : spec.names[p]) {
      const std::string& name = (*pool_)[name_node].text;
      auto it = by_name.find(name);
      if (it == by_name.end())
        fail(name_node, "'" + name + "' is not the :named name of an active assertion");
      if (partition_of[it->second] != itp::kNoPartition)
        fail(name_node, "the assertion '" + name + "' is in two partitions");
      partition_of[it->second] = p;
    }

  const itp::ItpOptions opts = interpolation_options();
  itp::InterpolationResult r;
  try {
    r = itp::tree_interpolants(*tm_, proof, partition_of, spec.start, opts);
  } catch (const std::invalid_argument& e) {
    fail(cmd, e.what());
  }
  if (!r.ok())
    throw Unsupported((*pool_)[cmd].loc, "no interpolants for this proof: " + r.unknown_reason);

  if (options_.get_bool("certify-interpolants")) {
    std::vector<std::vector<smt::Term>> parts(n);
    for (const auto& a : proof.active) {
      uint32_t p = partition_of[a.id] == itp::kNoPartition ? n - 1 : partition_of[a.id];
      parts[p].push_back(a.formula);
    }
    std::vector<smt::Term> formulas;
    for (auto& p : parts) formulas.push_back(tm_->mk_and(p));
    smt::SolverOptions so;
    so.deadline = script_opts_.deadline;
    so.lia_branch_budget = script_opts_.lia_branch_budget;
    itp::CheckReport rep = itp::check_tree_interpolants(*tm_, formulas, spec.start, r.interpolants, so);
    if (rep.outcome == itp::CheckOutcome::Invalid)
      throw smt::CheckFailure("interpolant check failed: " + rep.why);
    if (rep.outcome == itp::CheckOutcome::Inconclusive)
      throw Unsupported((*pool_)[cmd].loc, "the interpolants could not be certified: " + rep.why);
  }
  std::string response = "(";
  for (size_t i = 0; i < r.interpolants.size(); ++i) {
    if (i) response += "\n ";
    response += smt::term_to_string(*tm_, r.interpolants[i]);
  }
  *regular_ << response << ")\n";
  return true;
}

}  // namespace craig::smtlib
