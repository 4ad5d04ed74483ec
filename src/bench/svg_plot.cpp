#include "bench/svg_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "base/xml_escape.hpp"

namespace craig::bench {

namespace {

constexpr double kWidth = 560, kHeight = 400, kLeft = 64, kRight = 150, kTop = 20, kBottom = 48;
constexpr const char* kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
                                   "#17becf"};

// A log-10 axis over [lo, hi] onto [from, to] pixels.
struct LogAxis {
    double lo, hi, from, to;
    double at(double v) const {
        const double c = std::clamp(v, lo, hi);
        return from + (std::log10(c) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) * (to - from);
    }
};

// Decades from 10^floor(log lo) to 10^ceil(log hi).
LogAxis log_axis(double lo, double hi, double from, double to) {
    lo = std::pow(10, std::floor(std::log10(std::max(lo, 0.001))));
    hi = std::pow(10, std::ceil(std::log10(std::max(hi, lo * 10))));
    if (hi <= lo) hi = lo * 10;
    return {lo, hi, from, to};
}

std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f", v);
    return b;
}

std::string seconds_label(double v) {
    char b[32];
    std::snprintf(b, sizeof b, v < 1 ? "%.3g" : "%.0f", v);
    return std::string(b) + " s";
}

std::string text(double x, double y, const std::string& t, const char* anchor = "middle", const std::string& extra = "") {
    return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + anchor + "\" font-size=\"11\"" + extra +
           ">" + base::xml_escape(t) + "</text>\n";
}

std::string line(double x1, double y1, double x2, double y2, const char* style) {
    return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" " +
           style + "/>\n";
}

// Horizontal (or vertical) grid lines and labels of a log axis.
std::string log_ticks(const LogAxis& a, bool vertical_axis, double across_from, double across_to) {
    std::string s;
    for (double v = a.lo; v <= a.hi * 1.0001; v *= 10) {
        const double p = a.at(v);
        if (vertical_axis) {
            s += line(across_from, p, across_to, p, "stroke=\"#ddd\"");
            s += text(across_from - 4, p + 4, seconds_label(v), "end");
        } else {
            s += line(p, across_from, p, across_to, "stroke=\"#ddd\"");
            s += text(p, across_from + 14, seconds_label(v));
        }
    }
    return s;
}

std::string open_svg(const std::string& title) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(kWidth) + "\" height=\"" + num(kHeight) +
           "\" viewBox=\"0 0 " + num(kWidth) + " " + num(kHeight) + "\" role=\"img\"><title>" + base::xml_escape(title) +
           "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
}

}  // namespace

std::string cactus_svg(const std::vector<PlotSeries>& series) {
    const double x0 = kLeft, x1 = kWidth - kRight, y0 = kHeight - kBottom, y1 = kTop;
    std::size_t most = 1;
    double lo = 1e9, hi = 0;
    for (const PlotSeries& s : series) {
        most = std::max(most, s.seconds.size());
        for (double v : s.seconds) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    if (hi <= 0) lo = 0.01, hi = 1;
    const LogAxis y = log_axis(lo, hi, y0, y1);
    auto x_at = [&](double n) { return x0 + n / static_cast<double>(most) * (x1 - x0); };
    std::string s = open_svg("cactus plot: CPU time of the correct answers");
    s += log_ticks(y, true, x0, x1);
    const std::size_t step = std::max<std::size_t>(1, most / 10);
    for (std::size_t n = 0; n <= most; n += step) s += text(x_at(static_cast<double>(n)), y0 + 14, std::to_string(n));
    s += line(x0, y0, x1, y0, "stroke=\"black\"") + line(x0, y0, x0, y1, "stroke=\"black\"");
    s += text((x0 + x1) / 2, kHeight - 8, "correct answers");
    s += text(14, (y0 + y1) / 2, "CPU time", "middle", " transform=\"rotate(-90 14 " + num((y0 + y1) / 2) + ")\"");
    for (std::size_t i = 0; i < series.size(); ++i) {
        std::vector<double> v = series[i].seconds;
        std::sort(v.begin(), v.end());
        const char* color = kColors[i % std::size(kColors)];
        std::string pts;
        for (std::size_t k = 0; k < v.size(); ++k) {
            pts += num(x_at(static_cast<double>(k + 1))) + "," + num(y.at(v[k])) + " ";
            s += "<circle cx=\"" + num(x_at(static_cast<double>(k + 1))) + "\" cy=\"" + num(y.at(v[k])) +
                 "\" r=\"2.5\" fill=\"" + color + "\"/>\n";
        }
        if (!pts.empty())
            s += "<polyline fill=\"none\" stroke=\"" + std::string(color) + "\" stroke-width=\"1.5\" points=\"" + pts + "\"/>\n";
        const double ly = y1 + 14 + 16 * static_cast<double>(i);
        s += line(x1 + 10, ly - 4, x1 + 30, ly - 4, ("stroke=\"" + std::string(color) + "\" stroke-width=\"2\"").c_str());
        s += text(x1 + 34, ly, series[i].name + " (" + std::to_string(v.size()) + ")", "start");
    }
    return s + "</svg>\n";
}

std::string scatter_svg(const std::string& x_name, const std::string& y_name, const std::vector<ScatterPoint>& points,
                        double limit) {
    const double side = kHeight - kTop - kBottom;
    const double x0 = kLeft, x1 = kLeft + side, y0 = kHeight - kBottom, y1 = kTop;
    double lo = 1e9, hi = 0;
    for (const ScatterPoint& p : points) {
        lo = std::min({lo, p.x, p.y});
        hi = std::max({hi, p.x, p.y});
    }
    if (hi <= 0) lo = 0.01, hi = 1;
    const double top = limit > 0 ? std::max(limit, hi) : hi * 2;
    const LogAxis xa = log_axis(lo, top, x0, x1), ya = log_axis(lo, top, y0, y1);
    std::string s = open_svg("scatter plot: CPU time per task, " + x_name + " against " + y_name);
    s += log_ticks(xa, false, y0, y1) + log_ticks(ya, true, x0, x1);
    s += line(x0, y0, x1, y0, "stroke=\"black\"") + line(x0, y0, x0, y1, "stroke=\"black\"");
    s += line(xa.at(xa.lo), ya.at(ya.lo), xa.at(xa.hi), ya.at(ya.hi), "stroke=\"#999\" stroke-dasharray=\"4 3\"");
    s += text((x0 + x1) / 2, kHeight - 8, x_name + " (CPU time)");
    s += text(14, (y0 + y1) / 2, y_name + " (CPU time)", "middle",
              " transform=\"rotate(-90 14 " + num((y0 + y1) / 2) + ")\"");
    if (limit > 0) {  // where the unsolved tasks are drawn
        s += line(xa.at(top), y0, xa.at(top), y1, "stroke=\"#bbb\" stroke-dasharray=\"2 2\"");
        s += line(x0, ya.at(top), x1, ya.at(top), "stroke=\"#bbb\" stroke-dasharray=\"2 2\"");
    }
    for (const ScatterPoint& p : points) {
        const double px = xa.at(p.x_solved ? p.x : top), py = ya.at(p.y_solved ? p.y : top);
        const char* color = p.x_solved && p.y_solved ? "#1f77b4" : p.x_solved || p.y_solved ? "#ff7f0e" : "#999";
        s += "<circle cx=\"" + num(px) + "\" cy=\"" + num(py) + "\" r=\"3\" fill=\"" + color +
             "\" fill-opacity=\"0.8\"><title>" + base::xml_escape(p.task) + "</title></circle>\n";
    }
    const double lx = x1 + 16;
    s += text(lx, y1 + 14, "both correct", "start", " fill=\"#1f77b4\"");
    s += text(lx, y1 + 30, "one correct", "start", " fill=\"#ff7f0e\"");
    s += text(lx, y1 + 46, "neither (at the limit)", "start", " fill=\"#999\"");
    return s + "</svg>\n";
}

}  // namespace craig::bench
