#include "verifier/witness/scope_scan.hpp"

namespace craig::verifier {

namespace {

using frontend::Expr;
using frontend::ExprKind;
using frontend::Stmt;
using frontend::StmtKind;

bool before(const frontend::SourceLocation& a, const frontend::SourceLocation& b) {
    return a.file != b.file || a.line < b.line || (a.line == b.line && a.col < b.col);
}

bool branches(const Expr& e) {
    if (e.kind == ExprKind::Conditional) return true;
    if (e.kind == ExprKind::Binary && (e.op == frontend::Op::LogAnd || e.op == frontend::Op::LogOr)) return true;
    return e.kind == ExprKind::Call && e.callee &&
           (e.callee->builtin == frontend::Builtin::Assume || e.callee->builtin == frontend::Builtin::Assert);
}

bool pure_and_variable(const Expr& e, bool& reads) {
    if (e.kind == ExprKind::Assign || e.kind == ExprKind::IncDec || e.kind == ExprKind::Call ||
        e.kind == ExprKind::PointerCall || e.kind == ExprKind::Comma || e.kind == ExprKind::StmtExpr)
        return false;
    if (e.kind == ExprKind::VarRef) reads = true;
    for (const auto& o : e.operands)
        if (!pure_and_variable(*o, reads)) return false;
    return true;
}

}  // namespace

ScopeScan::ScopeScan(const frontend::TranslationUnit& tu) : tu_(tu) {
    for (const auto& f : tu.functions)
        if (f->body) function(*f);
    for (auto& [k, info] : loops) info.condition_line = condition_line(*info.stmt);
}

void ScopeScan::function(const frontend::FunctionDecl& f) {
    fn_ = &f;
    assigned[fn_];
    scopes_.assign(1, {});
    for (const auto& p : f.params) scopes_.back().emplace_back(p->name, p->id);
    stmt(*f.body);
}

std::map<std::string, std::uint32_t> ScopeScan::visible_at(const frontend::SourceLocation& at) const {
    std::map<std::string, std::uint32_t> v;
    for (const auto& g : tu_.globals)
        if (g->storage == frontend::Storage::Global && before(g->loc, at)) v[g->name] = g->id;
    for (const auto& scope : scopes_)
        for (const auto& [name, id] : scope) v[name] = id;
    for (const auto& g : tu_.globals)
        if (g->storage == frontend::Storage::StaticLocal && g->function == fn_) v[g->name] = kAmbiguousDecl;
    return v;
}

StatementScope ScopeScan::scope_of(const Stmt& s) const {
    StatementScope info;
    info.stmt = &s;
    info.function = fn_;
    info.visible = visible_at(s.loc);
    return info;
}

void ScopeScan::stmt(const Stmt& s) {
    switch (s.kind) {
        case StmtKind::Compound:
            scopes_.emplace_back();
            for (const auto& c : s.stmts) stmt(*c);
            scopes_.pop_back();
            return;
        case StmtKind::Decl:
            for (const auto& d : s.vars) {
                if (d->init) expr(*d->init, nullptr);
                scopes_.back().emplace_back(d->name, d->id);
            }
            return;
        case StmtKind::Return:
            returns.push_back(scope_of(s));
            if (s.expr) expr(*s.expr, nullptr);
            return;
        case StmtKind::Expr:
            if (s.expr) expr(*s.expr, nullptr);
            return;
        case StmtKind::If:
        case StmtKind::Switch:
            expr(*s.expr, &s);
            if (s.body) stmt(*s.body);
            if (s.else_body) stmt(*s.else_body);
            return;
        case StmtKind::While:
        case StmtKind::DoWhile:
            loops[source_key(s.loc)] = scope_of(s);
            expr(*s.expr, &s);
            stmt(*s.body);
            return;
        case StmtKind::For:
            scopes_.emplace_back();
            if (s.init) stmt(*s.init);
            loops[source_key(s.loc)] = scope_of(s);
            if (s.expr) expr(*s.expr, &s);
            if (s.step) expr(*s.step, nullptr);
            stmt(*s.body);
            scopes_.pop_back();
            return;
        case StmtKind::Label:
        case StmtKind::Case:
        case StmtKind::Default:
            if (s.body) stmt(*s.body);
            return;
        default: return;
    }
}

// `owner` is the statement whose condition e is part of (null elsewhere).
void ScopeScan::expr(const Expr& e, const void* owner) {
    if (owner) {
        at_line_[{e.loc.file, e.loc.line}].insert(owner);
        lines_of_[owner].insert(e.loc.line);
    } else if (branches(e)) {
        at_line_[{e.loc.file, e.loc.line}].insert(&e);
    }
    if ((e.kind == ExprKind::Assign || e.kind == ExprKind::IncDec) && !e.operands.empty() &&
        e.operands[0]->kind == ExprKind::VarRef && e.operands[0]->var)
        assigned[fn_].insert(e.operands[0]->var->id);
    for (const auto& o : e.operands) expr(*o, owner);
}

unsigned ScopeScan::condition_line(const Stmt& s) const {
    if (s.kind == StmtKind::DoWhile || !s.expr) return 0;
    bool reads = false;
    if (!pure_and_variable(*s.expr, reads) || !reads) return 0;  // constant: maybe no branch at all
    auto lines = lines_of_.find(&s);
    if (lines == lines_of_.end() || lines->second.size() != 1) return 0;
    const unsigned line = *lines->second.begin();
    auto owners = at_line_.find({s.expr->loc.file, line});
    return owners != at_line_.end() && owners->second.size() == 1 ? line : 0;
}

bool side_effect_free(const frontend::Expr& e) {
    bool reads = false;
    return pure_and_variable(e, reads);
}

std::optional<std::string> c_name_in_scope(const Program& p, VarId v, const StatementScope& scope,
                                           const std::string& instance) {
    const VarProvenance& var = p.var_origin(v);
    if (var.is_temp || var.decl == UINT32_MAX) return std::nullopt;
    auto it = scope.visible.find(var.c_name);
    if (it == scope.visible.end() || it->second != var.decl) return std::nullopt;
    if (!var.is_global && p.vars[v].name.compare(0, instance.size() + 2, instance + "::") != 0) return std::nullopt;
    return var.c_name + var.c_path;
}

}  // namespace craig::verifier
