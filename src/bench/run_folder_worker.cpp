#include "bench/run_folder_worker.hpp"

#include <map>
#include <memory>
#include <ostream>

#include "bench/environment.hpp"
#include "bench/run_request_file.hpp"

namespace craig::bench {

std::size_t execute_run_folders(const std::vector<std::string>& folders, std::ostream& err,
                                const std::function<bool()>& stop) {
    std::size_t failed = 0;
    std::map<Isolation, std::shared_ptr<const Cgroup2Tree>> opened;  // per isolation asked for, with `why`
    std::map<Isolation, std::string> missing;
    for (const std::string& folder : folders) {
        if (stop()) break;
        if (read_measurement(folder)) continue;
        const std::optional<RunRequest> request = read_request(folder);
        if (!request) {
            err << "craig bench execute: error: " << folder << ": no readable " << kRequestFile << "\n";
            ++failed;
            continue;
        }
        if (!opened.count(request->isolation))
            opened[request->isolation] = open_cgroups(request->isolation, &missing[request->isolation]);
        if (request->isolation == Isolation::Cgroup2 && !opened[request->isolation]) {
            err << "craig bench execute: error: " << folder << ": --isolation cgroup2: cgroups v2 are not usable on "
                << host_name() << ": " << missing[request->isolation] << "\n";
            ++failed;
            continue;
        }
        LocalExecutor(1, opened[request->isolation]).run(
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
