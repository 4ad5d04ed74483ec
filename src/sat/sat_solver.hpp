#pragma once
// SatSolver: owner of one CaDiCaL instance, independent of terms.
//
// Literals are DIMACS integers (variable v > 0, literal v or -v). The solver is incremental:
// clauses accumulate across solve() calls, assumptions hold for one call only. Variables the
// caller will assume or read later must be frozen so that CaDiCaL's inprocessing keeps them
// (CaDiCaL may otherwise eliminate them). A terminator callback, polled by CaDiCaL, stops a
// solve early (result Unknown). States follow cadical.hpp: after Sat, value() is defined;
// after Unsat under assumptions, failed() is defined; any new clause ends both.
//
// Proof mode (constructor flag, off by default): CaDiCaL writes its binary DRAT trace into
// memory, every add_clause() is logged with its id, the caller's tag and the trace offset, and
// after an Unsat answer proof() mines a resolution proof of the empty clause, or of the clause
// of negated failed assumptions (see resolution_proof.hpp, drat_miner.hpp). Proof mode switches
// off the CaDiCaL techniques listed in kProofModeOptions (their steps are not RUP, or they
// re-add clauses without tracing them); everything else behaves as without proofs.
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "sat/model_checker.hpp"
#include "sat/resolution_proof.hpp"

namespace CaDiCaL {
class Solver;
}

namespace craig::sat {

using Lit = int;

inline int var_of(Lit l) { return l < 0 ? -l : l; }

enum class SatResult { Sat, Unsat, Unknown };

struct MinerStats;

struct SatStats {
    uint64_t solves = 0;
    uint64_t clauses = 0;
    uint64_t vars = 0;
    uint64_t model_checks = 0;  // online: calls of the model checker
    uint64_t lemmas = 0;        // online: clauses the checker added during search
    uint64_t propagations = 0;  // online: literals the checker propagated
    uint64_t reasons = 0;       // online: reason clauses CaDiCaL asked for
    double seconds = 0;
    double checker_seconds = 0;  // online: time inside the model checker (part of seconds)
};

class SatSolver {
public:
    // CaDiCaL takes options only before first use, hence proof mode is chosen here.
    explicit SatSolver(uint32_t seed = 0, bool proof = false);
    ~SatSolver();
    SatSolver(const SatSolver&) = delete;
    SatSolver& operator=(const SatSolver&) = delete;

    int new_var();
    int num_vars() const { return num_vars_; }
    // Returns the clause's input id (its index in input_clauses() in proof mode). The tag is
    // kept in proof mode for the proof's leaves and otherwise ignored.
    uint32_t add_clause(std::span<const Lit> lits, uint32_t tag = 0);
    uint32_t add_clause(std::initializer_list<Lit> lits, uint32_t tag = 0) {
        return add_clause(std::span<const Lit>(lits.begin(), lits.size()), tag);
    }
    // A hint: the value the solver prefers for l's variable is "l true" (CaDiCaL may still
    // choose otherwise, e.g. in its lucky-phase search).
    void set_phase(Lit l);
    void freeze(Lit l);
    // Sets a CaDiCaL option (cadical --help lists them); only before the first clause. For
    // experiments: options proof mode switches off may make proof() fail. False if rejected.
    bool set_option(const char* name, int value);
    // Called often during solve(); returning true stops the search with Unknown.
    void set_terminator(std::function<bool()> stop);

    // Online DPLL(T) (model_checker.hpp): from now on every complete assignment CaDiCaL finds
    // is shown to `checker` (not owned; null disconnects) before solve() may return it.
    // Variables the checker reads or puts into lemmas must be observed, and observed before the
    // first solve() that could eliminate them (in practice: right after new_var()); observed
    // variables are frozen. Outside proof mode and in it alike.
    void set_model_checker(ModelChecker* checker);
    void observe(int var);
    // Only inside ModelChecker::check_model: a clause CaDiCaL takes during the search (valid
    // clauses over observed variables). Returns its input id, as add_clause does, and is logged
    // in proof mode like an input clause. A lemma CaDiCaL has not taken when solve() returns
    // is added before the next solve().
    uint32_t add_lemma(std::span<const Lit> lits, uint32_t tag = 0);
    // Only inside ModelChecker::reason: logs the reason clause of a propagation as an input
    // clause (proof mode) and returns its input id; CaDiCaL takes the clause from reason().
    uint32_t log_reason(std::span<const Lit> lits, uint32_t tag = 0);
    // After a Sat answer: did the checker end the search with Stop (rather than Accept)?
    bool stopped_by_checker() const { return stopped_; }

    SatResult solve(std::span<const Lit> assumptions = {});
    bool value(Lit l) const;   // after Sat: is l true in the model
    bool failed(Lit l) const;  // after Unsat: was assumption l used in the refutation
    const SatStats& stats() const { return stats_; }

    // Proof mode only.
    bool proof_mode() const { return proof_ != nullptr; }
    // After Unsat: a resolution proof whose root derives (a subset of) failed_clause(). Throws
    // ProofError when the trace cannot be mined; the work is proportional to the whole trace.
    ResolutionProof proof(MinerStats* stats = nullptr);
    // After Unsat: the negations of the failed assumptions of the last solve (empty when the
    // clauses alone are unsatisfiable).
    std::vector<Lit> failed_clause() const;
    const InputClauses& input_clauses() const;
    std::span<const uint8_t> drat_trace();  // flushed; valid until the next call into the solver

private:
    struct Terminator;
    struct ProofTrace;
    struct Propagator;
    std::unique_ptr<Propagator> propagator_;
    std::unique_ptr<ProofTrace> proof_;  // before solver_: CaDiCaL writes into it on destruction
    std::vector<Lit> assumptions_;       // of the last solve, proof mode only
    std::unique_ptr<CaDiCaL::Solver> solver_;
    std::unique_ptr<Terminator> terminator_;
    int num_vars_ = 0;
    bool stopped_ = false;
    SatStats stats_;
};

}  // namespace craig::sat
