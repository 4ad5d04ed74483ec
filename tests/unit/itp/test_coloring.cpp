#include <doctest/doctest.h>

#include "itp/coloring.hpp"
#include "itp/options.hpp"

using namespace craig;
using namespace craig::itp;

TEST_CASE("coloring: local, shared and mixed terms by their symbols") {
    smt::TermManager tm;
    auto& st = tm.sorts();
    smt::Sort u = st.uninterpreted("U");
    Term a = tm.mk_const(tm.declare_fun("a", {}, u));
    Term b = tm.mk_const(tm.declare_fun("b", {}, u));
    Term s = tm.mk_const(tm.declare_fun("s", {}, u));
    FuncId f = tm.declare_fun("f", {u}, u);
    Term fa = tm.mk_app(f, std::vector<Term>{a});
    Term fs = tm.mk_app(f, std::vector<Term>{s});
    Term A[] = {tm.mk_eq(a, s), tm.mk_eq(fa, s)};
    Term B[] = {tm.mk_eq(b, fs)};
    Coloring c = Coloring::of_sides(tm, A, B);
    CHECK(c.color(a) == Color::A);
    CHECK(c.color(b) == Color::B);
    CHECK(c.color(s) == Color::Shared);
    CHECK(c.color(fs) == Color::Shared);  // f occurs on both sides
    CHECK(c.color(fa) == Color::A);
    CHECK(c.color(tm.mk_eq(a, b)) == Color::Mixed);
    CHECK(c.color(tm.mk_true()) == Color::Shared);
    std::vector<FuncId> syms;
    collect_symbols(tm, tm.mk_eq(fa, b), syms);
    CHECK(syms.size() == 3);
}

TEST_CASE("interpolation options: names and OpenSMT codes") {
    CHECK(parse_bool_system("pudlak") == BoolSystem::Pudlak);
    CHECK(parse_bool_system("2") == BoolSystem::McMillanPrime);
    CHECK(parse_lra_system("decomposed-farkas") == LraSystem::DecomposedFarkas);
    CHECK(parse_lra_system("5") == LraSystem::DualDecomposedFarkas);
    CHECK(parse_euf_system("weak") == EufSystem::Weak);
    CHECK(!parse_euf_system("medium"));
    for (auto s : {LraSystem::Farkas, LraSystem::DualFarkas, LraSystem::Flexible, LraSystem::DecomposedFarkas,
                   LraSystem::DualDecomposedFarkas})
        CHECK(parse_lra_system(name(s)) == s);
}
