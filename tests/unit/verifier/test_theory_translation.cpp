// Theory of the summaries (issue 21 item 6, Asadi's thesis Ch. 5): encoding into EUF and LRA and
// back (decode ∘ encode is the identity), over-approximation checked with the solver (an unsat
// encoding means an unsat formula; examples where the cheap theory is too weak), and summaries
// interpolated in EUF and in LRA, translated, and checked against the body and the property in
// LIA and in the other theory.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "itp/interpolation.hpp"
#include "smt/solver.hpp"
#include "smt/terms/printer.hpp"
#include "verifier/engines/summaries/theory_translation.hpp"

using namespace craig;
using namespace craig::verifier;
using smt::Kind;
using smt::SortTable;
using smt::Term;

namespace {

struct Fx {
    smt::TermManager tm;
    // Declared in this order: later constants have larger ids (the solved form's "newest").
    Term x = var("x"), y = var("y"), z = var("z"), r = var("r"), t = var("t");
    Term w = tm.mk_const(tm.declare_fun("w", {}, SortTable::Real));
    Term b = tm.mk_const(tm.declare_fun("b", {}, SortTable::Bool));
    smt::FuncId cmul = c_op("c.mul"), cdiv = c_op("c.div");

    Term var(const char* name) { return tm.mk_const(tm.declare_fun(name, {}, SortTable::Int)); }
    smt::FuncId c_op(const char* name) {
        return tm.declare_fun(name, {SortTable::Int, SortTable::Int}, SortTable::Int);
    }
    Term n(long v) { return tm.mk_numeral(v, SortTable::Int); }
    Term q(long num, long den) { return tm.mk_numeral(mpq_class(num, den), SortTable::Real); }
    Term add(std::initializer_list<Term> ts) { return tm.mk_add(std::vector<Term>(ts)); }
    Term mul(std::initializer_list<Term> ts) { return tm.mk_mul(std::vector<Term>(ts)); }
    Term app(smt::FuncId f, Term a, Term c) {
        Term args[2] = {a, c};
        return tm.mk_app(f, args);
    }
    Term all(std::initializer_list<Term> ts) { return tm.mk_and(std::vector<Term>(ts)); }
    Term any(std::initializer_list<Term> ts) { return tm.mk_or(std::vector<Term>(ts)); }
    std::string str(Term f) { return smt::term_to_string(tm, f, false); }

    smt::Result solve(std::initializer_list<Term> fs) {
        smt::SolverOptions o;
        o.check_models = true;
        o.check_certificates = true;
        smt::Solver s(tm, o);
        for (Term f : fs) s.assert_formula(f);
        const smt::Result res = s.check();
        if (res == smt::Result::Unknown) MESSAGE("unknown: " << s.reason_unknown());
        return res;
    }
    bool valid_implication(Term a, Term c) { return solve({a, tm.mk_not(c)}) == smt::Result::Unsat; }

    // Atoms of every kind the translations handle, over Int (and a few Real and mixed ones).
    std::vector<Term> atoms() {
        Term d = tm.mk_distinct(std::vector<Term>{x, y, z});
        return {tm.mk_leq(x, n(5)),
                tm.mk_not(tm.mk_leq(x, n(5))),
                tm.mk_lt(x, y),
                tm.mk_leq(add({tm.mk_scale(2, x), tm.mk_scale(3, y)}), n(7)),
                tm.mk_geq(r, add({x, n(1)})),
                tm.mk_eq(x, y),
                tm.mk_eq(r, add({x, n(1)})),
                tm.mk_eq(tm.mk_scale(2, x), add({y, n(3)})),
                tm.mk_eq(add({x, y, z}), n(1)),
                d,
                tm.mk_leq(add({tm.mk_ite(b, x, y), n(1)}), z),
                tm.mk_eq(tm.mk_ite(tm.mk_leq(x, y), x, n(4)), t),
                tm.mk_eq(app(cmul, x, y), r),
                tm.mk_leq(app(cdiv, add({x, n(2)}), n(2)), r),
                tm.mk_eq(tm.mk_int_div(x, y), r),
                tm.mk_eq(tm.mk_mod(x, n(3)), n(1)),
                tm.mk_leq(mul({x, y}), z),
                tm.mk_leq(tm.mk_abs(x), n(3)),
                tm.mk_eq(tm.mk_to_int(w), x),
                tm.mk_leq(w, q(1, 2)),
                tm.mk_lt(w, tm.mk_to_real(x)),
                tm.mk_is_int(w),
                tm.mk_xor(b, tm.mk_leq(y, z)),
                tm.mk_implies(b, tm.mk_eq(t, n(0)))};
    }
};

// No arithmetic left but equalities: only =, numerals, constants and uninterpreted symbols.
bool arithmetic_free(const smt::TermManager& tm, Term root) {
    std::vector<Term> stack{root};
    while (!stack.empty()) {
        Term u = stack.back();
        stack.pop_back();
        switch (tm.kind(u)) {
            case Kind::Linear:
            case Kind::Leq:
            case Kind::Lt:
            case Kind::Mul:
            case Kind::RealDiv:
            case Kind::IntDiv:
            case Kind::Mod:
            case Kind::Abs:
            case Kind::ToInt:
            case Kind::IsInt: return false;
            default: break;
        }
        for (Term c : tm.children(u)) stack.push_back(c);
    }
    return true;
}

// LRA shape: Int constants only from `keep`, no operator beyond + and scaling, no application.
// (Atoms over kept constants only stay Int atoms.)
bool lra_shape(const smt::TermManager& tm, Term root, std::span<const Term> keep) {
    std::vector<Term> stack{root};
    while (!stack.empty()) {
        Term u = stack.back();
        stack.pop_back();
        const Kind k = tm.kind(u);
        if (k == Kind::App || k == Kind::Mul || k == Kind::IntDiv || k == Kind::Mod || k == Kind::ToInt ||
            k == Kind::Abs || k == Kind::IsInt)
            return false;
        if (k == Kind::Const && tm.sort(u) == SortTable::Int && std::find(keep.begin(), keep.end(), u) == keep.end())
            return false;
        for (Term c : tm.children(u)) stack.push_back(c);
    }
    return true;
}

}  // namespace

TEST_CASE("theory translation: EUF decodes what it encodes, with arithmetic as symbols") {
    Fx f;
    TheoryInterface iface;
    std::vector<Term> atoms = f.atoms();
    for (Term a : atoms) {
        const Term e = to_euf(f.tm, a, iface);
        INFO(f.str(a) << "  ~>  " << f.str(e));
        CHECK(arithmetic_free(f.tm, e));
        CHECK(from_euf(f.tm, e, iface) == a);
        CHECK(to_euf(f.tm, a, iface) == e);  // same interface, same encoding
    }
    // Whole formulas: nested connectives flatten the encodings of ≤ and < into their parents.
    const Term phi = f.all({f.any({atoms[0], atoms[4], f.tm.mk_not(atoms[2])}), atoms[6], f.tm.mk_not(atoms[9]),
                            f.any({atoms[20], f.all({atoms[13], atoms[3]})}), atoms[16], atoms[22]});
    const Term e = to_euf(f.tm, phi, iface);
    INFO(f.str(e));
    CHECK(arithmetic_free(f.tm, e));
    CHECK(from_euf(f.tm, e, iface) == phi);
    // The solved form exposes SSA definitions: r = x + 1 is r = euf.plus(x, 1).
    const Term def = to_euf(f.tm, f.tm.mk_eq(f.r, f.add({f.x, f.n(1)})), iface);
    REQUIRE(f.tm.kind(def) == Kind::Eq);
    CHECK((f.tm.child(def, 0) == f.r || f.tm.child(def, 1) == f.r));
}

TEST_CASE("theory translation: LRA decodes what it encodes, for any kept set") {
    Fx f;
    std::vector<Term> atoms = f.atoms();
    const Term phi = f.all({f.any({atoms[0], atoms[4], f.tm.mk_not(atoms[2])}), atoms[6], f.tm.mk_not(atoms[9]),
                            f.any({atoms[20], f.all({atoms[13], atoms[3]})}), atoms[16], atoms[10], atoms[11]});
    atoms.push_back(phi);
    const std::vector<std::vector<Term>> keeps = {{}, {f.x, f.r}, {f.x, f.y, f.z, f.r, f.t}};
    for (const auto& keep : keeps) {
        TheoryInterface iface;
        for (Term a : atoms) {
            const Term e = to_lra(f.tm, a, keep, iface);
            INFO("kept " << keep.size() << ": " << f.str(a) << "  ~>  " << f.str(e));
            CHECK(lra_shape(f.tm, e, keep));
            CHECK(from_lra(f.tm, e, iface) == a);
            CHECK(to_lra(f.tm, a, keep, iface) == e);
        }
    }
    // Unique per term: one fresh constant per relaxed constant and per opaque term.
    TheoryInterface iface;
    const Term d = f.app(f.cdiv, f.x, f.n(2));
    const Term e1 = to_lra(f.tm, f.tm.mk_eq(d, f.y), {}, iface);
    const Term e2 = to_lra(f.tm, f.tm.mk_leq(d, f.z), {}, iface);
    CHECK(iface.lra.size() == 3);  // y, z and c.div(x, 2); x occurs only inside the application
    CHECK(iface.lra.find(d).valid());
    CHECK(iface.lra.term_of(iface.lra.find(d)) == d);
    CHECK(from_lra(f.tm, f.tm.mk_and(e1, e2), iface) == f.tm.mk_and(f.tm.mk_eq(d, f.y), f.tm.mk_leq(d, f.z)));
}

TEST_CASE("theory translation: decoding reads foreign formulas over the interface") {
    Fx f;
    TheoryInterface iface;
    // An EUF interpolant may use the symbols outside the image of to_euf: euf.lt alone is <,
    // euf.scale with a non-numeral factor is a product.
    to_euf(f.tm, f.all({f.tm.mk_leq(f.tm.mk_scale(2, f.x), f.y), f.tm.mk_eq(f.r, f.add({f.x, f.n(1)}))}), iface);
    const smt::FuncId lt = iface.euf_symbol(f.tm, EufOp::Lt, {SortTable::Int, SortTable::Int}, SortTable::Bool);
    const smt::FuncId plus = iface.euf_symbol(f.tm, EufOp::Plus, {SortTable::Int, SortTable::Int}, SortTable::Int);
    const smt::FuncId scale = iface.euf_symbol(f.tm, EufOp::Scale, {SortTable::Int, SortTable::Int}, SortTable::Int);
    CHECK(iface.euf_symbols() == 3);  // the encoding above made exactly these
    const Term foreign = f.any({f.app(lt, f.app(plus, f.r, f.n(1)), f.x), f.tm.mk_eq(f.app(scale, f.y, f.z), f.r)});
    const Term decoded = from_euf(f.tm, foreign, iface);
    CHECK(decoded == f.any({f.tm.mk_lt(f.add({f.r, f.n(1)}), f.x), f.tm.mk_eq(f.mul({f.y, f.z}), f.r)}));
    // An LRA interpolant over kept constants: fractional coefficients and strict bounds become
    // the equivalent Int atoms (x ≤ 1/2 is x ≤ 0 for integer x).
    const Term rx = f.tm.mk_to_real(f.x), rr = f.tm.mk_to_real(f.r);
    const Term lra = f.all({f.tm.mk_leq(rx, f.q(1, 2)), f.tm.mk_lt(f.tm.mk_scale(mpq_class(1, 3), rr), rx)});
    CHECK(from_lra(f.tm, lra, iface) == f.all({f.tm.mk_leq(f.x, f.n(0)), f.tm.mk_lt(f.r, f.tm.mk_scale(3, f.x))}));
    // A Real constant of the input keeps its atom Real (mixed).
    const Term mixed = f.tm.mk_leq(f.tm.mk_add(std::vector<Term>{f.w, rx}), f.q(1, 2));
    CHECK(from_lra(f.tm, mixed, iface) == mixed);
}

TEST_CASE("theory translation: over-approximation, and where the cheap theory is too weak") {
    Fx f;
    auto ssa_plus = [&](Term to, Term from) { return f.tm.mk_eq(to, f.add({from, f.n(1)})); };
    struct Case {
        Term phi;
        smt::Result lia, euf, lra;  // expected answers (lra: nothing kept)
    };
    using R = smt::Result;
    const std::vector<Case> cases = {
        // EUF too weak: x = 1 ∧ y = x + 1 ⊭ y = 2 without arithmetic; LRA has it.
        {f.all({f.tm.mk_eq(f.x, f.n(1)), ssa_plus(f.y, f.x), f.tm.mk_not(f.tm.mk_eq(f.y, f.n(2)))}), R::Unsat, R::Sat,
         R::Unsat},
        // EUF enough: congruence on the solved forms y = x + 1, z = x + 1.
        {f.all({ssa_plus(f.y, f.x), ssa_plus(f.z, f.x), f.tm.mk_not(f.tm.mk_eq(f.y, f.z))}), R::Unsat, R::Unsat,
         R::Unsat},
        // EUF enough: ≤ is "= or <", so r = x + 1 ⊨ r ≥ x + 1.
        {f.all({ssa_plus(f.r, f.x), f.tm.mk_not(f.tm.mk_geq(f.r, f.add({f.x, f.n(1)})))}), R::Unsat, R::Unsat,
         R::Unsat},
        // x = 5 ⊨ x ≤ 5 in EUF too (reflexivity).
        {f.all({f.tm.mk_eq(f.x, f.n(5)), f.tm.mk_not(f.tm.mk_leq(f.x, f.n(5)))}), R::Unsat, R::Unsat, R::Unsat},
        // EUF too weak for orders: x < y < x.
        {f.all({f.tm.mk_lt(f.x, f.y), f.tm.mk_lt(f.y, f.x)}), R::Unsat, R::Sat, R::Unsat},
        // LRA too weak for integrality once x, y are relaxed: x + y = 1 ∧ x = y.
        {f.all({f.tm.mk_eq(f.add({f.x, f.y}), f.n(1)), f.tm.mk_eq(f.x, f.y)}), R::Unsat, R::Sat, R::Sat},
        // The C operators: congruence is kept by EUF, lost by LRA (one fresh constant per term).
        {f.all({f.tm.mk_eq(f.x, f.y), f.tm.mk_not(f.tm.mk_eq(f.app(f.cdiv, f.x, f.n(2)), f.app(f.cdiv, f.y, f.n(2))))}),
         R::Unsat, R::Unsat, R::Sat},
        // Satisfiable formulas stay satisfiable.
        {f.all({f.tm.mk_leq(f.x, f.y), ssa_plus(f.r, f.y), f.tm.mk_eq(f.app(f.cmul, f.x, f.y), f.t)}), R::Sat, R::Sat,
         R::Sat},
    };
    for (const Case& c : cases) {
        TheoryInterface iface;
        const Term e = to_euf(f.tm, c.phi, iface), l = to_lra(f.tm, c.phi, {}, iface);
        INFO(f.str(c.phi) << "\n euf: " << f.str(e) << "\n lra: " << f.str(l));
        CHECK(f.solve({c.phi}) == c.lia);
        CHECK(f.solve({e}) == c.euf);
        CHECK(f.solve({l}) == c.lra);
        // Keeping the constants Int (as an interface) is still an over-approximation.
        const std::vector<Term> keep = {f.x, f.y, f.z, f.r, f.t};
        const smt::Result kept = f.solve({to_lra(f.tm, c.phi, keep, iface)});
        if (kept == R::Unsat) CHECK(c.lia == R::Unsat);
    }
    // ... and gives integrality back: x + y = 1 ∧ x = y is refuted with x, y kept.
    TheoryInterface iface;
    const Term halves = f.all({f.tm.mk_eq(f.add({f.x, f.y}), f.n(1)), f.tm.mk_eq(f.x, f.y)});
    CHECK(f.solve({to_lra(f.tm, halves, std::vector<Term>{f.x, f.y}, iface)}) == R::Unsat);
}

TEST_CASE("theory translation: Example 3, y = x / 2 is not 0.5 * x in LRA") {
    Fx f;
    // int x = 1; int y = x / 2; assert(y == 0);  — sat in C (1 / 2 truncates to 0).
    for (Term div : {f.tm.mk_int_div(f.x, f.n(2)), f.app(f.cdiv, f.x, f.n(2))}) {
        const Term phi = f.all({f.tm.mk_eq(f.x, f.n(1)), f.tm.mk_eq(f.y, div), f.tm.mk_eq(f.y, f.n(0))});
        CHECK(f.solve({phi}) == smt::Result::Sat);
        TheoryInterface iface;
        const Term l = to_lra(f.tm, phi, {}, iface);
        CHECK(lra_shape(f.tm, l, {}));
        CHECK(f.solve({l}) == smt::Result::Sat);  // rule 5.5.6: the quotient is a fresh variable
        CHECK(from_lra(f.tm, l, iface) == phi);
    }
    // The naive reading y = 0.5·x over the reals refutes it: not an over-approximation.
    Term xr = f.tm.mk_const(f.tm.declare_fun("xr", {}, SortTable::Real));
    Term yr = f.tm.mk_const(f.tm.declare_fun("yr", {}, SortTable::Real));
    const Term naive = f.all(
        {f.tm.mk_eq(xr, f.q(1, 1)), f.tm.mk_eq(yr, f.tm.mk_scale(mpq_class(1, 2), xr)), f.tm.mk_eq(yr, f.q(0, 1))});
    CHECK(f.solve({naive}) == smt::Result::Unsat);
}

TEST_CASE("theory translation: random formulas, round trips and over-approximation") {
    Fx f;
    const std::vector<Term> pool = f.atoms();
    // Atoms without non-linear terms, so that the LIA answer is decided.
    std::vector<Term> decided;
    for (Term a : pool) {
        bool nonlinear = false;
        std::vector<Term> stack{a};
        while (!stack.empty()) {
            Term u = stack.back();
            stack.pop_back();
            const Kind k = f.tm.kind(u);
            nonlinear =
                nonlinear || k == Kind::Mul || (k == Kind::IntDiv && f.tm.kind(f.tm.child(u, 1)) != Kind::Numeral);
            nonlinear =
                nonlinear || k == Kind::ToInt || k == Kind::IsInt || k == Kind::Abs || f.tm.sort(u) == SortTable::Real;
            for (Term c : f.tm.children(u)) stack.push_back(c);
        }
        if (!nonlinear) decided.push_back(a);
    }
    std::mt19937 rng(21);
    constexpr int kRounds = 200;
    auto pick = [&](const std::vector<Term>& from) { return from[rng() % from.size()]; };
    unsigned euf_unsat = 0, lra_unsat = 0, lia_unsat = 0, inexact = 0;
    for (int round = 0; round < kRounds; ++round) {
        std::vector<Term> conj;
        for (int i = 0; i < 4; ++i) {
            Term a = pick(decided);
            if (rng() % 2) a = f.tm.mk_not(a);
            if (rng() % 3 == 0) a = f.tm.mk_or(a, rng() % 2 ? pick(decided) : f.tm.mk_not(pick(decided)));
            conj.push_back(a);
        }
        const Term phi = f.tm.mk_and(conj);
        TheoryInterface iface;
        const std::vector<std::vector<Term>> keeps = {{}, {f.x, f.z}, {f.x, f.y, f.z, f.r, f.t}};
        const std::vector<Term>& keep = keeps[round % 3];
        const Term e = to_euf(f.tm, phi, iface), l = to_lra(f.tm, phi, keep, iface);
        INFO(f.str(phi));
        for (Term back : {from_euf(f.tm, e, iface), from_lra(f.tm, l, iface)}) {
            if (back == phi) continue;
            // The documented exception: an encoding of p ≤ c merged with a sibling disjunct.
            ++inexact;
            INFO("decoded: " << f.str(back));
            CHECK(f.solve({f.tm.mk_not(f.tm.mk_eq(back, phi))}) == smt::Result::Unsat);
        }
        const smt::Result lia = f.solve({phi}), euf = f.solve({e}), lra = f.solve({l});
        REQUIRE(lia != smt::Result::Unknown);
        lia_unsat += lia == smt::Result::Unsat;
        if (euf == smt::Result::Unsat) {
            ++euf_unsat;
            CHECK(lia == smt::Result::Unsat);  // Theorem 2
        }
        if (lra == smt::Result::Unsat) {
            ++lra_unsat;
            CHECK(lia == smt::Result::Unsat);  // Theorem 3
        }
    }
    MESSAGE("unsat: lia " << lia_unsat << ", lra " << lra_unsat << ", euf " << euf_unsat << " of " << kRounds
                          << "; inexact round trips " << inexact);
    CHECK(lia_unsat > 0);
    CHECK(inexact <= kRounds / 10);
}

namespace {

// A summary of body(x, r) for the property, interpolated in theory `th`: A = the body, B = the
// negated property, both encoded with one interface (Alg. 8 encodes the whole query in th).
Term summary_in(Fx& f, Theory th, TheoryInterface& iface, Term body, Term bad, std::span<const Term> keep) {
    auto enc = [&](Term u) { return th == Theory::Euf ? to_euf(f.tm, u, iface) : to_lra(f.tm, u, keep, iface); };
    smt::SolverOptions o;
    o.produce_proofs = true;
    o.produce_interpolants = true;
    o.check_certificates = true;
    o.lia_cuts = false;  // a cut may mix the partitions; none is needed here
    smt::Solver s(f.tm, o);
    std::vector<std::uint32_t> part;
    const smt::AssertionId a = s.assert_formula(enc(body)), bb = s.assert_formula(enc(bad));
    part.resize(std::max(a, bb) + 1, itp::kNoPartition);
    part[a] = 0;
    part[bb] = 1;
    REQUIRE(s.check() == smt::Result::Unsat);
    const smt::SmtProof proof = s.proof();
    const itp::InterpolationResult ir = itp::binary_interpolant(f.tm, proof, part, itp::ItpOptions{});
    INFO(ir.unknown_reason);
    REQUIRE(ir.ok());
    return ir.interpolants.at(0);
}

}  // namespace

TEST_CASE("theory translation: a summary made in one theory is used in another") {
    Fx f;
    // Body of  int f(int x) { int r; if (x > 0) { int t = x + 1; q = x / 2; r = t; } else r = 0; return r; }
    // over the interface (x, r), locals t and q (q = c.div(x, 2), irrelevant to the properties).
    Term q = f.var("q");
    const Term pos = f.tm.mk_gt(f.x, f.n(0));
    const Term body = f.any({f.all({pos, f.tm.mk_eq(f.t, f.add({f.x, f.n(1)})),
                                    f.tm.mk_eq(q, f.app(f.cdiv, f.x, f.n(2))), f.tm.mk_eq(f.r, f.t)}),
                             f.all({f.tm.mk_not(pos), f.tm.mk_eq(f.r, f.n(0))})});
    const std::vector<Term> iface_consts = {f.x, f.r};
    // Properties: one EUF can prove (x > 0 ⇒ r = x + 1), one that needs arithmetic (r ≥ 0).
    const Term bad_euf = f.all({pos, f.tm.mk_not(f.tm.mk_eq(f.r, f.add({f.x, f.n(1)})))});
    const Term bad_lra = f.tm.mk_lt(f.r, f.n(0));
    REQUIRE(f.solve({body, bad_euf}) == smt::Result::Unsat);
    REQUIRE(f.solve({body, bad_lra}) == smt::Result::Unsat);

    TheoryInterface iface;  // one interface for every query of this test
    struct Made {
        Theory theory;
        Term bad, sigma;
    };
    std::vector<Made> made;
    made.push_back({Theory::Euf, bad_euf, summary_in(f, Theory::Euf, iface, body, bad_euf, iface_consts)});
    made.push_back({Theory::Lra, bad_lra, summary_in(f, Theory::Lra, iface, body, bad_lra, iface_consts)});
    // EUF cannot prove r ≥ 0: the encoded query is satisfiable.
    CHECK(f.solve({to_euf(f.tm, body, iface), to_euf(f.tm, bad_lra, iface)}) == smt::Result::Sat);

    for (const Made& m : made) {
        INFO("made in " << std::string(theory_name(m.theory)) << ": " << f.str(m.sigma));
        // Universal form (LIA + the C operators): a summary of the body that refutes the property.
        const Term lia = translate_summary(f.tm, m.sigma, m.theory, Theory::Lia, iface);
        MESSAGE("summary made in " << std::string(theory_name(m.theory)) << ": " << f.str(m.sigma)
                                   << "\n  in lia: " << f.str(lia));
        INFO("in lia: " << f.str(lia));
        CHECK(f.valid_implication(body, lia));
        CHECK(f.solve({lia, m.bad}) == smt::Result::Unsat);
        // Over the interface constants only, with no EUF symbol and no fresh constant left.
        std::vector<Term> stack{lia};
        while (!stack.empty()) {
            Term u = stack.back();
            stack.pop_back();
            if (f.tm.kind(u) == Kind::Const) CHECK((u == f.x || u == f.r));
            if (f.tm.kind(u) == Kind::App) CHECK(!iface.euf_op(f.tm.func_of(u)).has_value());
            for (Term c : f.tm.children(u)) stack.push_back(c);
        }
        // Used in each cheap theory (Alg. 8 conjoins the translated summary to a query encoded
        // in that theory): it still refutes the property there, and reads back as the same
        // LIA summary.
        for (Theory to : {Theory::Euf, Theory::Lra}) {
            const Term sigma_to = translate_summary(f.tm, m.sigma, m.theory, to, iface, iface_consts);
            const Term bad_to =
                to == Theory::Euf ? to_euf(f.tm, m.bad, iface) : to_lra(f.tm, m.bad, iface_consts, iface);
            INFO("in " << std::string(theory_name(to)) << ": " << f.str(sigma_to));
            // Theorem 4: still a summary, but it need not be strong enough in the target theory:
            // the LRA summary orders r, which EUF cannot read.
            const bool too_weak = m.theory == Theory::Lra && to == Theory::Euf;
            CHECK(f.solve({sigma_to, bad_to}) == (too_weak ? smt::Result::Sat : smt::Result::Unsat));
            CHECK(translate_summary(f.tm, sigma_to, to, Theory::Lia, iface) == lia);
        }
    }
}
