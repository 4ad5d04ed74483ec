#pragma once
// S-expressions: one command at a time is read into an SExprPool (flat arrays, so that
// neither reading, printing nor destroying a deeply nested command recurses), then interpreted.
//
// A node is a list (its children are a contiguous range of `kids`) or an atom carrying a token.
// Node ids are indices into the pool; the root of a command is the last node added.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "smtlib/syntax/lexer.hpp"

namespace craig::smtlib {

enum class SKind : uint8_t {
    List,
    Numeral,
    Decimal,
    Hexadecimal,
    Binary,
    String,
    Symbol,
    Keyword,
    Invalid,
};

struct SNode {
    SKind kind = SKind::List;
    bool quoted = false;  // Symbol written |...|
    Location loc;
    uint32_t first = 0;  // List: first child in the pool's child array
    uint32_t count = 0;  // List: number of children
    std::string text;    // atoms: Token::text (Invalid: the characters)
    std::string error;   // Invalid: what is wrong
};

class SExprPool {
public:
    uint32_t add_atom(const Token& t);
    uint32_t add_list(Location loc, std::span<const uint32_t> children);
    void clear();

    const SNode& operator[](uint32_t id) const { return nodes_[id]; }
    std::span<const uint32_t> kids(uint32_t id) const { return {kids_.data() + nodes_[id].first, nodes_[id].count}; }
    size_t size() const { return nodes_.size(); }

    bool is_list(uint32_t id) const { return nodes_[id].kind == SKind::List; }
    bool is_symbol(uint32_t id) const { return nodes_[id].kind == SKind::Symbol; }
    // An unquoted symbol with this name (reserved words and command names are matched this way).
    bool is_word(uint32_t id, std::string_view name) const {
        const SNode& n = nodes_[id];
        return n.kind == SKind::Symbol && !n.quoted && n.text == name;
    }

    // The first Invalid atom of the pool, if any (the command holding it fails).
    std::optional<uint32_t> first_invalid() const { return first_invalid_; }

    // SMT-LIB text of a node: the input re-printed (comments and spacing dropped, symbols
    // quoted only where needed, strings re-escaped).
    std::string to_string(uint32_t id) const;
    // Copy the subtree `id` of `from` into this pool; returns the new id.
    uint32_t copy_from(const SExprPool& from, uint32_t id);

private:
    std::vector<SNode> nodes_;
    std::vector<uint32_t> kids_;
    std::optional<uint32_t> first_invalid_;
};

// Describes a node for messages: "symbol 'x'", "numeral '3'", "a list"...
std::string describe(const SExprPool& pool, uint32_t id);
// A string literal as SMT-LIB writes it: in quotes, with " doubled.
std::string quote_string(std::string_view content);

// Reads top-level s-expressions (commands) from a lexer.
class Reader {
public:
    explicit Reader(Lexer& lexer) : lexer_(lexer) {}
    // The next command, read into `pool` (which is cleared first), or nullopt at the end of the
    // input. Throws SyntaxError when the input is not a sequence of parenthesised lists: a
    // top-level token other than '(', or the end of the input inside a list.
    std::optional<uint32_t> read_command(SExprPool& pool);

private:
    Lexer& lexer_;
    std::vector<uint32_t> pending_;  // children of the lists still open
    struct Open {
        Location loc;
        size_t first;  // into pending_
    };
    std::vector<Open> open_;
};

}  // namespace craig::smtlib
