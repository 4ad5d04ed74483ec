// A CSV field after RFC 4180: quoted when it holds a comma, a quote or a line break, quotes
// doubled (results.csv of craig bench).
//
//   csv_field("x,y") == "\"x,y\""
#pragma once

#include <string>
#include <string_view>

namespace craig::bench {

std::string csv_field(std::string_view text);

}  // namespace craig::bench
