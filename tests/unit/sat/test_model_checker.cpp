// The online loop at the SAT level: a checker that knows constraints the clauses do not state
// (here: at most one pigeon per hole) and adds them as lemmas during CaDiCaL's search.
#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

#include "sat/proof_checker.hpp"
#include "sat/sat_solver.hpp"

using namespace craig::sat;

namespace {

// P pigeons, H holes: variable p*H+h+1 = pigeon p sits in hole h. The clauses say each pigeon
// sits somewhere; the checker enforces "no two pigeons share a hole" lazily.
struct HoleChecker : ModelChecker {
    SatSolver& s;
    int P, H;
    bool stop_instead = false;
    bool refine_without_lemma = false;
    int checks = 0;
    HoleChecker(SatSolver& s, int P, int H) : s(s), P(P), H(H) {}
    int var(int p, int h) const { return p * H + h + 1; }

    Verdict check_model(std::span<const int> model) override {
        ++checks;
        std::vector<bool> val(P * H + 1, false);
        for (int l : model)
            if (l > 0 && l <= P * H) val[l] = true;
        if (refine_without_lemma) return Verdict::Refine;
        int added = 0;
        for (int h = 0; h < H; ++h)
            for (int p = 0; p < P; ++p)
                for (int q = p + 1; q < P; ++q)
                    if (val[var(p, h)] && val[var(q, h)]) {
                        if (stop_instead) return Verdict::Stop;
                        Lit c[2] = {-var(p, h), -var(q, h)};
                        s.add_lemma(c, 5);
                        ++added;
                    }
        return added ? Verdict::Refine : Verdict::Accept;
    }
};

void load(SatSolver& s, HoleChecker& c) {
    s.set_model_checker(&c);
    for (int i = 0; i < c.P * c.H; ++i) s.observe(s.new_var());
    for (int p = 0; p < c.P; ++p) {
        std::vector<Lit> cl;
        for (int h = 0; h < c.H; ++h) cl.push_back(c.var(p, h));
        s.add_clause(cl, 1);
    }
}

bool no_shared_hole(SatSolver& s, const HoleChecker& c) {
    for (int h = 0; h < c.H; ++h) {
        int n = 0;
        for (int p = 0; p < c.P; ++p) n += s.value(c.var(p, h));
        if (n > 1) return false;
    }
    return true;
}

// The proof of the last Unsat answer, mined and checked.
ResolutionProof checked_proof(SatSolver& u) {
    ResolutionProof p = u.proof();
    ProofCheck check = check_resolution_proof(p, u.input_clauses(), u.failed_clause());
    INFO(check.error);
    CHECK(check.ok);
    return p;
}

// h pigeons in h holes with the checker C: a model without a shared hole.
template <class C>
void sat_case(bool proof, int h) {
    SatSolver s(0, proof);
    C c(s, h, h);
    load(s, c);
    REQUIRE(s.solve() == SatResult::Sat);
    CHECK_FALSE(s.stopped_by_checker());
    CHECK(no_shared_hole(s, c));
    CHECK(s.stats().model_checks + s.stats().propagations >= 1);
}

// Pigeonhole with the checker C, with and without proofs, h = 2..5: h in h holes is sat, h + 1
// in h is unsat; `check` looks at the unsat solver.
template <class C, class F>
void pigeonhole_cases(F check) {
    for (bool proof : {false, true}) {
        for (int h = 2; h <= 5; ++h) {
            CAPTURE(proof);
            CAPTURE(h);
            sat_case<C>(proof, h);
            SatSolver u(0, proof);
            C c(u, h + 1, h);
            load(u, c);
            REQUIRE(u.solve() == SatResult::Unsat);
            check(u, c, proof);
        }
    }
}

}  // namespace

TEST_CASE("model checker: lemmas during the search decide pigeonhole") {
    pigeonhole_cases<HoleChecker>([](SatSolver& u, HoleChecker&, bool proof) {
        CHECK(u.stats().lemmas >= 1);
        // One solve(): the lemmas were taken during the search, not by restarting it.
        CHECK(u.stats().solves == 1);
        if (!proof) return;
        ResolutionProof p = checked_proof(u);
        bool lemma_leaf = false;
        for (uint32_t n = 0; n < p.num_nodes(); ++n)
            if (p.is_leaf(n) && p.tag(n) == 5) lemma_leaf = true;
        CHECK(lemma_leaf);  // the refutation stands on the checker's lemmas
    });
}

TEST_CASE("model checker: Stop returns the assignment to the caller") {
    SatSolver s;
    HoleChecker c(s, 3, 2);
    c.stop_instead = true;
    load(s, c);
    REQUIRE(s.solve() == SatResult::Sat);
    CHECK(s.stopped_by_checker());
    CHECK_FALSE(no_shared_hole(s, c));  // the caller sees the rejected assignment
    // The caller adds what it must; the next solve goes on.
    c.stop_instead = false;
    CHECK(s.solve() == SatResult::Unsat);
    CHECK_FALSE(s.stopped_by_checker());
}

TEST_CASE("model checker: assumptions and incremental use") {
    SatSolver s(0, true);
    HoleChecker c(s, 3, 3);
    load(s, c);
    Lit a[1] = {c.var(0, 0)};
    REQUIRE(s.solve(a) == SatResult::Sat);
    CHECK(s.value(c.var(0, 0)));
    CHECK(no_shared_hole(s, c));
    // Pigeons 1 and 2 may not use hole 0 either: with pigeon 0 there, hole 0 is full.
    Lit b[3] = {c.var(0, 0), -c.var(1, 1), -c.var(2, 2)};
    REQUIRE(s.solve(b) == SatResult::Sat);
    CHECK(no_shared_hole(s, c));
    Lit both[3] = {c.var(0, 0), c.var(1, 0), c.var(2, 2)};
    REQUIRE(s.solve(both) == SatResult::Unsat);
    CHECK(s.failed(c.var(0, 0)));
    CHECK(s.failed(c.var(1, 0)));
    checked_proof(s);
}

TEST_CASE("model checker: a rejection without a lemma is a caller's error") {
    SatSolver s;
    HoleChecker c(s, 2, 2);
    c.refine_without_lemma = true;
    load(s, c);
    CHECK_THROWS_AS(s.solve(), std::logic_error);
    CHECK_THROWS_AS(SatSolver().observe(1), std::logic_error);
}

namespace {

// The same constraint by propagation: once a pigeon sits in a hole, the others are pushed out
// of it, each with the reason clause (not p_h or not q_h), asked for lazily.
struct HolePropagator : HoleChecker {
    std::vector<int> trail;           // true pigeon variables, as told
    std::vector<size_t> level_marks;  // trail size at each new level
    std::vector<int> fixed;           // true at the root, for good
    std::vector<int> queue;           // propagated literals not yet handed out
    int reasons = 0;
    using HoleChecker::HoleChecker;

    bool is_true(int v) const {
        for (int t : trail)
            if (t == v) return true;
        for (int t : fixed)
            if (t == v) return true;
        return false;
    }
    void assigned(int lit, bool is_fixed) override {
        if (lit < 0) return;
        (is_fixed ? fixed : trail).push_back(lit);
        const int p = (lit - 1) / H, h = (lit - 1) % H;
        for (int q = 0; q < P; ++q)
            if (q != p) queue.push_back(-var(q, h));
    }
    void new_level() override { level_marks.push_back(trail.size()); }
    void backtrack(size_t level) override {
        if (level < level_marks.size()) {
            trail.resize(level_marks[level]);
            level_marks.resize(level);
        }
        queue.clear();
    }
    int propagate() override {
        if (queue.empty()) return 0;
        const int l = queue.back();
        queue.pop_back();
        return l;
    }
    // The reason of "pigeon q is not in hole h": a pigeon that is in h now.
    void reason(int lit, std::vector<int>& clause) override {
        ++reasons;
        const int q = (-lit - 1) / H, h = (-lit - 1) % H;
        clause.clear();
        for (int p = 0; p < P && clause.empty(); ++p)
            if (p != q && is_true(var(p, h))) clause = {lit, -var(p, h)};
        REQUIRE_FALSE(clause.empty());
        s.log_reason(clause, 6);
    }
};

}  // namespace

TEST_CASE("model checker: propagation with lazy reasons, in the proof") {
    pigeonhole_cases<HolePropagator>([](SatSolver& u, HolePropagator& c, bool proof) {
        CHECK(u.stats().propagations >= 1);
        CHECK(u.stats().reasons == static_cast<uint64_t>(c.reasons));
        if (proof) checked_proof(u);
    });
}
