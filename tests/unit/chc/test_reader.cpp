// The CHC reader (chc/reader.hpp, clause_shape.hpp): facts, rules and queries in the shapes
// CHC-COMP files use, Int/Real/Bool arguments, errors and unsupported input with their
// positions; normalisation into the program model (to_program.hpp); the derivation checker
// (derivation.hpp) on good and bad derivations; the model check (model.hpp).
#include <doctest/doctest.h>

#include <sstream>

#include "chc/derivation.hpp"
#include "chc/model.hpp"
#include "chc/reader.hpp"
#include "chc/to_program.hpp"
#include "smtlib/syntax/errors.hpp"

using namespace craig;
using namespace craig::chc;

namespace {

ChcSystem read(smt::TermManager& tm, const std::string& text) {
    std::istringstream in(text);
    return read_chc(in, "t.smt2", tm);
}

// The location of the Unsupported (or, with `error`, ScriptError) the text raises.
template <class E>
smtlib::Location fails_with(const std::string& text, std::string* message = nullptr) {
    smt::TermManager tm;
    try {
        read(tm, text);
    } catch (const E& e) {
        if (message) *message = e.what();
        return e.location();
    }
    FAIL("no exception");
    return {};
}

const char* kCounter = R"((set-logic HORN)
(set-info :status sat)
(declare-fun inv (Int Real) Bool)
(assert (forall ((x Int) (r Real)) (=> (and (= x 0) (= r 0.5)) (inv x r))))
(assert (forall ((x Int) (r Real) (y Int)) (=> (and (inv x r) (= y (+ x 1))) (inv y (+ r 1)))))
(assert (forall ((x Int) (r Real)) (=> (and (inv x r) (< r 0.0)) false)))
(check-sat)
(exit)
(this is never read)
)";

}  // namespace

TEST_CASE("facts, rules and queries with Int and Real arguments") {
    smt::TermManager tm;
    const ChcSystem s = read(tm, kCounter);
    REQUIRE(s.preds.size() == 1);
    CHECK(s.preds[0].name == "inv");
    CHECK(s.preds[0].sorts == std::vector<smt::Sort>{smt::SortTable::Int, smt::SortTable::Real});
    CHECK(s.check_sat);
    REQUIRE(s.clauses.size() == 3);
    CHECK(s.clauses[0].is_fact());
    CHECK(s.clauses[0].vars.size() == 2);
    CHECK(s.clauses[1].body.size() == 1);
    CHECK(s.clauses[1].head);
    CHECK(s.clauses[1].head->args.size() == 2);
    CHECK(s.clauses[2].is_query());
    CHECK(s.clauses[2].loc.line == 6);
    CHECK(s.clauses[2].loc.col == 1);
}

TEST_CASE("query shapes: not-and, not-exists, unquantified facts, 0-ary predicates") {
    smt::TermManager tm;
    const ChcSystem s = read(tm, R"((set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun done () Bool)
(assert (p 0))
(assert (forall ((x Int)) (not (and (p x) (> x 5)))))
(assert (not (exists ((x Int)) (and (p x) (< x 0)))))
(assert (forall ((x Int)) (=> (and (p x) (= x 3)) done)))
(assert (=> done false))
)");
    REQUIRE(s.clauses.size() == 5);
    CHECK(s.clauses[0].is_fact());
    CHECK(s.clauses[0].vars.empty());
    CHECK(s.clauses[1].is_query());
    CHECK(s.clauses[1].body.size() == 1);
    CHECK(s.clauses[2].is_query());
    CHECK(s.clauses[2].body.size() == 1);
    CHECK(s.clauses[3].head->pred == 1);
    CHECK(s.clauses[4].is_query());
    CHECK(s.clauses[4].body[0].pred == 1);
}

TEST_CASE("errors and unsupported input carry line and column") {
    std::string msg;
    smtlib::Location l =
        fails_with<smtlib::ScriptError>("(set-logic HORN)\n(declare-fun p (Int) Bool)\n(assert (p y))\n");
    CHECK(l.line == 3);
    CHECK(l.col == 12);
    l = fails_with<smtlib::SyntaxError>("(set-logic HORN)\n(assert (p 1)\n");
    CHECK(l.line == 2);
    l = fails_with<smtlib::Unsupported>("(set-logic QF_LIA)\n", &msg);
    CHECK(l.col == 12);
    CHECK(msg.find("HORN") != std::string::npos);
    l = fails_with<smtlib::Unsupported>("(set-logic HORN)\n(declare-fun f (Int) Int)\n", &msg);
    CHECK(l.line == 2);
    CHECK(msg.find("uninterpreted functions") != std::string::npos);
    l = fails_with<smtlib::Unsupported>("(set-logic HORN)\n(declare-fun p ((Array Int Int)) Bool)\n");
    CHECK(l.line == 2);
    l = fails_with<smtlib::Unsupported>(
        "(set-logic HORN)\n(declare-fun p (Int) Bool)\n(declare-fun q (Int) Bool)\n"
        "(assert (forall ((x Int)) (or (p x) (q x))))\n",
        &msg);
    CHECK(l.line == 4);
    CHECK(msg.find("not a Horn clause") != std::string::npos);
    l = fails_with<smtlib::Unsupported>(
        "(set-logic HORN)\n(declare-fun p (Int) Bool)\n"
        "(assert (forall ((x Int)) (=> (ite (p x) (> x 0) (< x 0)) false)))\n",
        &msg);
    CHECK(l.line == 3);
    l = fails_with<smtlib::Unsupported>(
        "(set-logic HORN)\n(declare-fun p (Int) Bool)\n"
        "(assert (forall ((x Int)) (=> (exists ((y Int)) (= x y)) (p x))))\n");
    CHECK(l.line == 3);
    l = fails_with<smtlib::Unsupported>("(set-logic HORN)\n(assert (forall ((a (Array Int Int))) true))\n");
    CHECK(l.line == 2);
}

TEST_CASE("normalisation: nonlinear clauses and non-linear arithmetic are refused with the clause position") {
    smt::TermManager tm;
    const ChcSystem s = read(tm, R"((set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
  (assert (forall ((x Int) (y Int)) (=> (and (p x) (p y)) (p (+ x y)))))
)");
    ChcProgram cp(tm);
    try {
        to_program(s, cp);
        FAIL("nonlinear clause accepted");
    } catch (const smtlib::Unsupported& e) {
        CHECK(e.location().line == 4);
        CHECK(e.location().col == 3);
        CHECK(std::string(e.what()).find("nonlinear clause") != std::string::npos);
    }
    smt::TermManager tm2;
    const ChcSystem s2 = read(tm2,
                              "(set-logic HORN)\n(declare-fun p (Int) Bool)\n"
                              "(assert (forall ((x Int) (y Int)) (=> (= x (* y y)) (p x))))\n");
    ChcProgram cp2(tm2);
    CHECK_THROWS_AS(to_program(s2, cp2), smtlib::Unsupported);
}

TEST_CASE("normalisation: locations, shared variables by sort and ordinal, edges") {
    smt::TermManager tm;
    const ChcSystem s = read(tm, R"((set-logic HORN)
(declare-fun p (Int Real) Bool)
(declare-fun q (Real Int Int) Bool)
(assert (forall ((n Int)) (p n 0.5)))
(assert (forall ((n Int) (r Real)) (=> (p n r) (q r n n))))
(assert (forall ((r Real) (a Int) (b Int)) (=> (and (q r a b) (< r 0.0)) false)))
)");
    ChcProgram cp(tm);
    to_program(s, cp);
    const verifier::Program& p = cp.program;
    CHECK(p.vars.size() == 3);  // int0, int1, real0
    CHECK(cp.vars_of[0][0] == cp.vars_of[1][1]);
    CHECK(cp.vars_of[0][1] == cp.vars_of[1][0]);
    CHECK(cp.vars_of[1][2] != cp.vars_of[1][1]);
    CHECK(tm.sort(p.vars[cp.vars_of[1][0]].cur) == smt::SortTable::Real);
    REQUIRE(p.edges.size() == 3);
    CHECK(p.edges[0].src == p.entry);
    CHECK(p.edges[0].dst == cp.loc_of[0]);
    CHECK(p.edges[0].writes.size() == 3);  // every variable: those q lacks are havocked
    CHECK(p.edges[1].src == cp.loc_of[0]);
    CHECK(p.edges[1].dst == cp.loc_of[1]);
    // r and n reach q in the variables they had in p: only int1 (the second n) is written.
    CHECK(p.edges[1].writes == std::vector<verifier::VarId>{cp.vars_of[1][2]});
    CHECK(p.edges[2].dst == p.error);
    CHECK(p.edges[2].writes.empty());
    CHECK(p.locs[cp.loc_of[1]].cut_point);
    // The fact's variable n became the next constant of int0: no aux left.
    CHECK(p.edges[0].aux.empty());
}

TEST_CASE("derivations: found, checked by evaluation, and broken ones rejected") {
    smt::TermManager tm;
    const ChcSystem s = read(tm, R"((set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 3))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 6)) false)))
)");
    smt::SolverOptions so;
    const std::vector<std::size_t> path{0, 1, 1, 2};
    DerivationSearch found = find_derivation(tm, s, path, so);
    REQUIRE(found.result == smt::Result::Sat);
    CHECK(check_derivation(tm, s, found.derivation).outcome == DerivationOutcome::Valid);
    std::ostringstream text;
    print_derivation(text, tm, s, found.derivation);
    CHECK(text.str().find(":head (inv 6)") != std::string::npos);
    // One step short: no values reach 6.
    const std::vector<std::size_t> short_path{0, 1, 2};
    CHECK(find_derivation(tm, s, short_path, so).result == smt::Result::Unsat);
    // Not a chain: a query first.
    const std::vector<std::size_t> bad{2};
    CHECK(find_derivation(tm, s, bad, so).result == smt::Result::Unsat);
    // A changed value breaks the check (the constraint or the link).
    Derivation d = found.derivation;
    for (auto& [v, val] : d.steps[2].values) val.q += 1;
    CHECK(check_derivation(tm, s, d).outcome == DerivationOutcome::Invalid);
    // A missing value is undefined, not valid.
    d = found.derivation;
    d.steps[1].values.clear();
    CHECK(check_derivation(tm, s, d).outcome == DerivationOutcome::Undefined);
}

TEST_CASE("derivations over nonlinear clauses: trees from a post-order, premises checked") {
    smt::TermManager tm;
    const ChcSystem s = read(tm, R"((set-logic HORN)
(declare-fun fib (Int Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 1)) (fib n n))))
(assert (forall ((n Int) (a Int) (b Int)) (=> (and (>= n 2) (fib (- n 1) a) (fib (- n 2) b)) (fib n (+ a b)))))
(assert (forall ((n Int) (r Int)) (=> (and (fib n r) (= n 3) (= r 2)) false)))
)");
    smt::SolverOptions so;
    // fib 1, fib 0, fib 2 from them, fib 1, fib 3 from fib 2 and fib 1, the query.
    const std::vector<std::size_t> post_order{0, 0, 1, 0, 1, 2};
    DerivationSearch found = find_derivation(tm, s, post_order, so);
    REQUIRE(found.result == smt::Result::Sat);
    REQUIRE(found.derivation.steps.size() == 6);
    CHECK(found.derivation.steps[2].premises == std::vector<std::size_t>{0, 1});
    CHECK(found.derivation.steps[4].premises == std::vector<std::size_t>{2, 3});
    CHECK(found.derivation.steps[5].premises == std::vector<std::size_t>{4});
    CHECK(check_derivation(tm, s, found.derivation).outcome == DerivationOutcome::Valid);
    std::ostringstream text;
    print_derivation(text, tm, s, found.derivation);
    CHECK(text.str().find(":premises (2 3) :head (fib 3 2)") != std::string::npos);
    // Swapped premises: fib (n - 1) would be the fib 1 fact, whose value does not fit.
    Derivation d = found.derivation;
    std::swap(d.steps[4].premises[0], d.steps[4].premises[1]);
    CHECK(check_derivation(tm, s, d).outcome == DerivationOutcome::Invalid);
    // A premise that is not earlier, and a premise count that is not the body's.
    d = found.derivation;
    d.steps[2].premises[0] = 4;
    CHECK(check_derivation(tm, s, d).outcome == DerivationOutcome::Invalid);
    d = found.derivation;
    d.steps[2].premises.pop_back();
    CHECK(check_derivation(tm, s, d).outcome == DerivationOutcome::Invalid);
    // Post-orders that are no tree: too few facts before a step, a fact nobody uses.
    const std::vector<std::size_t> too_few{0, 1, 2};
    CHECK(find_derivation(tm, s, too_few, so).result == smt::Result::Unsat);
    const std::vector<std::size_t> unused{0, 0, 0, 1, 0, 1, 2};
    CHECK(find_derivation(tm, s, unused, so).result == smt::Result::Unsat);
    // A tree whose values do not exist: fib 3 is 2, not 3.
    const ChcSystem wrong = read(tm, R"((set-logic HORN)
(declare-fun fib (Int Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 1)) (fib n n))))
(assert (forall ((n Int) (a Int) (b Int)) (=> (and (>= n 2) (fib (- n 1) a) (fib (- n 2) b)) (fib n (+ a b)))))
(assert (forall ((n Int) (r Int)) (=> (and (fib n r) (= n 3) (= r 3)) false)))
)");
    CHECK(find_derivation(tm, wrong, post_order, so).result == smt::Result::Unsat);
}

TEST_CASE("model check: a model that holds and one that does not") {
    smt::TermManager tm;
    const ChcSystem s = read(tm, R"((set-logic HORN)
(declare-fun inv (Real) Bool)
(assert (forall ((x Real)) (=> (= x 1.0) (inv x))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x) (= y (/ x 2))) (inv y))))
(assert (forall ((x Real)) (=> (and (inv x) (<= x 0.0)) false)))
)");
    ChcModel m;
    const smt::Term a = tm.mk_const(tm.declare_fun("a", {}, smt::SortTable::Real));
    m.params.push_back({a});
    m.interp.push_back(tm.mk_lt(tm.mk_numeral(0, smt::SortTable::Real), a));
    smt::SolverOptions so;
    CHECK(check_model(tm, s, m, so).outcome == ModelOutcome::Valid);
    m.interp[0] = tm.mk_leq(tm.mk_numeral(mpq_class(1, 2), smt::SortTable::Real), a);  // not inductive
    const ModelCheck bad = check_model(tm, s, m, so);
    CHECK(bad.outcome == ModelOutcome::Invalid);
    CHECK(bad.why.find("clause 1") != std::string::npos);
}
