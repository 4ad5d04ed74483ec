#include "frontend/builtins.hpp"

#include "frontend/libc.hpp"

#include <array>
#include <utility>

namespace craig::frontend {

namespace {

constexpr std::string_view kNondetPrefix = "__VERIFIER_nondet_";

bool is_assert_fail(std::string_view name) {
    return name == "__assert_fail" || name == "__assert" || name == "__assert_perror_fail" || name == "__assert_rtn";
}

}  // namespace

std::optional<Type> nondet_type(std::string_view name, DataModel dm) {
    if (name.substr(0, kNondetPrefix.size()) != kNondetPrefix) return std::nullopt;
    std::string_view s = name.substr(kNondetPrefix.size());
    struct Entry {
        std::string_view suffix;
        TypeKind kind;
    };
    static constexpr std::array kTable = {
        Entry{"int", TypeKind::Int},
        Entry{"uint", TypeKind::UInt},
        Entry{"unsigned", TypeKind::UInt},
        Entry{"u32", TypeKind::UInt},
        Entry{"s32", TypeKind::Int},
        Entry{"long", TypeKind::Long},
        Entry{"ulong", TypeKind::ULong},
        Entry{"longlong", TypeKind::LongLong},
        Entry{"ulonglong", TypeKind::ULongLong},
        Entry{"s64", TypeKind::LongLong},
        Entry{"u64", TypeKind::ULongLong},
        Entry{"char", TypeKind::Char},
        Entry{"uchar", TypeKind::UChar},
        Entry{"schar", TypeKind::SChar},
        Entry{"u8", TypeKind::UChar},
        Entry{"s8", TypeKind::SChar},
        Entry{"short", TypeKind::Short},
        Entry{"ushort", TypeKind::UShort},
        Entry{"u16", TypeKind::UShort},
        Entry{"s16", TypeKind::Short},
        Entry{"bool", TypeKind::Bool},
        Entry{"_Bool", TypeKind::Bool},
        Entry{"loff_t", TypeKind::Long},
    };
    for (const Entry& e : kTable) {
        if (e.suffix == s) return Type::of(e.kind);
    }
    if (s == "size_t" || s == "sizet") return size_type(dm);
    if (s == "float" || s == "double") return Type::unsupported("float");
    if (s == "pointer" || s == "pchar") return Type::unsupported("pointer");
    if (s == "int128" || s == "uint128") return Type::unsupported("__int128");
    return std::nullopt;
}

Builtin classify_builtin(std::string_view name, bool is_defined) {
    if (name == "reach_error" || name == "__VERIFIER_error") return Builtin::ReachError;
    if (is_defined) return Builtin::None;
    if (name.substr(0, kNondetPrefix.size()) == kNondetPrefix) return Builtin::Nondet;
    if (name == "__VERIFIER_assume" || name == "assume_abort_if_not") return Builtin::Assume;
    if (name == "assert" || name == "__VERIFIER_assert") return Builtin::Assert;
    if (is_assert_fail(name)) return Builtin::AssertFail;
    if (name == "abort") return Builtin::Abort;
    if (name == "exit" || name == "_Exit" || name == "_exit") return Builtin::Exit;
    if (name == "malloc" || name == "alloca" || name == "__builtin_alloca") return Builtin::Malloc;
    if (name == "calloc") return Builtin::Calloc;
    if (name == "free") return Builtin::Free;
    if (name == "realloc") return Builtin::Realloc;
    if (find_libc(name)) return Builtin::Libc;
    return Builtin::None;
}

bool is_allocation_function(std::string_view name) {
    return name == "malloc" || name == "calloc" || name == "realloc" || name == "alloca" || name == "__builtin_alloca";
}

std::optional<ImplicitSignature> implicit_builtin_signature(std::string_view name, DataModel dm, TypeTable& types) {
    const Type v = Type::of(TypeKind::Void);
    if (auto t = nondet_type(name, dm)) return ImplicitSignature{*t, true, {}};
    const Type void_ptr = types.pointer_to(v);
    const Type size = size_type(dm);
    switch (classify_builtin(name, false)) {
        case Builtin::Malloc: return ImplicitSignature{void_ptr, true, {size}};
        case Builtin::Calloc: return ImplicitSignature{void_ptr, true, {size, size}};
        case Builtin::Free: return ImplicitSignature{v, true, {void_ptr}};
        case Builtin::Realloc: return ImplicitSignature{void_ptr, true, {void_ptr, size}};
        case Builtin::ReachError:
        case Builtin::Abort: return ImplicitSignature{v, true, {}};
        case Builtin::Assume:
        case Builtin::Assert: return ImplicitSignature{v, false, {}};
        case Builtin::Exit: return ImplicitSignature{v, true, {Type::of(TypeKind::Int)}};
        case Builtin::AssertFail: return ImplicitSignature{v, false, {}};
        case Builtin::Libc: {
            const LibcEntry& e = *find_libc(name);
            ImplicitSignature sig{libc_type(e.result, types), true, {}, e.variadic};
            for (LibcType p : e.params)
                if (p != LibcType::Void) sig.params.push_back(libc_type(p, types));
            return sig;
        }
        default: return std::nullopt;
    }
}

bool accepts_string_arguments(std::string_view name) {
    if (is_assert_fail(name)) return true;
    const LibcEntry* e = find_libc(name);
    return e && (e->model == LibcModel::Output || e->model == LibcModel::Scan || e->model == LibcModel::Format ||
                 e->model == LibcModel::ScanString);
}

}  // namespace craig::frontend
