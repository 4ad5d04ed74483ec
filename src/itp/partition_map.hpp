// PartitionMap: which partition each assertion of one solver belongs to, as the interpolators
// read it (interpolation.hpp: partition_of_assertion[id], kNoPartition for an assertion in none).
//
//   itp::PartitionMap part;
//   part.assert_in(solver, a, 0);                  // solver.assert_formula(a), in partition 0
//   part.set(id, 1);                               // an assertion made elsewhere (a lemma), in 1
//   sequence_interpolants(tm, solver.proof(), part, 2, options);
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "itp/interpolation.hpp"
#include "smt/solver.hpp"

namespace craig::itp {

class PartitionMap {
public:
    void set(smt::AssertionId id, std::uint32_t partition) {
        if (part_.size() <= id) part_.resize(id + 1, kNoPartition);
        part_[id] = partition;
    }
    smt::AssertionId assert_in(smt::Solver& s, smt::Term f, std::uint32_t partition) {
        const smt::AssertionId id = s.assert_formula(f);
        set(id, partition);
        return id;
    }
    operator std::span<const std::uint32_t>() const { return part_; }  // NOLINT: read as the interpolators' input

private:
    std::vector<std::uint32_t> part_;
};

}  // namespace craig::itp
