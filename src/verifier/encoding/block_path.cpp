#include "verifier/encoding/block_path.hpp"

#include "smt/solver.hpp"
#include "verifier/program/bit_precise.hpp"

namespace craig::verifier {

namespace {

bool holds(const smt::Model& m, smt::Term t) {
    const smt::Value v = m.evaluate(t);
    return v.type == smt::Value::Type::Bool && v.b;
}

// Two's complement bits of an integer (inputs are in their type's range, at most 64 bits).
std::uint64_t to_bits(const mpz_class& z) {
    mpz_class m = z;
    if (m < 0) m += mpz_class(1) << 64;
    const mpz_class lo = m & mpz_class(0xffffffffUL), hi = (m >> 32) & mpz_class(0xffffffffUL);
    return (static_cast<std::uint64_t>(hi.get_ui()) << 32) | lo.get_ui();
}

// An accelerated edge (accelerate/accelerate.hpp): each phase's plain path as many times as the
// model's count says, with the inputs each iteration of it reads. False (and cex.unexpanded) when
// the path would pass kMaxExpandedEdges plain edges.
bool expand_accelerated(const Program& plain, const Edge& blk, const AuxRenaming& ren, const smt::Model& m,
                        Counterexample& cex) {
    std::vector<mpz_class> counts;
    mpz_class edges = cex.plain_path.size();
    for (const LoopPhase& phase : blk.phases) {
        const mpq_class q = m.evaluate(ren.at(phase.count)).q;
        if (q.get_den() != 1 || q < 0) throw smt::CheckFailure("counterexample: a negative iteration count");
        counts.push_back(q.get_num());
        edges += counts.back() * phase.body.size();
        cex.accelerated_iterations += counts.back().fits_ulong_p() ? counts.back().get_ui() : UINT64_MAX / 2;
    }
    if (edges > mpz_class(std::to_string(kMaxExpandedEdges))) {
        cex.unexpanded = true;
        return false;
    }
    for (std::size_t k = 0; k < blk.phases.size(); ++k) {
        const LoopPhase& phase = blk.phases[k];
        for (unsigned long it = 0, n = counts[k].get_ui(); it < n; ++it) {
            std::size_t j = 0;
            for (const EdgeId pe : phase.body) {
                cex.plain_path.push_back(pe);
                for (std::size_t i = 0; i < plain.edges[pe].inputs.size(); ++i, ++j) {
                    const mpz_class& z = phase.input_values[j];
                    cex.inputs.push_back(InputValue{plain.input_of(pe, i), to_bits(z), z.get_str()});
                }
            }
        }
    }
    return true;
}

}  // namespace

Counterexample block_path_counterexample(const Program& blocks, std::span<const EdgeId> path,
                                         std::span<const AuxRenaming> renamed, const smt::Model& m) {
    const Program& plain = blocks.plain();
    Counterexample cex;
    auto read_inputs = [&](EdgeId pe, const AuxRenaming& ren, std::span<const smt::Term> inputs) {
        for (std::size_t j = 0; j < plain.edges[pe].inputs.size(); ++j) {
            const smt::Term in = ren.at(inputs[j]);
            const mpz_class z = program_integer(plain.terms(), in, m.evaluate(in).q);
            cex.inputs.push_back(InputValue{plain.input_of(pe, j), to_bits(z), z.get_str()});
        }
    };
    if (&plain == &blocks) {  // a plain program: the path is the counterexample
        for (std::size_t i = 0; i < path.size(); ++i) {
            cex.plain_path.push_back(path[i]);
            read_inputs(path[i], renamed[i], blocks.edges[path[i]].inputs);
        }
        return cex;
    }
    for (std::size_t i = 0; i < path.size(); ++i) {
        const Edge& blk = blocks.edges[path[i]];
        const AuxRenaming& ren = renamed[i];
        if (!blk.phases.empty()) {
            if (!expand_accelerated(plain, blk, ren, m, cex)) return cex;
            continue;
        }
        const LocId start = blocks.locs[blk.src].plain;
        LocId at = blocks.locs[blk.dst].plain;
        std::vector<const BlockStep*> steps;
        do {
            const BlockStep* chosen = nullptr;
            for (const BlockStep& s : blk.steps)
                if (plain.edges[s.plain].dst == at && holds(m, ren.at(s.taken))) {
                    chosen = &s;
                    break;
                }
            if (!chosen) throw smt::CheckFailure("counterexample: no plain edge taken inside a block");
            if (steps.size() > blk.steps.size())
                throw smt::CheckFailure("counterexample: the taken edges of a block form a cycle");
            steps.push_back(chosen);
            at = plain.edges[chosen->plain].src;
        } while (at != start);
        for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
            const BlockStep& s = **it;
            cex.plain_path.push_back(s.plain);
            read_inputs(s.plain, ren, s.inputs);
        }
    }
    return cex;
}

}  // namespace craig::verifier
