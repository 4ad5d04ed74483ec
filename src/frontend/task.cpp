#include "frontend/task.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace craig::frontend {

namespace {

namespace fs = std::filesystem;

std::string read_file(const std::string& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw InputError(path, "is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot open file");
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) throw InputError(path, "cannot read file");
    return ss.str();
}

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string trim(const std::string& s) {
    auto b = std::find_if_not(s.begin(), s.end(), is_space);
    auto e = std::find_if_not(s.rbegin(), s.rend(), is_space).base();
    return b < e ? std::string(b, e) : std::string();
}

// yaml-cpp marks are 0-based and null (-1) for nodes it made up; ours are 1-based, 0 = none.
SourceLocation location(const std::string& file, const YAML::Mark& mark) {
    if (mark.is_null() || mark.line < 0 || mark.column < 0) return SourceLocation{file, 0, 0};
    return SourceLocation{file, static_cast<std::uint32_t>(mark.line + 1), static_cast<std::uint32_t>(mark.column + 1)};
}

// Reads the keys of one task file; every error names the node at fault.
class TaskReader {
public:
    explicit TaskReader(std::string file) : file_(std::move(file)) {}

    [[noreturn]] void fail(const YAML::Node& at, const std::string& message) const {
        throw ParseError(location(file_, at.Mark()), message);
    }

    // The value of `key` in the map `map`; ParseError if it is missing (or null) and required.
    YAML::Node get(const YAML::Node& map, const char* key, const std::string& where, bool required) const {
        YAML::Node v = map[key];
        if (required && (!v.IsDefined() || v.IsNull())) fail(map, "missing key '" + std::string(key) + "' in " + where);
        return v;
    }

    std::string scalar(const YAML::Node& v, const std::string& what) const {
        if (!v.IsScalar()) fail(v, what + " must be a string");
        return v.Scalar();
    }

    std::string resolve(const YAML::Node& v, const std::string& what) const {
        std::string rel = scalar(v, what);
        if (rel.empty()) fail(v, what + " must not be empty");
        fs::path p(rel);
        if (p.is_relative()) p = fs::path(file_).parent_path() / p;
        return p.lexically_normal().string();
    }

    Task read(const YAML::Node& root) const {
        if (!root.IsMap()) fail(root, "a task file must be a YAML map (format_version 2.0)");
        Task task;
        task.yml_path = file_;

        const YAML::Node inputs = get(root, "input_files", "the task", true);
        if (inputs.IsScalar()) {
            task.input_files.push_back(resolve(inputs, "input_files"));
        } else if (inputs.IsSequence()) {
            for (const YAML::Node& f : inputs) task.input_files.push_back(resolve(f, "each entry of input_files"));
            if (task.input_files.empty()) fail(inputs, "input_files must name at least one file");
        } else {
            fail(inputs, "input_files must be a string or a list of strings");
        }

        const YAML::Node props = get(root, "properties", "the task", true);
        if (!props.IsSequence()) fail(props, "properties must be a list");
        for (const YAML::Node& p : props) {
            if (!p.IsMap()) fail(p, "each property must be a map with a property_file");
            TaskProperty tp;
            tp.property_file = resolve(get(p, "property_file", "a property", true), "property_file");
            const YAML::Node verdict = get(p, "expected_verdict", "a property", false);
            if (verdict.IsDefined() && !verdict.IsNull()) {
                bool b = false;
                if (!verdict.IsScalar() || !YAML::convert<bool>::decode(verdict, b)) {
                    fail(verdict, "expected_verdict must be true or false");
                }
                tp.expected_verdict = b;
            }
            const YAML::Node sub = get(p, "subproperty", "a property", false);
            if (sub.IsDefined() && !sub.IsNull()) tp.subproperty = scalar(sub, "subproperty");
            task.properties.push_back(std::move(tp));
        }

        // format_version 1.0 has no options: C under ILP32 is implied.
        const YAML::Node version = get(root, "format_version", "the task", false);
        if (version.IsDefined() && version.IsScalar() && version.Scalar() == "1.0" && !root["options"].IsDefined()) {
            task.language = "C";
            return task;
        }
        const YAML::Node options = get(root, "options", "the task", true);
        if (!options.IsMap()) fail(options, "options must be a map");
        const YAML::Node language = get(options, "language", "options", true);
        task.language = scalar(language, "options.language");
        if (task.language != "C") {
            throw Unsupported(location(file_, language.Mark()), "language " + task.language);
        }
        const YAML::Node dm = get(options, "data_model", "options", false);
        if (dm.IsDefined() && !dm.IsNull()) {
            std::string name = scalar(dm, "options.data_model");
            if (name == "ILP32") {
                task.data_model = DataModel::ILP32;
            } else if (name == "LP64") {
                task.data_model = DataModel::LP64;
            } else {
                fail(dm, "options.data_model must be ILP32 or LP64, not '" + name + "'");
            }
        }
        return task;
    }

private:
    std::string file_;
};

}  // namespace

PropertyKind classify_property(const std::string& text) {
    std::string compact;
    for (char c : text) {
        if (!is_space(c)) compact += c;
    }
    if (compact == "CHECK(init(main()),LTL(G!call(reach_error())))" ||
        compact == "CHECK(init(main()),LTL(G!call(__VERIFIER_error())))") {
        return PropertyKind::UnreachCall;
    }
    return PropertyKind::Other;
}

Property read_property_file(const std::string& path) {
    Property p;
    p.file = path;
    p.text = trim(read_file(path));
    p.kind = classify_property(p.text);
    return p;
}

Task read_task_file(const std::string& path) {
    std::string text = read_file(path);
    TaskReader reader(path);
    try {
        return reader.read(YAML::Load(text));
    } catch (const YAML::Exception& e) {
        // Malformed YAML (ParserException and its DeepRecursion), or a conversion we did not
        // guard; e.msg is the message without yaml-cpp's own location prefix.
        throw ParseError(location(path, e.mark), "malformed task file: " + e.msg);
    }
}

const TaskProperty* find_unreach_call(const Task& task) {
    for (const TaskProperty& p : task.properties) {
        try {
            if (read_property_file(p.property_file).kind == PropertyKind::UnreachCall) return &p;
        } catch (const InputError&) {
            if (fs::path(p.property_file).filename() == "unreach-call.prp") return &p;
        }
    }
    return nullptr;
}

}  // namespace craig::frontend
