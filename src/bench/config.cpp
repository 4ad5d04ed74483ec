#include "bench/config.hpp"

#include <set>
#include <sstream>
#include <stdexcept>

namespace craig::bench {

namespace {

constexpr const char* kExec = "exec:";

}  // namespace

std::string Config::args_text() const {
    std::string s = external() ? kExec + program : std::string();
    for (const std::string& a : args) s += (s.empty() ? "" : " ") + a;
    return s;
}

std::optional<Config> parse_config(const std::string& text, std::string* why) {
    const std::size_t eq = text.find('=');
    Config c;
    c.name = text.substr(0, eq);
    if (c.name.empty() || c.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") !=
                              std::string::npos || c.name == "." || c.name == "..") {
        *why = "expected NAME=ARGS with a NAME of letters, digits, '-', '_', '.', got '" + text + "'";
        return std::nullopt;
    }
    std::istringstream in(eq == std::string::npos ? std::string() : text.substr(eq + 1));
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (!words.empty() && words[0].rfind(kExec, 0) == 0) {
        c.program = words[0].substr(std::string(kExec).size());
        if (c.program.empty()) {
            *why = "exec: needs a PROGRAM ('" + c.name + "=exec:PROGRAM ARG...')";
            return std::nullopt;
        }
        c.args.assign(words.begin() + 1, words.end());
        why->clear();
        return c;
    }
    for (const std::string& a : words) {
        for (const char* own : {"--timeout", "--memory", "--witness", "--stats"})
            if (a == own || a.rfind(std::string(own) + "=", 0) == 0) {
                *why = std::string(own) + " is set by craig bench (each run's limits and files), not by a configuration";
                return std::nullopt;
            }
        c.args.push_back(a);
    }
    why->clear();
    return c;
}

std::vector<Config> parse_configs(const std::vector<std::string>& texts) {
    std::vector<Config> configs;
    std::set<std::string> names;
    for (const std::string& t : texts) {
        std::string why;
        std::optional<Config> c = parse_config(t, &why);
        if (!c) throw std::invalid_argument("--config: " + why);
        if (!names.insert(c->name).second) throw std::invalid_argument("--config: the name '" + c->name + "' twice");
        configs.push_back(*c);
    }
    if (configs.empty()) configs.push_back(Config{"default", {}, ""});
    return configs;
}

}  // namespace craig::bench
