#include "smt/terms/sort.hpp"

#include "smt/terms/printer.hpp"

namespace craig::smt {

SortTable::SortTable() {
    // The built-in sorts are not in index_: a logic without arithmetic may declare its own
    // uninterpreted sort named Int, which must stay distinct from the arithmetic one.
    for (const char* n : {"Bool", "Int", "Real"}) entries_.push_back({n, {}});
}

Sort SortTable::uninterpreted(const std::string& name, const std::vector<Sort>& params) {
    std::string key = quote_symbol(name);
    if (!params.empty()) {
        key = "(" + name;
        for (Sort p : params) key += " " + to_string(p);
        key += ")";
    }
    auto it = index_.find(key);
    if (it != index_.end()) return Sort{it->second};
    uint32_t id = static_cast<uint32_t>(entries_.size());
    entries_.push_back({name, params});
    index_.emplace(std::move(key), id);
    return Sort{id};
}

Sort SortTable::bitvec(uint32_t width) {
    // The key is not a symbol a user sort can have (a user sort "(_ BitVec 8)" is keyed quoted).
    std::string key = "(_ BitVec " + std::to_string(width) + ")";
    auto it = index_.find(key);
    if (it != index_.end()) return Sort{it->second};
    uint32_t id = static_cast<uint32_t>(entries_.size());
    entries_.push_back({"BitVec", {}, width});
    index_.emplace(std::move(key), id);
    return Sort{id};
}

std::string SortTable::to_string(Sort s) const {
    const Entry& e = entries_[s.id];
    if (e.width) return "(_ BitVec " + std::to_string(e.width) + ")";
    if (e.params.empty()) return quote_symbol(e.name);
    std::string r = "(" + quote_symbol(e.name);
    for (Sort p : e.params) r += " " + to_string(p);
    return r + ")";
}

}  // namespace craig::smt
