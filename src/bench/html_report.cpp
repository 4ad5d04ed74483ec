#include "bench/html_report.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "bench/environment.hpp"
#include "base/xml_escape.hpp"
#include "bench/result_columns.hpp"
#include "bench/svg_plot.hpp"

namespace craig::bench {

namespace fs = std::filesystem;

namespace {

const char* const kStyle = R"(body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}
th{background:#eee}td.n{text-align:right}.correct{background:#c8efc8}.wrong{background:#f7b3b3}
.unknown{background:#f3f3f3}.error{background:#fde2b8}.missing{background:#e0e8f8}
h2{margin-top:1.5em;border-bottom:1px solid #ccc}.plots svg{margin-right:1em;border:1px solid #ddd}
)";

std::string h(const std::string& s) { return base::xml_escape(s); }

std::string fixed(double v, int digits) {
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", digits, v);
    return b;
}

std::string link(const fs::path& report_dir, const fs::path& target, const std::string& text) {
    std::error_code ec;
    if (!fs::exists(target, ec)) return "";
    const fs::path rel = fs::relative(fs::absolute(target), fs::absolute(report_dir), ec);
    return "<a href=\"" + h(ec ? fs::absolute(target).string() : rel.generic_string()) + "\">" + h(text) + "</a> ";
}

void summary_table(std::ostream& out, const ResultColumns& cols) {
    out << "<h2>Summary</h2>\n<table><tr><th>configuration</th><th>tasks</th><th>correct TRUE</th><th>correct "
           "FALSE</th><th>wrong TRUE</th><th>wrong FALSE</th><th>unknown</th><th>error</th><th>missing</th>"
           "<th>score</th><th>CPU time of correct (s)</th></tr>\n";
    bool counted = false;
    for (const ResultColumn& c : cols.columns) {
        const ConfigSummary s = summarize(c.label, c.results);
        counted = counted || !s.svcomp_score;
        out << "<tr><td>" << h(c.label) << "</td>";
        for (unsigned v : {s.tasks, s.correct_true, s.correct_false, s.wrong_true, s.wrong_false, s.unknown, s.error,
                           s.missing})
            out << "<td class=\"n\">" << v << "</td>";
        out << "<td class=\"n\">" << s.score << (s.svcomp_score ? "" : "*") << "</td><td class=\"n\">"
            << fixed(s.cpu_correct, 2) << "</td></tr>\n";
    }
    out << "</table>\n<p>Score: SV-COMP's (correct TRUE +2, correct FALSE +1, wrong FALSE &minus;16, wrong TRUE "
           "&minus;32)"
        << (counted ? "; * chc and solve tasks: the number of correct answers (TRUE = sat, FALSE = unsat)" : "")
        << ". A run ended by a limit is TIMEOUT or OUT OF MEMORY (error), never correct.</p>\n";
}

// What the plots count: correct answers, and the answers to tasks that state no expected one
// (CHC-COMP files often have no :status; craig's answers are certified, and a table of such a set
// would otherwise plot nothing).
bool plotted(const TaskResult& t) {
    return t.category == Category::Correct || (t.category == Category::Missing && is_answer(t.status));
}

void plots(std::ostream& out, const ResultColumns& cols, const std::string& scatter) {
    std::vector<PlotSeries> series;
    for (const ResultColumn& c : cols.columns) {
        PlotSeries s{c.label, {}};
        for (const TaskResult& t : c.results)
            if (plotted(t)) s.seconds.push_back(t.cpu_seconds);
        series.push_back(std::move(s));
    }
    out << "<h2>Plots</h2>\n<p>Both plots count the correct answers and, for tasks that state no expected "
           "answer (category missing), the answers given.</p>\n<div class=\"plots\">\n"
        << cactus_svg(series);
    std::string a, b;
    if (!scatter.empty()) {
        a = scatter.substr(0, scatter.find(','));
        b = scatter.substr(scatter.find(',') + 1);
    } else if (cols.columns.size() >= 2) {
        a = cols.columns[0].label;
        b = cols.columns[1].label;
    }
    if (!a.empty()) {
        const ResultColumn *x = cols.find(a), *y = cols.find(b);
        if (!x || !y) throw std::invalid_argument("--scatter " + scatter + ": no column '" + (x ? b : a) + "'");
        double limit = 0;
        try {
            limit = std::stod(x->dir->manifest.get("timeout"));
        } catch (const std::exception&) {
        }
        std::vector<ScatterPoint> points;
        for (const TaskResult& t : x->results)
            if (const TaskResult* u = y->find(t.task))
                points.push_back({t.task, t.cpu_seconds, u->cpu_seconds, plotted(t), plotted(*u)});
        out << scatter_svg(a, b, points, limit);
    } else {
        out << "<p>(one configuration: no scatter plot)</p>\n";
    }
    out << "</div>\n";
}

void task_table(std::ostream& out, const ResultColumns& cols, const fs::path& report_dir) {
    out << "<h2>Tasks</h2>\n<table><tr><th>task</th><th>expected</th>";
    for (const ResultColumn& c : cols.columns) out << "<th colspan=\"3\">" << h(c.label) << "</th>";
    out << "</tr>\n<tr><th></th><th></th>";
    for (std::size_t i = 0; i < cols.columns.size(); ++i) out << "<th>status</th><th>CPU (s)</th><th>files</th>";
    out << "</tr>\n";
    for (const std::string& task : cols.tasks()) {
        std::string expected;
        for (const ResultColumn& c : cols.columns)
            if (const TaskResult* t = c.find(task)) expected = t->expected;
        out << "<tr><td>" << h(task) << "</td><td>" << h(expected) << "</td>";
        for (const ResultColumn& c : cols.columns) {
            const TaskResult* t = c.find(task);
            if (!t) {
                out << "<td>-</td><td></td><td></td>";
                continue;
            }
            const RunRecord& r = *t->runs.front();
            const fs::path folder = fs::path(c.dir->path) / r.folder;
            out << "<td class=\"" << category_name(t->category) << "\">" << h(t->status) << "</td><td class=\"n\">"
                << fixed(t->cpu_seconds, 2) << "</td><td>" << link(report_dir, folder / "output.log", "log")
                << link(report_dir, folder / "stderr.log", "stderr")
                << (r.witness.empty() ? "" : link(report_dir, folder / r.witness, "witness")) << "</td>";
        }
        out << "</tr>\n";
    }
    out << "</table>\n";
}

void environment(std::ostream& out, const ResultColumns& cols) {
    out << "<h2>Environment</h2>\n";
    for (const ResultsDir& d : cols.dirs) {
        const KeyValues& m = d.manifest;
        out << "<h3>" << h(d.path) << "</h3>\n<table>\n";
        auto row = [&](const std::string& k, const std::string& v) {
            out << "<tr><th>" << h(k) << "</th><td>" << h(v) << "</td></tr>\n";
        };
        row("craig version", m.get("craig-version"));
        row("craig commit", m.get("craig-commit"));
        row("binary", m.get("binary") + " (hash " + m.get("binary-hash") + ")");
        row("tool", m.get("tool").empty() ? "chosen by the files" : m.get("tool"));
        row("time limit (CPU and wall clock)", m.get("timeout") == "0" ? "none" : m.get("timeout") + " s");
        row("memory limit", m.get("memory") == "0" ? "none" : m.get("memory") + " MiB");
        row("repetitions", m.get("repeat"));
        row("sets", m.get("sets"));
        for (const std::string& c : d.configs) {
            row("configuration " + c, m.get("config." + c));
            if (m.has("program." + c))
                row("program of " + c, m.get("program." + c) + " (" + m.get("program-version." + c) + ", sha256 " +
                                           m.get("program-sha256." + c) + ")");
        }
        row("host", m.get("host"));
        row("CPU", m.get("cpu-model") + " (" + m.get("cpu-cores") + " cores)");
        row("memory of the machine", m.get("ram") + " B");
        row("operating system", m.get("os"));
        row("started", m.get("created"));
        row("runs recorded", std::to_string(d.runs.size()));
        out << "</table>\n";
    }
}

}  // namespace

std::string write_report(const ReportOptions& o) {
    if (o.dirs.empty()) throw std::invalid_argument("no results folder given");
    if (o.out.empty()) throw std::invalid_argument("--out REPORT is needed");
    const ResultColumns cols = load_columns(o.dirs);
    std::error_code ec;
    fs::create_directories(o.out, ec);
    const fs::path page = fs::path(o.out) / "index.html";
    std::ostringstream html;
    html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>craig bench report</title>\n"
            "<style>"
         << kStyle << "</style></head><body>\n<h1>craig bench report</h1>\n<p>Made " << h(iso_time_now())
         << " from " << cols.dirs.size() << " results folder(s).</p>\n";
    summary_table(html, cols);
    plots(html, cols, o.scatter);
    task_table(html, cols, o.out);
    environment(html, cols);
    html << "</body></html>\n";
    std::ofstream file(page);
    file << html.str();
    if (!file.flush()) throw std::runtime_error("cannot write " + page.string());
    return page.string();
}

}  // namespace craig::bench
