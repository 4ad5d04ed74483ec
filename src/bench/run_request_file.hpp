// A run's request and its measurement as files in the run's folder, so that a run can be made
// by another process, on another machine that shares the file system (`--executor parallel`,
// `--executor slurm`): the driver writes FOLDER/request.txt, `craig bench execute FOLDER` makes
// the run with the local executor's limits and measurement (local_executor.hpp) and writes
// FOLDER/measurement.txt, which the driver reads back. Both files are key_value.hpp files; the
// measurement is written atomically, so a file that exists is complete. The request carries the
// isolation the driver was asked for (--isolation; a request without one: auto), which the worker
// opens on its host.
//
//   write_request(req);                                    // req.folder names the folder
//   std::optional<Measurement> m = read_measurement(req.folder);
#pragma once

#include <optional>
#include <string>

#include "bench/local_executor.hpp"

namespace craig::bench {

inline constexpr const char* kRequestFile = "request.txt";
inline constexpr const char* kMeasurementFile = "measurement.txt";

// False when the file cannot be written. Requires r.folder.
bool write_request(const RunRequest& r);
// The request of `folder`; nullopt when it is missing or malformed.
std::optional<RunRequest> read_request(const std::string& folder);

bool write_measurement(const std::string& folder, const Measurement& m);
std::optional<Measurement> read_measurement(const std::string& folder);

}  // namespace craig::bench
