// Choices of a Choice option row (option_row.hpp) as one table of words and values, from which
// both the parse and the row's check are made, so the two cannot disagree.
//
//   constexpr base::Choice<Mode> kModes[] = {{"basic", Mode::Basic}, {"split", Mode::Split}};
//   std::optional<Mode> m = base::parse_choice(kModes, "split");   // Mode::Split
//   std::string why = base::choice_error(kModes, "spilt");          // "unknown value 'spilt' (basic or split)"
//   {"tpa-mode", OptionKind::Choice, "split", "...", base::check_choice<kModes>}  // the row's check
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace craig::base {

template <class E>
struct Choice {
    std::string_view word;
    E value;
};

template <class E>
std::optional<E> parse_choice(std::span<const Choice<E>> choices, std::string_view v) {
    for (const Choice<E>& c : choices)
        if (c.word == v) return c.value;
    return std::nullopt;
}

// Empty when v is one of the words, else the error naming them.
template <class E>
std::string choice_error(std::span<const Choice<E>> choices, std::string_view v) {
    if (parse_choice(choices, v)) return {};
    std::string list;
    for (std::size_t i = 0; i < choices.size(); ++i)
        list += std::string(i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + std::string(choices[i].word);
    return "unknown value '" + std::string(v) + "' (" + list + ")";
}

template <class E, std::size_t N>
std::optional<E> parse_choice(const Choice<E> (&choices)[N], std::string_view v) {
    return parse_choice(std::span<const Choice<E>>(choices), v);
}

// The check of an option row (OptionRow::check) whose words are the table `Choices` (an array
// with static storage).
template <const auto& Choices>
std::string check_choice(const std::string& v) {
    using E = std::remove_cvref_t<decltype(Choices[0].value)>;
    return choice_error<E>(Choices, v);
}

}  // namespace craig::base
