#include "bench/key_value.hpp"

#include <cstdio>
#include <fstream>

namespace craig::bench {

namespace {

std::string escape(const std::string& v) {
    std::string out;
    for (char c : v) {
        if (c == '\\') out += "\\\\";
        else if (c == '\n') out += "\\n";
        else out += c;
    }
    return out;
}

std::string unescape(const std::string& v) {
    std::string out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i] == '\\' && i + 1 < v.size()) {
            out += v[i + 1] == 'n' ? '\n' : v[i + 1];
            ++i;
        } else {
            out += v[i];
        }
    }
    return out;
}

}  // namespace

const std::string& KeyValues::get(const std::string& key) const {
    static const std::string kNone;
    auto it = values_.find(key);
    return it == values_.end() ? kNone : it->second;
}

std::optional<KeyValues> read_key_values(const std::string& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    KeyValues kv;
    for (std::string line; std::getline(in, line);) {
        const std::size_t colon = line.find(": ");
        if (colon == std::string::npos) continue;
        kv.set(line.substr(0, colon), unescape(line.substr(colon + 2)));
    }
    return kv;
}

bool write_key_values_atomically(const std::string& path, const KeyValues& kv) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        for (const auto& [k, v] : kv.all()) out << k << ": " << escape(v) << "\n";
        out.flush();
        if (!out) return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
}

}  // namespace craig::bench
