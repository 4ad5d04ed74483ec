// `craig bench execute FOLDER...`: the worker of the parallel and Slurm executors
// (external_executor.hpp). For each run folder, one after the other: reads its request.txt, makes
// the run with the local executor (its limits and measurement) under the isolation the request
// asks for (cgroups v2 opened once per worker; a request for cgroup2 where they are not usable is
// an error of its folder, naming what is missing), writes measurement.txt. A folder
// that has a measurement already is skipped (a requeued Slurm element); an interrupted run
// (`stop`) gets none. Returns the number of folders whose request could not be read or whose
// measurement could not be written, each named on `err`.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace craig::bench {

std::size_t execute_run_folders(const std::vector<std::string>& folders, std::ostream& err,
                                const std::function<bool()>& stop);

}  // namespace craig::bench
