#include "frontend/stdin_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include "frontend/errors.hpp"

namespace craig::frontend {

StdinFile::StdinFile() {
    std::error_code ec;
    std::string pattern = (std::filesystem::temp_directory_path(ec) / "craig-stdin-XXXXXX").string();
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (!::mkdtemp(buf.data()))
        throw InputError("-", std::string("cannot make a temporary directory: ") + std::strerror(errno));
    dir_ = buf.data();
    path_ = dir_ + "/stdin.c";
    std::ofstream out(path_, std::ios::binary);
    out << std::cin.rdbuf();
    if (!out || std::cin.bad()) {
        std::filesystem::remove_all(dir_, ec);
        throw InputError("-", "cannot copy standard input to " + path_);
    }
}

StdinFile::~StdinFile() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

}  // namespace craig::frontend
