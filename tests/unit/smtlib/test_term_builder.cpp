// Term construction and sort checking (no solver involved): let and shadowing, named terms,
// define-sort style sort expansion, chainable operators, mixed Int/Real, error messages.
#include <doctest/doctest.h>

#include <sstream>

#include "smtlib/syntax/environment.hpp"
#include "smtlib/syntax/errors.hpp"
#include "smtlib/syntax/term_builder.hpp"
#include "smt/terms/printer.hpp"

using namespace craig::smtlib;
using namespace craig::smt;

namespace {

struct Fixture {
    TermManager tm;
    Environment env{tm};
    SExprPool pool;
    Sort U = tm.sorts().uninterpreted("U");

    Fixture() {
        SortSymbol u;
        u.kind = SortSymbol::Kind::Declared;
        env.add_sort("U", u);
        declare("a", {}, U);
        declare("b", {}, U);
        declare("f", {U}, U);
        declare("p", {}, SortTable::Bool);
        declare("q", {}, SortTable::Bool);
        declare("x", {}, SortTable::Int);
        declare("y", {}, SortTable::Int);
        declare("r", {}, SortTable::Real);
        declare("g", {SortTable::Real}, SortTable::Bool);
    }
    void declare(const std::string& name, std::vector<Sort> dom, Sort range) {
        FunctionSymbol f;
        f.kind = FunctionSymbol::Kind::Declared;
        f.domain = dom;
        f.range = range;
        f.func = tm.declare_fun(name, dom, range);
        env.add_function(name, f);
    }
    Term c(const std::string& name) { return tm.mk_const(env.find_function(name)->func); }
    // Parse one s-expression (wrapped so that atoms read too).
    uint32_t parse(const std::string& text) {
        std::istringstream in("(" + text + ")");
        Lexer lx(in);
        Reader rd(lx);
        auto root = rd.read_command(pool);
        REQUIRE(root);
        REQUIRE(pool[*root].count == 1);
        return pool.kids(*root)[0];
    }
    Term term(const std::string& text) {
        uint32_t n = parse(text);
        TermBuilder b(env, pool);
        return b.term(n);
    }
    std::string str(const std::string& text) { return term_to_string(tm, term(text), false); }
    // The message (with line:col) of the error that building `text` raises.
    std::string error(const std::string& text) {
        uint32_t n = parse(text);
        TermBuilder b(env, pool);
        try {
            b.term(n);
        } catch (const ScriptError& e) {
            // columns on line 1 are shifted by the "(" that parse() wraps around the text
            uint32_t col = e.location().col - (e.location().line == 1 ? 1 : 0);
            return std::to_string(e.location().line) + ":" + std::to_string(col) + ": " + e.what();
        }
        return "no error";
    }
};

}  // namespace

TEST_CASE_FIXTURE(Fixture, "constants, applications and the Core theory") {
    CHECK(term("true") == tm.mk_true());
    CHECK(term("(f a)") == tm.mk_app(env.find_function("f")->func, std::vector<Term>{c("a")}));
    CHECK(term("(|f| |a|)") == term("(f a)"));
    CHECK(term("(not (not p))") == c("p"));
    CHECK(term("(and p q)") == tm.mk_and(c("p"), c("q")));
    CHECK(term("(ite p a b)") == tm.mk_ite(c("p"), c("a"), c("b")));
    CHECK(term("(distinct a b)") == tm.mk_not(tm.mk_eq(c("a"), c("b"))));
}

TEST_CASE_FIXTURE(Fixture, "chainable and associative operators") {
    // (= a b a) is (and (= a b) (= b a)) = (= a b)
    CHECK(term("(= a b a)") == tm.mk_eq(c("a"), c("b")));
    CHECK(term("(= p q p)") == term("(and (= p q) (= q p))"));
    CHECK(term("(<= x y 3)") == term("(and (<= x y) (<= y 3))"));
    CHECK(term("(< x y x)") == term("(and (< x y) (< y x))"));
    CHECK(term("(=> p q p)") == term("(=> p (=> q p))"));
    CHECK(term("(xor p q p)") == term("(xor (xor p q) p)"));
    CHECK(term("(- x y 1)") == term("(+ x (- y) (- 1))"));
    CHECK(term("(- x)") == tm.mk_neg(c("x")));
    CHECK(term("(div x 2 3)") == term("(div (div x 2) 3)"));
}

TEST_CASE_FIXTURE(Fixture, "numerals, decimals and mixed Int/Real arithmetic") {
    CHECK(str("42") == "42");
    CHECK(str("2.50") == "(/ 5 2)");
    CHECK(tm.sort(term("(+ x 1)")) == SortTable::Int);
    CHECK(tm.sort(term("(+ x r)")) == SortTable::Real);
    CHECK(tm.sort(term("(/ x 2)")) == SortTable::Real);
    CHECK(tm.sort(term("(ite p x r)")) == SortTable::Real);
    CHECK(term("(g x)") == term("(g (to_real x))"));
    CHECK(term("(= x r)") == term("(= (to_real x) r)"));
    CHECK(tm.sort(term("(to_int r)")) == SortTable::Int);
    CHECK(term("(is_int x)") == tm.mk_true());
    CHECK(term("(* 2 3 x)") == tm.mk_scale(6, c("x")));
    CHECK(tm.kind(term("(* x y)")) == Kind::Mul);  // non-linear is representable
    env.real_numerals = true;
    CHECK(tm.sort(term("1")) == SortTable::Real);
}

TEST_CASE_FIXTURE(Fixture, "let binds in parallel and shadows") {
    CHECK(term("(let ((z a)) (let ((z b)) (= z b)))") == tm.mk_true());
    CHECK(term("(let ((z a)) (let ((z b) (w z)) (= w b)))") == tm.mk_eq(c("a"), c("b")));
    // a let variable shadows a declared constant and may change sort
    CHECK(term("(let ((a p)) (and a q))") == tm.mk_and(c("p"), c("q")));
    CHECK(term("(let ((z (f a))) (let ((z (= z (f a)))) z))") == tm.mk_true());
    // after the let, the outer meaning is back
    CHECK(term("(and (let ((p q)) p) p)") == tm.mk_and(c("q"), c("p")));
}

TEST_CASE_FIXTURE(Fixture, "deep nesting does not recurse") {
    const int n = 100000;
    std::string s;
    for (int i = 0; i < n; ++i) s += "(not ";
    s += "p" + std::string(n, ')');
    CHECK(term(s) == c("p"));
    std::string lets;
    for (int i = 0; i < n; ++i)
        lets += "(let ((v" + std::to_string(i) + " " + (i ? "v" + std::to_string(i - 1) : "a") + ")) ";
    lets += "(f v" + std::to_string(n - 1) + ")" + std::string(n, ')');
    CHECK(term(lets) == term("(f a)"));
}

TEST_CASE_FIXTURE(Fixture, "named terms are collected, not defined") {
    uint32_t n = parse("(and (! p :named n1) (= (! (f a) :pattern (x) :named n2) b))");
    TermBuilder b(env, pool);
    b.term(n);
    REQUIRE(b.names().size() == 2);
    CHECK(b.names()[0].name == "n1");
    CHECK(b.names()[0].term == c("p"));
    CHECK(b.names()[1].name == "n2");
    CHECK(env.find_function("n1") == nullptr);
    CHECK(error("(! p :named a)") == "1:13: symbol 'a' is already declared");
    CHECK(error("(and (! p :named k) (! q :named k))") == "1:33: symbol 'k' is already declared");
}

TEST_CASE_FIXTURE(Fixture, "defined functions expand by substitution") {
    Term ph = tm.mk_const(tm.fresh_fun("param", {}, U));
    FunctionSymbol d;
    d.kind = FunctionSymbol::Kind::Defined;
    d.domain = {U};
    d.range = U;
    d.params = {ph};
    d.body = tm.mk_app(env.find_function("f")->func, std::vector<Term>{ph});
    env.add_function("h", d);
    CHECK(term("(h (h b))") == term("(f (f b))"));
    CHECK(error("(h p)") == "1:4: expected a term of sort U, got Bool");
}

TEST_CASE_FIXTURE(Fixture, "sorts: builtin, declared, parametric and defined") {
    SortSymbol pair;
    pair.kind = SortSymbol::Kind::Declared;
    pair.arity = 2;
    env.add_sort("Pair", pair);
    SortSymbol twice;  // (define-sort Twice (X) (Pair X X))
    twice.kind = SortSymbol::Kind::Defined;
    twice.params = {env.placeholder_sort()};
    twice.body = tm.sorts().uninterpreted("Pair", {twice.params[0], twice.params[0]});
    env.add_sort("Twice", twice);
    TermBuilder b(env, pool);
    CHECK(b.sort(parse("Int")) == SortTable::Int);
    CHECK(tm.sorts().to_string(b.sort(parse("(Twice U)"))) == "(Pair U U)");
    CHECK(b.sort(parse("(Twice (Twice Bool))")) == b.sort(parse("(Pair (Pair Bool Bool) (Pair Bool Bool))")));
    CHECK_THROWS_WITH_AS(b.sort(parse("(Pair U)")), "sort 'Pair' expects 2 parameters, got 1", ScriptError);
    CHECK_THROWS_WITH_AS(b.sort(parse("V")), "unknown sort 'V'", ScriptError);
    CHECK_THROWS_AS(b.sort(parse("(_ BitVec 8)")), Unsupported);
    CHECK_THROWS_AS(b.sort(parse("(Array Int Int)")), Unsupported);
    // exponential define-sort expansion stops at the size limit
    std::string deep = "U";
    for (int i = 0; i < 40; ++i) deep = "(Twice " + deep + ")";
    CHECK_THROWS_WITH_AS(b.sort(parse(deep)), "sort is too large", ScriptError);
}

TEST_CASE_FIXTURE(Fixture, "sort errors name the offending argument") {
    CHECK(error("(and p x)") == "1:8: expected a term of sort Bool, got Int");
    CHECK(error("(= a p)") == "1:6: expected a term of sort U, got Bool");
    CHECK(error("(+ x p)") == "1:6: expected a term of sort Int or Real, got Bool");
    CHECK(error("(div x r)") == "1:8: expected a term of sort Int, got Real");
    CHECK(error("(f a b)") == "1:2: 'f' expects 1 argument, got 2");
    CHECK(error("(ite p a)") == "1:2: 'ite' expects 3 arguments, got 2");
    CHECK(error("(= a)") == "1:2: '=' expects at least 2 arguments, got 1");
    CHECK(error("(f (g p))") == "1:7: expected a term of sort Real, got Bool");
    CHECK(error("(and p (let ((z x)) z))") == "1:8: expected a term of sort Bool, got Int");
}

TEST_CASE_FIXTURE(Fixture, "other errors: unknown symbols, misuse of functions, bad let") {
    CHECK(error("zz") == "1:1: unknown symbol 'zz'");
    CHECK(error("(zz a)") == "1:2: unknown function symbol 'zz'");
    CHECK(error("(and p (h a))") == "1:9: unknown function symbol 'h'");
    CHECK(error("f") == "1:1: 'f' expects 1 argument");
    CHECK(error("(a b)") == "1:2: 'a' is a constant, not a function");
    CHECK(error("(let ((z a)) (z b))") == "1:15: 'z' is a variable, not a function");
    CHECK(error("(let ((z a) (z b)) z)") == "1:14: symbol 'z' is bound twice in one let");
    CHECK(error("(let (z a) z)") == "1:7: expected a binding (SYMBOL TERM), got symbol 'z'");
    CHECK(error("(let () a)") == "1:6: expected a non-empty list of bindings, got '()'");
    CHECK(error("()") == "1:1: expected a term, got '()'");
    CHECK(error("(1 2)") == "1:2: expected a function symbol, got numeral '1'");
    CHECK(error("(f)") == "1:1: 'f' applied to no arguments");
    CHECK(error("let") == "1:1: unexpected reserved word 'let'");
    CHECK(error(":k") == "1:1: expected a term, got keyword ':k'");
    CHECK(error("(! p)") == "1:1: expected (! TERM ATTRIBUTE+)");
    CHECK(error("(! p :named)") == "1:6: expected a symbol after :named");
    CHECK(error("(as a Int)") == "1:5: expected a term of sort Int, got U");
    CHECK(term("(as a U)") == c("a"));
}

TEST_CASE_FIXTURE(Fixture, "unsupported theories are reported as such") {
    auto unsupported = [&](const std::string& text) {
        uint32_t n = parse(text);
        TermBuilder b(env, pool);
        try {
            b.term(n);
        } catch (const Unsupported&) {
            return true;
        }
        return false;
    };
    CHECK(unsupported("#x0F"));
    CHECK(unsupported("\"str\""));
    CHECK(unsupported("(bvadd a b)"));
    CHECK(unsupported("(select a x)"));
    CHECK(unsupported("(_ bv1 8)"));
    CHECK(unsupported("((_ extract 1 0) a)"));
    CHECK(unsupported("(forall ((z Int)) (> z 0))"));
    CHECK(unsupported("(str.len a)"));
    CHECK_FALSE(unsupported("(f a)"));
}
