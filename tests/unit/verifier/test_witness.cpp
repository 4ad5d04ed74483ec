// SHA-256 test vectors and SV-COMP violation witnesses written from replays.
#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "frontend/replay.hpp"
#include "temp_program.hpp"
#include "verifier/witness/sha256.hpp"
#include "verifier/witness/witness.hpp"

using namespace craig;
using namespace craig::verifier;
namespace fs = std::filesystem;

namespace {

using test::TempProgram;

// Minimal well-formedness check: tags nest and match, attribute values are
// quoted, text has no raw '<' and every '&' starts a known entity.
bool well_formed(const std::string& xml, std::string& why) {
    std::vector<std::string> open;
    std::size_t i = 0;
    auto entity_ok = [&](std::size_t at) {
        for (const char* e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
            if (xml.compare(at, std::string(e).size(), e) == 0) return true;
        return false;
    };
    bool root_seen = false;
    while (i < xml.size()) {
        if (xml[i] != '<') {
            if (xml[i] == '&' && !entity_ok(i)) return why = "bad entity at " + std::to_string(i), false;
            if (xml[i] == '>') return why = "raw > at " + std::to_string(i), false;
            if (open.empty() && !std::isspace(static_cast<unsigned char>(xml[i])))
                return why = "text outside the root", false;
            ++i;
            continue;
        }
        if (xml.compare(i, 2, "<?") == 0) {
            std::size_t end = xml.find("?>", i);
            if (end == std::string::npos) return why = "unterminated declaration", false;
            i = end + 2;
            continue;
        }
        bool closing = xml[i + 1] == '/';
        std::size_t j = i + (closing ? 2 : 1);
        std::size_t name_end = j;
        while (name_end < xml.size() && (std::isalnum(static_cast<unsigned char>(xml[name_end])) ||
                                         xml[name_end] == ':' || xml[name_end] == '-' || xml[name_end] == '.'))
            ++name_end;
        std::string name = xml.substr(j, name_end - j);
        if (name.empty()) return why = "empty tag name at " + std::to_string(i), false;
        // Scan to '>' outside quotes.
        std::size_t k = name_end;
        char quote = 0;
        for (; k < xml.size(); ++k) {
            char c = xml[k];
            if (quote) {
                if (c == quote)
                    quote = 0;
                else if (c == '<')
                    return why = "'<' in attribute", false;
                else if (c == '&' && !entity_ok(k))
                    return why = "bad entity in attribute", false;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>') {
                break;
            }
        }
        if (k >= xml.size()) return why = "unterminated tag " + name, false;
        bool self_closing = xml[k - 1] == '/';
        if (closing) {
            if (open.empty() || open.back() != name) return why = "mismatched </" + name + ">", false;
            open.pop_back();
        } else if (!self_closing) {
            if (open.empty() && root_seen) return why = "second root element", false;
            open.push_back(name);
            root_seen = true;
        }
        i = k + 1;
    }
    if (!open.empty()) return why = "unclosed <" + open.back() + ">", false;
    return root_seen || (why = "no root element", false);
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

WitnessInfo info_for(const fs::path& file) {
    return WitnessInfo{file.string(), "CHECK( init(main()), LTL(G ! call(reach_error())) )", "32bit", "craig 0.1.0", ""};
}

}  // namespace

TEST_CASE("sha256 test vectors") {
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                     "mnopqrstnopqrstu") == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    // One million 'a', fed in pieces that straddle block boundaries.
    Sha256 h;
    const std::string piece(997, 'a');
    std::size_t fed = 0;
    while (fed + piece.size() <= 1000000) {
        h.update(piece);
        fed += piece.size();
    }
    h.update(std::string(1000000 - fed, 'a'));
    CHECK(h.hex_digest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    // Padding boundaries: 55, 56 and 64 bytes equal their one-piece hash when fed byte by byte.
    for (std::size_t n : {55u, 56u, 63u, 64u, 65u, 119u, 120u}) {
        std::string msg(n, 'x');
        Sha256 bytewise;
        for (char c : msg) bytewise.update(std::string_view(&c, 1));
        CHECK(bytewise.hex_digest() == sha256_hex(msg));
    }
}

TEST_CASE("sha256 of a file") {
    TempProgram p("abc");
    CHECK(sha256_file(p.file.string()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK_THROWS_AS(sha256_file((p.dir / "missing.c").string()), frontend::InputError);
}

TEST_CASE("xml escaping") {
    CHECK(xml_escape("a < b && c > \"d\" 'e'") == "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &apos;e&apos;");
    CHECK(xml_escape(std::string("x\x01y\n", 4)) == "xy\n");
}

TEST_CASE("violation witness of a replayed counterexample") {
    const std::string program =
        "extern int __VERIFIER_nondet_int(void);\n"  // 1
        "void reach_error(void);\n"                  // 2
        "int check(int v) {\n"                       // 3
        "  return v > 10;\n"                         // 4
        "}\n"                                        // 5
        "int main(void) {\n"                         // 6
        "  int x = __VERIFIER_nondet_int();\n"       // 7
        "  int y;\n"                                 // 8
        "  if (check(x - y)) {\n"                    // 9
        "    reach_error();\n"                       // 10
        "  }\n"                                      // 11
        "  return 0;\n"                              // 12
        "}\n";
    TempProgram p(program);
    frontend::TranslationUnit tu = frontend::parse_translation_unit(p.file.string(), frontend::DataModel::ILP32);
    const std::vector<std::uint64_t> inputs = {20, static_cast<std::uint64_t>(-3)};
    frontend::ReplayResult r = frontend::replay(tu, inputs);
    REQUIRE(r.outcome == frontend::ReplayOutcome::ReachedError);

    std::ostringstream out;
    write_violation_witness(out, info_for(p.file), r);
    const std::string w = out.str();
    INFO(w);

    std::string why;
    CHECK_MESSAGE(well_formed(w, why), why);
    // Declarations of the keys in use.
    for (const char* id : {"witness-type", "sourcecodelang", "producer", "specification", "programfile", "programhash",
                           "architecture", "creationtime", "entry", "violation", "startline", "assumption",
                           "assumption.scope", "assumption.resultfunction", "control", "enterFunction", "returnFrom"})
        CHECK(count(w, std::string("id=\"") + id + "\"") == 1);
    CHECK(w.find("attr.name=\"returnFromFunction\"") != std::string::npos);
    // Graph data.
    CHECK(w.find("<data key=\"witness-type\">violation_witness</data>") != std::string::npos);
    CHECK(w.find("<data key=\"sourcecodelang\">C</data>") != std::string::npos);
    CHECK(w.find("<data key=\"producer\">craig 0.1.0</data>") != std::string::npos);
    CHECK(w.find("<data key=\"architecture\">32bit</data>") != std::string::npos);
    CHECK(w.find("<data key=\"programhash\">" + sha256_hex(program) + "</data>") != std::string::npos);
    CHECK(w.find("<data key=\"programfile\">" + p.file.string() + "</data>") != std::string::npos);
    CHECK(w.find("LTL(G ! call(reach_error()))") != std::string::npos);
    const std::size_t ct = w.find("<data key=\"creationtime\">");
    REQUIRE(ct != std::string::npos);
    const std::string time = w.substr(ct + 25, 20);
    CHECK(time.size() == 20);
    CHECK(time[4] == '-');
    CHECK(time[10] == 'T');
    CHECK(time[19] == 'Z');
    // One entry and one violation node.
    CHECK(count(w, "<data key=\"entry\">true</data>") == 1);
    CHECK(count(w, "<data key=\"violation\">true</data>") == 1);
    // The nondet value and the uninitialised local.
    CHECK(w.find("   <data key=\"startline\">7</data>\n"
                 "   <data key=\"assumption\">\\result == 20;</data>\n"
                 "   <data key=\"assumption.scope\">main</data>\n"
                 "   <data key=\"assumption.resultfunction\">__VERIFIER_nondet_int</data>\n") != std::string::npos);
    CHECK(w.find("   <data key=\"startline\">8</data>\n"
                 "   <data key=\"assumption\">y == -3;</data>\n"
                 "   <data key=\"assumption.scope\">main</data>\n") != std::string::npos);
    // The call, its return, the branch and the error, in this order.
    const std::size_t enter = w.find("<data key=\"enterFunction\">check</data>");
    const std::size_t ret = w.find("<data key=\"returnFrom\">check</data>");
    const std::size_t branch = w.find("<data key=\"control\">condition-true</data>");
    const std::size_t error = w.find("<data key=\"startline\">10</data>");
    CHECK(enter != std::string::npos);
    CHECK(ret > enter);
    CHECK(ret != std::string::npos);
    CHECK(branch > ret);
    CHECK(branch != std::string::npos);
    CHECK(error > branch);
    CHECK(error != std::string::npos);
    CHECK(w.find("<data key=\"startline\">4</data>\n   <data key=\"returnFrom\">check</data>") != std::string::npos);
    // The violation node is the target of the last edge.
    const std::size_t violation_node = w.rfind("<node id=\"N");
    const std::size_t last_edge = w.rfind("<edge source=");
    REQUIRE(violation_node != std::string::npos);
    const std::string node_id = w.substr(violation_node + 10, w.find('"', violation_node + 10) - violation_node - 10);
    const std::string violation = "<node id=\"" + node_id + "\">\n   <data key=\"violation\">true</data>";
    CHECK(w.compare(violation_node, violation.size(), violation) == 0);
    CHECK(w.find("target=\"" + node_id + "\"", last_edge) != std::string::npos);
    // Assignments are not written.
    CHECK(count(w, "<edge ") == 6);  // nondet, y, enter, return, branch, error
}

TEST_CASE("violation witness: escaping, false branches, large unsigned values") {
    const std::string program =
        "extern unsigned int __VERIFIER_nondet_uint(void);\n"
        "void reach_error(void);\n"
        "int main(void) {\n"
        "  unsigned int u = __VERIFIER_nondet_uint();\n"
        "  if (u < 5u) return 0;\n"
        "  reach_error();\n"
        "}\n";
    TempProgram p(program, "a&b<c>.c");
    frontend::TranslationUnit tu = frontend::parse_string(program, p.file.string(), frontend::DataModel::ILP32);
    const std::vector<std::uint64_t> inputs = {4294967295u};
    frontend::ReplayResult r = frontend::replay(tu, inputs);
    REQUIRE(r.outcome == frontend::ReplayOutcome::ReachedError);
    WitnessInfo info = info_for(p.file);
    info.specification = "CHECK( init(main()), LTL(G ! call(reach_error())) ) <&>";
    info.architecture = "64bit";
    std::ostringstream out;
    write_violation_witness(out, info, r);
    const std::string w = out.str();
    INFO(w);
    std::string why;
    CHECK_MESSAGE(well_formed(w, why), why);
    CHECK(w.find("a&amp;b&lt;c&gt;.c</data>") != std::string::npos);
    CHECK(w.find(") &lt;&amp;&gt;</data>") != std::string::npos);
    CHECK(w.find("\\result == 4294967295;") != std::string::npos);
    CHECK(w.find("<data key=\"control\">condition-false</data>") != std::string::npos);
    CHECK(w.find("<data key=\"architecture\">64bit</data>") != std::string::npos);

    // Only replays that reach the error have violation witnesses.
    frontend::ReplayResult exited = frontend::replay(tu, std::vector<std::uint64_t>{1});
    REQUIRE(exited.outcome == frontend::ReplayOutcome::Exited);
    std::ostringstream ignored;
    CHECK_THROWS_AS(write_violation_witness(ignored, info, exited), std::invalid_argument);
}
