// Random UF + arithmetic problems built to need AB-mixed interface equalities: each side bounds
// its local variables by shared ones and applies the shared functions to its locals, so that
// the combination must equate A-local and B-local arguments. Every interpolant must pass the
// checker under every system; an unsupported answer must say why. Over Real the mixed rules
// must cover most of them (the figures are printed).
#include <doctest/doctest.h>

#include <map>
#include <random>

#include "itp_test_util.hpp"
#include "mixed_random_problem.hpp"
#include "smt/terms/printer.hpp"

using namespace craig;
using namespace craig::itp;
using namespace craig::itp::test;
using smt::FuncId;
using smt::SortTable;
using smt::Term;

TEST_CASE("random UF + LRA problems with interface equalities across the cut") {
    run_mixed_random(kBoolSystems, SortTable::Real, 300, true);
}

TEST_CASE("random UF + LIA problems with interface equalities across the cut") {
    run_mixed_random(kBoolSystems, SortTable::Int, 300, false);
}
