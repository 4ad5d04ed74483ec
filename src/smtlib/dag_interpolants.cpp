// get-dag-interpolants: DAG interpolants (itp/dag_interpolation.hpp) of :named terms on edges.
//
//   (get-dag-interpolants ENTRY EXIT (FROM TO LABEL)+)
//
// Vertices are numerals 0..n-1 (n = 1 + the largest vertex named); LABEL is the name of a
// :named term in scope or (and NAME+) for their conjunction; a name may label several edges.
// The answer is one formula per vertex, (I_0 ... I_{n-1}), with I(ENTRY) = true,
// I(EXIT) = false and I(u) ∧ L(u,v) ⊨ I(v) on every edge. Unlike get-interpolants it does not
// read the last check-sat: the labels are formulas, not assertions, and every ENTRY-EXIT path
// must be unsatisfiable (else: unsupported, with the path's vertex). craig's own extension;
// SMTInterpol and OpenSMT have no DAG command.
#include <algorithm>
#include <chrono>
#include <limits>

#include "base/stopwatch.hpp"
#include "itp/dag_interpolation.hpp"
#include "itp/interpolant_size.hpp"
#include "itp/simplify.hpp"
#include "smtlib/interpreter_impl.hpp"
#include "smt/terms/printer.hpp"

namespace craig::smtlib {

namespace {
constexpr uint32_t kMaxVertices = 1u << 20;
}

uint32_t Interpreter::dag_vertex(uint32_t node) const {
    const SNode& x = (*pool_)[node];
    if (x.kind != SKind::Numeral) fail(node, "expected a vertex (a numeral), got " + describe(*pool_, node));
    if (x.text.size() > 7 || std::stoul(x.text) >= kMaxVertices)
        fail(node, "a vertex number must be below " + std::to_string(kMaxVertices));
    return static_cast<uint32_t>(std::stoul(x.text));
}

smt::Term Interpreter::dag_label(uint32_t node) const {
    auto named = [&](uint32_t n) -> smt::Term {
        if (!pool_->is_symbol(n)) fail(n, "expected the name of a :named term, got " + describe(*pool_, n));
        const std::string& name = (*pool_)[n].text;
        const auto& all = env_->named();
        auto it = std::find_if(all.rbegin(), all.rend(), [&](const NamedTerm& t) { return t.name == name; });
        if (it == all.rend()) fail(n, "'" + name + "' is not the name of a :named term in scope");
        if (!tm_->is_bool(it->term)) fail(n, "'" + name + "' is not a formula");
        return it->term;
    };
    if (pool_->is_symbol(node)) return named(node);
    auto ks = pool_->is_list(node) ? pool_->kids(node) : std::span<const uint32_t>{};
    if (ks.size() < 2 || !pool_->is_word(ks[0], "and"))
        fail(node, "expected an edge label (a name or (and NAME+)), got " + describe(*pool_, node));
    std::vector<smt::Term> parts;
    for (size_t i = 1; i < ks.size(); ++i) parts.push_back(named(ks[i]));
    return tm_->mk_and(parts);
}

bool Interpreter::cmd_get_dag_interpolants(uint32_t cmd, Args args) {
    arity(cmd, args, 3, SIZE_MAX, "(get-dag-interpolants ENTRY EXIT (FROM TO LABEL)+)");
    if (!options_.get_bool("produce-interpolants")) fail(cmd, "this command needs :produce-interpolants to be true");
    if (!tm_) fail(cmd, "no DAG interpolants before set-logic");
    const uint32_t entry = dag_vertex(args[0]), exit = dag_vertex(args[1]);
    uint32_t n = std::max(entry, exit) + 1;
    std::vector<itp::DagEdge> edges;
    for (size_t i = 2; i < args.size(); ++i) {
        auto ks = pool_->is_list(args[i]) ? pool_->kids(args[i]) : std::span<const uint32_t>{};
        if (ks.size() != 3) fail(args[i], "expected an edge (FROM TO LABEL), got " + describe(*pool_, args[i]));
        itp::DagEdge e{dag_vertex(ks[0]), dag_vertex(ks[1]), dag_label(ks[2])};
        n = std::max({n, e.from + 1, e.to + 1});
        edges.push_back(e);
    }
    if (entry == exit) fail(args[1], "the exit must differ from the entry");
    smt::SolverOptions so;
    so.deadline = script_opts_.deadline;
    so.lia_branch_budget = options_.get_numeral("lia-branch-budget");
    itp::DagInterpolationResult r;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        r = itp::dag_interpolants(*tm_, n, entry, exit, edges, interpolation_options(), so);
    } catch (const std::invalid_argument& e) {
        fail(cmd, e.what());
    }
    if (!r.ok()) throw Unsupported((*pool_)[cmd].loc, "no DAG interpolants: " + r.unknown_reason);
    for (smt::Term& t : r.at) t = itp::simplify_interpolant(*tm_, t, script_opts_.simplify_level);
    if (script_opts_.itp_stats) {
        // Where the vertices came from and what it cost (itp/dag_interpolation.hpp).
        *diagnostic_ << "; get-dag-interpolants route " << itp::name(interpolation_options().dag_route) << " seconds "
                     << base::seconds_since(t0) << " proof-queries " << r.queries << " checks " << r.checks
                     << " one-proof-vertices " << r.one_proof_vertices << " per-vertex-vertices "
                     << r.per_vertex_vertices << " eliminated-symbols " << r.eliminated_symbols;
        uint64_t nodes = 0;
        for (smt::Term t : r.at) nodes += itp::term_size(*tm_, t).dag_nodes;
        *diagnostic_ << " nodes " << nodes;
        if (!r.fallback_reason.empty()) *diagnostic_ << " fallback: " << r.fallback_reason;
        *diagnostic_ << "\n";
    }
    if (options_.get_bool("certify-interpolants") || options_.get_bool("interpolant-check-mode")) {
        itp::DagCheckReport c = itp::check_dag_interpolants(*tm_, n, entry, exit, edges, r.at, so);
        if (c.outcome == itp::DagCheckReport::Invalid)
            throw smt::CheckFailure("DAG interpolant check failed: " + c.why);
        if (c.outcome == itp::DagCheckReport::Inconclusive)
            throw Unsupported((*pool_)[cmd].loc, "the DAG interpolants could not be certified: " + c.why);
    }
    std::string response = "(";
    for (size_t v = 0; v < r.at.size(); ++v) {
        if (v) response += "\n ";
        response += smt::term_to_string(*tm_, r.at[v]);
    }
    *regular_ << response << ")\n";
    return true;
}

}  // namespace craig::smtlib
