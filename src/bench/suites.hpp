// Named suites: `craig bench run suite:NAME` runs the list file NAME.set of a suites folder (by
// default bench/suites of the source tree this craig was built from, CRAIG_SUITES_DIR), an
// SV-COMP .set file like any other (task_set.hpp: globs and paths relative to the file), whose
// first comment line describes it. The dev data sets are suites (svcomp-dev, chc-lra-ts, ...), so
// a paper's table names its set instead of a path.
//
//   resolve_suites({"suite:chc-dev", "more/"}, "") == {"/src/bench/suites/chc-dev.set", "more/"}
//   for (const Suite& s : list_suites("")) ... s.name, s.path, s.description
//
// An unknown name is refused (std::invalid_argument naming the suites there); a suites folder
// that does not exist lists no suite.
#pragma once

#include <string>
#include <vector>

namespace craig::bench {

// The suites folder craig was built with.
std::string default_suites_folder();

struct Suite {
    std::string name, path, description;
};

// The suites of `folder` ("" = the default), by name.
std::vector<Suite> list_suites(const std::string& folder);

// `sets` with every "suite:NAME" replaced by its file's path.
std::vector<std::string> resolve_suites(const std::vector<std::string>& sets, const std::string& folder);

}  // namespace craig::bench
