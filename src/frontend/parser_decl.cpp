// Declarations: specifiers, declarators, typedefs, enums, variables,
// prototypes and function definitions.
#include <algorithm>
#include <utility>

#include "frontend/builtins.hpp"
#include "frontend/constant_eval.hpp"
#include "frontend/errors.hpp"
#include "frontend/parser.hpp"
#include "frontend/parser_guards.hpp"

namespace craig::frontend {

namespace {

bool is_storage_or_function_specifier(TokenKind k) {
    switch (k) {
        case TokenKind::KwTypedef:
        case TokenKind::KwExtern:
        case TokenKind::KwStatic:
        case TokenKind::KwAuto:
        case TokenKind::KwRegister:
        case TokenKind::KwThreadLocal:
        case TokenKind::KwInline:
        case TokenKind::KwNoreturn:
        case TokenKind::KwAlignas: return true;
        default: return false;
    }
}

bool is_type_keyword(TokenKind k) {
    switch (k) {
        case TokenKind::KwVoid:
        case TokenKind::KwChar:
        case TokenKind::KwShort:
        case TokenKind::KwInt:
        case TokenKind::KwLong:
        case TokenKind::KwFloat:
        case TokenKind::KwDouble:
        case TokenKind::KwSigned:
        case TokenKind::KwUnsigned:
        case TokenKind::KwBool:
        case TokenKind::KwComplex:
        case TokenKind::KwImaginary:
        case TokenKind::KwStruct:
        case TokenKind::KwUnion:
        case TokenKind::KwEnum:
        case TokenKind::KwConst:
        case TokenKind::KwVolatile:
        case TokenKind::KwRestrict:
        case TokenKind::KwAtomic:
        case TokenKind::KwTypeof:
        case TokenKind::KwInt128:
        case TokenKind::KwVaList:
        case TokenKind::KwFloatN:
        case TokenKind::KwAutoType: return true;
        default: return false;
    }
}

std::string quoted(const std::string& name) { return "'" + name + "'"; }

}  // namespace

bool Parser::starts_type_name(std::size_t k) {
    const Token& t = peek(k);
    if (is_type_keyword(t.kind)) return true;
    return is_typedef_name(t);
}

bool Parser::starts_declaration(std::size_t k) {
    // Leading __extension__ and attributes say nothing; look past them.
    for (;;) {
        TokenKind t = kind(k);
        if (t == TokenKind::KwExtension) {
            ++k;
        } else if (t == TokenKind::KwAttribute && kind(k + 1) == TokenKind::LParen) {
            std::size_t close = matching_close(pos_ + k + 1);
            k = close + 1 - pos_;
        } else {
            break;
        }
    }
    if (is_storage_or_function_specifier(kind(k))) return true;
    return starts_type_name(k);
}

void Parser::parse_external_declaration() {
    if (accept(TokenKind::Semi)) return;
    if (kind() == TokenKind::KwAsm) {  // file-scope asm: no effect on the program's semantics here
        skip_attributes();
        expect(TokenKind::Semi);
        return;
    }
    if (kind() == TokenKind::KwStaticAssert) {
        parse_static_assert();
        return;
    }
    DeclSpecs specs = parse_decl_specifiers();
    if (!specs.any && kind() != TokenKind::Identifier) error_expected("declaration");
    // No specifiers before an identifier: C89 implicit int (`main() { ... }`).
    parse_init_declarators(specs, /*file_scope=*/true, nullptr);
}

DeclSpecs Parser::parse_decl_specifiers() {
    DeclSpecs s;
    s.loc = peek().loc;
    int n_void = 0, n_char = 0, n_short = 0, n_int = 0, n_long = 0, n_signed = 0, n_unsigned = 0;
    int n_bool = 0, n_float = 0, n_complex = 0;
    int n_special = 0;
    std::optional<DeclaredType> special;
    bool atomic = false;
    std::optional<SourceLocation> type_loc;
    auto note_type = [&] {
        if (!type_loc) type_loc = peek().loc;
        s.has_type = true;
        s.any = true;
    };
    auto set_storage = [&](StorageClass c) {
        if (s.storage != StorageClass::None) {
            throw ParseError(peek().loc, "multiple storage classes in declaration specifiers");
        }
        s.storage = c;
        s.any = true;
        advance();
    };
    auto set_special = [&](DeclaredType t) {
        special = std::move(t);
        ++n_special;
    };
    for (;;) {
        const Token& t = peek();
        bool done = false;
        switch (t.kind) {
            case TokenKind::KwTypedef: set_storage(StorageClass::Typedef); break;
            case TokenKind::KwExtern: set_storage(StorageClass::Extern); break;
            case TokenKind::KwStatic: set_storage(StorageClass::Static); break;
            case TokenKind::KwAuto: set_storage(StorageClass::Auto); break;
            case TokenKind::KwRegister: set_storage(StorageClass::Register); break;
            case TokenKind::KwThreadLocal:
            case TokenKind::KwInline:
            case TokenKind::KwNoreturn:
            case TokenKind::KwConst:
            case TokenKind::KwVolatile:
            case TokenKind::KwRestrict:
                s.any = true;
                advance();
                break;
            case TokenKind::KwAtomic:
                s.any = true;
                atomic = true;
                advance();
                if (kind() == TokenKind::LParen) {  // _Atomic(type)
                    note_type();
                    skip_group();
                }
                break;
            case TokenKind::KwAttribute:
            case TokenKind::KwExtension: skip_attributes(); break;
            case TokenKind::KwAlignas:
                s.any = true;
                s.has_alignas = true;
                advance();
                if (kind() != TokenKind::LParen) error_expected("'('");
                skip_group();
                break;
            case TokenKind::KwVoid:
                note_type();
                ++n_void;
                advance();
                break;
            case TokenKind::KwChar:
                note_type();
                ++n_char;
                advance();
                break;
            case TokenKind::KwShort:
                note_type();
                ++n_short;
                advance();
                break;
            case TokenKind::KwInt:
                note_type();
                ++n_int;
                advance();
                break;
            case TokenKind::KwLong:
                note_type();
                ++n_long;
                advance();
                break;
            case TokenKind::KwSigned:
                note_type();
                ++n_signed;
                advance();
                break;
            case TokenKind::KwUnsigned:
                note_type();
                ++n_unsigned;
                advance();
                break;
            case TokenKind::KwBool:
                note_type();
                ++n_bool;
                advance();
                break;
            case TokenKind::KwFloat:
            case TokenKind::KwDouble:
                note_type();
                ++n_float;
                advance();
                break;
            case TokenKind::KwComplex:
            case TokenKind::KwImaginary:
                note_type();
                ++n_complex;
                advance();
                break;
            case TokenKind::KwInt128:
                note_type();
                set_special(DeclaredType{Type::unsupported("__int128"), std::nullopt});
                advance();
                break;
            case TokenKind::KwVaList:
                note_type();
                set_special(DeclaredType{Type::unsupported("va_list"), std::nullopt});
                advance();
                break;
            case TokenKind::KwFloatN:
                note_type();
                set_special(DeclaredType{Type::unsupported("float"), std::nullopt});
                advance();
                break;
            case TokenKind::KwAutoType:
                note_type();
                set_special(DeclaredType{Type::unsupported("__auto_type"), std::nullopt});
                advance();
                break;
            case TokenKind::KwStruct:
            case TokenKind::KwUnion:
                note_type();
                set_special(parse_struct_or_union());
                break;
            case TokenKind::KwEnum:
                note_type();
                set_special(parse_enum());
                break;
            case TokenKind::KwTypeof:
                note_type();
                advance();
                if (kind() != TokenKind::LParen) error_expected("'('");
                skip_group();
                set_special(DeclaredType{Type::unsupported("typeof"), std::nullopt});
                break;
            case TokenKind::Identifier: {
                // A typedef name is a type specifier only where no type specifier
                // was seen yet; otherwise it is the declarator's name.
                if (s.has_type) {
                    done = true;
                    break;
                }
                const Symbol* sym = lookup(t.text);
                if (!sym || sym->kind != Symbol::Kind::Typedef) {
                    done = true;
                    break;
                }
                note_type();
                set_special(typedefs_[sym->index]);
                advance();
                break;
            }
            default: done = true; break;
        }
        if (done) break;
    }

    if (!s.has_type) return s;  // implicit int; s.type defaults to int
    const int n_basic =
        n_void + n_char + n_short + n_int + n_long + n_signed + n_unsigned + n_bool + n_float + n_complex;
    auto invalid = [&]() -> DeclSpecs { throw ParseError(*type_loc, "invalid combination of type specifiers"); };
    if (special) {
        // `unsigned __int128` and the like stay what the special type is.
        bool unsupported_special = !special->is_function() && special->object.is_unsupported();
        if (n_special > 1 || (n_basic > 0 && !unsupported_special)) return invalid();
        s.type = *special;
    } else if (n_float > 0) {
        s.type.object = Type::unsupported(n_complex ? "complex" : "float");
    } else if (n_complex > 0) {
        s.type.object = Type::unsupported("complex");
    } else if (n_void > 0) {
        if (n_basic != 1) return invalid();
        s.type.object = Type::of(TypeKind::Void);
    } else if (n_bool > 0) {
        if (n_basic != 1) return invalid();
        s.type.object = Type::of(TypeKind::Bool);
    } else {
        if (n_signed + n_unsigned > 1) return invalid();
        bool u = n_unsigned > 0;
        TypeKind k;
        if (n_char > 0) {
            if (n_char > 1 || n_short || n_long || n_int) return invalid();
            k = u ? TypeKind::UChar : n_signed ? TypeKind::SChar : TypeKind::Char;
        } else if (n_short > 0) {
            if (n_short > 1 || n_long || n_int > 1) return invalid();
            k = u ? TypeKind::UShort : TypeKind::Short;
        } else if (n_long > 0) {
            if (n_long > 2 || n_int > 1) return invalid();
            k = n_long == 2 ? (u ? TypeKind::ULongLong : TypeKind::LongLong) : (u ? TypeKind::ULong : TypeKind::Long);
        } else {
            if (n_int > 1) return invalid();
            k = u ? TypeKind::UInt : TypeKind::Int;
        }
        s.type.object = Type::of(k);
    }
    if (atomic) s.type = DeclaredType{Type::unsupported("atomic"), std::nullopt};
    return s;
}

DeclaredType Parser::parse_enum() {
    advance();  // enum
    skip_attributes();
    std::string tag;
    if (kind() == TokenKind::Identifier) {
        tag = advance().text;
    } else if (kind() != TokenKind::LBrace) {
        error_expected("enum name or '{'");
    }
    skip_attributes();
    if (kind() != TokenKind::LBrace) {
        if (const Type* t = find_tag(tag)) {
            if (!t->is_integer()) throw ParseError(peek().loc, "'" + tag + "' defined as wrong kind of tag");
            return DeclaredType{*t, std::nullopt};
        }
        // A forward-declared enumeration (GNU); GCC completes it as unsigned int.
        return DeclaredType{Type::of(TypeKind::UInt), std::nullopt};
    }
    advance();  // {
    const Type int_type = Type::of(TypeKind::Int);
    std::uint64_t next = 0;
    bool next_overflows = false;
    bool negative = false;
    if (kind() == TokenKind::RBrace) error_expected("enumerator name");
    while (kind() != TokenKind::RBrace) {
        const Token& name = expect(TokenKind::Identifier, "enumerator name");
        skip_attributes();
        std::uint64_t value;
        if (accept(TokenKind::Assign)) {
            ExprPtr e;
            {
                CounterGuard unevaluated(unevaluated_);
                e = parse_conditional();
            }
            SourceLocation loc = e->loc;
            e = tc_.rvalue(std::move(e));
            auto v = evaluate_constant(*e, dm_);
            if (!v) throw ParseError(loc, "enumerator value for " + quoted(name.text) + " is not an integer constant");
            if (!fits(*v, e->type.kind, TypeKind::Int, dm_)) {
                throw Unsupported(loc, "enumeration constant out of int range");
            }
            value = convert_value(*v, TypeKind::Int, dm_);
        } else {
            if (next_overflows) throw Unsupported(name.loc, "enumeration constant out of int range");
            value = next;
        }
        if (lookup_local(name.text)) throw ParseError(name.loc, "redefinition of " + quoted(name.text));
        Symbol sym;
        sym.kind = Symbol::Kind::EnumConst;
        sym.value = value;
        bind(name.text, sym);
        if (static_cast<std::int64_t>(value) < 0) negative = true;
        next_overflows = value == max_value(TypeKind::Int, dm_);
        next = normalize(value + 1, int_type.kind, dm_);
        if (!accept(TokenKind::Comma)) break;
    }
    expect(TokenKind::RBrace, "'}'");
    // GCC: unsigned int unless some enumerator is negative.
    Type t = Type::of(negative ? TypeKind::Int : TypeKind::UInt);
    if (!tag.empty()) {
        if (const Type* old = find_tag_local(tag); old && !old->is_integer()) {
            throw ParseError(peek().loc, "'" + tag + "' defined as wrong kind of tag");
        }
        tags_.back()[tag] = t;
    }
    return DeclaredType{t, std::nullopt};
}

bool Parser::is_nested_declarator(DeclMode mode) {
    // At '(' in the place of a direct declarator: a parenthesised declarator,
    // or (abstract and parameter declarators only) a parameter list.
    const Token& next = peek(1);
    switch (next.kind) {
        case TokenKind::Star:
        case TokenKind::LParen:
        case TokenKind::LBracket:
        case TokenKind::KwAttribute: return true;
        case TokenKind::Identifier:
            if (mode == DeclMode::Abstract) return false;
            // C11 6.7.6.3p11: in a parameter, a typedef name in parentheses is a type.
            return !(mode == DeclMode::Param && is_typedef_name(next));
        default: return false;
    }
}

Declarator Parser::parse_declarator(DeclaredType base, DeclMode mode) {
    DepthGuard depth(*this, kExprWeight, peek().loc);
    skip_attributes();
    while (kind() == TokenKind::Star) {
        SourceLocation star = advance().loc;
        base = pointer_type(std::move(base), star);
        while (kind() == TokenKind::KwConst || kind() == TokenKind::KwVolatile || kind() == TokenKind::KwRestrict ||
               kind() == TokenKind::KwAtomic || kind() == TokenKind::KwAttribute || kind() == TokenKind::KwExtension) {
            if (kind() == TokenKind::KwAttribute) {
                skip_attributes();
            } else {
                advance();
            }
        }
    }
    Declarator d;
    d.loc = peek().loc;
    if (kind() == TokenKind::Identifier && mode != DeclMode::Abstract) {
        d.name = peek().text;
        advance();
        d.type = parse_declarator_suffixes(std::move(base), &d);
        return d;
    }
    if (kind() == TokenKind::LParen && is_nested_declarator(mode)) {
        // T (D) suffixes: the suffixes apply to T first, then D wraps the
        // result; parse the suffixes after ')' first, then come back for D.
        std::size_t open = pos_;
        std::size_t close = matching_close(open);
        pos_ = close + 1;
        DeclaredType outer = parse_declarator_suffixes(std::move(base), nullptr);
        std::size_t end = pos_;
        pos_ = open + 1;
        d = parse_declarator(std::move(outer), mode);
        skip_attributes();
        if (pos_ != close) error_expected("')'");
        pos_ = end;
        return d;
    }
    d.type = parse_declarator_suffixes(std::move(base), &d);
    return d;
}

DeclaredType Parser::parse_declarator_suffixes(DeclaredType base, Declarator* direct) {
    struct Suffix {
        std::optional<FunctionSig> function;  // nullopt: array
        ArraySuffix array;
        SourceLocation loc;
    };
    std::vector<Suffix> suffixes;
    for (;;) {
        if (kind() == TokenKind::LBracket) {
            SourceLocation loc = peek().loc;
            suffixes.push_back(Suffix{std::nullopt, parse_array_size(), loc});
        } else if (kind() == TokenKind::LParen) {
            SourceLocation loc = peek().loc;
            suffixes.push_back(Suffix{parse_parameter_list(), {}, loc});
        } else {
            break;
        }
    }
    // `D[2](int)` applies the last suffix first: D is an array of functions.
    bool inner_vla = false;  // base is an array of variable length
    for (auto it = suffixes.rbegin(); it != suffixes.rend(); ++it) {
        if (base.is_function()) {
            throw ParseError(it->loc,
                             it->function ? "function cannot return a function" : "array of functions is not allowed");
        }
        if (it->function) {
            FunctionSig sig = std::move(*it->function);
            sig.ret = function_return_type(base.object, it->loc);
            base = DeclaredType{Type::of(TypeKind::Int), std::move(sig)};
            inner_vla = false;
        } else {
            base = DeclaredType{array_type(base.object, it->array, direct != nullptr, inner_vla), std::nullopt};
            inner_vla = it->array.kind == ArraySuffix::Kind::Variable;
        }
    }
    for (Suffix& s : suffixes) {
        if (s.function) continue;
        if (direct) {
            if (s.array.kind == ArraySuffix::Kind::Variable) direct->has_vla = true;
            direct->vla_lengths.push_back(std::move(s.array.length_expr));
        } else if (s.array.length_expr) {
            forget_calls(*s.array.length_expr);  // the type is unsupported; nothing evaluates it
        }
    }
    return base;
}

ArraySuffix Parser::parse_array_size() {
    ArraySuffix s;
    s.loc = peek().loc;
    const std::size_t open = pos_;
    advance();  // [
    while (kind() == TokenKind::KwStatic || kind() == TokenKind::KwConst || kind() == TokenKind::KwVolatile ||
           kind() == TokenKind::KwRestrict || kind() == TokenKind::KwAtomic) {
        advance();
    }
    if (accept(TokenKind::RBracket)) return s;                          // Empty
    if (kind() == TokenKind::Star && kind(1) == TokenKind::RBracket) {  // [*]: a VLA of unspecified length
        advance();
        advance();
        s.kind = ArraySuffix::Kind::Variable;
        return s;
    }
    if (param_lists_ > 0) return parse_parameter_array_size(std::move(s), open);
    // Only a declaration in a function body may have a variable length (evaluated when it
    // runs); elsewhere the size is an integer constant expression.
    const bool may_vary = current_fn_ && struct_depth_ == 0;
    ExprPtr e;
    try {
        if (may_vary) {
            e = tc_.rvalue(parse_assignment());
        } else {
            CounterGuard unevaluated(unevaluated_);
            e = tc_.rvalue(parse_assignment());
        }
    } catch (const Unsupported& u) {
        if (may_vary) throw;
        // Outside function bodies an unsupported size (sizeof(double)) leaves what is
        // declared unsupported, as long as nothing uses it.
        pos_ = matching_close(open);
        advance();
        s.kind = ArraySuffix::Kind::Unsupported;
        s.construct = static_construct(u.construct());
        return s;
    }
    if (!e->type.is_integer()) throw ParseError(e->loc, "size of array has non-integer type");
    e = tc_.promote(std::move(e));
    expect(TokenKind::RBracket, "']'");
    if (auto v = evaluate_constant(*e, dm_)) {
        if (is_signed(e->type.kind) && static_cast<std::int64_t>(*v) < 0) {
            throw ParseError(e->loc, "size of array is negative");
        }
        s.kind = ArraySuffix::Kind::Constant;
        s.length = *v;
        return s;
    }
    if (!may_vary) {
        throw ParseError(e->loc, current_fn_ ? "a member of a structure or union cannot have a variably modified type"
                                             : "variably modified type at file scope");
    }
    s.kind = ArraySuffix::Kind::Variable;
    s.length_expr = std::move(e);
    return s;
}

ArraySuffix Parser::parse_parameter_array_size(ArraySuffix s, std::size_t open) {
    // The size may name earlier parameters, which are not in scope while a parameter list
    // is parsed: a size that is no constant is a variable length, never evaluated here
    // (the outermost dimension is adjusted away; inner variable ones are unsupported).
    const std::size_t close = matching_close(open);
    try {
        CounterGuard unevaluated(unevaluated_);
        ExprPtr e = tc_.promote(parse_assignment());
        auto v = evaluate_constant(*e, dm_);
        if (pos_ == close && v && !(is_signed(e->type.kind) && static_cast<std::int64_t>(*v) < 0)) {
            advance();
            s.kind = ArraySuffix::Kind::Constant;
            s.length = *v;
            return s;
        }
    } catch (const FrontendError&) {
        // not a constant: a variable length
    }
    pos_ = close;
    advance();
    s.kind = ArraySuffix::Kind::Variable;
    return s;
}

FunctionSig Parser::parse_parameter_list() {
    CounterGuard in_params(param_lists_);
    FunctionSig sig;
    expect(TokenKind::LParen);
    if (accept(TokenKind::RParen)) return sig;  // no prototype
    if (kind() == TokenKind::KwVoid && kind(1) == TokenKind::RParen) {
        advance();
        advance();
        sig.prototype = true;
        return sig;
    }
    if (kind() == TokenKind::Identifier && !is_typedef_name(peek()) &&
        (kind(1) == TokenKind::Comma || kind(1) == TokenKind::RParen)) {
        // Old-style identifier list; the types come from declarations before the body.
        sig.kr_identifiers = true;
        for (;;) {
            const Token& name = expect(TokenKind::Identifier, "parameter name");
            sig.params.push_back(ParamSpec{name.text, name.loc, Type::of(TypeKind::Int)});
            if (!accept(TokenKind::Comma)) break;
        }
        expect(TokenKind::RParen);
        return sig;
    }
    sig.prototype = true;
    for (;;) {
        if (accept(TokenKind::Ellipsis)) {
            sig.variadic = true;
            break;
        }
        DeclSpecs ps = parse_decl_specifiers();
        if (!ps.any) error_expected("parameter declaration");
        if (ps.storage != StorageClass::None && ps.storage != StorageClass::Register) {
            throw ParseError(ps.loc, "invalid storage class for parameter");
        }
        Declarator d = parse_declarator(ps.type, DeclMode::Param);
        skip_attributes();
        Type t = adjust_parameter(d);
        if (t.is_void()) throw ParseError(d.name.empty() ? ps.loc : d.loc, "parameter has void type");
        sig.params.push_back(ParamSpec{d.name, d.name.empty() ? ps.loc : d.loc, t});
        if (!accept(TokenKind::Comma)) break;
    }
    expect(TokenKind::RParen);
    return sig;
}

Type Parser::parse_type_name(const char* vla_construct) {
    DeclSpecs s = parse_decl_specifiers();
    if (!s.any) error_expected("type name");
    if (s.storage != StorageClass::None) throw ParseError(s.loc, "storage class in type name");
    Declarator d = parse_declarator(s.type, DeclMode::Abstract);
    if (d.type.is_function()) return Type::unsupported("function type");
    if (d.has_vla) throw Unsupported(d.loc, vla_construct);
    return d.type.object;
}

void Parser::parse_init_declarators(const DeclSpecs& specs, bool file_scope, Stmt* decl_stmt) {
    if (accept(TokenKind::Semi)) return;  // only tags or enumerators were declared
    for (bool first = true;; first = false) {
        Declarator d = parse_declarator(specs.type, DeclMode::Named);
        skip_attributes();
        if (d.name.empty()) throw ParseError(d.loc, "expected identifier in declaration");
        if (d.type.is_function() && specs.storage != StorageClass::Typedef &&
            (kind() == TokenKind::LBrace || (d.type.function->kr_identifiers && starts_declaration(0)))) {
            if (!file_scope) throw Unsupported(d.loc, "nested function");
            if (!first) error_expected("';'");
            parse_function_definition(d);
            return;
        }
        declare(specs, d, file_scope, decl_stmt);
        if (accept(TokenKind::Comma)) continue;
        expect(TokenKind::Semi);
        return;
    }
}

void Parser::declare(const DeclSpecs& specs, Declarator& d, bool file_scope, Stmt* decl_stmt) {
    if (specs.storage == StorageClass::Typedef) {
        if (kind() == TokenKind::Assign) throw ParseError(peek().loc, "typedef " + quoted(d.name) + " is initialized");
        // Only objects may have variable lengths here (their lengths are evaluated once).
        if (d.has_vla) throw Unsupported(d.loc, "variable length array");
        if (Symbol* s = lookup_local(d.name)) {
            // C11 allows repeating a typedef with the same type.
            if (s->kind == Symbol::Kind::Typedef) {
                const DeclaredType& old = typedefs_[s->index];
                if (old.is_function() == d.type.is_function() &&
                    (d.type.is_function() || old.object == d.type.object)) {
                    return;
                }
            }
            throw ParseError(d.loc, "redefinition of " + quoted(d.name));
        }
        Symbol sym;
        sym.kind = Symbol::Kind::Typedef;
        sym.index = typedefs_.size();
        typedefs_.push_back(d.type);
        bind(d.name, sym);
        return;
    }
    if (d.type.is_function()) {
        if (kind() == TokenKind::Assign) {
            throw ParseError(peek().loc, "function " + quoted(d.name) + " is initialized like a variable");
        }
        if (!file_scope && specs.storage == StorageClass::Static) {
            throw ParseError(d.loc, "invalid storage class for function " + quoted(d.name));
        }
        declare_function(d, /*definition=*/false);
        return;
    }
    if (d.type.object.is_void()) throw ParseError(d.loc, "variable " + quoted(d.name) + " declared void");
    if (file_scope) {
        declare_global(specs, d, /*block_extern=*/false);
    } else if (specs.storage == StorageClass::Extern) {
        declare_global(specs, d, /*block_extern=*/true);
    } else if (specs.storage == StorageClass::Static) {
        declare_static_local(d);
    } else {
        declare_local(d, decl_stmt);
    }
}

namespace {

bool is_incomplete_array(Type t) { return t.is_array() && !t.info->length; }

}  // namespace

void Parser::require_object_type(Type t, const Declarator& d) {
    if (is_incomplete_array(t) && kind() != TokenKind::Assign) {
        throw ParseError(d.loc, "array size missing in " + quoted(d.name));
    }
    if (t.is_struct()) tc_.require_complete(t, d.loc, "variable " + quoted(d.name) + " has");
}

void Parser::declare_global(const DeclSpecs& specs, const Declarator& d, bool block_extern) {
    Type t = d.type.object;
    if (Symbol* s = lookup_local(d.name)) {
        bool same_var = s->kind == Symbol::Kind::Var && s->var->storage == Storage::Global;
        if (!same_var && s->kind != Symbol::Kind::Poisoned) {
            throw ParseError(d.loc, quoted(d.name) + " redeclared as different kind of symbol");
        }
    }
    if (functions_.count(d.name) && !block_extern) {
        throw ParseError(d.loc, quoted(d.name) + " redeclared as different kind of symbol");
    }
    if (d.has_vla) throw ParseError(d.loc, "variably modified " + quoted(d.name) + " at file scope");
    auto it = globals_.find(d.name);
    VarDecl* existing = it == globals_.end() ? nullptr : it->second;
    // `extern int a[];` next to `int a[3];`: the declarations describe one array.
    if (existing && is_incomplete_array(t) && existing->type.is_array() && existing->type.target() == t.target()) {
        t = existing->type;
    }
    const bool unknown_size =
        (is_incomplete_array(t) && kind() != TokenKind::Assign) || (t.is_struct() && !t.info->complete);
    if (t.is_unsupported() || unknown_size) {
        // Unused, they are harmless; a later complete declaration defines them.
        std::string construct = t.is_unsupported() ? std::string(t.construct)
                                : t.is_struct()    ? "incomplete struct"
                                                   : "array of unknown size";
        poison(d.name, Unsupported(d.loc, construct));
        if (accept(TokenKind::Assign)) skip_initializer();
        return;
    }
    VarDecl* v = existing;
    if (v) {
        if (v->type != t && !(is_incomplete_array(t) && v->type.is_array() && v->type.target() == t.target())) {
            throw ParseError(d.loc, "conflicting types for " + quoted(d.name));
        }
    } else {
        auto owned = make_var(d.name, d.loc, t, Storage::Global);
        owned->is_extern = true;
        v = owned.get();
        tu_.globals.push_back(std::move(owned));
        globals_[d.name] = v;
    }
    Symbol sym;
    sym.kind = Symbol::Kind::Var;
    sym.var = v;
    bind(d.name, sym);
    if (specs.storage != StorageClass::Extern || kind() == TokenKind::Assign) {
        if (v->is_extern) v->loc = d.loc;  // the definition
        v->is_extern = false;
    }
    if (kind() != TokenKind::Assign) return;
    if (block_extern) throw ParseError(peek().loc, quoted(d.name) + " has both 'extern' and initializer");
    if (global_initialized_[d.name]) throw ParseError(d.loc, "redefinition of " + quoted(d.name));
    global_initialized_[d.name] = true;
    advance();
    std::size_t start = pos_;
    try {
        v->init = static_initializer(t);
        v->type = v->init->type;  // an array of unknown length gets it from the initialiser
    } catch (const Unsupported& u) {
        // The variable's value cannot be represented: uses of it are reported,
        // and code that ran before sees an unknown value.
        pos_ = start;
        skip_initializer();
        v->init.reset();
        v->is_extern = true;
        poison(d.name, u);
        if (is_incomplete_array(v->type)) {
            // No object of unknown size is left behind (nothing refers to it: uses are
            // reported at the poison).
            globals_.erase(d.name);
            std::erase_if(tu_.globals, [v](const std::unique_ptr<VarDecl>& g) { return g.get() == v; });
        }
    }
}

void Parser::declare_static_local(const Declarator& d) {
    const Type t = d.type.object;
    if (lookup_local(d.name)) throw ParseError(d.loc, "redefinition of " + quoted(d.name));
    if (t.is_unsupported()) {
        if (kind() == TokenKind::Assign) throw Unsupported(d.loc, std::string(t.construct));
        poison(d.name, Unsupported(d.loc, std::string(t.construct)));
        return;
    }
    if (d.has_vla) throw ParseError(d.loc, "storage size of " + quoted(d.name) + " isn't constant");
    require_object_type(t, d);
    auto owned = make_var(d.name, d.loc, t, Storage::StaticLocal);
    VarDecl* v = owned.get();
    tu_.globals.push_back(std::move(owned));
    Symbol sym;
    sym.kind = Symbol::Kind::Var;
    sym.var = v;
    bind(d.name, sym);
    if (accept(TokenKind::Assign)) {
        v->init = static_initializer(t);
        v->type = v->init->type;
    }
}

void Parser::declare_local(Declarator& d, Stmt* decl_stmt) {
    const Type t = d.type.object;
    if (lookup_local(d.name)) throw ParseError(d.loc, "redefinition of " + quoted(d.name));
    if (t.is_unsupported()) {
        // An unused local of unsupported type is harmless; any use is reported.
        if (kind() == TokenKind::Assign) throw Unsupported(d.loc, std::string(t.construct));
        poison(d.name, Unsupported(d.loc, std::string(t.construct)));
        return;
    }
    if (d.has_vla && kind() == TokenKind::Assign) {
        throw ParseError(peek().loc, "variable-sized object may not be initialized");
    }
    if (!d.has_vla) require_object_type(t, d);
    auto owned = make_var(d.name, d.loc, t, Storage::Local);
    VarDecl* v = owned.get();
    if (d.has_vla) {
        // One entry per dimension of the type (those of a typedef'd element are constant).
        std::size_t dims = 0;
        for (Type a = t; a.is_array(); a = a.target()) ++dims;
        v->vla_lengths = std::move(d.vla_lengths);
        v->vla_lengths.resize(dims);
    }
    decl_stmt->vars.push_back(std::move(owned));
    Symbol sym;
    sym.kind = Symbol::Kind::Var;
    sym.var = v;
    bind(d.name, sym);  // the scope of a variable starts before its initialiser
    if (accept(TokenKind::Assign)) {
        v->init = parse_initializer(t);
        v->type = v->init->type;
    }
}

FunctionDecl* Parser::declare_function(const Declarator& d, bool definition) {
    const FunctionSig& sig = *d.type.function;
    if (globals_.count(d.name)) throw ParseError(d.loc, quoted(d.name) + " redeclared as different kind of symbol");
    if (Symbol* s = lookup_local(d.name); s && s->kind != Symbol::Kind::Function) {
        throw ParseError(d.loc, quoted(d.name) + " redeclared as different kind of symbol");
    }
    FunctionDecl* f;
    auto it = functions_.find(d.name);
    if (it != functions_.end()) {
        f = it->second;
        bool compatible = f->return_type == sig.ret;
        if (compatible && f->has_prototype && sig.prototype) {
            compatible = f->variadic == sig.variadic && f->params.size() == sig.params.size();
            for (std::size_t i = 0; compatible && i < sig.params.size(); ++i) {
                compatible = f->params[i]->type == sig.params[i].type;
            }
        }
        if (!compatible) throw ParseError(d.loc, "conflicting types for " + quoted(d.name));
    } else {
        auto owned = std::make_unique<FunctionDecl>();
        owned->name = d.name;
        owned->loc = d.loc;
        owned->return_type = sig.ret;
        f = owned.get();
        tu_.functions.push_back(std::move(owned));
        functions_[d.name] = f;
    }
    if (!definition && sig.prototype && !f->has_prototype) {
        f->has_prototype = true;
        f->variadic = sig.variadic;
        f->params.clear();
        for (const ParamSpec& p : sig.params) {
            auto v = make_var(p.name, p.loc, p.type, Storage::Param);
            v->function = f;
            f->params.push_back(std::move(v));
        }
    }
    Symbol sym;
    sym.kind = Symbol::Kind::Function;
    sym.fn = f;
    bind(d.name, sym);
    return f;
}

FunctionDecl* Parser::implicit_function(const Token& name) {
    if (globals_.count(name.text))
        throw ParseError(name.loc, "called object " + quoted(name.text) + " is not a function");
    FunctionDecl* f;
    auto it = functions_.find(name.text);
    if (it != functions_.end()) {
        f = it->second;  // declared in a block scope that has ended
    } else {
        auto owned = std::make_unique<FunctionDecl>();
        owned->name = name.text;
        owned->loc = name.loc;
        if (auto sig = implicit_builtin_signature(name.text, dm_, table_)) {
            owned->return_type = sig->return_type;
            owned->has_prototype = sig->has_prototype;
            owned->variadic = sig->variadic;
            for (Type t : sig->params) {
                auto v = make_var("", name.loc, t, Storage::Param);
                v->function = owned.get();
                owned->params.push_back(std::move(v));
            }
        } else {
            owned->return_type = Type::of(TypeKind::Int);  // C89 implicit declaration
        }
        f = owned.get();
        tu_.functions.push_back(std::move(owned));
        functions_[name.text] = f;
    }
    Symbol sym;
    sym.kind = Symbol::Kind::Function;
    sym.fn = f;
    scopes_.front()[name.text] = sym;
    return f;
}

void Parser::parse_function_definition(const Declarator& d) {
    FunctionDecl* f = declare_function(d, /*definition=*/true);
    if (f->is_defined) throw ParseError(d.loc, "redefinition of " + quoted(d.name));
    f->is_defined = true;
    f->loc = d.loc;
    FunctionSig sig = *d.type.function;
    if (sig.kr_identifiers) {
        while (kind() != TokenKind::LBrace) {
            DeclSpecs ps = parse_decl_specifiers();
            if (!ps.any) error_expected("parameter declaration or '{'");
            for (;;) {
                Declarator pd = parse_declarator(ps.type, DeclMode::Named);
                skip_attributes();
                auto p = std::find_if(sig.params.begin(), sig.params.end(),
                                      [&](const ParamSpec& ps2) { return ps2.name == pd.name; });
                if (pd.name.empty() || p == sig.params.end()) {
                    throw ParseError(pd.loc, "declaration for parameter " + quoted(pd.name) + " but no such parameter");
                }
                p->type = adjust_parameter(pd);
                if (p->type.is_void()) throw ParseError(pd.loc, "parameter has void type");
                p->loc = pd.loc;
                if (!accept(TokenKind::Comma)) break;
            }
            expect(TokenKind::Semi);
        }
    }
    ScopeGuard param_scope(*this);
    FunctionContext context(*this, f);
    f->params.clear();
    for (const ParamSpec& p : sig.params) {
        if (p.name.empty()) throw ParseError(p.loc, "parameter name omitted");
        if (lookup_local(p.name)) throw ParseError(p.loc, "redefinition of parameter " + quoted(p.name));
        auto v = make_var(p.name, p.loc, p.type, Storage::Param);
        if (p.type.is_unsupported()) {
            // Harmless while the body does not use it (e.g. main's argv).
            poison(p.name, Unsupported(p.loc, std::string(p.type.construct)));
        } else {
            Symbol sym;
            sym.kind = Symbol::Kind::Var;
            sym.var = v.get();
            bind(p.name, sym);
        }
        f->params.push_back(std::move(v));
    }
    if (sig.prototype) f->has_prototype = true;
    f->variadic = sig.variadic;
    if (kind() != TokenKind::LBrace) error_expected("'{'");
    const std::size_t body_start = pos_;
    try {
        f->body = parse_compound_statement();
        resolve_gotos();
    } catch (const Unsupported& u) {
        // Only an error if the function is reachable (decided after parsing).
        f->body.reset();
        f->unsupported = u;
        std::erase_if(pending_calls_, [f](const PendingCall& pc) { return pc.caller == f; });
        pos_ = matching_close(body_start);
        advance();
    }
}

void Parser::skip_initializer() {
    for (;;) {
        switch (kind()) {
            case TokenKind::LParen:
            case TokenKind::LBracket:
            case TokenKind::LBrace: skip_group(); break;
            case TokenKind::Comma:
            case TokenKind::Semi:
            case TokenKind::Eof:
            case TokenKind::RParen:
            case TokenKind::RBracket:
            case TokenKind::RBrace: return;
            default: advance(); break;
        }
    }
}

void Parser::parse_static_assert() {
    SourceLocation loc = advance().loc;
    expect(TokenKind::LParen);
    ExprPtr e;
    {
        CounterGuard unevaluated(unevaluated_);
        e = parse_conditional();
    }
    SourceLocation eloc = e->loc;
    e = tc_.rvalue(std::move(e));
    auto v = evaluate_constant(*e, dm_);
    if (!v) throw ParseError(eloc, "static assertion expression is not an integer constant");
    if (accept(TokenKind::Comma)) {
        expect(TokenKind::StringLiteral, "string literal");
        while (accept(TokenKind::StringLiteral)) {}
    }
    expect(TokenKind::RParen);
    expect(TokenKind::Semi);
    if (*v == 0) throw ParseError(loc, "static assertion failed");
}

}  // namespace craig::frontend
