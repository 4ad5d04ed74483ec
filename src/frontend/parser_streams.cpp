// stdout and stderr as arguments of the C library's output functions (libc.hpp, LibcType::Stream).
//
// glibc's <stdio.h> declares them as `extern FILE *stdout;`, a pointer nothing in the program
// defines; craig does not model FILE objects. A call of a library output function whose stream
// argument names one of them gets the integer literal 1 (stdout) or 2 (stderr), named after it,
// in its place, and that use no longer keeps the extern variable in the program, so a program
// that uses them only so has no extern pointers. Any other stream stays as written (the
// lowering then reports it as unsupported).
#include "frontend/libc.hpp"
#include "frontend/parser.hpp"

namespace craig::frontend {

namespace {

// The extern variable stdout or stderr that a stream argument names (under its conversion).
const VarDecl* standard_stream(const Expr& a) {
    const Expr* x = &a;
    while (x->kind == ExprKind::Cast && x->implicit) x = &x->operand(0);
    if (x->kind != ExprKind::VarRef || !x->var || !x->var->is_extern || x->var->storage != Storage::Global)
        return nullptr;
    return x->var->name == "stdout" || x->var->name == "stderr" ? x->var : nullptr;
}

}  // namespace

void Parser::note_stream_argument(Expr& call, const FunctionDecl& fn) {
    const LibcEntry* e = find_libc(fn.name);
    if (!e) return;
    const auto s = stream_param(*e);
    if (s && *s < call.operands.size() && standard_stream(*call.operands[*s])) stream_calls_.push_back(&call);
}

void Parser::convert_stream_arguments() {
    for (Expr* call : stream_calls_) {
        if (call->callee->builtin != Builtin::Libc) continue;  // the program defines the function
        ExprPtr& a = call->operands[*stream_param(*call->callee->libc)];
        const VarDecl* v = standard_stream(*a);
        --used_globals_[v];
        a = tc_.int_literal(v->name == "stdout" ? 1 : 2, Type::of(TypeKind::Int), a->loc, v->name);
    }
}

}  // namespace craig::frontend
