// Assertion sites (engine `summaries`, after HiFrog's claims): the places of a C program whose
// violation the engine checks one after another, numbered in source order from 1.
//
//   - reach_error() calls and failed assertions outside a wrapper: the error edges of the
//     keep_calls program (program.hpp) with one source location form one site;
//   - a wrapper, a function other than main whose region has an error edge but no call and no
//     cycle (__VERIFIER_assert): each of its call sites is a site of its own, as an assert
//     statement is in HiFrog.
// Site i (from 0) has error code i + 2 in the procedural model built with site_codes() (code 1
// is the unwinding bound of the engine's call tree, summaries/call_tree.hpp): the model's
// semantics is then the same for every site and a summary made while checking one site holds
// while checking any other.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "verifier/program/procedures.hpp"

namespace craig::verifier {

inline constexpr std::int64_t kUnwindingCode = 1;

struct AssertionSite {
    frontend::SourceLocation loc;
    std::string text;                 // "reach_error at 12:5", "__VERIFIER_assert at 20:3"
    std::vector<EdgeId> error_edges;  // plain error edges of the site (empty for a wrapper call)
    EdgeId call = UINT32_MAX;         // the plain call edge of a wrapper
    std::int64_t code = 0;
};

// `plain`: a program lowered with calls kept (Program::functions and calls set).
std::vector<AssertionSite> assertion_sites(const Program& plain);

// Procedure options that give every site its code (ProcedureOptions::codes).
ProcedureOptions site_codes(const Program& plain, std::span<const AssertionSite> sites);

}  // namespace craig::verifier
