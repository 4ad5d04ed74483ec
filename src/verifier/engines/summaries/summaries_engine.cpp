// Engine `summaries`: function summaries from interpolants (Asadi's thesis Ch. 3, HiFrog; issue
// 21) - partitioned BMC over the unwound call tree (summaries/call_tree.hpp), the assertion
// sites checked one after another (summaries/assertion_sites.hpp), each by the counterexample-
// guided substitution of summaries/partitioned_bmc.hpp, the summaries that one site's proof
// gives reused for the next.
//
// Bounded, as HiFrog: within an unwinding ν (each loop iterated, each recursion nested, at most ν
// times per call path) a site is violated (FALSE, the path replayed by the gate) or not. With
// `--unwind 0` (the default) ν runs 1, 2, 4, ... until the budget ends; with `--unwind N` only N
// is checked, as in the thesis. TRUE only when the unwinding is complete: no call path reaches
// the bound (one more query, for the unwinding code), and the gate re-derives that claim with its
// own precise unrolling (certify/unwound_check.hpp); otherwise UNKNOWN "no violation within
// unwinding ν". With `--assertion N` only site N is checked (TRUE then speaks of that site).
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "frontend/errors.hpp"
#include "itp/interpolant_size.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/encoding/procedure_body.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/engines/summaries/assertion_sites.hpp"
#include "verifier/engines/summaries/partitioned_bmc.hpp"
#include "verifier/engines/summaries/summary_file.hpp"
#include "verifier/engines/summaries/summary_repair.hpp"

namespace craig::verifier {

namespace {

using smt::Term;

std::string check_theory(const std::string& v) {
    return v == "euf" || v == "lra" || v == "lia" ? std::string() : "expected euf, lra or lia";
}

std::string check_scheme(const std::string& v) {
    return v == "lazy" || v == "eager" || v == "precise" ? std::string() : "expected lazy, eager or precise";
}

class SummariesEngine final : public ProceduralEngine {
public:
    explicit SummariesEngine(const EngineSettings& s) : s_(s) {}

    Verdict solve(const Program&, const base::Budget&) override {
        Verdict v;
        v.reason = "summaries needs the procedural model of a C program (craig verify --engine summaries)";
        return v;
    }

    Verdict solve_procedures(const Procedures& ps, const base::Budget& budget) override {
        const auto t0 = base::Budget::Clock::now();
        Program plain = *ps.plain;  // the model with error codes is built on a copy (same edges)
        const std::vector<AssertionSite> sites = assertion_sites(plain);
        const unsigned only = s_.number("summaries-assertion");
        Verdict v;
        if (only > sites.size()) {
            v.reason = "no assertion " + std::to_string(only) + ": the program has " + std::to_string(sites.size());
            return v;
        }
        const ProcedureOptions codes = site_codes(plain, sites);
        const Procedures model = build_procedures(plain, codes);
        PbmcOptions o;
        const std::string scheme = s_.get("summaries-scheme");
        o.scheme = scheme == "precise" ? SubstitutionScheme::Precise
                   : scheme == "eager" ? SubstitutionScheme::Eager
                                       : SubstitutionScheme::Lazy;
        o.itp = itp_options(s_);
        o.learn = s_.flag("summaries-reuse") && o.scheme != SubstitutionScheme::Precise;
        o.check_models = s_.check_models;
        o.check_certificates = s_.check_certificates;
        o.sat_integration = s_.sat_integration;
        o.operator_rounds = s_.operator_rounds;
        o.max_nodes = s_.number("summaries-max-instances");
        o.tree_property = s_.flag("summaries-tree-property");
        const std::string theory = s_.get("summaries-theory");
        o.theory = theory == "euf" ? Theory::Euf : theory == "lra" ? Theory::Lra : Theory::Lia;
        PbmcStats stats;
        // The slice of each checked site (slice.hpp), made once: it does not depend on the unwinding.
        const bool slicing = s_.flag("summaries-slice");
        std::vector<std::optional<SlicedModel>> slices(sites.size());
        std::uint64_t slice_calls = 0, slice_conjuncts = 0, slice_tests = 0, slice_vars = 0;
        std::vector<std::size_t> checked;
        for (std::size_t i = 0; i < sites.size(); ++i)
            if (only == 0 || only == i + 1) checked.push_back(i);
        const unsigned fixed = s_.number("summaries-unwind");
        unsigned nu = fixed ? fixed : 1;
        std::uint64_t reused_sites = 0;
        // The summary file: read now (a foreign or ill-formed file is refused before any work),
        // its summaries used from the unwinding they were made for, written at the end.
        const std::string path = s_.get("summaries-file");
        const bool revision = !id().revision_of_hash.empty();
        std::optional<SummaryFile> loaded = path.empty() ? std::nullopt : read_file(path, model);
        if (revision && !loaded)
            throw frontend::InputError(path.empty() ? std::string("--summaries-revision-of") : path,
                                       "no summary file of the old version to revise (--summaries-file FILE)");
        if (loaded) {
            if (fixed && fixed != loaded->unwinding)
                throw frontend::ParseError(frontend::SourceLocation{path, 1, 1},
                                           "the summaries hold for unwinding " + std::to_string(loaded->unwinding) +
                                               ", not " + std::to_string(fixed) + " (--unwind)");
            nu = loaded->unwinding;
        }
        std::optional<CallTree> tree;
        SummaryStore store;
        LoadCounts load;
        RevisionCounts rev;
        auto finish = [&](Verdict r) {
            r.stats.count("summaries.unwinding", nu);
            r.stats.count("summaries.assertions", sites.size());
            r.stats.count("summaries.queries", stats.queries);
            r.stats.count("summaries.checks", stats.checks);
            r.stats.count("summaries.refined", stats.refinements);
            r.stats.count("summaries.precise", stats.precise);
            r.stats.count("summaries.reused", stats.summarised);
            r.stats.count("summaries.nondet", stats.nondet);
            r.stats.count("summaries.made", stats.summaries_made);
            r.stats.count("summaries.kept", stats.summaries_kept);
            // The final store: how many summaries, conjuncts and term nodes (their size).
            std::uint64_t keys = 0, conjuncts = 0, nodes = 0;
            for (const std::vector<Term>& cs : store.conjuncts) {
                keys += cs.empty() ? 0 : 1;
                conjuncts += cs.size();
                if (!cs.empty())
                    nodes += itp::term_size(model.plain->terms(), model.plain->terms().mk_and(cs)).dag_nodes;
            }
            r.stats.count("summaries.stored", keys);
            r.stats.count("summaries.stored-conjuncts", conjuncts);
            r.stats.count("summaries.stored-nodes", nodes);
            r.stats.count("summaries.sites-with-reuse", reused_sites);
            r.stats.count("summaries.interpolation-failures", stats.interpolation_failures);
            r.stats.count("summaries.theory-refinements", stats.theory_refinements);
            r.stats.count("summaries.slice.calls", slice_calls);
            r.stats.count("summaries.slice.conjuncts-dropped", slice_conjuncts);
            r.stats.count("summaries.slice.tests-weakened", slice_tests);
            r.stats.count("summaries.slice.vars-dropped", slice_vars);
            r.stats.count("summaries.slice.instances-left-out", stats.sliced);
            r.stats.count("summaries.slice.rechecks", stats.slice_rechecks);
            r.stats.seconds("summaries.encode-time", stats.encode_seconds);
            r.stats.seconds("summaries.solve-time", stats.solve_seconds);
            r.stats.seconds("summaries.interpolation-time", stats.interpolation_seconds);
            r.stats.count("summaries.loaded", load.loaded);
            r.stats.count("summaries.loaded-valid", load.valid);
            r.stats.count("summaries.loaded-invalid", load.invalid);
            if (revision) {
                r.stats.count("summaries.revision.changed", rev.changed);
                r.stats.count("summaries.revision.new-functions", rev.new_functions);
                r.stats.count("summaries.revision.dropped", rev.dropped);
                r.stats.count("summaries.revision.validated", rev.validated);
                r.stats.count("summaries.revision.kept", rev.kept);
                r.stats.count("summaries.revision.weakened", rev.weakened);
                r.stats.count("summaries.revision.invalidated", rev.invalidated);
                r.stats.count("summaries.revision.strengthened", rev.strengthened);
                r.stats.count("summaries.revision.refined", rev.refined);
                r.stats.seconds("summaries.revision.time", rev.seconds);
            }
            if (!path.empty() && tree) r.stats.count("summaries.written", write_file(path, model, *tree, store, nu));
            r.stats.seconds("summaries.time", base::seconds_since(t0));
            return r;
        };
        for (;;) {
            tree.emplace(model, nu);
            store = SummaryStore();
            if (loaded && loaded->unwinding == nu) {
                if (revision) {
                    const std::string why =
                        revise(*loaded, id().function_hashes, model, *tree, store, o, budget, stats, rev);
                    if (!why.empty()) {
                        v.reason = why;
                        return finish(v);
                    }
                } else {
                    load = check_loaded(*loaded, model, *tree, store, s_.flag("summaries-check"), o, budget, stats);
                }
                loaded.reset();
            }
            for (std::size_t i : checked) {
                progress([&] {
                    return "unwinding " + std::to_string(nu) + ", assertion " + std::to_string(i + 1) + " of " +
                           std::to_string(sites.size()) + ", " + std::to_string(stats.queries) + " queries";
                });
                SummaryStore fresh;
                SummaryStore& use = s_.flag("summaries-reuse") ? store : fresh;
                const std::uint64_t before = stats.summarised;
                const std::int64_t code[1] = {sites[i].code};
                if (slicing && !slices[i]) {
                    slices[i] = slice_model(model, codes, code);
                    slice_calls += slices[i]->calls_sliced;
                    slice_conjuncts += slices[i]->dropped_conjuncts;
                    slice_tests += slices[i]->weakened_tests;
                    slice_vars += slices[i]->vars_dropped;
                }
                PbmcResult r = check_flag(model, *tree, code, use, o, budget, stats, slicing ? &*slices[i] : nullptr);
                if (stats.summarised > before) ++reused_sites;
                const std::string which = "assertion " + std::to_string(i + 1) + " (" + sites[i].text + ")";
                if (r.kind == PbmcResult::Reached) {
                    v.kind = VerdictKind::False;
                    v.cex = std::move(r.cex);
                    v.reason = which + " violated within unwinding " + std::to_string(nu);
                    return finish(v);
                }
                if (r.kind == PbmcResult::Unknown) {
                    v.reason = r.reason + " at unwinding " + std::to_string(nu) + ", " + which;
                    return finish(v);
                }
            }
            // Complete when no call path reaches the bound (sites already refuted).
            const std::int64_t cut[1] = {kUnwindingCode};
            const PbmcResult r = check_flag(model, *tree, cut, store, o, budget, stats);
            if (r.kind == PbmcResult::Unknown) {
                v.reason = r.reason + " at unwinding " + std::to_string(nu) + " (completeness)";
                return finish(v);
            }
            if (r.kind == PbmcResult::Refuted) {
                v.kind = VerdictKind::True;
                Certificate::Unwound u{nu, codes, {kUnwindingCode}, {}};
                for (std::size_t i : checked) u.refuted.push_back(sites[i].code);
                // The summaries as lemmas: the gate proves the ones it uses, locally.
                for (std::uint32_t key = 0; key < store.conjuncts.size(); ++key)
                    if (store.has(key) && !tree->key_cut(key))
                        u.lemmas.push_back({tree->key_proc(key), tree->key_counts(key),
                                            model.plain->terms().mk_and(store.conjuncts[key])});
                v.certificate.unwound = std::move(u);
                v.reason = (only ? "assertion " + std::to_string(only) + " holds" : std::string("no violation")) +
                           "; every execution ends within unwinding " + std::to_string(nu);
                return finish(v);
            }
            const std::string within = (only ? "assertion " + std::to_string(only) : std::string("no violation")) +
                                       " within unwinding " + std::to_string(nu) + " (deeper executions exist)";
            if (fixed || (s_.bound && 2 * nu > s_.bound)) {
                v.reason = within;
                return finish(v);
            }
            if (budget.exhausted()) {
                v.reason = std::string(budget.why()) + " after " + within;
                return finish(v);
            }
            nu *= 2;
        }
    }

private:
    // run_verify's identity of the program (EngineCapabilities::identity); empty hashes without.
    const ProgramIdentity& id() const {
        static const ProgramIdentity none;
        return identity() ? *identity() : none;
    }

    // The file's summaries against this program (model hash, interfaces); a missing file is an
    // empty store (it will be written).
    SummaryFile read_file_text(const std::string& path, const std::string& text, const Procedures& model) const {
        const bool revision = !id().revision_of_hash.empty();
        SummaryFile f =
            read_summary_file(model, text, path, revision ? id().revision_of_hash : id().program_hash, revision);
        if (f.unwinding == 0)
            throw frontend::ParseError(frontend::SourceLocation{path, 1, 1},
                                       "expected (set-info :craig-unwinding N) in a craig summary file");
        return f;
    }

    std::optional<SummaryFile> read_file(const std::string& path, const Procedures& model) const {
        std::ifstream in(path, std::ios::binary);
        if (!in) return std::nullopt;
        std::ostringstream text;
        text << in.rdbuf();
        if (!in.good() && !in.eof()) throw frontend::InputError(path, "cannot read the summary file");
        return read_file_text(path, text.str(), model);
    }

    // The summaries of the non-recursive C functions (not main) at unwinding nu; returns how many.
    std::uint64_t write_file(const std::string& path, const Procedures& model, CallTree& tree,
                             const SummaryStore& store, unsigned nu) const {
        smt::TermManager& tm = model.plain->terms();
        SummaryFile f;
        f.version = s_.producer;
        f.program = model.plain->provenance.file;
        f.program_hash = id().program_hash;
        f.function_hashes = id().function_hashes;
        f.unwinding = nu;
        f.interpolation = s_.get("itp-bool") + " " + s_.get("itp-lra") + " " + s_.get("itp-euf");
        const Program& p = *model.plain;
        for (std::size_t fn = 1; fn < p.functions.size(); ++fn) {
            const ProcId proc = model.of_function[fn];
            if (tree.recursive(proc)) continue;
            const std::uint32_t key = tree[tree.add_root(proc)].key;
            if (!store.has(key)) continue;
            f.summaries.push_back(StoredSummary{p.functions[fn].name, tm.mk_and(store.conjuncts[key]), {}});
        }
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << write_summary_file(model, f);
        if (!out) throw frontend::InputError(path, "cannot write the summary file");
        return f.summaries.size();
    }

    EngineSettings s_;
};

constexpr EngineOption kSummariesOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    {"summaries-unwind", OptionKind::Unsigned, "0",
     "the unwinding: loop iterations and recursion depth per call path (0: 1, 2, 4, ... until the budget ends)"},
    {"summaries-assertion", OptionKind::Unsigned, "0", "check only assertion site N (from 1, in source order; 0: all in order)"},
    {"summaries-scheme", OptionKind::Choice, "lazy",
     "substitution of calls: lazy (summary or nondet, refined on counterexamples), eager (summary or inlined), "
     "precise (all inlined)",
     check_scheme},
    {"summaries-theory", OptionKind::Choice, "lia",
     "the theory calls are first encoded and summarised in: euf (arithmetic uninterpreted), lra (integers relaxed) or "
     "lia; a counterexample through a call in a cheaper theory refines that call's theory (euf, lra, lia)",
     check_theory},
    // Off by measurement: a slice can leave out calls whose summaries the gate's query needs
    // (docs/results/code-measurements.md, summaries-slice-off).
    {"summaries-slice", OptionKind::Flag, "false",
     "slice the program on each assertion's variables (other assertions, and calls that cannot reach it and whose "
     "results it does not need, are left out; a path found so is looked for again unsliced)"},
    {"summaries-reuse", OptionKind::Flag, "true",
     "keep the summaries of one assertion's proof for the next (--no-summaries-reuse: each assertion from scratch)"},
    {"summaries-tree-property", OptionKind::Flag, "false",
     "summaries as tree interpolants with the tree interpolation property established (checked and repaired by "
     "solver queries, as UpProver assumes); off: each summary is its instance's cut of the proof, which is all "
     "soundness needs (measured: interpolation 87 of 98 s on multi_assert k8 m8 with it on)"},
    {"summaries-max-instances", OptionKind::Unsigned, "200000", "precise call instances per query before UNKNOWN"},
    {"summaries-file", OptionKind::Text, "",
     "summary file (SMT-LIB, one define-fun per function): read before the run when it exists (a file of another "
     "program is refused), written after it"},
    {"summaries-revision-of", OptionKind::Text, "",
     "OLD.c: the program is a revision of OLD.c, whose summaries --summaries-file FILE holds; they are validated, "
     "weakened, strengthened and refined for the changed functions only (UpProver), then written back"},
    {"summaries-check", OptionKind::Flag, "true",
     "check every summary read from --summaries-file against its function before using it (--no-summaries-check: trust "
     "the file; a wrong summary then fails the certification gate)"},
};

}  // namespace

const EngineInfo& summaries_engine() {
    static const EngineInfo info{
        "summaries",
        "function summaries from interpolants (HiFrog): partitioned BMC over the unwound call tree, assertions one "
        "after another, summaries reused and refined on counterexamples",
        kSummariesOptions,
        nullptr,
        [](const EngineSettings& s) -> std::unique_ptr<ProceduralEngine> { return std::make_unique<SummariesEngine>(s); },
        {.identity = true}};
    return info;
}

}  // namespace craig::verifier
