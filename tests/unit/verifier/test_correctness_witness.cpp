// Correctness witnesses: exact C expressions of invariants, the mapping of invariants to
// C loop statements (scopes, inlined instances, what is left out), and the YAML 2.0 and
// GraphML writers (structure, escaping, program hash).
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "temp_program.hpp"
#include "verifier/witness/correctness_witness.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/witness/sha256.hpp"
#include "verifier/witness/witness_expression.hpp"
#include "verifier/witness/witness_invariants.hpp"

using namespace craig;
using namespace craig::verifier;
using frontend::Type;
using frontend::TypeKind;
namespace fs = std::filesystem;

namespace {

smt::Term num(smt::TermManager& tm, long v) { return tm.mk_numeral(mpq_class(v), smt::SortTable::Int); }

struct Vars {
    smt::TermManager tm;
    Program p{tm};
    VarId x, y, u, w, z, t;
    Vars() {
        x = p.add_var("main::x", "x", Type::of(TypeKind::Int), false, false, 1);
        y = p.add_var("main::y", "y", Type::of(TypeKind::Int), false, false, 2);
        u = p.add_var("main::u", "u", Type::of(TypeKind::UInt), false, false, 3);
        w = p.add_var("main::w", "w", Type::of(TypeKind::ULongLong), false, false, 4);
        z = p.add_var("main::z", "z", Type::of(TypeKind::LongLong), false, false, 5);
        t = p.add_var("tmp#0", "", Type::of(TypeKind::Int), false, true);
    }
    smt::Term cur(VarId v) const { return p.vars[v].cur; }
    std::string c(smt::Term f, std::string* why = nullptr) const { return c_opt(f, why).value_or("<refused>"); }
    std::optional<std::string> c_opt(smt::Term f, std::string* why = nullptr) const {
        return exact_c_expression(
            p, f,
            [&](VarId v) -> std::optional<std::string> {
                if (p.var_origin(v).is_temp) return std::nullopt;
                return p.var_origin(v).c_name;
            },
            why);
    }
};

}  // namespace

TEST_CASE("exact C expressions: positive sides, the narrowest C type in which nothing overflows") {
    Vars v;
    auto& tm = v.tm;
    const smt::Term x = v.cur(v.x), y = v.cur(v.y);
    CHECK(v.c(tm.mk_leq(x, y)) == "x <= y");
    // y + 3 overflows int for large y: long long arithmetic, every variable cast.
    CHECK(v.c(tm.mk_leq(tm.mk_sub(x, y), num(tm, 3))) == "(long long)x <= (long long)y + 3LL");
    CHECK(v.c(tm.mk_not(tm.mk_leq(x, num(tm, 3)))) == "x >= 4");
    CHECK(v.c(tm.mk_lt(x, y)) == "(long long)x + 1LL <= (long long)y");  // x < y over Int
    CHECK(v.c(tm.mk_eq(x, y)) == "x == y");
    CHECK(v.c(tm.mk_not(tm.mk_eq(x, y))) == "x != y");
    CHECK(v.c(tm.mk_leq(x, num(tm, -5))) == "x <= -5");
    CHECK(v.c(tm.mk_leq(x, num(tm, 5))) == "x <= 5");
    CHECK(v.c(tm.mk_leq(tm.mk_scale(2, x), y)) == "2LL * (long long)x <= (long long)y");
    // unsigned int does not promote to int; long long holds all its values.
    CHECK(v.c(tm.mk_leq(v.cur(v.u), num(tm, 5))) == "(long long)u <= 5LL");
    CHECK(v.c(tm.mk_leq(v.cur(v.z), x)) == "(long long)x >= z");
    // unsigned long long: only unsigned arithmetic keeps its values.
    CHECK(v.c(tm.mk_leq(v.cur(v.w), num(tm, 5))) == "w <= 5ULL");
    CHECK(v.c(tm.mk_leq(v.cur(v.w), v.cur(v.u))) == "(unsigned long long)u >= w");
    std::string why;
    CHECK_FALSE(v.c_opt(tm.mk_leq(v.cur(v.w), x), &why));
    CHECK(why.find("exceed") != std::string::npos);
    // Boolean structure: compound operands are parenthesised.
    const smt::Term a = tm.mk_leq(x, num(tm, 3)), b = tm.mk_leq(y, num(tm, 0));
    CHECK(v.c(tm.mk_and(tm.mk_or(a, b), tm.mk_eq(x, y))) == "(x <= 3 || y <= 0) && x == y");
    CHECK(v.c(tm.mk_implies(a, b)) == "x >= 4 || y <= 0");
    // Truth values compared with == or != are parenthesised (x == y == z would chain).
    CHECK(v.c(tm.mk_xor(a, tm.mk_eq(x, y))) == "(x <= 3) != (x == y)");
    CHECK(v.c(tm.mk_eq(a, tm.mk_eq(x, y))) == "(x <= 3) == (x == y)");
    CHECK(v.c(tm.mk_not(tm.mk_xor(a, b))) == "!((x <= 3) != (y <= 0))");
    // An integer if-then-else inside a comparison becomes a Boolean one.
    const smt::Term ite = tm.mk_ite(a, num(tm, 0), num(tm, 1));
    CHECK(v.c(tm.mk_eq(ite, y)) == "x <= 3 ? y == 0 : y == 1");
    CHECK(v.c(tm.mk_not(tm.mk_leq(tm.mk_add(std::vector<smt::Term>{ite, y}), num(tm, 1)))) ==
          "!(x <= 3 ? y <= 1 : y <= 0)");
    CHECK(v.c(tm.mk_true()) == "1");
    CHECK(v.c(tm.mk_false()) == "0");
}

TEST_CASE("exact C expressions: congruences with C's truncating %") {
    Vars v;
    auto& tm = v.tm;
    const smt::Term x = v.cur(v.x), u = v.cur(v.u);
    auto mod = [&](smt::Term a, long g) { return tm.mk_mod(a, num(tm, g)); };
    CHECK(v.c(tm.mk_eq(mod(x, 2), num(tm, 0))) == "(x % 2) == 0");
    CHECK(v.c(tm.mk_not(tm.mk_eq(mod(x, 2), num(tm, 0)))) == "(x % 2) != 0");
    // (mod -1 3) = 2 where C's -1 % 3 is -1: both remainders.
    CHECK(v.c(tm.mk_eq(mod(x, 3), num(tm, 2))) == "(x % 3) == 2 || (x % 3) == -1");
    CHECK(v.c(tm.mk_not(tm.mk_eq(mod(x, 3), num(tm, 2)))) == "(x % 3) != 2 && (x % 3) != -1");
    CHECK(v.c(tm.mk_and(tm.mk_eq(mod(x, 3), num(tm, 1)), tm.mk_leq(x, num(tm, 5)))) ==
          "((x % 3) == 1 || (x % 3) == -2) && x <= 5");
    // An unsigned variable has one remainder.
    CHECK(v.c(tm.mk_eq(mod(u, 4), num(tm, 3))) == "(u % 4) == 3");
    // A remainder out of range is false.
    CHECK(v.c(tm.mk_eq(mod(x, 4), num(tm, 7))) == "0");
    std::string why;
    CHECK_FALSE(v.c_opt(tm.mk_eq(mod(x, 1 << 22), num(tm, 3)), &why));
}

TEST_CASE("exact C expressions refuse what C cannot say exactly") {
    Vars v;
    auto& tm = v.tm;
    const smt::Term x = v.cur(v.x), y = v.cur(v.y);
    std::string why;
    CHECK_FALSE(v.c_opt(tm.mk_leq(v.cur(v.t), x), &why));  // a temporary
    CHECK(why.find("tmp#0") != std::string::npos);
    CHECK_FALSE(v.c_opt(tm.mk_leq(v.p.vars[v.x].next, y), &why));  // not a cur constant
    const smt::FuncId mul = tm.declare_fun("c.mul", {smt::SortTable::Int, smt::SortTable::Int}, smt::SortTable::Int);
    const smt::Term args[] = {x, y};
    CHECK_FALSE(v.c_opt(tm.mk_leq(tm.mk_app(mul, args), num(tm, 12)), &why));
    CHECK(why.find("uninterpreted") != std::string::npos);
    CHECK_FALSE(v.c_opt(tm.mk_leq(tm.mk_mod(x, num(tm, 2)), num(tm, 0)), &why));
    // Coefficients beyond every C type.
    CHECK_FALSE(v.c_opt(tm.mk_leq(tm.mk_scale(mpq_class("100000000000000000000"), x), y), &why));
}

namespace {

struct Lowered {
    frontend::TranslationUnit tu;
    smt::TermManager tm;
    Program plain{tm}, blocks{tm};
    explicit Lowered(const std::string& code)
        : tu(frontend::parse_string("extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n" + code,
                                    "t.c", frontend::DataModel::ILP32)) {
        plain = lower(tu, tm);
        blocks = large_block(plain);
    }
    VarId var(const std::string& name) const {
        for (VarId v = 0; v < plain.vars.size(); ++v)
            if (plain.vars[v].name == name) return v;
        FAIL("no variable " << name);
        return 0;
    }
    smt::Term cur(const std::string& name) const { return plain.vars[var(name)].cur; }
    // Invariants: `at(instance)` at the loop heads of that function instance, true elsewhere.
    template <class F>
    std::vector<smt::Term> invariants(F at) {
        std::vector<smt::Term> inv(blocks.locs.size(), tm.mk_true());
        for (LocId b = 0; b < blocks.locs.size(); ++b)
            if (blocks.locs[b].loop_head) inv[b] = at(blocks.loc_origin(b).function);
        return inv;
    }
};

}  // namespace

TEST_CASE("witness invariants: inlined instances are joined, names resolved as C scopes them") {
    Lowered l(
        "int f(int n) { int i = 0; while (i < n) { int k = 1; i = i + k; } return i; }\n"
        "int main() { int a = f(3); int b = f(4); return 0; }");
    auto inv = l.invariants([&](const std::string& fn) {
        const std::string p = fn + "::";
        return l.tm.mk_leq(l.cur(p + "i"), l.cur(p + "n"));
    });
    WitnessInvariants w = witness_invariants(l.tu, l.plain, l.blocks, inv, "t.c");
    REQUIRE(w.invariants.size() == 1);
    CHECK(w.left_out.empty());
    CHECK(w.invariants[0].value == "n >= i");  // both instances give the same text
    CHECK(w.invariants[0].function == "f");
    CHECK(w.invariants[0].loc.line == 3);
    CHECK(w.invariants[0].loc.col == 27);
    CHECK(w.invariants[0].condition_line == 3);

    // The body's k is not in scope at the loop head, nor is main's a inside f: projected out
    // (readable_invariants.hpp), nothing of k <= n is left.
    for (const char* other : {"::k", "main::a"}) {
        auto bad = l.invariants([&](const std::string& fn) {
            const std::string name = other[0] == ':' ? fn + other : std::string(other);
            return l.tm.mk_leq(l.cur(name), l.cur(fn + "::n"));
        });
        WitnessInvariants wb = witness_invariants(l.tu, l.plain, l.blocks, bad, "t.c");
        CHECK(wb.invariants.empty());
        REQUIRE(wb.left_out.size() == 1);
        CHECK(wb.left_out[0].reason == "the invariant is true");
    }
    // i <= n && k <= 5 && k == i - 1: k goes (exactly, through the equality), i <= 6 stays.
    auto with_k = l.invariants([&](const std::string& fn) {
        const std::string p = fn + "::";
        const smt::Term k = l.cur(p + "k"), i = l.cur(p + "i");
        return l.tm.mk_and(std::vector<smt::Term>{l.tm.mk_leq(i, l.cur(p + "n")), l.tm.mk_leq(k, num(l.tm, 5)),
                                                  l.tm.mk_eq(k, l.tm.mk_sub(i, num(l.tm, 1)))});
    });
    WitnessInvariants wk = witness_invariants(l.tu, l.plain, l.blocks, with_k, "t.c");
    REQUIRE(wk.invariants.size() == 1);
    CHECK(wk.invariants[0].value == "n >= i && i <= 6");
}

TEST_CASE("witness invariants: shadowing, do-while, true invariants, engines without invariants") {
    Lowered l(
        "int main() { int n = __VERIFIER_nondet_int(); int i = 9;\n"
        "  for (int i = 0; i < n; i++) { }\n"
        "  do { n--; } while (n > 0);\n"
        "  return 0; }");
    // The for loop's counter is a second program variable named i: find it by declaration.
    VarId outer_i = l.var("main::i"), inner_i = UINT32_MAX;
    for (VarId v = 0; v < l.plain.vars.size(); ++v)
        if (l.plain.var_origin(v).c_name == "i" && v != outer_i) inner_i = v;
    REQUIRE(inner_i != UINT32_MAX);
    auto over = [&](VarId v) {
        return l.invariants([&](const std::string&) { return l.tm.mk_leq(l.plain.vars[v].cur, l.cur("main::n")); });
    };
    WitnessInvariants w = witness_invariants(l.tu, l.plain, l.blocks, over(inner_i), "t.c");
    REQUIRE(w.invariants.size() == 1);
    CHECK(w.invariants[0].value == "n >= i");
    CHECK(w.invariants[0].loc.line == 4);
    REQUIRE(w.left_out.size() == 1);
    CHECK(w.left_out[0].reason == "do-while loop");
    // The outer i is shadowed at the for loop.
    w = witness_invariants(l.tu, l.plain, l.blocks, over(outer_i), "t.c");
    CHECK(w.invariants.empty());
    CHECK(w.left_out.size() == 2);
    // true says nothing; no invariants at all (bmc) leaves every loop out.
    w = witness_invariants(l.tu, l.plain, l.blocks, l.invariants([&](const std::string&) { return l.tm.mk_true(); }),
                           "t.c");
    CHECK(w.invariants.empty());
    CHECK(w.left_out[0].reason == "the invariant is true");
    w = witness_invariants(l.tu, l.plain, l.blocks, {}, "t.c");
    CHECK(w.invariants.empty());
    CHECK(w.left_out.size() == 2);
    // Loops of other files are not the witness's business.
    w = witness_invariants(l.tu, l.plain, l.blocks, over(inner_i), "other.c");
    CHECK(w.invariants.empty());
    CHECK(w.left_out.empty());
}

TEST_CASE("witness invariants: GraphML condition lines only where branches cannot be confused") {
    Lowered l(
        "int main() { int n = __VERIFIER_nondet_int(); int i = 0; int j = 0;\n"
        "  while (i < n) i++;\n"
        "  while (j < n && j < 5) { if (j > 2) j++; j++; }\n"
        "  while (i++ < n) { }\n"
        "  while (j < n) { j++; } if (j > 7) reach_error();\n"
        "  return 0; }");
    auto inv = l.invariants([&](const std::string&) { return l.tm.mk_leq(l.cur("main::i"), l.cur("main::n")); });
    WitnessInvariants w = witness_invariants(l.tu, l.plain, l.blocks, inv, "t.c");
    std::map<unsigned, unsigned> cond;
    for (const WitnessInvariant& i : w.invariants) cond[i.loc.line] = i.condition_line;
    CHECK(cond[4] == 4);  // plain condition
    CHECK(cond[5] == 0);  // an if on the same line
    CHECK(cond[6] == 0);  // side effect in the condition
    CHECK(cond[7] == 0);  // another branch starts on the line
}

namespace {

using TempFile = test::TempProgram;

WitnessInvariant loop_invariant(unsigned line, unsigned col, std::string value, unsigned cond_line) {
    WitnessInvariant w;
    w.loc = frontend::SourceLocation{"p.c", line, col};
    w.function = "main";
    w.value = std::move(value);
    w.condition_line = cond_line;
    return w;
}

}  // namespace

TEST_CASE("YAML 2.0 correctness witness: metadata, hash, loop invariants, quoting") {
    TempFile prog("int main() { while (1) ; }\n", "we\"ird\\name.c");
    WitnessInfo info{prog.file.string(), "CHECK( init(main()), LTL(G ! call(reach_error())) )", "64bit", "craig 0.1.0", ""};
    std::ostringstream out;
    const std::vector<WitnessInvariant> invs = {loop_invariant(11, 3, "x <= \"n\" && y == \\z", 11)};
    CHECK(write_correctness_witness_yaml(out, info, invs, "0f0e0d0c-0b0a-4908-8706-050403020100") == 1);
    const std::string y = out.str();
    const std::string file = yaml_quote(prog.file.string());
    CHECK(y.rfind("- entry_type: \"invariant_set\"\n  metadata:\n    format_version: \"2.0\"\n", 0) == 0);
    CHECK(y.find("    uuid: \"0f0e0d0c-0b0a-4908-8706-050403020100\"\n") != std::string::npos);
    CHECK(std::regex_search(y, std::regex("creation_time: \"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\"")));
    CHECK(y.find("      name: \"craig\"\n      version: \"0.1.0\"\n") != std::string::npos);
    CHECK(y.find("      input_files:\n        - " + file + "\n") != std::string::npos);
    CHECK(y.find("        " + file + ": \"" + sha256_file(prog.file.string()) + "\"\n") != std::string::npos);
    CHECK(y.find("      data_model: \"LP64\"\n      language: \"C\"\n") != std::string::npos);
    CHECK(y.find("    - invariant:\n        type: \"loop_invariant\"\n        location:\n          file_name: " + file +
                 "\n          line: 11\n          column: 3\n          function: \"main\"\n"
                 "        value: \"x <= \\\"n\\\" && y == \\\\z\"\n        format: \"c_expression\"\n") !=
          std::string::npos);
    CHECK(yaml_quote("a\nb\x01") == "\"a\\x0ab\\x01\"");

    std::ostringstream empty;
    info.architecture = "32bit";
    CHECK(write_correctness_witness_yaml(empty, info, {}, random_uuid()) == 0);
    CHECK(empty.str().find("      data_model: \"ILP32\"\n") != std::string::npos);
    CHECK(empty.str().find("  content: []\n") != std::string::npos);
    CHECK(std::regex_match(random_uuid(),
                           std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
}

TEST_CASE("GraphML correctness witness: invariant nodes entered by the condition's branches") {
    TempFile prog("int main() { return 0; }\n", "p.c");
    WitnessInfo info{prog.file.string(), "CHECK( init(main()), LTL(G ! call(reach_error())) )", "32bit", "craig 0.1.0", ""};
    std::ostringstream out;
    const std::vector<WitnessInvariant> invs = {loop_invariant(11, 3, "x < n && y > 0", 12),
                                                loop_invariant(20, 3, "x == 0", 0)};
    CHECK(write_correctness_witness_graphml(out, info, invs) == 1);
    const std::string g = out.str();
    CHECK(g.find("<data key=\"witness-type\">correctness_witness</data>") != std::string::npos);
    CHECK(g.find("<data key=\"programhash\">" + sha256_file(prog.file.string()) + "</data>") != std::string::npos);
    CHECK(g.find("<key attr.name=\"invariant\" attr.type=\"string\" for=\"node\" id=\"invariant\"/>") !=
          std::string::npos);
    CHECK(g.find("<data key=\"invariant\">x &lt; n &amp;&amp; y &gt; 0</data>") != std::string::npos);
    CHECK(g.find("<data key=\"invariant.scope\">main</data>") != std::string::npos);
    CHECK(g.find("x == 0") == std::string::npos);  // no condition line: left out
    CHECK(g.find("   <data key=\"startline\">12</data>\n   <data key=\"control\">condition-true</data>") !=
          std::string::npos);
    CHECK(g.find("   <data key=\"startline\">12</data>\n   <data key=\"control\">condition-false</data>") !=
          std::string::npos);
    CHECK(g.find("<edge source=\"N1\" target=\"N0\"/>") != std::string::npos);
    CHECK(g.find("<edge source=\"N2\" target=\"N0\"/>") != std::string::npos);
    CHECK(g.find("violation") != std::string::npos);                 // the key is declared ...
    CHECK(g.find("<data key=\"violation\">") == std::string::npos);  // ... but no node is one
}

TEST_CASE("witness formats: chosen by name, or by the file name") {
    CHECK(parse_witness_format("yaml") == WitnessFormat::Yaml);
    CHECK(parse_witness_format("graphml") == WitnessFormat::GraphML);
    CHECK_FALSE(parse_witness_format("json"));
    CHECK(witness_format_for("w.yml") == WitnessFormat::Yaml);
    CHECK(witness_format_for("dir/w.yaml") == WitnessFormat::Yaml);
    CHECK(witness_format_for("w.graphml") == WitnessFormat::GraphML);
    CHECK(witness_format_for("witness") == WitnessFormat::GraphML);
}
