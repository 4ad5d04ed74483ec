#pragma once
// Values of a model: Booleans, rationals (Int and Real) and elements of uninterpreted sorts.
#include <gmpxx.h>

#include <cstdint>
#include <functional>

#include "smt/terms/sort.hpp"

namespace craig::smt {

struct Value {
    enum class Type : uint8_t { Bool, Number, Element };
    Type type = Type::Bool;
    bool b = false;     // Type::Bool
    mpq_class q;        // Type::Number
    uint32_t elem = 0;  // Type::Element: index of the element in its sort's universe
    Sort sort;          // Element: the uninterpreted sort; Number: Int or Real

    static Value of_bool(bool v) {
        Value r;
        r.type = Type::Bool;
        r.b = v;
        r.sort = SortTable::Bool;
        return r;
    }
    static Value of_number(const mpq_class& v, Sort s) {
        Value r;
        r.type = Type::Number;
        r.q = v;
        r.sort = s;
        return r;
    }
    static Value of_element(Sort s, uint32_t e) {
        Value r;
        r.type = Type::Element;
        r.elem = e;
        r.sort = s;
        return r;
    }

    friend bool operator==(const Value& a, const Value& b) {
        if (a.type != b.type) return false;
        switch (a.type) {
            case Type::Bool: return a.b == b.b;
            case Type::Number: return a.q == b.q;
            case Type::Element: return a.sort == b.sort && a.elem == b.elem;
        }
        return false;
    }
    friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }
};

struct ValueHash {
    size_t operator()(const Value& v) const {
        switch (v.type) {
            case Value::Type::Bool: return v.b;
            case Value::Type::Number: return std::hash<double>{}(v.q.get_d()) * 31 + 7;
            case Value::Type::Element: return (size_t{v.sort.id} << 32) ^ v.elem ^ 0x55;
        }
        return 0;
    }
};

}  // namespace craig::smt
