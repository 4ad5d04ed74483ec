#include "frontend/frontend.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "frontend/lexer.hpp"
#include "frontend/parser.hpp"
#include "frontend/preprocess.hpp"

namespace craig::frontend {

TranslationUnit parse_string(std::string_view text, const std::string& name, DataModel dm) {
    // A UTF-8 byte-order mark is not part of the program (gcc skips it too).
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    Parser parser(tokenize(text, name, dm), name, dm);
    return parser.parse();
}

namespace {

// `text` with every occurrence of `from` replaced by `to`.
std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    if (from.empty()) return text;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// The preprocessor's line markers (`# 12 "path" 2`) with the file `path` renamed to `name`;
// other lines are left alone, so a string literal that happens to hold the path is kept.
std::string rename_in_markers(const std::string& text, const std::string& path, const std::string& name) {
    const std::string from = "\"" + path + "\"", to = "\"" + name + "\"";
    std::string out;
    out.reserve(text.size());
    std::size_t line = 0;
    while (line < text.size()) {
        std::size_t end = text.find('\n', line);
        end = end == std::string::npos ? text.size() : end + 1;
        std::string_view l(text.data() + line, end - line);
        if (l.starts_with("# ") || l.starts_with("#line "))
            out += replace_all(std::string(l), from, to);
        else
            out += l;
        line = end;
    }
    return out;
}

}  // namespace

TranslationUnit parse_translation_unit(const std::string& path, DataModel dm, const std::string& name) {
    const std::string& shown = name.empty() ? path : name;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(shown, "is a directory, not a C file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(shown, "cannot open file");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) throw InputError(shown, "cannot read file");
    std::string text = buffer.str();
    if (needs_preprocessing(text)) {
        try {
            text = preprocess(path, dm);
        } catch (const InputError& e) {  // cpp's diagnostics name the path
            if (shown == path) throw;
            throw InputError(shown, replace_all(e.message(), path, shown));
        } catch (const ParseError& e) {  // an #error or a missing header, at its line
            if (shown == path) throw;
            SourceLocation at = e.location();
            if (at.file == path) at.file = shown;
            throw ParseError(at, replace_all(e.message(), path, shown));
        }
        if (shown != path) text = rename_in_markers(text, path, shown);
    }
    return parse_string(text, shown, dm);
}

}  // namespace craig::frontend
