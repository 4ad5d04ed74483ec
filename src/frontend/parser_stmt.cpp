// Statements.
#include <utility>

#include "frontend/constant_eval.hpp"
#include "frontend/errors.hpp"
#include "frontend/parser.hpp"
#include "frontend/parser_guards.hpp"

namespace craig::frontend {

namespace {

StmtPtr make_stmt(StmtKind kind, SourceLocation loc) {
    auto s = std::make_unique<Stmt>();
    s->kind = kind;
    s->loc = std::move(loc);
    return s;
}

}  // namespace

StmtPtr Parser::parse_compound_statement() {
    DepthGuard depth(*this, 1, peek().loc);
    SourceLocation loc = expect(TokenKind::LBrace).loc;
    ScopeGuard scope(*this);
    auto s = make_stmt(StmtKind::Compound, loc);
    while (kind() != TokenKind::RBrace) {
        if (kind() == TokenKind::Eof) error_expected("'}'");
        parse_block_item(s->stmts);
    }
    advance();
    return s;
}

void Parser::parse_block_item(std::vector<StmtPtr>& out) {
    if (kind() == TokenKind::Identifier && kind(1) == TokenKind::Colon) {
        out.push_back(parse_statement());  // a label, even if the name is a typedef
        return;
    }
    if (kind() == TokenKind::KwLabel) {
        // __label__ a, b;  Labels are function-wide here anyway.
        advance();
        for (;;) {
            expect(TokenKind::Identifier, "label name");
            if (!accept(TokenKind::Comma)) break;
        }
        expect(TokenKind::Semi);
        return;
    }
    if (kind() == TokenKind::KwStaticAssert) {
        parse_static_assert();
        return;
    }
    if (starts_declaration(0)) {
        auto decl = make_stmt(StmtKind::Decl, peek().loc);
        DeclSpecs specs = parse_decl_specifiers();
        parse_init_declarators(specs, /*file_scope=*/false, decl.get());
        if (!decl->vars.empty()) out.push_back(std::move(decl));
        return;
    }
    out.push_back(parse_statement());
}

StmtPtr Parser::parse_labeled_body() {
    // A label before '}' or before a declaration labels an empty statement
    // (C23; GCC accepts it).
    if (kind() == TokenKind::RBrace || (starts_declaration(0) && kind(1) != TokenKind::Colon)) {
        return make_stmt(StmtKind::Empty, peek().loc);
    }
    return parse_statement();
}

ExprPtr Parser::parse_condition() { return tc_.rvalue(parse_expression()); }

StmtPtr Parser::parse_statement() {
    DepthGuard depth(*this, 1, peek().loc);
    const Token& t = peek();
    SourceLocation loc = t.loc;
    switch (t.kind) {
        case TokenKind::LBrace: return parse_compound_statement();
        case TokenKind::Semi: advance(); return make_stmt(StmtKind::Empty, loc);
        case TokenKind::KwIf: {
            advance();
            auto s = make_stmt(StmtKind::If, loc);
            expect(TokenKind::LParen, "'(' after 'if'");
            s->expr = parse_condition();
            expect(TokenKind::RParen);
            s->body = parse_statement();
            if (accept(TokenKind::KwElse)) s->else_body = parse_statement();
            return s;
        }
        case TokenKind::KwWhile: {
            advance();
            auto s = make_stmt(StmtKind::While, loc);
            expect(TokenKind::LParen, "'(' after 'while'");
            s->expr = parse_condition();
            expect(TokenKind::RParen);
            CounterGuard in_loop(loops_);
            CounterGuard breakable(breakables_);
            s->body = parse_statement();
            return s;
        }
        case TokenKind::KwDo: {
            advance();
            auto s = make_stmt(StmtKind::DoWhile, loc);
            {
                CounterGuard in_loop(loops_);
                CounterGuard breakable(breakables_);
                s->body = parse_statement();
            }
            expect(TokenKind::KwWhile, "'while' after do-body");
            expect(TokenKind::LParen, "'(' after 'while'");
            s->expr = parse_condition();
            expect(TokenKind::RParen);
            expect(TokenKind::Semi);
            return s;
        }
        case TokenKind::KwFor: return parse_for();
        case TokenKind::KwSwitch: return parse_switch();
        case TokenKind::KwCase:
        case TokenKind::KwDefault: return parse_case();
        case TokenKind::KwBreak:
            advance();
            if (breakables_ == 0) throw ParseError(loc, "'break' statement not in loop or switch statement");
            expect(TokenKind::Semi);
            return make_stmt(StmtKind::Break, loc);
        case TokenKind::KwContinue:
            advance();
            if (loops_ == 0) throw ParseError(loc, "'continue' statement not in loop statement");
            expect(TokenKind::Semi);
            return make_stmt(StmtKind::Continue, loc);
        case TokenKind::KwReturn: {
            advance();
            auto s = make_stmt(StmtKind::Return, loc);
            if (kind() != TokenKind::Semi) {
                ExprPtr e = parse_expression();
                if (current_fn_->return_type.is_void()) {
                    // GCC accepts `return expr;` in a void function; keep it for its effects.
                    s->expr = tc_.cast(Type::of(TypeKind::Void), std::move(e), loc);
                    if (const Expr* se = find_stmt_expr(*s->expr)) throw Unsupported(se->loc, "statement expression");
                } else {
                    s->expr = tc_.convert(tc_.rvalue(std::move(e)), current_fn_->return_type);
                }
            }
            expect(TokenKind::Semi);
            return s;
        }
        case TokenKind::KwGoto: {
            advance();
            if (kind() == TokenKind::Star) throw Unsupported(loc, "computed goto");
            auto s = make_stmt(StmtKind::Goto, loc);
            s->label = expect(TokenKind::Identifier, "label name").text;
            expect(TokenKind::Semi);
            gotos_.push_back(s.get());
            return s;
        }
        case TokenKind::KwAsm: throw Unsupported(loc, "inline asm");
        case TokenKind::Identifier:
            if (kind(1) == TokenKind::Colon) {
                auto s = make_stmt(StmtKind::Label, loc);
                s->label = t.text;
                advance();
                advance();
                skip_attributes();
                if (labels_.count(s->label)) throw ParseError(loc, "redefinition of label '" + s->label + "'");
                labels_[s->label] = s.get();
                s->body = parse_labeled_body();
                return s;
            }
            break;
        default: break;
    }
    if (starts_declaration(0)) error_expected("statement (a declaration is not allowed here)");
    ExprPtr e = parse_expression();
    expect(TokenKind::Semi, "';' after expression");
    return expression_statement(std::move(e), loc);
}

StmtPtr Parser::parse_for() {
    SourceLocation loc = advance().loc;
    auto s = make_stmt(StmtKind::For, loc);
    expect(TokenKind::LParen, "'(' after 'for'");
    ScopeGuard scope(*this);  // declarations in the init clause
    if (kind() != TokenKind::Semi) {
        if (starts_declaration(0)) {
            auto decl = make_stmt(StmtKind::Decl, peek().loc);
            DeclSpecs specs = parse_decl_specifiers();
            if (specs.storage != StorageClass::None && specs.storage != StorageClass::Auto &&
                specs.storage != StorageClass::Register) {
                throw ParseError(specs.loc, "declaration of a non-automatic variable in 'for' loop");
            }
            parse_init_declarators(specs, /*file_scope=*/false, decl.get());  // consumes ';'
            if (!decl->vars.empty()) s->init = std::move(decl);
        } else {
            SourceLocation init_loc = peek().loc;
            ExprPtr e = parse_expression();
            expect(TokenKind::Semi);
            s->init = expression_statement(std::move(e), init_loc);
        }
    } else {
        advance();
    }
    if (kind() != TokenKind::Semi) s->expr = parse_condition();
    expect(TokenKind::Semi);
    if (kind() != TokenKind::RParen) {
        s->step = parse_expression();
        if (const Expr* se = find_stmt_expr(*s->step)) throw Unsupported(se->loc, "statement expression");
        s->step = tc_.discard(std::move(s->step));
    }
    expect(TokenKind::RParen);
    CounterGuard in_loop(loops_);
    CounterGuard breakable(breakables_);
    s->body = parse_statement();
    return s;
}

StmtPtr Parser::parse_switch() {
    SourceLocation loc = advance().loc;
    auto s = make_stmt(StmtKind::Switch, loc);
    expect(TokenKind::LParen, "'(' after 'switch'");
    s->expr = tc_.promote(parse_expression());
    expect(TokenKind::RParen);
    switches_.push_back(s.get());
    CounterGuard breakable(breakables_);
    try {
        s->body = parse_statement();
    } catch (...) {
        switches_.pop_back();
        throw;
    }
    switches_.pop_back();
    return s;
}

StmtPtr Parser::parse_case() {
    const Token& t = advance();
    SourceLocation loc = t.loc;
    if (switches_.empty()) {
        throw ParseError(loc, t.kind == TokenKind::KwCase ? "'case' label not within a switch statement"
                                                          : "'default' label not within a switch statement");
    }
    Stmt* sw = switches_.back();
    StmtPtr s;
    if (t.kind == TokenKind::KwCase) {
        s = make_stmt(StmtKind::Case, loc);
        ExprPtr e;
        {
            CounterGuard unevaluated(unevaluated_);
            e = parse_conditional();
        }
        if (kind() == TokenKind::Ellipsis) throw Unsupported(peek().loc, "case range");
        // C11 6.8.4.2p5: case constants are converted to the promoted type of the condition.
        s->case_value = integer_constant(std::move(e), sw->expr->type, "case label is not an integer constant");
        for (const Stmt* c : sw->cases) {
            if (c->kind == StmtKind::Case && c->case_value == s->case_value) {
                throw ParseError(loc, "duplicate case value");
            }
        }
    } else {
        s = make_stmt(StmtKind::Default, loc);
        for (const Stmt* c : sw->cases) {
            if (c->kind == StmtKind::Default) throw ParseError(loc, "multiple default labels in one switch");
        }
    }
    expect(TokenKind::Colon, "':'");
    sw->cases.push_back(s.get());
    s->body = parse_labeled_body();
    return s;
}

StmtPtr Parser::expression_statement(ExprPtr e, SourceLocation loc) {
    e = tc_.discard(std::move(e));
    if (e->has_stmt_expr) return flatten(std::move(e));
    auto s = make_stmt(StmtKind::Expr, std::move(loc));
    s->expr = std::move(e);
    return s;
}

StmtPtr Parser::flatten(ExprPtr e) {
    // A statement expression whose value is discarded is a block: the GNU
    // assert macro `((void) sizeof (c), ({ if (c) ; else __assert_fail(...); }))`
    // becomes plain statements, so no StmtExpr remains in the AST.
    if (!e->has_stmt_expr) {
        auto s = make_stmt(StmtKind::Expr, e->loc);
        s->expr = std::move(e);
        return s;
    }
    switch (e->kind) {
        case ExprKind::StmtExpr: return std::move(e->body);
        case ExprKind::Comma: {
            auto s = make_stmt(StmtKind::Compound, e->loc);
            s->stmts.push_back(flatten(std::move(e->operands[0])));
            s->stmts.push_back(flatten(std::move(e->operands[1])));
            return s;
        }
        case ExprKind::Cast:
            if (e->type.is_void()) return flatten(std::move(e->operands[0]));
            break;
        case ExprKind::Conditional:
            if (e->type.is_void() && !e->operands[0]->has_stmt_expr) {
                auto s = make_stmt(StmtKind::If, e->loc);
                s->expr = std::move(e->operands[0]);
                s->body = flatten(std::move(e->operands[1]));
                s->else_body = flatten(std::move(e->operands[2]));
                return s;
            }
            break;
        default: break;
    }
    throw Unsupported(find_stmt_expr(*e)->loc, "statement expression");
}

void Parser::resolve_gotos() {
    for (Stmt* g : gotos_) {
        auto it = labels_.find(g->label);
        if (it == labels_.end()) throw ParseError(g->loc, "label '" + g->label + "' used but not defined");
        g->target = it->second;
    }
}

}  // namespace craig::frontend
