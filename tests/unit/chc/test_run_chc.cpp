// run_chc end to end, and the checks that stand between an engine and a printed answer: a test
// engine that lies (a TRUE whose invariants are not inductive, a FALSE whose clause sequence is
// not a derivation) must end in smt::CheckFailure (exit 10) with nothing printed on `out`.
#include <doctest/doctest.h>

#include <sstream>

#include "../verifier/temp_program.hpp"
#include "chc/run_chc.hpp"
#include "smt/solver.hpp"
#include "verifier/engines/engine.hpp"

using namespace craig;
using verifier::VerdictKind;

namespace {

// claim=true-map: TRUE with `true` everywhere but `false` at the error location;
// claim=query-only: FALSE with the path of the first edge into the error location alone;
// claim=fact-query: FALSE with the first edge out of entry followed by the first edge into error.
class Liar final : public verifier::Engine {
public:
    explicit Liar(const verifier::EngineSettings& s) : claim_(s.get("claim")) {}
    verifier::Verdict solve(const verifier::Program& p, const base::Budget&) override {
        verifier::Verdict v;
        if (claim_ == "true-map") {
            v.kind = VerdictKind::True;
            v.certificate.invariants.assign(p.locs.size(), p.terms().mk_true());
            v.certificate.invariants[p.error] = p.terms().mk_false();
            return v;
        }
        v.kind = VerdictKind::False;
        const verifier::Program& plain = p.plain();
        if (claim_ == "fact-query") v.cex.plain_path.push_back(plain.out(plain.entry).front());
        v.cex.plain_path.push_back(plain.in(plain.error).front());
        return v;
    }

private:
    std::string claim_;
};

// claim=all-true: TRUE with every contract {true} {true} but main's {true} {error = 0}.
class ProcLiar final : public verifier::ProceduralEngine {
public:
    explicit ProcLiar(const verifier::EngineSettings&) {}
    verifier::Verdict solve(const verifier::Program&, const base::Budget&) override { return {}; }
    verifier::Verdict solve_procedures(const verifier::Procedures& ps, const base::Budget&) override {
        smt::TermManager& tm = ps.plain->terms();
        verifier::Verdict v;
        v.kind = VerdictKind::True;
        v.certificate.contracts.assign(ps.procs.size(), verifier::Contract{tm.mk_true(), tm.mk_true()});
        v.certificate.contracts[0].summary =
            tm.mk_eq(ps.plain->vars[ps.error_var].next, tm.mk_numeral(0, smt::SortTable::Int));
        return v;
    }
};

std::string any_claim(const std::string&) { return ""; }
constexpr verifier::EngineOption kLiarOptions[] = {
    {"claim", verifier::OptionKind::Choice, "true-map", "what to claim", any_claim},
};
const verifier::EngineInfo kLiar{
    "liar", "test engine: claims what it is told", kLiarOptions,
    [](const verifier::EngineSettings& s) -> std::unique_ptr<verifier::Engine> { return std::make_unique<Liar>(s); }};

const verifier::EngineInfo kProcLiar{"proc-liar",
                                     "test engine: claims trivial contracts",
                                     {},
                                     nullptr,
                                     [](const verifier::EngineSettings& s)
                                         -> std::unique_ptr<verifier::ProceduralEngine> {
                                         return std::make_unique<ProcLiar>(s);
                                     },
                                     {}};

const char* kUnsafe = R"((set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 3))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 9)) false)))
(check-sat)
)";
const char* kSafe = R"((set-logic HORN)
(declare-fun inv (Real) Bool)
(assert (forall ((x Real)) (=> (= x 1.0) (inv x))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x) (= y (/ x 2))) (inv y))))
(assert (forall ((x Real)) (=> (and (inv x) (<= x 0.0)) false)))
(check-sat)
)";

struct Run {
    verifier::VerifyStatus status = verifier::VerifyStatus::Done;
    std::string out, err;
};

Run run(const char* text, const std::string& engine, const std::string& claim = "") {
    verifier::EngineRegistry registry = verifier::builtin_engines();
    registry.add(kLiar);
    registry.add(kProcLiar);
    test::TempProgram file(text, "p.smt2");
    chc::ChcOptions o;
    o.input = file.file.string();
    o.engine = engine;
    o.engines = &registry;
    o.print_witness = true;
    o.timeout = 20;
    if (!claim.empty()) o.engine_options["claim"] = claim;
    std::ostringstream out, err;
    Run r;
    r.status = chc::run_chc(o, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

}  // namespace

TEST_CASE("run_chc: certified answers of built-in engines") {
    Run r = run(kUnsafe, "impact");
    CHECK(r.out.rfind("unsat\n(derivation\n", 0) == 0);
    CHECK(r.out.find(":head (inv 9)") != std::string::npos);
    r = run(kSafe, "portfolio");
    CHECK(r.out.rfind("sat\n(define-fun inv ((real0 Real)) Bool ", 0) == 0);
}

// p(0); p(x) ∧ p(y) → p(x + y): every derivable x is >= 0 (sat). The unsat variant derives
// 7 = 3 + 1 + 3 from the facts p(3) and q(1) by a clause with three body applications.
const char* kNonlinearSafe = R"((set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (p y)) (p (+ x y)))))
(assert (forall ((x Int)) (=> (and (p x) (< x 0)) false)))
(check-sat)
)";
const char* kNonlinearUnsafe = R"((set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (or (= x 0) (= x 3)) (p x))))
(assert (forall ((x Int)) (=> (= x 1) (q x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (p x) (q z) (p y)) (p (+ x y z)))))
(assert (forall ((x Int)) (=> (and (p x) (= x 7)) false)))
(check-sat)
)";

TEST_CASE("run_chc: nonlinear clauses go to whale, directly or through the portfolio") {
    for (const char* engine : {"whale", "portfolio"}) {
        CAPTURE(engine);
        Run r = run(kNonlinearSafe, engine);
        CHECK(r.status == verifier::VerifyStatus::Done);
        CHECK(r.out.rfind("sat\n(define-fun p ((int0 Int)) Bool ", 0) == 0);
        r = run(kNonlinearUnsafe, engine);
        CHECK(r.status == verifier::VerifyStatus::Done);
        CHECK(r.out.rfind("unsat\n(derivation\n", 0) == 0);
        CHECK(r.out.find(":premises (") != std::string::npos);
        CHECK(r.out.find(":head (p 7)") != std::string::npos);
    }
    // Linear systems too: whale answers them with contracts read as models.
    Run r = run(kUnsafe, "whale");
    CHECK(r.out.rfind("unsat\n(derivation\n", 0) == 0);
    r = run(R"((set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 10) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 10)) false)))
(check-sat)
)",
            "whale");
    CHECK(r.out.rfind("sat\n(define-fun inv ((int0 Int)) Bool ", 0) == 0);
    // The linear engines still refuse them, at the clause.
    r = run(kNonlinearSafe, "impact");
    CHECK(r.status == verifier::VerifyStatus::Unsupported);
    CHECK(r.err.find("p.smt2:4:1: nonlinear clause (2 predicate applications in the body): engine whale") !=
          std::string::npos);
    // Degenerate systems: no query (sat), a query without body (unsat), a predicate that no
    // clause derives (its procedure has no executions).
    r = run(
        "(set-logic HORN)\n(declare-fun p (Int) Bool)\n(assert (forall ((x Int)) (=> (> x 0) (p x))))\n(check-sat)\n",
        "whale");
    CHECK(r.out.rfind("sat\n", 0) == 0);
    r = run(
        "(set-logic HORN)\n(declare-fun p (Int) Bool)\n(assert (forall ((x Int)) (=> (> x 0) false)))\n(check-sat)\n",
        "whale");
    CHECK(r.out.rfind("unsat\n(derivation\n  (step 0 :clause 0 :line 3 (x ", 0) == 0);
    r =
        run("(set-logic HORN)\n(declare-fun p (Int) Bool)\n(declare-fun q (Int) Bool)\n"
            "(assert (forall ((x Int) (y Int)) (=> (and (p x) (q y)) (p (+ x y)))))\n"
            "(assert (forall ((x Int)) (=> (p x) false)))\n(check-sat)\n",
            "whale");
    CHECK(r.out.rfind("sat\n", 0) == 0);
    // Contracts that are not a proof are refused by the gate.
    CHECK_THROWS_AS(run(kNonlinearUnsafe, "proc-liar"), smt::CheckFailure);
}

TEST_CASE("run_chc: a lying engine ends in a self-check failure and prints no answer") {
    // Not inductive: the gate refuses the map.
    CHECK_THROWS_AS(run(kUnsafe, "liar", "true-map"), smt::CheckFailure);
    // Not a derivation: a query without a fact, and a fact-query pair without values.
    CHECK_THROWS_AS(run(kUnsafe, "liar", "query-only"), smt::CheckFailure);
    CHECK_THROWS_AS(run(kSafe, "liar", "fact-query"), smt::CheckFailure);
    // What was printed before the exception: nothing.
    verifier::EngineRegistry registry = verifier::builtin_engines();
    registry.add(kLiar);
    test::TempProgram file(kUnsafe, "p.smt2");
    chc::ChcOptions o;
    o.input = file.file.string();
    o.engine = "liar";
    o.engines = &registry;
    o.engine_options["claim"] = "true-map";
    std::ostringstream out, err;
    CHECK_THROWS_AS(chc::run_chc(o, out, err), smt::CheckFailure);
    CHECK(out.str().empty());
}

TEST_CASE("run_chc: input errors and unsupported input") {
    Run r = run("(set-logic HORN)\n(declare-fun p (Int) Bool)\n(assert (p y))\n", "impact");
    CHECK(r.status == verifier::VerifyStatus::InputError);
    CHECK(r.out.empty());
    CHECK(r.err.find("p.smt2:3:12: unknown symbol 'y'") != std::string::npos);
    r =
        run("(set-logic HORN)\n(declare-fun p (Int) Bool)\n(assert (forall ((x Int)) (=> (and (p x) (p x)) "
            "false)))\n(check-sat)\n",
            "impact");
    CHECK(run("(set-logic HORN)\n(declare-fun p (Int) Bool)\n", "impact").status ==
          verifier::VerifyStatus::InputError);  // no (check-sat)
    // (p x) twice is one application after hash-consing: a linear query, answered sat.
    CHECK(r.out.rfind("sat\n", 0) == 0);
    r =
        run("(set-logic HORN)\n(declare-fun p (Int) Bool)\n"
            "(assert (forall ((x Int) (y Int)) (=> (and (p x) (p y)) false)))\n(check-sat)\n",
            "impact");
    CHECK(r.status == verifier::VerifyStatus::Unsupported);
    CHECK(r.out == "unknown\n");
    CHECK(r.err.find("p.smt2:3:1: nonlinear clause") != std::string::npos);
}
