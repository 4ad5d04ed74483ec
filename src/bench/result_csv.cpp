#include "bench/result_csv.hpp"

#include <ostream>

#include "bench/csv_field.hpp"

namespace craig::bench {

void write_result_csv(std::ostream& out, const std::vector<RunRecord>& runs) {
    out << "config,task,repetition,tool,status,category,expected,cputime,walltime,memory,exit_code,signal,"
           "termination,score,log,witness\n";
    for (const RunRecord& r : runs) {
        const int score = task_score(r.tool, r.category, r.status);
        out << csv_field(r.config) << ',' << csv_field(r.task) << ',' << r.repetition << ',' << tool_name(r.tool)
            << ',' << csv_field(r.status) << ',' << category_name(r.category) << ',' << r.expected << ','
            << r.cpu_seconds << ',' << r.wall_seconds << ',' << r.memory_bytes << ',' << r.exit_code << ','
            << r.signal << ',' << r.termination << ',' << score << ',' << csv_field(r.folder + "/output.log") << ','
            << csv_field(r.witness.empty() ? "" : r.folder + "/" + r.witness) << '\n';
    }
}

}  // namespace craig::bench
