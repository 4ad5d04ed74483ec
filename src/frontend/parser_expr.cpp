// Expressions (C11 6.5), built into typed nodes by the TypeChecker.
#include <algorithm>
#include <utility>

#include "frontend/builtins.hpp"
#include "frontend/constant_eval.hpp"
#include "frontend/errors.hpp"
#include "frontend/parser.hpp"
#include "frontend/parser_guards.hpp"

namespace craig::frontend {

namespace {

// Precedence of binary operators (higher binds tighter); 0 = not binary.
int binary_precedence(TokenKind k) {
    switch (k) {
        case TokenKind::PipePipe: return 1;
        case TokenKind::AmpAmp: return 2;
        case TokenKind::Pipe: return 3;
        case TokenKind::Caret: return 4;
        case TokenKind::Amp: return 5;
        case TokenKind::EqEq:
        case TokenKind::NotEq: return 6;
        case TokenKind::Less:
        case TokenKind::Greater:
        case TokenKind::LessEq:
        case TokenKind::GreaterEq: return 7;
        case TokenKind::Shl:
        case TokenKind::Shr: return 8;
        case TokenKind::Plus:
        case TokenKind::Minus: return 9;
        case TokenKind::Star:
        case TokenKind::Slash:
        case TokenKind::Percent: return 10;
        default: return 0;
    }
}

Op binary_op(TokenKind k) {
    switch (k) {
        case TokenKind::PipePipe: return Op::LogOr;
        case TokenKind::AmpAmp: return Op::LogAnd;
        case TokenKind::Pipe: return Op::BitOr;
        case TokenKind::Caret: return Op::BitXor;
        case TokenKind::Amp: return Op::BitAnd;
        case TokenKind::EqEq: return Op::Eq;
        case TokenKind::NotEq: return Op::Ne;
        case TokenKind::Less: return Op::Lt;
        case TokenKind::Greater: return Op::Gt;
        case TokenKind::LessEq: return Op::Le;
        case TokenKind::GreaterEq: return Op::Ge;
        case TokenKind::Shl: return Op::Shl;
        case TokenKind::Shr: return Op::Shr;
        case TokenKind::Plus: return Op::Add;
        case TokenKind::Minus: return Op::Sub;
        case TokenKind::Star: return Op::Mul;
        case TokenKind::Slash: return Op::Div;
        case TokenKind::Percent: return Op::Rem;
        default: return Op::None;
    }
}

// The operator of an assignment token: None for '=', the binary operator for
// 'op=', nullopt if the token is no assignment operator.
std::optional<Op> assignment_op(TokenKind k) {
    switch (k) {
        case TokenKind::Assign: return Op::None;
        case TokenKind::StarAssign: return Op::Mul;
        case TokenKind::SlashAssign: return Op::Div;
        case TokenKind::PercentAssign: return Op::Rem;
        case TokenKind::PlusAssign: return Op::Add;
        case TokenKind::MinusAssign: return Op::Sub;
        case TokenKind::ShlAssign: return Op::Shl;
        case TokenKind::ShrAssign: return Op::Shr;
        case TokenKind::AmpAssign: return Op::BitAnd;
        case TokenKind::CaretAssign: return Op::BitXor;
        case TokenKind::PipeAssign: return Op::BitOr;
        default: return std::nullopt;
    }
}

}  // namespace

ExprPtr Parser::parse_expression() {
    ExprPtr e = parse_assignment();
    while (kind() == TokenKind::Comma) {
        SourceLocation loc = advance().loc;
        ExprPtr r = parse_assignment();
        e = tc_.comma(std::move(e), std::move(r), loc);
    }
    return e;
}

ExprPtr Parser::parse_assignment() {
    // `a = b = ...` and `c ? d ? ... : e : f` recurse here without passing
    // through parse_cast's guard.
    DepthGuard depth(*this, kExprWeight, peek().loc);
    ExprPtr lhs = parse_conditional();
    auto op = assignment_op(kind());
    if (!op) return lhs;
    SourceLocation loc = advance().loc;
    ExprPtr rhs = parse_assignment();
    return tc_.assign(*op, std::move(lhs), std::move(rhs), loc);
}

ExprPtr Parser::parse_conditional() {
    ExprPtr c = parse_binary(1);
    if (kind() != TokenKind::Question) return c;
    SourceLocation loc = advance().loc;
    if (kind() == TokenKind::Colon) throw Unsupported(loc, "conditional with omitted operand");
    DepthGuard depth(*this, kExprWeight, loc);
    ExprPtr a = parse_expression();
    expect(TokenKind::Colon, "':' in conditional expression");
    ExprPtr b = parse_conditional();
    return tc_.conditional(std::move(c), std::move(a), std::move(b), loc);
}

ExprPtr Parser::parse_binary(int min_prec) {
    ExprPtr lhs = parse_cast();
    for (;;) {
        int prec = binary_precedence(kind());
        if (prec == 0 || prec < min_prec) return lhs;
        const Token& t = advance();
        Op op = binary_op(t.kind);
        ExprPtr rhs = parse_binary(prec + 1);  // left-associative
        lhs = tc_.binary(op, std::move(lhs), std::move(rhs), t.loc);
    }
}

ExprPtr Parser::parse_cast() {
    DepthGuard depth(*this, kExprWeight, peek().loc);
    if (kind() == TokenKind::LParen && starts_type_name(1)) {
        SourceLocation loc = advance().loc;
        Type t = parse_type_name();
        expect(TokenKind::RParen, "')' after type name");
        if (kind() == TokenKind::LBrace) throw Unsupported(loc, "compound literal");
        ExprPtr e = parse_cast();
        return tc_.cast(t, std::move(e), loc);
    }
    return parse_unary();
}

ExprPtr Parser::parse_unary() {
    const Token& t = peek();
    SourceLocation loc = t.loc;
    switch (t.kind) {
        case TokenKind::PlusPlus:
        case TokenKind::MinusMinus: {
            advance();
            DepthGuard depth(*this, kExprWeight, loc);
            ExprPtr e = parse_unary();
            return tc_.inc_dec(t.kind == TokenKind::PlusPlus ? Op::PreInc : Op::PreDec, std::move(e), loc);
        }
        case TokenKind::Plus:
        case TokenKind::Minus:
        case TokenKind::Tilde:
        case TokenKind::Bang: {
            advance();
            ExprPtr e = parse_cast();
            Op op = t.kind == TokenKind::Plus    ? Op::Plus
                    : t.kind == TokenKind::Minus ? Op::Neg
                    : t.kind == TokenKind::Tilde ? Op::BitNot
                                                 : Op::LogNot;
            return tc_.unary(op, std::move(e), loc);
        }
        case TokenKind::Amp: {
            advance();
            return tc_.addr_of(parse_cast(), loc);
        }
        case TokenKind::Star: {
            advance();
            return tc_.deref(parse_cast(), loc);
        }
        case TokenKind::AmpAmp: throw Unsupported(loc, "computed goto");  // &&label
        case TokenKind::KwSizeof:
        case TokenKind::KwAlignof: return parse_sizeof();
        case TokenKind::KwExtension: advance(); return parse_cast();
        case TokenKind::KwRealImag: throw Unsupported(loc, "complex");
        default: return parse_postfix();
    }
}

ExprPtr Parser::parse_sizeof() {
    const bool is_sizeof = kind() == TokenKind::KwSizeof;
    SourceLocation loc = advance().loc;
    Type t;
    if (kind() == TokenKind::LParen && starts_type_name(1)) {
        advance();
        t = parse_type_name("sizeof of a variable length array");
        expect(TokenKind::RParen, "')' after type name");
        if (kind() == TokenKind::LBrace) throw Unsupported(loc, "compound literal");
    } else {
        // The operand is not evaluated: calls in it are not calls of the program.
        CounterGuard unevaluated(unevaluated_);
        DepthGuard depth(*this, kExprWeight, loc);
        ExprPtr e = parse_unary();
        if (const Expr* s = find_stmt_expr(*e)) throw Unsupported(s->loc, "statement expression");
        if (bit_field_of(*e))
            throw ParseError(loc, std::string("'") + (is_sizeof ? "sizeof" : "_Alignof") + "' applied to a bit-field");
        t = e->type;
        // Arrays of unknown length only occur as variables of variable length here.
        if (t.is_array() && !size_of(t, dm_)) throw Unsupported(loc, "sizeof of a variable length array");
    }
    if (t.is_unsupported()) throw Unsupported(loc, std::string(t.construct));
    std::uint64_t v;
    if (t.is_void()) {
        v = 1;  // GCC
    } else {
        tc_.require_complete(
            t, loc, is_sizeof ? "invalid application of 'sizeof' to an" : "invalid application of '_Alignof' to an");
        auto size = size_of(t, dm_);
        if (is_sizeof && !size) throw ParseError(loc, "invalid application of 'sizeof' to an incomplete type");
        v = is_sizeof ? *size : align_of(t, dm_);
    }
    return tc_.int_literal(v, size_type(dm_), loc);
}

ExprPtr Parser::parse_postfix() {
    ExprPtr e;
    const Token& t = peek();
    if (t.kind == TokenKind::Identifier && kind(1) == TokenKind::LParen) {
        Symbol* sym = lookup(t.text);
        if (!sym || sym->kind == Symbol::Kind::Function)
            e = parse_call();
        else if (sym->kind == Symbol::Kind::Var && !sym->var->type.is_function_pointer()) {
            throw ParseError(t.loc, "called object '" + t.text + "' is not a function");
        }
    }
    if (!e) e = parse_primary();
    for (;;) {
        SourceLocation loc = peek().loc;
        switch (kind()) {
            case TokenKind::LParen: {
                // (*fp)(...), fp(...), (f)(...): a call of a function pointer value.
                advance();
                e = tc_.rvalue(std::move(e));
                if (!e->type.is_function_pointer())
                    throw ParseError(loc, "called object is not a function or function pointer");
                SourceLocation rparen;
                std::vector<ExprPtr> args = parse_arguments(rparen);
                const SourceLocation at = e->loc;
                e = e->kind == ExprKind::FunctionRef
                        ? make_call(*const_cast<FunctionDecl*>(e->callee), std::move(args), at)
                        : make_pointer_call(std::move(e), std::move(args), at);
                e->rparen = rparen;
                break;
            }
            case TokenKind::LBracket: {
                advance();
                ExprPtr i = parse_expression();
                expect(TokenKind::RBracket, "']'");
                e = tc_.index(std::move(e), std::move(i), loc);
                break;
            }
            case TokenKind::Dot:
            case TokenKind::Arrow: {
                const bool arrow = advance().kind == TokenKind::Arrow;
                const std::string& name = expect(TokenKind::Identifier, "member name").text;
                e = arrow ? tc_.arrow(std::move(e), name, loc) : tc_.member(std::move(e), name, loc);
                break;
            }
            case TokenKind::PlusPlus:
                advance();
                e = tc_.inc_dec(Op::PostInc, std::move(e), loc);
                break;
            case TokenKind::MinusMinus:
                advance();
                e = tc_.inc_dec(Op::PostDec, std::move(e), loc);
                break;
            default: return e;
        }
    }
}

// The arguments of a call after its '(' up to and including the ')', whose location is `rparen`.
std::vector<ExprPtr> Parser::parse_arguments(SourceLocation& rparen) {
    std::vector<ExprPtr> args;
    if (kind() != TokenKind::RParen) {
        for (;;) {
            args.push_back(parse_assignment());
            if (!accept(TokenKind::Comma)) break;
        }
    }
    rparen = expect(TokenKind::RParen, "')' after arguments").loc;
    return args;
}

ExprPtr Parser::parse_call() {
    const Token& name = advance();
    SourceLocation loc = name.loc;
    Symbol* sym = lookup(name.text);
    bool builtin_expect = !sym && name.text == "__builtin_expect";
    FunctionDecl* fn = builtin_expect ? nullptr : sym ? sym->fn : implicit_function(name);
    expect(TokenKind::LParen);
    SourceLocation rparen;
    std::vector<ExprPtr> args = parse_arguments(rparen);
    if (builtin_expect) {
        // __builtin_expect(e, c) is e (as long); c is a constant hint.
        if (args.size() != 2) throw ParseError(loc, "__builtin_expect takes two arguments");
        // Dropping the hint is only sound when it has no effect (a constant
        // also contains no call the parser has recorded).
        ExprPtr hint = tc_.rvalue(std::move(args[1]));
        if (!evaluate_constant(*hint, dm_)) throw Unsupported(hint->loc, "__builtin_expect with a non-constant hint");
        return tc_.convert(tc_.rvalue(std::move(args[0])), Type::of(TypeKind::Long));
    }
    ExprPtr call = make_call(*fn, std::move(args), loc);
    call->rparen = rparen;
    return call;
}

ExprPtr Parser::convert_argument(ExprPtr arg, Type param, bool strings_ok) {
    if (strings_ok && arg->kind == ExprKind::StringLiteral) return arg;
    if (param.is_unsupported()) throw Unsupported(arg->loc, std::string(param.construct));
    return tc_.convert(tc_.rvalue(std::move(arg)), param);
}

ExprPtr Parser::promote_argument(ExprPtr arg, bool strings_ok) {
    if (strings_ok && arg->kind == ExprKind::StringLiteral) return arg;
    return tc_.argument_promotion(std::move(arg));
}

ExprPtr Parser::make_call(FunctionDecl& fn, std::vector<ExprPtr> args, SourceLocation loc) {
    if (fn.return_type.is_unsupported()) throw Unsupported(loc, std::string(fn.return_type.construct));
    if (!fn.is_defined) {
        // __VERIFIER_nondet_pointer and the like, whatever their declaration says.
        if (auto t = nondet_type(fn.name, dm_); t && t->is_unsupported())
            throw Unsupported(loc, std::string(t->construct));
    }
    const bool strings_ok = accepts_string_arguments(fn.name);
    if (fn.has_prototype) {
        const std::size_t n = fn.params.size();
        if (args.size() < n) throw ParseError(loc, "too few arguments to function '" + fn.name + "'");
        if (args.size() > n && !fn.variadic) {
            throw ParseError(loc, "too many arguments to function '" + fn.name + "'");
        }
        for (std::size_t i = 0; i < args.size(); ++i) {
            args[i] = i < n ? convert_argument(std::move(args[i]), fn.params[i]->type, strings_ok)
                            : promote_argument(std::move(args[i]), strings_ok);
        }
    } else {
        for (auto& a : args) a = promote_argument(std::move(a), strings_ok);
    }
    const bool pointer_args =
        std::any_of(args.begin(), args.end(), [](const ExprPtr& a) { return a->type.is_pointer(); });
    ExprPtr call = tc_.call(fn, std::move(args), fn.return_type, loc);
    if (!fn.is_defined) note_stream_argument(*call, fn);
    if (unevaluated_ == 0 && current_fn_) {
        current_fn_->calls.push_back(CallSite{&fn, loc});
        if (!fn.has_prototype) pending_calls_.push_back(PendingCall{call.get(), current_fn_});
        // Pointers passed to a function that turns out to be external (check_reachable).
        if (pointer_args && !fn.is_defined) pointer_argument_calls_.emplace(std::pair{current_fn_, &fn}, loc);
    }
    return call;
}

ExprPtr Parser::function_value(FunctionDecl& f, SourceLocation loc) {
    std::vector<Type> params;
    for (const auto& p : f.params) params.push_back(p->type);
    const Type t = function_pointer_type(f.return_type, params, f.variadic, f.has_prototype, loc);
    if (t.is_unsupported()) throw Unsupported(loc, std::string(t.construct));
    // Also in unevaluated contexts: static initialisers are parsed as such.
    if (f.address_id == 0) {
        tu_.address_taken.push_back(&f);
        f.address_id = static_cast<std::uint32_t>(tu_.address_taken.size());
    }
    address_refs_[current_fn_].push_back(CallSite{&f, loc});
    return tc_.function_ref(f, t, std::move(loc));
}

ExprPtr Parser::make_pointer_call(ExprPtr fp, std::vector<ExprPtr> args, SourceLocation loc) {
    const Aggregate& sig = *fp->type.target().info;
    const std::size_t n = sig.fields.size();
    if (args.size() < n) throw ParseError(loc, "too few arguments to function pointer call");
    if (args.size() > n && !sig.variadic) throw ParseError(loc, "too many arguments to function pointer call");
    for (std::size_t i = 0; i < args.size(); ++i) {
        args[i] = i < n ? convert_argument(std::move(args[i]), sig.fields[i].type, false)
                        : promote_argument(std::move(args[i]), false);
    }
    return tc_.pointer_call(std::move(fp), std::move(args), std::move(loc));
}

ExprPtr Parser::parse_primary() {
    const Token& t = peek();
    SourceLocation loc = t.loc;
    switch (t.kind) {
        case TokenKind::Identifier: {
            Symbol* sym = lookup(t.text);
            if (!sym) throw ParseError(loc, "use of undeclared identifier '" + t.text + "'");
            switch (sym->kind) {
                case Symbol::Kind::Var:
                    advance();
                    if (sym->var->storage == Storage::Param) used_params_.insert(sym->var);
                    if (sym->var->storage == Storage::Global) ++used_globals_[sym->var];
                    return tc_.var_ref(*sym->var, loc);
                case Symbol::Kind::EnumConst:
                    advance();
                    return tc_.int_literal(sym->value, Type::of(TypeKind::Int), loc, t.text);
                case Symbol::Kind::Function: advance(); return function_value(*sym->fn, loc);
                case Symbol::Kind::Typedef:
                    throw ParseError(loc, "unexpected type name '" + t.text + "': expected expression");
                case Symbol::Kind::Poisoned: throw poisons_[sym->index];
            }
            break;
        }
        case TokenKind::IntConstant:
        case TokenKind::CharConstant: advance(); return tc_.int_literal(t.value, Type::of(t.int_type), loc);
        case TokenKind::FloatConstant: throw Unsupported(loc, "float");
        case TokenKind::StringLiteral: {
            std::string text;
            while (kind() == TokenKind::StringLiteral) {  // adjacent literals concatenate
                const Token& part = advance();
                if (part.int_type != TypeKind::Char) throw Unsupported(part.loc, "wide string literal");
                text += part.text;
            }
            return tc_.string_literal(std::move(text), loc);
        }
        case TokenKind::KwFuncName:
            advance();
            return tc_.string_literal(current_fn_ ? current_fn_->name : std::string(), loc);
        case TokenKind::LParen: {
            if (kind(1) == TokenKind::LBrace) return parse_statement_expression();
            advance();
            ExprPtr e = parse_expression();
            expect(TokenKind::RParen, "')'");
            return e;
        }
        case TokenKind::KwGeneric: throw Unsupported(loc, "_Generic");
        case TokenKind::KwBuiltinTypeArg: throw Unsupported(loc, t.text);
        case TokenKind::KwAsm: throw Unsupported(loc, "inline asm");
        default: break;
    }
    error_expected("expression");
}

ExprPtr Parser::parse_statement_expression() {
    SourceLocation loc = advance().loc;  // '('
    if (!current_fn_ || unevaluated_ > 0) throw Unsupported(loc, "statement expression");
    StmtPtr body = parse_compound_statement();
    expect(TokenKind::RParen, "')' after statement expression");
    Type value_type = Type::of(TypeKind::Void);
    if (!body->stmts.empty() && body->stmts.back()->kind == StmtKind::Expr) {
        value_type = body->stmts.back()->expr->type;
    }
    return tc_.stmt_expr(std::move(body), value_type, loc);
}

std::uint64_t Parser::integer_constant(ExprPtr e, Type to, const char* what) {
    SourceLocation loc = e->loc;
    e = tc_.convert(tc_.rvalue(std::move(e)), to);
    auto v = evaluate_constant(*e, dm_);
    if (!v) throw ParseError(loc, what);
    return *v;
}

}  // namespace craig::frontend
