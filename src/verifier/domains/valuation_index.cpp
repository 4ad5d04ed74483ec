#include "verifier/domains/valuation_index.hpp"

#include <algorithm>

namespace craig::verifier {

std::uint64_t ValuationIndex::mix(std::uint64_t h, const Binding& x) {
    const auto v = static_cast<UValue>(x.value);
    h ^= (std::uint64_t(x.var) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
    h *= 0xff51afd7ed558ccdULL;
    h ^= static_cast<std::uint64_t>(v) + 0xc4ceb9fe1a85ec53ULL * static_cast<std::uint64_t>(v >> 64);
    h *= 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 29);
}

void ValuationIndex::insert(std::uint32_t id, std::span<const Binding> b) {
    auto same_vars = [&](const Group& g) {
        return g.vars.size() == b.size() && std::equal(g.vars.begin(), g.vars.end(), b.begin(),
                                                       [](VarId v, const Binding& x) { return v == x.var; });
    };
    auto it = std::find_if(groups_.begin(), groups_.end(), same_vars);
    if (it == groups_.end()) {
        Group g;
        for (const Binding& x : b) g.vars.push_back(x.var);
        groups_.push_back(std::move(g));
        it = groups_.end() - 1;
    }
    std::uint64_t h = 0;
    for (const Binding& x : b) h = mix(h, x);
    it->by_hash.emplace(h, id);
}

std::uint32_t ValuationIndex::find_subset(std::span<const Binding> b,
                                          const std::function<std::span<const Binding>(std::uint32_t)>& bindings_of,
                                          const std::function<bool(std::uint32_t)>& accept) const {
    for (const Group& g : groups_) {
        if (g.vars.size() > b.size()) continue;
        // b restricted to the group's variables (all of them must be bound in b)
        std::uint64_t h = 0;
        std::size_t j = 0;
        bool bound = true;
        for (VarId v : g.vars) {
            while (j < b.size() && b[j].var < v) ++j;
            if (j == b.size() || b[j].var != v) {
                bound = false;
                break;
            }
            h = mix(h, b[j]);
        }
        if (!bound) continue;
        const auto [first, last] = g.by_hash.equal_range(h);
        for (auto it = first; it != last; ++it) {
            const std::span<const Binding> rb = bindings_of(it->second);
            std::size_t k = 0;
            bool equal = true;
            for (const Binding& x : rb) {
                while (k < b.size() && b[k].var < x.var) ++k;
                if (k == b.size() || b[k] != x) {
                    equal = false;
                    break;
                }
            }
            if (equal && accept(it->second)) return it->second;
        }
    }
    return kNoState;
}

}  // namespace craig::verifier
