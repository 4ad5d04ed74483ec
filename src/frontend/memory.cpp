#include "frontend/memory.hpp"

#include <algorithm>

namespace craig::frontend::memory {

// ---------------------------------------------------------------------------
// LayoutCache

const LayoutCache::Entry& LayoutCache::entry(Type t) {
    auto it = memo_.find(t.info);
    if (it != memo_.end()) return it->second;
    Entry e;
    e.cells = cell_count(t);
    e.has_union = contains_union(t);
    if (t.is_struct() && e.cells) {
        std::uint64_t at = 0;
        for (const Field& f : t.info->fields) {
            e.offsets.push_back(at);
            at += cell_count(f.type).value_or(0);
        }
        e.offsets.push_back(at);
    }
    return memo_.emplace(t.info, std::move(e)).first->second;
}

std::optional<std::uint64_t> LayoutCache::cells(Type t) {
    if (t.is_scalar()) return 1;
    if (!t.is_array() && !t.is_struct()) return std::nullopt;
    return entry(t).cells;
}

bool LayoutCache::has_union(Type t) { return (t.is_array() || t.is_struct()) && entry(t).has_union; }

std::uint64_t LayoutCache::field_offset(Type record, std::size_t field) {
    const Entry& e = entry(record);
    return field < e.offsets.size() ? e.offsets[field] : 0;
}

Type LayoutCache::cell_type(Type t, std::uint64_t cell) {
    for (;;) {
        if (t.is_array()) {
            const std::uint64_t n = cells(t.info->target).value_or(1);
            cell = n == 0 ? 0 : cell % n;
            t = t.info->target;
        } else if (t.is_struct()) {
            const auto& off = entry(t).offsets;
            if (off.size() < 2 || cell >= off.back()) return Type::of(TypeKind::Void);
            // The last member starting at or before the cell (members of no cells start where
            // the next one does, so the one found has cells).
            const auto k =
                static_cast<std::size_t>(std::upper_bound(off.begin(), off.end() - 1, cell) - off.begin()) - 1;
            cell -= off[k];
            t = t.info->fields[k].type;
        } else {
            return t;
        }
    }
}

// ---------------------------------------------------------------------------
// Objects

std::uint32_t Memory::create(ObjectKind kind, const ObjectShape& shape, std::uint64_t ncells, const VarDecl* var,
                             const SourceLocation* loc) {
    if (ncells > max_cells_ || live_cells() > max_cells_ - ncells) return 0;
    std::uint32_t slot;
    const bool reusable = kind == ObjectKind::Local || kind == ObjectKind::Alloca;  // on the stack
    if (reusable && !free_slots_.empty()) {
        slot = free_slots_.back();
        free_slots_.pop_back();
    } else if (kind == ObjectKind::Heap && freed_heap_.size() > kHeapReuseDelay) {
        slot = freed_heap_.front();
        freed_heap_.pop_front();
    } else {
        slot = static_cast<std::uint32_t>(objects_.size());
        objects_.emplace_back();
    }
    Object& o = objects_[slot];
    o.kind = kind;
    o.alive = true;
    o.ncells = ncells;
    o.shape.dims = shape.dims;  // keeps the capacity of a reused slot
    o.shape.element = shape.element;
    o.elem_cells = layouts_.cells(shape.element).value_or(0);
    o.has_union = layouts_.has_union(shape.element);
    o.var = var;
    o.loc = loc;
    if (reusable) {
        o.first = stack_.size();
        stack_.resize(stack_.size() + ncells, Value::uninit());
    } else {
        o.first = 0;
        o.own.assign(ncells, Value::uninit());
        heap_cells_ += ncells;
    }
    if (address_model_ && !give_address(o)) {
        kill(slot);
        return 0;
    }
    return slot;
}

bool Memory::give_address(Object& o) {
    const DataModel dm = *address_model_;
    o.layout = byte_layout(o.shape.element, dm);
    const std::uint64_t elements = o.ncells / std::max<std::uint64_t>(1, o.elem_cells);
    if (o.layout) {
        o.bytes = o.ncells / o.layout->cells * o.layout->size;
    } else {
        const auto s = size_of(o.shape.element, dm);
        o.bytes = s ? elements * *s : o.ncells * 8;
    }
    const std::uint64_t align = std::max<std::uint64_t>(1, align_of(o.shape.element, dm));
    const std::uint64_t top = bit_width(size_type(dm).kind, dm) >= 64 ? UINT64_MAX : (std::uint64_t{1} << 32) - 1;
    const std::uint64_t at = (next_address_ + align - 1) / align * align;
    constexpr std::uint64_t kGap = 16;
    if (at < next_address_ || o.bytes > top - kGap || at > top - kGap - o.bytes) return false;
    o.address = at;
    next_address_ = at + o.bytes + kGap;
    return true;
}

std::optional<std::uint64_t> Memory::to_address(const Value& p, std::string& why) const {
    if (p.obj == 0 || p.obj == kWild || p.obj == kByteView) return p.bits;  // null (offset 0), addresses
    bool dead = false;
    const Object* o = target(p, dead);
    if (!o) {
        why = "conversion of a pointer to a dead object to an integer";
        return std::nullopt;
    }
    if (!o->layout) {
        why = "conversion to an integer of a pointer into an object with unions (not modelled)";
        return std::nullopt;
    }
    const std::int64_t off = p.offset();
    if (o->layout->uniform()) return o->address + static_cast<std::uint64_t>(off) * o->layout->size;  // wraps as GCC
    if (off < 0 || static_cast<std::uint64_t>(off) > o->ncells) {
        why = "conversion to an integer of a pointer outside its object";
        return std::nullopt;
    }
    return o->address + cell_byte_offset(*o->layout, static_cast<std::uint64_t>(off));
}

std::optional<Value> Memory::from_address(std::uint64_t a, std::string& why) const {
    if (a == 0) return Value{};
    for (std::uint32_t slot = 1; slot < objects_.size(); ++slot) {
        const Object& o = objects_[slot];
        if (!o.alive || a < o.address || a - o.address > o.bytes) continue;
        if (!o.layout) {
            why = "conversion of an integer to a pointer into an object with unions (not modelled)";
            return std::nullopt;
        }
        // Objects have gaps between them: the address is in this one or one past its end.
        auto cell = cell_at_byte(*o.layout, a - o.address);
        if (!cell) break;  // inside a cell: no cell of its own
        return address(slot, *cell);
    }
    return Value{a, kWild, 0};
}

void Memory::kill(std::uint32_t slot) {
    Object& o = objects_[slot];
    if (!o.alive) return;
    o.alive = false;
    ++o.gen;  // pointers to the dead object keep the old generation
    if (on_stack(o)) {
        free_slots_.push_back(slot);
    } else {
        heap_cells_ -= o.own.size();
        std::vector<Value>().swap(o.own);
        if (o.kind == ObjectKind::Heap) freed_heap_.push_back(slot);
    }
}

void Memory::release_stack(std::uint64_t size) {
    if (size < stack_.size()) stack_.resize(size);
}

bool Memory::on_stack_top(std::uint32_t slot) const {
    const Object& o = objects_[slot];
    return on_stack(o) && o.first + o.ncells == stack_.size();
}

const Object* Memory::target(const Value& p, bool& dead) const {
    dead = false;
    if (p.obj == 0 || p.obj >= objects_.size()) return nullptr;
    const Object& o = objects_[p.obj];
    if (o.gen != p.gen || !o.alive) {
        dead = true;
        return nullptr;
    }
    return &o;
}

bool Memory::freed(const Value& p) const {
    if (p.obj == 0 || p.obj >= objects_.size()) return false;
    const Object& o = objects_[p.obj];
    return o.kind == ObjectKind::Heap && !o.alive && o.gen == p.gen + 1;
}

Type Memory::leaf(const Object& o, std::uint64_t cell) {
    if (o.shape.element.is_scalar()) return o.shape.element;
    return layouts_.cell_type(o.shape.element, o.elem_cells == 0 ? 0 : cell % o.elem_cells);
}

std::string Memory::name(const Object& o) const {
    if (o.var) return o.var->name;
    if (o.kind == ObjectKind::Global) return "the array a pointer parameter of main points to";
    return std::string(o.kind == ObjectKind::Alloca ? "alloca'ed" : "malloc'ed") + " object at " +
           (o.loc ? std::to_string(o.loc->line) + ":" + std::to_string(o.loc->col) : std::string("?"));
}

bool compatible(Type access, Type cell) {
    if (access == cell) return true;
    return access.is_pointer() && cell.is_pointer() && (access.target().is_void() || cell.target().is_void());
}

std::string Memory::check(const Value& p, Type t, std::uint64_t n, bool write) {
    if (p.obj == kWild) return "access through a pointer converted from an integer that is no object's address";
    if (p.obj == kByteView) return "access through a pointer to cells of another type (not modelled)";
    bool dead = false;
    const Object* o = target(p, dead);
    if (dead) return "access to a dead object";
    if (!o) return "null pointer dereference";
    const std::int64_t off = p.offset();
    if (off < 0 || static_cast<std::uint64_t>(off) > o->ncells || n > o->ncells - static_cast<std::uint64_t>(off)) {
        const std::uint64_t elements = o->shape.dims.empty() ? 1 : o->shape.dims[0];
        return std::string("out-of-bounds ") + (write ? "write" : "read") + " of " + cell_name(*o, off) + " (" +
               std::to_string(elements) + (elements == 1 ? " element)" : " elements)");
    }
    const auto first = static_cast<std::uint64_t>(off);
    if (write && o->kind == ObjectKind::StringLiteral)
        return "write to a string literal (" + cell_name(*o, off) + ")";
    if (t.is_scalar()) {
        if (!compatible(t, leaf(*o, first))) return "access through a pointer of another type";
        return {};
    }
    for (std::uint64_t c = 0; c < n; ++c)
        if (!compatible(layouts_.cell_type(t, c), leaf(*o, first + c)))
            return "access through a pointer of another type";
    return {};
}

void Memory::clear_union_siblings(std::uint32_t slot, std::uint64_t cell, std::uint64_t keep_begin,
                                  std::uint64_t keep_end) {
    Object& o = objects_[slot];
    if (!o.has_union || o.elem_cells == 0) return;
    const std::uint64_t base = cell - cell % o.elem_cells;
    ranges_.clear();
    union_siblings(o.shape.element, cell - base, ranges_);
    Value* c = cells(slot);
    for (const auto& [b, e] : ranges_) {
        if (base + b >= keep_begin && base + e <= keep_end) continue;  // a union inside the kept cells
        std::fill(c + base + b, c + base + e, Value::uninit());
    }
}

bool Memory::in_union(std::uint32_t slot, std::uint64_t cell) {
    Object& o = objects_[slot];
    if (!o.has_union || o.elem_cells == 0) return false;
    ranges_.clear();
    union_siblings(o.shape.element, cell % o.elem_cells, ranges_);
    return !ranges_.empty();
}

}  // namespace craig::frontend::memory
