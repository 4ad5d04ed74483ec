#include "verifier/engines/engine.hpp"

#include <cstdio>
#include <ostream>
#include <stdexcept>

namespace craig::verifier {

const std::string& EngineSettings::get(std::string_view name) const {
    const auto it = values_.find(std::string(name));
    if (it == values_.end()) throw std::out_of_range("engine option '" + std::string(name) + "' is not set");
    return it->second;
}

unsigned EngineSettings::number(std::string_view name) const { return static_cast<unsigned>(std::stoul(get(name))); }

void Engine::progress(const std::function<std::string()>& status) {
    if (progress_) progress_->tick(status);
}

bool DotKeepingEngine::write_arg(std::ostream& out) const {
    if (dot_.empty()) return false;
    out << dot_;
    return true;
}

EngineSettings EngineInfo::defaults() const {
    EngineSettings s;
    for (const EngineOption& o : options) s.set(o.name, std::string(o.default_value));
    return s;
}

EngineSettings EngineInfo::settings(const CommonSettings& common,
                                    const std::map<std::string, std::string>& values) const {
    EngineSettings s = defaults();
    static_cast<CommonSettings&>(s) = common;
    for (const auto& [name, value] : values)
        if (option(name)) s.set(name, value);
    return s;
}

MadeEngine EngineInfo::create(const EngineSettings& s) const {
    MadeEngine made;
    if (make_procedural) {
        std::unique_ptr<ProceduralEngine> p = make_procedural(s);
        made.procedural = p.get();
        made.engine = std::move(p);
    } else {
        if (!make) throw std::logic_error("engine '" + std::string(name) + "' has no factory");
        made.engine = make(s);
    }
    return made;
}

Verdict MadeEngine::run(const Program& program, const Procedures* procedures, const base::Budget& budget) const {
    if (!procedural) return engine->solve(program, budget);
    if (procedures) return procedural->solve_procedures(*procedures, budget);
    Verdict v;
    v.reason = "no procedural model of the program";
    return v;
}

const EngineOption* EngineInfo::option(std::string_view n) const {
    for (const EngineOption& o : options)
        if (o.name == n) return &o;
    return nullptr;
}

void EngineRegistry::add(const EngineInfo& info) {
    if (find(info.name)) throw std::logic_error("engine '" + std::string(info.name) + "' registered twice");
    if ((info.make != nullptr) == (info.make_procedural != nullptr))
        throw std::logic_error("engine '" + std::string(info.name) + "' needs exactly one factory");
    engines_.push_back(info);
}

const EngineInfo* EngineRegistry::find(std::string_view name) const {
    for (const EngineInfo& e : engines_)
        if (e.name == name) return &e;
    return nullptr;
}

std::string EngineRegistry::names(bool (*selected)(const EngineInfo&)) const {
    std::string out;
    for (const EngineInfo& e : engines_)
        if (selected(e)) out += (out.empty() ? "" : ", ") + std::string(e.name);
    return out;
}

Progress::Progress(std::ostream& out, std::string engine, double period)
    : out_(out), engine_(std::move(engine)), period_(period), start_(base::Budget::Clock::now()), last_(start_) {}

void Progress::tick(const std::function<std::string()>& status) {
    // Reading the steady clock costs tens of nanoseconds: cheap enough for engines' loops.
    const auto now = base::Budget::Clock::now();
    if (std::chrono::duration<double>(now - last_).count() < period_) return;
    last_ = now;
    char head[64];
    std::snprintf(head, sizeof head, "[craig %.1f s] ", std::chrono::duration<double>(now - start_).count());
    out_ << head << engine_ << ": " << status() << std::endl;
}

}  // namespace craig::verifier
