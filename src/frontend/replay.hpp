// Concrete interpreter of the C subset: replays a counterexample's input values.
//
//   ReplayResult r = replay(tu, inputs);          // starts at main
//   if (r.outcome == ReplayOutcome::ReachedError) ...   // the counterexample is real
//
// Before craig answers FALSE it runs the program on the input values of the
// counterexample found on the formula model; the interpreter follows the
// semantics of the lowering (src/verifier/lowering/lowering.hpp) exactly, so a feasible
// error path of the model whose arithmetic stays within the types replays to
// the error.
//
// Inputs. Each input is a 64-bit pattern, converted to the receiving type
// with normalize(bits, type, dm) (so -1 may be given as 0xFFFFFFFF or as
// 0xFFFFFFFFFFFFFFFF for an int). They are consumed in this order:
//  1. for each `is_extern` global of tu.globals, in tu.globals order, the inputs
//     of an uninitialised object (below);
//  2. then one for each integer parameter of main, in order (a negative first
//     parameter, argc, ends the replay with Blocked; pointer parameters read
//     none and point to an object without cells: any access through them is
//     UndefinedBehaviour);
//  3. then, during execution, those of each execution of the declaration of an
//     uninitialised local (a VarDecl of a Decl statement with no initialiser;
//     each execution, e.g. once per loop iteration), of each malloc call, and
//     one per call of a __VERIFIER_nondet_* function, in C evaluation order
//     taken left to right (operands of binary operators and call arguments
//     left to right; an assignment evaluates its right operand before the
//     lvalue it stores to, as the lowering does).
// The inputs of an uninitialised object: an integer variable reads one; a
// pointer none (it stays uninitialised); an array or struct (and a malloc'ed
// block whose size is a constant expression) reads one per integer cell in
// cell order (memory_layout.hpp) if it has at most
// ReplayLimits::max_input_cells cells, and none if it is larger (its cells stay
// uninitialised); its pointer cells, and cells inside unions (whose members
// share storage in C), read none either and stay uninitialised. calloc'ed
// blocks are zero and read nothing; variable-length arrays and blocks sized at
// run time read nothing (uninitialised). A variable-length array of length 0 is
// empty (GNU C), a negative length is undefined.
// Running out of inputs ends the replay with OutOfInputs; unused inputs are
// ignored (ReplayResult::inputs_used says how many were read).
//
// Semantics:
//  - Non-extern globals and static locals start with their constant
//    initialiser (static locals once, as globals; InitList: the listed
//    positions, every other cell zero or null). Locals whose declaration
//    was jumped over (goto) have none until assigned: reading a variable
//    without value is UndefinedBehaviour. A local keeps its value when its
//    block is left and re-entered by goto (as in the lowering: one variable
//    per declaration and call instance).
//    A local with an InitList initialiser is zero but for the listed cells.
//  - Signed arithmetic (+ - * / % unary -, <<, ++ --) is exact; a result that
//    does not fit the type ends the replay with SignedOverflow (also
//    MIN / -1 and MIN % -1). Unsigned arithmetic wraps. Division or remainder
//    by zero, a shift by a negative amount or by the width or more, and a left
//    shift of a negative value are UndefinedBehaviour. >> of a negative value
//    is arithmetic (GCC). Conversions (Cast nodes) use convert_value (an
//    out-of-range conversion to a signed type wraps, as GCC does).
//  - Comparisons and ! && || yield int 0/1; && || ?: evaluate only the
//    operand they need. A pointer tested as a condition (or by ! && ||) is
//    true when it is not null.
//  - Builtins: nondet reads the next input; assume(c) with c == 0 ends with
//    Blocked; assert(c) with c == 0, reach_error and the assert-failure
//    functions end with ReachedError; abort and exit end with Exited (their
//    arguments are evaluated first). malloc, calloc and free: see Memory. A
//    call of any other function without a body is UndefinedBehaviour.
//  - Calls of defined functions evaluate the arguments left to right, bind
//    them to fresh parameters (one frame per call; recursion works) and run
//    the body. A function that ends without `return` in a non-void function
//    has no value: UndefinedBehaviour when the caller uses it, i.e. unless
//    the call is an expression statement, a for-step, a cast to void or an
//    operand of a comma whose value is discarded. main returning or ending
//    ends the replay with Exited.
//  - goto may enter and leave blocks and loops; switch jumps to its case or
//    default (falling through), or past its body when nothing matches.
//
// Memory (memory.hpp, memory_layout.hpp; the lowering uses the same model):
//  - Every variable with storage (global, static local, each local and
//    parameter per call) and every malloc/calloc/alloca call is an object: a
//    flat vector of cells, its type flattened into scalar leaves in layout
//    order (int a[3][2]: 6 cells; struct {int x; int y[2]; char *p;}: 4), each
//    holding a value or nothing (uninitialised). A pointer is (object, cell
//    offset), object 0 being null. Each string literal of
//    tu.string_literals is a read-only object holding its bytes from the
//    start: a write into it is "write to a string literal ("abc"[1])".
//  - &x is (x, 0); Decay of an array and &s.f point to the first cell of the
//    array or member; p + i, p - i, p[i], ++/-- move by i * cells(T), T the
//    pointee; p - q is the difference of the offsets divided by cells(T); ==
//    and != compare (object, offset); < <= > >= compare offsets.
//  - Programs that convert between pointers and integers or cast between
//    pointer types (converts_addresses) give every object an address
//    (memory.hpp: a real layout with gaps, never reused); a pointer converts
//    to its address plus the cell's byte offset, an integer to the cell at
//    that address, a pointer cast keeps the cell where the new pointee fits
//    and is a byte view of the address otherwise; ReplayResult::used_addresses
//    tells when a run's course may depend on the layout
//    (docs/memory-model.md, "Pointers and integers").
//  - UndefinedBehaviour, with these messages:
//    "pointer arithmetic out of bounds" (an offset beyond +-2^48 cells; pointers
//    may otherwise leave their object, as addresses do under GCC: only accesses
//    through them are checked, also by the lowering),
//    "pointer arithmetic on a null pointer" (null + i, i != 0), "pointer
//    arithmetic on a pointer to a dead object", "subtraction of pointers to
//    different objects", "comparison of pointers to different objects" (<
//    etc.);
//    an access (read or write of a scalar through VarRef, Deref, Index or
//    Member): "null pointer dereference", "access to a dead object" (freed,
//    or a local or alloca'ed block of a call that returned), "out-of-bounds
//    read of a[5] (3 elements)" / "out-of-bounds write of ..." (an offset
//    outside [0, ncells), named by the variable or "malloc'ed object at
//    LINE:COL" with the element index; an object that is not an array counts
//    as one element), "access through a pointer of another type" (the cell's
//    leaf type differs from the accessed type; pointer types also match when
//    one is void *), "read of uninitialised memory (a[2])" (reading a
//    variable keeps the messages above);
//    an access through a direct index into an array, a[i] with a an array
//    lvalue, is bounded by that array's length (C bounds each dimension:
//    m[0][2] of int m[3][2] is out of bounds although the cell exists):
//    "out-of-bounds read of m[0][2] (2 elements)"; addresses (&a[i], a
//    decayed a[i]) are not bounded.
//  - Struct assignment copies all cells (uninitialised ones stay so), checking
//    the whole range of both operands as accesses.
//  - Unions: each member has cells of its own (memory_layout.hpp); writing a
//    member makes the other members' cells uninitialised, so that reading
//    another member than the one written is reported.
//  - Variable-length arrays: the lengths are evaluated at the declaration, left
//    to right; a negative length is UndefinedBehaviour "variable-length array
//    of negative length" (0 is GNU C's empty array). Each execution of the
//    declaration makes a new object (the previous one dies).
//  - malloc(n) and alloca(n): the cells have the pointee type T of the Cast
//    that converts the call's void * result (unsigned char when the call is not
//    directly under such a Cast, or T is void); n must be a positive multiple
//    of sizeof(T) ("malloc size ..." otherwise). The block's cells are inputs
//    as for an uninitialised local (TraceStep source Allocated) when n is a
//    constant expression, else uninitialised. malloc never
//    returns null. calloc(n, m): n * m bytes, all zero (an overflowing product
//    is "calloc size ..."). An alloca'ed block dies when its caller returns.
//    free(p): null does nothing; p must point to the first cell of a live
//    malloc'ed block: "invalid free ..." / "double free" otherwise; the block
//    is then dead.
//  - When a call returns, its locals and parameters die (pointers to them
//    dangle). Memory beyond ReplayLimits::max_memory_cells live cells ends the
//    replay with StepLimit.
//
// Limits: a step is a statement executed or a function called; more than
// max_steps steps, more than max_call_depth nested calls, more than
// max_memory_cells live cells, the deadline, or nesting that would exhaust the native stack
// end the replay with StepLimit. The
// interpreter runs on its own thread with a large stack, so the default call
// depth is reachable; it never overflows the native stack.
//
// Trace (ReplayResult::trace), in execution order, at most kMaxTraceSteps
// steps (then trace_truncated is set, execution goes on, and the final Error
// step is still recorded):
//  - Input: value read (normal form of `type`); source says where from:
//    Nondet (name = the nondet function), Uninitialised (name = the local, or
//    the C text of the cell of a local aggregate: "a[3]", "s.y[1]",
//    "m[1][0]"), Extern (name = the global, or the cell of an extern
//    aggregate), Allocated (name = the cell of a
//    malloc'ed block, "malloc'ed object at 4:12[3]": not a C expression).
//    loc = the call or declaration; anchor = the call's closing ')' for Nondet.
//  - Assign: name = variable, value = its new value: assignments, ++/--,
//    declarations with initialiser, parameter binding, of integer variables;
//    also stores of integers to cells of aggregate variables through constant
//    paths (a[3] = v, s.f = v, m[1][0]++, the listed cells of an initialiser),
//    with the cell's C text as name. Pointer values and stores through
//    pointers or variable indices are not recorded.
//  - Branch: decisions of statement conditions; name = "if", "while", "do",
//    "for" or "switch"; value = the condition's value; taken = whether the
//    condition held (switch: whether a case label matched; text then names
//    it, "case 3" or "default"); text = the printed condition otherwise.
//    A pointer condition's value is 1 when not null, else 0.
//    Conditions that are constant expressions (while (1)) decide nothing
//    and are not recorded. loc = the condition; anchor = the statement's
//    keyword (`do` for do-while; the '?' for a conditional that the parser
//    turned into an if statement, in GNU statement expressions).
//  - Call (name = callee, function = caller, "" for main; loc = the call, or
//    main's definition) and Return (name = the function returned from,
//    value = its return value if it has one and it is an integer (else 0); text = "return" with loc = the return
//    statement, or "end of function" with loc = the body's opening brace).
//    Builtins are not calls in the trace.
//  - Error: the final step of ReachedError, at the reach_error / failed
//    assertion call; name = the builtin function, text = the message.
// TraceStep::function is the function executing the step.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/source_location.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

enum class ReplayOutcome : std::uint8_t {
    ReachedError,        // reach_error, a failed assert or __assert_fail was called
    Exited,              // main returned, exit or abort was called
    Blocked,             // an assume condition was false
    OutOfInputs,         // the inputs ran out
    SignedOverflow,      // a signed operation's result is outside its type
    UndefinedBehaviour,  // division by zero, bad shift, invalid memory access, value of a missing return, ...
    StepLimit,           // a ReplayLimits bound was exceeded
};

std::string_view to_string(ReplayOutcome o);

struct ReplayLimits {
    std::uint64_t max_steps = 10'000'000;
    unsigned max_call_depth = 10000;
    // false: a call of an external function (FunctionDecl::external) reads the inputs for
    // the file-scope variables it may change but leaves them as they are, so that the same
    // input vector replays the run in which external code has no side effects.
    bool external_side_effects = true;
    // Uninitialised aggregates (arrays, structs, VLAs, malloc'ed blocks) of at most this many cells
    // read one input per integer cell; larger ones stay uninitialised. The lowering's
    // LoweringOptions::max_cells must agree.
    std::uint64_t max_input_cells = 256;
    // Live memory cells (of all objects) beyond this end the replay with StepLimit.
    std::uint64_t max_memory_cells = std::uint64_t{1} << 23;
    // Past this time the replay ends with StepLimit ("time limit"); checked every 4096 steps.
    std::optional<std::chrono::steady_clock::time_point> deadline;
};

struct TraceStep {
    enum Kind : std::uint8_t { Input, Assign, Branch, Call, Return, Error };
    // ExternalResult: the value an external function (FunctionDecl::external) returns;
    // ExternalGlobal: a file-scope variable that call may have changed (name = the variable).
    // Allocated: a cell of a malloc'ed block (name = its text, which is not a C expression).
    // LibraryResult: the value a C library function of libc.hpp returned (its input, if
    // it read one, mapped to what the library returns).
    enum class InputSource : std::uint8_t {
        Nondet, Uninitialised, Extern, ExternalResult, ExternalGlobal, Allocated, LibraryResult
    };

    Kind kind = Input;
    SourceLocation loc;
    std::string function;  // the function executing the step
    std::string name;      // variable, callee or statement keyword (see above)
    std::uint64_t value = 0;
    Type type;
    bool taken = false;                        // Branch
    std::string text;                          // Branch: printed condition; Error: message
    InputSource source = InputSource::Nondet;  // Input
    // Input from a nondet call: the call's closing ')'; Branch: the statement's
    // keyword (if, while, do, for, switch; the '?' of a conditional the parser
    // turned into an if); empty (line 0) for other steps.
    SourceLocation anchor;
};

struct ReplayResult {
    ReplayOutcome outcome = ReplayOutcome::Exited;
    SourceLocation where;  // of the statement or expression that ended the replay
    std::string message;
    std::vector<TraceStep> trace;
    std::size_t inputs_used = 0;
    bool trace_truncated = false;
    std::uint64_t steps = 0;
    // Whether the run converted a pointer to an object into an integer or a byte view, or an
    // integer into a pointer to an object: then its course may depend on where the replay placed the objects
    // (memory.hpp), a layout C allows but does not fix.
    bool used_addresses = false;
};

inline constexpr std::size_t kMaxTraceSteps = 100000;

// Runs tu from main on the inputs. Without main (or without its body) the
// outcome is UndefinedBehaviour with a message. Never throws (except
// std::bad_alloc); never crashes or hangs beyond the limits.
ReplayResult replay(const TranslationUnit& tu, std::span<const std::uint64_t> inputs, const ReplayLimits& limits = {});

// A value in normal form of integer type t as C literal text: signed types in
// decimal as int64 ("-5"), unsigned as uint64 ("4294967295"), with a "U"
// suffix above INT64_MAX so that the text is a valid C constant; INT64_MIN
// is "(-9223372036854775807LL - 1)".
std::string c_literal(std::uint64_t value, Type t);

}  // namespace craig::frontend
