// Struct and union specifiers: tags, definitions and their members (C11 6.7.2.1, 6.7.2.3).
//
// A definition whose members are outside the subset (flexible array members,
// packed layouts, members of unsupported type, ...) makes the struct type unsupported: its
// tag then names Type::unsupported, and code that reaches its members through a pointer
// declared before the definition reports the same construct (TypeChecker::require_complete).
#include <utility>

#include "frontend/constant_eval.hpp"
#include "frontend/errors.hpp"
#include "frontend/parser.hpp"
#include "frontend/parser_guards.hpp"

namespace craig::frontend {

namespace {

std::string tag_name(bool is_union, const std::string& tag) { return (is_union ? "'union " : "'struct ") + tag + "'"; }

}  // namespace

Type* Parser::find_tag(const std::string& tag) {
    for (auto it = tags_.rbegin(); it != tags_.rend(); ++it) {
        auto f = it->find(tag);
        if (f != it->end()) return &f->second;
    }
    return nullptr;
}

Type* Parser::find_tag_local(const std::string& tag) {
    auto f = tags_.back().find(tag);
    return f == tags_.back().end() ? nullptr : &f->second;
}

void Parser::check_tag_kind(Type t, bool is_union, const std::string& tag, const SourceLocation& loc) {
    if (t.is_unsupported()) return;  // a rejected definition: uses report its construct
    if (!t.is_struct() || t.info->is_union != is_union) {
        throw ParseError(loc, "'" + tag + "' defined as wrong kind of tag");
    }
}

DeclaredType Parser::parse_struct_or_union() {
    const bool is_union = kind() == TokenKind::KwUnion;
    const SourceLocation loc = advance().loc;
    const int layout_before = layout_attributes_;
    skip_attributes();
    std::string tag;
    SourceLocation tag_loc = loc;
    if (kind() == TokenKind::Identifier) {
        tag_loc = peek().loc;
        tag = advance().text;
    } else if (kind() != TokenKind::LBrace) {
        error_expected(is_union ? "union name or '{'" : "struct name or '{'");
    }
    skip_attributes();
    if (kind() != TokenKind::LBrace) return DeclaredType{struct_reference(tag, is_union, tag_loc), std::nullopt};
    return DeclaredType{struct_definition(tag, is_union, loc, layout_before), std::nullopt};
}

Type Parser::struct_reference(const std::string& tag, bool is_union, const SourceLocation& loc) {
    // `struct S;` alone declares S in the current scope, hiding an outer S (C11 6.7.2.3p7);
    // otherwise a visible S is meant, and a new incomplete S is declared if there is none.
    Type* found = kind() == TokenKind::Semi ? find_tag_local(tag) : find_tag(tag);
    if (found) {
        check_tag_kind(*found, is_union, tag, loc);
        return *found;
    }
    Type record = table_.new_record(tag, is_union);
    tags_.back()[tag] = record;
    return record;
}

Type Parser::struct_definition(const std::string& tag, bool is_union, const SourceLocation& loc, int layout_before) {
    Type record;
    if (Type* old = tag.empty() ? nullptr : find_tag_local(tag)) {
        check_tag_kind(*old, is_union, tag, loc);
        if (old->is_unsupported() || old->info->complete)
            throw ParseError(loc, "redefinition of " + tag_name(is_union, tag));
        record = *old;  // completes a forward declaration
    } else {
        // Bound before the members are parsed: `struct node *next;` refers to it.
        record = table_.new_record(tag, is_union);
        if (!tag.empty()) tags_.back()[tag] = record;
    }
    expect(TokenKind::LBrace);
    MemberList members;
    {
        CounterGuard in_struct(struct_depth_);
        while (!accept(TokenKind::RBrace)) {
            if (kind() == TokenKind::Eof) error_expected("'}'");
            parse_member_declaration(members);
        }
    }
    skip_attributes();  // `} __attribute__((packed))`
    check_flexible_array_member(members, is_union);
    if (members.unsupported.empty() && layout_attributes_ != layout_before) {
        members.unsupported = "packed or aligned struct";
    }
    if (!members.unsupported.empty()) {
        tc_.mark_unsupported_record(record, members.unsupported);
        const Type u = Type::unsupported(members.unsupported);
        if (!tag.empty()) tags_.back()[tag] = u;
        return u;
    }
    table_.complete_record(record, std::move(members.fields));
    check_type_depth(record, loc);
    return record;
}

void Parser::parse_member_declaration(MemberList& members) {
    if (kind() == TokenKind::KwStaticAssert) {
        parse_static_assert();
        return;
    }
    if (accept(TokenKind::Semi)) return;  // GNU: an empty member declaration
    DeclSpecs specs = parse_decl_specifiers();
    if (!specs.any) error_expected("member declaration");
    if (specs.storage != StorageClass::None) throw ParseError(specs.loc, "storage class in a member declaration");
    auto note = [&](std::string_view construct) {
        if (members.unsupported.empty()) members.unsupported = construct;
    };
    if (specs.has_alignas) note("_Alignas");
    if (accept(TokenKind::Semi)) {
        // `struct { int a; };`: a C11 anonymous member (its members are the parent's).
        const Type t = specs.type.object;
        if (!specs.type.is_function() && ((t.is_struct() && t.info->tag.empty()) || t.is_unsupported())) {
            note("anonymous struct member");
        }
        return;
    }
    for (;;) {
        if (kind() == TokenKind::Colon) {  // unnamed bit-field (padding)
            Declarator d;
            d.type = specs.type;
            d.loc = advance().loc;
            add_bit_field(members, d);
        } else {
            Declarator d = parse_declarator(specs.type, DeclMode::Named);
            skip_attributes();
            if (accept(TokenKind::Colon))
                add_bit_field(members, d);
            else
                add_member(members, d);
        }
        skip_attributes();
        if (!accept(TokenKind::Comma)) break;
    }
    expect(TokenKind::Semi, "';' after member declaration");
}

void Parser::add_member(MemberList& members, const Declarator& d) {
    if (d.name.empty()) throw ParseError(d.loc, "expected member name");
    if (d.type.is_function()) throw ParseError(d.loc, "field '" + d.name + "' declared as a function");
    const Type t = d.type.object;
    for (const Field& f : members.fields) {
        if (f.name == d.name) throw ParseError(d.loc, "duplicate member '" + d.name + "'");
    }
    if (t.is_unsupported()) {
        if (members.unsupported.empty()) members.unsupported = t.construct;
    } else if (t.is_void()) {
        throw ParseError(d.loc, "field '" + d.name + "' declared void");
    } else if (t.is_struct()) {
        tc_.require_complete(t, d.loc, "field '" + d.name + "' has");
    }
    members.fields.push_back(Field{d.name, t, 0});
    members.locs.push_back(d.loc);
}

void Parser::add_bit_field(MemberList& members, const Declarator& d) {
    ExprPtr width;
    {
        CounterGuard unevaluated(unevaluated_);
        width = parse_conditional();
    }
    const SourceLocation wloc = width->loc;
    const Type t = d.type.object;
    const std::string what = d.name.empty() ? "unnamed bit-field" : "bit-field '" + d.name + "'";
    if (d.type.is_function() || t.is_unsupported() || !t.is_integer())
        throw ParseError(d.loc, what + " has an invalid type (an integer type is required)");
    width = tc_.rvalue(std::move(width));
    if (!width->type.is_integer()) throw ParseError(wloc, what + " width is not an integer constant");
    const std::optional<std::uint64_t> v = evaluate_constant(*width, dm_);
    if (!v) throw ParseError(wloc, what + " width is not an integer constant");
    const bool negative = is_signed(width->type.kind) && static_cast<std::int64_t>(*v) < 0;
    const unsigned max = t.is_bool() ? 1 : bit_width(t.kind, dm_);
    if (negative) throw ParseError(wloc, what + " has a negative width");
    if (*v > max) throw ParseError(wloc, "width of " + what + " exceeds its type (" + std::to_string(max) + " bits)");
    if (*v == 0 && !d.name.empty()) throw ParseError(wloc, "zero width for " + what);
    if (!d.name.empty()) {
        add_member(members, d);
        members.fields.back().bit_width = static_cast<std::uint32_t>(*v);
    } else {
        members.fields.push_back(Field{"", t, 0, static_cast<std::uint32_t>(*v), 0});
        members.locs.push_back(d.loc);
    }
}

void Parser::check_flexible_array_member(MemberList& members, bool is_union) {
    for (std::size_t i = 0; i < members.fields.size(); ++i) {
        const Type t = members.fields[i].type;
        if (!t.is_array() || t.info->length) continue;
        const bool last = i + 1 == members.fields.size();
        if (!last || members.fields.size() == 1 || is_union) {
            throw ParseError(members.locs[i],
                             "flexible array member '" + members.fields[i].name + "' not at end of struct");
        }
        if (members.unsupported.empty()) members.unsupported = "flexible array member";
    }
}

}  // namespace craig::frontend
