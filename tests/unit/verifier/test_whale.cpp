// The whale engine (engines/whale.cpp) on its own, through the procedural model: a recursive
// program proved safe by procedure contracts that the gate checks with Hoare's recursion rule, a
// recursive bug found and replayed, and whale_summaries' contracts, which check_contracts accepts.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "verifier/certify/certify.hpp"
#include "smt/solver.hpp"
#include "verifier/certify/contracts.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/whale/whale.hpp"
#include "verifier/lowering/lowering.hpp"
#include "lowered_program.hpp"

using namespace craig;
using namespace craig::verifier;

namespace {

struct Model : test::ProceduralProgram {
    using ProceduralProgram::ProceduralProgram;
    Verdict run() {
        const EngineInfo* info = builtin_engines().find("whale");
        REQUIRE(info);
        REQUIRE(info->procedural());
        return info->make_procedural(info->defaults())->solve_procedures(ps, test::test_budget(60));
    }
    Certified gate(const Verdict& v) { return certify(v, *plain, tu, {}, {}, test::test_budget(60), &ps); }
};

// sum(n) = n + sum(n - 1): the contract sum(n) >= n (for n >= 0) is what makes main safe.
const char* kSafeRecursion =
    "int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }\n"
    "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 1000);"
    " __VERIFIER_assert(sum(n) >= n); return 0; }";
const char* kUnsafeRecursion =
    "int down(int n) { if (n <= 0) return 0; return 1 + down(n - 1); }\n"
    "int main() { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 10);"
    " __VERIFIER_assert(down(n) != 3); return 0; }";

}  // namespace

TEST_CASE("whale: a recursive program proved by contracts the gate checks") {
    Model m(kSafeRecursion);
    const Verdict v = m.run();
    INFO(v.reason);
    REQUIRE(v.kind == VerdictKind::True);
    CHECK(!v.certificate.contracts.empty());
    const Certified c = m.gate(v);
    CHECK(c.kind == VerdictKind::True);
    // contracts weakened to true everywhere do not prove main safe: a self-check failure
    Verdict weak = v;
    for (Contract& k : weak.certificate.contracts) {
        k.guard = m.tm.mk_true();
        k.summary = m.tm.mk_true();
    }
    CHECK_THROWS_AS(m.gate(weak), smt::CheckFailure);
}

TEST_CASE("whale: a bug three calls deep is found and replayed") {
    Model m(kUnsafeRecursion);
    const Verdict v = m.run();
    INFO(v.reason);
    REQUIRE(v.kind == VerdictKind::False);
    CHECK(m.gate(v).kind == VerdictKind::False);
}

TEST_CASE("whale: its summaries are contracts that hold") {
    Model m(kSafeRecursion);
    const EngineInfo* info = builtin_engines().find("whale");
    const std::vector<Contract> cs = whale_summaries(m.ps, info->defaults(), test::test_budget(60), 20, 10);
    REQUIRE(cs.size() == m.ps.procs.size());
    const InvariantCheck check = check_contracts(m.ps, cs, {}, 100, false);
    INFO(check.why);
    CHECK(check.outcome == InvariantOutcome::Valid);
}
