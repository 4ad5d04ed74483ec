// Function summaries (engine `summaries`, issue 21): assertion sites and their codes, the
// unwound call tree, partitioned BMC with summary extraction and reuse, and the gate's check of
// the bounded certificate. Every stored summary of a procedure without calls is checked against
// its body with a fresh solver; verdicts go through the certification gate.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "frontend/errors.hpp"
#include "frontend/frontend.hpp"
#include "lowered_program.hpp"
#include "smt/solver.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/certify/unwound_check.hpp"
#include "verifier/encoding/procedure_body.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/verdict_codec.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/engines/summaries/assertion_sites.hpp"
#include "verifier/engines/summaries/partitioned_bmc.hpp"
#include "verifier/engines/summaries/slice.hpp"
#include "verifier/engines/summaries/summary_file.hpp"

using namespace craig;
using namespace craig::verifier;

namespace {

struct Model : test::ProceduralProgram {  // ps: the default model (what run_verify hands engines)
    std::vector<AssertionSite> sites;
    std::unique_ptr<Program> copy;  // the coded model's program
    Procedures coded;
    explicit Model(const std::string& code) : ProceduralProgram(code) {
        copy = std::make_unique<Program>(*plain);
        sites = assertion_sites(*copy);
        coded = build_procedures(*copy, site_codes(*copy, sites));
    }
    std::string revision_of;  // program_hash of the old version (engine option summaries-revision-of)
    Verdict run(const std::string& engine_options = "") {
        const EngineInfo* info = builtin_engines().find("summaries");
        REQUIRE(info);
        EngineSettings s = info->defaults();
        std::size_t at = 0;
        while (at < engine_options.size()) {  // "name=value;name=value"
            const std::size_t end = std::min(engine_options.find(';', at), engine_options.size());
            const std::string kv = engine_options.substr(at, end - at);
            const std::size_t eq = kv.find('=');
            INFO("option " << kv.substr(0, eq));
            REQUIRE(info->option(kv.substr(0, eq)));  // a misspelt option fails
            s.set(kv.substr(0, eq), kv.substr(eq + 1));
            at = end + 1;
        }
        ProgramIdentity id;
        id.program_hash = program_hash(tu);
        id.function_hashes = function_hashes(tu);
        id.revision_of_hash = revision_of;
        REQUIRE(info->can.identity);
        auto pe = info->make_procedural(s);
        pe->set_identity(&id);
        const base::Budget budget(std::nullopt);
        return pe->solve_procedures(ps, budget);
    }
    // The gate on the verdict: TRUE's certificate checked, FALSE's path replayed.
    VerdictKind certified(const Verdict& v) {
        const base::Budget budget(std::nullopt);
        const Certified c = certify(v, *plain, tu, {}, {}, budget, &ps);
        return c.kind;
    }
};

constexpr const char* kThreeAssertions = R"(
int f(int x) { if (x > 0) return x + 1; return 1; }
int g(int x) { int y = f(x); return y + f(y); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int r = f(a);
  if (!(r >= 1)) reach_error();
  int s = g(a);
  if (!(s >= 2)) reach_error();
  int t = f(a) + f(a);
  if (!(t >= T)) reach_error();
  return 0;
}
)";

std::uint64_t count_of(const Verdict& v, const std::string& name) {
    const base::Statistics::Entry* e = v.stats.find(name);
    REQUIRE(e);
    return e->count;
}

std::string with_t(int t) {
    std::string s = kThreeAssertions;
    s.replace(s.find("T)"), 1, std::to_string(t));
    return s;
}

// Every stored summary of a procedure without calls holds of its body (a fresh solver);
// returns how many were checked.
std::size_t check_call_free_summaries(Model& m, const CallTree& tree, const SummaryStore& store) {
    std::size_t checked = 0;
    for (std::uint32_t key = 0; key < store.conjuncts.size(); ++key) {
        if (!store.has(key) || !m.coded.procs[tree.key_proc(key)].calls.empty()) continue;
        const ProcId p = tree.key_proc(key);
        const BodyEncoding b = encode_body(m.coded, p, "#check");
        smt::Solver s(m.tm);
        s.assert_formula(b.formula);
        s.assert_formula(
            m.tm.mk_not(instantiate_contract(m.coded, p, m.tm.mk_and(store.conjuncts[key]), b.params, b.returns)));
        CHECK(s.check() == smt::Result::Unsat);
        ++checked;
    }
    return checked;
}

}  // namespace

TEST_CASE("summaries: assertion sites are the reach_error places and the wrapper's call sites, in source order") {
    Model m(R"(
int main(void) {
  int a = __VERIFIER_nondet_int();
  __VERIFIER_assert(a != 3);
  if (a == 4) reach_error();
  __VERIFIER_assert(a != 5);
  return 0;
}
)");
    REQUIRE(m.sites.size() == 3);
    CHECK(m.sites[0].call != UINT32_MAX);
    CHECK(m.sites[1].call == UINT32_MAX);
    CHECK(m.sites[1].error_edges.size() >= 1);
    CHECK(m.sites[2].call != UINT32_MAX);
    CHECK(m.sites[0].loc.line < m.sites[1].loc.line);
    for (std::size_t i = 0; i < 3; ++i) CHECK(m.sites[i].code == static_cast<std::int64_t>(i) + 2);
    // Each site on its own: all three are violated, each by its own input.
    for (unsigned k = 1; k <= 3; ++k) {
        const Verdict v = m.run("summaries-assertion=" + std::to_string(k));
        REQUIRE(v.kind == VerdictKind::False);
        CHECK(v.reason.find("assertion " + std::to_string(k)) != std::string::npos);
        CHECK(m.certified(v) == VerdictKind::False);
        REQUIRE(v.cex.inputs.size() == 1);
        CHECK(v.cex.inputs[0].text == std::to_string(k + 2));
    }
}

TEST_CASE("summaries: the unwound call tree cuts a loop's procedure at the bound and shares keys") {
    Model m(R"(
int f(int x) { return x + 1; }
int main(void) {
  int i = 0, s = 0;
  while (i < 10) { s = f(s); i++; }
  if (s != 10) reach_error();
  return 0;
}
)");
    CallTree t(m.coded, 3);
    // main -> loop procedure -> (f, loop) -> ... : the loop is active at most 3 times.
    std::vector<std::uint32_t> work{0};
    unsigned cuts = 0, loops = 0, max_depth = 0;
    while (!work.empty()) {
        const std::uint32_t n = work.back();
        work.pop_back();
        if (t[n].cut) {
            ++cuts;
            continue;
        }
        unsigned depth = 0;
        for (std::uint32_t a = n; a != kNoNode; a = t[a].parent)
            if (t[a].proc == t[n].proc) ++depth;
        max_depth = std::max(max_depth, depth);
        if (t.recursive(t[n].proc)) ++loops;
        for (std::uint32_t c : t.expand(n)) work.push_back(c);
    }
    CHECK(cuts == 1);
    CHECK(loops == 3);
    CHECK(max_depth == 3);
    // The f instances at different loop depths have different keys only through the loop count.
    CHECK(t.num_keys() >= 4);
}

TEST_CASE("summaries: stored summaries hold of the bodies, are reused, and the verdicts agree across schemes") {
    Model m(with_t(2));
    CallTree tree(m.coded, 1);
    SummaryStore store;
    PbmcOptions o;
    PbmcStats stats;
    const base::Budget budget(std::nullopt);
    for (const AssertionSite& s : m.sites) {
        const std::int64_t code[1] = {s.code};
        CHECK(check_flag(m.coded, tree, code, store, o, budget, stats).kind == PbmcResult::Refuted);
    }
    CHECK(stats.summaries_kept > 0);
    CHECK(stats.summarised > 0);  // a later assertion used an earlier one's summary
    CHECK(check_call_free_summaries(m, tree, store) > 0);
    for (const char* opts : {"", "summaries-reuse=false", "summaries-scheme=eager", "summaries-scheme=precise",
                             "itp-bool=pudlak;itp-lra=dual-farkas"}) {
        CAPTURE(opts);
        const Verdict t = m.run(opts);
        CHECK(t.kind == VerdictKind::True);
        CHECK(m.certified(t) == VerdictKind::True);
    }
    Model bad(with_t(3));
    for (const char* opts : {"", "summaries-reuse=false", "summaries-scheme=precise"}) {
        CAPTURE(opts);
        const Verdict f = bad.run(opts);
        REQUIRE(f.kind == VerdictKind::False);
        CHECK(f.reason.find("assertion 3") != std::string::npos);
        CHECK(bad.certified(f) == VerdictKind::False);
    }
}

TEST_CASE("summaries: recursion is unwound; TRUE needs a complete unwinding, else UNKNOWN") {
    Model m(R"(
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  if (sum(n) > 10) reach_error();
  return 0;
}
)");
    const Verdict v = m.run();
    REQUIRE(v.kind == VerdictKind::True);  // n <= 4: sum(n) <= 10, five activations suffice
    CHECK(m.certified(v) == VerdictKind::True);
    REQUIRE(v.certificate.unwound);
    CHECK(v.certificate.unwound->unwinding == 8);
    const Verdict u = m.run("summaries-unwind=3");
    CHECK(u.kind == VerdictKind::Unknown);
    CHECK(u.reason.find("within unwinding 3") != std::string::npos);
    Model f(R"(
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  if (sum(n) > 10) reach_error();
  return 0;
}
)");
    const Verdict w = f.run();
    REQUIRE(w.kind == VerdictKind::False);
    CHECK(f.certified(w) == VerdictKind::False);
}

TEST_CASE("summaries: the gate refutes a certificate whose unwinding is not complete, and the codec keeps it") {
    Model m(R"(
int main(void) {
  int i = 0;
  while (i < 5) i++;
  if (i != 5) reach_error();
  return 0;
}
)");
    Certificate::Unwound u{2, site_codes(*m.copy, m.sites), {kUnwindingCode}, {}};
    for (const AssertionSite& s : m.sites) u.refuted.push_back(s.code);
    smt::SolverOptions so;
    CHECK(check_unwound(*m.plain, u, so).outcome == InvariantOutcome::Invalid);
    u.unwinding = 6;
    CHECK(check_unwound(*m.plain, u, so).outcome == InvariantOutcome::Valid);
    Verdict v;
    v.kind = VerdictKind::True;
    v.certificate.unwound = u;
    const std::string text = encode_verdict(*m.plain, v, "", &m.ps);
    const std::optional<Verdict> back = decode_verdict(*m.plain, text, nullptr, &m.ps);
    REQUIRE(back);
    REQUIRE(back->certificate.unwound);
    CHECK(back->certificate.unwound->unwinding == 6);
    CHECK(back->certificate.unwound->codes.error_code == u.codes.error_code);
    CHECK(back->certificate.unwound->refuted == u.refuted);
    // A wrong TRUE never passes the gate.
    Verdict wrong;
    wrong.kind = VerdictKind::True;
    Certificate::Unwound w = u;
    w.unwinding = 3;
    wrong.certificate.unwound = w;
    CHECK_THROWS_AS(m.certified(wrong), smt::CheckFailure);
}

TEST_CASE("summaries: the summary file round trip, a second run reusing it, and the files it refuses") {
    Model m(with_t(2));
    const std::string path = "/tmp/craig-test-summaries-" + std::to_string(::getpid()) + ".smt2";
    std::remove(path.c_str());
    const Verdict first = m.run("summaries-file=" + path);
    REQUIRE(first.kind == VerdictKind::True);
    std::ifstream in(path);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    const SummaryFile f = read_summary_file(m.coded, text.str(), path, program_hash(m.tu));
    CHECK(f.unwinding == 1);
    REQUIRE(f.summaries.size() == 2);  // f and g
    // Written and read back: the same formulas (equivalent, checked by a solver).
    SummaryFile again = f;
    const SummaryFile back = read_summary_file(m.coded, write_summary_file(m.coded, again), path, program_hash(m.tu));
    REQUIRE(back.summaries.size() == f.summaries.size());
    for (std::size_t i = 0; i < f.summaries.size(); ++i) {
        CHECK(back.summaries[i].function == f.summaries[i].function);
        smt::Solver s(m.tm);
        s.assert_formula(m.tm.mk_not(m.tm.mk_eq(back.summaries[i].formula, f.summaries[i].formula)));
        CHECK(s.check() == smt::Result::Unsat);
    }
    // A second run starts from the file: every loaded summary checks, no call needs refining.
    const Verdict second = m.run("summaries-file=" + path);
    CHECK(second.kind == VerdictKind::True);
    CHECK(m.certified(second) == VerdictKind::True);
    CHECK(count_of(second, "summaries.loaded-valid") == 2);
    CHECK(count_of(second, "summaries.refined") == 0);
    // Another program's file is refused, with the place and the reason.
    Model other(R"(
int f(int x) { return x; }
int main(void) { if (f(1) != 1) reach_error(); return 0; }
)");
    try {
        (void)read_summary_file(other.coded, text.str(), path, program_hash(other.tu));
        FAIL("a foreign file was read");
    } catch (const frontend::ParseError& e) {
        CHECK(std::string(e.what()).find("summaries of another program") != std::string::npos);
        CHECK(e.location().line == 6);
    }
    CHECK_THROWS_AS(other.run("summaries-file=" + path), frontend::ParseError);
    // A wrong interface or an unknown function symbol is refused.
    std::string renamed = text.str();
    renamed.replace(renamed.find("(|g::x| Int)"), 12, "(|g::y| Int)");
    CHECK_THROWS_AS(read_summary_file(m.coded, renamed, path), frontend::ParseError);
    std::string foreign_op = text.str();
    foreign_op.insert(foreign_op.find("(define-fun"), "(declare-fun |sin| (Int Int) Int)\n");
    CHECK_THROWS_AS(read_summary_file(m.coded, foreign_op, path), frontend::ParseError);
    // A summary that does not hold is found by the check and not used; the verdict stays right.
    std::string wrong = text.str();
    const std::size_t g = wrong.find("(define-fun |g|");
    REQUIRE(g != std::string::npos);
    wrong = wrong.substr(0, g) +
            "(define-fun |g| ((|g::x| Int) (|g::return'| Int) (|__error'| Int)) Bool (= |g::return'| 7))\n";
    {
        std::ofstream o(path);
        o << wrong;
    }
    const Verdict third = m.run("summaries-file=" + path);
    CHECK(third.kind == VerdictKind::True);
    CHECK(count_of(third, "summaries.loaded-invalid") == 1);
    std::remove(path.c_str());
}

namespace {

constexpr const char* kVersion1 = R"(
int max(int a, int b) { if (a > b) return 2 * a; return 2 * b; }
int fun(int a, int b) { int r = max(a, b); return r + 10 + a; }
int get(int a, int b) { return fun(a, b); }
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a < 0 || a > 100 || b < 0 || b > 100) return 0;
  int r = get(a, b);
  if (!(r >= 10 + a + 2 * b)) reach_error();
  return 0;
}
)";

std::string revised(std::string text, const std::string& from, const std::string& to) {
    text.replace(text.find(from), from.size(), to);
    return text;
}

std::string write_temp(const std::string& path, const std::string& text) {
    std::ofstream o(path);
    o << text;
    return path;
}

std::string read_all(const std::string& path) {
    std::ifstream in(path);
    std::stringstream t;
    t << in.rdbuf();
    return t.str();
}

}  // namespace

TEST_CASE("summaries: revisions keep, weaken, invalidate and add summaries (UpProver, the thesis' Fig. 4.1)") {
    const std::string path = "/tmp/craig-test-revision-" + std::to_string(::getpid()) + ".smt2";
    std::remove(path.c_str());
    Model v1(kVersion1);
    REQUIRE(v1.run("summaries-file=" + path + ";itp-lra=decomposed-farkas").kind == VerdictKind::True);
    const std::string base = read_all(path);
    const std::string old_hash = program_hash(v1.tu);

    // A safe change inside max: its summary still holds, nothing above is rechecked.
    Model v2(revised(kVersion1, "return 2 * a;", "return a + b + 1;"));
    v2.revision_of = old_hash;
    const Verdict t2 = v2.run("summaries-file=" + path + ";itp-lra=decomposed-farkas");
    CHECK(t2.kind == VerdictKind::True);
    CHECK(v2.certified(t2) == VerdictKind::True);
    CHECK(count_of(t2, "summaries.revision.changed") == 1);
    CHECK(count_of(t2, "summaries.revision.kept") == 1);
    CHECK(count_of(t2, "summaries.revision.weakened") == 0);
    CHECK(count_of(t2, "summaries.refined") == 0);

    // A bug: max's summary (ret >= 2b, no error) loses ret >= 2b, its callers too; FALSE.
    write_temp(path, base);
    Model v3(revised(kVersion1, "return 2 * a;", "return a;"));
    v3.revision_of = old_hash;
    const Verdict f3 = v3.run("summaries-file=" + path + ";itp-lra=decomposed-farkas");
    REQUIRE(f3.kind == VerdictKind::False);
    CHECK(v3.certified(f3) == VerdictKind::False);
    CHECK(count_of(f3, "summaries.revision.weakened") >= 1);
    CHECK(count_of(f3, "summaries.revision.invalidated") == 0);

    // A new function: summary false at first, invalidated by its own check, its caller changed.
    write_temp(path, base);
    Model v4(revised(kVersion1, "int get(int a, int b) { return fun(a, b); }",
                     "int id(int x) { return x; }\nint get(int a, int b) { return fun(id(a), b); }"));
    v4.revision_of = old_hash;
    const Verdict t4 = v4.run("summaries-file=" + path + ";itp-lra=decomposed-farkas");
    CHECK(t4.kind == VerdictKind::True);
    CHECK(v4.certified(t4) == VerdictKind::True);
    CHECK(count_of(t4, "summaries.revision.new-functions") == 1);
    CHECK(count_of(t4, "summaries.revision.invalidated") >= 1);

    // The file must come from the old version.
    write_temp(path, base);
    Model v5(kVersion1);
    v5.revision_of = program_hash(v2.tu);
    CHECK_THROWS_AS(v5.run("summaries-file=" + path), frontend::ParseError);
    // Another interface (a parameter more): max's summary is dropped, its caller rechecked.
    Model v6(revised(revised(kVersion1, "int max(int a, int b) {", "int max(int a, int b, int c) {"), "max(a, b);",
                     "max(a, b, 0);"));
    v6.revision_of = old_hash;
    const Verdict t6 = v6.run("summaries-file=" + path + ";itp-lra=decomposed-farkas");
    CHECK(t6.kind == VerdictKind::True);
    CHECK(count_of(t6, "summaries.revision.dropped") == 1);
    std::remove(path.c_str());
}

TEST_CASE("summaries: calls encoded in EUF or LRA first, refined to LIA on spurious paths, same verdicts") {
    for (const char* theory : {"euf", "lra"}) {
        CAPTURE(theory);
        Model t(with_t(2));
        const Verdict v = t.run(std::string("summaries-theory=") + theory);
        REQUIRE(v.kind == VerdictKind::True);
        CHECK(t.certified(v) == VerdictKind::True);
        CHECK(count_of(v, "summaries.theory-refinements") > 0);  // r >= 1 needs f's arithmetic
        Model f(with_t(3));
        const Verdict w = f.run(std::string("summaries-theory=") + theory);
        REQUIRE(w.kind == VerdictKind::False);
        CHECK(f.certified(w) == VerdictKind::False);
        // Summaries made in the cheap theory are decoded before they are stored: every stored
        // summary of a procedure without calls holds of its body in LIA.
        CallTree tree(t.coded, 1);
        SummaryStore store;
        PbmcOptions o;
        o.theory = std::string(theory) == "euf" ? Theory::Euf : Theory::Lra;
        PbmcStats stats;
        const base::Budget budget(std::nullopt);
        for (const AssertionSite& s : t.sites) {
            const std::int64_t code[1] = {s.code};
            CHECK(check_flag(t.coded, tree, code, store, o, budget, stats).kind == PbmcResult::Refuted);
        }
        check_call_free_summaries(t, tree, store);
    }
}

TEST_CASE("summaries: the gate uses the summaries as lemmas, proves each it uses, and falls back when one fails") {
    Model m(with_t(2));
    const Verdict v = m.run();
    REQUIRE(v.kind == VerdictKind::True);
    REQUIRE(v.certificate.unwound);
    REQUIRE(!v.certificate.unwound->lemmas.empty());
    smt::SolverOptions so;
    const InvariantCheck with = check_unwound(*m.plain, *v.certificate.unwound, so);
    CHECK(with.outcome == InvariantOutcome::Valid);
    CHECK(with.queries > 1);  // the main query and the lemmas' obligations
    // A lemma that does not hold: its obligation fails, the whole unwinding is checked instead.
    Certificate::Unwound bad = *v.certificate.unwound;
    for (auto& l : bad.lemmas) l.summary = m.tm.mk_false();
    const InvariantCheck fallback = check_unwound(*m.plain, bad, so);
    CHECK(fallback.outcome == InvariantOutcome::Valid);
    CHECK(fallback.queries == 1);
    // A wrong claim stays wrong with lemmas: an incomplete unwinding, a lemma that "hides" the
    // cut (the loop never stops early) does not make it pass.
    Model loop(R"(
int main(void) {
  int i = 0;
  while (i < 5) i++;
  if (i != 5) reach_error();
  return 0;
}
)");
    Certificate::Unwound u{2, site_codes(*loop.copy, loop.sites), {kUnwindingCode}, {}};
    for (const AssertionSite& s : loop.sites) u.refuted.push_back(s.code);
    for (ProcId p = 1; p < loop.coded.procs.size(); ++p) {
        std::vector<std::uint32_t> counts(loop.coded.procs.size(), 0);
        counts[p] = 1;
        const Program& cp = *loop.coded.plain;
        u.lemmas.push_back(
            {p, counts, loop.tm.mk_eq(cp.vars[loop.coded.error_var].next, loop.tm.mk_numeral(0, smt::SortTable::Int))});
    }
    CHECK(check_unwound(*loop.plain, u, so).outcome == InvariantOutcome::Invalid);
}

TEST_CASE("summaries: the slice of an assertion leaves out the others and what only they need") {
    // Site 1 needs h (a wrapper site: the prelude's __VERIFIER_assert), site 2 needs f; g feeds
    // nothing any site reads.
    Model m(R"(
int f(int x) { if (x > 0) return x + 1; return 1; }
int g(int x) { return x * 2 + 1; }
int h(int x) { return x - 1; }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int u = g(a);
  int r = h(a);
  __VERIFIER_assert(r < a);
  int s = f(a);
  if (!(s >= 1)) reach_error();
  return 0;
}
)");
    REQUIRE(m.sites.size() == 2);
    const ProcedureOptions codes = site_codes(*m.copy, m.sites);
    auto sliced_callees = [&](const SlicedModel& sm) {
        std::set<std::string> out;
        const Procedure& main = sm.procs.procs[0];
        for (std::uint32_t c = 0; c < main.calls.size(); ++c)
            if (sm.sliced(0, c)) out.insert(sm.procs.procs[main.calls[c].callee].name);
        return out;
    };
    const std::int64_t first[1] = {m.sites[0].code}, second[1] = {m.sites[1].code};
    const SlicedModel s1 = slice_model(m.coded, codes, first);
    const SlicedModel s2 = slice_model(m.coded, codes, second);
    CHECK(sliced_callees(s1) == std::set<std::string>{"f", "g"});
    CHECK(sliced_callees(s2) == std::set<std::string>{"__VERIFIER_assert", "g", "h"});
    CHECK(s2.weakened_tests > 0);
    CHECK(s1.dropped_conjuncts > 0);
    // Same shape as the model: the call tree of the model serves the slice.
    REQUIRE(s2.procs.procs.size() == m.coded.procs.size());
    for (std::size_t p = 0; p < m.coded.procs.size(); ++p) {
        CHECK(s2.procs.procs[p].edges.size() == m.coded.procs[p].edges.size());
        CHECK(s2.procs.procs[p].calls.size() == m.coded.procs[p].calls.size());
    }
    // The sliced queries refute both sites, and their summaries hold of the unsliced bodies.
    CallTree tree(m.coded, 1);
    SummaryStore store;
    PbmcOptions o;
    PbmcStats stats;
    const base::Budget budget(std::nullopt);
    CHECK(check_flag(m.coded, tree, first, store, o, budget, stats, &s1).kind == PbmcResult::Refuted);
    CHECK(check_flag(m.coded, tree, second, store, o, budget, stats, &s2).kind == PbmcResult::Refuted);
    CHECK(stats.sliced > 0);
    CHECK(stats.slice_rechecks == 0);
    CHECK(check_call_free_summaries(m, tree, store) > 0);
    for (const char* opts : {"summaries-slice=true", "summaries-slice=false"}) {
        CAPTURE(opts);
        const Verdict t = m.run(opts);
        CHECK(t.kind == VerdictKind::True);
        CHECK(m.certified(t) == VerdictKind::True);
    }
}

TEST_CASE("summaries: a path of the slice past a failed assertion is checked again without the slice") {
    // Site 2 is reached only by executions that fail site 1 first: the slice (other assertions
    // do not stop the execution) finds a path, the unsliced model refutes it.
    Model m(R"(
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 5) reach_error();
  if (x > 5) reach_error();
  return 0;
}
)");
    REQUIRE(m.sites.size() == 2);
    const Verdict only2 = m.run("summaries-assertion=2;summaries-slice=true");
    CHECK(only2.kind == VerdictKind::True);
    CHECK(count_of(only2, "summaries.slice.rechecks") == 1);
    CHECK(m.certified(only2) == VerdictKind::True);
    const Verdict all = m.run("summaries-slice=true");
    REQUIRE(all.kind == VerdictKind::False);
    CHECK(all.reason.find("assertion 1") != std::string::npos);
    CHECK(m.certified(all) == VerdictKind::False);
}
