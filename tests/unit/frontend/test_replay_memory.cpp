// Concrete interpreter on memory: arrays, pointers, structs, malloc/calloc/free, and the reports of
// invalid accesses (interpreter.hpp, "Memory").
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "frontend/replay.hpp"
#include "frontend/memory.hpp"

using namespace craig::frontend;

namespace {

// Declarations of the builtins, on line 1: programs start on line 2.
const char* kPrelude =
    "void reach_error(void); extern int __VERIFIER_nondet_int(void); "
    "extern void *malloc(unsigned int); extern void *calloc(unsigned int, unsigned int); "
    "extern void free(void *); extern void *alloca(unsigned int);\n";

ReplayResult run(const std::string& program, std::vector<std::uint64_t> inputs = {}, const ReplayLimits& limits = {}) {
    TranslationUnit tu = parse_string(std::string(kPrelude) + program, "t.c", DataModel::ILP32);
    return replay(tu, inputs, limits);
}

// main's body is `code` (from line 3 on) and `return 0;`.
ReplayResult body(const std::string& code, std::vector<std::uint64_t> inputs = {}, const ReplayLimits& limits = {}) {
    return run("int main(void) {\n" + code + "\nreturn 0;\n}\n", std::move(inputs), limits);
}

// Whether `condition` holds at the end of main after `code` (the program reaches the error
// exactly then); any other outcome fails the test.
bool holds(const std::string& code, const std::string& condition, std::vector<std::uint64_t> inputs = {},
           const std::string& decls = "") {
    ReplayResult r =
        run(decls + "int main(void) {\n" + code + "\nif (" + condition + ") reach_error();\nreturn 0;\n}\n",
            std::move(inputs));
    INFO(code << " | " << condition << " -> " << to_string(r.outcome) << ": " << r.message);
    REQUIRE((r.outcome == ReplayOutcome::ReachedError || r.outcome == ReplayOutcome::Exited));
    return r.outcome == ReplayOutcome::ReachedError;
}

// The message of a replay that must end with undefined behaviour.
std::string undefined(const ReplayResult& r) {
    INFO(to_string(r.outcome) << ": " << r.message);
    CHECK(r.outcome == ReplayOutcome::UndefinedBehaviour);
    return r.message;
}

std::vector<const TraceStep*> steps(const ReplayResult& r, TraceStep::Kind kind) {
    std::vector<const TraceStep*> out;
    for (const TraceStep& s : r.trace)
        if (s.kind == kind) out.push_back(&s);
    return out;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST_CASE("replay memory: arrays are read and written") {
    CHECK(holds("int a[3] = {0};\na[0] = 1; a[1] = a[0] + 1; a[2] = a[1] * 3;", "a[2] == 6 && a[0] == 1"));
    CHECK(
        holds("int a[4] = {0}; int s = 0;\nfor (int i = 0; i < 4; i++) a[i] = i * i;\n"
              "for (int i = 0; i < 4; i++) s += a[i];",
              "s == 14"));
    CHECK(holds("g[3] = 7;", "g[3] == 7 && g[0] == 0 && g[9] == 0", {}, "int g[10];\n"));
    // An index of any integer type; i[a] is a[i].
    CHECK(holds("int a[3] = {4, 5, 6}; unsigned char k = 2; long long j = 1;", "a[k] == 6 && a[j] == 5 && 2[a] == 6"));
}

TEST_CASE("replay memory: multi-dimensional arrays") {
    CHECK(holds("int m[3][2] = {{1, 2}, {3, 4}, {5, 6}};", "m[2][1] == 6 && m[1][0] == 3 && m[0][1] == 2"));
    CHECK(holds("int m[2][3] = {0};\nfor (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) m[i][j] = 10 * i + j;",
                "m[1][2] == 12 && m[0][2] == 2"));
    // A row decays to a pointer to its first element.
    CHECK(holds("int m[2][3] = {{1, 2, 3}, {4, 5, 6}}; int *row = m[1];", "row[0] == 4 && *(row + 2) == 6"));
}

TEST_CASE("replay memory: initialisers: listed cells, the rest zero or null") {
    const std::string decls =
        "struct P { int x; int y[2]; int *p; };\n"
        "int g[4] = {1, 2}; struct P gp = {.y = {0, 5}}; int arr[3] = {7, 8, 9}; int *q = &arr[1]; int *r = arr + 2;\n";
    CHECK(holds("", "g[0] == 1 && g[1] == 2 && g[2] == 0 && g[3] == 0", {}, decls));
    CHECK(holds("", "gp.x == 0 && gp.y[1] == 5 && gp.p == 0", {}, decls));
    CHECK(holds("", "*q == 8 && *r == 9 && r - q == 1", {}, decls));
    // Locals: no inputs, unlisted cells zero.
    ReplayResult r = run(decls +
                         "int main(void) {\nint a[5] = {1}; struct P s = {3};\n"
                         "if (a[4] == 0 && a[0] == 1 && s.x == 3 && s.y[1] == 0 && !s.p) reach_error();\n"
                         "return 0;\n}\n");
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(r.inputs_used == 0);
    // A string initialises a char array.
    CHECK(holds("char s[4] = \"ab\";", "s[0] == 'a' && s[1] == 'b' && s[2] == 0 && s[3] == 0"));
}

TEST_CASE("replay memory: an uninitialised local aggregate reads one input per integer cell, with its name") {
    const std::string p =
        "struct S { int x; int y[2]; int *p; };\n"
        "int main(void) {\n"
        "  int m[2][2];\n"
        "  struct S s;\n"
        "  int *q;\n"
        "  int k;\n"
        "  if (m[1][0] == 3 && s.y[1] == 6 && k == 7) reach_error();\n"
        "  return 0;\n"
        "}\n";
    ReplayResult r = run(p, {1, 2, 3, 4, 5, 0xFFFFFFFF00000006ull, 6, 7});
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(r.inputs_used == 8);
    auto in = steps(r, TraceStep::Input);
    REQUIRE(in.size() == 8);
    const std::vector<std::string> names{"m[0][0]", "m[0][1]", "m[1][0]", "m[1][1]", "s.x", "s.y[0]", "s.y[1]", "k"};
    for (std::size_t i = 0; i < names.size(); ++i) {
        CHECK(in[i]->name == names[i]);
        CHECK(in[i]->source == TraceStep::InputSource::Uninitialised);
        CHECK(in[i]->type == Type::of(TypeKind::Int));
    }
    CHECK(in[0]->loc.line == 4);
    CHECK(in[4]->loc.line == 5);
    CHECK(in[5]->value == 6);  // converted to int
    // The pointer cell s.p and the pointer q read nothing and are uninitialised.
    CHECK(starts_with(undefined(body("struct { int a; int *p; } s;\nint *x = s.p;", {1})),
                      "read of uninitialised memory"));
    CHECK(undefined(body("int *q;\nint *x = q;")) == "variable q is read before it has a value");

    // Each execution of the declaration reads again.
    ReplayResult loop = body(
        "int s = 0;\nfor (int i = 0; i < 2; i++) { int a[2]; s = s + a[0] + a[1]; }\n"
        "if (s == 10) reach_error();",
        {1, 2, 3, 4});
    CHECK(loop.outcome == ReplayOutcome::ReachedError);
}

TEST_CASE("replay memory: aggregates above max_input_cells stay uninitialised") {
    ReplayResult r = body("int big[300];\nbig[1] = 5;\nint x = big[1];\nint y = big[2];");
    CHECK(r.inputs_used == 0);
    CHECK(undefined(r) == "read of uninitialised memory (big[2])");
    CHECK(r.where.line == 6);
    ReplayLimits more;
    more.max_input_cells = 300;
    std::vector<std::uint64_t> in(300, 1);
    ReplayResult all = body("int big[300];\nif (big[299] == 1) reach_error();", in, more);
    CHECK(all.outcome == ReplayOutcome::ReachedError);
    CHECK(all.inputs_used == 300);
}

TEST_CASE("replay memory: variable-length arrays") {
    const std::string vla =
        "int n = __VERIFIER_nondet_int();\n"
        "int v[n];\n"
        "for (int i = 0; i < n; i++) v[i] = 2 * i;\n";
    // Its size is known only at run time: its cells read no input and are uninitialised.
    ReplayResult r = body(vla + "if (v[n - 1] == 4) reach_error();", {3});
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(r.inputs_used == 1);
    CHECK(undefined(body("int n = __VERIFIER_nondet_int();\nint v[n];\nint x = v[1];", {3})) ==
          "read of uninitialised memory (v[1])");
    CHECK(undefined(body(vla + "v[n] = 1;", {3})) == "out-of-bounds write of v[3] (3 elements)");
    // Length 0 is GNU C's empty array; a negative length is undefined.
    CHECK(body(vla, {0}).outcome == ReplayOutcome::Exited);
    CHECK(undefined(body(vla + "v[0] = 1;", {0})) == "out-of-bounds write of v[0] (0 elements)");
    CHECK(starts_with(undefined(body(vla, {static_cast<std::uint64_t>(-2)})),
                      "variable-length array of negative length"));
    // Two dimensions of variable length around a constant one.
    CHECK(
        holds("int n = __VERIFIER_nondet_int(), k = __VERIFIER_nondet_int();\nint w[n][3][k];\n"
              "w[1][2][k - 1] = 5; w[0][0][0] = 1; w[1][0][0] = 2;",
              "w[1][2][k - 1] == 5 && w[0][0][0] == 1 && w[1][0][0] == 2 && &w[1][2][3] - &w[0][0][0] == 23", {2, 4}));
    CHECK(undefined(body("int n = __VERIFIER_nondet_int();\nint w[n][2];\nw[0][2] = 1;", {300})) ==
          "out-of-bounds write of w[0][2] (2 elements)");
    // Each execution of the declaration makes a new array; the previous one is dead.
    CHECK(undefined(body("int n = __VERIFIER_nondet_int(); int *p = 0;\n"
                         "for (int i = 0; i < 2; i++) { int v[n]; if (i == 0) p = v; else *p = 1; }",
                         {1})) == "access to a dead object");
}

TEST_CASE("replay memory: pointers to variables: swap through pointers") {
    const std::string swap = "void swap(int *p, int *q) { int t = *p; *p = *q; *q = t; }\n";
    CHECK(holds("int x = 1, y = 2;\nswap(&x, &y);", "x == 2 && y == 1", {}, swap));
    CHECK(holds("int a[2] = {5, 6};\nswap(&a[0], a + 1);", "a[0] == 6 && a[1] == 5", {}, swap));
    CHECK(holds("int x = 1; int *p = &x; int **pp = &p;\n**pp = 9;", "x == 9 && *p == 9 && p == &x"));
    // A pointer returned from a call into the caller's object.
    CHECK(holds("int a[3] = {1, 2, 3};\nint *m = mid(a);\n*m = 0;", "a[1] == 0", {},
                "int *mid(int *p) { return p + 1; }\n"));
}

TEST_CASE("replay memory: pointer arithmetic, differences and comparisons") {
    CHECK(holds("int a[4] = {1, 2, 3, 4}; int *p = a;\np = p + 2;",
                "*p == 3 && p[1] == 4 && p - a == 2 && *(p - 2) == 1 && a - p == -2"));
    CHECK(holds("int a[4] = {1, 2, 3, 4}; int s = 0;\nfor (int *p = a; p < a + 4; p++) s += *p;", "s == 10"));
    CHECK(holds("int a[4] = {1, 2, 3, 4}; int *e = a + 4; int *p = e;\n--p; p--;", "*p == 3 && e - p == 2"));
    CHECK(holds("int a[2]; int *p = &a[1];", "p == a + 1 && p != a && p > a && a <= p", {0, 0}));
    CHECK(holds("int *p = 0; int x;", "!p && p == 0 && (p ? 1 : 2) == 2 && !(p && 1)", {0}));
    CHECK(holds("int x = 0; int *p = &x;", "p && (p || 0) && p != 0", {}));
    // Pointers may leave their object (as addresses do under GCC); accesses through them may not.
    CHECK(holds("int a[4] = {1, 2, 3, 4}; int *p = a + 6;\np = p - 3;", "*p == 4 && p - a == 3"));
    CHECK(holds("int a[4] = {1, 2, 3, 4}; int *p = a; p--; int *q = &a[7]; int *r = &a[-1];\np++;",
                "*p == 1 && q - a == 7 && r + 1 == a"));
    CHECK(undefined(body("int a[4] = {0}; int *p = a + 5;\nint x = *p;")) == "out-of-bounds read of a[5] (4 elements)");
    CHECK(undefined(body("int a[4] = {0}; int *p = a - 1;\n*p = 1;")) == "out-of-bounds write of a[-1] (4 elements)");
    CHECK(undefined(body("int m[3][2] = {0}; int *p = &m[3][0];\nint x = *p;")) ==
          "out-of-bounds read of m[3][0] (3 elements)");
    // Null plus a number, and offsets no object can have, are undefined at once.
    CHECK(undefined(body("int *p = 0; p = p + 1;")) == "pointer arithmetic on a null pointer");
    CHECK(undefined(body("int a[4] = {0}; int *p = a + 4611686018427387904LL;")) == "pointer arithmetic out of bounds");
    // Different objects.
    CHECK(undefined(body("int x = 0, y = 0; int *p = &x, *q = &y;\nint b = p < q;")) ==
          "comparison of pointers to different objects");
    CHECK(undefined(body("int x = 0, y = 0; int *p = &x, *q = &y;\nint d = p - q;")) ==
          "subtraction of pointers to different objects");
    CHECK(holds("int x = 0, y = 0; int *p = &x, *q = &y;", "p != q"));
}

TEST_CASE("replay memory: struct members, pointers to structs and struct assignment") {
    const std::string decls = "struct P { int x; int y[2]; };\nstruct L { int v; struct L *next; };\n";
    CHECK(holds("struct P s = {0}, t = {0};\ns.x = 1; s.y[0] = 2; s.y[1] = 3;\nt = s; t.x = 10;",
                "s.x == 1 && t.x == 10 && t.y[1] == 3 && t.y[0] == 2", {}, decls));
    CHECK(holds("struct P s = {0}; struct P *ps = &s;\nps->x = 7; ps->y[1] = 8; (*ps).y[0] = 9;",
                "s.x == 7 && s.y[1] == 8 && s.y[0] == 9 && &ps->y[1] == &s.y[1]", {}, decls));
    CHECK(holds("struct P arr[3] = {0};\narr[2].y[1] = 4; struct P *q = &arr[1]; q[1].x = 5;",
                "arr[2].y[1] == 4 && arr[2].x == 5 && (q + 1)->y[1] == 4", {}, decls));
    // A linked list on the stack.
    CHECK(
        holds("struct L c = {3, 0}, b = {2, &c}, a = {1, &b}; int s = 0;\n"
              "for (struct L *p = &a; p; p = p->next) s += p->v;",
              "s == 6", {}, decls));
    // Copying copies uninitialised cells as such; reading them is reported.
    ReplayLimits none;
    none.max_input_cells = 0;
    CHECK(undefined(run(decls + "int main(void) {\nstruct P s; s.x = 1; struct P t = {0};\nt = s;\nint k = t.y[0];\n"
                                "return 0;\n}\n",
                        {}, none)) == "read of uninitialised memory (t.y[0])");
}

TEST_CASE("replay memory: malloc, calloc and free") {
    const std::string decls = "struct P { int x; int y[2]; int *p; };\n";
    // malloc'ed cells are inputs, named after the block.
    ReplayResult r = body(
        "int *p = malloc(3 * sizeof(int));\np[1] = p[0] + p[2];\nif (p[1] == 5) reach_error();\nfree(p);", {2, 7, 3});
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    auto in = steps(r, TraceStep::Input);
    REQUIRE(in.size() == 3);
    CHECK(in[0]->source == TraceStep::InputSource::Allocated);
    CHECK(in[2]->name == "malloc'ed object at 3:10[2]");
    // A struct block.
    CHECK(holds("struct P *s = malloc(sizeof(struct P));\ns->y[1] = s->x; s->p = &s->x;", "s->y[1] == 4 && *s->p == 4",
                {4, 0, 0}, decls));
    // calloc: zero, no inputs.
    ReplayResult c = body("int *p = calloc(4, sizeof(int));\nif (p[3] == 0 && p[0] == 0) reach_error();");
    CHECK(c.outcome == ReplayOutcome::ReachedError);
    CHECK(c.inputs_used == 0);
    CHECK(holds("struct P *s = calloc(2, sizeof(struct P));", "s[1].p == 0 && s[1].y[1] == 0", {}, decls));
    // free(NULL) does nothing; a freed block can be replaced.
    CHECK(holds("free(0); int *p = calloc(1, sizeof(int)); free(p); p = calloc(1, sizeof(int)); *p = 3;", "*p == 3"));
    // Sizes that are no multiple of the element, zero, an overflowing calloc.
    CHECK(
        starts_with(undefined(body("int *p = malloc(5);")), "malloc size 5 is not a positive multiple of sizeof(int)"));
    CHECK(starts_with(undefined(body("int *p = malloc(0);")), "malloc size"));
    CHECK(starts_with(undefined(body("int *p = calloc(65536, 65536);")), "calloc size"));
    // Blocks sized at run time read no inputs (as variable-length arrays).
    ReplayResult rt =
        body("unsigned n = __VERIFIER_nondet_int();\nint *p = malloc(n * sizeof(int));\nint x = p[1];", {2});
    CHECK(undefined(rt) == "read of uninitialised memory (malloc'ed object at 4:10[1])");
    CHECK(rt.inputs_used == 1);
    // Large blocks are uninitialised.
    CHECK(undefined(body("int *p = malloc(1200);\nint x = p[7];")) ==
          "read of uninitialised memory (malloc'ed object at 3:10[7])");
}

TEST_CASE("replay memory: out-of-bounds reads and writes") {
    ReplayResult r = body("int a[3] = {0}; int i = 3;\nint x = a[i];");
    CHECK(undefined(r) == "out-of-bounds read of a[3] (3 elements)");
    CHECK(r.where.line == 4);
    CHECK(undefined(body("int a[3] = {0}; int i = -1;\na[i] = 1;")) == "out-of-bounds write of a[-1] (3 elements)");
    // Through a pointer: one past the end is a valid pointer, not a valid access.
    CHECK(undefined(body("int a[3] = {0}; int *p = a;\nint x = p[3];")) == "out-of-bounds read of a[3] (3 elements)");
    CHECK(undefined(body("int a[3] = {0}; int *p = a + 3;\n*p = 1;")) == "out-of-bounds write of a[3] (3 elements)");
    CHECK(undefined(body("int a[3] = {0}; int *p = a;\nint x = p[4];")) == "out-of-bounds read of a[4] (3 elements)");
    // Each dimension is bounded, although the cell exists.
    CHECK(undefined(body("int m[3][2] = {0}; int j = 2;\nint x = m[0][j];")) ==
          "out-of-bounds read of m[0][2] (2 elements)");
    CHECK(undefined(body("int m[3][2] = {0}; int j = 3;\nm[j][0] = 1;")) == "out-of-bounds write of m[3] (3 elements)");
    // A variable that is not an array is one element; malloc'ed blocks are named by their call.
    CHECK(undefined(body("int x = 0; int *p = &x + 1;\nint y = *p;")) == "out-of-bounds read of x[1] (1 element)");
    CHECK(undefined(body("int *p = calloc(2, sizeof(int));\np[2] = 1;")) ==
          "out-of-bounds write of malloc'ed object at 3:10[2] (2 elements)");
    CHECK(undefined(body("struct { int a[2]; int b; } s = {0}; int i = 2;\ns.a[i] = 1;")) ==
          "out-of-bounds write of s.a[2] (2 elements)");
}

TEST_CASE("replay memory: null, freed and dangling pointers") {
    ReplayResult r = body("int *p = 0;\nint x = *p;");
    CHECK(undefined(r) == "null pointer dereference");
    CHECK(r.where.line == 4);
    CHECK(undefined(body("struct { int a; } *s = 0;\ns->a = 1;")) == "null pointer dereference");
    CHECK(undefined(body("int *p = calloc(1, sizeof(int));\nfree(p);\nint x = *p;")) == "access to a dead object");
    CHECK(undefined(body("int *p = calloc(1, sizeof(int));\nfree(p);\n*p = 1;")) == "access to a dead object");
    CHECK(undefined(body("int *p = calloc(1, sizeof(int));\nfree(p);\nfree(p);")) ==
          "double free of malloc'ed object at 3:10");
    CHECK(undefined(body("int x = 0;\nfree(&x);")) == "invalid free of x, not malloc'ed");
    CHECK(starts_with(undefined(body("int *p = calloc(2, sizeof(int));\nfree(p + 1);")), "invalid free of"));
    // A local of a returned call is dead, also when its slot has been reused by another call.
    const std::string f = "int *leak(void) { int l = 5; return &l; }\nint other(void) { int k = 6; return k; }\n";
    CHECK(undefined(run(f + "int main(void) {\nint *p = leak();\nint x = *p;\nreturn 0;\n}\n")) ==
          "access to a dead object");
    CHECK(undefined(run(f + "int main(void) {\nint *p = leak();\nother();\n*p = 1;\nreturn 0;\n}\n")) ==
          "access to a dead object");
    CHECK(undefined(run(f + "int main(void) {\nint *p = leak();\nint *q = p + 0; q = p + 1;\nreturn 0;\n}\n")) ==
          "pointer arithmetic on a pointer to a dead object");
    // Slots of freed blocks are reused (long) after; pointers to the old blocks stay dead.
    ReplayResult churn = body(
        "int *first = calloc(1, sizeof(int)); free(first); int s = 0;\n"
        "for (int i = 0; i < 3000; i++) { int *p = calloc(1, sizeof(int)); *p = i; s += *p; free(p); }\n"
        "if (s == 4498500) reach_error();");
    CHECK(churn.outcome == ReplayOutcome::ReachedError);
    CHECK(undefined(body("int *first = calloc(1, sizeof(int)); free(first);\n"
                         "for (int i = 0; i < 3000; i++) { int *p = calloc(1, sizeof(int)); free(p); }\n"
                         "int x = *first;")) == "access to a dead object");
    CHECK(undefined(body("int *first = calloc(1, sizeof(int)); free(first);\n"
                         "for (int i = 0; i < 3000; i++) { int *p = calloc(1, sizeof(int)); free(p); }\n"
                         "int *q = calloc(1, sizeof(int));\nfree(first);")) ==
          "invalid free of a pointer to a dead object");
    // alloca'ed blocks die with their caller.
    CHECK(undefined(run("int *g(void) { int *p = alloca(2 * sizeof(int)); p[0] = 1; return p; }\n"
                        "int main(void) {\nint *p = g();\nint x = p[0];\nreturn 0;\n}\n",
                        {0, 0})) == "access to a dead object");
}

TEST_CASE("replay memory: unions: writing a member makes the others uninitialised") {
    const std::string decls = "union U { int a; short b; };\n";
    ReplayResult r = run(decls + "int main(void) {\nunion U u; u.a = 5;\nif (u.a == 5) reach_error();\nreturn 0;\n}\n");
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(r.inputs_used == 0);  // union cells read no input
    CHECK(undefined(run(decls + "int main(void) {\nunion U u; u.a = 5;\nshort s = u.b;\nreturn 0;\n}\n")) ==
          "read of uninitialised memory (u.b)");
    // An initialised member is the written one.
    CHECK(holds("union U u = {.b = 3};", "u.b == 3", {}, decls));
    CHECK(undefined(run(decls + "int main(void) {\nunion U u = {.b = 3};\nint x = u.a;\nreturn 0;\n}\n")) ==
          "read of uninitialised memory (u.a)");
}

TEST_CASE("replay memory: the trace records every store to an integer cell") {
    ReplayResult r = body(
        "struct { int x; int y[2]; } s = {0}; int a[3] = {0}; int i = 1; int *p = &a[2];\n"
        "a[1] = 5; s.y[1] = 6; a[i] = 7; *p = 8; s.x++;\nreach_error();");
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    std::vector<std::string> names;
    for (const TraceStep* s : steps(r, TraceStep::Assign))
        if (s->loc.line == 4) names.push_back(s->name + "=" + std::to_string(s->value));
    // Through a variable index or a pointer into a named object: by the cell's name (issue 50, 13).
    CHECK(names == std::vector<std::string>{"a[1]=5", "s.y[1]=6", "a[1]=7", "a[2]=8", "s.x=1"});
    // Into a malloc'ed block, which has no C name: by the program's lvalue.
    ReplayResult h = body("int *h = (int *)malloc(sizeof(int));\nif (!h) return 0;\n*h = 9;\nreach_error();", {0});
    REQUIRE(h.outcome == ReplayOutcome::ReachedError);
    bool heap_store = false;
    for (const TraceStep* s : steps(h, TraceStep::Assign)) heap_store |= s->name == "*h" && s->value == 9;
    CHECK(heap_store);
}

TEST_CASE("replay memory: limits on memory") {
    ReplayLimits small;
    small.max_memory_cells = 100;
    CHECK(body("int a[200];", {}, small).outcome == ReplayOutcome::StepLimit);
    CHECK(body("int *p = calloc(200, sizeof(int));", {}, small).outcome == ReplayOutcome::StepLimit);
    // Locals are released when their call returns.
    ReplayResult r =
        run("int f(int n) { int a[50] = {0}; a[49] = n; return a[49]; }\n"
            "int main(void) {\nint s = 0;\nfor (int i = 0; i < 1000; i++) s += f(1);\n"
            "if (s == 1000) reach_error();\nreturn 0;\n}\n",
            {}, small);
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    // Deep recursion with arrays in every frame.
    CHECK(run("int f(int n) { int a[4] = {n}; return n == 0 ? a[0] : f(n - 1) + a[0]; }\n"
              "int main(void) {\nif (f(2000) == 2001000) reach_error();\nreturn 0;\n}\n")
              .outcome == ReplayOutcome::ReachedError);
}

TEST_CASE("replay memory: a heap list built in a loop") {
    const std::string decls = "struct L { int v; struct L *next; };\n";
    ReplayResult r =
        run(decls +
                "int main(void) {\nstruct L *h = 0;\n"
                "for (int i = 0; i < 3; i++) { struct L *n = malloc(sizeof(struct L)); n->v += i; n->next = h; "
                "h = n; }\n"
                "int s = 0;\nfor (struct L *p = h; p; p = p->next) s = s * 10 + p->v;\n"
                "while (h) { struct L *d = h; h = h->next; free(d); }\n"
                "if (s == 321) reach_error();\nreturn 0;\n}\n",
            {1, 1, 1});  // one input per block: v (next is a pointer)
    CHECK(r.outcome == ReplayOutcome::ReachedError);
    CHECK(r.inputs_used == 3);
}

TEST_CASE("replay memory: pointer conditions in the trace; extern arrays") {
    ReplayResult r = body("int x = 0; int *p = &x; int *q = 0;\nif (p) x = 1;\nif (q) x = 2;\nreach_error();");
    auto br = steps(r, TraceStep::Branch);
    REQUIRE(br.size() == 2);
    CHECK(br[0]->taken);
    CHECK(br[0]->value == 1);
    CHECK_FALSE(br[1]->taken);
    CHECK(br[1]->value == 0);

    ReplayResult e =
        run("extern int ea[3]; extern int k;\nint main(void) {\nif (ea[2] == 5 && k == 6) reach_error();\n"
            "return 0;\n}\n",
            {0, 0, 5, 6});
    CHECK(e.outcome == ReplayOutcome::ReachedError);
    auto in = steps(e, TraceStep::Input);
    REQUIRE(in.size() == 4);
    CHECK(in[2]->name == "ea[2]");
    CHECK(in[2]->source == TraceStep::InputSource::Extern);
    CHECK(in[3]->name == "k");
}

TEST_CASE("memory: an access of another type than the cell's is reported") {
    TypeTable tt(DataModel::ILP32);
    const Type i = Type::of(TypeKind::Int);
    memory::Memory mem(1000);
    ObjectShape shape{{2}, i};
    const std::uint32_t a = mem.create(memory::ObjectKind::Heap, shape, 2, nullptr, nullptr);
    REQUIRE(a != 0);
    CHECK(mem.check(mem.address(a, 1), i, 1, false).empty());
    CHECK(mem.check(mem.address(a, 1), Type::of(TypeKind::UInt), 1, false) ==
          "access through a pointer of another type");
    CHECK(mem.check(mem.address(a, 2), i, 1, true) == "out-of-bounds write of malloc'ed object at ?[2] (2 elements)");
    // Pointer cells: the same pointer type, or void * on either side.
    ObjectShape pshape{{}, tt.pointer_to(i)};
    const std::uint32_t p = mem.create(memory::ObjectKind::Global, pshape, 1, nullptr, nullptr);
    CHECK(mem.check(mem.address(p), tt.pointer_to(i), 1, false).empty());
    CHECK(mem.check(mem.address(p), tt.pointer_to(Type::of(TypeKind::Void)), 1, false).empty());
    CHECK(mem.check(mem.address(p), tt.pointer_to(Type::of(TypeKind::Char)), 1, false) ==
          "access through a pointer of another type");
    // Dead and null.
    mem.kill(a);
    CHECK(mem.check(mem.address(a), i, 1, false) == "access to a dead object");
    CHECK(mem.check(memory::Value{}, i, 1, false) == "null pointer dereference");
    // A stack slot reused under a new generation does not revive old pointers.
    const std::uint32_t l = mem.create(memory::ObjectKind::Local, ObjectShape{{}, i}, 1, nullptr, nullptr);
    const memory::Value old = mem.address(l);
    mem.kill(l);
    const std::uint32_t l2 = mem.create(memory::ObjectKind::Local, ObjectShape{{}, i}, 1, nullptr, nullptr);
    CHECK(l2 == l);
    CHECK(mem.check(old, i, 1, false) == "access to a dead object");
    CHECK(mem.check(mem.address(l2), i, 1, false).empty());
    // The cell limit.
    CHECK(mem.create(memory::ObjectKind::Heap, ObjectShape{{2000}, i}, 2000, nullptr, nullptr) == 0);
}
