#include "frontend/replay.hpp"

#include <pthread.h>

#include <algorithm>
#include <exception>
#include <limits>
#include <unordered_map>
#include <utility>

#include "base/large_stack.hpp"
#include "frontend/constant_eval.hpp"
#include "frontend/libc.hpp"
#include "frontend/libc_convert.hpp"
#include "frontend/libc_format.hpp"
#include "frontend/libc_sscanf.hpp"
#include "frontend/libc_replay.hpp"
#include "frontend/libc_string_replay.hpp"
#include "frontend/memory.hpp"
#include "frontend/memory_layout.hpp"
#include "frontend/printer.hpp"

namespace craig::frontend {

namespace {

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

using memory::kByteView;
using memory::kWild;
using memory::Memory;
using memory::Object;
using memory::ObjectKind;
using memory::Value;

// Size of the native stack of the interpreter's thread, and the part of any
// stack kept free below the deepest frame (generous for sanitizer builds,
// whose frames are several times larger).
constexpr std::size_t kThreadStackBytes = std::size_t{256} << 20;
constexpr std::size_t kStackMarginBytes = std::size_t{1} << 20;
// Assumed stack size when the thread's stack cannot be queried.

// Result of executing a statement (exception-free control flow). Goto carries
// its target in Machine::goto_target_; Halt means the replay has ended and
// the outcome is recorded.
enum class Signal : std::uint8_t { Normal, Break, Continue, Return, Goto, Halt };

constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();
// Pointers may leave their object, but offsets beyond this are out of every object's reach (and
// keep offset arithmetic far from overflow).
constexpr i128 kMaxOffset = static_cast<i128>(kMaxCells);
constexpr const char* kWildArithmetic =
    "pointer arithmetic on a pointer converted from an integer that is no object's address";

// What an lvalue is evaluated for: an access of its cells (Read, Write: direct indices are bounded
// by their arrays' lengths) or its address (AddrOf, a decayed array: not bounded).
enum class Use : std::uint8_t { Read, Write, Address };

// An lvalue: its object and first cell, its type, and for sub-arrays of a variable-length array
// the dimension of the object's shape that its type's (variable) length is.
struct Place {
    Value ptr;
    Type type;
    std::uint32_t vla_depth = kNoSlot;
};

// A value of integer type t as a signed 128-bit number.
i128 wide(const Value& v, Type t) { return is_signed(t.kind) ? i128{static_cast<std::int64_t>(v.bits)} : i128{v.bits}; }

std::string to_text(i128 v) {
    if (v >= std::numeric_limits<std::int64_t>::min() && v <= std::numeric_limits<std::int64_t>::max())
        return std::to_string(static_cast<std::int64_t>(v));
    return v < 0 ? "-huge" : "huge";
}

bool is_allocation(const Expr& e) {
    return e.kind == ExprKind::Call && e.callee &&
           (e.callee->builtin == Builtin::Malloc || e.callee->builtin == Builtin::Calloc ||
            e.callee->builtin == Builtin::Realloc);
}

// The C text of an lvalue for messages ("m[i]", "s.y", "p->x").
std::string lvalue_text(const Expr& e) {
    switch (e.kind) {
        case ExprKind::VarRef: return e.var ? e.var->name : "?";
        case ExprKind::StringLiteral: return print(e);
        case ExprKind::Member: {
            const Expr& s = e.operand(0);
            if (s.kind == ExprKind::Deref) return lvalue_text(s.operand(0)) + "->" + e.text;
            return lvalue_text(s) + "." + e.text;
        }
        case ExprKind::Index: return lvalue_text(e.operand(0)) + "[" + print(e.operand(1)) + "]";
        case ExprKind::Deref: return "*" + lvalue_text(e.operand(0));
        case ExprKind::Decay: return lvalue_text(e.operand(0));
        case ExprKind::Cast:
            if (e.implicit) return lvalue_text(e.operand(0));
            break;
        default: break;
    }
    return "(" + print(e) + ")";
}

// Whether an lvalue names a cell of a variable without pointers or variable indices (its stores
// are recorded in the trace): x, s.f, a[3], m[1][0].f.
bool constant_path(const Expr& e) {
    switch (e.kind) {
        case ExprKind::VarRef: return true;
        case ExprKind::Member: return constant_path(e.operand(0));
        case ExprKind::Index:
            return e.operand(0).kind == ExprKind::Decay && e.operand(1).kind == ExprKind::IntLiteral &&
                   constant_path(e.operand(0).operand(0));
        default: return false;
    }
}

class Machine {
public:
    Machine(const TranslationUnit& tu, std::span<const std::uint64_t> inputs, const ReplayLimits& limits)
        : tu_(tu), dm_(tu.data_model), inputs_(inputs), limits_(limits), mem_(limits.max_memory_cells) {
        if (converts_addresses(tu)) mem_.enable_addresses(dm_);
    }

    ReplayResult run();

private:
    struct Frame {
        const FunctionDecl* fn;
        std::size_t objects;  // first entry in frame_objects_
        std::size_t allocas;  // first entry in frame_allocas_
        std::uint64_t stack;  // memory stack size at the call
    };
    struct Position {
        const Stmt* parent;
        std::size_t index;  // in parent->stmts when parent is a Compound
    };
    // A parameter or local with its shape (computed once: a call makes the objects of its
    // variables without allocating).
    struct FrameVar {
        const VarDecl* var;
        ObjectShape shape;
        std::uint64_t cells;
        bool fixed;  // an object at the call (not a variable-length array, not of an unsupported type)
    };

    // --- set-up -----------------------------------------------------------
    void index_var(const VarDecl& v, std::uint32_t slot);
    void index_function(const FunctionDecl& f);
    void index_stmt(const Stmt& s, std::vector<FrameVar>& vars);
    void add_frame_var(const VarDecl& v, std::vector<FrameVar>& vars);
    void init_stack_limit();
    bool init_globals();

    // --- ending the replay --------------------------------------------------
    bool halt(ReplayOutcome o, const SourceLocation& at, std::string message) {
        result_.outcome = o;
        result_.where = at;
        result_.message = std::move(message);
        halted_ = true;
        return false;
    }
    bool undefined(const SourceLocation& at, std::string message) {
        return halt(ReplayOutcome::UndefinedBehaviour, at, std::move(message));
    }
    bool count_step(const SourceLocation& at) {
        if (++result_.steps > limits_.max_steps)
            return halt(ReplayOutcome::StepLimit, at, "more than " + std::to_string(limits_.max_steps) + " steps");
        if (limits_.deadline && (result_.steps & 4095) == 0 && std::chrono::steady_clock::now() >= *limits_.deadline)
            return halt(ReplayOutcome::StepLimit, at, "time limit");
        return true;
    }
    bool out_of_memory(const SourceLocation& at) {
        return halt(ReplayOutcome::StepLimit, at,
                    "more than " + std::to_string(limits_.max_memory_cells) + " memory cells");
    }
    bool stack_exhausted() const { return static_cast<const char*>(__builtin_frame_address(0)) < stack_limit_; }

    // --- trace --------------------------------------------------------------
    bool tracing() {
        if (result_.trace.size() < kMaxTraceSteps) return true;
        result_.trace_truncated = true;
        return false;
    }
    const std::string& current_function() const {
        static const std::string kNone;
        return frames_.empty() ? kNone : frames_.back().fn->name;
    }
    void record(TraceStep::Kind kind, const SourceLocation& loc, std::string name, std::uint64_t value, Type type,
                bool taken = false, std::string text = {},
                TraceStep::InputSource source = TraceStep::InputSource::Nondet) {
        TraceStep s;
        s.kind = kind;
        s.loc = loc;
        s.function = current_function();
        s.name = std::move(name);
        s.value = value;
        s.type = type;
        s.taken = taken;
        s.text = std::move(text);
        s.source = source;
        result_.trace.push_back(std::move(s));
    }

    // --- variables and objects ---------------------------------------------
    static bool is_static(const VarDecl& v) {
        return v.storage == Storage::Global || v.storage == Storage::StaticLocal;
    }
    // The slot of the object of a variable in scope, 0 if it has none (yet).
    std::uint32_t object_of(const VarDecl& v) const;
    std::uint32_t* local_entry(const VarDecl& v);
    bool push_frame(const FunctionDecl& f, const SourceLocation& at);
    void pop_frame();
    bool read_var(const VarDecl& v, const SourceLocation& at, Value& out);
    bool write_var(const VarDecl& v, const Value& value, const SourceLocation& at);
    bool read_input(Type t, const SourceLocation& at, TraceStep::InputSource source, const std::string& name,
                    std::uint64_t& out, const SourceLocation& anchor = {});
    bool fill_inputs(std::uint32_t slot, const SourceLocation& at, TraceStep::InputSource source);
    bool main_parameters(const FunctionDecl& main);
    bool declare(const VarDecl& d);
    bool declare_vla(const VarDecl& d);
    bool initialise(std::uint32_t slot, std::uint64_t offset, Type t, const Expr& init, bool trace);

    // --- memory -------------------------------------------------------------
    bool place(const Expr& e, Use use, Place& out);
    bool index_array(const Expr& e, Use use, Place& out);
    bool address_of(const Expr& e, Value& out);
    bool load(const Place& p, const SourceLocation& at, Value& out);
    bool store(const Place& p, const Value& v, const SourceLocation& at, const Expr* lvalue);
    bool copy_struct(const Place& dst, const Place& src, const SourceLocation& at);
    // p + delta cells through a `pointee *`.
    bool move_pointer(const Value& p, i128 delta, Type pointee, const SourceLocation& at, Value& out);
    // A pointer converted to `to *` from void * or from an integer must point to cells of to's
    // leaf types (as the lowering's check_view).
    bool check_view(const Value& p, Type to, const SourceLocation& at);
    bool view_fits(const Value& p, Type to);            // the condition of check_view
    bool same_address(const Value& a, const Value& b);  // pointer ==
    // The conversion of p from `from *` to `to *` (pointees; as the lowering's
    // convert_object_pointer: character views of other cells are byte views).
    bool convert_object_pointer(const Value& p, Type from, Type to, const SourceLocation& at, Value& out);
    bool to_view(Value& p, Type to, const SourceLocation& at);  // its last step (also of int -> pointer)
    bool element_cells(Type pointee, const SourceLocation& at, std::uint64_t& out);
    bool pointer_binary(const Expr& e, const Value& a, const Value& b, Value& out);
    bool allocate(const Expr& call, Type pointee, const std::vector<Value>& args, Value& out);
    bool release(const Expr& call, const Value& p);
    bool reallocate(const Expr& call, Type pointee, const std::vector<Value>& args, Value& out);
    bool truthy(const Value& v, Type t) const { return t.is_pointer() ? v.obj != 0 : v.bits != 0; }

    // --- expressions --------------------------------------------------------
    bool eval(const Expr& e, Value& out);
    bool eval_cast(const Expr& e, Value& out);
    bool eval_assign(const Expr& e, Value& out);
    bool eval_discarded(const Expr& e);
    bool eval_condition(const Expr& e, const char* keyword, const SourceLocation& anchor, bool& holds);
    bool unary(const Expr& e, const Value& a, Value& out);
    bool arith(Op op, std::uint64_t a, Type ta, std::uint64_t b, Type tb, Type result, const SourceLocation& at,
               std::uint64_t& out);
    bool signed_result(i128 v, Type t, const SourceLocation& at, const char* what, std::uint64_t& out);
    bool inc_dec(const Expr& e, Value& out);
    bool call(const Expr& e, Value& out, bool used, Type allocated = Type::of(TypeKind::Void));
    bool call_external(const Expr& e, const FunctionDecl& f, Value& out);
    bool call_libc(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out);
    bool call_string_to_int(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out);
    bool call_format(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out);
    bool call_sscanf(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out);
    void record_library_result(const Expr& e, const FunctionDecl& f, Type t, const Value& v);
    bool read_string(const Value& p, const SourceLocation& at, std::string& out);
    bool call_string(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out);
    bool error(const Expr& e, std::string message);

    // --- statements ---------------------------------------------------------
    Signal exec(const Stmt& s, const Stmt* seek);
    Signal exec_once(const Stmt& s, const Stmt* seek);
    bool contains(const Stmt* outer, const Stmt* inner) const;
    std::size_t position_in(const Stmt& compound, const Stmt* target) const;

    const TranslationUnit& tu_;
    DataModel dm_;
    std::span<const std::uint64_t> inputs_;
    ReplayLimits limits_;
    ReplayResult result_;
    bool halted_ = false;
    std::size_t next_input_ = 0;

    // Per VarDecl id: the index of a local or parameter in its function's frame; the object of a
    // global or static local.
    std::vector<std::uint32_t> slot_;
    std::vector<std::uint32_t> global_object_;
    // Per function: its parameters and locals in frame order.
    std::unordered_map<const FunctionDecl*, std::vector<FrameVar>> frame_vars_;
    std::unordered_map<const Stmt*, Position> position_;

    Memory mem_;
    std::vector<Frame> frames_;
    std::vector<std::uint32_t> frame_objects_;  // per frame: the objects of its variables (0: none yet)
    std::vector<std::uint32_t> frame_allocas_;  // per frame: its alloca'ed blocks

    const Stmt* goto_target_ = nullptr;
    Value ret_value_;
    bool ret_has_value_ = false;
    SourceLocation ret_loc_;
    const char* stack_limit_ = nullptr;
};

// ---------------------------------------------------------------------------
// Set-up

void Machine::index_var(const VarDecl& v, std::uint32_t slot) {
    if (v.id >= slot_.size()) {
        slot_.resize(v.id + 1, kNoSlot);
        global_object_.resize(v.id + 1, 0);
    }
    slot_[v.id] = slot;
}

void Machine::index_function(const FunctionDecl& f) {
    std::vector<FrameVar>& vars = frame_vars_[&f];
    for (const auto& p : f.params) add_frame_var(*p, vars);
    if (f.body) index_stmt(*f.body, vars);
}

void Machine::add_frame_var(const VarDecl& v, std::vector<FrameVar>& vars) {
    index_var(v, static_cast<std::uint32_t>(vars.size()));
    FrameVar fv{&v, {}, 0, false};
    auto shape = v.vla_lengths.empty() ? shape_of(v.type) : std::nullopt;
    auto n = shape ? cell_count(*shape) : std::nullopt;
    if (n) fv = FrameVar{&v, std::move(*shape), *n, true};
    vars.push_back(std::move(fv));
}

void Machine::index_stmt(const Stmt& s, std::vector<FrameVar>& vars) {
    // Statement nesting is bounded by the parser (kMaxDepth), so recursion is safe.
    auto child = [&](const Stmt* c, std::size_t index) {
        if (!c) return;
        position_[c] = Position{&s, index};
        index_stmt(*c, vars);
    };
    for (std::size_t i = 0; i < s.stmts.size(); ++i) child(s.stmts[i].get(), i);
    for (const auto& v : s.vars) add_frame_var(*v, vars);
    child(s.init.get(), 0);
    child(s.body.get(), 0);
    child(s.else_body.get(), 0);
}

void Machine::init_stack_limit() {
    const char* here = static_cast<const char*>(__builtin_frame_address(0));
    const char* low = here - base::stack_bytes_left();
    // Keep the margin; on a tiny stack, allow at least a little work.
    std::size_t available = static_cast<std::size_t>(here - low);
    std::size_t margin = available > 2 * kStackMarginBytes ? kStackMarginBytes : available / 2;
    stack_limit_ = low + margin;
}

// The objects of string literals (read-only, with their bytes), then objects for every global
// (initialisers may point to later ones), then their values in declaration order (extern ones
// read inputs).
bool Machine::init_globals() {
    for (const auto& lit : tu_.string_literals) {
        auto shape = shape_of(lit->type);
        auto n = shape ? cell_count(*shape) : std::nullopt;
        if (!n) return undefined(lit->loc, "string literal of no fixed size");
        const std::uint32_t slot = mem_.create(ObjectKind::StringLiteral, *shape, *n, lit.get(), &lit->loc);
        if (slot == 0) return out_of_memory(lit->loc);
        global_object_[lit->id] = slot;
        std::fill(mem_.cells(slot), mem_.cells(slot) + *n, Value{});
        if (!initialise(slot, 0, lit->type, *lit->init, false)) return false;
    }
    for (const auto& g : tu_.globals) {
        auto shape = shape_of(g->type);
        auto n = shape ? cell_count(*shape) : std::nullopt;
        if (!n) continue;  // a type of no static layout: no reachable code uses it
        const std::uint32_t slot = mem_.create(ObjectKind::Global, *shape, *n, g.get(), &g->loc);
        if (slot == 0) return out_of_memory(g->loc);
        global_object_[g->id] = slot;
    }
    for (const auto& g : tu_.globals) {
        const std::uint32_t slot = global_object_[g->id];
        if (slot == 0) continue;
        if (g->is_extern) {
            if (!fill_inputs(slot, g->loc, TraceStep::InputSource::Extern)) return false;
            continue;
        }
        // Static storage: zero (null) but for the initialiser.
        const Object& o = mem_.object(slot);
        std::fill(mem_.cells(slot), mem_.cells(slot) + o.ncells, Value{});
        if (g->init && !initialise(slot, 0, g->type, *g->init, false)) return false;
    }
    return true;
}

// ---------------------------------------------------------------------------
// Variables, frames and inputs

std::uint32_t* Machine::local_entry(const VarDecl& v) {
    const std::uint32_t index = v.id < slot_.size() ? slot_[v.id] : kNoSlot;
    if (index == kNoSlot || frames_.empty()) return nullptr;
    const std::size_t i = frames_.back().objects + index;
    return i < frame_objects_.size() ? &frame_objects_[i] : nullptr;
}

std::uint32_t Machine::object_of(const VarDecl& v) const {
    if (is_static(v)) return v.id < global_object_.size() ? global_object_[v.id] : 0;
    const std::uint32_t index = v.id < slot_.size() ? slot_[v.id] : kNoSlot;
    if (index == kNoSlot || frames_.empty()) return 0;
    const std::size_t i = frames_.back().objects + index;
    return i < frame_objects_.size() ? frame_objects_[i] : 0;
}

// A frame with an object for every parameter and local (variable-length arrays get theirs at
// their declaration).
bool Machine::push_frame(const FunctionDecl& f, const SourceLocation& at) {
    frames_.push_back(Frame{&f, frame_objects_.size(), frame_allocas_.size(), mem_.stack_size()});
    for (const FrameVar& v : frame_vars_.at(&f)) {
        std::uint32_t slot = 0;
        if (v.fixed) {
            slot = mem_.create(ObjectKind::Local, v.shape, v.cells, v.var, &v.var->loc);
            if (slot == 0) {
                frame_objects_.push_back(0);
                return out_of_memory(at);
            }
        }
        frame_objects_.push_back(slot);
    }
    return true;
}

// The call's locals, parameters and alloca'ed blocks die.
void Machine::pop_frame() {
    const Frame fr = frames_.back();
    for (std::size_t i = fr.objects; i < frame_objects_.size(); ++i)
        if (frame_objects_[i]) mem_.kill(frame_objects_[i]);
    for (std::size_t i = fr.allocas; i < frame_allocas_.size(); ++i) mem_.kill(frame_allocas_[i]);
    frame_objects_.resize(fr.objects);
    frame_allocas_.resize(fr.allocas);
    mem_.release_stack(fr.stack);
    frames_.pop_back();
}

bool Machine::read_var(const VarDecl& v, const SourceLocation& at, Value& out) {
    const std::uint32_t slot = object_of(v);
    if (slot == 0) return undefined(at, "variable " + v.name + " is not in scope");
    const Value& c = mem_.cells(slot)[0];
    if (!c.initialised()) {
        std::string why = v.storage == Storage::Param ? "parameter " + v.name + " has no value"
                                                      : "variable " + v.name + " is read before it has a value";
        return undefined(at, why);
    }
    out = c;
    return true;
}

bool Machine::write_var(const VarDecl& v, const Value& value, const SourceLocation& at) {
    const std::uint32_t slot = object_of(v);
    if (slot == 0) return undefined(at, "variable " + v.name + " is not in scope");
    mem_.cells(slot)[0] = value;
    if (v.type.is_integer() && tracing()) record(TraceStep::Assign, at, v.name, value.bits, v.type);
    return true;
}

// main's integer parameters read one input each, in order (argc: a negative value blocks the
// run, as the lowering assumes argc >= 0); pointer parameters point to an object without cells.
bool Machine::main_parameters(const FunctionDecl& main) {
    for (std::size_t i = 0; i < main.params.size(); ++i) {
        const VarDecl& p = *main.params[i];
        const std::uint32_t slot = object_of(p);  // 0: the body never uses p
        if (p.type.is_pointer() && slot != 0) {
            // argv: a pointer to an object without cells, so that it can be passed and compared
            // but every access through it is undefined here (the lowering knows nothing of it).
            ObjectShape shape;
            shape.element = p.type.target();
            shape.dims.push_back(0);
            const std::uint32_t opaque = mem_.create(ObjectKind::Global, shape, 0, nullptr, &p.loc);
            if (opaque == 0) return out_of_memory(p.loc);
            mem_.cells(slot)[0] = mem_.address(opaque);
            continue;
        }
        if (!p.type.is_integer()) continue;
        std::uint64_t v;
        if (!read_input(p.type, p.loc, TraceStep::InputSource::Uninitialised, p.name, v)) return false;
        if (i == 0 && is_signed(p.type.kind) && static_cast<std::int64_t>(v) < 0)
            return halt(ReplayOutcome::Blocked, p.loc, p.name + " (argc) is negative");
        if (slot != 0) mem_.cells(slot)[0] = Value::integer(v);
    }
    return true;
}

bool Machine::read_input(Type t, const SourceLocation& at, TraceStep::InputSource source, const std::string& name,
                         std::uint64_t& out, const SourceLocation& anchor) {
    if (next_input_ >= inputs_.size()) {
        std::string what = source == TraceStep::InputSource::Nondet ? name + "()" : name;
        return halt(ReplayOutcome::OutOfInputs, at,
                    "no input left for " + what + " (" + std::to_string(inputs_.size()) + " given)");
    }
    out = t.is_integer() ? normalize(inputs_[next_input_], t.kind, dm_) : inputs_[next_input_];
    ++next_input_;
    if (tracing()) {
        record(TraceStep::Input, at, name, out, t, false, {}, source);
        result_.trace.back().anchor = anchor;
    }
    return true;
}

// The contents of an uninitialised object (interpreter.hpp, "The inputs of an uninitialised
// object"): an integer variable reads one input, a pointer none; an aggregate one per integer cell
// outside unions if it is small enough.
bool Machine::fill_inputs(std::uint32_t slot, const SourceLocation& at, TraceStep::InputSource source) {
    const Object& o = mem_.object(slot);
    Value* cells = mem_.cells(slot);
    std::fill(cells, cells + o.ncells, Value::uninit());
    const bool scalar_var = o.shape.dims.empty() && o.shape.element.is_scalar();
    if (!scalar_var && o.ncells > limits_.max_input_cells) return true;
    for (std::uint64_t c = 0; c < o.ncells; ++c) {
        const Type t = mem_.leaf(o, c);
        if (!t.is_integer() || mem_.in_union(slot, c)) continue;
        std::uint64_t v;
        std::string name = scalar_var && o.var ? o.var->name : mem_.cell_name(o, static_cast<std::int64_t>(c));
        if (!read_input(t, at, source, name, v)) return false;
        mem_.cells(slot)[c] = Value::integer(v);
    }
    return true;
}

bool Machine::declare_vla(const VarDecl& d) {
    ObjectShape shape;
    Type t = d.type;
    for (std::size_t k = 0; k < d.vla_lengths.size() && t.is_array(); ++k, t = t.target()) {
        std::uint64_t len = t.info->length.value_or(0);
        if (d.vla_lengths[k]) {
            Value v;
            if (!eval(*d.vla_lengths[k], v)) return false;
            const i128 n = wide(v, d.vla_lengths[k]->type);
            // Length 0 is GNU C's zero-length array (every access is out of bounds), as in the
            // lowering; a negative length is undefined.
            if (n < 0)
                return undefined(d.loc, "variable-length array of negative length " + to_text(n) + " (" + d.name + ")");
            if (n > static_cast<i128>(kMaxCells)) return out_of_memory(d.loc);
            len = static_cast<std::uint64_t>(n);
        }
        shape.dims.push_back(len);
    }
    shape.element = t;
    auto n = cell_count(shape);
    if (!n) return out_of_memory(d.loc);
    std::uint32_t* entry = local_entry(d);
    if (!entry) return undefined(d.loc, "variable " + d.name + " is not in scope");
    if (*entry) {
        // A new execution of the declaration: the array of the previous one dies.
        const bool top = mem_.on_stack_top(*entry);
        const std::uint64_t first = mem_.object(*entry).first;
        mem_.kill(*entry);
        if (top) mem_.release_stack(first);
        *entry = 0;
    }
    const std::uint32_t slot = mem_.create(ObjectKind::Local, shape, *n, &d, &d.loc);
    if (slot == 0) return out_of_memory(d.loc);
    *entry = slot;
    return true;
}

bool Machine::declare(const VarDecl& d) {
    if (!d.vla_lengths.empty() && !declare_vla(d)) return false;
    const std::uint32_t slot = object_of(d);
    if (slot == 0) return undefined(d.loc, "variable " + d.name + " is not in scope");
    if (!d.init && !d.vla_lengths.empty()) {
        // A variable-length array reads no inputs (its size is known only at run time; the
        // lowering does not track its cells): its cells stay uninitialised.
        const Object& o = mem_.object(slot);
        std::fill(mem_.cells(slot), mem_.cells(slot) + o.ncells, Value::uninit());
        return true;
    }
    if (!d.init) return fill_inputs(slot, d.loc, TraceStep::InputSource::Uninitialised);
    if (d.type.is_scalar() && d.init->kind != ExprKind::InitList) {
        Value v;
        return eval(*d.init, v) && write_var(d, v, d.loc);
    }
    const Object& o = mem_.object(slot);
    std::fill(mem_.cells(slot), mem_.cells(slot) + o.ncells, Value{});
    return initialise(slot, 0, d.type, *d.init, true);
}

// Stores initialiser `init` of type t at cell `offset` of an object whose cells not listed in
// it are already zero.
bool Machine::initialise(std::uint32_t slot, std::uint64_t offset, Type t, const Expr& init, bool trace) {
    if (init.kind == ExprKind::InitList) {
        for (std::size_t k = 0; k < init.operands.size(); ++k) {
            const std::uint64_t pos = k < init.positions.size() ? init.positions[k] : k;
            const Expr& x = init.operand(k);
            if (t.is_array()) {
                auto ec = mem_.layouts().cells(t.target());
                if (!ec || (t.info->length && pos >= *t.info->length))
                    return undefined(x.loc, "initialiser outside its array");
                if (!initialise(slot, offset + pos * *ec, t.target(), x, trace)) return false;
            } else if (t.is_struct()) {
                if (pos >= t.info->fields.size()) return undefined(x.loc, "initialiser of no member");
                if (!initialise(slot, offset + mem_.layouts().field_offset(t, pos), t.info->fields[pos].type, x, trace))
                    return false;
            } else if (k == 0) {  // braces around a scalar
                if (!initialise(slot, offset, t, x, trace)) return false;
            }
        }
        return true;
    }
    if (t.is_struct()) {
        Place src, dst{mem_.address(slot, offset), t};
        return place(init, Use::Read, src) && copy_struct(dst, src, init.loc);
    }
    if (!t.is_scalar()) return undefined(init.loc, "unsupported initialiser of type " + to_string(t));
    Value v;
    if (!eval(init, v)) return false;
    if (t.is_integer()) v = Value::integer(convert_value(v.bits, t.kind, dm_));
    mem_.cells(slot)[offset] = v;
    mem_.clear_union_siblings(slot, offset, offset, offset + 1);  // an initialised union member
    if (trace && t.is_integer() && tracing()) {
        const Object& o = mem_.object(slot);
        record(TraceStep::Assign, init.loc, mem_.cell_name(o, static_cast<std::int64_t>(offset)), v.bits, t);
    }
    return true;
}

// ---------------------------------------------------------------------------
// Memory: places, accesses, pointer arithmetic, allocation

bool Machine::place(const Expr& e, Use use, Place& out) {
    switch (e.kind) {
        case ExprKind::VarRef: {
            if (!e.var) return undefined(e.loc, "unresolved variable");
            const std::uint32_t slot = object_of(*e.var);
            if (slot == 0) return undefined(e.loc, "variable " + e.var->name + " is not in scope");
            out = Place{mem_.address(slot), e.var->type, e.var->vla_lengths.empty() ? kNoSlot : 0};
            return true;
        }
        case ExprKind::StringLiteral: {
            const std::uint32_t slot = e.var ? object_of(*e.var) : 0;
            if (slot == 0) return undefined(e.loc, "string literal without an object");
            out = Place{mem_.address(slot), e.type, kNoSlot};
            return true;
        }
        case ExprKind::Deref: {
            Value p;
            if (!eval(e.operand(0), p)) return false;
            out = Place{p, e.type, kNoSlot};
            return true;
        }
        case ExprKind::Index: {
            if (e.operand(0).kind == ExprKind::Decay) return index_array(e, use, out);
            // p[i] is *(p + i).
            Value p, i;
            if (!eval(e.operand(0), p) || !eval(e.operand(1), i)) return false;
            std::uint64_t k;
            if (!element_cells(e.type, e.loc, k)) return false;
            Value q;
            if (!move_pointer(p, wide(i, e.operand(1).type) * k, e.type, e.loc, q)) return false;
            out = Place{q, e.type, kNoSlot};
            return true;
        }
        case ExprKind::Member: {
            const Expr& s = e.operand(0);
            if (!s.type.is_struct()) return undefined(e.loc, "member of something other than a struct");
            if (!place(s, use, out)) return false;
            out.ptr.bits += mem_.layouts().field_offset(s.type, e.value);
            out.type = e.type;
            out.vla_depth = kNoSlot;
            return true;
        }
        case ExprKind::Cast:
            if (e.implicit && e.type == e.operand(0).type) return place(e.operand(0), use, out);
            break;
        default: break;
    }
    return undefined(e.loc, "not an lvalue: " + print(e));
}

// a[i] for an array lvalue a: C bounds the index by a's length (each dimension on its own).
bool Machine::index_array(const Expr& e, Use use, Place& out) {
    const Expr& arr = e.operand(0).operand(0);
    Place a;
    if (!place(arr, use, a)) return false;
    Value iv;
    if (!eval(e.operand(1), iv)) return false;
    const i128 i = wide(iv, e.operand(1).type);

    // Length of a and cells per element: from the type, or from the dimensions of a
    // variable-length array's object.
    const bool known = arr.type.is_array() && arr.type.info->length.has_value();
    bool has_length = known;
    std::uint64_t length = known ? *arr.type.info->length : 0;
    auto stride = mem_.layouts().cells(e.type);
    std::uint32_t depth = kNoSlot;
    if (a.vla_depth != kNoSlot && mem_.live_slot(a.ptr)) {
        const Object& o = mem_.object(a.ptr.obj);
        const auto& dims = o.shape.dims;
        if (a.vla_depth < dims.size()) {
            has_length = true;
            length = dims[a.vla_depth];
            std::uint64_t s = o.elem_cells;
            for (std::size_t d = a.vla_depth + 1; d < dims.size(); ++d) s *= dims[d];
            stride = s;
            if (a.vla_depth + 1 < dims.size()) depth = a.vla_depth + 1;
        }
    }
    if (!stride) return undefined(e.loc, "indexing an array of elements of variable size");
    // Only accesses are bounded: an address (&a[i], a decayed a[i], &m[i][j]) may leave the array.
    if (has_length && (use == Use::Read || use == Use::Write)) {
        const i128 limit = i128{length} - 1;
        if (i < 0 || i > limit) {
            const std::string n = std::to_string(length) + (length == 1 ? " element" : " elements");
            const std::string what = lvalue_text(arr) + "[" + to_text(i) + "]";
            return undefined(e.loc, std::string("out-of-bounds ") + (use == Use::Read ? "read" : "write") + " of " +
                                        what + " (" + n + ")");
        }
    }
    const i128 off = i128{a.ptr.offset()} + i * *stride;
    if (off < -kMaxOffset || off > kMaxOffset) return undefined(e.loc, "pointer arithmetic out of bounds");
    // With addresses, the cell past an array inside a struct need not start where the array
    // ends (as the lowering's check_end_address).
    if (has_length && (i < 0 || i >= i128{length})) {
        bool dead = false;
        const Object* o = mem_.target(a.ptr, dead);
        if (o && o->layout && !o->layout->uniform())
            return undefined(e.loc, "address past the end of an array inside a struct");
    }
    out = Place{a.ptr, e.type, depth};
    out.ptr.bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(off));
    return true;
}

// &x and decayed arrays: the address of an lvalue (which may lie outside its object, as the
// results of move_pointer may).
bool Machine::address_of(const Expr& e, Value& out) {
    Place p;
    if (!place(e, Use::Address, p)) return false;
    bool dead = false;
    mem_.target(p.ptr, dead);
    // &p->f and &a[i] move a pointer: it must not be dangling then (&*p is p itself).
    const bool moved = e.kind != ExprKind::Deref && e.kind != ExprKind::VarRef;
    if (dead && moved) return undefined(e.loc, "pointer arithmetic on a pointer to a dead object");
    if (p.ptr.obj == kWild && moved) return undefined(e.loc, kWildArithmetic);
    if (p.ptr.obj == 0 && p.ptr.bits != 0) return undefined(e.loc, "pointer arithmetic on a null pointer");
    out = p.ptr;
    return true;
}

bool Machine::same_address(const Value& a, const Value& b) {
    if (a == b) return true;
    // A byte view equals a pointer to the cell at its address.
    for (auto [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
        if (x->obj != kByteView || y->obj == 0 || y->obj == kWild || y->obj == kByteView) continue;
        std::string why;
        auto at = mem_.to_address(*y, why);
        if (at && normalize(*at, size_type(dm_).kind, dm_) == x->bits) return true;
    }
    return false;
}

bool Machine::view_fits(const Value& p, Type to) {
    if (to.is_void() || to.is_function() || p.obj == 0 || p.obj == kWild || p.obj == kByteView || !p.initialised())
        return true;
    bool dead = false;
    const Object* o = mem_.target(p, dead);
    if (!o) return true;  // dangling: every use is checked
    const auto n = mem_.layouts().cells(to);
    if (!n) return true;  // void, incomplete: never accessed (as the lowering)
    if (o->shape.element.is_scalar()) {
        for (std::uint64_t c = 0; c < *n; ++c)
            if (!memory::compatible(mem_.layouts().cell_type(to, c), o->shape.element)) return false;
        return true;
    }
    return mem_.check(p, to, *n, false).empty();
}

bool Machine::check_view(const Value& p, Type to, const SourceLocation& at) {
    if (view_fits(p, to)) return true;
    return undefined(at, "conversion to '" + to_string(to) + " *' of a pointer to cells of another type");
}

bool Machine::convert_object_pointer(const Value& p, Type from, Type to, const SourceLocation& at, Value& out) {
    out = p;
    if (to.is_void() || from == to) return true;
    if (!mem_.addresses()) return check_view(out, to, at);  // only void * converts here
    std::string why;
    if (p.obj == kByteView) {  // the cells at its address
        auto q = mem_.from_address(p.bits, why);
        if (!q) return undefined(at, why);
        out = *q;
    }
    return to_view(out, to, at);
}

bool Machine::to_view(Value& p, Type to, const SourceLocation& at) {
    // As the lowering: a pointer to cells that are no `to`s becomes the byte view of its address;
    // a character pointer to no object too.
    if (p.obj == 0 || p.obj == kByteView) return true;
    if (p.obj == kWild) {
        if (is_character(to)) p.obj = kByteView;
        return true;
    }
    if (view_fits(p, to)) return true;
    std::string why;
    auto a = mem_.to_address(p, why);
    if (!a) return undefined(at, why);
    result_.used_addresses = true;
    p = Value{normalize(*a, size_type(dm_).kind, dm_), kByteView, 0};
    return true;
}

bool Machine::element_cells(Type pointee, const SourceLocation& at, std::uint64_t& out) {
    if (pointee.is_void()) {  // GNU arithmetic on void *: bytes
        out = 1;
        return true;
    }
    auto k = mem_.layouts().cells(pointee);
    if (!k) return undefined(at, "arithmetic on a pointer to " + to_string(pointee) + ", which has no fixed size");
    out = *k;
    return true;
}

// p + delta cells (p not null, not dangling; the result within +-kMaxOffset).
bool Machine::move_pointer(const Value& p, i128 delta, Type pointee, const SourceLocation& at, Value& out) {
    out = p;
    if (delta == 0) return true;
    if (p.obj == 0) return undefined(at, "pointer arithmetic on a null pointer");
    if (p.obj == kWild) return undefined(at, kWildArithmetic);
    if (p.obj == kByteView) {  // an address: bytes through character pointers only
        if (!is_character(pointee)) return undefined(at, "pointer arithmetic on a pointer to cells of another type");
        out.bits = p.bits + static_cast<std::uint64_t>(static_cast<std::int64_t>(delta));
        return true;
    }
    bool dead = false;
    const Object* o = mem_.target(p, dead);
    if (!o) return undefined(at, "pointer arithmetic on a pointer to a dead object");
    const i128 off = i128{p.offset()} + delta;
    // Pointers may leave their object (as addresses do under GCC, which SV-COMP's verdicts
    // assume); only accesses through them are checked.
    if (off < -kMaxOffset || off > kMaxOffset) return undefined(at, "pointer arithmetic out of bounds");
    // With addresses, a move must span the bytes C moves (as the lowering's check_step).
    if (o->layout && !o->layout->uniform() && !(pointee == o->shape.element)) {
        const auto size = size_of(pointee, dm_);
        const auto k = mem_.layouts().cells(pointee);
        const i128 from = p.offset();
        const bool inside = from >= 0 && off >= 0 && from <= i128{o->ncells} && off <= i128{o->ncells};
        if (!size || !k || !inside ||
            (i128{cell_byte_offset(*o->layout, static_cast<std::uint64_t>(off))} -
             i128{cell_byte_offset(*o->layout, static_cast<std::uint64_t>(from))}) *
                    i128{*k} !=
                i128{*size} * delta)
            return undefined(at, "pointer arithmetic across struct members of other sizes");
    }
    out.bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(off));
    return true;
}

bool Machine::load(const Place& p, const SourceLocation& at, Value& out) {
    std::string fault = mem_.check(p.ptr, p.type, 1, false);
    if (!fault.empty()) return undefined(at, std::move(fault));
    const Value& c = mem_.cells(p.ptr.obj)[p.ptr.bits];
    if (!c.initialised())
        return undefined(
            at, "read of uninitialised memory (" + mem_.cell_name(mem_.object(p.ptr.obj), p.ptr.offset()) + ")");
    out = c;
    return true;
}

bool Machine::store(const Place& p, const Value& v, const SourceLocation& at, const Expr* lvalue) {
    std::string fault = mem_.check(p.ptr, p.type, 1, true);
    if (!fault.empty()) return undefined(at, std::move(fault));
    const std::uint32_t slot = p.ptr.obj;
    mem_.cells(slot)[p.ptr.bits] = v;
    mem_.clear_union_siblings(slot, p.ptr.bits, p.ptr.bits, p.ptr.bits + 1);
    if (lvalue && p.type.is_integer() && tracing()) {
        // A cell of a named variable by its cell name (a[3], s.f, also for a[i]); a write through
        // a pointer by the program's own lvalue (p->balance, *q), which names no object.
        const Object& o = mem_.object(slot);
        const bool named = constant_path(*lvalue) || (o.var && o.kind != ObjectKind::Heap);
        record(TraceStep::Assign, at, named ? mem_.cell_name(o, p.ptr.offset()) : lvalue_text(*lvalue), v.bits,
               p.type);
    }
    return true;
}

bool Machine::copy_struct(const Place& dst, const Place& src, const SourceLocation& at) {
    const std::uint64_t n = mem_.layouts().cells(dst.type).value_or(0);
    std::string fault = mem_.check(src.ptr, src.type, n, false);
    if (fault.empty()) fault = mem_.check(dst.ptr, dst.type, n, true);
    if (!fault.empty()) return undefined(at, std::move(fault));
    const Value* from = mem_.cells(src.ptr.obj) + src.ptr.bits;
    Value* to = mem_.cells(dst.ptr.obj) + dst.ptr.bits;
    if (from != to) std::copy(from, from + n, to);  // same-type lvalues are equal or disjoint
    if (n > 0) mem_.clear_union_siblings(dst.ptr.obj, dst.ptr.bits, dst.ptr.bits, dst.ptr.bits + n);
    return true;
}

// Binary operators with a pointer left operand: p ± i, p - q, comparisons.
bool Machine::pointer_binary(const Expr& e, const Value& a, const Value& b, Value& out) {
    const Type pt = e.operand(0).type;
    const bool both = e.operand(1).type.is_pointer();
    if ((e.op == Op::Add || e.op == Op::Sub) && !both) {
        std::uint64_t k;
        if (!element_cells(pt.target(), e.loc, k)) return false;
        const i128 step = wide(b, e.operand(1).type) * k;
        return move_pointer(a, e.op == Op::Add ? step : -step, pt.target(), e.loc, out);
    }
    if (!both) return undefined(e.loc, "operator " + std::string(to_string(e.op)) + " on a pointer and an integer");
    const bool same = a.obj == b.obj && a.gen == b.gen;
    switch (e.op) {
        case Op::Eq: out = Value::integer(same_address(a, b)); return true;
        case Op::Ne: out = Value::integer(!same_address(a, b)); return true;
        case Op::Sub: {
            if (!same) return undefined(e.loc, "subtraction of pointers to different objects");
            if (a.obj == kWild) return undefined(e.loc, kWildArithmetic);
            if (a.obj == kByteView && !is_character(pt.target()))
                return undefined(e.loc, "pointer arithmetic on a pointer to cells of another type");
            std::uint64_t k;
            if (!element_cells(pt.target(), e.loc, k)) return false;
            const i128 d = (i128{a.offset()} - i128{b.offset()}) / static_cast<i128>(k == 0 ? 1 : k);
            std::uint64_t r;
            if (!signed_result(d, e.type, e.loc, "pointer -", r)) return false;
            out = Value::integer(r);
            return true;
        }
        case Op::Lt:
        case Op::Le:
        case Op::Gt:
        case Op::Ge: {
            if (!same) return undefined(e.loc, "comparison of pointers to different objects");
            // Offsets within an object; the addresses themselves (unsigned) for pointers made from integers.
            const bool addresses = a.obj == kWild || a.obj == kByteView;
            const i128 x = addresses ? i128{a.bits} : i128{a.offset()};
            const i128 y = addresses ? i128{b.bits} : i128{b.offset()};
            const bool r = e.op == Op::Lt ? x < y : e.op == Op::Le ? x <= y : e.op == Op::Gt ? x > y : x >= y;
            out = Value::integer(r);
            return true;
        }
        default: break;
    }
    return undefined(e.loc, "operator " + std::string(to_string(e.op)) + " on pointers");
}

// malloc / calloc / alloca (and realloc's new block): a block of cells of the pointee type
// (interpreter.hpp, Memory).
bool Machine::allocate(const Expr& call, Type pointee, const std::vector<Value>& args, Value& out) {
    const FunctionDecl& f = *call.callee;
    const bool zero = f.builtin == Builtin::Calloc;
    const bool on_stack = f.name == "alloca" || f.name == "__builtin_alloca";
    const std::size_t size_at = f.builtin == Builtin::Realloc ? 1 : 0;  // realloc(p, size)
    const char* what = zero ? "calloc size" : size_at ? "realloc size" : "malloc size";
    if (args.size() < (zero ? 2u : size_at + 1)) return undefined(call.loc, f.name + " is called without a size");
    const Type st = size_type(dm_);
    u128 bytes = args[size_at].bits;
    if (zero) bytes *= args[1].bits;
    if (bytes > std::numeric_limits<std::uint64_t>::max() ||
        (bit_width(st.kind, dm_) < 64 && bytes > max_value(st.kind, dm_)))
        return undefined(call.loc, std::string(what) + ": the product overflows size_t");
    Type t = pointee.is_void() ? Type::of(TypeKind::UChar) : pointee;
    auto size = size_of(t, dm_);
    auto shape = shape_of(t);
    auto k = mem_.layouts().cells(t);
    if (!size || !shape || !k || *size == 0)
        return undefined(call.loc, std::string(what) + ": blocks of " + to_string(t) + " have no fixed size");
    const auto n = static_cast<std::uint64_t>(bytes);
    if (n == 0 || n % *size != 0)
        return undefined(call.loc, std::string(what) + " " + std::to_string(n) +
                                       " is not a positive multiple of sizeof(" + to_string(t) +
                                       ") = " + std::to_string(*size));
    const std::uint64_t count = n / *size;
    if (*k != 0 && count > kMaxCells / *k) return out_of_memory(call.loc);
    shape->dims.insert(shape->dims.begin(), count);
    const std::uint32_t slot =
        mem_.create(on_stack ? ObjectKind::Alloca : ObjectKind::Heap, *shape, count * *k, nullptr, &call.loc);
    if (slot == 0) return out_of_memory(call.loc);
    if (on_stack && !frames_.empty()) frame_allocas_.push_back(slot);
    if (zero) {
        std::fill(mem_.cells(slot), mem_.cells(slot) + count * *k, Value{});
    } else if (!evaluate_constant(call.operand(size_at), dm_)) {
        // A block sized at run time reads no inputs (as a variable-length array).
        std::fill(mem_.cells(slot), mem_.cells(slot) + count * *k, Value::uninit());
    } else if (!fill_inputs(slot, call.loc, TraceStep::InputSource::Allocated)) {
        return false;
    }
    out = mem_.address(slot);
    return true;
}

bool Machine::release(const Expr& call, const Value& p) {
    if (p.obj == 0) return true;  // free(NULL)
    if (p.obj == kWild || p.obj == kByteView)
        return undefined(call.loc, "invalid free of a pointer converted from an integer or a character view");
    bool dead = false;
    const Object* o = mem_.target(p, dead);
    if (dead) {
        if (mem_.freed(p)) return undefined(call.loc, "double free of " + mem_.name(mem_.object(p.obj)));
        return undefined(call.loc, "invalid free of a pointer to a dead object");
    }
    if (o->kind != ObjectKind::Heap) return undefined(call.loc, "invalid free of " + mem_.name(*o) + ", not malloc'ed");
    if (p.offset() != 0)
        return undefined(call.loc,
                         "invalid free of " + mem_.cell_name(*o, p.offset()) + ", not the start of its block");
    mem_.kill(p.obj);
    return true;
}

// realloc(p, size) (C11 7.22.3.5), as the lowering models it (lower_realloc.cpp): null p is
// malloc; otherwise p must be the start of a live heap block of the result's type; the new
// block is allocated as malloc would (the same inputs), takes the first min(old, new) cells,
// and the old block dies. It never fails, as malloc here.
bool Machine::reallocate(const Expr& call, Type pointee, const std::vector<Value>& args, Value& out) {
    if (args.size() < 2) return undefined(call.loc, "realloc is called without a pointer and a size");
    const Value& p = args[0];
    if (p.obj == 0) return allocate(call, pointee, args, out);
    bool dead = false;
    const Object* o = mem_.target(p, dead);
    if (dead) return undefined(call.loc, "realloc of a pointer to a dead or freed object");
    if (o->kind != ObjectKind::Heap) return undefined(call.loc, "realloc of " + mem_.name(*o) + ", not malloc'ed");
    if (p.offset() != 0)
        return undefined(call.loc,
                         "realloc of " + mem_.cell_name(*o, p.offset()) + ", not the start of its block");
    const ObjectShape old_shape = o->shape;
    const std::uint64_t old_cells = o->ncells;
    if (!allocate(call, pointee, args, out)) return false;
    const Object& fresh = mem_.object(out.obj);
    if (fresh.shape.element != old_shape.element ||
        !std::equal(fresh.shape.dims.begin() + 1, fresh.shape.dims.end(), old_shape.dims.begin() + 1,
                    old_shape.dims.end()))
        return undefined(call.loc, "realloc of a block of another type (not modelled)");
    const std::uint64_t n = std::min(old_cells, fresh.ncells);
    std::copy(mem_.cells(p.obj), mem_.cells(p.obj) + n, mem_.cells(out.obj));
    mem_.kill(p.obj);
    return true;
}

// ---------------------------------------------------------------------------
// Expressions

bool Machine::signed_result(i128 v, Type t, const SourceLocation& at, const char* what, std::uint64_t& out) {
    const i128 lo = static_cast<std::int64_t>(min_value(t.kind, dm_));
    const i128 hi = static_cast<std::int64_t>(max_value(t.kind, dm_));
    if (v < lo || v > hi)
        return halt(ReplayOutcome::SignedOverflow, at,
                    std::string("signed overflow in ") + what + " of type " + to_string(t));
    out = static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
    return true;
}

bool Machine::arith(Op op, std::uint64_t a, Type ta, std::uint64_t b, Type tb, Type result, const SourceLocation& at,
                    std::uint64_t& out) {
    const bool sgn = is_signed(result.kind);
    const i128 x = is_signed(ta.kind) ? i128{static_cast<std::int64_t>(a)} : i128{a};
    const i128 y = is_signed(tb.kind) ? i128{static_cast<std::int64_t>(b)} : i128{b};
    auto wrap = [&](std::uint64_t v) {
        out = normalize(v, result.kind, dm_);
        return true;
    };
    switch (op) {
        case Op::Add: return sgn ? signed_result(x + y, result, at, "+", out) : wrap(a + b);
        case Op::Sub: return sgn ? signed_result(x - y, result, at, "-", out) : wrap(a - b);
        case Op::Mul: return sgn ? signed_result(x * y, result, at, "*", out) : wrap(a * b);
        case Op::Div:
        case Op::Rem: {
            const bool div = op == Op::Div;
            if (b == 0) return undefined(at, div ? "division by zero" : "remainder by zero");
            if (!sgn) return wrap(div ? a / b : a % b);
            // C11 6.5.5p6: a % b is undefined too when a / b is not representable.
            i128 q = x / y;
            if (!div) {
                std::uint64_t unused;
                if (!signed_result(q, result, at, "%", unused)) return false;
            }
            return signed_result(div ? q : x % y, result, at, div ? "/" : "%", out);
        }
        case Op::Shl:
        case Op::Shr: {
            const unsigned width = bit_width(result.kind, dm_);
            if (y < 0) return undefined(at, "shift by a negative amount");
            if (y >= width)
                return undefined(at, "shift by " + std::to_string(static_cast<std::uint64_t>(y)) +
                                         ", not below the width " + std::to_string(width));
            const auto n = static_cast<unsigned>(y);
            if (op == Op::Shr) return wrap(static_cast<std::uint64_t>(x >> n));  // arithmetic for signed (GCC)
            if (!sgn) return wrap(a << n);
            if (x < 0) return undefined(at, "left shift of a negative value");
            return signed_result(x << n, result, at, "<<", out);
        }
        case Op::BitAnd: return wrap(a & b);
        case Op::BitOr: return wrap(a | b);
        case Op::BitXor: return wrap(a ^ b);
        case Op::Lt: out = x < y; return true;
        case Op::Le: out = x <= y; return true;
        case Op::Gt: out = x > y; return true;
        case Op::Ge: out = x >= y; return true;
        case Op::Eq: out = a == b; return true;
        case Op::Ne: out = a != b; return true;
        default:
            return undefined(at, "operator " + std::string(to_string(op)) + " is not a binary arithmetic operator");
    }
}

bool Machine::unary(const Expr& e, const Value& v, Value& out) {
    const Type t = e.type;
    const std::uint64_t a = v.bits;
    switch (e.op) {
        case Op::Plus: out = v; return true;
        case Op::LogNot: out = Value::integer(!truthy(v, e.operand(0).type)); return true;
        case Op::BitNot: out = Value::integer(normalize(~a, t.kind, dm_)); return true;
        case Op::Neg:
            if (is_signed(t.kind)) {
                std::uint64_t r;
                if (!signed_result(-i128{static_cast<std::int64_t>(a)}, t, e.loc, "unary -", r)) return false;
                out = Value::integer(r);
                return true;
            }
            out = Value::integer(normalize(std::uint64_t{0} - a, t.kind, dm_));
            return true;
        default: return undefined(e.loc, "operator " + std::string(to_string(e.op)) + " is not a unary operator");
    }
}

// ++ and -- of any scalar lvalue, evaluated once.
bool Machine::inc_dec(const Expr& e, Value& out) {
    const Expr& target = e.operand(0);
    const bool inc = e.op == Op::PreInc || e.op == Op::PostInc;
    const bool pre = e.op == Op::PreInc || e.op == Op::PreDec;
    const Type t = target.type;
    const bool var = target.kind == ExprKind::VarRef && target.var && t.is_scalar();
    Place p;
    Value old;
    if (var ? !read_var(*target.var, e.loc, old) : !(place(target, Use::Read, p) && load(p, e.loc, old))) return false;
    Value now;
    if (t.is_pointer()) {
        std::uint64_t k;
        if (!element_cells(t.target(), e.loc, k) ||
            !move_pointer(old, inc ? i128{k} : -i128{k}, t.target(), e.loc, now))
            return false;
    } else {
        const Type pt = promote(t, dm_);
        std::uint64_t sum;
        if (!arith(inc ? Op::Add : Op::Sub, convert_value(old.bits, pt.kind, dm_), pt, 1, pt, pt, e.loc, sum))
            return false;
        now = Value::integer(convert_value(sum, t.kind, dm_));
    }
    if (var ? !write_var(*target.var, now, e.loc) : !store(p, now, e.loc, &target)) return false;
    out = pre ? now : old;
    return true;
}

bool Machine::eval(const Expr& e, Value& out) {
    out = Value{};
    switch (e.kind) {
        case ExprKind::IntLiteral: out = Value::integer(e.value); return true;
        case ExprKind::StringLiteral: return true;  // as an argument of the assert-failure functions (ast.hpp)
        case ExprKind::VarRef:
            if (!e.var) return undefined(e.loc, "unresolved variable");
            if (!e.var->type.is_scalar()) return undefined(e.loc, "the aggregate " + e.var->name + " used as a value");
            return read_var(*e.var, e.loc, out);
        case ExprKind::Index:
        case ExprKind::Deref:
        case ExprKind::Member: {
            if (!e.type.is_scalar()) return undefined(e.loc, "an aggregate used as a value: " + lvalue_text(e));
            Place p;
            return place(e, Use::Read, p) && load(p, e.loc, out);
        }
        case ExprKind::AddrOf:
        case ExprKind::Decay: return address_of(e.operand(0), out);
        case ExprKind::InitList: return undefined(e.loc, "an initialiser list used as a value");
        case ExprKind::FunctionRef: out = Value{0, e.callee->address_id, 0}; return true;
        case ExprKind::Cast: return eval_cast(e, out);
        case ExprKind::Unary: {
            Value v;
            if (!eval(e.operand(0), v)) return false;
            return unary(e, v, out);
        }
        case ExprKind::Binary: {
            Value a, b;
            // Pointers compared: as they are (as the lowering: no view through void *).
            const bool compared = e.operand(0).type.is_pointer() && e.op != Op::Add && e.op != Op::Sub;
            if (!eval(compared ? compared_pointer(e.operand(0)) : e.operand(0), a)) return false;
            if (e.op == Op::LogAnd || e.op == Op::LogOr) {
                const bool x = truthy(a, e.operand(0).type);
                if ((e.op == Op::LogAnd) != x) {  // decided by the left operand
                    out = Value::integer(x);
                    return true;
                }
                if (!eval(e.operand(1), b)) return false;
                out = Value::integer(truthy(b, e.operand(1).type));
                return true;
            }
            if (!eval(compared ? compared_pointer(e.operand(1)) : e.operand(1), b)) return false;
            if (e.operand(0).type.is_pointer()) return pointer_binary(e, a, b, out);
            std::uint64_t r;
            if (!arith(e.op, a.bits, e.operand(0).type, b.bits, e.operand(1).type, e.type, e.loc, r)) return false;
            out = Value::integer(r);
            return true;
        }
        case ExprKind::Assign: return eval_assign(e, out);
        case ExprKind::IncDec: return inc_dec(e, out);
        case ExprKind::Conditional: {
            Value c;
            if (!eval(e.operand(0), c)) return false;
            const Expr& chosen = e.operand(truthy(c, e.operand(0).type) ? 1 : 2);
            if (e.type.is_void()) return eval_discarded(chosen);
            return eval(chosen, out);
        }
        case ExprKind::Comma:
            if (!eval_discarded(e.operand(0))) return false;
            return eval(e.operand(1), out);
        case ExprKind::Call:
        case ExprKind::PointerCall: return call(e, out, true);
        case ExprKind::StmtExpr: break;
    }
    return undefined(e.loc, "statement expressions are not supported");
}

bool Machine::eval_cast(const Expr& e, Value& out) {
    const Expr& x = e.operand(0);
    if (e.type.is_void()) return eval_discarded(x);
    // malloc's cells get the type its result is converted to.
    if (e.type.is_pointer() && is_allocation(x)) return call(x, out, true, e.type.target());
    Value v;
    if (!eval(x, v)) return false;
    if (e.type.is_integer()) {
        if (x.type.is_pointer()) {
            if (e.type.is_bool()) {
                out = Value::integer(v.obj != 0);
                return true;
            }
            // The address (memory.hpp); its bits as the unsigned integer of pointer width.
            std::string why;
            auto a = mem_.to_address(v, why);
            if (!a) return undefined(e.loc, why);
            result_.used_addresses = result_.used_addresses || (v.obj != 0 && v.obj != kWild);
            const TypeKind up = size_type(dm_).kind;
            out = Value::integer(convert_value(normalize(*a, up, dm_), e.type.kind, dm_));
            return true;
        }
        out = Value::integer(convert_value(v.bits, e.type.kind, dm_));
        return true;
    }
    if (e.type.is_pointer() && !x.type.is_pointer()) {
        // Without addresses in the program, only the null pointer constant converts.
        if (v.bits == 0) {
            out = Value{};
            return true;
        }
        std::string why;
        auto p = mem_.from_address(convert_value(v.bits, size_type(dm_).kind, dm_), why);
        if (!p) return undefined(e.loc, why);
        out = *p;
        result_.used_addresses = result_.used_addresses || (out.obj != 0 && out.obj != kWild);
        return e.type.target().is_void() || to_view(out, e.type.target(), e.loc);
    }
    if (x.type.is_function_pointer()) {
        out = v;
        return true;
    }
    return convert_object_pointer(v, x.type.target(), e.type.target(), e.loc, out);
}

// Right operand first, then the lvalue (as the lowering does); structs are copied cell by cell.
bool Machine::eval_assign(const Expr& e, Value& out) {
    const Expr& lhs = e.operand(0);
    if (lhs.type.is_struct()) {
        Place src, dst;
        if (!place(e.operand(1), Use::Read, src) || !place(lhs, Use::Write, dst)) return false;
        out = Value{};
        return copy_struct(dst, src, e.loc);
    }
    if (!eval(e.operand(1), out)) return false;
    if (lhs.kind == ExprKind::VarRef && lhs.var && lhs.type.is_scalar()) return write_var(*lhs.var, out, e.loc);
    Place p;
    return place(lhs, Use::Write, p) && store(p, out, e.loc, &lhs);
}

// Evaluates e for its effects only: a call's missing return value is then harmless.
bool Machine::eval_discarded(const Expr& e) {
    Value unused;
    switch (e.kind) {
        case ExprKind::Call:
        case ExprKind::PointerCall: return call(e, unused, false);
        case ExprKind::Cast:
            if (e.type.is_void()) return eval_discarded(e.operand(0));
            break;
        case ExprKind::Comma: return eval_discarded(e.operand(0)) && eval_discarded(e.operand(1));
        case ExprKind::Conditional:
            if (!eval(e.operand(0), unused)) return false;
            return eval_discarded(e.operand(truthy(unused, e.operand(0).type) ? 1 : 2));
        case ExprKind::VarRef:
        case ExprKind::Index:
        case ExprKind::Deref:
        case ExprKind::Member:
            if (e.type.is_array() || e.type.is_struct()) {  // `s;`: no value is read
                Place p;
                return place(e, Use::Address, p);
            }
            break;
        default: break;
    }
    return eval(e, unused);
}

bool Machine::eval_condition(const Expr& e, const char* keyword, const SourceLocation& anchor, bool& holds) {
    Value v;
    if (!eval(e, v)) return false;
    holds = truthy(v, e.type);
    // A constant condition (while (1)) decides nothing; control-flow graphs of
    // other tools have no branch there either.
    if (tracing() && !evaluate_constant(e, dm_)) {
        record(TraceStep::Branch, e.loc, keyword, e.type.is_pointer() ? std::uint64_t{holds} : v.bits, e.type, holds,
               print(e));
        result_.trace.back().anchor = anchor;
    }
    return true;
}

bool Machine::error(const Expr& e, std::string message) {
    // The final step is recorded even when the trace is full.
    record(TraceStep::Error, e.loc, e.callee ? e.callee->name : std::string(), 0, Type::of(TypeKind::Void), false,
           message);
    return halt(ReplayOutcome::ReachedError, e.loc, std::move(message));
}

// FunctionDecl::external: the result first, then every integer file-scope variable.
bool Machine::call_external(const Expr& e, const FunctionDecl& f, Value& out) {
    std::uint64_t r = 0;
    if (!f.return_type.is_void() &&
        !read_input(f.return_type, e.loc, TraceStep::InputSource::ExternalResult, f.name, r, e.rparen))
        return false;
    out = Value::integer(r);
    for (const auto& g : tu_.globals) {
        if (g->storage != Storage::Global || !g->type.is_integer()) continue;
        if (!limits_.external_side_effects) {
            if (next_input_ >= inputs_.size())
                return halt(ReplayOutcome::OutOfInputs, e.loc, "no input left for " + g->name);
            ++next_input_;  // read and ignored: the variable keeps its value
            continue;
        }
        std::uint64_t v = 0;
        if (!read_input(g->type, e.loc, TraceStep::InputSource::ExternalGlobal, g->name, v)) return false;
        if (const std::uint32_t slot = global_object_[g->id]) mem_.cells(slot)[0] = Value::integer(v);
    }
    return true;
}

// Builtin::Libc: libc_replay.hpp's three steps. The input the lowering's model read is read
// here too (same order); the trace shows the value the library returns.
bool Machine::call_libc(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out) {
    if (f.libc->model == LibcModel::StrToInt) return call_string_to_int(e, f, args, out);
    if (f.libc->model == LibcModel::Format) return call_format(e, f, args, out);
    if (f.libc->model == LibcModel::ScanString) return call_sscanf(e, f, args, out);
    if (f.libc->model == LibcModel::String) return call_string(e, f, args, out);
    std::vector<LibcArg> lib_args;
    // The output functions' string arguments that are not literals (puts(s), printf("%s", buf)):
    // their text, read from memory, so that the result is the count glibc returns for it.
    std::vector<std::string> texts;
    texts.reserve(args.size());  // the views below point into it
    for (std::size_t i = 0; i < args.size(); ++i) {
        const Expr& a = e.operand(i);
        LibcArg arg{args[i].bits, a.type, std::nullopt};
        if (a.kind == ExprKind::StringLiteral) {
            arg.literal = std::string_view(a.text);
        } else if (f.libc->model == LibcModel::Output && a.type.is_pointer() && is_character(a.type.target())) {
            std::string& text = texts.emplace_back();
            if (!read_string(args[i], e.loc, text)) return false;  // not a string: undefined
            arg.literal = std::string_view(text);
        }
        lib_args.push_back(arg);
    }
    if (auto ub = libc_undefined_use(*f.libc, lib_args, dm_)) return undefined(e.loc, *ub);
    std::int64_t input = 0;
    if (libc_reads_input(*f.libc)) {
        if (next_input_ >= inputs_.size())
            return halt(ReplayOutcome::OutOfInputs, e.loc, "no input left for " + f.name + "()");
        input = static_cast<std::int64_t>(normalize(inputs_[next_input_++], TypeKind::Int, dm_));
        const std::size_t targets = args.empty() ? 0 : args.size() - 1;
        if (auto range = libc_input_range(*f.libc, targets);
            range && !(input >= range->lo && input <= range->hi) && !(range->eof && input == kEof))
            return halt(ReplayOutcome::Blocked, e.loc, f.name + "() cannot return " + std::to_string(input));
    }
    if (f.libc->model == LibcModel::Scan) {  // one input per target, stored when below the result
        for (std::size_t i = 1; i < args.size(); ++i) {
            const Type t = e.operand(i).type;
            if (!t.is_pointer() || !t.target().is_integer())
                return undefined(e.loc, f.name + " target " + std::to_string(i) + " is not a pointer to an integer");
            std::uint64_t v = 0;
            if (!read_input(t.target(), e.loc, TraceStep::InputSource::LibraryResult,
                            f.name + "() target " + std::to_string(i), v))
                return false;
            if (static_cast<std::int64_t>(i) <= input &&
                !store(Place{args[i], t.target()}, Value::integer(v), e.loc, nullptr))
                return false;
        }
    }
    const std::int64_t r = libc_result(*f.libc, lib_args, input, dm_);
    const Type rt = f.return_type.is_integer() ? f.return_type : Type::of(TypeKind::Int);
    out = Value::integer(normalize(static_cast<std::uint64_t>(r), rt.kind, dm_));
    if (!f.return_type.is_void()) record_library_result(e, f, rt, out);
    return true;
}

// The trace shows the value a library call returns, at its closing parenthesis.
void Machine::record_library_result(const Expr& e, const FunctionDecl& f, Type t, const Value& v) {
    if (!tracing()) return;
    record(TraceStep::Input, e.loc, f.name, v.bits, t, false, {}, TraceStep::InputSource::LibraryResult);
    result_.trace.back().anchor = e.rparen;
}

// The characters of the string p points to, before its terminating zero; every read is checked
// as a load (bounds, lifetime, initialisation), so an unterminated array is undefined.
bool Machine::read_string(const Value& p, const SourceLocation& at, std::string& out) {
    out.clear();
    for (std::uint64_t i = 0;; ++i) {
        Value at_i, c;
        if (!move_pointer(p, static_cast<i128>(i), Type::of(TypeKind::Char), at, at_i) || !load(Place{at_i, Type::of(TypeKind::Char)}, at, c))
            return false;
        if (c.bits == 0) return true;
        out.push_back(static_cast<char>(c.bits));
    }
}

// atoi, atol, strtol, strtoul (libc_convert.hpp): glibc's conversion of a copy of the string.
bool Machine::call_string_to_int(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out) {
    const bool strto = has_endptr(*f.libc);
    if (args.size() < (strto ? 3u : 1u)) return undefined(e.loc, f.name + " is called without its arguments");
    const int base = strto ? static_cast<std::int32_t>(args[2].bits) : 10;
    if (base != 0 && (base < 2 || base > 36)) return undefined(e.loc, f.name + " with base " + std::to_string(base));
    std::string text;
    if (!read_string(args[0], e.loc, text)) return false;
    const StrToIntResult r = string_to_int(*f.libc, text, base, dm_);
    if (!strto && r.out_of_range) return undefined(e.loc, f.name + " of a value out of range (\"" + text + "\")");
    if (strto && args[1].obj != 0) {
        Value end;
        if (!move_pointer(args[0], static_cast<i128>(r.consumed), Type::of(TypeKind::Char), e.loc, end) ||
            !store(Place{args[1], e.operand(1).type.target()}, end, e.loc, nullptr))
            return false;
    }
    out = Value::integer(r.value);
    record_library_result(e, f, f.return_type, out);
    return true;
}

// sprintf, snprintf (libc_format.hpp): glibc's text of the run's values, stored character by
// character (past the buffer's end: undefined, as any store).
bool Machine::call_format(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out) {
    const std::size_t fi = format_operand(*f.libc);
    if (args.size() <= fi || e.operand(fi).kind != ExprKind::StringLiteral)
        return undefined(e.loc, f.name + " without a literal format (not modelled)");
    std::vector<LibcArg> values;
    for (std::size_t i = fi + 1; i < args.size(); ++i) {
        const Expr& a = e.operand(i);
        LibcArg v{args[i].bits, a.type, std::nullopt};
        if (a.kind == ExprKind::StringLiteral) v.literal = std::string_view(a.text);
        values.push_back(v);
    }
    const auto text = printf_text(e.operand(fi).text, values, dm_);
    if (!text) return undefined(e.loc, f.name + " with a format or arguments that are not modelled");
    std::optional<std::uint64_t> limit;
    if (fi == 2) limit = args[1].bits;
    const std::string written = written_text(*text, limit);
    for (std::size_t i = 0; i < written.size(); ++i) {
        Value at;
        const auto ch = static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<signed char>(written[i])));
        if (!move_pointer(args[0], static_cast<i128>(i), Type::of(TypeKind::Char), e.loc, at) ||
            !store(Place{at, Type::of(TypeKind::Char)}, Value::integer(normalize(ch, TypeKind::Char, dm_)), e.loc,
                   nullptr))
            return false;
    }
    out = Value::integer(normalize(text->size(), TypeKind::Int, dm_));
    record_library_result(e, f, f.return_type, out);
    return true;
}

// sscanf (libc_sscanf.hpp): glibc's sscanf of a copy of the string; each assignment is checked
// against its target's type and range (a mismatch or a value the target cannot hold is
// undefined, C11 7.21.6.2p10) and stored.
bool Machine::call_sscanf(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out) {
    if (args.size() < 2 || e.operand(1).kind != ExprKind::StringLiteral)
        return undefined(e.loc, f.name + " without a literal format (not modelled)");
    std::string why;
    const auto convs = parse_scan_format(e.operand(1).text, why);
    if (!convs) return undefined(e.loc, f.name + " with " + why + " (not modelled)");
    std::string text;
    if (e.operand(0).kind == ExprKind::StringLiteral) text = e.operand(0).text;
    else if (!read_string(args[0], e.loc, text)) return false;
    const SscanfResult r = run_sscanf(text, *convs);
    std::size_t k = 0;
    for (const ScanConversion& c : *convs) {
        if (!c.assigns) continue;
        if (k >= r.values.size()) break;
        const std::size_t i = 2 + k;
        if (i >= args.size()) return undefined(e.loc, f.name + " with fewer targets than conversions");
        const Type t = e.operand(i).type;
        const TypeKind want = scan_target_kind(c);
        if (!t.is_pointer() || t.target().kind != want)
            return undefined(e.loc, f.name + " target " + std::to_string(k + 1) + " is not a pointer to " +
                                        to_string(Type::of(want)));
        const auto v = static_cast<std::uint64_t>(r.values[k]);
        const bool fits = is_signed(want) ? r.values[k] >= static_cast<std::int64_t>(min_value(want, dm_)) &&
                                                r.values[k] <= static_cast<std::int64_t>(max_value(want, dm_))
                                          : v <= max_value(want, dm_);
        if (!fits) return undefined(e.loc, f.name + " of a value target " + std::to_string(k + 1) + " cannot hold");
        if (!store(Place{args[i], t.target()}, Value::integer(normalize(v, want, dm_)), e.loc, nullptr)) return false;
        ++k;
    }
    out = Value::integer(normalize(static_cast<std::uint64_t>(static_cast<std::int64_t>(r.result)), TypeKind::Int, dm_));
    record_library_result(e, f, f.return_type, out);
    return true;
}

// <string.h> (libc_string_replay.hpp): the call on the memory, its writes in the trace, then the
// input the lowering read for a comparison's sign (the result is glibc's value).
bool Machine::call_string(const Expr& e, const FunctionDecl& f, const std::vector<Value>& args, Value& out) {
    std::vector<Type> access;
    for (const auto& a : e.operands) access.push_back(string_access_type(*a));
    StringCallOutcome r = replay_string_call(*f.libc, mem_, args, access, dm_);
    if (r.undefined) return undefined(e.loc, *r.undefined);
    for (const auto& [slot, cell] : r.written) {
        if (!tracing()) break;
        const Object& o = mem_.object(slot);
        const Value& v = mem_.cells(slot)[cell];
        if (v.initialised() && mem_.leaf(o, cell).is_integer())
            record(TraceStep::Assign, e.loc, mem_.cell_name(o, static_cast<std::int64_t>(cell)), v.bits,
                   mem_.leaf(o, cell));
    }
    if (string_call_reads_input(*f.libc)) {
        if (next_input_ >= inputs_.size())
            return halt(ReplayOutcome::OutOfInputs, e.loc, "no input left for " + f.name + "()");
        ++next_input_;
    }
    out = r.value;
    if (tracing() && f.return_type.is_integer()) {
        record(TraceStep::Input, e.loc, f.name, out.bits, f.return_type, false, {},
               TraceStep::InputSource::LibraryResult);
        result_.trace.back().anchor = e.rparen;
    }
    return true;
}

// `allocated`: for malloc/calloc, the type of the cells (the pointee of the Cast around the call).
bool Machine::call(const Expr& e, Value& out, bool used, Type allocated) {
    out = Value{};
    const FunctionDecl* f = e.callee;
    std::size_t first = 0;  // of the arguments among the operands
    if (e.kind == ExprKind::PointerCall) {
        // The pointer first, then the arguments (as the lowering does).
        Value fp;
        if (!eval(e.operand(0), fp)) return false;
        if (!fp.initialised() || fp.obj == 0) return undefined(e.loc, "call through a null function pointer");
        if (fp.obj > tu_.address_taken.size()) return undefined(e.loc, "call through an invalid function pointer");
        f = tu_.address_taken[fp.obj - 1];
        if (!has_function_type(*f, e.operand(0).type.target()))
            return undefined(e.loc, "call of " + f->name + " through a function pointer of another type");
        first = 1;
    }
    if (!f) return undefined(e.loc, "call of an unknown function");
    if (f->builtin == Builtin::Nondet) {
        std::uint64_t v;
        if (!read_input(e.type, e.loc, TraceStep::InputSource::Nondet, f->name, v, e.rparen)) return false;
        out = Value::integer(v);
        return true;
    }

    // Arguments, left to right.
    std::vector<Value> args(e.operands.size() - first);
    for (std::size_t i = 0; i < args.size(); ++i)
        if (!eval(e.operand(first + i), args[i])) return false;

    switch (f->builtin) {
        case Builtin::Assume:
        case Builtin::Assert: {
            if (args.empty()) return undefined(e.loc, f->name + " is called without a condition");
            if (truthy(args[0], e.operand(0).type)) return true;
            if (f->builtin == Builtin::Assume)
                return halt(ReplayOutcome::Blocked, e.loc, f->name + ": the condition is false");
            return error(e, f->name + ": the assertion fails");
        }
        case Builtin::ReachError: return error(e, f->name + " is called");
        case Builtin::AssertFail:  // a failed assert() aborts: no reach_error call (unreach-call)
        case Builtin::Abort:
        case Builtin::Exit: return halt(ReplayOutcome::Exited, e.loc, f->name + " is called");
        case Builtin::Malloc:
        case Builtin::Calloc: return allocate(e, allocated, args, out);
        case Builtin::Realloc: return reallocate(e, allocated, args, out);
        case Builtin::Free:
            if (args.empty()) return undefined(e.loc, "free is called without a pointer");
            return release(e, args[0]);
        case Builtin::Libc: return call_libc(e, *f, args, out);
        case Builtin::Nondet:
        case Builtin::None: break;
    }

    if (f->external) return call_external(e, *f, out);
    if (!f->body) return undefined(e.loc, "call of " + f->name + ", which has no definition");
    if (!count_step(e.loc)) return false;
    if (frames_.size() >= limits_.max_call_depth)
        return halt(ReplayOutcome::StepLimit, e.loc,
                    "more than " + std::to_string(limits_.max_call_depth) + " nested calls");
    if (stack_exhausted())
        return halt(ReplayOutcome::StepLimit, e.loc,
                    "calls nested too deeply for the native stack (" + std::to_string(frames_.size()) + " frames)");

    if (tracing()) record(TraceStep::Call, e.loc, f->name, 0, f->return_type);
    if (!push_frame(*f, e.loc)) return false;
    for (std::size_t i = 0; i < f->params.size() && i < args.size(); ++i) {
        const VarDecl& p = *f->params[i];
        if (!p.type.is_scalar()) continue;  // a parameter the body never uses
        Value v = args[i];
        if (p.type.is_integer()) v = Value::integer(convert_value(v.bits, p.type.kind, dm_));
        if (!write_var(p, v, e.loc)) return false;
    }

    const Signal sig = exec(*f->body, nullptr);
    if (sig == Signal::Halt) return false;
    if (sig == Signal::Normal) ret_loc_ = f->body->loc;  // fell off the end
    if (sig != Signal::Normal && sig != Signal::Return)
        return undefined(e.loc, "control left " + f->name + " without return");
    const bool has_value = sig == Signal::Return && ret_has_value_;
    out = has_value ? ret_value_ : Value{};
    if (tracing())
        record(TraceStep::Return, ret_loc_, f->name, f->return_type.is_integer() ? out.bits : 0, f->return_type, false,
               sig == Signal::Return ? "return" : "end of function");
    pop_frame();
    if (used && !has_value && !f->return_type.is_void())
        return undefined(e.loc, "the value of " + f->name + "() is used, but it ended without returning one");
    return true;
}

// ---------------------------------------------------------------------------
// Statements

bool Machine::contains(const Stmt* outer, const Stmt* inner) const {
    if (!outer) return false;
    for (const Stmt* p = inner; p;) {
        if (p == outer) return true;
        auto it = position_.find(p);
        p = it == position_.end() ? nullptr : it->second.parent;
    }
    return false;
}

// Index of the child of `compound` that is, or contains, target.
std::size_t Machine::position_in(const Stmt& compound, const Stmt* target) const {
    for (const Stmt* p = target; p;) {
        auto it = position_.find(p);
        if (it == position_.end()) break;
        if (it->second.parent == &compound) return it->second.index;
        p = it->second.parent;
    }
    return compound.stmts.size();  // not inside: nothing to run
}

// Runs s; when seek is set, control enters s at the Label/Case/Default seek
// (inside s or s itself) instead of its start, skipping everything before it.
// A goto to a label inside s is resumed here (without unwinding further).
Signal Machine::exec(const Stmt& s, const Stmt* seek) {
    for (;;) {
        const Signal sig = exec_once(s, seek);
        if (sig != Signal::Goto || !contains(&s, goto_target_)) return sig;
        seek = goto_target_;
    }
}

Signal Machine::exec_once(const Stmt& s, const Stmt* seek) {
    if (seek == &s) seek = nullptr;
    if (!count_step(s.loc)) return Signal::Halt;
    auto run_loop_body = [&](bool first) { return exec(*s.body, first ? seek : nullptr); };
    switch (s.kind) {
        case StmtKind::Compound: {
            std::size_t i = seek ? position_in(s, seek) : 0;
            for (; i < s.stmts.size(); ++i) {
                const Signal sig = exec(*s.stmts[i], seek);
                seek = nullptr;
                if (sig != Signal::Normal) return sig;
            }
            return Signal::Normal;
        }
        case StmtKind::Decl:
            for (const auto& d : s.vars)
                if (!declare(*d)) return Signal::Halt;
            return Signal::Normal;
        case StmtKind::Expr: return eval_discarded(*s.expr) ? Signal::Normal : Signal::Halt;
        case StmtKind::If: {
            if (seek) {
                const Stmt* branch = contains(s.body.get(), seek) ? s.body.get() : s.else_body.get();
                return branch ? exec(*branch, seek) : Signal::Normal;
            }
            bool holds;
            if (!eval_condition(*s.expr, "if", s.loc, holds)) return Signal::Halt;
            if (holds) return exec(*s.body, nullptr);
            return s.else_body ? exec(*s.else_body, nullptr) : Signal::Normal;
        }
        case StmtKind::While:
            for (bool first = true;; first = false) {
                if (!(first && seek)) {
                    bool holds;
                    if (!eval_condition(*s.expr, "while", s.loc, holds)) return Signal::Halt;
                    if (!holds) return Signal::Normal;
                }
                const Signal sig = run_loop_body(first);
                if (sig == Signal::Break) return Signal::Normal;
                if (sig != Signal::Normal && sig != Signal::Continue) return sig;
            }
        case StmtKind::DoWhile:
            for (bool first = true;; first = false) {
                const Signal sig = run_loop_body(first);
                if (sig == Signal::Break) return Signal::Normal;
                if (sig != Signal::Normal && sig != Signal::Continue) return sig;
                bool holds;
                if (!eval_condition(*s.expr, "do", s.loc, holds)) return Signal::Halt;
                if (!holds) return Signal::Normal;
            }
        case StmtKind::For: {
            if (!seek && s.init) {
                const Signal sig = exec(*s.init, nullptr);
                if (sig != Signal::Normal) return sig;
            }
            for (bool first = true;; first = false) {
                if (!(first && seek) && s.expr) {
                    bool holds;
                    if (!eval_condition(*s.expr, "for", s.loc, holds)) return Signal::Halt;
                    if (!holds) return Signal::Normal;
                }
                const Signal sig = run_loop_body(first);
                if (sig == Signal::Break) return Signal::Normal;
                if (sig != Signal::Normal && sig != Signal::Continue) return sig;
                if (s.step && !eval_discarded(*s.step)) return Signal::Halt;
            }
        }
        case StmtKind::Break: return Signal::Break;
        case StmtKind::Continue: return Signal::Continue;
        case StmtKind::Return: {
            // Set after the expression: calls in it overwrite these members.
            bool has_value = false;
            Value v;
            if (s.expr) {
                if (frames_.back().fn->return_type.is_void()) {
                    if (!eval_discarded(*s.expr)) return Signal::Halt;
                } else {
                    if (!eval(*s.expr, v)) return Signal::Halt;
                    has_value = true;
                }
            }
            ret_value_ = v;
            ret_has_value_ = has_value;
            ret_loc_ = s.loc;
            return Signal::Return;
        }
        case StmtKind::Goto:
            if (!s.target) {
                halt(ReplayOutcome::UndefinedBehaviour, s.loc, "goto " + s.label + " has no target");
                return Signal::Halt;
            }
            goto_target_ = s.target;
            return Signal::Goto;
        case StmtKind::Label:
        case StmtKind::Case:
        case StmtKind::Default: return s.body ? exec(*s.body, seek) : Signal::Normal;
        case StmtKind::Switch: {
            const Stmt* target = seek;
            if (!seek) {
                Value value;
                if (!eval(*s.expr, value)) return Signal::Halt;
                const std::uint64_t v = value.bits;
                const Stmt* dflt = nullptr;
                for (const Stmt* c : s.cases) {
                    if (c->kind == StmtKind::Default)
                        dflt = c;
                    else if (c->case_value == v && !target)
                        target = c;
                }
                const bool matched = target != nullptr;
                if (!matched) target = dflt;
                if (tracing()) {
                    std::string text = matched ? "case " + c_literal(v, s.expr->type) : dflt ? "default" : "no case";
                    record(TraceStep::Branch, s.expr->loc, "switch", v, s.expr->type, matched, std::move(text));
                    result_.trace.back().anchor = s.loc;
                }
                if (!target) return Signal::Normal;
            }
            const Signal sig = exec(*s.body, target);
            return sig == Signal::Break ? Signal::Normal : sig;
        }
        case StmtKind::Empty: return Signal::Normal;
    }
    return Signal::Normal;
}

// ---------------------------------------------------------------------------

ReplayResult Machine::run() {
    init_stack_limit();
    for (const auto& f : tu_.functions) index_function(*f);
    for (const auto& g : tu_.globals) index_var(*g, kNoSlot);
    for (const auto& lit : tu_.string_literals) index_var(*lit, kNoSlot);

    const FunctionDecl* main = tu_.main_function();
    if (init_globals() && (!main || !main->body))
        halt(ReplayOutcome::UndefinedBehaviour, SourceLocation{tu_.file, 0, 0}, "the program has no main function");
    if (!halted_) {
        record(TraceStep::Call, main->loc, main->name, 0, main->return_type);
        if (push_frame(*main, main->loc) && main_parameters(*main)) {
            const Signal sig = exec(*main->body, nullptr);
            if (sig == Signal::Normal) ret_loc_ = main->body->loc;
            if (sig != Signal::Halt) {
                const bool value = sig == Signal::Return && ret_has_value_;
                const std::uint64_t v = value && main->return_type.is_integer() ? ret_value_.bits : 0;
                if (tracing())
                    record(TraceStep::Return, ret_loc_, main->name, v, main->return_type, false,
                           sig == Signal::Return ? "return" : "end of function");
                halt(ReplayOutcome::Exited, ret_loc_,
                     value ? "main returned " + c_literal(v, main->return_type) : "main ended");
            }
        }
    }
    result_.inputs_used = next_input_;
    return std::move(result_);
}

struct ThreadJob {
    Machine* machine;
    ReplayResult result;
    std::exception_ptr error;
};

void* run_job(void* arg) {
    auto* job = static_cast<ThreadJob*>(arg);
    try {
        job->result = job->machine->run();
    } catch (...) {
        job->error = std::current_exception();
    }
    return nullptr;
}

}  // namespace

std::string_view to_string(ReplayOutcome o) {
    switch (o) {
        case ReplayOutcome::ReachedError: return "reached error";
        case ReplayOutcome::Exited: return "exited";
        case ReplayOutcome::Blocked: return "blocked";
        case ReplayOutcome::OutOfInputs: return "out of inputs";
        case ReplayOutcome::SignedOverflow: return "signed overflow";
        case ReplayOutcome::UndefinedBehaviour: return "undefined behaviour";
        case ReplayOutcome::StepLimit: return "step limit";
    }
    return "?";
}

std::string c_literal(std::uint64_t value, Type t) {
    if (is_signed(t.kind)) {
        const auto v = static_cast<std::int64_t>(value);
        if (v == std::numeric_limits<std::int64_t>::min()) return "(-9223372036854775807LL - 1)";
        return std::to_string(v);
    }
    std::string s = std::to_string(value);
    if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) s += 'U';
    return s;
}

ReplayResult replay(const TranslationUnit& tu, std::span<const std::uint64_t> inputs, const ReplayLimits& limits) {
    Machine machine(tu, inputs, limits);
    // Run on a thread with a large stack so that deep C recursion fits; the
    // machine measures whichever stack it runs on, so the fallback is safe.
    ThreadJob job{&machine, {}, nullptr};
    pthread_attr_t attr;
    bool started = false;
    if (pthread_attr_init(&attr) == 0) {
        pthread_t thread;
        if (pthread_attr_setstacksize(&attr, kThreadStackBytes) == 0 &&
            pthread_create(&thread, &attr, run_job, &job) == 0) {
            pthread_join(thread, nullptr);
            started = true;
        }
        pthread_attr_destroy(&attr);
    }
    if (!started) return machine.run();
    if (job.error) std::rethrow_exception(job.error);
    return std::move(job.result);
}

}  // namespace craig::frontend
