#include "base/statistics.hpp"

#include <cstdio>
#include <ostream>

namespace craig::base {

Statistics::Entry& Statistics::slot(const std::string& name) {
    for (Entry& e : entries_)
        if (e.name == name) return e;
    entries_.push_back(Entry{name});
    return entries_.back();
}

void Statistics::count(const std::string& name, std::uint64_t n) {
    Entry& e = slot(name);
    e.kind = Kind::Count;
    e.count = n;
}

void Statistics::seconds(const std::string& name, double s) {
    Entry& e = slot(name);
    e.kind = Kind::Seconds;
    e.seconds = s;
}

void Statistics::text(const std::string& name, std::string value) {
    Entry& e = slot(name);
    e.kind = Kind::Text;
    e.text = std::move(value);
}

void Statistics::merge(const Statistics& other) {
    for (const Entry& e : other.entries_) slot(e.name) = e;
}

const Statistics::Entry* Statistics::find(const std::string& name) const {
    for (const Entry& e : entries_)
        if (e.name == name) return &e;
    return nullptr;
}

namespace {

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", s);
    return buf;
}

}  // namespace

void Statistics::print(std::ostream& out, const std::string& indent) const {
    for (const Entry& e : entries_) {
        out << indent << e.name << ": ";
        switch (e.kind) {
            case Kind::Count: out << e.count; break;
            case Kind::Seconds: out << seconds_text(e.seconds) << " s"; break;
            case Kind::Text: out << e.text; break;
        }
        out << "\n";
    }
}

void Statistics::print_json(std::ostream& out) const {
    out << "{";
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        out << (i ? "," : "") << "\"" << json_escape(e.name) << "\":";
        switch (e.kind) {
            case Kind::Count: out << e.count; break;
            case Kind::Seconds: out << seconds_text(e.seconds); break;
            case Kind::Text: out << "\"" << json_escape(e.text) << "\""; break;
        }
    }
    out << "}";
}

std::string json_escape(const std::string& s) {
    std::string r;
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            r += '\\';
            r += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            r += buf;
        } else {
            r += static_cast<char>(c);
        }
    }
    return r;
}

}  // namespace craig::base
