// Statistics: typed figures of a run (counts, seconds, text), in the order they were added.
//
//   base::Statistics s;
//   s.count("impact.vertices", 120);
//   s.seconds("impact.time.solving", 0.41);
//   s.print(out);        // "  impact.vertices: 120" per line (--stats)
//   s.print_json(out);   // {"impact.vertices":120,"impact.time.solving":0.410} (--json)
//
// Names are dotted, lower case, the engine's name first; a name added twice keeps one
// entry (the last value), so engines may update a figure.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

namespace craig::base {

class Statistics {
public:
    enum class Kind : std::uint8_t { Count, Seconds, Text };
    struct Entry {
        std::string name;
        Kind kind = Kind::Count;
        std::uint64_t count = 0;
        double seconds = 0;
        std::string text;
    };

    void count(const std::string& name, std::uint64_t n);
    void seconds(const std::string& name, double s);
    void text(const std::string& name, std::string value);
    // Adds every entry of `other` (a later value of the same name replaces the earlier one).
    void merge(const Statistics& other);

    std::span<const Entry> entries() const { return entries_; }
    const Entry* find(const std::string& name) const;
    bool empty() const { return entries_.empty(); }

    // One line per entry, "<indent>name: value" (seconds with three decimals and " s").
    void print(std::ostream& out, const std::string& indent = "  ") const;
    // One JSON object: counts as integers, seconds as numbers, text as strings.
    void print_json(std::ostream& out) const;

private:
    Entry& slot(const std::string& name);
    std::vector<Entry> entries_;
};

// `s` with the characters JSON needs escaped ("\"", "\\", control characters).
std::string json_escape(const std::string& s);

}  // namespace craig::base
