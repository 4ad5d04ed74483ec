#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "smt/lra/farkas_check.hpp"
#include "smt/lra/simplex.hpp"

using craig::lra::Arith;
using craig::lra::check_farkas;
using craig::lra::DeltaRational;
using craig::lra::Simplex;
using Var = Simplex::Var;
using Reason = Simplex::Reason;

namespace {

// Every asserted bound, with push/pop, so that models and certificates can be re-checked
// against what the caller asserted (not against what the simplex remembers).
struct Asserted {
    Var var;
    bool upper;
    DeltaRational bound;
    Reason reason;
};

class Harness {
public:
    explicit Harness(Arith arith = Arith::Fast) : s(arith) {}
    Simplex s;
    std::vector<Asserted> active;
    std::vector<size_t> marks;
    Reason next_reason = 1;

    bool upper(Var v, DeltaRational b) { return add(v, true, std::move(b)); }
    bool lower(Var v, DeltaRational b) { return add(v, false, std::move(b)); }
    std::optional<Asserted> failed;  // the last bound whose assertion clashed (not recorded)

    bool equal(Var v, const mpq_class& c) {  // one reason for both bounds, like LraTheory
        Reason r = next_reason++;
        return add(v, true, DeltaRational(c, 0), r) && add(v, false, DeltaRational(c, 0), r);
    }
    bool add(Var v, bool up, DeltaRational b) { return add(v, up, std::move(b), next_reason++); }
    bool add(Var v, bool up, DeltaRational b, Reason r) {
        failed.reset();
        bool ok = up ? s.assert_upper(v, b, r) : s.assert_lower(v, b, r);
        (ok ? active.emplace_back() : failed.emplace()) = Asserted{v, up, std::move(b), r};
        return ok;
    }
    // Active bounds plus the one that clashed.
    std::vector<Asserted> all() const {
        std::vector<Asserted> out = active;
        if (failed) out.push_back(*failed);
        return out;
    }
    void push() {
        s.push();
        marks.push_back(active.size());
    }
    void pop() {
        s.pop();
        failed.reset();
        active.resize(marks.back());
        marks.pop_back();
    }

    // The concrete model satisfies every definition and every active bound.
    void check_model() const {
        REQUIRE(s.check_invariants() == "");
        std::vector<mpq_class> m = s.concrete_model();
        REQUIRE(m.size() == s.num_vars());
        for (Var v = 0; v < s.num_vars(); ++v) {
            if (!s.is_slack(v)) continue;
            mpq_class sum = 0;
            for (const auto& [w, c] : s.row_definition(v)) sum += c * m[w];
            CHECK_MESSAGE(sum == m[v], "slack v" << v);
        }
        // With the model's δ > 0, every bound c + k·δ holds; for the usual k (0 or -1 for upper,
        // 0 or +1 for lower bounds) this is the strict or non-strict rational bound.
        mpq_class delta = s.concrete_delta();
        CHECK(sgn(delta) > 0);
        for (const Asserted& a : active) {
            const mpq_class& q = m[a.var];
            mpq_class b = a.bound.concretize(delta);
            bool ok = a.upper ? q <= b : q >= b;
            CHECK_MESSAGE(ok, "bound on v" << a.var << " value " << q.get_str() << " bound " << a.bound.to_string()
                                           << (a.upper ? " upper" : " lower"));
        }
    }

    // The conflict is a valid Farkas certificate built from active bounds.
    void check_conflict() const {
        const Simplex::Conflict& c = s.conflict();
        std::string why;
        CHECK_MESSAGE(check_farkas(s, c, &why), why);
        REQUIRE(c.farkas.size() == c.bounds.size());
        for (size_t i = 0; i < c.farkas.size(); ++i) {
            bool found = false;
            for (const Asserted& a : all())
                found |= a.reason == c.farkas[i].first && a.var == c.bounds[i].var && a.upper == c.bounds[i].upper &&
                         a.bound == c.bounds[i].bound;
            CHECK_MESSAGE(found, "certificate entry " << i << " is not an active bound");
        }
    }
};

using Row = std::vector<std::pair<Var, mpq_class>>;

}  // namespace

TEST_CASE("Simplex: feasible system and its model") {
    Harness h;
    Var x = h.s.new_var(), y = h.s.new_var();
    Var s1 = h.s.new_row({{x, 1}, {y, 1}});   // x + y
    Var s2 = h.s.new_row({{x, 1}, {y, -1}});  // x - y
    CHECK(h.s.num_vars() == 4);
    CHECK(h.s.is_slack(s1));
    CHECK(!h.s.is_slack(x));
    CHECK(h.lower(s1, DeltaRational(2, 0)));
    CHECK(h.upper(s1, DeltaRational(4, 0)));
    CHECK(h.lower(s2, DeltaRational(1, 0)));
    CHECK(h.upper(x, DeltaRational(2, 0)));
    CHECK(h.s.check());
    h.check_model();
    CHECK(h.s.stats().checks == 1);
}

TEST_CASE("Simplex: infeasible system with Farkas certificate") {
    Harness h;
    Var x = h.s.new_var(), y = h.s.new_var();
    Var s1 = h.s.new_row({{x, 1}, {y, 1}});
    Var s2 = h.s.new_row({{x, 2}, {y, -1}});
    CHECK(h.lower(s1, DeltaRational(3, 0)));  // x + y >= 3
    CHECK(h.upper(s2, DeltaRational(0, 0)));  // 2x - y <= 0
    CHECK(h.upper(y, DeltaRational(1, 0)));   // y <= 1  => x >= 2 and 2x <= 1
    CHECK(!h.s.check());
    h.check_conflict();
    CHECK(h.s.stats().conflicts == 1);
    for (const auto& [r, c] : h.s.conflict().farkas) CHECK(sgn(c) > 0);
}

TEST_CASE("Simplex: strict bounds") {
    SUBCASE("0 < x < 1 is feasible") {
        Harness h;
        Var x = h.s.new_var();
        CHECK(h.upper(x, DeltaRational(1, -1)));
        CHECK(h.lower(x, DeltaRational(0, 1)));
        CHECK(h.s.check());
        h.check_model();
        mpq_class v = h.s.concrete_model()[x];
        CHECK(v > 0);
        CHECK(v < 1);
    }
    SUBCASE("x < 1 and x > 1 clash immediately") {
        Harness h;
        Var x = h.s.new_var();
        CHECK(h.upper(x, DeltaRational(1, -1)));
        CHECK(!h.lower(x, DeltaRational(1, 1)));
        h.check_conflict();
    }
    SUBCASE("x <= 0, x >= 0 fine; adding x > 0 clashes") {
        Harness h;
        Var x = h.s.new_var();
        CHECK(h.upper(x, DeltaRational(0, 0)));
        CHECK(h.lower(x, DeltaRational(0, 0)));
        CHECK(h.s.check());
        h.check_model();
        CHECK(!h.lower(x, DeltaRational(0, 1)));
        h.check_conflict();
    }
    SUBCASE("strictness through rows: x + y > 2, x <= 1, y <= 1") {
        Harness h;
        Var x = h.s.new_var(), y = h.s.new_var();
        Var s = h.s.new_row({{x, 1}, {y, 1}});
        CHECK(h.upper(x, DeltaRational(1, 0)));
        CHECK(h.upper(y, DeltaRational(1, 0)));
        CHECK(h.lower(s, DeltaRational(2, 1)));
        CHECK(!h.s.check());
        h.check_conflict();
    }
    SUBCASE("x + y < 2, x > 0.5, y > 0.5 feasible with a small delta") {
        Harness h;
        Var x = h.s.new_var(), y = h.s.new_var();
        Var s = h.s.new_row({{x, 1}, {y, 1}});
        CHECK(h.upper(s, DeltaRational(2, -1)));
        CHECK(h.lower(x, DeltaRational(mpq_class(1, 2), 1)));
        CHECK(h.lower(y, DeltaRational(mpq_class(1, 2), 1)));
        CHECK(h.lower(s, DeltaRational(mpq_class(199, 100), 0)));
        CHECK(h.s.check());
        h.check_model();
    }
}

TEST_CASE("Simplex: immediate bound conflict leaves the state unchanged") {
    Harness h;
    Var x = h.s.new_var();
    h.push();
    CHECK(h.lower(x, DeltaRational(5, 0)));
    CHECK(!h.upper(x, DeltaRational(3, 0)));
    h.check_conflict();
    REQUIRE(h.s.conflict().farkas.size() == 2);
    CHECK(h.s.has_lower(x));
    CHECK(h.s.lower(x) == DeltaRational(5, 0));
    CHECK(!h.s.has_upper(x));  // the clashing bound was not recorded
    h.pop();
    CHECK(!h.s.has_lower(x));
    CHECK(h.s.check());
}

TEST_CASE("Simplex: weaker bounds are ignored") {
    Simplex s;
    Var x = s.new_var();
    CHECK(s.assert_upper(x, DeltaRational(3, 0), 7));
    CHECK(s.assert_upper(x, DeltaRational(4, 0), 8));
    CHECK(s.upper_reason(x) == 7);
    CHECK(s.assert_upper(x, DeltaRational(3, -1), 9));
    CHECK(s.upper_reason(x) == 9);
    CHECK(s.upper(x) == DeltaRational(3, -1));
}

TEST_CASE("Simplex: equality with one reason for both bounds") {
    Harness h;
    Var x = h.s.new_var(), y = h.s.new_var();
    Var d = h.s.new_row({{x, 1}, {y, -1}});
    CHECK(h.equal(d, 0));  // x = y
    CHECK(h.lower(x, DeltaRational(1, 0)));
    CHECK(h.upper(y, DeltaRational(0, 0)));
    CHECK(!h.s.check());
    h.check_conflict();
}

TEST_CASE("Simplex: push/pop restores bounds and re-checks") {
    Harness h;
    Var x = h.s.new_var(), y = h.s.new_var();
    Var s = h.s.new_row({{x, 1}, {y, 1}});
    CHECK(h.lower(x, DeltaRational(0, 0)));
    CHECK(h.lower(y, DeltaRational(0, 0)));
    h.push();
    CHECK(h.upper(s, DeltaRational(1, 0)));
    CHECK(h.s.check());
    h.check_model();
    h.push();
    CHECK(h.lower(x, DeltaRational(2, 0)));
    CHECK(!h.s.check());
    h.check_conflict();
    h.pop();
    CHECK(h.s.has_lower(x));
    CHECK(h.s.lower(x) == DeltaRational(0, 0));
    CHECK(h.s.check());
    h.check_model();
    h.pop();
    CHECK(!h.s.has_upper(s));
    CHECK(h.lower(x, DeltaRational(10, 0)));
    CHECK(h.s.check());
    h.check_model();
    CHECK(h.s.level() == 0);
}

TEST_CASE("Simplex: rows added after checks and after pop") {
    Harness h;
    Var x = h.s.new_var(), y = h.s.new_var(), z = h.s.new_var();
    Var a = h.s.new_row({{x, 1}, {y, 2}});
    h.push();
    CHECK(h.lower(a, DeltaRational(4, 0)));
    CHECK(h.upper(x, DeltaRational(0, 0)));
    CHECK(h.s.check());  // pivots: a leaves the basis
    h.check_model();
    // A row over a slack that is now nonbasic, and over variables that are basic.
    Var b = h.s.new_row({{a, 1}, {y, -2}, {z, 1}});  // = x + z
    auto def = h.s.row_definition(b);
    REQUIRE(def.size() == 2);
    CHECK(def[0] == std::pair<Var, mpq_class>(x, 1));
    CHECK(def[1] == std::pair<Var, mpq_class>(z, 1));
    CHECK(h.lower(b, DeltaRational(1, 0)));
    CHECK(h.upper(z, DeltaRational(0, 0)));
    CHECK(!h.s.check());
    h.check_conflict();
    h.pop();
    Var c = h.s.new_row({{b, 1}, {a, -1}, {x, 3}});  // = 3x + z - 2y
    CHECK(h.upper(c, DeltaRational(-5, 0)));
    CHECK(h.lower(z, DeltaRational(1, 0)));
    CHECK(h.lower(x, DeltaRational(0, 0)));
    CHECK(h.s.check());
    h.check_model();
    // Empty row: a constant zero.
    Var e = h.s.new_row({{x, 1}, {x, -1}});
    CHECK(h.s.row_definition(e).empty());
    CHECK(h.lower(e, DeltaRational(0, 1)));
    CHECK(!h.s.check());
    h.check_conflict();
}

// Beale (1955): the classic example on which Dantzig's rule cycles. As a feasibility problem:
// the constraints with the objective bounded by its optimum -5/4 (feasible) or below (not).
TEST_CASE("Simplex: Beale's cycling example terminates") {
    for (uint64_t threshold : {uint64_t{0}, uint64_t{3}, uint64_t{1000}}) {
        for (bool strict : {false, true}) {
            Harness h;
            h.s.set_bland_threshold(threshold);
            Var x4 = h.s.new_var(), x5 = h.s.new_var(), x6 = h.s.new_var(), x7 = h.s.new_var();
            Var r1 = h.s.new_row({{x4, mpq_class(1, 4)}, {x5, -8}, {x6, -1}, {x7, 9}});
            Var r2 = h.s.new_row({{x4, mpq_class(1, 2)}, {x5, -12}, {x6, mpq_class(-1, 2)}, {x7, 3}});
            Var obj = h.s.new_row({{x4, mpq_class(-3, 4)}, {x5, 20}, {x6, mpq_class(-1, 2)}, {x7, 6}});
            for (Var v : {x4, x5, x6, x7}) CHECK(h.lower(v, DeltaRational(0, 0)));
            CHECK(h.upper(r1, DeltaRational(0, 0)));
            CHECK(h.upper(r2, DeltaRational(0, 0)));
            CHECK(h.upper(x6, DeltaRational(1, 0)));
            CHECK(h.upper(obj, DeltaRational(mpq_class(-5, 4), strict ? -1 : 0)));
            if (strict) {
                CHECK(!h.s.check());
                h.check_conflict();
            } else {
                CHECK(h.s.check());
                h.check_model();
            }
        }
    }
}

TEST_CASE("Simplex: Bland's rule switch is counted") {
    Harness h;
    h.s.set_bland_threshold(0);
    Var x = h.s.new_var(), y = h.s.new_var();
    Var s = h.s.new_row({{x, 1}, {y, 1}});
    CHECK(h.lower(s, DeltaRational(3, 0)));
    CHECK(h.s.check());
    h.check_model();
    CHECK(h.s.stats().bland_switches == 1);
    CHECK(h.s.stats().pivots >= 1);
}

TEST_CASE("Farkas checker rejects bad certificates") {
    Simplex s;
    Var x = s.new_var(), y = s.new_var();
    Var t = s.new_row({{x, 1}, {y, 1}});
    Simplex::Conflict c;
    // x + y >= 2, x <= 1, y <= 1: sum 0 <= 0, not a contradiction.
    c.farkas = {{1, 1}, {2, 1}, {3, 1}};
    c.bounds = {{t, false, DeltaRational(2, 0)}, {x, true, DeltaRational(1, 0)}, {y, true, DeltaRational(1, 0)}};
    std::string why;
    CHECK(!check_farkas(s, c, &why));
    CHECK(why.find("not negative") != std::string::npos);
    c.bounds[0].bound = DeltaRational(2, 1);  // strict: now it is
    CHECK(check_farkas(s, c, &why));
    c.farkas[1].second = 2;  // x does not cancel
    CHECK(!check_farkas(s, c, &why));
    CHECK(why.find("keeps coefficient") != std::string::npos);
    c.farkas[1].second = 0;
    CHECK(!check_farkas(s, c, &why));
    Simplex::Conflict empty;
    CHECK(!check_farkas(s, empty, &why));
}

// ---------------------------------------------------------------------------------------------
// Randomised comparison against Fourier–Motzkin elimination.

namespace {

// Σ a·x <= b (or < b) over structural variables.
struct Ineq {
    std::vector<mpq_class> a;
    mpq_class b;
    bool strict;
};

// Fourier–Motzkin: eliminate variables one by one (fewest generated pairs first), keeping only
// the tightest constraint per normalised coefficient vector.
bool fm_feasible(std::vector<Ineq> cs, size_t n) {
    std::vector<bool> gone(n, false);
    for (size_t step = 0; step < n; ++step) {
        size_t best = n, best_cost = SIZE_MAX;
        for (size_t j = 0; j < n; ++j) {
            if (gone[j]) continue;
            size_t pos = 0, neg = 0;
            for (const Ineq& c : cs) {
                pos += sgn(c.a[j]) > 0;
                neg += sgn(c.a[j]) < 0;
            }
            if (pos * neg < best_cost) {
                best_cost = pos * neg;
                best = j;
            }
        }
        gone[best] = true;
        std::vector<Ineq> next, pos, neg;
        for (Ineq& c : cs) {
            int sg = sgn(c.a[best]);
            (sg > 0 ? pos : sg < 0 ? neg : next).push_back(std::move(c));
        }
        for (const Ineq& p : pos) {
            for (const Ineq& q : neg) {
                mpq_class fp = -q.a[best], fq = p.a[best];
                Ineq r{std::vector<mpq_class>(n), fp * p.b + fq * q.b, p.strict || q.strict};
                for (size_t j = 0; j < n; ++j) r.a[j] = fp * p.a[j] + fq * q.a[j];
                r.a[best] = 0;
                next.push_back(std::move(r));
            }
        }
        // Normalise (first nonzero coefficient ±1), drop trivial ones, keep the tightest.
        std::map<std::vector<mpq_class>, std::pair<mpq_class, bool>> tight;
        for (Ineq& c : next) {
            size_t k = 0;
            while (k < n && sgn(c.a[k]) == 0) ++k;
            if (k == n) {
                if (sgn(c.b) < 0 || (sgn(c.b) == 0 && c.strict)) return false;
                continue;
            }
            mpq_class f = abs(c.a[k]);
            for (auto& x : c.a) x /= f;
            c.b /= f;
            auto it = tight.find(c.a);
            if (it == tight.end()) {
                tight.emplace(c.a, std::make_pair(c.b, c.strict));
            } else if (c.b < it->second.first || (c.b == it->second.first && c.strict)) {
                it->second = {c.b, c.strict};
            }
        }
        cs.clear();
        for (auto& [a, bs] : tight) cs.push_back(Ineq{a, bs.first, bs.second});
    }
    return true;
}

// The active bounds of a harness as inequalities over structural variables.
std::vector<Ineq> to_ineqs(const Harness& h, size_t n) {
    std::vector<Ineq> out;
    for (const Asserted& a : h.all()) {
        // Only strict (upper k = -1, lower k = +1) and non-strict (k = 0) bounds occur here.
        REQUIRE(sgn(a.bound.k()) != (a.upper ? 1 : -1));
        Ineq c{std::vector<mpq_class>(n), a.bound.c(), sgn(a.bound.k()) != 0};
        mpq_class sign = a.upper ? 1 : -1;
        if (h.s.is_slack(a.var)) {
            for (const auto& [w, k] : h.s.row_definition(a.var)) c.a[w] += sign * k;
        } else {
            c.a[a.var] = sign;
        }
        c.b *= sign;
        out.push_back(std::move(c));
    }
    return out;
}

void random_systems_against_fm(Arith arith) {
    CAPTURE(to_string(arith));
    std::mt19937 rng(20240611);
    auto uni = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    int feasible = 0, infeasible = 0, immediate = 0;
    for (int round = 0; round < 300; ++round) {
        CAPTURE(round);
        Harness h(arith);
        if (round % 7 == 0) h.s.set_bland_threshold(uni(0, 3));
        const size_t n = uni(3, 6);
        const int m = uni(2, 6);
        for (size_t i = 0; i < n; ++i) h.s.new_var();
        auto random_row = [&]() {
            Row row;
            int len = uni(1, 3);
            for (int k = 0; k < len; ++k) {
                int c = uni(-3, 3);
                if (c == 0) c = 1;
                row.emplace_back(static_cast<Var>(uni(0, static_cast<int>(n) - 1)), c);
            }
            return row;
        };
        for (int r = 0; r < m; ++r) h.s.new_row(random_row());

        // Random bounds in random order, split into two push levels.
        auto random_bounds = [&](size_t count) {
            std::vector<std::tuple<Var, int, DeltaRational>> bs;  // kind: 0 upper, 1 lower, 2 equal
            for (size_t i = 0; i < count; ++i) {
                Var v = static_cast<Var>(uni(0, static_cast<int>(h.s.num_vars()) - 1));
                int kind = uni(0, 9) == 0 ? 2 : uni(0, 1);
                int strict = kind == 2 ? 0 : (uni(0, 2) == 0 ? (kind == 0 ? -1 : 1) : 0);
                bs.emplace_back(v, kind, DeltaRational(uni(-5, 5), strict));
            }
            return bs;
        };
        auto assert_all = [&](const auto& bs) {
            for (const auto& [v, kind, b] : bs) {
                bool ok = kind == 2 ? h.equal(v, b.c()) : kind == 0 ? h.upper(v, b) : h.lower(v, b);
                if (!ok) return false;
            }
            return true;
        };
        // Checks the simplex against FM on the active bounds; `asserted` false means an assert
        // already reported a conflict.
        auto compare = [&](bool asserted) {
            bool expected = fm_feasible(to_ineqs(h, n), n);
            if (!asserted) {
                ++immediate;
                CHECK(!expected);
                h.check_conflict();
                h.failed.reset();
                return false;
            }
            bool got = h.s.check();
            CHECK(got == expected);
            if (got) {
                ++feasible;
                h.check_model();
            } else {
                ++infeasible;
                h.check_conflict();
            }
            CHECK(h.s.check_invariants() == "");
            return got;
        };

        const size_t nvars = h.s.num_vars();
        auto first = random_bounds(uni(1, static_cast<int>(nvars)));
        auto second = random_bounds(uni(1, static_cast<int>(nvars)));
        h.push();
        compare(assert_all(first));
        h.push();
        bool ok = assert_all(second);
        compare(ok);
        h.pop();
        compare(true);
        // A row added after pop, with bounds, then retract everything.
        Var extra = h.s.new_row(random_row());
        h.push();
        bool ok2 = h.lower(extra, DeltaRational(uni(-3, 3), 0));
        compare(ok2);
        h.pop();
        h.pop();
        CHECK(h.s.check());
        h.check_model();
    }
    MESSAGE("feasible " << feasible << ", infeasible " << infeasible << ", immediate " << immediate);
    CHECK(feasible > 100);
    CHECK(infeasible > 50);
}

}  // namespace

TEST_CASE("Simplex: random systems against Fourier-Motzkin") {
    random_systems_against_fm(Arith::Fast);
    random_systems_against_fm(Arith::Gmp);
}

// Larger random systems: no oracle, but every answer is self-certified (model or certificate).
namespace {

void larger_random_systems(Arith arith) {
    CAPTURE(to_string(arith));
    std::mt19937 rng(7);
    auto uni = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    for (int round = 0; round < 40; ++round) {
        CAPTURE(round);
        Harness h(arith);
        const int n = 30, m = 40;
        for (int i = 0; i < n; ++i) h.s.new_var();
        for (int r = 0; r < m; ++r) {
            Row row;
            for (int k = 0; k < 5; ++k) row.emplace_back(static_cast<Var>(uni(0, n - 1)), uni(-9, 9));
            h.s.new_row(row);
        }
        for (int level = 0; level < 4; ++level) {
            h.push();
            bool ok = true;
            for (int k = 0; k < 15 && ok; ++k) {
                Var v = static_cast<Var>(uni(0, static_cast<int>(h.s.num_vars()) - 1));
                DeltaRational b(uni(-20, 20), uni(-1, 1));
                ok = uni(0, 1) ? h.upper(v, b) : h.lower(v, b);
            }
            if (!ok) {
                h.check_conflict();
            } else if (h.s.check()) {
                h.check_model();
            } else {
                h.check_conflict();
            }
        }
        for (int level = 0; level < 4; ++level) h.pop();
        CHECK(h.s.check());
    }
}

}  // namespace

TEST_CASE("Simplex: larger random systems are self-certified") {
    larger_random_systems(Arith::Fast);
    larger_random_systems(Arith::Gmp);
}

// ---------------------------------------------------------------------------------------------
// The two arithmetics run the same algorithm: on the same calls they must agree on every answer,
// value, tableau row, certificate and pivot count. Coefficients and bounds range from small
// numbers to numbers beyond 64 bits, so that the fast engine leaves machine words (and comes
// back) in the middle of pivots.

namespace {

void same_state(const Simplex& f, const Simplex& g) {
    REQUIRE(f.num_vars() == g.num_vars());
    CHECK(f.check_invariants() == "");
    CHECK(g.check_invariants() == "");
    CHECK(f.stats().pivots == g.stats().pivots);
    CHECK(f.stats().conflicts == g.stats().conflicts);
    for (Var v = 0; v < f.num_vars(); ++v) {
        CAPTURE(v);
        CHECK(f.value(v) == g.value(v));
        REQUIRE(f.is_basic(v) == g.is_basic(v));
        if (!f.is_basic(v)) continue;
        auto row = f.row_of_basic(v);
        CHECK(row == g.row_of_basic(v));
        DeltaRational sum;  // the tableau row holds for the current values
        for (const auto& [w, c] : row) {
            CHECK(!f.is_basic(w));
            sum.add_scaled(f.value(w), c);
        }
        CHECK(sum == f.value(v));
    }
}

void same_conflict(const Simplex& f, const Simplex& g) {
    const Simplex::Conflict &a = f.conflict(), &b = g.conflict();
    CHECK(a.farkas == b.farkas);
    REQUIRE(a.bounds.size() == b.bounds.size());
    for (size_t i = 0; i < a.bounds.size(); ++i) {
        CHECK(a.bounds[i].var == b.bounds[i].var);
        CHECK(a.bounds[i].upper == b.bounds[i].upper);
        CHECK(a.bounds[i].bound == b.bounds[i].bound);
    }
    std::string why;
    CHECK_MESSAGE(check_farkas(f, a, &why), why);
    CHECK_MESSAGE(check_farkas(g, b, &why), why);
}

}  // namespace

TEST_CASE("Simplex: fast and GMP arithmetic give identical results") {
    std::mt19937_64 rng(99);
    auto uni = [&rng](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
    // Small integers mostly; sometimes fractions, numbers near 2^31, 2^62 and beyond 2^64.
    auto number = [&](int scale) -> mpq_class {
        mpq_class x(static_cast<signed long>(uni(-9, 9)));
        switch (uni(0, scale)) {
            case 0: x /= static_cast<signed long>(uni(1, 7)); break;
            case 1: x *= mpz_class(1) << static_cast<unsigned>(uni(25, 40)); break;
            case 2: {
                mpq_class y(mpz_class(1) << static_cast<unsigned>(uni(60, 70)), uni(1, 9));
                y.canonicalize();
                x += y;
                break;
            }
            case 3: x /= mpz_class(3037000499); break;
            default: break;
        }
        return x;
    };
    uint64_t went_gmp = 0, checks = 0, conflicts = 0;
    for (int round = 0; round < 200; ++round) {
        CAPTURE(round);
        const int scale = round % 2 == 0 ? 20 : 5;  // half the rounds with many large numbers
        Simplex f(Arith::Fast), g(Arith::Gmp);
        CHECK(f.arithmetic() == Arith::Fast);
        CHECK(g.arithmetic() == Arith::Gmp);
        const int n = static_cast<int>(uni(4, 12)), m = static_cast<int>(uni(3, 14));
        for (int i = 0; i < n; ++i) CHECK(f.new_var() == g.new_var());
        for (int r = 0; r < m; ++r) {
            Row row;
            for (int k = uni(1, 5); k > 0; --k)
                row.emplace_back(static_cast<Var>(uni(0, f.num_vars() - 1)), number(scale));
            CHECK(f.new_row(row) == g.new_row(row));
        }
        Reason reason = 1;
        for (int level = 0; level < 5; ++level) {
            f.push();
            g.push();
            bool ok = true;
            for (int k = uni(1, 8); k > 0 && ok; --k) {
                Var v = static_cast<Var>(uni(0, f.num_vars() - 1));
                DeltaRational b(number(scale), static_cast<signed long>(uni(-1, 1)));
                bool up = uni(0, 1) == 1;
                ok = up ? f.assert_upper(v, b, reason) : f.assert_lower(v, b, reason);
                CHECK(ok == (up ? g.assert_upper(v, b, reason) : g.assert_lower(v, b, reason)));
                ++reason;
            }
            if (ok) {
                ++checks;
                bool sat = f.check();
                REQUIRE(sat == g.check());
                if (sat) {
                    CHECK(f.concrete_delta() == g.concrete_delta());
                    CHECK(f.concrete_model() == g.concrete_model());
                }
                if (!sat) ++conflicts;
                if (!sat) same_conflict(f, g);
            } else {
                same_conflict(f, g);
            }
            same_state(f, g);
            went_gmp += f.gmp_numbers() > 0;
            if (uni(0, 2) == 0) {
                f.pop();
                g.pop();
                --level;
                if (f.level() == 0) break;
            }
        }
        while (f.level() > 0) {
            f.pop();
            g.pop();
        }
        CHECK(f.check() == g.check());
        same_state(f, g);
        CHECK(g.gmp_numbers() > 0);
    }
    MESSAGE("checks " << checks << ", conflicts " << conflicts << ", states with GMP numbers in the fast engine "
                      << went_gmp);
    CHECK(conflicts > 50);
    CHECK(checks - conflicts > 50);
    CHECK(went_gmp > 50);
}

// ---------------------------------------------------------------------------------------------
// gcd_test_fails reads the integer tableau row in place; the reference here rebuilds the test
// from row_of_basic (rational coefficients, scaled by the lcm of their denominators).

namespace {

bool gcd_reference(const Simplex& s, Var basic) {
    auto fixed = [&](Var x) {
        return s.has_lower(x) && s.has_upper(x) && s.lower(x) == s.upper(x) && s.lower(x).k() == 0 &&
               s.lower(x).c().get_den() == 1;
    };
    std::vector<std::pair<Var, mpq_class>> row = s.row_of_basic(basic);
    row.emplace_back(basic, mpq_class(-1));
    mpz_class lcm = 1, constant = 0, g = 0;
    for (const auto& [x, a] : row) mpz_lcm(lcm.get_mpz_t(), lcm.get_mpz_t(), a.get_den_mpz_t());
    bool any_fixed = false;
    for (const auto& [x, a] : row) {
        mpz_class A = a.get_num() * (lcm / a.get_den());
        if (fixed(x)) {
            any_fixed = true;
            constant += A * s.lower(x).c().get_num();
        } else {
            mpz_gcd(g.get_mpz_t(), g.get_mpz_t(), A.get_mpz_t());
        }
    }
    return any_fixed && g != 0 && !mpz_divisible_p(constant.get_mpz_t(), g.get_mpz_t());
}

void gcd_test_random(Arith arith) {
    std::mt19937_64 rng(7);
    auto uni = [&rng](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
    int fails = 0, passes = 0;
    for (int round = 0; round < 300; ++round) {
        Simplex s(arith);
        const int n = static_cast<int>(uni(2, 5));
        for (int i = 0; i < n; ++i) s.new_var();
        std::vector<Var> all;
        for (Var v = 0; v < static_cast<Var>(n); ++v) all.push_back(v);
        for (int r = 0, rows = static_cast<int>(uni(1, 3)); r < rows; ++r) {
            std::vector<std::pair<Var, mpq_class>> def;
            for (Var v = 0; v < static_cast<Var>(n); ++v)
                if (int64_t c = uni(-6, 6); c != 0 && uni(0, 1)) def.emplace_back(v, mpq_class(c));
            if (def.empty()) def.emplace_back(0, mpq_class(uni(2, 4)));
            all.push_back(s.new_row(def));
        }
        std::vector<uint8_t> is_int(s.num_vars(), 1);
        if (uni(0, 9) == 0) is_int[uni(0, n - 1)] = 0;
        Reason reason = 1;
        for (Var v : all) {
            switch (uni(0, 3)) {
                case 0: {  // fixed, sometimes at a non-integer
                    mpq_class b(uni(-9, 9), uni(0, 4) ? 1 : 2);
                    b.canonicalize();
                    s.assert_upper(v, DeltaRational(b, 0), reason++);
                    s.assert_lower(v, DeltaRational(b, 0), reason++);
                    break;
                }
                case 1: s.assert_lower(v, DeltaRational(uni(-9, 9), 0), reason++); break;
                default: break;
            }
        }
        s.check();  // pivots reshape the rows; the test must hold in any tableau
        for (Var v = 0; v < s.num_vars(); ++v) {
            if (!s.is_basic(v)) continue;
            bool ints = is_int[v];
            for (const auto& [x, c] : s.row_of_basic(v)) ints = ints && is_int[x];
            CAPTURE(round);
            CAPTURE(v);
            bool expected = ints && gcd_reference(s, v);
            CHECK(s.gcd_test_fails(v, is_int) == expected);
            expected ? ++fails : ++passes;
        }
    }
    CHECK(fails > 20);  // the generator reaches both outcomes
    CHECK(passes > 20);
}

}  // namespace

TEST_CASE("Simplex: GCD test on the tableau row agrees with the rational-row reference") {
    gcd_test_random(Arith::Fast);
    gcd_test_random(Arith::Gmp);
}

// ---------------------------------------------------------------------------------------------
// Bound propagation over the current tableau (row_implied_bounds, row_bound_reason): every bound
// reported is strictly tighter than the variable's own, and the bounds it names together with the
// bound's negation are a Farkas certificate that the independent checker accepts, before and
// after pivots; both arithmetics report the same bounds.

namespace {

uint64_t check_implied_bounds(const Simplex& s, Simplex& mutable_s) {
    uint64_t found = 0;
    const std::vector<uint8_t> wanted(s.num_vars(), 1);
    for (Var basic = 0; basic < s.num_vars(); ++basic) {
        if (!s.is_basic(basic)) continue;
        std::vector<Simplex::ImpliedBound> out;
        mutable_s.row_implied_bounds(basic, wanted, out);
        for (const Simplex::ImpliedBound& ib : out) {
            CAPTURE(basic);
            CAPTURE(ib.var);
            ++found;
            if (ib.upper && s.has_upper(ib.var)) CHECK(ib.bound < s.upper(ib.var));
            if (!ib.upper && s.has_lower(ib.var)) CHECK(ib.bound > s.lower(ib.var));
            std::vector<Simplex::BoundUse> uses;
            s.row_bound_reason(basic, ib.var, ib.upper, uses);
            REQUIRE(!uses.empty());
            std::vector<craig::lra::FarkasTerm> terms;
            for (size_t k = 0; k + 1 < uses.size(); ++k) {
                const Simplex::BoundUse& u = uses[k];
                REQUIRE((u.upper ? s.has_upper(u.var) : s.has_lower(u.var)));
                CHECK(u.reason == (u.upper ? s.upper_reason(u.var) : s.lower_reason(u.var)));
                terms.push_back({u.weight, u.var, u.upper, u.upper ? s.upper(u.var) : s.lower(u.var)});
            }
            // The negation of var <= b is var >= b + δ (of var >= b: var <= b - δ).
            const Simplex::BoundUse& last = uses.back();
            CHECK(last.var == ib.var);
            CHECK(last.upper == !ib.upper);
            const DeltaRational negated(ib.bound.c(), ib.bound.k() + (ib.upper ? 1 : -1));
            terms.push_back({last.weight, ib.var, !ib.upper, negated});
            craig::lra::Definitions defs{[&](uint32_t v) { return s.is_slack(v); },
                                         [&](uint32_t v) { return s.row_definition(v); }};
            std::string why;
            CHECK_MESSAGE(check_farkas(defs, terms, &why), why);
        }
    }
    return found;
}

}  // namespace

TEST_CASE("Simplex: bounds implied by the current tableau rows are certified") {
    for (Arith arith : {Arith::Fast, Arith::Gmp}) {
        CAPTURE(to_string(arith));
        std::mt19937 rng(11);
        auto uni = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        uint64_t found = 0;
        for (int round = 0; round < 40; ++round) {
            CAPTURE(round);
            Harness h(arith);
            const int n = 12, m = 14;
            for (int i = 0; i < n; ++i) h.s.new_var();
            for (int r = 0; r < m; ++r) {
                Row row;
                for (int k = 0; k < 3; ++k) row.emplace_back(static_cast<Var>(uni(0, n - 1)), uni(-5, 5));
                h.s.new_row(row);
            }
            for (int level = 0; level < 5; ++level) {
                h.push();
                bool ok = true;
                for (int k = 0; k < 8 && ok; ++k) {
                    Var v = static_cast<Var>(uni(0, static_cast<int>(h.s.num_vars()) - 1));
                    DeltaRational b(uni(-20, 20), uni(-1, 1));
                    ok = uni(0, 1) ? h.upper(v, b) : h.lower(v, b);
                }
                if (!ok) break;
                found += check_implied_bounds(h.s, h.s);  // before the pivots of this level
                if (!h.s.check()) break;
                found += check_implied_bounds(h.s, h.s);  // on the rows the pivots made
            }
        }
        CHECK(found > 100);
    }
}
