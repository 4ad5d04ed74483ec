// Types built by declarators: pointers, arrays, function return types, and the bound on
// their nesting.
#include <algorithm>
#include <array>

#include "frontend/errors.hpp"
#include "frontend/parser.hpp"

namespace craig::frontend {

unsigned Parser::type_depth(Type t) const {
    if (!t.info) return 0;
    auto it = type_depths_.find(t.info);
    return it == type_depths_.end() ? 1 : it->second;
}

void Parser::check_type_depth(Type t, const SourceLocation& loc) {
    unsigned depth = 1;
    if (t.is_pointer() || t.is_array()) {
        depth = type_depth(t.target()) + 1;
    } else if (t.is_struct() || t.is_function()) {
        for (const Field& f : t.info->fields) depth = std::max(depth, type_depth(f.type) + 1);
        if (t.is_function()) depth = std::max(depth, type_depth(t.target()) + 1);
    } else {
        return;
    }
    if (depth > kMaxTypeDepth) throw Unsupported(loc, "type nested too deeply");
    type_depths_[t.info] = depth;
}

DeclaredType Parser::pointer_type(DeclaredType base, const SourceLocation& loc) {
    if (base.is_function()) return DeclaredType{function_pointer_type(*base.function, loc), std::nullopt};
    const Type t = base.object;
    if (t.is_unsupported()) return base;
    // Pointers to arrays of variable length are not formed (see array_type); one of unknown
    // length could only be indexed after a cast.
    if (t.is_array() && !t.info->length) {
        return DeclaredType{Type::unsupported("pointer to array of unknown size"), std::nullopt};
    }
    const Type p = table_.pointer_to(t);
    check_type_depth(p, loc);
    return DeclaredType{p, std::nullopt};
}

Type Parser::array_type(Type elem, const ArraySuffix& s, bool direct, bool inner_vla) {
    if (elem.is_unsupported()) return elem;
    if (s.kind == ArraySuffix::Kind::Unsupported) return Type::unsupported(s.construct);
    if (elem.is_void()) throw ParseError(s.loc, "declaration of array of voids");
    if (elem.is_array() && !elem.info->length && !inner_vla) {
        throw ParseError(s.loc, "array type has incomplete element type " + std::string("'") + to_string(elem) + "'");
    }
    if (elem.is_struct()) tc_.require_complete(elem, s.loc, "array type has element of");
    std::optional<std::uint64_t> length;
    switch (s.kind) {
        case ArraySuffix::Kind::Constant: {
            length = s.length;
            // Sizes fit into ptrdiff_t (GCC: "size of array is too large").
            const unsigned bits = dm_ == DataModel::LP64 ? 63 : 31;
            if (auto es = size_of(elem, dm_); es && *es > 0 && s.length > ((std::uint64_t{1} << bits) - 1) / *es) {
                throw ParseError(s.loc, "size of array is too large");
            }
            break;
        }
        case ArraySuffix::Kind::Empty: break;
        case ArraySuffix::Kind::Variable:
            // Only the dimensions of a declared object may vary (their lengths are evaluated
            // with its declaration); pointers to and typedefs of such arrays are not supported.
            if (!direct) return Type::unsupported("variable length array");
            break;
        case ArraySuffix::Kind::Unsupported: break;
    }
    const Type a = table_.array_of(elem, length);
    check_type_depth(a, s.loc);
    return a;
}

Type Parser::function_return_type(Type t, const SourceLocation& loc) {
    if (t.is_array()) throw ParseError(loc, "function cannot return array type");
    if (t.is_struct()) return Type::unsupported("struct value");
    return t;
}

Type Parser::function_pointer_type(Type ret, const std::vector<Type>& params, bool variadic, bool prototype,
                                   const SourceLocation& loc) {
    // A call through a pointer converts its arguments to the parameter types: without a
    // prototype they are unknown.
    if (!prototype) return Type::unsupported("function pointer without prototype");
    if (ret.is_unsupported()) return ret;
    if (ret.is_struct()) return Type::unsupported("struct value");
    for (Type p : params) {
        if (p.is_unsupported()) return p;
        if (p.is_struct()) return Type::unsupported("struct value");
    }
    const Type f = table_.function_of(ret, params, variadic);
    check_type_depth(f, loc);
    const Type p = table_.pointer_to(f);
    check_type_depth(p, loc);
    return p;
}

Type Parser::function_pointer_type(const FunctionSig& sig, const SourceLocation& loc) {
    std::vector<Type> params;
    for (const ParamSpec& p : sig.params) params.push_back(p.type);
    return function_pointer_type(sig.ret, params, sig.variadic, sig.prototype, loc);
}

Type Parser::adjust_parameter(const Declarator& d) {
    // Array and function parameters are adjusted to pointers (C11 6.7.6.3p7-8).
    if (d.type.is_function()) return function_pointer_type(*d.type.function, d.loc);
    Type t = d.type.object;
    if (t.is_array()) {
        const Type elem = t.target();
        if (elem.is_array() && !elem.info->length) return Type::unsupported("variable length array");
        t = pointer_type(DeclaredType{elem, std::nullopt}, d.loc).object;
    }
    if (t.is_struct()) return Type::unsupported("struct value");
    return t;
}

std::string_view Parser::static_construct(const std::string& construct) {
    static constexpr std::array<std::string_view, 10> kKnown = {
        "float",    "string",  "pointer", "function pointer", "struct value", "statement expression",
        "__int128", "complex", "typeof",  "compound literal",
    };
    for (std::string_view k : kKnown) {
        if (k == construct) return k;
    }
    return "array size";
}

}  // namespace craig::frontend
