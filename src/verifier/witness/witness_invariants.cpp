#include "verifier/witness/witness_invariants.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "verifier/witness/witness_expression.hpp"

namespace craig::verifier {

namespace {

using frontend::Expr;
using frontend::ExprKind;
using frontend::Stmt;
using frontend::StmtKind;

using Key = std::tuple<std::string, std::uint32_t, std::uint32_t>;  // file, line, column
Key key_of(const frontend::SourceLocation& l) { return {l.file, l.line, l.col}; }

bool before(const frontend::SourceLocation& a, const frontend::SourceLocation& b) {
    return a.file != b.file || a.line < b.line || (a.line == b.line && a.col < b.col);
}

constexpr std::uint32_t kAmbiguous = UINT32_MAX;

// What the AST says about one loop statement.
struct LoopInfo {
    const Stmt* stmt = nullptr;
    const frontend::FunctionDecl* function = nullptr;
    std::map<std::string, std::uint32_t> visible;  // C name -> VarDecl id (kAmbiguous: do not use)
    unsigned condition_line = 0;
};

// Walks every function body once: the variables in scope at each loop statement, and
// which branching constructs start on which line (for GraphML's condition matching).
class LoopScanner {
public:
    explicit LoopScanner(const frontend::TranslationUnit& tu) : tu_(tu) {
        for (const auto& f : tu.functions)
            if (f->body) function(*f);
        for (auto& [k, info] : loops) info.condition_line = condition_line(*info.stmt);
    }

    std::map<Key, LoopInfo> loops;

private:
    void function(const frontend::FunctionDecl& f) {
        fn_ = &f;
        scopes_.assign(1, {});
        for (const auto& p : f.params) scopes_.back().emplace_back(p->name, p->id);
        stmt(*f.body);
    }

    std::map<std::string, std::uint32_t> visible_at(const frontend::SourceLocation& at) const {
        std::map<std::string, std::uint32_t> v;
        for (const auto& g : tu_.globals)
            if (g->storage == frontend::Storage::Global && before(g->loc, at)) v[g->name] = g->id;
        for (const auto& scope : scopes_)
            for (const auto& [name, id] : scope) v[name] = id;
        // A static local is a global of the Program; which block declares it is not
        // recorded, so its name is not trusted anywhere in its function.
        for (const auto& g : tu_.globals)
            if (g->storage == frontend::Storage::StaticLocal && g->function == fn_) v[g->name] = kAmbiguous;
        return v;
    }

    void loop(const Stmt& s) {
        LoopInfo& info = loops[key_of(s.loc)];
        info.stmt = &s;
        info.function = fn_;
        info.visible = visible_at(s.loc);
    }

    void stmt(const Stmt& s) {
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
            case StmtKind::Expr:
            case StmtKind::Return:
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
                loop(s);
                expr(*s.expr, &s);
                stmt(*s.body);
                return;
            case StmtKind::For:
                scopes_.emplace_back();
                if (s.init) stmt(*s.init);
                loop(s);
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
    void expr(const Expr& e, const void* owner) {
        if (owner) {
            at_line_[{e.loc.file, e.loc.line}].insert(owner);
            lines_of_[owner].insert(e.loc.line);
        } else if (branches(e)) {
            at_line_[{e.loc.file, e.loc.line}].insert(&e);
        }
        for (const auto& o : e.operands) expr(*o, owner);
    }

    static bool branches(const Expr& e) {
        if (e.kind == ExprKind::Conditional) return true;
        if (e.kind == ExprKind::Binary && (e.op == frontend::Op::LogAnd || e.op == frontend::Op::LogOr)) return true;
        return e.kind == ExprKind::Call && e.callee &&
               (e.callee->builtin == frontend::Builtin::Assume || e.callee->builtin == frontend::Builtin::Assert);
    }

    static bool pure_and_variable(const Expr& e, bool& reads) {
        if (e.kind == ExprKind::Assign || e.kind == ExprKind::IncDec || e.kind == ExprKind::Call ||
            e.kind == ExprKind::Comma || e.kind == ExprKind::StmtExpr)
            return false;
        if (e.kind == ExprKind::VarRef) reads = true;
        for (const auto& o : e.operands)
            if (!pure_and_variable(*o, reads)) return false;
        return true;
    }

    unsigned condition_line(const Stmt& s) const {
        if (s.kind == StmtKind::DoWhile || !s.expr) return 0;
        bool reads = false;
        if (!pure_and_variable(*s.expr, reads) || !reads) return 0;  // constant: maybe no branch at all
        auto lines = lines_of_.find(&s);
        if (lines == lines_of_.end() || lines->second.size() != 1) return 0;
        const unsigned line = *lines->second.begin();
        auto owners = at_line_.find({s.expr->loc.file, line});
        return owners != at_line_.end() && owners->second.size() == 1 ? line : 0;
    }

    const frontend::TranslationUnit& tu_;
    const frontend::FunctionDecl* fn_ = nullptr;
    std::vector<std::vector<std::pair<std::string, std::uint32_t>>> scopes_;
    std::map<std::pair<std::string, std::uint32_t>, std::set<const void*>> at_line_;
    std::unordered_map<const void*, std::set<std::uint32_t>> lines_of_;
};

// The C name of v at a loop of function instance `instance` ("main", "f#2"), if v is
// what that name denotes there.
std::optional<std::string> name_at(const Program& p, VarId v, const LoopInfo& loop, const std::string& instance) {
    const VarProvenance& var = p.var_origin(v);
    if (var.is_temp || var.decl == UINT32_MAX) return std::nullopt;
    auto it = loop.visible.find(var.c_name);
    if (it == loop.visible.end() || it->second != var.decl) return std::nullopt;
    if (!var.is_global && p.vars[v].name.compare(0, instance.size() + 2, instance + "::") != 0) return std::nullopt;
    return var.c_name;
}

}  // namespace

WitnessInvariants witness_invariants(const frontend::TranslationUnit& tu, const Program& plain, const Program& blocks,
                                     const std::vector<smt::Term>& invariants, const std::string& program_file) {
    const LoopScanner scan(tu);
    std::unordered_map<LocId, LocId> block_of;  // plain location -> large-block location
    for (LocId b = 0; b < blocks.locs.size(); ++b) block_of[blocks.locs[b].plain] = b;

    // The instances of each loop statement, in source order.
    std::map<Key, std::vector<const LoopStatement*>> instances;
    for (const LoopStatement& l : plain.provenance.loops) instances[key_of(l.loc)].push_back(&l);

    WitnessInvariants out;
    const smt::TermManager& tm = plain.terms();
    for (const auto& [k, loops] : instances) {
        const frontend::SourceLocation& loc = loops.front()->loc;
        auto leave = [&](std::string reason) { out.left_out.push_back({loc, std::move(reason)}); };
        auto info = scan.loops.find(k);
        if (loc.file != program_file) continue;  // not in the witness's program file
        if (info == scan.loops.end()) {
            leave("the loop statement is not found in the program");
            continue;
        }
        if (loops.front()->do_while) {
            leave("do-while loop");
            continue;
        }
        if (invariants.empty()) {
            leave("the engine gives no invariants");
            continue;
        }
        std::vector<std::string> disjuncts;
        std::string problem;
        bool is_true = false;
        for (const LoopStatement* l : loops) {
            auto b = block_of.find(l->head);
            if (b == block_of.end() || b->second >= invariants.size()) {
                problem = "the loop head is not a location of the large-block program";
                break;
            }
            const smt::Term inv = invariants[b->second];
            if (inv == tm.mk_false()) continue;  // this instance never reaches the loop
            if (inv == tm.mk_true()) {
                is_true = true;
                break;
            }
            const std::string instance = plain.loc_origin(l->head).function;
            std::string why;
            auto c = exact_c_expression(
                plain, inv, [&](VarId v) { return name_at(plain, v, info->second, instance); }, &why);
            if (!c) {
                problem = why;
                break;
            }
            if (std::find(disjuncts.begin(), disjuncts.end(), *c) == disjuncts.end()) disjuncts.push_back(*c);
        }
        if (!problem.empty()) {
            leave(problem);
            continue;
        }
        if (is_true) {
            leave("the invariant is true");
            continue;
        }
        WitnessInvariant w;
        w.loc = loc;
        w.function = info->second.function->name;
        w.condition_line = info->second.condition_line;
        if (disjuncts.empty())
            w.value.push_back('0');  // no instance reaches the loop
        else if (disjuncts.size() == 1)
            w.value = disjuncts.front();
        else
            for (const std::string& d : disjuncts) {
                w.value += w.value.empty() ? "(" : " || (";
                w.value += d;
                w.value += ")";
            }
        out.invariants.push_back(std::move(w));
    }
    return out;
}

}  // namespace craig::verifier
