// Text for XML and HTML: the special characters escaped, the control characters XML 1.0 does
// not allow dropped (every file craig writes in markup: witnesses, test suites, the results of
// craig bench and its report).
//
//   xml_escape("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;"
#pragma once

#include <string>
#include <string_view>

namespace craig::base {

// & < > " ' as entities; control characters other than tab, line feed and carriage return dropped.
std::string xml_escape(std::string_view text);

}  // namespace craig::base
