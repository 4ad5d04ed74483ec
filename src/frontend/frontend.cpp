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

TranslationUnit parse_translation_unit(const std::string& path, DataModel dm) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, "is a directory, not a C file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot open file");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) throw InputError(path, "cannot read file");
    std::string text = buffer.str();
    if (needs_preprocessing(text)) text = preprocess(path, dm);
    return parse_string(text, path, dm);
}

}  // namespace craig::frontend
