#include "frontend/interpreter.hpp"

#include <pthread.h>

#include <exception>
#include <limits>
#include <unordered_map>
#include <utility>

#include "frontend/constant_eval.hpp"
#include "frontend/printer.hpp"

namespace craig::frontend {

namespace {

__extension__ typedef __int128 i128;

// Size of the native stack of the interpreter's thread, and the part of any
// stack kept free below the deepest frame (generous for sanitizer builds,
// whose frames are several times larger).
constexpr std::size_t kThreadStackBytes = std::size_t{256} << 20;
constexpr std::size_t kStackMarginBytes = std::size_t{1} << 20;
// Assumed stack size when the thread's stack cannot be queried.
constexpr std::size_t kFallbackStackBytes = std::size_t{4} << 20;

// Result of executing a statement (exception-free control flow). Goto carries
// its target in Machine::goto_target_; Halt means the replay has ended and
// the outcome is recorded.
enum class Signal : std::uint8_t { Normal, Break, Continue, Return, Goto, Halt };

constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();

class Machine {
public:
    Machine(const TranslationUnit& tu, std::span<const std::uint64_t> inputs, const ReplayLimits& limits)
        : tu_(tu), dm_(tu.data_model), inputs_(inputs), limits_(limits) {}

    ReplayResult run();

private:
    struct Frame {
        const FunctionDecl* fn;
        std::size_t base;  // first slot in values_
    };
    struct Position {
        const Stmt* parent;
        std::size_t index;  // in parent->stmts when parent is a Compound
    };

    // --- set-up -----------------------------------------------------------
    void index_var(const VarDecl& v, std::uint32_t slot);
    void index_function(const FunctionDecl& f);
    void index_stmt(const Stmt& s, std::uint32_t& slots);
    void init_stack_limit();

    // --- ending the replay --------------------------------------------------
    bool halt(ReplayOutcome o, const SourceLocation& at, std::string message) {
        result_.outcome = o;
        result_.where = at;
        result_.message = std::move(message);
        halted_ = true;
        return false;
    }
    bool count_step(const SourceLocation& at) {
        if (++result_.steps > limits_.max_steps)
            return halt(ReplayOutcome::StepLimit, at, "more than " + std::to_string(limits_.max_steps) + " steps");
        return true;
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

    // --- variables ----------------------------------------------------------
    static bool is_static(const VarDecl& v) {
        return v.storage == Storage::Global || v.storage == Storage::StaticLocal;
    }
    std::size_t local_index(const VarDecl& v) const {
        std::uint32_t slot = v.id < slot_.size() ? slot_[v.id] : kNoSlot;
        if (slot == kNoSlot || frames_.empty()) return kNoSlot;
        return frames_.back().base + slot;
    }
    bool read_var(const VarDecl& v, const SourceLocation& at, std::uint64_t& out);
    bool write_var(const VarDecl& v, std::uint64_t value, const SourceLocation& at);
    bool read_input(Type t, const SourceLocation& at, TraceStep::InputSource source, const std::string& name,
                    std::uint64_t& out, const SourceLocation& anchor = {});

    // --- expressions --------------------------------------------------------
    bool eval(const Expr& e, std::uint64_t& out);
    bool eval_discarded(const Expr& e);
    bool eval_condition(const Expr& e, const char* keyword, const SourceLocation& anchor, bool& holds);
    bool unary(const Expr& e, std::uint64_t a, std::uint64_t& out);
    bool arith(Op op, std::uint64_t a, Type ta, std::uint64_t b, Type tb, Type result, const SourceLocation& at,
               std::uint64_t& out);
    bool signed_result(i128 v, Type t, const SourceLocation& at, const char* what, std::uint64_t& out);
    bool inc_dec(const Expr& e, std::uint64_t& out);
    bool call(const Expr& e, std::uint64_t& out, bool used);
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

    // Per VarDecl id: the slot of a local or parameter within its function's
    // frame; the value of a global or static local.
    std::vector<std::uint32_t> slot_;
    std::vector<std::uint64_t> global_value_;
    std::unordered_map<const FunctionDecl*, std::uint32_t> frame_size_;
    std::unordered_map<const Stmt*, Position> position_;

    std::vector<Frame> frames_;
    std::vector<std::uint64_t> values_;
    std::vector<std::uint8_t> defined_;

    const Stmt* goto_target_ = nullptr;
    std::uint64_t ret_value_ = 0;
    bool ret_has_value_ = false;
    SourceLocation ret_loc_;
    const char* stack_limit_ = nullptr;
};

// ---------------------------------------------------------------------------
// Set-up

void Machine::index_var(const VarDecl& v, std::uint32_t slot) {
    if (v.id >= slot_.size()) {
        slot_.resize(v.id + 1, kNoSlot);
        global_value_.resize(v.id + 1, 0);
    }
    slot_[v.id] = slot;
}

void Machine::index_function(const FunctionDecl& f) {
    std::uint32_t slots = 0;
    for (const auto& p : f.params) index_var(*p, slots++);
    if (f.body) index_stmt(*f.body, slots);
    frame_size_[&f] = slots;
}

void Machine::index_stmt(const Stmt& s, std::uint32_t& slots) {
    // Statement nesting is bounded by the parser (kMaxDepth), so recursion is safe.
    auto child = [&](const Stmt* c, std::size_t index) {
        if (!c) return;
        position_[c] = Position{&s, index};
        index_stmt(*c, slots);
    };
    for (std::size_t i = 0; i < s.stmts.size(); ++i) child(s.stmts[i].get(), i);
    for (const auto& v : s.vars) index_var(*v, slots++);
    child(s.init.get(), 0);
    child(s.body.get(), 0);
    child(s.else_body.get(), 0);
}

void Machine::init_stack_limit() {
    const char* here = static_cast<const char*>(__builtin_frame_address(0));
    const char* low = nullptr;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void* addr = nullptr;
        std::size_t size = 0;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0 && addr) low = static_cast<const char*>(addr);
        pthread_attr_destroy(&attr);
    }
    if (!low || low >= here) low = here - kFallbackStackBytes;
    // Keep the margin; on a tiny stack, allow at least a little work.
    std::size_t available = static_cast<std::size_t>(here - low);
    std::size_t margin = available > 2 * kStackMarginBytes ? kStackMarginBytes : available / 2;
    stack_limit_ = low + margin;
}

// ---------------------------------------------------------------------------
// Variables and inputs

bool Machine::read_var(const VarDecl& v, const SourceLocation& at, std::uint64_t& out) {
    if (is_static(v)) {
        out = v.id < global_value_.size() ? global_value_[v.id] : 0;
        return true;
    }
    std::size_t i = local_index(v);
    if (i == kNoSlot || i >= values_.size())
        return halt(ReplayOutcome::UndefinedBehaviour, at, "variable " + v.name + " is not in scope");
    if (!defined_[i]) {
        std::string why = v.storage == Storage::Param ? "parameter " + v.name + " has no value"
                                                      : "variable " + v.name + " is read before it has a value";
        return halt(ReplayOutcome::UndefinedBehaviour, at, why);
    }
    out = values_[i];
    return true;
}

bool Machine::write_var(const VarDecl& v, std::uint64_t value, const SourceLocation& at) {
    if (is_static(v)) {
        if (v.id >= global_value_.size()) index_var(v, kNoSlot);
        global_value_[v.id] = value;
    } else {
        std::size_t i = local_index(v);
        if (i == kNoSlot || i >= values_.size())
            return halt(ReplayOutcome::UndefinedBehaviour, at, "variable " + v.name + " is not in scope");
        values_[i] = value;
        defined_[i] = 1;
    }
    if (tracing()) record(TraceStep::Assign, at, v.name, value, v.type);
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
            if (b == 0)
                return halt(ReplayOutcome::UndefinedBehaviour, at, div ? "division by zero" : "remainder by zero");
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
            if (y < 0) return halt(ReplayOutcome::UndefinedBehaviour, at, "shift by a negative amount");
            if (y >= width)
                return halt(ReplayOutcome::UndefinedBehaviour, at,
                            "shift by " + std::to_string(static_cast<std::uint64_t>(y)) + ", not below the width " +
                                std::to_string(width));
            const auto n = static_cast<unsigned>(y);
            if (op == Op::Shr) return wrap(static_cast<std::uint64_t>(x >> n));  // arithmetic for signed (GCC)
            if (!sgn) return wrap(a << n);
            if (x < 0) return halt(ReplayOutcome::UndefinedBehaviour, at, "left shift of a negative value");
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
            return halt(ReplayOutcome::UndefinedBehaviour, at,
                        "operator " + std::string(to_string(op)) + " is not a binary arithmetic operator");
    }
}

bool Machine::unary(const Expr& e, std::uint64_t a, std::uint64_t& out) {
    const Type t = e.type;
    switch (e.op) {
        case Op::Plus: out = a; return true;
        case Op::LogNot: out = a == 0; return true;
        case Op::BitNot: out = normalize(~a, t.kind, dm_); return true;
        case Op::Neg:
            if (is_signed(t.kind)) return signed_result(-i128{static_cast<std::int64_t>(a)}, t, e.loc, "unary -", out);
            out = normalize(std::uint64_t{0} - a, t.kind, dm_);
            return true;
        default:
            return halt(ReplayOutcome::UndefinedBehaviour, e.loc,
                        "operator " + std::string(to_string(e.op)) + " is not a unary operator");
    }
}

bool Machine::inc_dec(const Expr& e, std::uint64_t& out) {
    const VarDecl* v = e.operand(0).var;
    if (!v) return halt(ReplayOutcome::UndefinedBehaviour, e.loc, "++/-- of something other than a variable");
    std::uint64_t old;
    if (!read_var(*v, e.loc, old)) return false;
    const Type t = v->type;
    const Type pt = promote(t, dm_);
    const bool inc = e.op == Op::PreInc || e.op == Op::PostInc;
    std::uint64_t sum;
    if (!arith(inc ? Op::Add : Op::Sub, convert_value(old, pt.kind, dm_), pt, 1, pt, pt, e.loc, sum)) return false;
    const std::uint64_t now = convert_value(sum, t.kind, dm_);
    if (!write_var(*v, now, e.loc)) return false;
    out = (e.op == Op::PreInc || e.op == Op::PreDec) ? now : old;
    return true;
}

bool Machine::eval(const Expr& e, std::uint64_t& out) {
    out = 0;
    switch (e.kind) {
        case ExprKind::IntLiteral: out = e.value; return true;
        case ExprKind::StringLiteral: return true;  // only as an argument of the assert-failure functions
        case ExprKind::VarRef:
            if (!e.var) return halt(ReplayOutcome::UndefinedBehaviour, e.loc, "unresolved variable");
            return read_var(*e.var, e.loc, out);
        case ExprKind::Cast: {
            if (e.type.is_void()) return eval_discarded(e.operand(0));
            std::uint64_t v;
            if (!eval(e.operand(0), v)) return false;
            out = e.type.is_integer() ? convert_value(v, e.type.kind, dm_) : v;
            return true;
        }
        case ExprKind::Unary: {
            std::uint64_t v;
            if (!eval(e.operand(0), v)) return false;
            return unary(e, v, out);
        }
        case ExprKind::Binary: {
            std::uint64_t a, b;
            if (!eval(e.operand(0), a)) return false;
            if (e.op == Op::LogAnd || e.op == Op::LogOr) {
                if ((e.op == Op::LogAnd) == (a == 0)) {  // decided by the left operand
                    out = e.op == Op::LogOr;
                    return true;
                }
                if (!eval(e.operand(1), b)) return false;
                out = b != 0;
                return true;
            }
            if (!eval(e.operand(1), b)) return false;
            return arith(e.op, a, e.operand(0).type, b, e.operand(1).type, e.type, e.loc, out);
        }
        case ExprKind::Assign: {
            const VarDecl* v = e.operand(0).var;
            if (!v)
                return halt(ReplayOutcome::UndefinedBehaviour, e.loc, "assignment to something other than a variable");
            if (!eval(e.operand(1), out)) return false;
            return write_var(*v, out, e.loc);
        }
        case ExprKind::IncDec: return inc_dec(e, out);
        case ExprKind::Conditional: {
            std::uint64_t c;
            if (!eval(e.operand(0), c)) return false;
            const Expr& chosen = e.operand(c != 0 ? 1 : 2);
            if (e.type.is_void()) return eval_discarded(chosen);
            return eval(chosen, out);
        }
        case ExprKind::Comma:
            if (!eval_discarded(e.operand(0))) return false;
            return eval(e.operand(1), out);
        case ExprKind::Call: return call(e, out, true);
        case ExprKind::StmtExpr: break;
    }
    return halt(ReplayOutcome::UndefinedBehaviour, e.loc, "statement expressions are not supported");
}

// Evaluates e for its effects only: a call's missing return value is then harmless.
bool Machine::eval_discarded(const Expr& e) {
    std::uint64_t unused;
    switch (e.kind) {
        case ExprKind::Call: return call(e, unused, false);
        case ExprKind::Cast:
            if (e.type.is_void()) return eval_discarded(e.operand(0));
            break;
        case ExprKind::Comma: return eval_discarded(e.operand(0)) && eval_discarded(e.operand(1));
        case ExprKind::Conditional:
            if (!eval(e.operand(0), unused)) return false;
            return eval_discarded(e.operand(unused != 0 ? 1 : 2));
        default: break;
    }
    return eval(e, unused);
}

bool Machine::eval_condition(const Expr& e, const char* keyword, const SourceLocation& anchor, bool& holds) {
    std::uint64_t v;
    if (!eval(e, v)) return false;
    holds = v != 0;
    // A constant condition (while (1)) decides nothing; control-flow graphs of
    // other tools have no branch there either.
    if (tracing() && !evaluate_constant(e, dm_)) {
        record(TraceStep::Branch, e.loc, keyword, v, e.type, holds, print(e));
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

bool Machine::call(const Expr& e, std::uint64_t& out, bool used) {
    out = 0;
    const FunctionDecl* f = e.callee;
    if (!f) return halt(ReplayOutcome::UndefinedBehaviour, e.loc, "call of an unknown function");
    if (f->builtin == Builtin::Nondet)
        return read_input(e.type, e.loc, TraceStep::InputSource::Nondet, f->name, out, e.rparen);

    // Arguments, left to right.
    std::vector<std::uint64_t> args(e.operands.size());
    for (std::size_t i = 0; i < e.operands.size(); ++i)
        if (!eval(e.operand(i), args[i])) return false;

    switch (f->builtin) {
        case Builtin::Assume:
        case Builtin::Assert: {
            if (args.empty())
                return halt(ReplayOutcome::UndefinedBehaviour, e.loc, f->name + " is called without a condition");
            if (args[0] != 0) return true;
            if (f->builtin == Builtin::Assume)
                return halt(ReplayOutcome::Blocked, e.loc, f->name + ": the condition is false");
            return error(e, f->name + ": the assertion fails");
        }
        case Builtin::ReachError:
        case Builtin::AssertFail: return error(e, f->name + " is called");
        case Builtin::Abort:
        case Builtin::Exit: return halt(ReplayOutcome::Exited, e.loc, f->name + " is called");
        case Builtin::Nondet:
        case Builtin::None: break;
    }

    if (f->external) {
        // FunctionDecl::external: the result first, then every file-scope variable.
        if (!f->return_type.is_void() &&
            !read_input(f->return_type, e.loc, TraceStep::InputSource::ExternalResult, f->name, out, e.rparen))
            return false;
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
            global_value_[g->id] = v;
        }
        return true;
    }
    if (!f->body)
        return halt(ReplayOutcome::UndefinedBehaviour, e.loc, "call of " + f->name + ", which has no definition");
    if (!count_step(e.loc)) return false;
    if (frames_.size() >= limits_.max_call_depth)
        return halt(ReplayOutcome::StepLimit, e.loc,
                    "more than " + std::to_string(limits_.max_call_depth) + " nested calls");
    if (stack_exhausted())
        return halt(ReplayOutcome::StepLimit, e.loc,
                    "calls nested too deeply for the native stack (" + std::to_string(frames_.size()) + " frames)");

    if (tracing()) record(TraceStep::Call, e.loc, f->name, 0, f->return_type);
    const std::size_t base = values_.size();
    const std::size_t size = frame_size_.at(f);
    frames_.push_back(Frame{f, base});
    values_.resize(base + size, 0);
    defined_.resize(base + size, 0);
    for (std::size_t i = 0; i < f->params.size() && i < args.size(); ++i) {
        const VarDecl& p = *f->params[i];
        if (!p.type.is_integer()) continue;  // a parameter the body never uses
        if (!write_var(p, convert_value(args[i], p.type.kind, dm_), e.loc)) return false;
    }

    const Signal sig = exec(*f->body, nullptr);
    if (sig == Signal::Halt) return false;
    if (sig == Signal::Normal) ret_loc_ = f->body->loc;  // fell off the end
    if (sig != Signal::Normal && sig != Signal::Return)
        return halt(ReplayOutcome::UndefinedBehaviour, e.loc, "control left " + f->name + " without return");
    const bool has_value = sig == Signal::Return && ret_has_value_;
    out = has_value ? ret_value_ : 0;
    if (tracing())
        record(TraceStep::Return, ret_loc_, f->name, out, f->return_type, false,
               sig == Signal::Return ? "return" : "end of function");
    frames_.pop_back();
    values_.resize(base);
    defined_.resize(base);
    if (used && !has_value && !f->return_type.is_void())
        return halt(ReplayOutcome::UndefinedBehaviour, e.loc,
                    "the value of " + f->name + "() is used, but it ended without returning one");
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
            for (const auto& d : s.vars) {
                std::uint64_t v;
                if (d->init) {
                    if (!eval(*d->init, v) || !write_var(*d, v, d->loc)) return Signal::Halt;
                } else {
                    if (!read_input(d->type, d->loc, TraceStep::InputSource::Uninitialised, d->name, v))
                        return Signal::Halt;
                    // The Input step records the value; no separate Assign step.
                    std::size_t i = local_index(*d);
                    if (i == kNoSlot || i >= values_.size()) {
                        halt(ReplayOutcome::UndefinedBehaviour, d->loc, "variable " + d->name + " is not in scope");
                        return Signal::Halt;
                    }
                    values_[i] = v;
                    defined_[i] = 1;
                }
            }
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
            std::uint64_t v = 0;
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
                std::uint64_t v;
                if (!eval(*s.expr, v)) return Signal::Halt;
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

    const FunctionDecl* main = tu_.main_function();
    for (const auto& g : tu_.globals) {
        std::uint64_t v = 0;
        if (g->is_extern) {
            if (!read_input(g->type, g->loc, TraceStep::InputSource::Extern, g->name, v)) break;
        } else if (g->init && g->type.is_integer()) {
            v = convert_value(evaluate_constant(*g->init, dm_).value_or(0), g->type.kind, dm_);
        }
        global_value_[g->id] = v;
    }
    if (!halted_ && (!main || !main->body))
        halt(ReplayOutcome::UndefinedBehaviour, SourceLocation{tu_.file, 0, 0}, "the program has no main function");
    if (!halted_) {
        record(TraceStep::Call, main->loc, main->name, 0, main->return_type);
        const std::size_t size = frame_size_.at(main);
        frames_.push_back(Frame{main, 0});
        values_.assign(size, 0);
        defined_.assign(size, 0);  // main's parameters have no value
        const Signal sig = exec(*main->body, nullptr);
        if (sig == Signal::Normal) ret_loc_ = main->body->loc;
        if (sig != Signal::Halt) {
            const bool value = sig == Signal::Return && ret_has_value_;
            if (tracing())
                record(TraceStep::Return, ret_loc_, main->name, value ? ret_value_ : 0, main->return_type, false,
                       sig == Signal::Return ? "return" : "end of function");
            halt(ReplayOutcome::Exited, ret_loc_,
                 value ? "main returned " + c_literal(ret_value_, main->return_type) : "main ended");
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
