// Internal to the lowering (lower_*.cpp): the builder of a plain Program.
//
// The builder keeps one open Segment: straight-line code since the last location,
// in SSA form by substitution (a written variable maps to the term of its value).
// Closing a segment emits one edge; forking copies it so that both branches share
// the prefix. Values computed in a segment are terms over that segment's state; a
// value that must survive a split (a call or a branch inside an expression) is first
// stored in a temporary variable (Val::temp) and re-read afterwards.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "frontend/address_layout.hpp"
#include "frontend/ast.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier::detail {

using frontend::Expr;
using frontend::Stmt;
using frontend::Type;
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

// Closed interval of the mathematical value (absent when unknown or too wide).
struct Interval {
    bool known = false;
    i128 lo = 0, hi = 0;
    static Interval of(i128 lo, i128 hi) { return {true, lo, hi}; }
    static Interval none() { return {}; }
    bool within(i128 a, i128 b) const { return known && lo >= a && hi <= b; }
    bool is_const() const { return known && lo == hi; }
};

struct Val {
    smt::Term term;  // Int, or Bool when is_bool; pointers: the object id (0 = null)
    bool is_bool = false;
    Interval range;
    VarId temp = UINT32_MAX;  // the value lives in this variable (re-read after splits)
    // Pointers only: the cell offset within the object (temp_off holds it after splits).
    smt::Term off;
    VarId temp_off = UINT32_MAX;
    bool is_pointer() const { return off.valid() || temp_off != UINT32_MAX; }
};

// ---- memory model (lower_memory.cpp, docs/memory-model.md)
// One scalar of an object's flattened layout: an integer (var) or a pointer (var = object
// id, off = cell offset); in a read-only object, the integer `constant` (var is UINT32_MAX).
struct Cell {
    Type type;
    VarId var = UINT32_MAX, off = UINT32_MAX;
    i128 constant = 0;
};

// An object: a variable of array or struct type, an address-taken scalar, or a malloc'ed
// block. Its id (index + 1 in Lowerer::objects_) is the object part of pointers to it.
struct MemObject {
    std::string name;         // C text for labels ("a", "main::s", "malloc at 12:5")
    Type type;                // the object's type (malloc: the element type)
    std::uint64_t count = 0;  // number of cells (0 when the size is not static)
    std::vector<Cell> cells;  // empty for untracked objects
    bool tracked = true;      // false: larger than max_cells or of variable size: contents unknown
    // Tracked cells that are only a prefix of an object of variable size (its first elements,
    // LoweringOptions::prefix_elements): a cell exists while its index is below `size`; the
    // contents past the prefix are unknown.
    bool prefix = false;
    VarId size = UINT32_MAX;   // objects of variable size: number of cells
    VarId alive = UINT32_MAX;  // objects that can die (locals of called functions, malloc'ed)
    std::vector<VarId> dims;   // variable-length arrays: length per dimension (UINT32_MAX: constant)
    bool heap = false;
    bool on_stack = false;  // a heap-shaped block of alloca: not a block free/realloc may take
    // An allocation site that may run more than once (in a loop, in a function with goto or
    // inlined into a loop, or with calls kept): one untracked object stands for all its blocks
    // (reads arbitrary, writes checked against the block size, free always flagged, pointers
    // into it compare arbitrarily: two blocks of one site are not told apart).
    bool summary = false;
    // A string literal (TranslationUnit::string_literals): static, its cells constants; a write
    // into it is invalid.
    bool read_only = false;
    // Programs that convert between pointers and integers (lower_address.cpp): the object's
    // address, a program variable chosen when the object is created (UINT32_MAX: it has none,
    // e.g. a summary object or one of variable size), and its cells' byte offsets.
    VarId base = UINT32_MAX;
    frontend::ByteLayout bytes;
};

// The object part of a pointer converted from an integer that is no live object's address; its
// offset part is that integer. No object has this id, so every access through it is invalid.
inline constexpr std::uint32_t kWildObject = (1u << 30) + 1;
// The object part of a pointer to cells of another type than its pointee (a byte view, made by
// a pointer cast: its offset part is the address). Accesses through it are invalid (memory is
// not reinterpreted); its comparisons and conversions are those of the address, and so is its
// arithmetic through character pointers (through others it is invalid).
inline constexpr std::uint32_t kByteView = (1u << 30) + 2;
inline constexpr const char* kViewArithmetic = "pointer arithmetic on a pointer to cells of another type";
inline constexpr const char* kWildArithmetic =
    "pointer arithmetic on a pointer converted from an integer that is no object's address";

// Whether a cell of leaf type `cell` is accessed as one of type `access`: the same type, or any
// two pointer types (pointers have one representation; what they point to is checked where
// they are used).
inline bool cell_compatible(Type access, Type cell) {
    return access == cell || (access.is_pointer() && cell.is_pointer());
}

// An lvalue: a scalar program variable, or a cell position in memory.
struct Place {
    VarId var = UINT32_MAX;  // a scalar variable outside memory (off var for pointers)
    VarId var_off = UINT32_MAX;
    smt::Term obj, off;  // memory: object id and cell offset
    smt::Term ok;        // bounds of direct indexing (per dimension); true if none
    Type type;
    bool in_memory() const { return var == UINT32_MAX; }
};

struct Segment {
    LocId src = kNoLoc;
    std::vector<smt::Term> conj;
    std::unordered_map<VarId, smt::Term> version;
    std::vector<VarId> writes;
    std::vector<smt::Term> aux;
    std::vector<Input> inputs;
    frontend::SourceLocation loc;
    std::string label;
    // Quotient and remainder of x / c and x % c by a constant c, per (x, c): both operators
    // of one division share them, so that x/c*c + x%c == x is linear arithmetic, not an
    // integer search over two unrelated quotients.
    std::map<std::pair<smt::Term, i128>, std::pair<smt::Term, smt::Term>> divisions;
    bool empty() const { return conj.empty() && writes.empty() && inputs.empty(); }
};

// Control targets of the innermost loop / switch.
struct Targets {
    LocId break_to = kNoLoc, continue_to = kNoLoc;
};

struct Frame {
    const frontend::FunctionDecl* fn = nullptr;
    std::string prefix;  // "main::", "f#3::"
    std::unordered_map<const frontend::VarDecl*, VarId> locals;
    VarId ret = UINT32_MAX;  // return value variable (non-void)
    LocId ret_loc = kNoLoc;
    std::unordered_map<const Stmt*, LocId> labels;                        // labels and case/default statements
    std::unordered_map<const frontend::VarDecl*, std::uint32_t> objects;  // local objects (index)
    std::vector<std::uint32_t> stack_blocks;  // alloca's blocks of this call: they die at its return
    std::unordered_map<const frontend::VarDecl*, VarId> offs;             // pointer locals: the offset variable
    VarId ret_off = UINT32_MAX;                                           // pointer results: the offset part
    bool has_goto = false;  // (malloc in such a function may run repeatedly)
};

class Lowerer {
public:
    Lowerer(const frontend::TranslationUnit& tu, smt::TermManager& tm, const LoweringOptions& o);
    Program run();

    // ---- segments (lower_builder.cpp)
    smt::Term read(VarId v);
    void assign(VarId v, smt::Term value);
    void assume(smt::Term cond);
    LocId new_loc(const frontend::SourceLocation& at);
    void open(LocId at);
    void close_to(LocId dst);  // emit the segment as an edge to dst
    // Evaluates a loop condition and splits: where its truth is `leave_when` the segment
    // goes to `target`; the current segment continues on the other branch.
    void branch_off(const Expr& cond, bool leave_when, LocId target);
    LocId close();  // to a new location (reuses src if the segment is empty)
    Segment fork() const { return seg_; }
    void resume(Segment s) { seg_ = std::move(s); }
    void dead(const frontend::SourceLocation& at);  // continue in unreachable code
    smt::Term fresh_aux(const std::string& name, smt::Sort sort);
    // bit_precise: records the range of aux constant a and asserts it (Unsupported if unknown).
    void bound_aux(smt::Term a, Interval r, const frontend::SourceLocation& at);
    VarId new_temp(Type t);
    void label(std::string text, const frontend::SourceLocation& at);

    // ---- semantics (lower_arith.cpp)
    smt::Term num(i128 v);
    smt::Term as_bool(const Val& v);
    Val as_int(const Val& v);
    Val convert(Val v, Type from, Type to);
    Val wrap(smt::Term t, Interval r, Type to);
    Val arith(frontend::Op op, Val a, Val b, Type operand, Type result, const frontend::SourceLocation& at);
    Val compare(frontend::Op op, Val a, Val b);
    // bit_precise: a shift amount outside [0, width) leads to the error location.
    void check_shift(const Val& amount, unsigned width, const frontend::SourceLocation& at);
    Val nondet_value(Type t, const frontend::SourceLocation& at, const std::string& source);
    Interval type_range(Type t) const;
    smt::Term uf(const std::string& name, smt::Term a, smt::Term b);

    // ---- expressions (lower_expr.cpp)
    Val expr(const Expr& e);
    smt::Term get(const Val& v) { return v.temp == UINT32_MAX ? v.term : read(v.temp); }
    Val protect(const Val& v, Type t);
    bool splits(const Expr& e);  // lowering e may close the segment
    bool has_effects(const Expr& e);
    Val call(const Expr& e);
    // The values of e's operands, left to right (kept in temporaries where later ones split).
    std::vector<Val> operand_values(const Expr& e);
    // The call of the defined function f with evaluated arguments: inlined, a call edge
    // (keep_calls) or a summary step.
    Val invoke(const frontend::FunctionDecl& f, std::vector<Val> args, const frontend::SourceLocation& at);
    // ---- calls through function pointers (lower_pointer_call.cpp)
    // The value of a pointer to f: object part f.address_id, offset 0.
    Val function_pointer(const frontend::FunctionDecl& f);
    // fp(args): a case split over the address-taken functions of fp's type; any other value
    // of fp (null, uninitialised) is undefined behaviour.
    Val pointer_call(const Expr& e);
    Val libc_call(const Expr& e);  // frontend/libc.hpp's functions (lower_libc.cpp)
    Val scan_call(const Expr& e, const std::vector<Val>& args);
    // scanf's and sscanf's targets: operands first.. (lower_libc.cpp); inputs: scanf's values.
    Val scan_targets(const Expr& e, const std::vector<Val>& args, std::size_t first, bool inputs);
    Val scan_string_call(const Expr& e, const std::vector<Val>& args);  // sscanf (lower_stdio.cpp)
    Val string_to_int_call(const Expr& e, const std::vector<Val>& args);  // atoi, strtol, ... (lower_stdlib.cpp)
    smt::Term digit_in_base(smt::Term c, int base);                       // c is a digit of the base (2..36)
    Val format_call(const Expr& e, const std::vector<Val>& args);         // sprintf, snprintf (lower_stdio.cpp)
    // <string.h> (lower_string.cpp)
    Val string_call(const Expr& e);
    Val branching(const Expr& e);  // && || ?: whose operands have effects
    VarId var(const frontend::VarDecl* d);

    // ---- memory (lower_memory.cpp)
    void scan_address_taken();
    bool in_memory(const frontend::VarDecl* d) const;
    std::uint32_t new_object(std::string name, Type t, std::uint64_t count, bool can_die, bool heap,
                             const frontend::VarDecl* decl = nullptr);
    void create_frame_objects(const frontend::FunctionDecl& f, Frame& fr);
    // Makes o, an object of variable size with elements of type `element`, track the cells of
    // its first elements (LoweringOptions::prefix_elements) when their layout allows it.
    void track_prefix(MemObject& o, Type element);
    // The prefix cells' values at the object's creation: zero, or arbitrary (no inputs).
    void fill_prefix(const MemObject& o, bool zero);
    std::vector<VarId> dying_objects(const Frame& fr) const;
    std::uint32_t object_of(const frontend::VarDecl* d);
    VarId off_var(const frontend::VarDecl* d, VarId v);
    Place place(const Expr& e);
    Place pointee_place(const Val& ptr, Type t);  // the object of type t that ptr points to
    Val load(const Place& p, const frontend::SourceLocation& at);
    void store(const Place& p, const Val& v, const frontend::SourceLocation& at);
    void copy_struct(const Place& dst, const Place& src, const frontend::SourceLocation& at);
    void havoc_union_siblings(std::uint32_t object, std::uint64_t cell, smt::Term cond);
    // A fresh arbitrary value in the range of integer type t (what an invalid or unknown read yields).
    smt::Term arbitrary(Type t, const std::string& tag);
    // Whether cell c of object o exists: always, but for a prefix object while c is below its size.
    smt::Term cell_exists(const MemObject& o, std::size_t c);
    void init_object(std::uint32_t obj, const Expr* init, bool zero_rest, const frontend::SourceLocation& at,
                     const std::string& what);
    void declare_memory(const frontend::VarDecl& d);
    // The objects of the string literals of reachable code and static initialisers.
    void declare_string_literals();
    Val pointer_arith(frontend::Op op, Val p, Val i, Type pointee, const frontend::SourceLocation& at);
    // ---- addresses (lower_address.cpp): only when frontend::converts_addresses(tu)
    // Chooses the address of object id, just created: aligned, in the address range, and
    // disjoint from every other live object that has one (no order of objects is fixed).
    void give_address(std::uint32_t id);
    Val pointer_to_int(const Val& p, Type to);
    // Whether p is one past the end of a live object and q the start of another one placed
    // right there (C11 6.5.9p6: then p == q).
    smt::Term adjacent(const Val& p, const Val& q);
    Val int_to_pointer(const Val& n, Type from, Type to);  // to: the pointee
    // A pointer converted to `to *` from void * or from an integer must point to cells of the
    // leaf types of `to` (memory is never reinterpreted as another type): an error edge if not.
    void check_view(const Val& p, Type to, const frontend::SourceLocation& at);
    smt::Term view_ok(const Val& p, Type to);  // the condition check_view requires
    // The conversion of pointer p from `from *` to `to *` (pointees): the same cells where they
    // are `to`s, else a byte view of the address (without addresses, from void *: check_view).
    Val convert_object_pointer(const Val& p, Type from, Type to, const frontend::SourceLocation& at);
    // Whether p points into a live object with an address, and that address.
    std::pair<smt::Term, smt::Term> object_address(const Val& p);
    // p + step cells through a `pointee *` must move as many bytes as C does (not across struct
    // members of other sizes) in objects with addresses: an error edge if not.
    void check_step(const Val& p, smt::Term step, Type pointee, const frontend::SourceLocation& at);
    // The byte offset of cell `off` of o (o.base set), or `otherwise` when off is not in [0, count].
    smt::Term byte_offset_of(const MemObject& o, smt::Term off, smt::Term otherwise);
    // &a[i] with i outside a's bounds (p.ok false) in an object of members of several sizes:
    // the cell there need not start where a ends (padding), so it is an error edge.
    void check_end_address(const Place& p, const frontend::SourceLocation& at);
    Val pointer_diff(Val p, Val q, Type pointee, const frontend::SourceLocation& at);
    Val pointer_compare(frontend::Op op, Val p, Val q);
    smt::Term in_summary(smt::Term obj);  // whether obj is a summary object (MemObject::summary)
    Val allocate(const Expr& call, Type pointee);
    Val allocation_bytes(const Expr& call);  // the size operand(s) of malloc, calloc, realloc
    Val allocate_block(const Expr& call, Type pointee, Val bytes);
    void free_object(const Val& p, const frontend::SourceLocation& at);
    // p is null or the start of a live, non-summary heap block; else the error edge `what`.
    void check_block_start(const Val& p, const std::string& what, const frontend::SourceLocation& at);
    void kill_block(const Val& p);  // the heap block p points to (if any) is dead
    Val reallocate(const Expr& call, Type pointee);  // lower_realloc.cpp
    void assign_val(VarId v, VarId v_off, const Val& x);
    Val read_var(VarId v, VarId v_off, Type t);
    smt::Term get_off(const Val& v) { return v.temp_off == UINT32_MAX ? v.off : read(v.temp_off); }
    void check_or_error(smt::Term ok, const std::string& what, const frontend::SourceLocation& at);
    std::uint64_t cell_count(Type t) const;
    std::uint64_t field_offset(Type record, std::size_t k) const;

    // ---- statements (lower_stmt.cpp)
    void stmt(const Stmt& s);
    // Returns the `alive` variables of the frame's objects (the caller clears them on return).
    std::vector<VarId> inline_body(const frontend::FunctionDecl& f, Frame frame);
    // keep_calls: the call edge to f with evaluated arguments, and f's body lowered once.
    Val call_edge(const frontend::FunctionDecl& f, std::vector<Val> args, const frontend::SourceLocation& at);
    void lower_called_functions();
    // LoweringOptions::summaries: the call of f as one step by its summary, or nothing when a
    // global of the summary is not a scalar program variable here (the call is then inlined).
    std::optional<Val> summary_call(const frontend::FunctionDecl& f, const FunctionSummary& s,
                                    const std::vector<Val>& args, const frontend::SourceLocation& at);

    const frontend::TranslationUnit& tu_;
    smt::TermManager& tm_;
    LoweringOptions opt_;
    Program prog_;
    Segment seg_;
    // A deque: inlining a call pushes a frame while callers hold references to theirs
    // (a vector would reallocate under them).
    std::deque<Frame> frames_;
    std::vector<Targets> targets_;
    std::unordered_map<const frontend::VarDecl*, VarId> globals_;
    std::unordered_map<const frontend::FunctionDecl*, unsigned> instances_;
    std::vector<const frontend::FunctionDecl*> to_lower_;  // keep_calls: called, not yet lowered
    std::map<std::string, smt::FuncId> ufs_;
    std::unordered_set<std::string> names_;  // local variable names in use
    unsigned temps_ = 0;
    std::vector<MemObject> objects_;
    std::unordered_map<const frontend::VarDecl*, std::uint32_t> global_objects_;
    std::unordered_map<const frontend::VarDecl*, VarId> global_offs_;  // pointer globals
    std::unordered_set<const frontend::VarDecl*> address_taken_;       // scalars whose address is taken
    bool addresses_ = false;   // the program converts pointers to integers or back
    unsigned loop_depth_ = 0;  // statements inside loops, also of the callers an inlined body is in
};

std::string describe(const Expr& e);  // short C text of an expression (edge labels)

}  // namespace craig::verifier::detail
