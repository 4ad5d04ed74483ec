// Initialisers (C11 6.7.9): braced lists with designators and brace elision, string
// literals for char arrays, and the constant initialisers of objects with static storage.
//
// An aggregate's initialiser becomes an InitList that lists only the elements given
// (positions increasing, later initialisers of a position replacing earlier ones), so
// `static char a[1048576] = {1};` costs one element.
#include <algorithm>
#include <unordered_set>
#include <utility>

#include "frontend/constant_eval.hpp"
#include "frontend/errors.hpp"
#include "frontend/parser.hpp"
#include "frontend/parser_guards.hpp"

namespace craig::frontend {

namespace {

bool is_char_array(Type t) {
    if (!t.is_array()) return false;
    const TypeKind k = t.target().kind;
    return k == TypeKind::Char || k == TypeKind::SChar || k == TypeKind::UChar;
}

bool is_aggregate(Type t) { return t.is_array() || t.is_struct(); }

bool is_incomplete_array(Type t) { return t.is_array() && !t.info->length; }

// How many elements positional initialisers fill (nullopt: no bound, an array of unknown
// length). A union takes one.
std::optional<std::uint64_t> element_count(Type t) {
    if (t.is_array()) return t.info->length;
    const std::uint64_t n = t.info->fields.size();
    return t.info->is_union ? std::min<std::uint64_t>(n, 1) : n;
}

Type element_type(Type t, std::uint64_t index) { return t.is_array() ? t.target() : t.info->fields[index].type; }

Expr* find_slot(Expr& list, std::uint64_t index) {
    auto it = std::lower_bound(list.positions.begin(), list.positions.end(), index);
    if (it == list.positions.end() || *it != index) return nullptr;
    return list.operands[static_cast<std::size_t>(it - list.positions.begin())].get();
}

void collect_calls(const Expr& e, std::unordered_set<const Expr*>& out) {
    if (e.kind == ExprKind::Call) out.insert(&e);
    for (const auto& o : e.operands) collect_calls(*o, out);
}

}  // namespace

void Parser::forget_calls(const Expr& e) {
    // Calls of functions without prototype wait in pending_calls_ for their conversions:
    // an initialiser that is dropped must not leave them behind.
    if (pending_calls_.empty()) return;
    std::unordered_set<const Expr*> calls;
    collect_calls(e, calls);
    std::erase_if(pending_calls_, [&](const PendingCall& pc) { return calls.count(pc.call) > 0; });
}

void Parser::set_slot(Expr& list, std::uint64_t index, ExprPtr e) {
    if (list.type.is_struct() && index < list.type.info->fields.size()) {
        const Field& f = list.type.info->fields[index];
        if (f.bit_width > 0 && e->kind != ExprKind::InitList)  // the value the bit-field holds
            e = tc_.convert(tc_.bit_field_value(std::move(e), f), f.type);
    }
    if (list.type.info->is_union) {
        // One member of a union is initialised: the last one named.
        for (const auto& o : list.operands) forget_calls(*o);
        list.operands.clear();
        list.positions.clear();
    }
    auto it = std::lower_bound(list.positions.begin(), list.positions.end(), index);
    const auto k = it - list.positions.begin();
    if (it != list.positions.end() && *it == index) {
        forget_calls(*list.operands[static_cast<std::size_t>(k)]);
        list.operands[static_cast<std::size_t>(k)] = std::move(e);
        return;
    }
    list.positions.insert(it, index);
    list.operands.insert(list.operands.begin() + k, std::move(e));
}

Expr& Parser::sublist(Expr& list, std::uint64_t index, const SourceLocation& loc) {
    const Type t = element_type(list.type, index);
    Expr* e = find_slot(list, index);
    if (!e || e->kind != ExprKind::InitList || e->type != t) {
        set_slot(list, index, tc_.init_list(t, loc));
        e = find_slot(list, index);
    }
    return *e;
}

ExprPtr Parser::zero_initializer(Type t, const SourceLocation& loc) {
    if (t.is_pointer()) return tc_.null_pointer(t, loc);
    if (is_aggregate(t)) return tc_.init_list(t, loc);
    return tc_.int_literal(0, t, loc);
}

ExprPtr Parser::parse_initializer(Type t) {
    const SourceLocation loc = peek().loc;
    ExprPtr e;
    if (!is_aggregate(t)) {
        e = kind() == TokenKind::LBrace ? parse_braced_scalar(t) : tc_.convert(tc_.rvalue(parse_assignment()), t);
    } else if (kind() == TokenKind::LBrace) {
        e = parse_braced_initializer(t);
    } else {
        ExprPtr v = parse_assignment();
        if (v->kind == ExprKind::StringLiteral && is_char_array(t)) {
            e = string_initializer(t, *v);
        } else if (t.is_struct()) {
            e = tc_.struct_value(std::move(v), t, loc);
        } else {
            throw ParseError(loc, "array initializer must be an initializer list or a string literal");
        }
    }
    if (e->kind == ExprKind::InitList) {
        if (is_incomplete_array(e->type)) {
            ArraySuffix s;
            s.kind = ArraySuffix::Kind::Constant;
            s.loc = loc;
            s.length = e->positions.empty() ? 0 : e->positions.back() + 1;
            e->type = array_type(e->type.target(), s, /*direct=*/true, /*inner_vla=*/false);
        }
        tc_.finish_init_list(*e);
    }
    return e;
}

ExprPtr Parser::parse_braced_scalar(Type t) {
    DepthGuard depth(*this, kExprWeight, peek().loc);
    const SourceLocation loc = expect(TokenKind::LBrace).loc;
    if (accept(TokenKind::RBrace)) return zero_initializer(t, loc);  // `= {}`
    ExprPtr e = kind() == TokenKind::LBrace ? parse_braced_scalar(t) : tc_.convert(tc_.rvalue(parse_assignment()), t);
    // GCC ignores excess elements (with a warning) without evaluating them.
    while (accept(TokenKind::Comma) && kind() != TokenKind::RBrace) skip_initializer();
    expect(TokenKind::RBrace, "'}' after scalar initializer");
    return e;
}

ExprPtr Parser::parse_braced_initializer(Type t) {
    DepthGuard depth(*this, kExprWeight, peek().loc);
    const SourceLocation loc = expect(TokenKind::LBrace).loc;
    ExprPtr pending;
    if (is_char_array(t) && kind() == TokenKind::StringLiteral) {
        // `char s[] = {"ab"}`: the braces may enclose the string literal.
        ExprPtr v = parse_assignment();
        if (v->kind == ExprKind::StringLiteral &&
            (kind() == TokenKind::RBrace || (kind() == TokenKind::Comma && kind(1) == TokenKind::RBrace))) {
            accept(TokenKind::Comma);
            expect(TokenKind::RBrace);
            return string_initializer(t, *v);
        }
        pending = std::move(v);
    }
    ExprPtr list = tc_.init_list(t, loc);
    fill_initializer(*list, 0, /*braced=*/true, std::move(pending));
    expect(TokenKind::RBrace, "'}' after initializer list");
    return list;
}

void Parser::fill_initializer(Expr& list, std::uint64_t index, bool braced, ExprPtr pending) {
    // Initialises the elements of `list` from `index` on: up to its '}' when braced, else
    // (brace elision) until the aggregate is full or a designator names an element of an
    // enclosing braced list. `pending` is an already parsed first initialiser.
    DepthGuard depth(*this, kExprWeight, peek().loc);
    const auto count = element_count(list.type);
    for (;;) {
        if (pending) {
            init_element(list, index++, std::move(pending));
        } else if (kind() == TokenKind::RBrace) {
            return;
        } else if (kind() == TokenKind::LBracket || kind() == TokenKind::Dot) {
            if (!braced) return;
            index = parse_designation(list);
        } else if (count && index >= *count) {
            if (!braced) return;
            skip_initializer();  // excess: GCC ignores it (with a warning) without evaluating it
            ++index;
        } else {
            init_element(list, index++, nullptr);
        }
        if (kind() != TokenKind::Comma) return;
        if (!braced && !elided_list_continues(list, index)) return;
        advance();
    }
}

bool Parser::elided_list_continues(const Expr& list, std::uint64_t index) {
    if (kind() != TokenKind::Comma) return false;
    const auto count = element_count(list.type);
    if (count && index >= *count) return false;
    const TokenKind next = kind(1);
    return next != TokenKind::RBrace && next != TokenKind::LBracket && next != TokenKind::Dot;
}

std::uint64_t Parser::parse_designation(Expr& list) {
    DepthGuard depth(*this, kExprWeight, peek().loc);
    const std::uint64_t pos = parse_designator(list.type);
    if (kind() == TokenKind::LBracket || kind() == TokenKind::Dot) {
        if (!is_aggregate(element_type(list.type, pos))) {
            throw ParseError(peek().loc, kind() == TokenKind::LBracket
                                             ? "array index in non-array initializer"
                                             : "field name not in record or union initializer");
        }
        Expr& sub = sublist(list, pos, peek().loc);
        const std::uint64_t next = parse_designation(sub);
        // Positional initialisers after `.a.b = x` continue in a (C11 6.7.9p17).
        if (elided_list_continues(sub, next)) {
            advance();
            fill_initializer(sub, next, /*braced=*/false, nullptr);
        }
        return pos + 1;
    }
    expect(TokenKind::Assign, "'=' after designator");
    init_element(list, pos, nullptr);
    return pos + 1;
}

std::uint64_t Parser::parse_designator(Type t) {
    const SourceLocation loc = peek().loc;
    if (accept(TokenKind::LBracket)) {
        if (!t.is_array()) throw ParseError(loc, "array index in non-array initializer");
        ExprPtr e;
        {
            CounterGuard unevaluated(unevaluated_);
            e = parse_conditional();
        }
        if (kind() == TokenKind::Ellipsis) throw Unsupported(loc, "designator range");
        const SourceLocation eloc = e->loc;
        e = tc_.rvalue(std::move(e));
        if (!e->type.is_integer()) throw ParseError(eloc, "array index in initializer not of integer type");
        auto v = evaluate_constant(*e, dm_);
        if (!v) throw ParseError(eloc, "nonconstant array index in initializer");
        if ((is_signed(e->type.kind) && static_cast<std::int64_t>(*v) < 0) ||
            (t.info->length && *v >= *t.info->length)) {
            throw ParseError(eloc, "array index in initializer exceeds array bounds");
        }
        expect(TokenKind::RBracket, "']'");
        return *v;
    }
    expect(TokenKind::Dot);
    const Token& name = expect(TokenKind::Identifier, "field name");
    if (!t.is_struct()) throw ParseError(loc, "field name not in record or union initializer");
    auto i = t.info->field_index(name.text);
    if (!i) throw ParseError(name.loc, "unknown field '" + name.text + "' specified in initializer");
    return *i;
}

void Parser::init_element(Expr& list, std::uint64_t index, ExprPtr pending) {
    const Type lt = list.type;
    const bool exists = lt.is_array() ? !lt.info->length || index < *lt.info->length : index < lt.info->fields.size();
    if (!exists) {
        // An elided initialiser for an empty struct: ignored, as an excess element.
        if (pending) forget_calls(*pending);
        return;
    }
    if (!pending) {
        const Type t = element_type(list.type, index);
        if (kind() == TokenKind::LBrace) {
            set_slot(list, index, is_aggregate(t) ? parse_braced_initializer(t) : parse_braced_scalar(t));
            return;
        }
        pending = parse_assignment();
    }
    place_initializer(list, index, std::move(pending));
}

void Parser::place_initializer(Expr& list, std::uint64_t index, ExprPtr e) {
    const Type t = element_type(list.type, index);
    const SourceLocation loc = e->loc;
    if (e->kind == ExprKind::StringLiteral && is_char_array(t)) {
        set_slot(list, index, string_initializer(t, *e));
    } else if (t.is_struct() && e->type == t) {
        set_slot(list, index, tc_.struct_value(std::move(e), t, loc));
    } else if (is_aggregate(t)) {
        // Brace elision: the initialiser starts the sub-aggregate's elements.
        fill_initializer(sublist(list, index, loc), 0, /*braced=*/false, std::move(e));
    } else {
        set_slot(list, index, tc_.convert(tc_.rvalue(std::move(e)), t));
    }
}

ExprPtr Parser::string_initializer(Type array, const Expr& literal) {
    // The characters and the terminating zero if it fits (C11 6.7.9p14); a longer string is
    // cut off as GCC does (with a warning).
    const Type elem = array.target();
    const std::uint64_t chars = literal.text.size() + 1;
    Type t = array;
    if (!array.info->length) {
        ArraySuffix s;
        s.kind = ArraySuffix::Kind::Constant;
        s.loc = literal.loc;
        s.length = chars;
        t = array_type(elem, s, /*direct=*/true, /*inner_vla=*/false);
    }
    const std::uint64_t n = std::min(*t.info->length, chars);
    ExprPtr list = tc_.init_list(t, literal.loc);
    list->operands.reserve(n);
    list->positions.reserve(n);
    for (std::uint64_t i = 0; i < n; ++i) {
        const auto c = i < literal.text.size() ? static_cast<unsigned char>(literal.text[i]) : 0u;
        list->operands.push_back(tc_.int_literal(c, elem, literal.loc));
        list->positions.push_back(i);
    }
    return list;
}

ExprPtr Parser::static_initializer(Type t) {
    ExprPtr e;
    {
        CounterGuard unevaluated(unevaluated_);
        e = parse_initializer(t);
    }
    e = make_constant(std::move(e));
    if (e->kind == ExprKind::InitList) tc_.finish_init_list(*e);
    return e;
}

ExprPtr Parser::make_constant(ExprPtr e) {
    if (e->kind == ExprKind::InitList) {
        for (auto& o : e->operands) o = make_constant(std::move(o));
        return e;
    }
    if (e->type.is_integer()) {
        auto v = evaluate_constant(*e, dm_);
        if (!v) throw ParseError(e->loc, "initializer element is not constant");
        return tc_.int_literal(*v, e->type, e->loc);
    }
    if (e->type.is_pointer()) return address_constant(std::move(e));
    throw ParseError(e->loc, "initializer element is not constant");
}

ExprPtr Parser::address_constant(ExprPtr e) {
    // ast.hpp: null, &x or a decayed array x of static storage or a string literal (or an
    // Index/Member path into one with constant indices), possibly +/- a constant.
    switch (e->kind) {
        case ExprKind::Cast:
            if (e->operand(0).type.is_integer()) return e;  // the null pointer (see convert)
            if (!e->implicit && e->type == e->operand(0).type) return address_constant(std::move(e->operands[0]));
            throw Unsupported(e->loc, "pointer conversion in a constant initializer");
        case ExprKind::AddrOf:
        case ExprKind::Decay: check_static_path(*e->operands[0]); return e;
        case ExprKind::FunctionRef: return e;
        case ExprKind::Binary: {
            e->operands[0] = address_constant(std::move(e->operands[0]));
            Expr& offset = *e->operands[1];
            auto v = evaluate_constant(offset, dm_);
            if (!v) throw ParseError(offset.loc, "initializer element is not constant");
            e->operands[1] = tc_.int_literal(*v, offset.type, offset.loc);
            return e;
        }
        case ExprKind::VarRef:
        case ExprKind::Deref:
        case ExprKind::Index:
        case ExprKind::Member:
        case ExprKind::Call:
        case ExprKind::Assign:
        case ExprKind::IncDec: throw ParseError(e->loc, "initializer element is not constant");
        default: throw Unsupported(e->loc, "address constant");
    }
}

void Parser::check_static_path(Expr& e) {
    switch (e.kind) {
        case ExprKind::VarRef:
            if (e.var->storage == Storage::Global || e.var->storage == Storage::StaticLocal) return;
            break;
        case ExprKind::StringLiteral: return;  // static storage (C11 6.4.5p6)
        case ExprKind::Member: check_static_path(*e.operands[0]); return;
        case ExprKind::Index: {
            if (e.operand(0).kind != ExprKind::Decay) break;
            check_static_path(*e.operands[0]->operands[0]);
            Expr& i = *e.operands[1];
            auto v = evaluate_constant(i, dm_);
            if (!v) break;
            e.operands[1] = tc_.int_literal(*v, i.type, i.loc);
            return;
        }
        default: break;
    }
    throw ParseError(e.loc, "initializer element is not constant");
}

}  // namespace craig::frontend
