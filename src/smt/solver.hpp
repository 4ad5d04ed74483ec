#pragma once
// smt::Solver: the DPLL(T) solver of one context (a TermManager is shared with the caller).
//
// Usage: assert formulas (optionally tracked, for unsat cores), check, then read the model
// (after Sat) or the core (after Unsat). push/pop scope assertions. The solver is lazy
// (offline) DPLL(T): CaDiCaL finds a propositional model, the model is minimised to the atoms
// the Boolean structure needs, the theories check those atoms and return conflict clauses,
// and the SAT solver runs again (incrementally) until the theories agree or the clauses are
// unsatisfiable.
//
// Guarantees: a Sat answer's model satisfies every active assertion (checked when
// `check_models` is on; a failed check throws ModelCheckFailure); Unsat is only answered when
// the clause set together with valid theory lemmas is unsatisfiable; Unknown carries a reason.
#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "smt/lra/arithmetic.hpp"
#include "smt/model.hpp"
#include "smt/proof.hpp"
#include "smt/sat_integration.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {

enum class Result { Sat, Unsat, Unknown };
const char* result_name(Result r);  // "sat", "unsat", "unknown"

// Seconds spent by solvers that share one tally (an engine's many short-lived solvers).
struct SolverTimes {
    double sat = 0, theory = 0;
};

struct SolverOptions {
    bool produce_models = true;
    bool produce_unsat_cores = false;
    // Record what every SAT clause is (smt/proof.hpp) so that proof() works after Unsat. Puts the
    // SAT solver in proof mode (it logs its DRAT trace in memory).
    bool produce_proofs = false;
    // The proofs will be interpolated (itp/): the solver creates no atoms of its own that could
    // mix the vocabularies of two partitions where it can avoid them (eager transitivity adds
    // only triangles of existing equality atoms, no fill edges).
    bool produce_interpolants = false;
    bool check_models = false;         // evaluate every assertion under each Sat model
    bool check_certificates = false;   // re-check every theory conflict independently
    bool lra_static_learning = false;  // bound implications between arithmetic atoms (measured: off is faster)
    bool lia_cuts = true;              // Gomory cuts (every few branch-and-bound rounds), each one checked
    // Branch-and-bound splits per check-sat before the answer is unknown ("integer branch budget").
    uint64_t lia_branch_budget = 20000;
    lra::Arith lra_arith = lra::Arith::Fast;  // simplex numbers: machine words with GMP fallback, or GMP only
    uint32_t random_seed = 0;
    SatIntegration sat_integration = SatIntegration::Offline;
    // Online loop: EUF disequality propagation (eager_euf.hpp). Off by measurement: on the QF_UF
    // dev set it solves nothing more and makes iso_icl_repgen_sk009 2x slower (docs/results).
    bool euf_diseq_propagation = false;
    // Online loop: bound propagation over the eager simplex's rows (eager_simplex.hpp). Off by
    // measurement: on the QF_LRA dev set it solves nothing more and loses one file
    // (docs/results/smt-2026-12-03).
    bool lra_row_propagation = false;
    std::optional<std::chrono::steady_clock::time_point> deadline;
    // When set, every check adds the SAT and theory seconds it spent (owned by the caller, who
    // must keep it alive while the solver checks).
    SolverTimes* times = nullptr;
};

// Input outside what the solver decides (e.g. non-linear arithmetic, quantifiers).
struct UnsupportedError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// A self-check failed: craig found one of its own answers wrong. Never expected.
struct CheckFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// No proof could be produced (the SAT trace could not be mined, or proof mode could not be set
// up). The Solver translates the SAT layer's sat::ProofError into this one, message unchanged, so
// that its users need no sat/ header to handle proof errors.
struct ProofError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

using AssertionId = uint32_t;

class Solver {
public:
    Solver(TermManager& tm, SolverOptions options = {});
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    TermManager& terms() { return tm_; }
    SolverOptions& options() { return options_; }

    // Add a Boolean formula to the current scope. Tracked assertions take part in unsat cores.
    AssertionId assert_formula(Term f, bool tracked = false);
    void push();
    void pop(unsigned n = 1);  // requires n <= scope_level()
    unsigned scope_level() const;
    void reset_assertions();  // back to scope 0 with no assertions

    // Decide the conjunction of the active assertions and the (Boolean) assumptions.
    Result check(std::span<const Term> assumptions = {});

    // After Sat.
    const Model& model() const;
    // After Unsat: tracked assertions whose removal may make the problem sat (a core), and the
    // subset of the last check's assumptions that were needed.
    std::vector<AssertionId> unsat_core() const;
    std::vector<Term> unsat_assumptions() const;
    // After Unsat with produce_proofs: the proof of the answer (proof.hpp; check it with
    // proof_check.hpp). Throws ProofError when the SAT trace cannot be mined, logic_error
    // when the last answer was not unsat or proofs are off.
    SmtProof proof();
    // After Unknown.
    const std::string& reason_unknown() const;

    std::vector<std::pair<std::string, std::string>> statistics() const;

private:
    struct Impl;
    Impl& impl();
    TermManager& tm_;
    SolverOptions options_;
    std::unique_ptr<Impl> impl_;
};

}  // namespace craig::smt
