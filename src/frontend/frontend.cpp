#include "frontend/frontend.hpp"

#include <fstream>
#include <sstream>

#include "frontend/lexer.hpp"
#include "frontend/parser.hpp"
#include "frontend/preprocess.hpp"

namespace craig::frontend {

TranslationUnit parse_string(std::string_view text, const std::string& name, DataModel dm) {
    Parser parser(tokenize(text, name, dm), name, dm);
    return parser.parse();
}

TranslationUnit parse_translation_unit(const std::string& path, DataModel dm) {
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
