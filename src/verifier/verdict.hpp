// The result of a verification engine: TRUE (the error location is unreachable),
// FALSE (a path reaches it; with the counterexample engines found) or UNKNOWN with a
// reason. Engines produce candidate verdicts; the certification gate (certify/certify.hpp)
// checks them (replay of counterexamples, invariants with fresh solvers) before anything is
// printed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/statistics.hpp"
#include "verifier/program/procedures.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

enum class VerdictKind : std::uint8_t { True, False, Unknown };

struct InputValue {
    Input input;             // the plain program's input (type, location, source)
    std::uint64_t bits = 0;  // value in normal form of input.type (two's complement)
    std::string text;        // the mathematical value
};

struct Counterexample {
    std::vector<EdgeId> plain_path;  // edges of the plain program, from entry to error
    std::vector<InputValue> inputs;  // in execution order
    // Iterations the path makes through accelerated loops (accelerate/accelerate.hpp). A path of more
    // than kMaxExpandedEdges plain edges is not expanded: `unexpanded` is set, plain_path and inputs
    // stop before the loop, and the counterexample cannot be replayed.
    std::uint64_t accelerated_iterations = 0;
    bool unexpanded = false;
};

inline constexpr std::uint64_t kMaxExpandedEdges = std::uint64_t{1} << 24;

// The evidence of a TRUE verdict, checked by the certification gate (certify/certify.hpp).
struct Certificate {
    // Per location of the program the engine solved: an inductive invariant over the cur
    // constants whose value at the error (and truncated) location is unsatisfiable.
    std::vector<smt::Term> invariants;
    // Without invariants: every execution ends (reaches a location without outgoing edges)
    // within this many edges, none at the error or truncated location (bmc's complete
    // unrolling).
    std::optional<unsigned> complete_bound;
    // Interprocedural engines: per procedure of the procedural model (program/procedures.hpp)
    // a contract, checked by Hoare's recursion rule (certify/contracts.hpp).
    std::vector<Contract> contracts;
    // Bounded interprocedural engines (summaries): the procedural model built with
    // `unwound->codes`, its calls unwound to `unwinding` activations of a procedure per call path
    // (a deeper call stops with flag kUnwindingCode), never ends main with its error flag in
    // `refuted` (certify/unwound_check.hpp). With the unwinding code among them: every execution
    // ends within the unwinding.
    struct Unwound {
        unsigned unwinding = 0;
        ProcedureOptions codes;
        std::vector<std::int64_t> refuted;
        // Optional lemmas (the engine's summaries): the activations of `proc` whose call-path
        // counts (per procedure of the coded model) agree with `counts` on the procedures
        // reachable from `proc` all satisfy `summary` (over proc's cur params and next returns).
        // The gate proves each one it uses; without them (or when one fails) it checks the
        // whole unwinding at once. Not carried by the verdict codec (the gate then checks all).
        struct Lemma {
            ProcId proc = 0;
            std::vector<std::uint32_t> counts;
            smt::Term summary;
        };
        std::vector<Lemma> lemmas;
    };
    std::optional<Unwound> unwound;
    // k-induction (engine kind; certify/kinduction_check.hpp): `invariants` (per location, over
    // the cur constants; empty: all true) is an inductive invariant map, not necessarily safe; no
    // path of fewer than k edges from the entry reaches the error or truncated location; and no
    // path of k edges whose states all satisfy `invariants` (with `simple_path`: whose states
    // are pairwise distinct too) ends there. Together: the error is unreachable, since the last
    // k edges of the shortest path to it would be such a path.
    struct KInduction {
        unsigned k = 1;
        std::vector<smt::Term> invariants;
        bool simple_path = false;
        bool operator==(const KInduction&) const = default;
    };
    std::optional<KInduction> kinduction;
    bool empty() const { return invariants.empty() && !complete_bound && contracts.empty() && !unwound && !kinduction; }
    // The invariants that hold at each location, for printing (--invariants, correctness
    // witnesses): the invariant map, else k-induction's auxiliary invariants (sound, but
    // without the k-step argument not a proof of safety), else none.
    const std::vector<smt::Term>& location_invariants() const {
        return invariants.empty() && kinduction ? kinduction->invariants : invariants;
    }
};

// What an engine returns (engines/engine.hpp).
struct Verdict {
    VerdictKind kind = VerdictKind::Unknown;
    std::string reason;       // Unknown: why; True: how it was proved
    Counterexample cex;       // False
    Certificate certificate;  // True
    base::Statistics stats;
};

const char* verdict_name(VerdictKind k);  // "TRUE", "FALSE", "UNKNOWN"

}  // namespace craig::verifier
