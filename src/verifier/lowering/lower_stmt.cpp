// Statements of the lowering: structured control flow, goto and switch as edges.
#include <algorithm>

#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

using frontend::StmtKind;

namespace {

LocId label_loc(Lowerer& l, const Stmt* s) {
    Frame& f = l.frames_.back();
    auto it = f.labels.find(s);
    if (it != f.labels.end()) return it->second;
    LocId loc = l.new_loc(s->loc);
    f.labels[s] = loc;
    return loc;
}

LocId loop_head(Lowerer& l, const Stmt& s) {
    LocId head = l.close();
    l.prog_.locs[head].loop_head = true;
    l.prog_.provenance.loops.push_back({s.loc, head, s.kind == StmtKind::DoWhile});
    return head;
}

}  // namespace

std::vector<VarId> Lowerer::inline_body(const frontend::FunctionDecl& f, Frame frame) {
    LocId ret_loc = frame.ret_loc;
    frames_.push_back(std::move(frame));
    create_frame_objects(f, frames_.back());
    std::vector<Targets> saved;
    saved.swap(targets_);
    // loop_depth_ carries over: a body inlined into a loop runs once per iteration.
    stmt(*f.body);
    close_to(ret_loc);
    targets_.swap(saved);
    std::vector<VarId> dying = dying_objects(frames_.back());
    frames_.pop_back();
    return dying;
}

void Lowerer::stmt(const Stmt& s) {
    if (seg_.empty()) seg_.loc = s.loc;
    switch (s.kind) {
        case StmtKind::Compound:
            for (const auto& c : s.stmts) stmt(*c);
            return;
        case StmtKind::Decl:
            for (const auto& d : s.vars) {
                if (in_memory(d.get()) && !d->type.is_scalar()) {
                    declare_memory(*d);
                    label(d->name + (d->init ? " = {...}" : " (declared)"), d->loc);
                    continue;
                }
                Frame& f = frames_.back();
                VarId v;
                if (auto it = f.locals.find(d.get()); it != f.locals.end()) {
                    v = it->second;
                } else {
                    std::string name = f.prefix + d->name;
                    if (!names_.insert(name).second) name += "#" + std::to_string(d->id);
                    v = prog_.add_var(name, d->type.is_integer() ? d->name : "",
                                      d->type.is_integer() ? d->type : Type::of(frontend::TypeKind::Int), false, false,
                                      d->type.is_integer() ? d->id : UINT32_MAX);
                    f.locals[d.get()] = v;
                }
                if (d->type.is_pointer()) {
                    VarId o = off_var(d.get(), v);
                    if (d->init) {
                        Val x = expr(*d->init);
                        assign_val(v, o, x);
                        label(d->name + " = " + describe(*d->init), d->loc);
                    } else {
                        assign(v, fresh_aux("ptr", smt::SortTable::Int));
                        assign(o, fresh_aux("ptr.off", smt::SortTable::Int));
                        label(d->name + " (uninitialised)", d->loc);
                    }
                    continue;
                }
                if (d->init) {
                    Val x = as_int(expr(*d->init));
                    assign(v, x.term);
                    label(d->name + " = " + describe(*d->init), d->loc);
                } else {
                    Val x = nondet_value(d->type, d->loc, "uninitialised " + d->name);
                    assign(v, x.term);
                    label(d->name + " = nondet", d->loc);
                }
            }
            close();
            return;
        case StmtKind::Expr:
            label(describe(*s.expr), s.loc);
            expr(*s.expr);
            close();
            return;
        case StmtKind::If: {
            smt::Term c = as_bool(expr(*s.expr));
            LocId join = new_loc(s.loc);
            Segment other = fork();
            assume(c);
            label("[" + describe(*s.expr) + "]", s.expr->loc);
            stmt(*s.body);
            close_to(join);
            resume(std::move(other));
            assume(tm_.mk_not(c));
            label("[!(" + describe(*s.expr) + ")]", s.expr->loc);
            if (s.else_body) stmt(*s.else_body);
            close_to(join);
            return;
        }
        case StmtKind::While: {
            ++loop_depth_;
            LocId head = loop_head(*this, s);
            LocId brk = new_loc(s.loc);
            branch_off(*s.expr, false, brk);
            targets_.push_back({brk, head});
            stmt(*s.body);
            close_to(head);
            targets_.pop_back();
            open(brk);
            --loop_depth_;
            return;
        }
        case StmtKind::DoWhile: {
            ++loop_depth_;
            LocId head = loop_head(*this, s);
            LocId brk = new_loc(s.loc), cont = new_loc(s.expr->loc);
            targets_.push_back({brk, cont});
            stmt(*s.body);
            close_to(cont);
            targets_.pop_back();
            branch_off(*s.expr, true, head);
            close_to(brk);
            --loop_depth_;
            return;
        }
        case StmtKind::For: {
            if (s.init) stmt(*s.init);
            ++loop_depth_;
            LocId head = loop_head(*this, s);
            LocId brk = new_loc(s.loc), cont = new_loc(s.loc);
            if (s.expr) branch_off(*s.expr, false, brk);
            targets_.push_back({brk, cont});
            stmt(*s.body);
            close_to(cont);
            targets_.pop_back();
            if (s.step) {
                label(describe(*s.step), s.step->loc);
                expr(*s.step);
            }
            close_to(head);
            open(brk);
            --loop_depth_;
            return;
        }
        case StmtKind::Break:
            label("break", s.loc);
            close_to(targets_.back().break_to);
            dead(s.loc);
            return;
        case StmtKind::Continue: {
            LocId to = kNoLoc;
            for (auto it = targets_.rbegin(); it != targets_.rend() && to == kNoLoc; ++it) to = it->continue_to;
            label("continue", s.loc);
            close_to(to);
            dead(s.loc);
            return;
        }
        case StmtKind::Return: {
            // Copied before expr(): lowering the returned expression may inline calls.
            const VarId ret = frames_.back().ret, ret_off = frames_.back().ret_off;
            const LocId ret_loc = frames_.back().ret_loc;
            if (s.expr) {
                Val v = expr(*s.expr);
                if (ret != UINT32_MAX) assign_val(ret, ret_off, v);
            }
            label("return", s.loc);
            close_to(ret_loc);
            dead(s.loc);
            return;
        }
        case StmtKind::Goto:
            label("goto " + s.label, s.loc);
            close_to(label_loc(*this, s.target));
            dead(s.loc);
            return;
        case StmtKind::Label:
        case StmtKind::Case:
        case StmtKind::Default:
            close_to(label_loc(*this, &s));
            stmt(*s.body);
            return;
        case StmtKind::Switch: {
            Val v = as_int(expr(*s.expr));
            bool sgn = s.expr->type.is_integer() && frontend::is_signed(s.expr->type.kind);
            LocId brk = new_loc(s.loc);
            std::vector<smt::Term> no_match;
            const Stmt* dflt = nullptr;
            Segment base = fork();
            for (const Stmt* c : s.cases) {
                if (c->kind == StmtKind::Default) {
                    dflt = c;
                    continue;
                }
                i128 cv = sgn ? static_cast<i128>(static_cast<std::int64_t>(c->case_value))
                              : static_cast<i128>(c->case_value);
                smt::Term eq = tm_.mk_eq(v.term, num(cv));
                resume(base);
                assume(eq);
                label("[case " + std::to_string(static_cast<long long>(cv)) + "]", c->loc);
                close_to(label_loc(*this, c));
                no_match.push_back(tm_.mk_not(eq));
            }
            resume(base);
            for (smt::Term t : no_match) assume(t);
            label("[default]", s.loc);
            close_to(dflt ? label_loc(*this, dflt) : brk);
            LocId cont = targets_.empty() ? kNoLoc : targets_.back().continue_to;
            targets_.push_back({brk, cont});
            dead(s.loc);
            stmt(*s.body);
            close_to(brk);
            targets_.pop_back();
            return;
        }
        case StmtKind::Empty: return;
    }
}

Lowerer::Lowerer(const frontend::TranslationUnit& tu, smt::TermManager& tm, const LoweringOptions& o)
    : tu_(tu), tm_(tm), opt_(o), prog_(tm) {
    prog_.provenance.data_model = tu.data_model;
    prog_.provenance.file = tu.file;
}

Program Lowerer::run() {
    const frontend::FunctionDecl* main = tu_.main_function();
    if (!main || !main->body)
        throw frontend::Unsupported(frontend::SourceLocation{tu_.file, 0, 0}, "program without a main function");
    prog_.entry = prog_.add_location(main->loc, "");
    prog_.error = prog_.add_location(main->loc, "");
    prog_.exit = prog_.add_location(main->loc, "");
    scan_address_taken();
    addresses_ = frontend::converts_addresses(tu_);
    open(prog_.entry);
    auto global_name = [](const frontend::VarDecl& g) {
        return g.storage == frontend::Storage::StaticLocal && g.function ? g.function->name + "::" + g.name : g.name;
    };
    // Objects first: initialisers may take the address of any of them.
    declare_string_literals();
    for (const auto& g : tu_.globals) {
        if (g->type.is_scalar()) {
            bool ptr = g->type.is_pointer();
            if (ptr && opt_.bit_precise)
                throw frontend::Unsupported(g->loc, "bit-precise encoding: pointer values in variables");
            VarId v =
                prog_.add_var(global_name(*g), ptr ? "" : g->name, ptr ? Type::of(frontend::TypeKind::Int) : g->type,
                              true, false, ptr ? UINT32_MAX : g->id);
            globals_[g.get()] = v;
            if (ptr)
                global_offs_[g.get()] =
                    prog_.add_var(global_name(*g) + ".off", "", Type::of(frontend::TypeKind::Int), true, false);
        }
        if (!in_memory(g.get())) continue;
        if (g->is_extern) throw frontend::Unsupported(g->loc, "extern array, struct or address-taken variable");
        if (g->type.is_scalar()) {
            MemObject o;
            o.name = global_name(*g);
            o.type = g->type;
            o.count = 1;
            o.cells.push_back(
                Cell{g->type, globals_[g.get()], g->type.is_pointer() ? global_offs_[g.get()] : UINT32_MAX});
            objects_.push_back(std::move(o));
            global_objects_[g.get()] = static_cast<std::uint32_t>(objects_.size() - 1);
            give_address(global_objects_[g.get()]);
        } else {
            global_objects_[g.get()] = new_object(global_name(*g), g->type, cell_count(g->type), false, false, g.get());
        }
    }
    for (const auto& g : tu_.globals) {
        if (!g->type.is_scalar()) {
            init_object(global_objects_[g.get()], g->init.get(), true, g->loc, g->name);
            continue;
        }
        VarId v = globals_[g.get()];
        if (g->type.is_pointer()) {
            if (g->is_extern) throw frontend::Unsupported(g->loc, "extern pointer variable");
            Val null{num(0), false, Interval::none()};
            null.off = num(0);
            assign_val(v, global_offs_[g.get()], g->init ? expr(*g->init) : null);
            continue;
        }
        if (g->is_extern) {
            assign(v, nondet_value(g->type, g->loc, "extern " + g->name).term);
        } else {
            i128 init = 0;
            if (g->init)
                init = frontend::is_signed(g->type.kind) ? g->init->signed_value() : static_cast<i128>(g->init->value);
            assign(v, num(init));
        }
    }
    Frame fr;
    fr.fn = main;
    fr.prefix = "main::";
    fr.ret_loc = prog_.exit;
    instances_[main] = 1;
    // main's integer parameters are inputs read after the globals' (as in the replay); the
    // first, argc, is not negative (C11 5.1.2.2.1). Pointer parameters (argv) get no cells.
    for (std::size_t i = 0; i < main->params.size(); ++i) {
        const auto& p = main->params[i];
        if (!p->type.is_integer()) continue;
        const VarId v = prog_.add_var("main::" + p->name, p->name, p->type, false, false, p->id);
        fr.locals[p.get()] = v;
        const Val x = nondet_value(p->type, p->loc, "parameter " + p->name + " of main");
        if (i == 0 && frontend::is_signed(p->type.kind)) assume(tm_.mk_leq(num(0), x.term));
        assign(v, x.term);
    }
    label("initialise globals", main->loc);
    LocId start = new_loc(main->loc);
    close_to(start);
    FunctionBody main_body{"main", prog_.entry, prog_.exit, {}, UINT32_MAX};
    for (const auto& [decl, v] : fr.locals) main_body.params.push_back(v);
    std::sort(main_body.params.begin(), main_body.params.end());
    inline_body(*main, std::move(fr));
    if (opt_.keep_calls) {
        prog_.functions.insert(prog_.functions.begin(), std::move(main_body));
        lower_called_functions();
    }
    if (prog_.truncated != kNoLoc) {
        Edge loop;
        loop.src = loop.dst = prog_.truncated;
        loop.formula = tm_.mk_true();
        prog_.add_edge(std::move(loop), EdgeProvenance{{}, "beyond the recursion bound"});
    }
    prog_.index();
    return std::move(prog_);
}

Program lower(const frontend::TranslationUnit& tu, smt::TermManager& tm, const LoweringOptions& options) {
    Lowerer l(tu, tm, options);
    return l.run();
}

}  // namespace craig::verifier::detail

namespace craig::verifier {
Program lower(const frontend::TranslationUnit& tu, smt::TermManager& tm, const LoweringOptions& options) {
    return detail::lower(tu, tm, options);
}
}  // namespace craig::verifier
