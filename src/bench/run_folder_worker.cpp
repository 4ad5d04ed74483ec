#include "bench/run_folder_worker.hpp"

#include <ostream>

#include "bench/run_request_file.hpp"

namespace craig::bench {

std::size_t execute_run_folders(const std::vector<std::string>& folders, std::ostream& err,
                                const std::function<bool()>& stop) {
    std::size_t failed = 0;
    for (const std::string& folder : folders) {
        if (stop()) break;
        if (read_measurement(folder)) continue;
        const std::optional<RunRequest> request = read_request(folder);
        if (!request) {
            err << "craig bench execute: error: " << folder << ": no readable " << kRequestFile << "\n";
            ++failed;
            continue;
        }
        LocalExecutor(1).run(
            {*request},
            [&](std::size_t, const Measurement& m) {
                if (m.killed == Termination::Interrupted) return;
                if (!write_measurement(folder, m)) {
                    err << "craig bench execute: error: cannot write " << folder << "/" << kMeasurementFile << "\n";
                    ++failed;
                }
            },
            stop);
    }
    return failed;
}

}  // namespace craig::bench
