// One query of partitioned BMC with function summaries (Asadi's thesis §3.1-3.4, Alg. 1 and 2;
// engine `summaries`): can main end with its error flag in `codes`?
//
// Encoding (PBMC): every call instance of the call tree (call_tree.hpp) is one partition, over
// its own copy of its procedure's variables (encoding/procedure_body.hpp) and an activation
// literal a_n; its interface to the caller is the values of its params and returns (the error
// flag among them, procedures.hpp with codes). Partition n holds
//     a_n ⇒ body(n),   and per call c of n with child m:   taken(c) ⇒ a_m ∧ args(c) = params(m) ∧ results(c) = returns(m)
// and, by the child's substitution, in m's partition:
//     precise   its body, recursively;
//     summary   a_m ⇒ σ(key(m))[params(m), returns(m)];
//     nondet    nothing (a havoc of its returns);
//     cut       a_m ⇒ flag(m) = kUnwindingCode (the unwinding bound stops the execution).
// The schemes (Def. 7): precise inlines every call, eager uses a summary where one exists and
// inlines otherwise, lazy uses a summary where one exists and nondet otherwise.
//
// Refinement (§3.4, counterexample-guided): a model is a path through the tree (follow the
// taken flags from main); the summarised and nondet calls on it are made precise and the query
// is repeated, until it is unsat or the path uses none (a real path: exact for the C
// operators by exact_check, returned with its counterexample).
//
// Extraction (Alg. 1): after unsat, one interpolant per precise call instance from the one
// proof (A = the instance's subtree, B = the rest; see PbmcOptions::tree_property), with a_n := true and renamed to the
// procedure's interface constants (cur of params, next of returns) - a summary of the bounded
// procedure whatever the query, because the model with codes is the same for every site - is
// conjoined into the store under the instance's key. A proof that cannot be interpolated costs
// only the summaries: the answer stands.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "base/budget.hpp"
#include "itp/options.hpp"
#include "smt/model.hpp"
#include "smt/sat_integration.hpp"
#include "verifier/engines/summaries/call_tree.hpp"
#include "verifier/engines/summaries/slice.hpp"
#include "verifier/engines/summaries/theory_translation.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

enum class SubstitutionScheme : std::uint8_t { Precise, Eager, Lazy };

struct PbmcOptions {
    SubstitutionScheme scheme = SubstitutionScheme::Lazy;
    // The theory new instances are encoded in and their summaries used in (§3.8, Ch. 5): EUF
    // (arithmetic uninterpreted), LRA (integers relaxed) or LIA; a counterexample through an
    // instance in a cheaper theory refines that instance's theory (theory_translation.hpp).
    Theory theory = Theory::Lia;
    itp::ItpOptions itp;
    bool learn = true;  // extract summaries after unsat
    // Tree interpolants with the tree interpolation property established (the local conditions
    // σ(children) ∧ body ⊨ σ(node) checked and repaired, itp::tree_interpolants: what UpProver's
    // correctness argument assumes), or only the cuts of the precise instances (each an
    // interpolant of its subtree against the rest: all a summary needs; every TRUE is re-derived
    // by the gate without summaries anyway).
    bool tree_property = false;
    bool check_models = true;
    bool check_certificates = true;
    smt::SatIntegration sat_integration = smt::SatIntegration::Offline;  // of the queries
    unsigned operator_rounds = 100;
    std::uint32_t max_nodes = 200000;  // precise call instances per query
};

// Summaries per key of a CallTree: conjunctions over the key procedure's interface constants.
struct SummaryStore {
    std::vector<std::vector<smt::Term>> conjuncts;  // per key
    bool has(std::uint32_t key) const { return key < conjuncts.size() && !conjuncts[key].empty(); }
};

struct PbmcStats {
    std::uint64_t queries = 0, checks = 0, refinements = 0;  // refinements: call instances made precise by a model
    std::uint64_t precise = 0, summarised = 0, nondet = 0;   // substitutions made
    std::uint64_t summaries_made = 0, summaries_kept = 0;    // interpolants extracted / new conjuncts stored
    std::uint64_t interpolation_failures = 0;
    std::uint64_t theory_refinements = 0;
    std::uint64_t sliced = 0, slice_rechecks = 0;  // call instances left out by a slice; sliced answers redone
    double encode_seconds = 0, solve_seconds = 0, interpolation_seconds = 0;
};

struct PbmcResult {
    enum Kind : std::uint8_t { Refuted, Reached, Unknown } kind = Unknown;
    Counterexample cex;  // Reached: a path of the plain program ending with the flag in codes
    std::string reason;  // Unknown
};

// With `slice` (slice.hpp, made from `ps` for these codes) the query is over the sliced model;
// a path it finds is looked for again in the unsliced one.
PbmcResult check_flag(const Procedures& ps, CallTree& tree, std::span<const std::int64_t> codes, SummaryStore& store,
                      const PbmcOptions& options, const base::Budget& budget, PbmcStats& stats,
                      const SlicedModel* slice = nullptr);

// The general query: can the instance `root` of the tree (main's, or one made by add_root) run
// with its params and returns satisfying goal(params, returns)? Refuted, a summary σ of the
// root's procedure is valid for the bounded procedure when goal = ¬σ; the root itself gets no
// summary from the proof, its descendants do.
// `on_reached` hears of the model of a Reached answer with the root's interface constants (the
// values a summary must admit: Houdini's weakening drops the conjuncts they falsify).
using PbmcGoal = std::function<smt::Term(std::span<const smt::Term> params, std::span<const smt::Term> returns)>;
using PbmcReached =
    std::function<void(const smt::Model& model, std::span<const smt::Term> params, std::span<const smt::Term> returns)>;
PbmcResult check_goal(const Procedures& ps, CallTree& tree, std::uint32_t root, const PbmcGoal& goal,
                      SummaryStore& store, const PbmcOptions& options, const base::Budget& budget, PbmcStats& stats,
                      const PbmcReached& on_reached = {}, const SlicedModel* slice = nullptr);

}  // namespace craig::verifier
