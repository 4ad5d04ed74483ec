// Segments of the lowering: SSA by substitution within straight-line code.
#include <algorithm>

#include "frontend/printer.hpp"
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

std::string describe(const Expr& e) {
    std::string s = frontend::print(e);
    if (s.size() > 80) s = s.substr(0, 77) + "...";
    return s;
}

smt::Term Lowerer::read(VarId v) {
    auto it = seg_.version.find(v);
    return it == seg_.version.end() ? prog_.vars[v].cur : it->second;
}

void Lowerer::assign(VarId v, smt::Term value) {
    seg_.version[v] = value;
    seg_.writes.push_back(v);
}

void Lowerer::assume(smt::Term cond) {
    if (cond == tm_.mk_true()) return;
    seg_.conj.push_back(cond);
}

LocId Lowerer::new_loc(const frontend::SourceLocation& at) {
    std::string fn =
        frames_.empty() ? std::string("") : frames_.back().prefix.substr(0, frames_.back().prefix.size() - 2);
    return prog_.add_location(at, fn);
}

void Lowerer::open(LocId at) {
    seg_ = Segment{};
    seg_.src = at;
    seg_.loc = prog_.loc_origin(at).loc;
}

void Lowerer::label(std::string text, const frontend::SourceLocation& at) {
    if (seg_.label.empty()) seg_.loc = at;
    if (!seg_.label.empty()) seg_.label += "; ";
    seg_.label += text;
}

void Lowerer::close_to(LocId dst) {
    if (prog_.edges.size() >= opt_.max_edges)
        throw frontend::Unsupported(
            seg_.loc, "program too large after inlining (more than " + std::to_string(opt_.max_edges) + " edges)");
    Edge e;
    e.src = seg_.src;
    e.dst = dst;
    std::vector<smt::Term> conj = seg_.conj;
    std::sort(seg_.writes.begin(), seg_.writes.end());
    seg_.writes.erase(std::unique(seg_.writes.begin(), seg_.writes.end()), seg_.writes.end());
    for (VarId v : seg_.writes) {
        smt::Term val = seg_.version.at(v);
        if (val == prog_.vars[v].cur) continue;  // x = x
        conj.push_back(tm_.mk_eq(prog_.vars[v].next, val));
        e.writes.push_back(v);
    }
    e.formula = tm_.mk_and(conj);
    e.aux = seg_.aux;
    EdgeProvenance origin{seg_.loc, seg_.label, {}};
    for (const Input& in : seg_.inputs) {
        e.inputs.push_back(in.value);
        origin.inputs.push_back(InputOrigin{in.type, in.loc, in.source});
    }
    if (e.formula != tm_.mk_false()) prog_.add_edge(std::move(e), std::move(origin));
    open(dst);
}

void Lowerer::branch_off(const Expr& cond, bool leave_when, LocId target) {
    const smt::Term c = as_bool(expr(cond));
    const std::string text = describe(cond);
    const std::string pos = "[" + text + "]", neg = "[!(" + text + ")]";
    Segment stay = fork();
    assume(leave_when ? c : tm_.mk_not(c));
    label(leave_when ? pos : neg, cond.loc);
    close_to(target);
    resume(std::move(stay));
    assume(leave_when ? tm_.mk_not(c) : c);
    label(leave_when ? neg : pos, cond.loc);
}

LocId Lowerer::close() {
    if (seg_.empty()) return seg_.src;
    LocId l = new_loc(seg_.loc);
    close_to(l);
    return l;
}

void Lowerer::dead(const frontend::SourceLocation& at) { open(new_loc(at)); }

smt::Term Lowerer::fresh_aux(const std::string& name, smt::Sort sort) {
    smt::Term t = tm_.mk_const(tm_.fresh_fun(name, {}, sort));
    seg_.aux.push_back(t);
    return t;
}

VarId Lowerer::new_temp(Type t) { return prog_.add_var("tmp#" + std::to_string(temps_++), "", t, false, true); }

Val Lowerer::protect(const Val& v, Type t) {
    if (v.is_pointer()) {
        if (v.temp != UINT32_MAX && v.temp_off != UINT32_MAX) return v;
        Val r = v;
        r.term = get(v);
        r.off = get_off(v);
        r.temp = new_temp(Type::of(frontend::TypeKind::Int));
        r.temp_off = new_temp(Type::of(frontend::TypeKind::Int));
        assign(r.temp, r.term);
        assign(r.temp_off, r.off);
        return r;
    }
    if (v.temp != UINT32_MAX) return v;
    if (v.range.is_const()) return v;  // constants survive splits
    Val i = as_int(v);
    VarId tmp = new_temp(t);
    assign(tmp, i.term);
    Val r = i;
    r.temp = tmp;
    return r;
}

}  // namespace craig::verifier::detail
