#pragma once
// Sorts: Bool, Int, Real, bit-vectors (_ BitVec n) and uninterpreted sorts (possibly with
// parameters, from declare-sort with arity > 0). Sorts are hash-consed inside a SortTable, so equal sorts have equal ids.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace craig::smt {

struct Sort {
    uint32_t id = UINT32_MAX;
    friend bool operator==(Sort a, Sort b) { return a.id == b.id; }
    friend bool operator!=(Sort a, Sort b) { return a.id != b.id; }
    bool valid() const { return id != UINT32_MAX; }
};

class SortTable {
public:
    SortTable();
    static constexpr Sort Bool{0}, Int{1}, Real{2};

    // The sort `name` applied to `params` (an uninterpreted sort; arity checked by the caller).
    Sort uninterpreted(const std::string& name, const std::vector<Sort>& params = {});
    // (_ BitVec width), width >= 1.
    Sort bitvec(uint32_t width);
    bool is_bv(Sort s) const { return entries_[s.id].width != 0; }
    uint32_t bv_width(Sort s) const { return entries_[s.id].width; }  // 0 for other sorts
    const std::string& name(Sort s) const { return entries_[s.id].name; }
    const std::vector<Sort>& params(Sort s) const { return entries_[s.id].params; }
    bool is_arith(Sort s) const { return s == Int || s == Real; }
    bool is_uninterpreted(Sort s) const { return s.id > 2 && !is_bv(s); }
    std::string to_string(Sort s) const;  // SMT-LIB syntax
    size_t size() const { return entries_.size(); }

private:
    struct Entry {
        std::string name;
        std::vector<Sort> params;
        uint32_t width = 0;  // bit-vector sorts only
    };
    std::vector<Entry> entries_;
    std::unordered_map<std::string, uint32_t> index_;  // key: printed sort
};

}  // namespace craig::smt
