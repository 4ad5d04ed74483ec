// The checked invariants of a TRUE verdict as a person reads them: at each location of the
// large-block program, a formula over the program variables that have a C name there, with
// nothing in it that adds nothing (what --invariants and correctness witnesses print).
//
//   const ReadableInvariants r(tu, plain, blocks, verdict.certificate.invariants);
//   std::optional<std::string> c = r.c_text(b, &why);   // the C expression at block location b
//
// Names: at the head of a C loop statement, the names C resolves there (scope_scan.hpp: the
// innermost declaration, so a shadowing block's `j` is `j`); at any other location, the globals
// and the variables of the location's own function instance whose C name no other of them has.
// A constant of an invariant without a name there (another function's local or parameter, a
// shadowed variable, a temporary) is projected out (readable_formula.hpp). The projected formula
// holds wherever the proved one does but need not be inductive, so the proved map with the
// projected formulas of one C loop's instances (or of one other location) in their place is
// checked again by check_invariants (certify/invariant_check.hpp): `inductive`. Groups checked
// apart are inductive together: every edge out of a replaced location was checked into the
// proved invariants, which imply the replaced ones. When that check fails, a projected formula
// is kept only if the solver of the certification gate confirms that the proved invariant
// implies it (then it holds in every reachable state, for the proved map is inductive);
// otherwise the location has no readable formula and `why` says why. Every formula is then
// simplified (readable_formula.hpp) with the ranges of the variables' C types, which every C
// state respects.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "verifier/program/program.hpp"
#include "verifier/witness/readable_formula.hpp"
#include "verifier/witness/scope_scan.hpp"
#include "verifier/witness/witness_expression.hpp"

namespace craig::verifier {

// The values of each program variable's C type, for either of its constants (Int programs only:
// nothing for the words of a bit-precise program, nor for pointers). Keeps a reference to p.
AtomRange c_type_range(const Program& p);

class ReadableInvariants {
public:
    // `invariants`: Verdict::certificate.invariants (per location of `blocks`, the large-block
    // encoding of `plain`); may be empty (then no location has a formula).
    ReadableInvariants(const frontend::TranslationUnit& tu, const Program& plain, const Program& blocks,
                       const std::vector<smt::Term>& invariants);

    // The formula at block location b over the cur constants (invalid: none, see why()).
    smt::Term formula(LocId b) const { return b < at_.size() ? at_[b].formula : smt::Term{}; }
    const std::string& why(LocId b) const;
    // The variables projected out at b, as "n (main)" (the C name and the function instance;
    // "a temporary"), empty when none.
    const std::vector<std::string>& projected(LocId b) const;
    // With variables projected out at b: whether the map with the projected formula is inductive
    // (else the formula is only implied by the proved invariant).
    bool inductive(LocId b) const { return b < at_.size() && at_[b].inductive; }
    // formula(b) as an exact C expression (witness_expression.hpp) over the names valid at b.
    std::optional<std::string> c_text(LocId b, std::string* why) const;

    const ScopeScan& scan() const { return scan_; }

private:
    struct At {
        smt::Term formula;
        std::string why;
        std::vector<std::string> projected;
        bool inductive = false;
        const StatementScope* loop = nullptr;  // the C loop whose head b is
        std::string instance;                  // the function instance of b ("main", "f#2")
    };
    std::optional<std::string> name(LocId b, VarId v) const;

    const Program& plain_;
    ScopeScan scan_;
    std::vector<At> at_;
    // Per function instance: how many of its variables and the globals have each C name.
    std::map<std::string, std::map<std::string, unsigned>> uses_;
};

}  // namespace craig::verifier
