#include "verifier/encoding/block_path_replay.hpp"

#include <vector>

#include "verifier/encoding/block_path.hpp"
#include "verifier/encoding/exact_check.hpp"
#include "verifier/encoding/operator_refinement.hpp"

namespace craig::verifier {

using smt::Term;

BlockPathReplay replay_block_path(const Program& blocks, std::span<const EdgeId> path,
                                  const smt::SolverOptions& solver_options, unsigned operator_rounds,
                                  const std::string& tag) {
    smt::TermManager& tm = blocks.terms();
    smt::Solver s(tm, solver_options);
    OperatorRefinement ops(tm);
    const std::string name = tag.size() > 1 && tag[0] == '#' ? tag.substr(1) : tag;
    auto fresh_state = [&](std::size_t k) {
        std::vector<Term> st;
        for (const ProgramVar& v : blocks.vars)
            st.push_back(tm.mk_const(tm.fresh_fun(v.name + "@" + name + std::to_string(k), {}, var_sort(tm, v))));
        return st;
    };
    std::vector<AuxRenaming> renamed(path.size());
    std::vector<Term> pre = fresh_state(0);
    for (std::size_t k = 0; k < path.size(); ++k) {
        std::vector<Term> post = fresh_state(k + 1);
        const Term f = instantiate(blocks, blocks.edges[path[k]], pre, post, tag + std::to_string(k), true, &renamed[k]);
        ops.scan(f);
        s.assert_formula(f);
        pre = std::move(post);
    }
    const ExactCheck c = exact_check(s, ops, {}, operator_rounds);
    BlockPathReplay r;
    r.result = c.result;
    r.operator_instances = c.instances;
    if (c.result == smt::Result::Unknown) {
        r.out_of_rounds = c.out_of_rounds;
        if (!c.out_of_rounds) r.solver_reason = s.reason_unknown();
        r.why = c.why(s);
    } else if (c.result == smt::Result::Sat) {
        r.cex = block_path_counterexample(blocks, path, renamed, s.model());
    }
    return r;
}

}  // namespace craig::verifier
