// Slicing on an assertion's variables (Asadi's thesis §3.1, after HiFrog; engine `summaries`):
// the procedural model with error codes (procedures.hpp, assertion_sites.hpp) cut down to what
// can decide whether main ends with its error flag in `targets`.
//
// The sliced model over-approximates the model for that question, so a refutation of it is a
// refutation of the model, and every interpolant of a sliced partition is implied by the
// unsliced body, hence a summary of the procedure for every site. A path of the sliced model can
// be spurious; the engine re-checks such an answer without the slice (partitioned_bmc.hpp).
//
//  1. Other assertions do not stop the execution. After a call that cannot end with a target
//     code (its own code, or the codes its callees pass up, are not targets), the caller's test
//     of the returned flag is dropped: it may return with a non-target code (any such code when
//     the call has no site code of its own) or go on with the flag 0, whatever the callee did.
//     A path that goes on past a failed assertion is a violation of that assertion anyway.
//  2. Data and control relevance, backwards over each body (a DAG) and across calls to a fixed
//     point: main's flag at its exit is relevant; a guard (a conjunct that assigns nothing)
//     makes its variables relevant; an assignment conjunct is kept when it defines a relevant
//     variable, and then its operands are relevant; a call needs the arguments of the callee's
//     relevant parameters, and the callee's returns whose results are relevant after it.
//     Dropped conjuncts leave their variables unconstrained; variables of a procedure that are
//     nowhere relevant (and not on its interface or a call's) lose their state copies.
//  3. A call that cannot end with a target code and none of whose results is relevant is
//     sliced: nothing of its callee is encoded (its results are free).
// The model keeps the shape of the original (procedures, locations, edges, calls), so the call
// tree and the summary store of the original serve the sliced model unchanged.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "verifier/program/procedures.hpp"

namespace craig::verifier {

struct SlicedModel {
    Procedures procs;                             // same shape as the original; edges weakened
    std::vector<std::vector<char>> sliced_calls;  // per procedure, per call: nothing encoded
    std::uint64_t dropped_conjuncts = 0, weakened_tests = 0, calls_sliced = 0, vars_dropped = 0;
    bool sliced(ProcId p, std::uint32_t call) const { return sliced_calls[p][call] != 0; }
};

// `codes`: the options the model was built with (error and call codes); `targets`: the codes
// asked for (never kUnwindingCode: whether the unwinding is complete is a question about every
// call, which the slice would drop).
SlicedModel slice_model(const Procedures& model, const ProcedureOptions& codes, std::span<const std::int64_t> targets);

}  // namespace craig::verifier
