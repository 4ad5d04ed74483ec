#include "frontend/libc_replay.hpp"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace craig::frontend {

namespace {

// The argument as the signed value of its type.
std::int64_t signed_value(const LibcArg& a) { return static_cast<std::int64_t>(a.bits); }

// glibc's <ctype.h> function for a class (the C locale: craig's replay never calls setlocale).
// Called through a volatile pointer: GCC expands a direct call of isdigit inline to 0/1, while
// the library function a compiled C program calls returns glibc's class bit (2048 for isdigit).
int host_class(CharSet set, int c) {
    using Fn = int (*)(int);
    Fn f = nullptr;
    switch (set) {
        case CharSet::Alnum: f = ::isalnum; break;
        case CharSet::Alpha: f = ::isalpha; break;
        case CharSet::Blank: f = ::isblank; break;
        case CharSet::Cntrl: f = ::iscntrl; break;
        case CharSet::Digit: f = ::isdigit; break;
        case CharSet::Graph: f = ::isgraph; break;
        case CharSet::Lower: f = ::islower; break;
        case CharSet::Print: f = ::isprint; break;
        case CharSet::Punct: f = ::ispunct; break;
        case CharSet::Space: f = ::isspace; break;
        case CharSet::Upper: f = ::isupper; break;
        case CharSet::Xdigit: f = ::isxdigit; break;
        case CharSet::ToLower: f = ::tolower; break;
        case CharSet::ToUpper: f = ::toupper; break;
        case CharSet::None: return 0;
    }
    Fn volatile library = f;
    return library(c);
}

// glibc's snprintf of one conversion with one argument, as text.
template <typename T>
std::optional<std::string> host_text(const std::string& spec, T value) {
    const int n = std::snprintf(nullptr, 0, spec.c_str(), value);
    if (n < 0) return std::nullopt;
    std::string out(static_cast<std::size_t>(n) + 1, '\0');
    std::snprintf(out.data(), out.size(), spec.c_str(), value);
    out.pop_back();
    return out;
}

// The characters one conversion of printf prints: `spec` is the conversion text from '%'
// to the conversion character, `length` its length modifier.
std::optional<std::string> one_conversion(std::string spec, std::string_view length, char conv, const LibcArg& a,
                                          DataModel dm) {
    // Rebuild the conversion for the host's snprintf with the argument's real C type, so
    // that flags, width and precision count as glibc counts them.
    spec.erase(spec.size() - 1 - length.size());  // drop the length modifier and conversion
    const unsigned width = bit_width(a.type.kind, dm);
    const bool is_signed_conv = conv == 'd' || conv == 'i';
    if (conv == 'c') {
        return host_text(spec + "c", static_cast<int>(static_cast<unsigned char>(a.bits)));
    } else if (is_signed_conv) {
        // The value as the conversion reads it: hh and h narrow, l/ll/z/j/t keep 64 bits.
        long long v = signed_value(a);
        if (length == "hh") v = static_cast<signed char>(v);
        else if (length == "h") v = static_cast<short>(v);
        else if (length.empty() || (length == "l" && dm == DataModel::ILP32)) v = static_cast<int>(v);
        return host_text(spec + "lld", v);
    } else {
        unsigned long long v = a.bits;
        if (width < 64) v &= (1ULL << width) - 1;
        if (length == "hh") v = static_cast<unsigned char>(v);
        else if (length == "h") v = static_cast<unsigned short>(v);
        else if (length.empty() || (length == "l" && dm == DataModel::ILP32)) v = static_cast<unsigned>(v);
        return host_text(spec + "ll" + conv, v);
    }
}

}  // namespace

std::optional<std::string> libc_undefined_use(const LibcEntry& e, std::span<const LibcArg> args, DataModel dm) {
    if (args.empty()) return std::nullopt;
    switch (e.model) {
        case LibcModel::Absolute: {
            const TypeKind k = e.result == LibcType::Int ? TypeKind::Int
                             : e.result == LibcType::Long ? TypeKind::Long : TypeKind::LongLong;
            const unsigned w = bit_width(k, dm);
            const std::int64_t most_negative = w >= 64 ? INT64_MIN : -(std::int64_t{1} << (w - 1));
            if (static_cast<std::int64_t>(convert_value(args[0].bits, k, dm)) == most_negative)
                return std::string(e.name) + " of the most negative value";
            return std::nullopt;
        }
        case LibcModel::CharClass:
        case LibcModel::CharMap: {
            const std::int64_t c = static_cast<std::int32_t>(convert_value(args[0].bits, TypeKind::Int, dm));
            if (c != kEof && (c < 0 || c > 255))
                return std::string(e.name) + " of " + std::to_string(c) + ", neither EOF nor an unsigned char";
            return std::nullopt;
        }
        default: return std::nullopt;
    }
}

bool libc_reads_input(const LibcEntry& e) {
    return e.model == LibcModel::Random || e.model == LibcModel::CharClass || e.model == LibcModel::Output ||
           e.model == LibcModel::ReadChar || e.model == LibcModel::Scan;
}

std::int64_t libc_result(const LibcEntry& e, std::span<const LibcArg> args, std::int64_t input, DataModel dm) {
    auto int_arg = [&](std::size_t i) {
        return static_cast<std::int64_t>(static_cast<std::int32_t>(convert_value(args[i].bits, TypeKind::Int, dm)));
    };
    switch (e.model) {
        case LibcModel::Absolute: {
            const std::int64_t x = signed_value(args[0]);
            if (e.result == LibcType::Int) return std::abs(static_cast<int>(convert_value(x, TypeKind::Int, dm)));
            if (e.result == LibcType::Long && dm == DataModel::ILP32) return std::abs(static_cast<std::int32_t>(x));
            return std::llabs(x);
        }
        case LibcModel::Random:
        case LibcModel::ReadChar:
        case LibcModel::Scan: return input;  // in range: the replay checks it (interpreter.cpp)
        case LibcModel::Seed: return 0;
        case LibcModel::String: return 0;  // replayed on the memory (libc_string_replay.hpp)
        case LibcModel::StrToInt:
        case LibcModel::Format:
        case LibcModel::ScanString: return input;  // the replay reads or writes memory (interpreter.cpp)
        case LibcModel::CharClass: return host_class(e.set, static_cast<int>(int_arg(0)));
        case LibcModel::CharMap: return host_class(e.set, static_cast<int>(int_arg(0)));
        case LibcModel::Output: {
            if (input < 0) return e.output == OutputKind::Printf ? input : kEof;  // the output failed
            switch (e.output) {
                case OutputKind::Putchar: return static_cast<unsigned char>(int_arg(0));
                case OutputKind::Puts:  // glibc: the characters written, the newline included
                    if (!args.empty() && args[0].literal) return static_cast<std::int64_t>(args[0].literal->size()) + 1;
                    return kEof;
                case OutputKind::Fputs: return 1;  // glibc's fputs returns 1 when it succeeds
                case OutputKind::Flush: return 0;
                case OutputKind::Printf: {
                    const std::size_t f = stream_param(e) == std::optional<std::size_t>(0) ? 1 : 0;  // fprintf
                    if (args.size() > f && args[f].literal)
                        if (auto n = printf_count(*args[f].literal, args.subspan(f + 1), dm)) return *n;
                    return -1;
                }
                case OutputKind::None: return -1;
            }
            return -1;
        }
    }
    return 0;
}

std::optional<InputRange> libc_input_range(const LibcEntry& e, std::size_t targets) {
    switch (e.model) {
        case LibcModel::Random: return InputRange{0, kRandMax, false};
        case LibcModel::ReadChar: return InputRange{0, 255, true};
        case LibcModel::Scan: return InputRange{0, static_cast<std::int64_t>(targets), true};
        default: return std::nullopt;
    }
}

std::optional<std::int64_t> printf_count(std::string_view format, std::span<const LibcArg> args, DataModel dm) {
    const auto text = printf_text(format, args, dm);
    if (!text) return std::nullopt;
    return static_cast<std::int64_t>(text->size());
}

std::optional<std::string> printf_text(std::string_view format, std::span<const LibcArg> args, DataModel dm) {
    std::string out;
    std::size_t next = 0;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
            out.push_back(format[i]);
            continue;
        }
        const std::size_t start = i++;
        while (i < format.size() && std::string_view("-+ #0").find(format[i]) != std::string_view::npos) ++i;
        while (i < format.size() && (std::isdigit(static_cast<unsigned char>(format[i])) || format[i] == '.')) ++i;
        const std::size_t length_at = i;
        while (i < format.size() && std::string_view("hlzjt").find(format[i]) != std::string_view::npos) ++i;
        if (i >= format.size()) return std::nullopt;
        const std::string_view length = format.substr(length_at, i - length_at);
        const char conv = format[i];
        if (conv == '%') {
            if (i != start + 1) return std::nullopt;
            out.push_back('%');
            continue;
        }
        if (next >= args.size()) return std::nullopt;  // fewer arguments than conversions: undefined
        const LibcArg& a = args[next++];
        const std::string spec(format.substr(start, i + 1 - start));
        if (conv == 's') {
            if (!a.literal || !length.empty()) return std::nullopt;
            auto s = host_text(spec, std::string(*a.literal).c_str());
            if (!s) return std::nullopt;
            out += *s;
            continue;
        }
        if (std::string_view("diuoxXc").find(conv) == std::string_view::npos || !a.type.is_integer())
            return std::nullopt;
        if (length != "" && length != "hh" && length != "h" && length != "l" && length != "ll" && length != "z" &&
            length != "j" && length != "t")
            return std::nullopt;
        auto s = one_conversion(spec, length, conv, a, dm);
        if (!s) return std::nullopt;
        out += *s;
    }
    return out;
}

}  // namespace craig::frontend
