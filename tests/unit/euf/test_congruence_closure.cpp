#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "smt/euf/congruence_closure.hpp"

using namespace craig::smt;
using craig::smt::euf::CongruenceClosure;
using craig::smt::euf::Reason;
using Step = CongruenceClosure::Step;

namespace {

// "x" + std::to_string(i) trips a GCC 12 -Wrestrict false positive.
std::string indexed(const char* prefix, int i) {
    std::string s(prefix);
    s.append(std::to_string(i));
    return s;
}

// An asserted literal, looked up by its reason when re-checking explanations.
struct Assertion {
    Term a, b;
    bool eq;
};
using Log = std::map<Reason, Assertion>;

// A fresh closure with only the assertions named by `reasons`.
void replay(CongruenceClosure& cc, const Log& log, const std::vector<Reason>& reasons, bool equalities_only) {
    for (Reason r : reasons) {
        auto it = log.find(r);
        REQUIRE(it != log.end());
        if (it->second.eq)
            cc.assert_equal(it->second.a, it->second.b, r);
        else if (!equalities_only)
            cc.assert_distinct(it->second.a, it->second.b, r);
    }
}

// The reasons alone produce a conflict.
bool reproduces_conflict(const TermManager& tm, const Log& log, const std::vector<Reason>& reasons) {
    CongruenceClosure cc(tm);
    replay(cc, log, reasons, false);
    return !cc.consistent();
}

// The equality reasons alone imply a = b.
bool reproduces_equality(const TermManager& tm, const Log& log, const std::vector<Reason>& reasons, Term a, Term b) {
    CongruenceClosure cc(tm);
    cc.add_term(a);
    cc.add_term(b);
    replay(cc, log, reasons, true);
    return cc.are_equal(a, b);
}

bool distinct_reasons(std::vector<Reason> v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) == v.end();
}

// explain_path: a chain from a to b whose asserted steps are in `log` (and `active`, if
// given) and whose congruence steps have valid argument chains.
bool valid_chain(const TermManager& tm, const Log& log, const std::set<Reason>* active, const std::vector<Step>& steps,
                 Term a, Term b, std::string& why) {
    if (steps.empty()) {
        if (a != b) why = "empty chain between different terms";
        return a == b;
    }
    if (steps.front().from != a || steps.back().to != b) {
        why = "chain endpoints";
        return false;
    }
    for (size_t i = 0; i < steps.size(); ++i) {
        const Step& s = steps[i];
        if (i + 1 < steps.size() && s.to != steps[i + 1].from) {
            why = "chain not connected";
            return false;
        }
        if (!s.congruence) {
            auto it = log.find(s.reason);
            if (it == log.end() || !it->second.eq || (active && !active->count(s.reason))) {
                why = "unknown or inactive reason";
                return false;
            }
            const Assertion& e = it->second;
            if (!((e.a == s.from && e.b == s.to) || (e.a == s.to && e.b == s.from))) {
                why = "reason does not assert this step";
                return false;
            }
            if (!s.args.empty()) {
                why = "args on an asserted step";
                return false;
            }
            continue;
        }
        if (tm.kind(s.from) != Kind::App || tm.kind(s.to) != Kind::App || tm.func_of(s.from) != tm.func_of(s.to) ||
            tm.num_children(s.from) != tm.num_children(s.to) || s.args.size() != tm.num_children(s.from)) {
            why = "congruence step between non-matching applications";
            return false;
        }
        for (size_t k = 0; k < s.args.size(); ++k)
            if (!valid_chain(tm, log, active, s.args[k], tm.child(s.from, k), tm.child(s.to, k), why)) return false;
    }
    return true;
}

struct Fixture {
    TermManager tm;
    Sort U = tm.sorts().uninterpreted("U");
    CongruenceClosure cc{tm};
    Log log;
    Reason next_reason = 1;

    Term c(const std::string& n) { return tm.mk_const(tm.declare_fun(n, {}, U)); }
    FuncId fun(const std::string& n, size_t arity, Sort range) {
        return tm.declare_fun(n, std::vector<Sort>(arity, U), range);
    }
    FuncId fun(const std::string& n, size_t arity) { return fun(n, arity, U); }
    Term app(FuncId f, std::vector<Term> args) { return tm.mk_app(f, args); }
    Term app(FuncId f, Term a) { return tm.mk_app(f, std::vector<Term>{a}); }
    Term iter(FuncId f, Term a, int n) {
        for (int i = 0; i < n; ++i) a = app(f, a);
        return a;
    }
    Reason eq(Term a, Term b) {
        Reason r = next_reason++;
        log[r] = {a, b, true};
        cc.assert_equal(a, b, r);
        return r;
    }
    Reason neq(Term a, Term b) {
        Reason r = next_reason++;
        log[r] = {a, b, false};
        cc.assert_distinct(a, b, r);
        return r;
    }
    std::vector<Reason> why(Term a, Term b) {
        std::vector<Reason> out;
        cc.explain(a, b, out);
        return out;
    }
    std::vector<Reason> sorted(std::vector<Reason> v) {
        std::sort(v.begin(), v.end());
        return v;
    }
    bool path_ok(Term a, Term b) {
        std::string msg;
        bool ok = valid_chain(tm, log, nullptr, cc.explain_path(a, b), a, b, msg);
        if (!ok) MESSAGE(msg);
        return ok;
    }
};

}  // namespace

TEST_CASE_FIXTURE(Fixture, "transitivity chain and explanation") {
    std::vector<Term> x;
    for (int i = 0; i < 10; ++i) x.push_back(c(indexed("x", i)));
    std::vector<Reason> rs;
    for (int i = 0; i + 1 < 10; ++i) rs.push_back(eq(x[i], x[i + 1]));
    Reason noise = eq(c("y"), c("z"));
    CHECK(cc.are_equal(x[0], x[9]));
    CHECK(!cc.are_equal(x[0], c("y")));
    CHECK(cc.representative(x[3]) == cc.representative(x[7]));
    CHECK(sorted(why(x[2], x[5])) == std::vector<Reason>{rs[2], rs[3], rs[4]});
    CHECK(sorted(why(x[0], x[9])) == sorted(rs));
    CHECK(why(x[4], x[4]).empty());
    CHECK(path_ok(x[7], x[1]));
    CHECK(cc.explain_path(x[7], x[1]).size() == 6);
    (void)noise;
    CHECK(cc.consistent());
    Reason d = neq(x[1], x[8]);
    CHECK(!cc.consistent());
    CHECK(sorted(cc.conflict()) == sorted({rs[1], rs[2], rs[3], rs[4], rs[5], rs[6], rs[7], d}));
    CHECK(reproduces_conflict(tm, log, cc.conflict()));
}

TEST_CASE_FIXTURE(Fixture, "congruence from equal arguments") {
    FuncId f = fun("f", 1);
    Term a = c("a"), b = c("b");
    Term fa = app(f, a), fb = app(f, b);
    cc.add_term(fa);
    cc.add_term(fb);
    CHECK(!cc.are_equal(fa, fb));
    Reason r = eq(a, b);
    CHECK(cc.are_equal(fa, fb));
    CHECK(why(fa, fb) == std::vector<Reason>{r});
    auto path = cc.explain_path(fa, fb);
    REQUIRE(path.size() == 1);
    CHECK(path[0].congruence);
    REQUIRE(path[0].args.size() == 1);
    CHECK(path[0].args[0].size() == 1);
    CHECK(path_ok(fa, fb));
    CHECK(path_ok(fb, fa));
    // Terms registered after the merge are congruent at once.
    Term ffa = app(f, fa), ffb = app(f, fb);
    cc.add_term(ffa);
    CHECK(!cc.are_equal(ffa, ffb));  // ffb is not registered yet
    cc.add_term(ffb);
    CHECK(cc.are_equal(ffa, ffb));
    CHECK(why(ffa, ffb) == std::vector<Reason>{r});
    CHECK(path_ok(ffa, ffb));
}

TEST_CASE_FIXTURE(Fixture, "a = f^3(a) and a = f^5(a) imply a = f(a)") {
    FuncId f = fun("f", 1);
    Term a = c("a");
    Term f1 = iter(f, a, 1), f3 = iter(f, a, 3), f5 = iter(f, a, 5);
    cc.add_term(f1);
    Reason r3 = eq(a, f3);
    CHECK(!cc.are_equal(a, f1));
    Reason r5 = eq(a, f5);
    CHECK(cc.are_equal(a, f1));
    for (int i = 0; i <= 5; ++i) CHECK(cc.are_equal(a, iter(f, a, i)));
    CHECK(sorted(why(a, f1)) == sorted({r3, r5}));
    CHECK(path_ok(a, f1));
    CHECK(path_ok(f1, iter(f, a, 4)));
    Reason d = neq(f1, a);
    REQUIRE(!cc.consistent());
    CHECK(sorted(cc.conflict()) == sorted({r3, r5, d}));
    CHECK(reproduces_conflict(tm, log, cc.conflict()));
}

TEST_CASE_FIXTURE(Fixture, "nested and n-ary functions") {
    FuncId g = fun("g", 3), f = fun("f", 1);
    Term a = c("a"), b = c("b"), d = c("d"), e = c("e");
    Term t1 = app(g, {a, app(f, b), d});
    Term t2 = app(g, {e, app(f, d), d});
    cc.add_term(t1);
    cc.add_term(t2);
    Reason r1 = eq(a, e);
    CHECK(!cc.are_equal(t1, t2));
    Reason r2 = eq(b, d);
    CHECK(cc.are_equal(t1, t2));
    CHECK(sorted(why(t1, t2)) == sorted({r1, r2}));
    CHECK(path_ok(t1, t2));
    // Argument order matters.
    Term u1 = app(g, {a, b, b}), u2 = app(g, {b, a, b});
    cc.add_term(u1);
    cc.add_term(u2);
    CHECK(!cc.are_equal(u1, u2));
    Reason r3 = eq(e, d);
    CHECK(cc.are_equal(u1, u2));  // a = e = d = b
    CHECK(sorted(why(u1, u2)) == sorted({r1, r2, r3}));
    CHECK(path_ok(u1, u2));
    // Different symbols of equal arity are never congruent.
    FuncId h = fun("h", 1);
    cc.add_term(app(h, a));
    CHECK(!cc.are_equal(app(h, a), app(f, a)));
}

TEST_CASE_FIXTURE(Fixture, "conflict explanation is smaller than all reasons") {
    FuncId f = fun("f", 1);
    Term a = c("a"), b = c("b"), d = c("d"), e = c("e"), k = c("k");
    for (int i = 0; i < 5; ++i) eq(c(indexed("n", i)), c(indexed("m", i)));
    eq(d, e);
    Reason ra = eq(a, b);
    Reason rb = eq(app(f, b), k);
    eq(app(f, d), app(f, k));
    Reason rd = neq(app(f, a), k);
    REQUIRE(!cc.consistent());
    CHECK(sorted(cc.conflict()) == sorted({ra, rb, rd}));
    CHECK(cc.conflict().size() < log.size());
    CHECK(reproduces_conflict(tm, log, cc.conflict()));
    CHECK(distinct_reasons(cc.conflict()));
}

TEST_CASE_FIXTURE(Fixture, "all conflicts, merging continues after the first") {
    Term a = c("a"), b = c("b"), d = c("d"), e = c("e");
    Reason n1 = neq(a, b);
    Reason n2 = neq(d, e);
    Reason r1 = eq(a, b);
    CHECK(!cc.consistent());
    Reason r2 = eq(d, e);
    auto all = cc.all_conflicts();
    REQUIRE(all.size() == 2);
    std::set<std::vector<Reason>> got;
    for (auto& v : all) {
        CHECK(reproduces_conflict(tm, log, v));
        got.insert(sorted(v));
    }
    CHECK(got == std::set<std::vector<Reason>>{sorted({r1, n1}), sorted({r2, n2})});
    CHECK(sorted(cc.conflict()) == sorted({r1, n1}));
    // A disequality asserted between already equal terms is violated at once.
    Reason n3 = neq(b, a);
    CHECK(cc.all_conflicts().size() == 3);
    CHECK(sorted(cc.all_conflicts().back()) == sorted({r1, n3}));
}

TEST_CASE_FIXTURE(Fixture, "push and pop restore consistency, equalities and registration") {
    FuncId f = fun("f", 1);
    Term a = c("a"), b = c("b"), d = c("d");
    Term fa = app(f, a), fb = app(f, b);
    cc.add_term(fa);
    Reason n = neq(fa, fb);
    CHECK(cc.consistent());
    cc.push();
    eq(a, b);
    CHECK(cc.are_equal(fa, fb));
    CHECK(!cc.consistent());
    cc.push();
    eq(b, d);
    CHECK(cc.are_equal(a, d));
    cc.pop();
    CHECK(!cc.are_equal(a, d));
    CHECK(cc.are_equal(a, b));
    CHECK(!cc.consistent());
    cc.pop();
    CHECK(cc.consistent());
    CHECK(!cc.are_equal(a, b));
    CHECK(!cc.are_equal(fa, fb));
    CHECK((cc.is_registered(fa) && cc.is_registered(fb)));  // registered before the push
    cc.push();
    Term ffa = app(f, fa);
    cc.add_term(ffa);
    CHECK(cc.is_registered(ffa));
    size_t inside = cc.num_terms();
    cc.pop();
    CHECK(!cc.is_registered(ffa));
    CHECK(cc.num_terms() < inside);
    // The state after pop behaves like a fresh one.
    Reason r = eq(d, b);
    Reason r2 = eq(a, d);
    CHECK(!cc.consistent());
    CHECK(sorted(cc.conflict()) == sorted({n, r, r2}));
    CHECK(reproduces_conflict(tm, log, cc.conflict()));
    CHECK_THROWS(CongruenceClosure(tm).pop());
}

TEST_CASE_FIXTURE(Fixture, "Boolean-valued applications with true and false") {
    FuncId p = fun("p", 1, SortTable::Bool);
    Term a = c("a"), b = c("b");
    Term pa = app(p, a), pb = app(p, b);
    CHECK(!cc.are_equal(tm.mk_true(), tm.mk_false()));
    CHECK(cc.is_registered(tm.mk_true()));
    Reason l1 = eq(pa, tm.mk_true());
    Reason l2 = eq(pb, tm.mk_false());
    CHECK(cc.consistent());
    cc.push();
    Reason l3 = eq(a, b);
    REQUIRE(!cc.consistent());
    // No disequality reason: true != false is built in.
    CHECK(sorted(cc.conflict()) == sorted({l1, l2, l3}));
    CHECK(reproduces_conflict(tm, log, cc.conflict()));
    CHECK(cc.all_conflicts().size() == 1);
    cc.pop();
    CHECK(cc.consistent());
    // p(a) = true, a = b makes p(b) true through congruence.
    CongruenceClosure cc2(tm);
    cc2.assert_equal(pa, tm.mk_true(), 7);
    cc2.add_term(pb);
    cc2.assert_equal(a, b, 8);
    CHECK(cc2.are_equal(pb, tm.mk_true()));
    std::vector<Reason> out;
    cc2.explain(pb, tm.mk_true(), out);
    CHECK(sorted(out) == std::vector<Reason>{7, 8});
}

TEST_CASE_FIXTURE(Fixture, "opaque leaves and for_each_term") {
    FuncId f = fun("f", 1);
    Term x = tm.mk_const(tm.declare_fun("x", {}, SortTable::Int));
    Term y = tm.mk_const(tm.declare_fun("y", {}, SortTable::Int));
    Term sum = tm.mk_add(std::vector<Term>{x, y});
    cc.add_term(sum);
    CHECK(cc.is_registered(sum));
    CHECK(!cc.is_registered(x));  // arithmetic is a leaf: children are not registered
    FuncId g = tm.declare_fun("g", {SortTable::Int}, U);
    Term gs = tm.mk_app(g, std::vector<Term>{sum});
    Term gz = tm.mk_app(g, std::vector<Term>{tm.mk_const(tm.declare_fun("z", {}, SortTable::Int))});
    cc.add_term(gs);
    cc.add_term(gz);
    eq(tm.child(gz, 0), sum);
    CHECK(cc.are_equal(gs, gz));
    Term a = c("a");
    eq(a, app(f, a));
    size_t count = 0;
    cc.for_each_term([&](Term t, Term r) {
        ++count;
        CHECK(cc.representative(t) == r);
        CHECK(cc.are_equal(t, r));
    });
    CHECK(count == cc.num_terms());
}

TEST_CASE_FIXTURE(Fixture, "deep terms and long chains") {
    FuncId f = fun("f", 1);
    Term a = c("a"), b = c("b");
    Term fa = iter(f, a, 20000), fb = iter(f, b, 20000);
    cc.add_term(fa);
    cc.add_term(fb);
    Reason r = eq(a, b);
    CHECK(cc.are_equal(fa, fb));
    CHECK(why(fa, fb) == std::vector<Reason>{r});
    std::vector<Term> x;
    for (int i = 0; i < 20000; ++i) x.push_back(c(indexed("x", i)));
    for (int i = 0; i + 1 < 20000; ++i) eq(x[(i * 7919) % 20000], x[((i + 1) * 7919) % 20000]);
    CHECK(why(x[0], x[1]).size() <= 19999);
    CHECK(reproduces_equality(tm, log, why(x[0], x[1]), x[0], x[1]));
}

// ---------------------------------------------------------------- randomized

namespace {

// Naive reference: union-find over the registered terms, closed under congruence by a
// fixpoint over all pairs of applications.
struct Reference {
    const TermManager& tm;
    std::vector<Term> terms;
    std::unordered_map<uint32_t, size_t> index;
    std::vector<size_t> uf;

    explicit Reference(const TermManager& m) : tm(m) {}
    void add(Term t) {
        if (index.count(t.id)) return;
        if (tm.kind(t) == Kind::App)
            for (Term c : tm.children(t)) add(c);
        index[t.id] = terms.size();
        terms.push_back(t);
    }
    size_t find(size_t i) {
        while (uf[i] != i) i = uf[i] = uf[uf[i]];
        return i;
    }
    void close(const std::vector<std::pair<Term, Term>>& eqs) {
        uf.resize(terms.size());
        for (size_t i = 0; i < uf.size(); ++i) uf[i] = i;
        for (auto& [a, b] : eqs) uf[find(index.at(a.id))] = find(index.at(b.id));
        for (bool changed = true; changed;) {
            changed = false;
            for (size_t i = 0; i < terms.size(); ++i) {
                if (tm.kind(terms[i]) != Kind::App) continue;
                for (size_t j = i + 1; j < terms.size(); ++j) {
                    Term s = terms[i], t = terms[j];
                    if (tm.kind(t) != Kind::App || tm.func_of(s) != tm.func_of(t) ||
                        tm.num_children(s) != tm.num_children(t) || find(i) == find(j))
                        continue;
                    bool cong = true;
                    for (size_t k = 0; k < tm.num_children(s) && cong; ++k)
                        cong = find(index.at(tm.child(s, k).id)) == find(index.at(tm.child(t, k).id));
                    if (cong) {
                        uf[find(i)] = find(j);
                        changed = true;
                    }
                }
            }
        }
    }
    bool registered(Term t) const { return index.count(t.id) != 0; }
    bool equal(Term a, Term b) {
        if (a == b) return true;
        if (!registered(a) || !registered(b)) return false;
        return find(index.at(a.id)) == find(index.at(b.id));
    }
};

struct Event {
    enum Type { Register, Eq, Neq } type;
    Term a, b;
    Reason reason;
};

struct RandomInstance {
    TermManager tm;
    std::mt19937& rng;
    Sort U = tm.sorts().uninterpreted("U");
    std::vector<Term> consts;
    std::vector<FuncId> funs;
    FuncId pred = 0;
    bool has_pred = false;
    std::vector<Term> pool;  // terms of sort U
    std::vector<Term> seen;  // every term ever built (U and Bool), for the pairwise comparison

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }

    explicit RandomInstance(std::mt19937& r) : rng(r) {
        int nc = 3 + pick(6);
        for (int i = 0; i < nc; ++i) consts.push_back(tm.mk_const(tm.declare_fun(indexed("c", i), {}, U)));
        int nf = 1 + pick(3);
        for (int i = 0; i < nf; ++i)
            funs.push_back(tm.declare_fun(indexed("f", i), std::vector<Sort>(1 + pick(2), U), U));
        has_pred = pick(2) == 0;
        if (has_pred) pred = tm.declare_fun("p", {U}, SortTable::Bool);
        for (Term c : consts) remember(c);
        int extra = 4 + pick(8);
        for (int i = 0; i < extra; ++i) remember(gen(1 + pick(3)));
        remember(tm.mk_true());
        remember(tm.mk_false());
    }
    void remember(Term t) {
        if (std::find(seen.begin(), seen.end(), t) == seen.end()) seen.push_back(t);
        if (tm.sort(t) == U && std::find(pool.begin(), pool.end(), t) == pool.end()) pool.push_back(t);
    }
    Term gen(int depth) {
        if (depth == 0 || pick(4) == 0) return consts[pick(static_cast<int>(consts.size()))];
        FuncId f = funs[pick(static_cast<int>(funs.size()))];
        std::vector<Term> args;
        for (size_t i = 0; i < tm.func(f).domain.size(); ++i) args.push_back(gen(depth - 1));
        Term t = tm.mk_app(f, args);
        for (Term a : args) remember(a);
        return t;
    }
    Term any_pool() { return pool[pick(static_cast<int>(pool.size()))]; }
};

// How much the random instances exercise (guards against a generator that tests nothing).
struct Coverage {
    long checks = 0, conflicts = 0, multi_conflicts = 0, pops = 0, explained = 0, congruences = 0;
};

long count_congruences(const std::vector<Step>& steps) {
    long n = 0;
    for (const Step& s : steps) {
        n += s.congruence;
        for (auto& a : s.args) n += count_congruences(a);
    }
    return n;
}

void check_against_reference(RandomInstance& in, CongruenceClosure& cc, const std::vector<Event>& events,
                             const Log& log, Coverage& cov) {
    ++cov.checks;
    const TermManager& tm = in.tm;
    Reference ref(tm);
    ref.add(tm.mk_true());
    ref.add(tm.mk_false());
    std::vector<std::pair<Term, Term>> eqs;
    std::set<Reason> active;
    for (const Event& e : events) {
        ref.add(e.a);
        if (e.type != Event::Register) {
            ref.add(e.b);
            active.insert(e.reason);
        }
        if (e.type == Event::Eq) eqs.emplace_back(e.a, e.b);
    }
    ref.close(eqs);

    REQUIRE(cc.num_terms() == ref.terms.size());
    for (Term t : in.seen) REQUIRE(cc.is_registered(t) == ref.registered(t));
    for (size_t i = 0; i < in.seen.size(); ++i)
        for (size_t j = i + 1; j < in.seen.size(); ++j)
            REQUIRE(cc.are_equal(in.seen[i], in.seen[j]) == ref.equal(in.seen[i], in.seen[j]));

    size_t violated = ref.equal(tm.mk_true(), tm.mk_false()) ? 1 : 0;
    for (const Event& e : events)
        if (e.type == Event::Neq && ref.equal(e.a, e.b)) ++violated;
    REQUIRE(cc.consistent() == (violated == 0));
    if (violated) {
        ++cov.conflicts;
        cov.multi_conflicts += violated > 1;
        const std::vector<Reason>& c = cc.conflict();
        CHECK(distinct_reasons(c));
        for (Reason r : c) REQUIRE(active.count(r));
        REQUIRE(reproduces_conflict(tm, log, c));
        auto all = cc.all_conflicts();
        REQUIRE(all.size() == violated);
        for (auto& v : all) {
            for (Reason r : v) REQUIRE(active.count(r));
            CHECK(distinct_reasons(v));
            REQUIRE(reproduces_conflict(tm, log, v));
        }
    }

    // Explanations of a few equal pairs.
    for (int k = 0; k < 4; ++k) {
        Term a = in.seen[in.pick(static_cast<int>(in.seen.size()))];
        Term b = in.seen[in.pick(static_cast<int>(in.seen.size()))];
        if (!cc.are_equal(a, b)) continue;
        std::vector<Reason> why;
        cc.explain(a, b, why);
        CHECK(distinct_reasons(why));
        for (Reason r : why) REQUIRE((active.count(r) && log.at(r).eq));
        REQUIRE(reproduces_equality(tm, log, why, a, b));
        std::string msg;
        auto path = cc.explain_path(a, b);
        ++cov.explained;
        cov.congruences += count_congruences(path);
        bool ok = valid_chain(tm, log, &active, path, a, b, msg);
        if (!ok) FAIL(msg);
    }
    cc.for_each_term([&](Term t, Term r) { REQUIRE(ref.equal(t, r)); });
}

}  // namespace

TEST_CASE("randomized against a naive closure") {
    std::mt19937 rng(12345);
    const int instances = 3000;
    Coverage cov;
    for (int inst = 0; inst < instances; ++inst) {
        RandomInstance in(rng);
        CongruenceClosure cc(in.tm);
        std::vector<Event> events;
        std::vector<size_t> marks;
        Log log;
        Reason next = 1;
        // Some terms are registered up front (level 0), the rest when first asserted.
        for (Term t : in.seen)
            if (in.pick(3) == 0) {
                cc.add_term(t);
                events.push_back({Event::Register, t, t, 0});
            }
        int ops = 10 + in.pick(30);
        for (int op = 0; op < ops; ++op) {
            int k = in.pick(100);
            if (k < 45) {
                Term a = in.any_pool(), b = in.any_pool();
                log[next] = {a, b, true};
                events.push_back({Event::Eq, a, b, next});
                cc.assert_equal(a, b, next++);
            } else if (k < 60) {
                Term a = in.any_pool(), b = in.any_pool();
                log[next] = {a, b, false};
                events.push_back({Event::Neq, a, b, next});
                cc.assert_distinct(a, b, next++);
            } else if (k < 70 && in.has_pred) {
                Term pa = in.tm.mk_app(in.pred, std::vector<Term>{in.any_pool()});
                in.remember(pa);
                Term v = in.tm.mk_bool(in.pick(2) == 0);
                log[next] = {pa, v, true};
                events.push_back({Event::Eq, pa, v, next});
                cc.assert_equal(pa, v, next++);
            } else if (k < 80) {
                cc.push();
                marks.push_back(events.size());
            } else if (k < 92) {
                if (marks.empty()) continue;
                cc.pop();
                ++cov.pops;
                events.resize(marks.back());
                marks.pop_back();
            } else {
                Term t = in.gen(1 + in.pick(3));
                in.remember(t);
                cc.add_term(t);
                events.push_back({Event::Register, t, t, 0});
            }
            check_against_reference(in, cc, events, log, cov);
        }
        while (!marks.empty()) {
            cc.pop();
            events.resize(marks.back());
            marks.pop_back();
            check_against_reference(in, cc, events, log, cov);
        }
    }
    MESSAGE("checks " << cov.checks << ", conflicts " << cov.conflicts << " (several: " << cov.multi_conflicts
                      << "), pops " << cov.pops << ", explained " << cov.explained << " with " << cov.congruences
                      << " congruence steps");
    CHECK(cov.conflicts > instances);
    CHECK(cov.multi_conflicts > instances / 10);
    CHECK(cov.pops > instances);
    CHECK(cov.congruences > instances);
}

TEST_CASE_FIXTURE(Fixture, "distinct classes: are_distinct and its explanation, undone by pop") {
    FuncId f = fun("f", 1);
    Term a = c("a"), b = c("b"), d = c("d"), e = c("e");
    Term fa = app(f, a), fd = app(f, d);
    cc.add_term(fa);
    cc.add_term(fd);
    CHECK(!cc.are_distinct(a, b));
    CHECK(!cc.are_distinct(a, c("unregistered")));
    Reason rd = neq(fa, e);
    CHECK(cc.are_distinct(fa, e));
    CHECK(cc.are_distinct(e, fa));
    cc.push();
    Reason r1 = eq(a, d);  // f(a) = f(d) by congruence: f(d) != e
    Reason r2 = eq(e, b);  // and f(d) != b
    CHECK(cc.are_distinct(fd, b));
    CHECK(cc.are_distinct(b, fd));
    std::vector<Reason> out;
    cc.explain_distinct(b, fd, out);
    CHECK(sorted(out) == sorted({rd, r1, r2}));
    // The explanation's equalities with the disequality are inconsistent together with b = f(d).
    Log with = log;
    with[100] = {b, fd, true};
    out.push_back(100);
    CHECK(reproduces_conflict(tm, with, out));
    CHECK(!cc.are_distinct(a, d));  // equal, not distinct
    cc.pop();
    CHECK(!cc.are_distinct(fd, b));
    CHECK(cc.are_distinct(fa, e));
    CHECK(cc.class_size(a) == 1);
}
