// The text format of craig bench's own files (the manifest of a results folder, the record of a
// run): one "key: value" per line, keys in order, values on one line (line breaks and
// backslashes escaped as \n and \\).
//
//   KeyValues kv; kv.set("status", "true");
//   write_key_values_atomically("run/result.txt", kv);   // a reader never sees half a file
//   std::optional<KeyValues> back = read_key_values("run/result.txt");
#pragma once

#include <map>
#include <optional>
#include <string>

namespace craig::bench {

class KeyValues {
public:
    void set(const std::string& key, const std::string& value) { values_[key] = value; }
    // The value of `key`, "" when it is absent.
    const std::string& get(const std::string& key) const;
    bool has(const std::string& key) const { return values_.count(key) != 0; }
    const std::map<std::string, std::string>& all() const { return values_; }

private:
    std::map<std::string, std::string> values_;
};

std::optional<KeyValues> read_key_values(const std::string& path);
// Writes `path` through a temporary file renamed over it; false when it cannot be written.
bool write_key_values_atomically(const std::string& path, const KeyValues& kv);

}  // namespace craig::bench
