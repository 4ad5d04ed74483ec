// WHALE as a source of callee summaries for the engines that inline calls (--use-summaries,
// callee_summaries.hpp); the engine itself is registered as `whale` (engines/whale.cpp).
#pragma once

#include <vector>

#include "base/budget.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::verifier {

const EngineInfo& whale_engine();

// Contracts of every procedure of `ps` that hold of every returning activation (the body
// conditions of certify/contracts.hpp; no claim about main's safety): WHALE runs on `ps` for at
// most `search_seconds` of `budget`; when it proves the program safe its contracts are returned,
// otherwise the largest inductive subset (summary_houdini.hpp) of every summary fact it guessed,
// computed in at most `houdini_seconds` more, with guard true; `extra[p]` are more candidate
// facts of procedure p for that step (over its interface, as summaries). A procedure nothing was proved of gets {true} {true}. The caller
// must check the result (check_contracts with require_safety false) before relying on it.
std::vector<Contract> whale_summaries(const Procedures& ps, const EngineSettings& settings, const base::Budget& budget,
                                      double search_seconds, double houdini_seconds,
                                      std::vector<std::vector<smt::Term>> extra = {});

}  // namespace craig::verifier
