// Test helper: an engine's invariant map (one the invariant check accepts) tampered two ways —
// a location's invariant other than the entry's forgotten (true), and the error location's made
// true — must each be refused by the invariant check (the checker can fail).
#pragma once

#include <doctest/doctest.h>

#include <vector>

#include "verifier/certify/invariant_check.hpp"
#include "verifier/program/program.hpp"

namespace craig::test {

inline void check_tampered_certificates_refused(const verifier::Program& blocks, const std::vector<smt::Term>& inv) {
    smt::TermManager& tm = blocks.terms();
    bool tried = false;
    for (verifier::LocId l = 0; l < blocks.locs.size(); ++l) {
        if (l == blocks.entry || l == blocks.error || inv[l] == tm.mk_true()) continue;
        std::vector<smt::Term> weak = inv;
        weak[l] = tm.mk_true();  // the loop's invariant forgotten
        CHECK(verifier::check_invariants(blocks, weak, {}).outcome == verifier::InvariantOutcome::Invalid);
        tried = true;
    }
    CHECK(tried);
    std::vector<smt::Term> unsafe = inv;
    unsafe[blocks.error] = tm.mk_true();
    CHECK(verifier::check_invariants(blocks, unsafe, {}).outcome == verifier::InvariantOutcome::Invalid);
}

}  // namespace craig::test
