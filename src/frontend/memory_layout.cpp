#include "frontend/memory_layout.hpp"

namespace craig::frontend {

namespace {

// a * b, or nullopt above kMaxCells.
std::optional<std::uint64_t> mul_cells(std::uint64_t a, std::uint64_t b) {
    if (a != 0 && b > kMaxCells / a) return std::nullopt;
    return a * b;
}

// The member of `record` whose cells contain `cell`, and the offset of its first cell.
std::pair<std::size_t, std::uint64_t> field_at(Type record, std::uint64_t cell) {
    const auto& fields = record.info->fields;
    std::uint64_t start = 0;
    for (std::size_t k = 0; k < fields.size(); ++k) {
        const std::uint64_t n = cell_count(fields[k].type).value_or(0);
        if (cell < start + n) return {k, start};
        start += n;
    }
    return {fields.size(), start};  // not reached for a cell inside the record
}

// s += "[i]" (built piecewise: GCC 12 warns falsely about "[" + std::to_string(i)).
template <typename Int>
void append_index(std::string& s, Int i) {
    s += '[';
    s += std::to_string(i);
    s += ']';
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

}  // namespace

std::optional<std::uint64_t> cell_count(Type t) {
    if (t.is_scalar()) return 1;
    if (t.is_array()) {
        const Aggregate& a = *t.info;
        if (!a.length) return std::nullopt;
        auto e = cell_count(a.target);
        if (!e) return std::nullopt;
        return mul_cells(*a.length, *e);
    }
    if (t.is_struct()) {
        if (!t.info->complete) return std::nullopt;
        std::uint64_t n = 0;
        for (const Field& f : t.info->fields) {
            auto c = cell_count(f.type);
            if (!c || *c > kMaxCells - n) return std::nullopt;
            n += *c;
        }
        return n;
    }
    return std::nullopt;
}

std::uint64_t field_cell_offset(Type record, std::size_t field) {
    std::uint64_t n = 0;
    for (std::size_t k = 0; k < field && k < record.info->fields.size(); ++k)
        n += cell_count(record.info->fields[k].type).value_or(0);
    return n;
}

Type cell_type(Type t, std::uint64_t cell) {
    for (;;) {
        if (t.is_array()) {
            const std::uint64_t e = cell_count(t.info->target).value_or(1);
            cell = e == 0 ? 0 : cell % e;
            t = t.info->target;
        } else if (t.is_struct()) {
            auto [k, start] = field_at(t, cell);
            if (k >= t.info->fields.size()) return Type::of(TypeKind::Void);
            cell -= start;
            t = t.info->fields[k].type;
        } else {
            return t;
        }
    }
}

void append_cell_types(Type t, std::vector<Type>& out) {
    if (t.is_array()) {
        const std::uint64_t n = t.info->length.value_or(0);
        const std::size_t first = out.size();
        append_cell_types(t.info->target, out);
        const std::size_t e = out.size() - first;
        for (std::uint64_t i = 1; i < n; ++i)
            for (std::size_t j = 0; j < e; ++j) out.push_back(out[first + j]);
    } else if (t.is_struct()) {
        for (const Field& f : t.info->fields) append_cell_types(f.type, out);
    } else {
        out.push_back(t);
    }
}

std::string cell_path(Type t, std::uint64_t cell) {
    std::string path;
    for (;;) {
        if (t.is_array()) {
            const std::uint64_t e = cell_count(t.info->target).value_or(1);
            const std::uint64_t i = e == 0 ? 0 : cell / e;
            append_index(path, i);
            cell -= i * e;
            t = t.info->target;
        } else if (t.is_struct()) {
            auto [k, start] = field_at(t, cell);
            if (k >= t.info->fields.size()) return path;
            if (!t.info->fields[k].name.empty()) path += "." + t.info->fields[k].name;
            cell -= start;
            t = t.info->fields[k].type;
        } else {
            return path;
        }
    }
}

bool contains_union(Type t) {
    if (t.is_array()) return contains_union(t.info->target);
    if (!t.is_struct()) return false;
    if (t.info->is_union) return true;
    for (const Field& f : t.info->fields)
        if (contains_union(f.type)) return true;
    return false;
}

void union_siblings(Type t, std::uint64_t cell, std::vector<std::pair<std::uint64_t, std::uint64_t>>& out) {
    std::uint64_t base = 0;  // offset of t's first cell in the outermost type
    for (;;) {
        if (t.is_array()) {
            const std::uint64_t e = cell_count(t.info->target).value_or(1);
            const std::uint64_t i = e == 0 ? 0 : cell / e;
            base += i * e;
            cell -= i * e;
            t = t.info->target;
        } else if (t.is_struct()) {
            auto [k, start] = field_at(t, cell);
            if (k >= t.info->fields.size()) return;
            if (t.info->is_union) {
                const std::uint64_t total = cell_count(t).value_or(0);
                const std::uint64_t end = start + cell_count(t.info->fields[k].type).value_or(0);
                if (start > 0) out.emplace_back(base, base + start);
                if (end < total) out.emplace_back(base + end, base + total);
            }
            base += start;
            cell -= start;
            t = t.info->fields[k].type;
        } else {
            return;
        }
    }
}

std::optional<ObjectShape> shape_of(Type t) {
    ObjectShape s;
    while (t.is_array()) {
        if (!t.info->length) return std::nullopt;
        s.dims.push_back(*t.info->length);
        t = t.info->target;
    }
    s.element = t;
    return s;
}

std::optional<std::uint64_t> cell_count(const ObjectShape& shape) {
    auto n = cell_count(shape.element);
    for (std::uint64_t d : shape.dims) {
        if (!n) return std::nullopt;
        n = mul_cells(*n, d);
    }
    return n;
}

std::string cell_name(std::string_view base, const ObjectShape& shape, std::int64_t cell) {
    std::string name(base);
    const std::uint64_t ec = cell_count(shape.element).value_or(0);
    if (ec == 0) return name;
    const std::size_t n = shape.dims.size();
    if (n == 0 && cell >= 0 && static_cast<std::uint64_t>(cell) < ec)
        return name + cell_path(shape.element, static_cast<std::uint64_t>(cell));
    // Cells per step of each index, innermost last; a non-array is an array of one element.
    std::vector<std::uint64_t> stride(n == 0 ? 1 : n);
    std::uint64_t s = ec;
    for (std::size_t d = stride.size(); d-- > 0;) {
        stride[d] = s;
        if (n > 0) s *= shape.dims[d];
    }
    // The outermost index is unbounded (cells outside the object); the inner ones are not.
    const auto outer = static_cast<std::int64_t>(stride[0]);
    const std::int64_t i = floor_div(cell, outer);
    append_index(name, i);
    auto rest = static_cast<std::uint64_t>(cell - i * outer);
    for (std::size_t d = 1; d < n; ++d) {
        append_index(name, rest / stride[d]);
        rest %= stride[d];
    }
    return name + cell_path(shape.element, rest);
}

}  // namespace craig::frontend
