// CongruenceProof (itp/euf_congruence_proof.hpp): its equalities agree with the independent
// naive closure of smt/euf_certificate.hpp, and every explanation is a well-formed proof
// (connected chains, input equations used as given, congruences of one symbol whose argument
// paths prove the argument equalities and come earlier).
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "itp/euf_congruence_proof.hpp"
#include "smt/euf_certificate.hpp"

using namespace craig;
using craig::itp::CongruenceProof;
using smt::Term;

namespace {

struct Equation {
    Term a, b;
};

// Empty if every path of `cp` is well formed.
std::string proof_error(const smt::TermManager& tm, const CongruenceProof& cp, const std::vector<Equation>& eqs) {
    for (uint32_t id = 0; id < cp.num_paths(); ++id) {
        const CongruenceProof::Path& p = cp.path(id);
        Term at = p.from;
        for (const CongruenceProof::Step& s : p.steps) {
            if (s.from != at) return "path " + std::to_string(id) + " is not connected";
            if (!s.congruence) {
                const Equation& e = eqs.at(s.tag);
                if (!((e.a == s.from && e.b == s.to) || (e.a == s.to && e.b == s.from)))
                    return "path " + std::to_string(id) + " uses an equation that was not given";
            } else {
                if (tm.kind(s.from) != smt::Kind::App || tm.kind(s.to) != smt::Kind::App ||
                    tm.func_of(s.from) != tm.func_of(s.to) || s.args.size() != tm.num_children(s.from))
                    return "path " + std::to_string(id) + " has a congruence of different applications";
                for (size_t i = 0; i < s.args.size(); ++i) {
                    Term x = tm.child(s.from, i), y = tm.child(s.to, i);
                    if (s.args[i] == CongruenceProof::kNoPath) {
                        if (x != y) return "a congruence argument pair without proof";
                        continue;
                    }
                    if (s.args[i] >= id) return "an argument path that does not come first";
                    const CongruenceProof::Path& q = cp.path(s.args[i]);
                    if (q.from != x || q.to != y) return "an argument path proves the wrong equality";
                }
            }
            at = s.to;
        }
        if (at != p.to) return "path " + std::to_string(id) + " does not end at its term";
    }
    return "";
}

}  // namespace

TEST_CASE("congruence proof: random equation sets agree with the naive closure") {
    int pairs_equal = 0, pairs_distinct = 0;
    for (uint32_t seed = 1; seed <= 150; ++seed) {
        INFO("seed " << seed);
        std::mt19937 rng(seed);
        smt::TermManager tm;
        smt::Sort u = tm.sorts().uninterpreted("U");
        std::vector<Term> consts;
        for (int i = 0; i < 4; ++i) consts.push_back(tm.mk_const(tm.declare_fun("c" + std::to_string(i), {}, u)));
        smt::FuncId f = tm.declare_fun("f", {u}, u), m = tm.declare_fun("m", {u, u}, u);
        std::vector<Term> terms = consts;
        for (int i = 0; i < 12; ++i) {
            Term x = terms[rng() % terms.size()], y = terms[rng() % terms.size()];
            terms.push_back(rng() % 2 ? tm.mk_app(f, std::vector<Term>{x}) : tm.mk_app(m, std::vector<Term>{x, y}));
        }
        std::vector<Equation> eqs;
        CongruenceProof cp(tm);
        for (Term t : terms) cp.add_term(t);
        const int n = 2 + static_cast<int>(rng() % 5);
        for (int i = 0; i < n; ++i) {
            Equation e{terms[rng() % terms.size()], terms[rng() % terms.size()]};
            cp.add_equation(e.a, e.b, static_cast<uint32_t>(eqs.size()));
            eqs.push_back(e);
        }
        cp.close();
        std::vector<smt::EufFact> facts;
        for (const Equation& e : eqs) facts.push_back({e.a, e.b, true});
        for (size_t i = 0; i < terms.size(); ++i)
            for (size_t j = i + 1; j < terms.size(); ++j) {
                facts.push_back({terms[i], terms[j], false});
                const bool naive = smt::check_euf_conflict(tm, facts, nullptr);
                facts.pop_back();
                CHECK(cp.are_equal(terms[i], terms[j]) == naive);
                if (!naive) {
                    ++pairs_distinct;
                    continue;
                }
                ++pairs_equal;
                uint32_t id = cp.explain(terms[i], terms[j]);
                CHECK(cp.path(id).from == terms[i]);
                CHECK(cp.path(id).to == terms[j]);
            }
        CHECK(proof_error(tm, cp, eqs) == "");
    }
    MESSAGE("congruence proof: ", pairs_equal, " equal and ", pairs_distinct, " distinct pairs");
    CHECK(pairs_equal > 100);
}

TEST_CASE("congruence proof: deep congruences are explained without recursion") {
    smt::TermManager tm;
    smt::Sort u = tm.sorts().uninterpreted("U");
    smt::FuncId f = tm.declare_fun("f", {u}, u);
    std::vector<Term> c;
    for (int i = 0; i < 3; ++i) c.push_back(tm.mk_const(tm.declare_fun("c" + std::to_string(i), {}, u)));
    // f^k(c0) and f^k(c2) with c0 = c1 = c2: k nested congruence steps.
    const int k = 20000;
    Term x = c[0], y = c[2];
    for (int i = 0; i < k; ++i) {
        x = tm.mk_app(f, std::vector<Term>{x});
        y = tm.mk_app(f, std::vector<Term>{y});
    }
    CongruenceProof cp(tm);
    cp.add_term(x);
    cp.add_term(y);
    std::vector<Equation> eqs{{c[0], c[1]}, {c[1], c[2]}};
    cp.add_equation(c[0], c[1], 0);
    cp.add_equation(c[1], c[2], 1);
    cp.close();
    REQUIRE(cp.are_equal(x, y));
    uint32_t id = cp.explain(x, y);
    CHECK(cp.path(id).steps.size() == 1);
    CHECK(cp.num_paths() == k + 1);
    CHECK(proof_error(tm, cp, eqs) == "");
}
