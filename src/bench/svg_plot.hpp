// The plots of the report as inline SVG, drawn by craig (no plotting library, no script):
//
//   cactus_svg({{"default", {0.1, 0.4, 2.0}}, {"bmc", {0.2, 0.3}}});
//       x: the number of tasks solved correctly, y: the CPU time (log scale) within which the
//       configuration solved that many (each series' correct CPU times, sorted)
//   scatter_svg("default", "bmc", points, 60);
//       one point per task: x the CPU time of A, y of B (log scales, the diagonal drawn); a
//       task a configuration did not solve correctly sits at the limit line ("not solved")
#pragma once

#include <string>
#include <vector>

namespace craig::bench {

struct PlotSeries {
    std::string name;
    std::vector<double> seconds;
};

struct ScatterPoint {
    std::string task;
    double x = 0, y = 0;
    bool x_solved = false, y_solved = false;
};

std::string cactus_svg(const std::vector<PlotSeries>& series);
// `limit`: where unsolved tasks are drawn (the time limit, or above the largest time when 0).
std::string scatter_svg(const std::string& x_name, const std::string& y_name, const std::vector<ScatterPoint>& points,
                        double limit);

}  // namespace craig::bench
