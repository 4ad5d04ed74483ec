// A test suite in the Test-Comp exchange format (test-format 1.1, sosy-lab.org/test-format):
// a `metadata.xml` and one `testcase` file per test, each an ordered list of `<input>` values
// that the harness returns from the program's __VERIFIER_nondet_* calls, in call order.
//
//   TestSuite s(metadata);
//   s.add(TestCase{{{"42", "int"}, {"4294967295", "unsigned int"}}, "a.c:8:11 [y == x + 3]", false});
//   s.write_folder("test-suite");            // or s.write_zip("test-suite.zip")
//
// Or, to keep every test on disk from the moment it is found (a run killed from outside keeps
// its tests, as Test-Comp expects): s.start_folder("test-suite") first; each add() then writes
// its file at once.
//
// Files: metadata.xml, test-<n>.xml (n from 1, in the order of add()). A test's goal is kept
// as an XML comment (validators ignore comments; bench/testcov.sh reads it to check that the
// test reaches its goal). Zips hold the folder "test-suite/" as TestCov expects.
#pragma once

#include <string>
#include <vector>

#include "frontend/types.hpp"

namespace craig::verifier {

struct TestInput {
    std::string value;  // the value in decimal ("-3", "4294967295")
    std::string type;   // C spelling of the nondet function's type ("int", "unsigned char")
};

struct TestCase {
    std::vector<TestInput> inputs;
    std::string goal;           // what the test was generated for (a comment in the file)
    bool covers_error = false;  // the test reaches reach_error (attribute coversError)
};

struct SuiteMetadata {
    std::string specification;  // the Test-Comp property text, e.g. COVER( init(main()), ... )
    std::string program_file;
    std::string program_hash;  // SHA-256 of the program file, hex
    frontend::DataModel data_model = frontend::DataModel::ILP32;
    std::string producer = "craig";
    std::string creation_time;  // ISO 8601 UTC
};

// The Test-Comp property texts of the coverage kinds craig generates for.
inline constexpr const char* kCoverBranchesSpec = "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )";
inline constexpr const char* kCoverErrorSpec = "COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )";
inline constexpr const char* kCoverStatementsSpec = "COVER( init(main()), FQL(COVER EDGES(@BASICBLOCKENTRY)) )";

std::string metadata_xml(const SuiteMetadata& m);
std::string testcase_xml(const TestCase& t);

class TestSuite {
public:
    explicit TestSuite(SuiteMetadata m) : metadata_(std::move(m)) {}
    // Writes the test's file too once start_folder() was called.
    void add(TestCase t);
    const std::vector<TestCase>& tests() const { return tests_; }

    // Both throw frontend::InputError (exit code 6 of the CLI) when the files cannot be written.
    void write_folder(const std::string& dir) const;
    // Creates `dir` with metadata.xml and the tests added so far; later add()s write their files.
    void start_folder(const std::string& dir);
    void write_zip(const std::string& path) const;

private:
    std::string folder_;  // set by start_folder
    SuiteMetadata metadata_;
    std::vector<TestCase> tests_;
};

}  // namespace craig::verifier
