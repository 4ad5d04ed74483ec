// The objects of string literals (C11 6.4.5p6), made once the whole file is parsed.
//
// A literal used as an array (decayed to `char *`, or under &) is an object of static storage
// duration: a char array holding its bytes and the terminating zero. Each occurrence gets an
// object of its own (C leaves open whether identical literals share one; craig's choice is that
// they do not, so `"a" == "a"` is false, as with GCC without -fmerge-constants). Only reachable
// code and static initialisers get objects, so that a literal in a function that never runs
// adds no memory to the program. A literal that is not used as an array (an argument of an
// assert-failure builtin, which never reads it) keeps a null Expr::var.
#include "frontend/builtins.hpp"
#include "frontend/parser.hpp"
#include "frontend/printer.hpp"

namespace craig::frontend {

namespace {

// Bytes of a literal shown in its object's name (messages of the replay name cells by it).
constexpr std::size_t kShownBytes = 40;

std::string object_name(const Expr& literal) {
    Expr shown;
    shown.kind = ExprKind::StringLiteral;
    shown.text = literal.text.substr(0, kShownBytes);
    return print(shown) + (literal.text.size() > kShownBytes ? "..." : "");
}

}  // namespace

void Parser::convert_string_arguments(Expr& call) {
    // The program defines an assert-failure function itself: it is no builtin, so its literal
    // arguments (kept unconverted while the definition was unknown) are ordinary arguments.
    const FunctionDecl& f = *call.callee;
    for (std::size_t i = 0; i < call.operands.size(); ++i) {
        ExprPtr& a = call.operands[i];
        if (a->kind != ExprKind::StringLiteral) continue;
        a = i < f.params.size() ? convert_argument(std::move(a), f.params[i]->type, false)
                                : promote_argument(std::move(a), false);
    }
}

void Parser::create_string_objects() {
    for (auto& g : tu_.globals)
        if (g->init) string_objects_in(*g->init, nullptr);
    for (auto& f : tu_.functions)
        if (f->reachable && f->body) string_objects_in(*f->body, f.get());
}

void Parser::string_objects_in(Stmt& s, const FunctionDecl* fn) {
    // Statement nesting is bounded by the parser (kMaxDepth), so recursion is safe.
    for (auto& v : s.vars) {
        if (v->init) string_objects_in(*v->init, fn);
        for (auto& l : v->vla_lengths)
            if (l) string_objects_in(*l, fn);
    }
    if (s.expr) string_objects_in(*s.expr, fn);
    if (s.step) string_objects_in(*s.step, fn);
    for (auto& c : s.stmts) string_objects_in(*c, fn);
    if (s.init) string_objects_in(*s.init, fn);
    if (s.body) string_objects_in(*s.body, fn);
    if (s.else_body) string_objects_in(*s.else_body, fn);
}

void Parser::string_objects_in(Expr& e, const FunctionDecl* fn) {
    // Expression height is bounded (TypeChecker::kMaxExprHeight), so recursion is safe.
    if (e.kind == ExprKind::Call && e.callee && e.callee->is_defined && accepts_string_arguments(e.callee->name))
        convert_string_arguments(e);
    for (auto& o : e.operands) {
        if (o->kind == ExprKind::StringLiteral && !o->var &&
            (e.kind == ExprKind::Decay || e.kind == ExprKind::AddrOf)) {
            auto v = std::make_unique<VarDecl>();
            v->name = object_name(*o);
            v->loc = o->loc;
            v->type = o->type;
            v->storage = Storage::Global;
            v->init = string_initializer(o->type, *o);
            tc_.finish_init_list(*v->init);
            v->id = next_var_id_++;
            v->function = fn;
            o->var = v.get();
            tu_.string_literals.push_back(std::move(v));
        }
        string_objects_in(*o, fn);
    }
}

}  // namespace craig::frontend
