// get-interpolants in SMTInterpol's syntax: binary, sequence and tree interpolants of the
// :named assertions after an unsat check-sat.
//
//   (get-interpolants A B C)             sequence: interpolants of A | B C and A B | C
//   (get-interpolants (and A1 A2) B)     a partition of several named assertions
//   (get-interpolants A (B) C)           tree: C is the root with children A and B
//
// A partition is a name or (and NAME+). A list of elements (the top level or a parenthesised
// subtree) is a post-order: each partition in it is the parent of the subtrees before it in
// the same list, back to the previous partition of the list (included). So every partition
// of a list has the list's first node as the start of its subtree (JavaSMT's start indices).
// The answer is one interpolant per partition but the root, in post-order: (I_0 ... I_{n-2}).
// Active assertions that no partition names (unnamed, or named and left out) belong to the root
// partition, for the interpolants and for their check (docs/manual.md: a special case of
// SMTInterpol's theory extension, whose conditions then hold without them but at the root).
// Also (get-state-transition-interpolants P_0 ... P_{n+1}), craig's extension (below).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <unordered_map>

#include "base/stopwatch.hpp"
#include "itp/interpolant_check.hpp"
#include "itp/interpolant_size.hpp"
#include "itp/interpolation.hpp"
#include "itp/simplify.hpp"
#include "itp/state_transition.hpp"
#include "smt/proof_reduction.hpp"
#include "smtlib/interpreter_impl.hpp"
#include "smt/terms/printer.hpp"

namespace craig::smtlib {

namespace {

struct TreeSpec {
    std::vector<uint32_t> start;               // per partition, post-order
    std::vector<std::vector<uint32_t>> names;  // per partition: the pool nodes of its names
    std::vector<uint32_t> node;                // per partition: its pool node (for errors)
};

class TreeReader {
public:
    TreeReader(const SExprPool& pool, const std::function<void(uint32_t, const std::string&)>& fail)
        : pool_(pool), fail_(fail) {}

    // Reads the elements of one list; returns false when the list is empty.
    void read_list(std::span<const uint32_t> elems, uint32_t where, TreeSpec& spec) {
        const uint32_t first = static_cast<uint32_t>(spec.start.size());
        bool last_is_partition = false;
        for (uint32_t e : elems) {
            if (is_partition(e)) {
                spec.start.push_back(first);
                spec.node.push_back(e);
                spec.names.emplace_back();
                if (pool_.is_symbol(e)) {
                    spec.names.back().push_back(e);
                } else {
                    auto ks = pool_.kids(e);
                    if (ks.size() < 2) fail_(e, "expected (and NAME+), got " + describe(pool_, e));
                    for (size_t i = 1; i < ks.size(); ++i) {
                        if (!pool_.is_symbol(ks[i]))
                            fail_(ks[i], "expected the name of an assertion, got " + describe(pool_, ks[i]));
                        spec.names.back().push_back(ks[i]);
                    }
                }
                last_is_partition = true;
            } else if (pool_.is_list(e)) {
                if (pool_.kids(e).empty()) fail_(e, "expected a subtree of partitions, got '()'");
                read_list(pool_.kids(e), e, spec);
                last_is_partition = false;
            } else {
                fail_(e, "expected a partition (a name, (and NAME+) or a parenthesised subtree), got " +
                             describe(pool_, e));
            }
        }
        if (!last_is_partition) fail_(where, "a subtree must end with its root partition (a name or (and NAME+))");
    }

private:
    bool is_partition(uint32_t e) const {
        if (pool_.is_symbol(e)) return true;
        if (!pool_.is_list(e)) return false;
        auto ks = pool_.kids(e);
        return !ks.empty() && pool_.is_word(ks[0], "and");
    }
    const SExprPool& pool_;
    const std::function<void(uint32_t, const std::string&)>& fail_;
};

}  // namespace

itp::ItpOptions Interpreter::interpolation_options() const {
    itp::ItpOptions o;
    o.boolean = *itp::parse_bool_system(options_.get_string("interpolation-bool-algorithm"));
    o.lra = *itp::parse_lra_system(options_.get_string("interpolation-lra-algorithm"));
    o.euf = *itp::parse_euf_system(options_.get_string("interpolation-euf-algorithm"));
    o.lra_strength_factor = *itp::parse_strength_factor(options_.get_string("interpolation-lra-factor"));
    o.dag_route = *itp::parse_dag_route(options_.get_string("interpolation-dag-route"));
    return o;
}

Interpreter::PreparedInterpolation Interpreter::prepare_interpolation(uint32_t cmd,
                                                                      const std::vector<std::vector<uint32_t>>& names) {
    const auto n = static_cast<uint32_t>(names.size());
    // SMTInterpol's scripts ask for interpolants with :produce-proofs alone; the proof is there,
    // but without :produce-interpolants the solver may create AB-mixed atoms (then: unsupported).
    if (!options_.get_bool("produce-interpolants") && !options_.get_bool("produce-proofs"))
        fail(cmd, "this command needs :produce-interpolants (or :produce-proofs) to be true");
    if (!last_.valid || last_.result != smt::Result::Unsat)
        fail(cmd, checked_ && !last_.valid ? "no interpolants: the assertions changed since the last check-sat"
                                           : "no interpolants: the last check-sat did not answer unsat");
    if (last_.assuming) throw Unsupported((*pool_)[cmd].loc, "interpolants after check-sat-assuming");

    PreparedInterpolation out;
    const auto mine_start = std::chrono::steady_clock::now();
    try {
        out.proof = solver_->proof();
    } catch (const smt::ProofError& e) {
        throw smt::CheckFailure(std::string("no proof could be mined for interpolation: ") + e.what());
    }
    if (script_opts_.reduce_proofs) out.proof = smt::reduce_smt_proof(out.proof);
    out.mined_seconds = base::seconds_since(mine_start);
    // Names -> active assertion ids.
    std::unordered_map<std::string, smt::AssertionId> by_name;
    for (const auto& a : out.proof.active) {
        if (auto it = tracked_.find(a.id); it != tracked_.end()) by_name[it->second] = a.id;
    }
    smt::AssertionId max_id = 0;
    for (const auto& a : out.proof.active) max_id = std::max(max_id, a.id);
    out.partition_of.assign(max_id + 1, itp::kNoPartition);
    for (uint32_t p = 0; p < n; ++p)
        for (uint32_t name_node : names[p]) {
            const std::string& name = (*pool_)[name_node].text;
            auto it = by_name.find(name);
            if (it == by_name.end()) fail(name_node, "'" + name + "' is not the :named name of an active assertion");
            if (out.partition_of[it->second] != itp::kNoPartition)
                fail(name_node, "the assertion '" + name + "' is in two partitions");
            out.partition_of[it->second] = p;
        }
    out.partitions.assign(n, {});
    for (const auto& a : out.proof.active)
        out.partitions[out.partition_of[a.id] == itp::kNoPartition ? n - 1 : out.partition_of[a.id]].push_back(
            a.formula);
    return out;
}

void Interpreter::report_interpolant_sizes(const char* command, double seconds, const smt::SmtProof& proof,
                                           std::span<const smt::Term> itps) {
    *diagnostic_ << "; " << command << " seconds " << seconds << " proof-nodes " << proof.resolution.num_nodes();
    for (smt::Term t : itps) {
        itp::TermSize sz = itp::term_size(*tm_, t);
        *diagnostic_ << " | nodes " << sz.dag_nodes << " atoms " << sz.atoms << " symbols " << sz.symbols;
    }
    *diagnostic_ << "\n";
}

bool Interpreter::cmd_get_interpolants(uint32_t cmd, Args args) {
    arity(cmd, args, 2, SIZE_MAX, "(get-interpolants PARTITION PARTITION+)");
    std::function<void(uint32_t, const std::string&)> failer = [this](uint32_t n, const std::string& m) { fail(n, m); };
    TreeSpec spec;
    TreeReader(*pool_, failer).read_list(args, cmd, spec);
    if (spec.start.size() < 2) fail(cmd, "expected at least two partitions");
    const PreparedInterpolation prep = prepare_interpolation(cmd, spec.names);
    InterpolationQuery q{cmd, prep.proof, prep.partition_of, spec.start, prep.partitions};
    if (script_opts_.all_systems) {
        report_all_systems(q);
        return true;
    }
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<smt::Term> itps = interpolate(q, interpolation_options());
    // proof mining and interpolation (and checking, when on) of this command
    if (script_opts_.itp_stats)
        report_interpolant_sizes("get-interpolants", prep.mined_seconds + base::seconds_since(t0), prep.proof, itps);
    std::string response = "(";
    for (size_t i = 0; i < itps.size(); ++i) {
        if (i) response += "\n ";
        response += smt::term_to_string(*tm_, itps[i]);
    }
    *regular_ << response << ")\n";
    return true;
}

// (get-state-transition-interpolants P_0 P_1 ... P_{n+1}): craig's extension for WHALE-style
// summaries (itp/state_transition.hpp). Partitions as in get-interpolants but flat (no
// subtrees); unnamed and left-out active assertions belong to the last. The answer is, in the
// order of the thesis' Def. 6.1, (g_0 s_0 g_1 s_1 ... s_{n-1} g_n), all from the one proof of
// the last check-sat, each condition checked with :certify-interpolants.
bool Interpreter::cmd_get_state_transition_interpolants(uint32_t cmd, Args args) {
    arity(cmd, args, 2, SIZE_MAX, "(get-state-transition-interpolants PARTITION PARTITION+)");
    std::function<void(uint32_t, const std::string&)> failer = [this](uint32_t n, const std::string& m) { fail(n, m); };
    TreeSpec spec;
    TreeReader(*pool_, failer).read_list(args, cmd, spec);
    for (uint32_t i = 0; i < spec.start.size(); ++i)
        if (spec.start[i] != 0)
            fail(spec.node[i], "expected a flat list of partitions (names or (and NAME+)), not a subtree");
    const auto m = static_cast<uint32_t>(spec.start.size());
    if (m < 2) fail(cmd, "expected at least two partitions");
    const PreparedInterpolation prep = prepare_interpolation(cmd, spec.names);
    // The comb: φ_k's assertions go to its node; the state nodes hold no assertion (true).
    const std::vector<uint32_t> start = itp::state_transition_shape(m);
    std::vector<uint32_t> node_of(prep.partition_of.size(), itp::kNoPartition);
    std::vector<std::vector<smt::Term>> node_partitions(start.size());
    for (size_t id = 0; id < node_of.size(); ++id)
        if (prep.partition_of[id] != itp::kNoPartition)
            node_of[id] = itp::state_transition_node(prep.partition_of[id], m);
    for (uint32_t k = 0; k < m; ++k) node_partitions[itp::state_transition_node(k, m)] = prep.partitions[k];
    InterpolationQuery q{cmd, prep.proof, node_of, start, node_partitions};
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<smt::Term> itps = interpolate(q, interpolation_options(), nullptr, nullptr, false);
    const itp::StateTransitionInterpolants st = itp::split_state_transition(itps);
    if (options_.get_bool("certify-interpolants") || options_.get_bool("interpolant-check-mode")) {
        smt::SolverOptions so;
        so.deadline = script_opts_.deadline;
        so.lia_branch_budget = options_.get_numeral("lia-branch-budget");
        const itp::CheckReport rep = itp::check_state_transition_interpolants(*tm_, prep.partitions, st.g, st.s, so);
        if (rep.outcome == itp::CheckOutcome::Invalid)
            throw smt::CheckFailure("state/transition interpolant check failed: " + rep.why);
        if (rep.outcome == itp::CheckOutcome::Inconclusive)
            throw Unsupported((*pool_)[cmd].loc, "the interpolants could not be certified: " + rep.why);
    }
    if (script_opts_.itp_stats)
        report_interpolant_sizes("get-state-transition-interpolants", prep.mined_seconds + base::seconds_since(t0),
                                 prep.proof, itps);
    std::string response = "(";
    for (size_t i = 0; i < itps.size(); ++i) {  // node order is g_0 s_0 g_1 ... s_{n-1} g_n
        if (i) response += "\n ";
        response += smt::term_to_string(*tm_, itps[i]);
    }
    *regular_ << response << ")\n";
    return true;
}

std::vector<smt::Term> Interpreter::interpolate(const InterpolationQuery& q, const itp::ItpOptions& opts,
                                                std::vector<smt::Term>* raw, itp::InterpolationStats* stats,
                                                bool check) {
    itp::InterpolationResult r;
    try {
        r = itp::tree_interpolants(*tm_, q.proof, q.partition_of, q.start, opts);
    } catch (const std::invalid_argument& e) {
        fail(q.cmd, e.what());
    }
    if (!r.ok()) throw Unsupported((*pool_)[q.cmd].loc, "no interpolants for this proof: " + r.unknown_reason);
    if (raw) *raw = r.interpolants;
    if (stats) *stats = r.stats;
    for (smt::Term& t : r.interpolants) t = itp::simplify_interpolant(*tm_, t, script_opts_.simplify_level);
    if (check && (options_.get_bool("certify-interpolants") || options_.get_bool("interpolant-check-mode"))) {
        smt::SolverOptions so;
        so.deadline = script_opts_.deadline;
        so.lia_branch_budget = options_.get_numeral("lia-branch-budget");
        itp::CheckReport rep = itp::check_tree_interpolants(*tm_, q.partitions, q.start, r.interpolants, so);
        if (rep.outcome == itp::CheckOutcome::Invalid)
            throw smt::CheckFailure(std::string("interpolant check failed (") + itp::name(opts.boolean) + " " +
                                    itp::name(opts.lra) + " " + itp::name(opts.euf) + "): " + rep.why);
        if (rep.outcome == itp::CheckOutcome::Inconclusive)
            throw Unsupported((*pool_)[q.cmd].loc, "the interpolants could not be certified: " + rep.why);
    }
    return r.interpolants;
}

// craig itp --all-systems: every combination of the Boolean, LRA and EUF systems (the flexible
// one at the configured factor); combinations with identical interpolants are grouped, and for
// every pair of groups the solver decides whether each interpolant of one implies the other's.
void Interpreter::report_all_systems(const InterpolationQuery& q) {
    struct Group {
        std::vector<std::string> systems;
        std::vector<smt::Term> itps, raw;
        std::string unknown;    // why this system gave no interpolants
        uint64_t repaired = 0;  // tree nodes recomputed from fresh proofs (see below)
    };
    std::vector<Group> groups;
    const itp::ItpOptions base = interpolation_options();
    size_t num_systems = 0;
    for (auto b : itp::kAllBoolSystems)
        for (auto l : {itp::LraSystem::Farkas, itp::LraSystem::DualFarkas, itp::LraSystem::Flexible,
                       itp::LraSystem::DecomposedFarkas, itp::LraSystem::DualDecomposedFarkas})
            for (auto e : {itp::EufSystem::Strong, itp::EufSystem::Weak}) {
                itp::ItpOptions o = base;
                o.boolean = b;
                o.lra = l;
                o.euf = e;
                std::string name = std::string(itp::name(b)) + "/" + itp::name(l) + "/" + itp::name(e);
                ++num_systems;
                Group g;
                try {
                    itp::InterpolationStats st;
                    g.itps = interpolate(q, o, &g.raw, &st);
                    g.repaired = st.repaired_nodes;
                } catch (const Unsupported& u) {
                    g.unknown = u.what();
                }
                auto same = std::find_if(groups.begin(), groups.end(),
                                         [&](const Group& h) { return h.itps == g.itps && h.unknown == g.unknown; });
                if (same != groups.end()) {
                    same->systems.push_back(name);
                    same->repaired += g.repaired;
                } else {
                    g.systems.push_back(name);
                    groups.push_back(std::move(g));
                }
            }
    std::ostream& out = *regular_;
    const Location loc = (*pool_)[q.cmd].loc;
    out << "; get-interpolants at " << filename_ << ":" << loc.line << ":" << loc.col << ": " << groups.size()
        << " distinct results of " << num_systems << " systems\n";
    for (size_t i = 0; i < groups.size(); ++i) {
        const Group& g = groups[i];
        out << "; [" << i + 1 << "] " << g.systems[0];
        for (size_t j = 1; j < g.systems.size(); ++j) out << (j == 1 ? " (same: " : ", ") << g.systems[j];
        out << (g.systems.size() > 1 ? ")" : "") << "\n";
        if (!g.unknown.empty()) {
            out << ";     no interpolants: " << g.unknown << "\n";
            continue;
        }
        // A repaired node comes from another proof than the rest, so strength orders between
        // systems (which hold for one proof) need not hold for this group.
        if (g.repaired > 0) out << ";     tree property repaired at " << g.repaired << " nodes (fresh proofs)\n";
        for (size_t k = 0; k < g.itps.size(); ++k) {
            itp::TermSize sz = itp::term_size(*tm_, g.itps[k]);
            out << ";     I" << k << ": nodes " << sz.dag_nodes << " atoms " << sz.atoms << " symbols " << sz.symbols;
            if (script_opts_.simplify_level > 0) {
                itp::TermSize before = itp::term_size(*tm_, g.raw[k]);
                out << " (before --simplify " << script_opts_.simplify_level << ": nodes " << before.dag_nodes
                    << " atoms " << before.atoms << ")";
            }
            out << "\n";
        }
        out << "(";
        for (size_t k = 0; k < g.itps.size(); ++k) out << (k ? "\n " : "") << smt::term_to_string(*tm_, g.itps[k]);
        out << ")\n";
    }
    // Implications between groups, per interpolant: "i => j" when I_i[k] ⊨ I_j[k] for every k.
    auto entails = [this](smt::Term a, smt::Term b) -> int {  // 1 yes, 0 no, -1 unknown
        smt::SolverOptions so;
        so.deadline = script_opts_.deadline;
        smt::Solver s(*tm_, so);
        s.assert_formula(a);
        s.assert_formula(tm_->mk_not(b));
        smt::Result r = s.check();
        return r == smt::Result::Unsat ? 1 : r == smt::Result::Sat ? 0 : -1;
    };
    out << "; implications (row => column when every interpolant of the row implies the column's):\n";
    for (size_t i = 0; i < groups.size(); ++i) {
        if (!groups[i].unknown.empty()) continue;
        out << ";   [" << i + 1 << "] =>";
        for (size_t j = 0; j < groups.size(); ++j) {
            if (i == j || !groups[j].unknown.empty()) continue;
            int all = 1;
            for (size_t k = 0; k < groups[i].itps.size() && all == 1; ++k)
                all = entails(groups[i].itps[k], groups[j].itps[k]);
            if (all == 1)
                out << " [" << j + 1 << "]";
            else if (all == -1)
                out << " [" << j + 1 << "]?";
        }
        out << "\n";
    }
}

}  // namespace craig::smtlib
