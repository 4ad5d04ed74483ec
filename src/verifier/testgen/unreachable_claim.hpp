// The claim of test generation that the goals its search did not reach are unreachable,
// checked by the certification gate (certify/certify.hpp) like a TRUE verdict of craig verify.
//
//   base::Statistics stats;
//   std::string why_not = certify_unreachable(goal_program, outcome, deadline, stats);
//   // "": outcome.unreachable are unreachable; else why no goal is claimed unreachable
//
// The claim is a program: the goal program with one more location, its error, entered (by
// edges `true`) from every goal in outcome.unreachable, which must include the recursion bound's
// location when the program has one (a claim must not rest on the calls the lowering cut off).
// Its certificate: the search's labels (false at those goals), extended by false at the new
// error; or, from a search without learning, its complete bound plus one step. A certificate
// that does not check throws smt::CheckFailure (exit 10); an inconclusive check, an incomplete
// search or a reachable recursion bound give the reason instead. Statistics: certify.*.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "base/statistics.hpp"
#include "verifier/lazy/lazy_search.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

std::string certify_unreachable(const Program& goals, const LazyOutcome& outcome,
                                std::optional<std::chrono::steady_clock::time_point> deadline, base::Statistics& stats);

}  // namespace craig::verifier
