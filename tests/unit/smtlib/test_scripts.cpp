// Whole scripts through run_script: responses, error behaviour, scoping, models, cores,
// assumptions, exit statuses, deep nesting and interactive reading.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "smtlib/interpreter.hpp"

using namespace craig::smtlib;

namespace {

struct Run {
    std::string out;
    int status;
};

Run run(const std::string& script, ScriptOptions opts = {}) {
    std::istringstream in(script);
    std::ostringstream out;
    opts.diagnostics = false;
    opts.allow_output_files = false;
    opts.check_models = true;
    int status = run_script(in, "t.smt2", out, opts);
    return {out.str(), status};
}

// The (define-fun ...) lines of a get-model response, as commands.
std::string model_body(const std::string& response) {
    size_t open = response.find('(');
    size_t close = response.rfind(')');
    REQUIRE(open != std::string::npos);
    REQUIRE(close > open);
    return response.substr(open + 1, close - open - 1);
}

}  // namespace

TEST_CASE("responses: success only with :print-success, check-sat answers") {
    Run r =
        run("(set-logic QF_UF)(declare-const p Bool)(assert p)(check-sat)"
            "(set-option :print-success true)(assert (not p))(check-sat)(push 1)(pop 1)"
            "(set-option :print-success false)(pop 0)");
    CHECK(r.out == "sat\nsuccess\nsuccess\nunsat\nsuccess\nsuccess\n");
    CHECK(r.status == kScriptOk);
    ScriptOptions o;
    o.print_success = true;
    CHECK(run("(set-logic QF_UF)(exit)(set-logic QF_UF)", o).out == "success\nsuccess\n");
}

TEST_CASE("an error inside a command: (error ...) and the script goes on") {
    Run r =
        run("(set-logic QF_UF)\n(declare-const p Bool)\n(assert (and p 1))\n(assert (not p))\n"
            "(check-sat)\n(get-value (p))\n");
    // The failed assertion is missing from the solver: unknown, never sat.
    CHECK(r.out ==
          "(error \"t.smt2:3:16: expected a term of sort Bool, got Int\")\nunknown\n"
          "(error \"t.smt2:6:2: no model: the last check-sat did not answer sat\")\n");
    CHECK(r.status == kScriptError);
}

TEST_CASE("a syntax error stops the script") {
    Run r = run("(set-logic QF_UF)(check-sat)\n(assert (and true)\n(check-sat)");
    CHECK(r.out == "sat\n(error \"t.smt2:2:1: unexpected end of input: this '(' is not closed\")\n");
    CHECK(r.status == kScriptError);
    r = run("(check-sat))(check-sat)");
    CHECK(r.out == "sat\n(error \"t.smt2:1:12: unexpected ')'\")\n");
    // a malformed token inside a command only fails that command
    r = run("(echo 007)(echo \"ok\")");
    CHECK(r.out == "(error \"t.smt2:1:7: bad numeral '007' (leading zero)\")\n\"ok\"\n");
}

TEST_CASE("error messages escape quotes and name the file") {
    Run r = run("(declare-const |a\"b| Bool)\n(assert (= |a\"b| 1))");
    CHECK(r.out == "(error \"t.smt2:2:18: expected a term of sort Bool, got Int\")\n");
    r = run("(assert |x\"y|)");
    CHECK(r.out == "(error \"t.smt2:1:9: unknown symbol 'x\"\"y'\")\n");
}

TEST_CASE("unsupported input: `unsupported`, exit status 4, sat becomes unknown") {
    // An unknown option changes no answer: `unsupported`, but the exit status stays 0.
    Run r = run("(set-option :smt.auto-config false)(set-logic QF_UF)(check-sat)");
    CHECK(r.out == "unsupported\nsat\n");
    CHECK(r.status == kScriptOk);
    r =
        run("(set-logic QF_AX)(declare-const b (Array Int Int))(declare-const p Bool)(push 1)"
            "(assert (= (select b 0) 0))(assert p)(check-sat)(assert (not p))(check-sat)(pop 1)(check-sat)");
    CHECK(r.out == "unsupported\nunsupported\nunknown\nunsat\nsat\n");
    CHECK(r.status == kScriptUnsupported);
    r = run("(define-fun-rec f ((x Int)) Int x)(get-info :foo)(get-option :bar)");
    CHECK(r.out == "unsupported\nunsupported\nunsupported\n");
    // an error outranks unsupported
    CHECK(run("(get-info :foo)(assert 1)").status == kScriptError);
    // get-proof is supported, but needs :produce-proofs and an unsat answer
    CHECK(run("(get-proof)").status == kScriptError);
    r =
        run("(set-option :produce-proofs true)(set-logic QF_UF)(declare-const p Bool)(assert p)"
            "(assert (not p))(check-sat)(get-proof)");
    CHECK(r.status == kScriptOk);
    CHECK(r.out.rfind("unsat\n(proof\n", 0) == 0);
}

TEST_CASE("set-option and get-option") {
    Run r =
        run("(get-option :produce-models)(set-option :produce-models false)(get-option :produce-models)"
            "(get-option :random-seed)(set-option :random-seed 7)(get-option :random-seed)"
            "(get-option :regular-output-channel)\n(set-option :print-success 2)\n"
            "(set-logic QF_UF)(set-option :produce-unsat-cores true)(declare-const p Bool)\n"
            "(set-option :produce-unsat-cores false)(set-option :produce-models false)"
            "(set-option :verbosity 2)(get-option :verbosity)");
    CHECK(r.out ==
          "true\nfalse\n0\n7\n\"stdout\"\n"
          "(error \"t.smt2:2:28: expected true or false, got numeral '2'\")\n"
          "(error \"t.smt2:4:13: :produce-unsat-cores can only be set before the first declaration "
          "or assertion\")\n"
          "2\n");
    // files are not allowed in the tests (nor when fuzzing)
    r =
        run("(set-option :regular-output-channel \"x.txt\")(set-option :regular-output-channel "
            "\"stdout\")"
            "(get-option :regular-output-channel)");
    CHECK(r.out == "unsupported\n\"stdout\"\n");
    CHECK(r.status == kScriptUnsupported);
}

TEST_CASE("get-info") {
    Run r =
        run("(get-info :name)(get-info :error-behavior)(get-info :assertion-stack-levels)(push 2)"
            "(get-info :assertion-stack-levels)\n(get-info :reason-unknown)(get-info :authors)");
    CHECK(r.out ==
          "(:name \"craig\")\n(:error-behavior continued-execution)\n(:assertion-stack-levels 0)\n"
          "(:assertion-stack-levels 2)\n"
          "(error \"t.smt2:2:11: no reason: the last check-sat did not answer unknown\")\n"
          "(:authors \"the craig developers\")\n");
    CHECK(run("(get-info :version)").out.rfind("(:version \"", 0) == 0);
    CHECK(run("(get-info :all-statistics)").out == "(:all-statistics ())\n");
}

TEST_CASE("set-logic: once, before declarations") {
    Run r = run("(set-logic QF_UF)(set-logic QF_LRA)");
    CHECK(r.out == "(error \"t.smt2:1:19: the logic is already set (to QF_UF)\")\n");
    r = run("(declare-const p Bool)(set-logic QF_UF)(assert p)(check-sat)");
    CHECK(r.out == "(error \"t.smt2:1:24: set-logic must come before declarations and assertions\")\nsat\n");
    CHECK(run("(set-info :smt-lib-version 2.6)(set-info :status sat)(set-info :source |x\ny|)").out.empty());
}

TEST_CASE("declarations are scoped by push and pop, unless global") {
    const char* script =
        "(set-logic QF_UF)(push 1)(declare-sort U 0)(declare-const c Bool)(define-fun d () Bool c)"
        "(pop 1)\n(assert c)\n(assert d)\n(declare-const x U)";
    Run r = run(script);
    CHECK(r.out ==
          "(error \"t.smt2:2:9: unknown symbol 'c'\")\n"
          "(error \"t.smt2:3:9: unknown symbol 'd'\")\n"
          "(error \"t.smt2:4:18: unknown sort 'U'\")\n");
    r = run(std::string("(set-option :global-declarations true)") + script + "(check-sat)");
    CHECK(r.out == "sat\n");
    // reset-assertions forgets the declarations of level 0 too
    r =
        run("(declare-const c Bool)(push 1)(reset-assertions)(assert c)(get-info "
            ":assertion-stack-levels)");
    CHECK(r.out == "(error \"t.smt2:1:57: unknown symbol 'c'\")\n(:assertion-stack-levels 0)\n");
    // redeclaration after the pop is fine, with another sort
    CHECK(run("(push 1)(declare-const c Bool)(pop 1)(declare-const c Int)(assert (> c 0))").out.empty());
}

TEST_CASE("define-fun expands by substitution; define-sort is a macro") {
    Run r =
        run("(set-logic QF_UF)(declare-const p Bool)(declare-const q Bool)"
            "(define-fun both ((a Bool) (b Bool)) Bool (and a b))"
            "(define-fun nb ((a Bool)) Bool (not (both a q)))"
            "(define-sort B () Bool)(define-sort Id (X) X)"
            "(declare-const r (Id B))"
            "(assert (both p (nb p)))(check-sat)(assert (= r (both q q)))(assert r)(check-sat)");
    CHECK(r.out == "sat\nunsat\n");
    r =
        run("(define-fun f ((x Bool) (x Bool)) Bool x)\n(define-fun g ((x Bool)) Int x)\n"
            "(define-fun h () Bool (! true :named n))\n(define-sort S (X X) X)");
    CHECK(r.out ==
          "(error \"t.smt2:1:26: parameter 'x' appears twice\")\n"
          "(error \"t.smt2:2:30: expected a term of sort Int, got Bool\")\n"
          "(error \"t.smt2:3:31: :named is not allowed here\")\n"
          "(error \"t.smt2:4:19: parameter 'X' appears twice\")\n");
    CHECK(run("(declare-fun and (Bool) Bool)(declare-const let Bool)(declare-const |let| Bool)").out ==
          "(error \"t.smt2:1:14: cannot redeclare the predefined symbol 'and'\")\n"
          "(error \"t.smt2:1:45: reserved word 'let' cannot be declared\")\n");
}

TEST_CASE("named terms: get-assignment, and names are definitions") {
    Run r =
        run("(set-option :produce-assignments true)(set-logic QF_UF)(declare-const p Bool)"
            "(declare-const q Bool)(assert (let ((x p)) (or (! x :named np) (! (not q) :named nq))))"
            "(assert (not np))(check-sat)(get-assignment)\n(assert (! q :named np))");
    CHECK(r.out == "sat\n((np false) (nq true))\n(error \"t.smt2:2:21: symbol 'np' is already declared\")\n");
    CHECK(run("(get-assignment)").out ==
          "(error \"t.smt2:1:2: this command needs :produce-assignments to be true\")\n");
}

TEST_CASE("get-value and get-model, which parses back") {
    const char* decls = "(set-logic QF_UF)(declare-const p Bool)(declare-const q Bool)(declare-const r Bool)";
    const char* asserts = "(assert (xor p q))(assert (=> p r))(assert (or (not r) (not q)))";
    Run r = run(std::string(decls) + asserts + "(check-sat)(get-value (p (and p q) (not r)))(get-model)");
    REQUIRE(r.out.rfind("sat\n", 0) == 0);
    CHECK(r.out.find("((p ") != std::string::npos);
    std::string model = r.out.substr(r.out.find("(\n"));
    // The model's definitions replace the declarations; the assertions must hold.
    Run back = run(std::string("(set-logic QF_UF)") + model_body(model) + asserts + "(check-sat)");
    CHECK(back.out == "sat\n");
    CHECK(back.status == kScriptOk);
    CHECK(run(std::string(decls) + "\n(get-model)").out ==
          "(error \"t.smt2:2:2: no model: the last check-sat did not answer sat\")\n");
    CHECK(run(std::string(decls) + "(check-sat)(assert p)\n(get-value (p))").out ==
          "sat\n(error \"t.smt2:2:2: no model: the assertions changed since the last check-sat\")\n");
    CHECK(run("(set-option :produce-models false)(check-sat)(get-model)").out ==
          "sat\n(error \"t.smt2:1:47: this command needs :produce-models to be true\")\n");
}

TEST_CASE("unsat cores, check-sat-assuming and unsat assumptions") {
    Run r =
        run("(set-option :produce-unsat-cores true)(set-option :produce-unsat-assumptions true)"
            "(set-logic QF_UF)(declare-const p Bool)(declare-const q Bool)(declare-const s Bool)"
            "(assert (! (=> p q) :named a1))(assert (! (=> q s) :named a3))"
            "(check-sat-assuming (p (not s)))(get-unsat-assumptions)(get-unsat-core)"
            "(check-sat-assuming (p))(check-sat)(assert (! (not s) :named a4))(assert (! p :named a5))"
            "(check-sat)(get-unsat-core)(get-unsat-assumptions)");
    // every named assertion and assumption is needed: the cores are unique
    CHECK(r.out == "unsat\n(p (not s))\n(a1 a3)\nsat\nsat\nunsat\n(a1 a3 a4 a5)\n()\n");
    CHECK(run("(check-sat)(get-unsat-core)").out ==
          "sat\n(error \"t.smt2:1:13: this command needs :produce-unsat-cores (or :produce-proofs) to be true\")\n");
    CHECK(run("(check-sat-assuming (1))").out == "(error \"t.smt2:1:22: expected a term of sort Bool, got Int\")\n");
}

TEST_CASE("get-assertions, echo, reset") {
    Run r =
        run("(set-option :produce-assertions true)(declare-const p Bool)(assert (! p :named n))"
            "(push 1)(assert (not |p|))(get-assertions)(pop 1)(get-assertions)(echo \"a \"\"b\"\"\")"
            "(reset)\n(get-assertions)(declare-const p Int)(get-option :produce-assertions)");
    CHECK(r.out ==
          "((! p :named n)\n (not p))\n((! p :named n))\n\"a \"\"b\"\"\"\n"
          "(error \"t.smt2:2:2: this command needs :produce-assertions to be true\")\nfalse\n");
}

TEST_CASE("100,000 nested parentheses: built without recursion, or rejected cleanly") {
    const int n = 100000;
    std::string nots;
    for (int i = 0; i < n; ++i) nots += "(not ";
    Run r = run("(declare-const p Bool)(assert " + nots + "p" + std::string(n, ')') + ")(check-sat)");
    CHECK(r.out == "sat\n");
    r = run("(assert " + std::string(n, '(') + "p" + std::string(n, ')') + ")(echo \"next\")");
    // the head of the outermost application is itself a list
    CHECK(r.out == "(error \"t.smt2:1:10: expected a function symbol, got a list\")\n\"next\"\n");
    r = run("(assert " + std::string(n, '('));
    CHECK(r.out == "(error \"t.smt2:1:100008: unexpected end of input: this '(' is not closed\")\n");
    std::string sorts;
    for (int i = 0; i < n; ++i) sorts += "(P ";
    r = run("(declare-sort P 1)(declare-const x " + sorts + "Bool" + std::string(n, ')') + ")");
    // 35 characters before the first "(P ", 3 more per level, the limit is 256 levels
    CHECK(r.out == "(error \"t.smt2:1:" + std::to_string(36 + 3 * 257) + ": sort is nested too deeply\")\n");
}

TEST_CASE("limits: huge push, huge numerals") {
    CHECK(run("(push 100000000000000000000)").out == "(error \"t.smt2:1:7: numeral too large (at most 1000000)\")\n");
    CHECK(run("(declare-sort U 99999999999)").out == "(error \"t.smt2:1:17: numeral too large (at most 65536)\")\n");
}

namespace {

// Serves a script in chunks and records what had been printed when each chunk was asked for.
class ChunkedInput : public std::streambuf {
public:
    ChunkedInput(std::vector<std::string> chunks, const std::ostringstream& out)
        : chunks_(std::move(chunks)), out_(out) {}
    std::vector<std::string> printed_before;  // output seen before chunk i was served

protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        if (next_ == chunks_.size()) return traits_type::eof();
        printed_before.push_back(out_.str());
        std::string& c = chunks_[next_++];
        setg(c.data(), c.data(), c.data() + c.size());
        return traits_type::to_int_type(*gptr());
    }

private:
    std::vector<std::string> chunks_;
    size_t next_ = 0;
    const std::ostringstream& out_;
};

}  // namespace

TEST_CASE("interactive input: each command runs before the next one is read") {
    std::ostringstream out;
    ChunkedInput buf({"(echo \"one\")\n", "(echo \"two\")", " ; done\n"}, out);
    std::istream in(&buf);
    ScriptOptions opts;
    opts.diagnostics = false;
    CHECK(run_script(in, "<stdin>", out, opts) == kScriptOk);
    REQUIRE(buf.printed_before.size() == 3);
    CHECK(buf.printed_before[0] == "");
    CHECK(buf.printed_before[1] == "\"one\"\n");
    CHECK(buf.printed_before[2] == "\"one\"\n\"two\"\n");
}

TEST_CASE("theories through the solver: uninterpreted functions and arithmetic values") {
    Run r =
        run("(set-logic QF_UFLIA)(declare-sort U 0)(declare-const a U)(declare-const b U)"
            "(declare-fun f (U) Int)(declare-const x Int)(declare-const y Int)"
            "(assert (= a b))(assert (= (f a) (- 2)))(assert (= x (+ (f b) 1)))(assert (= y (* 3 x)))"
            "(check-sat)(get-value (x y (f a) (- x) (+ x 0.5)))(assert (distinct (f a) (f "
            "b)))(check-sat)");
    CHECK(r.out == "sat\n((x (- 1)) (y (- 3)) ((f a) (- 2)) ((- x) 1) ((+ x 0.5) (- (/ 1 2))))\nunsat\n");
    CHECK(r.status == kScriptOk);
}

TEST_CASE("numerals are Real in a logic without Int") {
    Run r =
        run("(set-logic QF_LRA)(declare-const x Real)(assert (= (* 2 x) 1))(check-sat)"
            "(get-value (x 1 (/ 3 6)))");
    CHECK(r.out == "sat\n((x (/ 1 2)) (1 1.0) ((/ 3 6) (/ 1 2)))\n");
    r = run("(set-logic QF_LIA)(declare-const x Int)(assert (= x 1))(check-sat)(get-value (x 1))");
    CHECK(r.out == "sat\n((x 1) (1 1))\n");
}

TEST_CASE("a check-sat after the deadline answers unknown and the status is 5") {
    ScriptOptions o;
    o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    Run r = run("(declare-const p Bool)(assert p)(check-sat)(get-info :reason-unknown)", o);
    CHECK(r.out == "unknown\n(:reason-unknown timeout)\n");
    CHECK(r.status == kScriptTimeout);
}

TEST_CASE("deeply nested applications reach the solver") {
    const int n = 100000;
    std::string t = "a";
    std::string fs;
    for (int i = 0; i < n; ++i) fs += "(f ";
    Run r = run("(declare-sort U 0)(declare-const a U)(declare-fun f (U) U)(assert (= a " + fs + "a" +
                std::string(n, ')') + "))(check-sat)");
    CHECK(r.out == "sat\n");
}

TEST_CASE("logics without arithmetic let the user declare arithmetic symbols") {
    Run r =
        run("(set-logic QF_UF)(declare-sort Int 0)(declare-fun mod () Bool)(declare-fun + (Int Int) Int)"
            "(declare-const a Int)(assert (= (+ a a) a))(assert mod)(check-sat)");
    CHECK(r.out == "sat\n");
    r = run("(set-logic QF_LIA)\n(declare-fun mod () Bool)\n(declare-sort Int 0)");
    CHECK(r.out ==
          "(error \"t.smt2:2:14: cannot redeclare the predefined symbol 'mod'\")\n"
          "(error \"t.smt2:3:15: sort 'Int' is already declared\")\n");
}

TEST_CASE("lenient reading: -2 as a numeral, 0 and 1 for Booleans") {
    Run r =
        run("(set-option :produce-assignments 1)(set-logic QF_LIA)(declare-const x Int)"
            "(assert (= x -2))(check-sat)(get-value (x -2 -0.5))(get-option :produce-assignments)");
    CHECK(r.out == "sat\n((x (- 2)) (-2 (- 2)) (-0.5 (- (/ 1 2))))\ntrue\n");
    CHECK(run("(assert (= 1 -x))").out == "(error \"t.smt2:1:14: unknown symbol '-x'\")\n");
}

TEST_CASE("a :named name is in scope from its annotation on, in the same command") {
    const std::string decl = "(set-logic QF_UF)(declare-const p Bool)";
    CHECK(run(decl + "(assert (and (! p :named n) (let ((n false)) (not n))))(check-sat)").out == "sat\n");
    CHECK(run(decl + "(assert (and (! p :named n) (! (not n) :named m)))(check-sat)").out == "unsat\n");
    // not before it, not as a function, not twice; each failure drops the assertion
    CHECK(run(decl + "(assert (and n (! p :named n)))(check-sat)").out ==
          "(error \"t.smt2:1:53: unknown symbol 'n'\")\nunknown\n");
    CHECK(run(decl + "(assert (and (! p :named n) (n p)))(check-sat)").out ==
          "(error \"t.smt2:1:69: 'n' is a constant, not a function\")\nunknown\n");
    CHECK(run(decl + "(assert (! (! p :named n) :named n))(check-sat)").out ==
          "(error \"t.smt2:1:73: symbol 'n' is already declared\")\nunknown\n");
}

TEST_CASE("never sat after a dropped assertion; scoped by push and pop") {
    Run r =
        run("(set-logic QF_UF)(declare-const p Bool)(push 1)(assert (forall ((x Bool)) x))(check-sat)"
            "(get-info :reason-unknown)(assert (not p))(assert p)(check-sat)(pop 1)(check-sat)");
    CHECK(r.out ==
          "unsupported\nunknown\n(:reason-unknown \"unsupported: an assertion was dropped "
          "(t.smt2:1:56: quantifiers are not supported)\")\nunsat\nsat\n");
    CHECK(r.status == kScriptUnsupported);
    // the symbols of unsupported definitions are unsupported
    r = run("(define-fun-rec f ((x Int)) Int (f x))(assert (= (f 1) 2))(check-sat)");
    CHECK(r.out == "unsupported\nunsupported\nunknown\n");
    // a failed redefinition: neither sat nor unsat
    r = run("(declare-const x Int)(define-fun x () Real 0.5)(assert (= x 0.5))(check-sat)");
    CHECK(r.out == "(error \"t.smt2:1:34: symbol 'x' is already declared\")\nunknown\n");
    // another sort overloads the name; the same sort again is an error
    r = run("(declare-const x Int)(declare-const x Real)(assert (= (as x Real) 0.5))(check-sat)");
    CHECK(r.out == "sat\n");
    r = run("(declare-const x Int)(declare-const x Int)(assert (= x 1))(check-sat)");
    CHECK(r.out == "(error \"t.smt2:1:37: symbol 'x' is already declared with this signature\")\nunknown\n");
}

// OpenSMT's issue_617 (and z3): a named term in get-value is printed as written, its value
// computed, and the name defined from then on.
TEST_CASE("named terms in get-value") {
    const Run r = run(
        "(set-option :produce-models true)(set-logic QF_LIA)(declare-const x Int)(assert (= x 1))(check-sat)"
        "(get-value ((! (+ x 1) :named test)))(get-value (test))(get-value ((! x :named test)))");
    CHECK(r.out ==
          "sat\n(((! (+ x 1) :named test) 2))\n((test 2))\n"
          "(error \"t.smt2:1:179: symbol 'test' is already declared\")\n");
}
