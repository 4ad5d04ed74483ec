#include "frontend/printer.hpp"

#include <initializer_list>
#include <set>
#include <string_view>
#include <vector>

namespace craig::frontend {

namespace {

// Concatenation by appending: GCC 12 warns spuriously (-Wrestrict) on
// `"(" + std::string(...)` chains.
std::string cat(std::initializer_list<std::string_view> parts) {
    std::string s;
    for (std::string_view p : parts) s += p;
    return s;
}

std::string literal(const Expr& e) {
    const TypeKind k = e.type.kind;
    const bool negative = is_signed(k) && e.signed_value() < 0;
    std::string digits = is_signed(k) ? std::to_string(e.signed_value()) : std::to_string(e.value);
    std::string suffix;
    switch (k) {
        case TypeKind::Int: break;
        case TypeKind::UInt: suffix = "u"; break;
        case TypeKind::Long: suffix = "l"; break;
        case TypeKind::ULong: suffix = "ul"; break;
        case TypeKind::LongLong: suffix = "ll"; break;
        case TypeKind::ULongLong: suffix = "ull"; break;
        default: {
            // Types below int have no literal syntax: show the conversion.
            std::string s = "(";
            s += to_string(e.type);
            s += ')';
            s += digits;
            return s;
        }
    }
    digits += suffix;
    if (!negative) return digits;
    std::string s = "(";
    s += digits;
    s += ')';
    return s;
}

std::string quote(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else if (u < 0x20 || u >= 0x7f) {
            static constexpr char kOct[] = "01234567";
            out += '\\';
            out += kOct[(u >> 6) & 7];
            out += kOct[(u >> 3) & 7];
            out += kOct[u & 7];
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string expr(const Expr& e, bool top);
std::string type_name(Type t);

// C declaration syntax: the type t around the declarator `inner` ("" for a type name), e.g.
// int (*p)[4], int a[2][3], struct node *next. vla: the length expressions of a variable's
// dimensions (VarDecl::vla_lengths), printed where the length is variable.
std::string declaration(Type t, const std::string& inner, const std::vector<ExprPtr>* vla = nullptr,
                        std::size_t dim = 0) {
    switch (t.kind) {
        case TypeKind::Pointer: {
            std::string d = "*" + inner;
            if (t.target().is_array() || t.target().is_function()) d = cat({"(", d, ")"});
            return declaration(t.target(), d);
        }
        case TypeKind::Function: {
            const Aggregate& f = *t.info;
            std::string params;
            for (const Field& p : f.fields) params += (params.empty() ? "" : ", ") + type_name(p.type);
            if (f.variadic) params += params.empty() ? "..." : ", ...";
            if (params.empty()) params = "void";
            return declaration(f.target, cat({inner, "(", params, ")"}));
        }
        case TypeKind::Array: {
            std::string len;
            if (vla && dim < vla->size() && (*vla)[dim]) {
                len = expr(*(*vla)[dim], true);
            } else if (t.info->length) {
                len = std::to_string(*t.info->length);
            }
            return declaration(t.target(), cat({inner, "[", len, "]"}), vla, dim + 1);
        }
        default: {
            std::string base = to_string(t);
            return inner.empty() ? base : cat({base, " ", inner});
        }
    }
}

std::string type_name(Type t) { return declaration(t, ""); }

std::string operand(const Expr& e) {
    // Operands of prefix operators: keep `- -x` and `-(-1)` unambiguous.
    if (e.kind == ExprKind::Decay) return operand(e.operand(0));
    bool atomic = e.kind == ExprKind::VarRef || e.kind == ExprKind::Call || e.kind == ExprKind::FunctionRef || e.kind == ExprKind::Cast ||
                  (e.kind == ExprKind::IntLiteral && e.signed_value() >= 0) || e.kind == ExprKind::Binary ||
                  e.kind == ExprKind::Assign || e.kind == ExprKind::Conditional || e.kind == ExprKind::Comma ||
                  e.kind == ExprKind::Index || e.kind == ExprKind::Member || e.kind == ExprKind::Deref ||
                  e.kind == ExprKind::AddrOf;
    std::string s = expr(e, false);
    return atomic ? s : cat({"(", s, ")"});
}

// Operands of postfix operators ([] . ->), which bind tighter than prefix ones and casts.
std::string postfix_operand(const Expr& e) {
    if (e.kind == ExprKind::Decay) return postfix_operand(e.operand(0));
    bool atomic = e.kind == ExprKind::VarRef || e.kind == ExprKind::Call || e.kind == ExprKind::FunctionRef || e.kind == ExprKind::Index ||
                  e.kind == ExprKind::Member || e.kind == ExprKind::StringLiteral ||
                  (e.kind == ExprKind::IntLiteral && e.signed_value() >= 0 && e.type.kind == TypeKind::Int) ||
                  e.kind == ExprKind::Binary || e.kind == ExprKind::Assign || e.kind == ExprKind::Conditional ||
                  e.kind == ExprKind::Comma;
    std::string s = expr(e, false);
    return atomic ? s : cat({"(", s, ")"});
}

// `{ [0] = 1, [3] = 2 }`, `{ .x = 1 }`: every element designated, so the text is exact.
std::string init_list(const Expr& e) {
    if (e.operands.empty()) return "{}";
    std::string s = "{ ";
    for (std::size_t i = 0; i < e.operands.size(); ++i) {
        if (i) s += ", ";
        if (e.type.is_array()) {
            s += cat({"[", std::to_string(e.positions[i]), "] = "});
        } else {
            s += cat({".", e.type.info->fields[e.positions[i]].name, " = "});
        }
        const Expr& v = e.operand(i);
        s += expr(v, v.kind != ExprKind::Comma);
    }
    return s + " }";
}

std::string member(const Expr& e) {
    const Expr& base = e.operand(0);
    if (base.kind == ExprKind::Deref) return cat({postfix_operand(base.operand(0)), "->", e.text});
    return cat({postfix_operand(base), ".", e.text});
}

std::string expr(const Expr& e, bool top) {
    auto wrap = [top](std::string s) { return top ? s : cat({"(", s, ")"}); };
    switch (e.kind) {
        case ExprKind::IntLiteral:
            // The stream arguments that parser_streams.cpp replaced keep their names.
            if (e.text == "stdout" || e.text == "stderr") return e.text;
            return literal(e);
        case ExprKind::StringLiteral: return quote(e.text);
        case ExprKind::VarRef: return e.var->name;
        case ExprKind::Cast: return cat({"(", type_name(e.type), ")", operand(e.operand(0))});
        case ExprKind::Unary: return std::string(to_string(e.op)) + operand(e.operand(0));
        case ExprKind::Binary:
            return wrap(expr(e.operand(0), false) + " " + std::string(to_string(e.op)) + " " +
                        expr(e.operand(1), false));
        case ExprKind::Assign: {
            // Assignment is right-associative: only a nested assignment or comma
            // on the right needs parentheses.
            const Expr& rhs = e.operand(1);
            bool rhs_top = rhs.kind != ExprKind::Assign && rhs.kind != ExprKind::Comma;
            return wrap(expr(e.operand(0), false) + " = " + expr(rhs, rhs_top));
        }
        case ExprKind::IncDec:
            if (e.op == Op::PreInc || e.op == Op::PreDec) return std::string(to_string(e.op)) + operand(e.operand(0));
            return operand(e.operand(0)) + std::string(to_string(e.op));
        case ExprKind::Conditional:
            return wrap(expr(e.operand(0), false) + " ? " + expr(e.operand(1), false) + " : " +
                        expr(e.operand(2), false));
        case ExprKind::Comma: return wrap(expr(e.operand(0), false) + ", " + expr(e.operand(1), false));
        case ExprKind::FunctionRef: return e.callee->name;
        case ExprKind::Call:
        case ExprKind::PointerCall: {
            const bool direct = e.kind == ExprKind::Call;
            std::string s = (direct ? e.callee->name : postfix_operand(e.operand(0))) + "(";
            for (std::size_t i = direct ? 0 : 1; i < e.operands.size(); ++i) {
                if (i > (direct ? 0u : 1u)) s += ", ";
                const Expr& a = e.operand(i);
                s += expr(a, a.kind != ExprKind::Comma);
            }
            return s + ")";
        }
        case ExprKind::StmtExpr: return "({ " + print(*e.body, 0) + " })";
        case ExprKind::Index: return cat({postfix_operand(e.operand(0)), "[", expr(e.operand(1), true), "]"});
        case ExprKind::Deref: return "*" + operand(e.operand(0));
        case ExprKind::AddrOf: return "&" + operand(e.operand(0));
        case ExprKind::Member: return member(e);
        case ExprKind::Decay: return expr(e.operand(0), top);
        case ExprKind::InitList: return init_list(e);
    }
    return "?";
}

std::string pad(int indent) { return std::string(static_cast<std::size_t>(indent) * 2, ' '); }

std::string var_decl(const VarDecl& v) {
    std::string s = declaration(v.type, v.name, &v.vla_lengths);
    if (v.init) s += " = " + expr(*v.init, true);
    return s;
}

void stmt(const Stmt& s, int indent, std::string& out);

// A sub-statement of if/while/for/do: blocks at the same indentation, others one deeper.
void sub(const Stmt& s, int indent, std::string& out) {
    stmt(s, s.kind == StmtKind::Compound ? indent : indent + 1, out);
}

void stmt(const Stmt& s, int indent, std::string& out) {
    const std::string p = pad(indent);
    switch (s.kind) {
        case StmtKind::Compound:
            out += p + "{\n";
            for (const auto& c : s.stmts) stmt(*c, indent + 1, out);
            out += p + "}\n";
            return;
        case StmtKind::Decl:
            for (const auto& v : s.vars) out += p + var_decl(*v) + ";\n";
            return;
        case StmtKind::Expr: out += p + expr(*s.expr, true) + ";\n"; return;
        case StmtKind::If:
            out += p + "if (" + expr(*s.expr, true) + ")\n";
            sub(*s.body, indent, out);
            if (s.else_body) {
                out += p + "else\n";
                sub(*s.else_body, indent, out);
            }
            return;
        case StmtKind::While:
            out += p + "while (" + expr(*s.expr, true) + ")\n";
            sub(*s.body, indent, out);
            return;
        case StmtKind::DoWhile:
            out += p + "do\n";
            sub(*s.body, indent, out);
            out += p + "while (" + expr(*s.expr, true) + ");\n";
            return;
        case StmtKind::For: {
            std::string init;
            if (s.init && s.init->kind == StmtKind::Decl) {
                for (std::size_t i = 0; i < s.init->vars.size(); ++i) {
                    init += (i ? ", " : "") + var_decl(*s.init->vars[i]);
                }
            } else if (s.init && s.init->kind == StmtKind::Expr) {
                init = expr(*s.init->expr, true);
            } else if (s.init) {
                init = "/* block */";
            }
            out += p + "for (" + init + "; " + (s.expr ? expr(*s.expr, true) : "") + "; " +
                   (s.step ? expr(*s.step, true) : "") + ")\n";
            sub(*s.body, indent, out);
            return;
        }
        case StmtKind::Break: out += p + "break;\n"; return;
        case StmtKind::Continue: out += p + "continue;\n"; return;
        case StmtKind::Return: out += p + (s.expr ? "return " + expr(*s.expr, true) + ";\n" : "return;\n"); return;
        case StmtKind::Goto: out += p + "goto " + s.label + ";\n"; return;
        case StmtKind::Label:
            out += p + s.label + ":\n";
            stmt(*s.body, indent, out);
            return;
        case StmtKind::Switch:
            out += p + "switch (" + expr(*s.expr, true) + ")\n";
            sub(*s.body, indent, out);
            return;
        case StmtKind::Case:
            out += p + "case " + std::to_string(static_cast<std::int64_t>(s.case_value)) + ":\n";
            stmt(*s.body, indent, out);
            return;
        case StmtKind::Default:
            out += p + "default:\n";
            stmt(*s.body, indent, out);
            return;
        case StmtKind::Empty: out += p + ";\n"; return;
    }
}

}  // namespace

std::string print(const Expr& e) { return expr(e, true); }

std::string print(const Stmt& s, int indent) {
    std::string out;
    stmt(s, indent, out);
    return out;
}

std::string print(const FunctionDecl& f) {
    std::string d = f.name + "(";
    for (std::size_t i = 0; i < f.params.size(); ++i) {
        if (i) d += ", ";
        d += declaration(f.params[i]->type, f.params[i]->name);
    }
    if (f.variadic) d += f.params.empty() ? "..." : ", ...";
    if (f.params.empty() && !f.variadic && f.has_prototype) d += "void";
    d += ")";
    std::string s = declaration(f.return_type, d);
    if (f.body) return s + "\n" + print(*f.body, 0);
    if (f.unsupported) return s + "; /* " + f.unsupported->what() + " */\n";
    return s + ";\n";
}

namespace {

// The struct and union types a printed program needs, defined before their first by-value
// use: every record reachable from the program's declarations and casts.
class RecordCollector {
public:
    void type(Type t) {
        while (t.is_pointer() || t.is_array()) t = t.target();
        if (!t.is_struct() || !seen_.insert(t.info).second) return;
        records_.push_back(t.info);
        for (const Field& f : t.info->fields) type(f.type);
    }
    void expr(const Expr& e) {
        type(e.type);
        for (const auto& o : e.operands) expr(*o);
    }
    void stmt(const Stmt& s) {
        for (const auto& v : s.vars) {
            type(v->type);
            if (v->init) expr(*v->init);
        }
        for (const Expr* e : {s.expr.get(), s.step.get()}) {
            if (e) expr(*e);
        }
        for (const auto& c : s.stmts) stmt(*c);
        for (const Stmt* c : {s.init.get(), s.body.get(), s.else_body.get()}) {
            if (c) stmt(*c);
        }
    }
    // Definitions ordered so that members of struct type are defined first.
    std::string definitions() const {
        std::string out;
        for (const Aggregate* a : records_) {
            if (!a->tag.empty()) out += cat({a->is_union ? "union " : "struct ", a->tag, ";\n"});
        }
        std::set<const Aggregate*> done;
        for (const Aggregate* a : records_) define(a, done, out);
        return out;
    }

private:
    static void define(const Aggregate* a, std::set<const Aggregate*>& done, std::string& out) {
        if (a->tag.empty() || !a->complete || !done.insert(a).second) return;
        for (const Field& f : a->fields) {
            Type t = f.type;
            while (t.is_array()) t = t.target();
            if (t.is_struct()) define(t.info, done, out);
        }
        out += cat({a->is_union ? "union " : "struct ", a->tag, " {\n"});
        for (const Field& f : a->fields) out += cat({"  ", declaration(f.type, f.name), ";\n"});
        out += "};\n";
    }

    std::set<const Aggregate*> seen_;
    std::vector<const Aggregate*> records_;
};

}  // namespace

std::string print(const TranslationUnit& tu) {
    RecordCollector records;
    for (const auto& v : tu.globals) {
        records.type(v->type);
        if (v->init) records.expr(*v->init);
    }
    for (const auto& f : tu.functions) {
        if (!f->is_defined) continue;
        records.type(f->return_type);
        for (const auto& p : f->params) records.type(p->type);
        if (f->body) records.stmt(*f->body);
    }
    std::string out = records.definitions();
    for (const auto& v : tu.globals) {
        if (v->is_extern) {
            out += "extern " + declaration(v->type, v->name) + ";\n";
        } else {
            out += std::string(v->storage == Storage::StaticLocal ? "static " : "") + var_decl(*v) + ";\n";
        }
    }
    for (const auto& f : tu.functions) {
        if (f->is_defined) out += print(*f);
    }
    return out;
}

}  // namespace craig::frontend
