#include "verifier/testgen/testcomp_suite.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "frontend/frontend.hpp"
#include "verifier/testgen/zip_archive.hpp"
#include "verifier/witness/witness.hpp"

namespace craig::verifier {

namespace {

constexpr const char* kXmlHead = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";

std::string test_file_name(std::size_t i) { return "test-" + std::to_string(i + 1) + ".xml"; }

void write_file(const std::filesystem::path& p, const std::string& text) {
    std::ofstream f(p, std::ios::binary);
    f << text;
    if (!f.flush()) throw frontend::InputError(p.string(), "cannot write the test suite file");
}

}  // namespace

std::string metadata_xml(const SuiteMetadata& m) {
    std::ostringstream s;
    s << kXmlHead
      << "<!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN\" "
         "\"https://sosy-lab.org/test-format/test-metadata-1.1.dtd\">\n"
      << "<test-metadata>\n"
      << "  <sourcecodelang>C</sourcecodelang>\n"
      << "  <producer>" << xml_escape(m.producer) << "</producer>\n"
      << "  <specification>" << xml_escape(m.specification) << "</specification>\n"
      << "  <programfile>" << xml_escape(m.program_file) << "</programfile>\n"
      << "  <programhash>" << m.program_hash << "</programhash>\n"
      << "  <entryfunction>main</entryfunction>\n"
      << "  <architecture>" << (m.data_model == frontend::DataModel::LP64 ? "64bit" : "32bit") << "</architecture>\n"
      << "  <creationtime>" << xml_escape(m.creation_time) << "</creationtime>\n"
      << "</test-metadata>\n";
    return s.str();
}

std::string testcase_xml(const TestCase& t) {
    std::ostringstream s;
    s << kXmlHead
      << "<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" "
         "\"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n";
    // "--" may not occur inside an XML comment.
    std::string goal = t.goal;
    for (std::size_t p; (p = goal.find("--")) != std::string::npos;) goal.replace(p, 2, "- -");
    if (!goal.empty()) s << "<!-- craig goal: " << goal << " -->\n";
    s << (t.covers_error ? "<testcase coversError=\"true\">\n" : "<testcase>\n");
    for (const TestInput& in : t.inputs)
        s << "  <input type=\"" << xml_escape(in.type) << "\">" << xml_escape(in.value) << "</input>\n";
    s << "</testcase>\n";
    return s.str();
}

void TestSuite::add(TestCase t) {
    tests_.push_back(std::move(t));
    if (!folder_.empty())
        write_file(std::filesystem::path(folder_) / test_file_name(tests_.size() - 1), testcase_xml(tests_.back()));
}

void TestSuite::start_folder(const std::string& dir) {
    write_folder(dir);
    folder_ = dir;
}

void TestSuite::write_folder(const std::string& dir) const {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw frontend::InputError(dir, "cannot create the test suite folder: " + ec.message());
    const std::filesystem::path base(dir);
    write_file(base / "metadata.xml", metadata_xml(metadata_));
    for (std::size_t i = 0; i < tests_.size(); ++i) write_file(base / test_file_name(i), testcase_xml(tests_[i]));
}

void TestSuite::write_zip(const std::string& path) const {
    ZipArchive z;
    z.add("test-suite/metadata.xml", metadata_xml(metadata_));
    for (std::size_t i = 0; i < tests_.size(); ++i) z.add("test-suite/" + test_file_name(i), testcase_xml(tests_[i]));
    std::ofstream f(path, std::ios::binary);
    if (!f || !z.write(f) || !f.flush()) throw frontend::InputError(path, "cannot write the test suite archive");
}

}  // namespace craig::verifier
