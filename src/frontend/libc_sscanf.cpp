#include "frontend/libc_sscanf.hpp"

#include <cstdio>

#include "frontend/libc.hpp"

namespace craig::frontend {

std::optional<std::vector<ScanConversion>> parse_scan_format(std::string_view format, std::string& why) {
    std::vector<ScanConversion> out;
    std::string piece;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
            piece.push_back(format[i]);
            continue;
        }
        if (i + 1 < format.size() && format[i + 1] == '%') {
            piece += "%%";
            ++i;
            continue;
        }
        ScanConversion c;
        std::size_t j = i + 1;
        if (j < format.size() && format[j] == '*') {
            c.assigns = false;
            ++j;
        }
        const std::size_t width_at = j;
        while (j < format.size() && format[j] >= '0' && format[j] <= '9') ++j;
        const bool width = j != width_at;
        const std::size_t length_at = j;
        while (j < format.size() && (format[j] == 'h' || format[j] == 'l')) ++j;
        c.length = std::string(format.substr(length_at, j - length_at));
        if (j >= format.size()) {
            why = "a conversion without its conversion character";
            return std::nullopt;
        }
        c.conv = format[j];
        const bool integer = std::string_view("diuoxX").find(c.conv) != std::string_view::npos;
        if (!integer && c.conv != 'c') {
            why = std::string("the conversion %") + c.conv;
            return std::nullopt;
        }
        if (c.length != "" && c.length != "hh" && c.length != "h" && c.length != "l" && c.length != "ll") {
            why = "the length modifier " + c.length;
            return std::nullopt;
        }
        if (c.conv == 'c' && (width || !c.length.empty())) {
            why = "%c with a width or length modifier";
            return std::nullopt;
        }
        // The host reads the value into a long long (or a char): ll replaces the modifier.
        const std::string width_text(format.substr(width_at, length_at - width_at));
        c.piece = piece + "%" + (c.assigns ? "" : "*") + width_text + (c.conv == 'c' ? "" : "ll") + c.conv;
        piece.clear();
        out.push_back(c);
        i = j;
    }
    return out;
}

TypeKind scan_target_kind(const ScanConversion& c) {
    if (c.conv == 'c') return TypeKind::Char;
    const bool is_signed_conv = c.conv == 'd' || c.conv == 'i';
    if (c.length == "hh") return is_signed_conv ? TypeKind::SChar : TypeKind::UChar;
    if (c.length == "h") return is_signed_conv ? TypeKind::Short : TypeKind::UShort;
    if (c.length == "l") return is_signed_conv ? TypeKind::Long : TypeKind::ULong;
    if (c.length == "ll") return is_signed_conv ? TypeKind::LongLong : TypeKind::ULongLong;
    return is_signed_conv ? TypeKind::Int : TypeKind::UInt;
}

SscanfResult run_sscanf(const std::string& text, const std::vector<ScanConversion>& convs) {
    SscanfResult r;
    std::size_t pos = 0;
    bool converted = false;
    for (const ScanConversion& c : convs) {
        const std::string fmt = c.piece + "%n";
        int end = -1;
        long long v = 0;
        char ch = 0;
        int got;
        if (!c.assigns) got = std::sscanf(text.c_str() + pos, fmt.c_str(), &end);
        else if (c.conv == 'c') got = std::sscanf(text.c_str() + pos, fmt.c_str(), &ch, &end);
        else got = std::sscanf(text.c_str() + pos, fmt.c_str(), &v, &end);
        if (end < 0) {  // the conversion failed: an input failure before any conversion is EOF
            if (got == EOF && !converted) r.result = static_cast<int>(kEof);
            return r;
        }
        converted = true;
        pos += static_cast<std::size_t>(end);
        if (c.assigns) {
            r.values.push_back(c.conv == 'c' ? static_cast<std::int64_t>(ch) : static_cast<std::int64_t>(v));
            ++r.result;
        }
    }
    return r;
}

}  // namespace craig::frontend
