// ValuationIndex: the reached explicit states of one location, indexed for the covering check of
// the explicit-value analysis (a reached state r covers a new state s when r's bindings are a
// subset of s's). States are grouped by the set of variables they bind (few per location: the
// location's precision decides it) and hashed on their values, so a check looks up, per group
// whose variables s binds too, the states equal to s restricted to them: no scan over the
// location's states (the scan took 61% of a run on SystemC's pipeline, measured with perf).
//
//   ValuationIndex ix;
//   ix.insert(id, bindings);
//   ix.find_subset(bindings, [&](std::uint32_t id) { return bindings_of(id); },
//                  [&](std::uint32_t id) { return other_conditions(id); });   // id or kNoState
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <unordered_map>
#include <vector>

#include "verifier/domains/value_transfer.hpp"

namespace craig::verifier {

class ValuationIndex {
public:
    static constexpr std::uint32_t kNoState = UINT32_MAX;

    void clear() { groups_.clear(); }
    void insert(std::uint32_t id, std::span<const Binding> b);
    // A state whose bindings are a subset of b and that `accept` takes (kNoState: none).
    std::uint32_t find_subset(std::span<const Binding> b,
                              const std::function<std::span<const Binding>(std::uint32_t)>& bindings_of,
                              const std::function<bool(std::uint32_t)>& accept) const;

private:
    struct Group {
        std::vector<VarId> vars;  // sorted
        std::unordered_multimap<std::uint64_t, std::uint32_t> by_hash;
    };
    static std::uint64_t mix(std::uint64_t h, const Binding& x);

    std::vector<Group> groups_;
};

}  // namespace craig::verifier
