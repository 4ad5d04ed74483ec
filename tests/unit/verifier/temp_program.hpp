// Test helper: a program file in a fresh temporary directory, removed at the end.
#pragma once

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace craig::test {

struct TempProgram {
    std::filesystem::path dir;
    std::filesystem::path file;
    explicit TempProgram(const std::string& text, const std::string& name = "prog.c") {
        dir = std::filesystem::temp_directory_path() / ("craig-witness-" + std::to_string(std::random_device{}()));
        std::filesystem::create_directories(dir);
        file = dir / name;
        std::ofstream(file, std::ios::binary) << text;
    }
    ~TempProgram() {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
};

}  // namespace craig::test
