// The result file of one configuration in BenchExec's format (doc/result.dtd of BenchExec, read
// by its table-generator): DIR/results.CONFIG.xml.
//
//   write_result_xml(out, header, task_results(dir.runs, "default"));
//
//   <result benchmarkname="craig-bench" name="CONFIG" tool="craig" version=... timelimit="60s"
//           memlimit="1000MB" date=... starttime=... generator="craig bench run" ...>
//     <columns><column title="status"/> cputime walltime memory </columns>
//     <systeminfo hostname=...><os/><cpu cores model/><ram size/><environment/></systeminfo>
//     <run name="TASK" files="[FILE]" properties="unreach-call" propertyFile=... expectedVerdict="true"
//          logfile="runs/CONFIG/TASK/1/output.log">
//       <column title="status" value="true"/> <column title="cputime" value="0.41s"/>
//       <column title="walltime" .../> <column title="memory" value="23456789B"/>
//       <column hidden="true" title="category" value="correct"/> returnvalue | exitsignal,
//       terminationreason (when a limit ended it), score, witness
//     </run> ...
//   </result>
// An exec: configuration's file names its program as the tool (its path) and the program's
// --version line as the version. Values carry BenchExec's units (s, B). With repetitions the times and memory are medians and
// the status is the agreed one (task_results.hpp).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "bench/key_value.hpp"
#include "bench/task_results.hpp"

namespace craig::bench {

// `manifest`: the results folder's (version, limits, machine, configuration's arguments).
void write_result_xml(std::ostream& out, const KeyValues& manifest, const std::string& config,
                      const std::vector<TaskResult>& results, const std::string& end_time);

}  // namespace craig::bench
