// Pointers, arrays, structs and unions in the front end: types and layouts, the typed
// expression forms of ast.hpp, initialisers, and what is rejected (ParseError / Unsupported
// with its location).
#include <doctest/doctest.h>

#include <string>

#include "frontend/builtins.hpp"
#include "frontend_test_util.hpp"

using namespace craig::frontend;
using namespace craig::frontend::test;

namespace {

// Declarations visible to the snippets below (besides kGlobals' integers).
const std::string kDecls =
    "struct node { int v; struct node *next; }; struct pair { int x, y; };\n"
    "extern void *malloc(unsigned long); extern void *calloc(unsigned long, unsigned long);\n"
    "extern void free(void *);\n"
    "int arr[10], m[3][4], *p, *q, **pp; void *vp; char *cp; struct node nd, *np; struct pair sa, sb, ps[2];\n";

TranslationUnit parse_with_decls(const std::string& code, DataModel dm = DataModel::ILP32) {
    return parse_string(std::string(kGlobals) + kDecls + "int main(void) {\n" + code + "\n}\n", "t.c", dm);
}

// The first statement's expression in main.
const Expr& first_expr(const TranslationUnit& tu) { return *tu.main_function()->body->stmts[0]->expr; }

// Printed statements of main's body with kDecls in scope.
std::string mbody(const std::string& code, DataModel dm = DataModel::ILP32) {
    TranslationUnit tu = parse_with_decls(code, dm);
    std::string out;
    for (const auto& st : tu.main_function()->body->stmts) out += print(*st, 0);
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

std::string mexpr(const std::string& code, DataModel dm = DataModel::ILP32) {
    std::string s = mbody(code + ";", dm);
    if (!s.empty() && s.back() == ';') s.pop_back();
    return s;
}

std::string mtype(const std::string& code, DataModel dm = DataModel::ILP32) {
    TranslationUnit tu = parse_with_decls(code + ";", dm);
    return to_string(first_expr(tu).type);
}

// The construct / "parse error: ..." of a snippet in main (with kDecls), "" if accepted.
std::string mfail(const std::string& code) {
    return unsupported(std::string(kGlobals) + kDecls + "int main(void) {\n" + code + "\nreturn 0; }\n");
}

// Value of `sizeof`/`_Alignof` expressions: the global r initialised with `code`.
std::uint64_t value_of(const std::string& decls, const std::string& code, DataModel dm) {
    TranslationUnit tu = parse_string(decls + "\nunsigned long long r = " + code + ";", "t.c", dm);
    return tu.globals.back()->init->value;
}

const VarDecl& global(const TranslationUnit& tu, const std::string& name) {
    for (const auto& g : tu.globals) {
        if (g->name == name) return *g;
    }
    FAIL("no global " << name);
    throw;
}

const char* const kLayouts =
    "struct A { char c; int i; short s; }; struct B { char c; long l; };\n"
    "struct C { char c; long long ll; }; struct D { char c; int *p; };\n"
    "union U { char c[5]; int i; }; struct E { char c; struct A a; };\n"
    "struct F { short s; char c[3]; }; struct G { struct F f[2]; char c; };";

}  // namespace

TEST_CASE("sizes and struct layouts under ILP32 and LP64 (GCC's)") {
    const auto I = DataModel::ILP32, L = DataModel::LP64;
    CHECK(value_of(kLayouts, "sizeof(int[3][4])", I) == 48);
    CHECK(value_of(kLayouts, "sizeof(int *)", I) == 4);
    CHECK(value_of(kLayouts, "sizeof(int *)", L) == 8);
    CHECK(value_of(kLayouts, "sizeof(char *[3])", L) == 24);
    CHECK(value_of(kLayouts, "sizeof(struct A)", I) == 12);
    CHECK(value_of(kLayouts, "sizeof(struct A)", L) == 12);
    CHECK(value_of(kLayouts, "sizeof(struct B)", I) == 8);
    CHECK(value_of(kLayouts, "sizeof(struct B)", L) == 16);
    CHECK(value_of(kLayouts, "sizeof(struct C)", I) == 12);  // i386: long long aligned to 4 in structs
    CHECK(value_of(kLayouts, "sizeof(struct C)", L) == 16);
    CHECK(value_of(kLayouts, "_Alignof(struct C)", I) == 4);
    CHECK(value_of(kLayouts, "_Alignof(struct C)", L) == 8);
    CHECK(value_of(kLayouts, "sizeof(struct D)", I) == 8);
    CHECK(value_of(kLayouts, "sizeof(struct D)", L) == 16);
    CHECK(value_of(kLayouts, "sizeof(union U)", I) == 8);
    CHECK(value_of(kLayouts, "sizeof(struct E)", L) == 16);
    CHECK(value_of(kLayouts, "sizeof(struct F)", L) == 6);
    CHECK(value_of(kLayouts, "sizeof(struct G)", L) == 14);
    CHECK(value_of(kLayouts, "sizeof(struct A[2])", I) == 24);
    CHECK(value_of(kLayouts, "_Alignof(int[3])", I) == 4);
    CHECK(value_of(kLayouts, "sizeof(void)", I) == 1);

    TranslationUnit tu = parse_string(std::string(kLayouts) + "\nstruct A a; struct C c; struct G g;", "t.c", L);
    const Aggregate& a = *global(tu, "a").type.info;
    CHECK(a.complete);
    REQUIRE(a.fields.size() == 3);
    CHECK(a.fields[0].offset == 0);
    CHECK(a.fields[1].offset == 4);
    CHECK(a.fields[2].offset == 8);
    CHECK(global(tu, "c").type.info->fields[1].offset == 8);
    const Aggregate& g = *global(tu, "g").type.info;
    CHECK(g.fields[1].offset == 12);
    CHECK(to_string(g.fields[0].type) == "struct F [2]");
}

TEST_CASE("declarators build pointer and array types; sizeof of expressions") {
    TranslationUnit tu = parse_string(
        "typedef int row[4]; typedef struct node node_t; struct node { node_t *next; int v; };\n"
        "int *a[3]; int (*pa)[4]; int **pp; row r[2]; node_t n; const char *const s = 0; void *v;\n"
        "int f(int x[], int y[10], int z[][4], row w);\n",
        "t.c", DataModel::ILP32);
    CHECK(to_string(global(tu, "a").type) == "int * [3]");
    CHECK(to_string(global(tu, "pa").type) == "int [4] *");
    CHECK(to_string(global(tu, "pp").type) == "int **");
    CHECK(to_string(global(tu, "r").type) == "int [2][4]");
    CHECK(to_string(global(tu, "n").type) == "struct node");
    CHECK(to_string(global(tu, "s").type) == "char *");
    CHECK(to_string(global(tu, "v").type) == "void *");
    CHECK(global(tu, "n").type.info->fields[0].type.target() == global(tu, "n").type);  // self-reference
    // Parameters: arrays adjusted to pointers.
    const FunctionDecl* f = tu.find_function("f");
    CHECK(to_string(f->params[0]->type) == "int *");
    CHECK(to_string(f->params[1]->type) == "int *");
    CHECK(to_string(f->params[2]->type) == "int [4] *");
    CHECK(to_string(f->params[3]->type) == "int *");
    // Types are interned: the same C type is the same Type.
    CHECK(global(tu, "pa").type == f->params[2]->type);

    CHECK(mexpr("ul = sizeof arr + sizeof m[1] + sizeof *np + sizeof(ps) + sizeof p[0]") ==
          "ul = (unsigned long)((((40u + 16u) + 8u) + 16u) + 4u)");
    CHECK(mexpr("ul = sizeof(struct node *)", DataModel::LP64) == "ul = 8ul");
}

TEST_CASE("index, dereference, address-of, members and decay") {
    TranslationUnit tu = parse_with_decls("a = arr[b]; a = 2[arr]; a = *p; p = &a; a = nd.v; np = np->next;");
    const auto& st = tu.main_function()->body->stmts;
    const Expr& idx = st[0]->expr->operand(1);
    CHECK(idx.kind == ExprKind::Index);
    CHECK(idx.operand(0).kind == ExprKind::Decay);
    CHECK(to_string(idx.operand(0).type) == "int *");
    CHECK(idx.operand(0).operand(0).kind == ExprKind::VarRef);
    CHECK(idx.operand(1).kind == ExprKind::VarRef);
    const Expr& rev = st[1]->expr->operand(1);  // i[a] is reordered
    CHECK(rev.operand(0).kind == ExprKind::Decay);
    CHECK(rev.operand(1).kind == ExprKind::IntLiteral);
    CHECK(st[2]->expr->operand(1).kind == ExprKind::Deref);
    CHECK(st[3]->expr->operand(1).kind == ExprKind::AddrOf);
    CHECK(to_string(st[3]->expr->operand(1).type) == "int *");
    const Expr& mem = st[4]->expr->operand(1);
    CHECK(mem.kind == ExprKind::Member);
    CHECK(mem.value == 0);
    CHECK(mem.text == "v");
    const Expr& arrow = st[5]->expr->operand(1);
    CHECK(arrow.kind == ExprKind::Member);
    CHECK(arrow.value == 1);
    CHECK(arrow.operand(0).kind == ExprKind::Deref);

    CHECK(mexpr("a = m[1][2]") == "a = m[1][2]");
    CHECK(mexpr("p = m[1]") == "p = m[1]");
    CHECK(mtype("&m[1]") == "int [4] *");
    CHECK(mexpr("p = &*p") == "p = &*p");
    CHECK(mexpr("p = &arr[a]") == "p = &arr[a]");
    CHECK(mexpr("pp = &p") == "pp = &p");
    CHECK(mtype("&m") == "int [3][4] *");
    CHECK(mexpr("a = ps[1].y + np->next->v") == "a = ps[1].y + np->next->v");
    CHECK(mexpr("a = (*np).v") == "a = np->v");
    CHECK(mexpr("a = *(p + 1)") == "a = *(p + 1)");
    CHECK(mexpr("a = ch[cp]") == "a = (int)cp[(int)ch]");  // the pointer first, the index promoted
    CHECK(mexpr("a = **pp") == "a = **pp");
    CHECK(mexpr("sa = sb") == "sa = sb");
    CHECK(mexpr("*np = nd") == "*np = nd");
}

TEST_CASE("pointer arithmetic, comparisons and tests against null") {
    CHECK(mexpr("p = p + 1") == "p = p + 1");
    CHECK(mexpr("p = 1 + p") == "p = p + 1");
    CHECK(mexpr("p = p - ch") == "p = p - (int)ch");
    CHECK(mexpr("p = arr + u") == "p = arr + u");
    CHECK(mtype("p - q") == "int");
    CHECK(mtype("p - q", DataModel::LP64) == "long");
    CHECK(mexpr("a = p == 0") == "a = p == (int *)0");
    CHECK(mexpr("a = 0 != p") == "a = (int *)0 != p");
    CHECK(mexpr("a = p < q") == "a = p < q");
    CHECK(mexpr("a = p == (void *)0") == "a = p == (int *)0");
    CHECK(mexpr("a = p == vp") == "a = p == (int *)vp");  // void * converted to the other side
    CHECK(mexpr("a = !p") == "a = !p");
    CHECK(mexpr("a = p && q") == "a = p && q");
    CHECK(body("int *r = 0; if (r) a = 1; while (r) r = 0;") ==
          "int *r = (int *)0;\nif (r)\n  a = 1;\nwhile (r)\n  r = (int *)0;");
    CHECK(mexpr("p = a ? p : 0") == "p = a ? p : (int *)0");
    CHECK(mtype("a ? p : vp") == "void *");
    CHECK(mexpr("a = arr == p") == "a = arr == p");
    TranslationUnit tu = parse_with_decls("l = p - q;", DataModel::LP64);
    const Expr& diff = first_expr(tu).operand(1);
    CHECK(diff.kind == ExprKind::Binary);
    CHECK(to_string(diff.type) == "long");
    CHECK(to_string(diff.operand(1).type) == "int *");
}

TEST_CASE("assignments, conversions and casts of pointers") {
    CHECK(mexpr("p = 0") == "p = (int *)0");
    CHECK(mexpr("p = (void *)0") == "p = (int *)0");
    CHECK(mexpr("p = 1 - 1") == "p = (int *)0");
    CHECK(mexpr("vp = p") == "vp = (void *)p");
    CHECK(mexpr("p = malloc(4)") == "p = (int *)malloc(4ul)");
    CHECK(mexpr("np = (struct node *)malloc(sizeof(struct node))") == "np = (struct node *)malloc(8ul)");
    CHECK(mexpr("p = calloc(4, sizeof(int))") == "p = (int *)calloc(4ul, 4ul)");
    CHECK(mexpr("free(p)") == "free((void *)p)");
    CHECK(mexpr("p = (int *)p") == "p = (int *)p");
    CHECK(mexpr("bo = p") == "bo = (_Bool)(p != (int *)0)");
    CHECK(mexpr("bo = (_Bool)np") == "bo = (_Bool)(np != (struct node *)0)");
    // From void * and between pointers and integers: casts the memory model gives meaning to.
    CHECK(mexpr("p = vp") == "p = (int *)vp");
    CHECK(mexpr("cp = (char *)p") == "cp = (char *)p");
    CHECK(mexpr("np = (struct node *)(char *)p") == "np = (struct node *)(char *)p");
    CHECK(mfail("p = cp;") == "pointer cast");  // only explicitly
    CHECK(mexpr("l = (long)p") == "l = (long)p");
    CHECK(mexpr("a = p") == "a = (int)p");
    CHECK(mexpr("p = (int *)l") == "p = (int *)l");
    CHECK(mexpr("p = 4") == "p = (int *)4");
    CHECK(mexpr("l = (long)&((struct node *)0)->next") == "l = 4l");
    CHECK(mfail("a = p == 4;") == "comparison between pointer and integer");
    CHECK(mfail("vp = vp + 1;") == "arithmetic on void *");
    CHECK(mfail("a = *vp;") == "dereference of void *");
}

TEST_CASE("increments, compound assignments and duplicated lvalues") {
    CHECK(mexpr("p++") == "p++");
    CHECK(mexpr("--np") == "--np");
    CHECK(mexpr("arr[a]++") == "arr[a]++");
    CHECK(mexpr("np->v--") == "np->v--");
    CHECK(mexpr("arr[a] += 3") == "arr[a] = arr[a] + 3");
    CHECK(mexpr("*p -= c") == "*p = *p - c");
    CHECK(mexpr("p += 2") == "p = p + 2");
    CHECK(mexpr("p -= a") == "p = p - a");
    CHECK(mexpr("sa.x *= 2") == "sa.x = sa.x * 2");
    CHECK(mexpr("m[a][b] |= 1") == "m[a][b] = m[a][b] | 1");
    CHECK(mexpr("ps[1].y <<= 1") == "ps[1].y = ps[1].y << 1");
    TranslationUnit tu = parse_with_decls("arr[a] += 3;");
    const Expr& e = first_expr(tu);
    CHECK(&e.operand(0) != &e.operand(1).operand(0));  // a deep copy, not shared
    CHECK(mfail("arr[a++] += 1;") == "compound assignment to an lvalue with side effects");
    CHECK(mfail("*(p = q) += 1;") == "compound assignment to an lvalue with side effects");
    CHECK(mfail("p *= 2;").rfind("parse error:", 0) == 0);
    CHECK(mfail("sa++;").rfind("parse error:", 0) == 0);
}

TEST_CASE("struct values outside struct assignment are unsupported") {
    CHECK(mfail("sa = a ? sa : sb;") == "struct value");
    CHECK(mfail("sa = (sa = sb);") == "struct value");
    CHECK(mfail("a = (sa = sb).x;") == "struct value");
    CHECK(unsupported("struct P { int x; }; int f(struct P p) { return 0; }\n"
                      "int main(void) { struct P p; return f(p); }") == "struct value");
    CHECK(unsupported("struct P { int x; }; struct P g(void);\n"
                      "int main(void) { struct P p; p = g(); return 0; }") == "struct value");
    CHECK(unsupported("struct P { int x; }; int f(struct P p) { return 0; } int main(void) { return 0; }").empty());
}

TEST_CASE("constraint violations are ParseErrors at their location") {
    std::string msg;
    CHECK(error_location("int main(void) {\n  int x = 0;\n  return *x;\n}", &msg) == "3:10");
    CHECK(msg == "t.c:3:10: invalid type argument of unary '*' (have 'int')");
    CHECK(error_location("int main(void) {\n  int x = 0;\n  return x.f;\n}", &msg) == "3:11");
    CHECK(msg == "t.c:3:11: request for member 'f' in something not a structure or union");
    CHECK(error_location("struct S { int a; } s;\nint main(void) {\n  return s.b;\n}", &msg) == "3:11");
    CHECK(msg == "t.c:3:11: no member named 'b' in 'struct S'");
    CHECK(error_location("int main(void) {\n  int a[2], b[2];\n  a = b;\n  return 0;\n}", &msg) == "3:5");
    CHECK(msg == "t.c:3:5: assignment to expression with array type 'int [2]'");
    CHECK(error_location("int main(void) {\n  int *p = &3;\n  return 0;\n}", &msg) == "2:12");
    CHECK(error_location("int main(void) {\n  int *p = 0;\n  return p->x;\n}", &msg) == "3:11");
    CHECK(error_location("int main(void) {\n  int *p = 0;\n  return p * 2;\n}", &msg) == "3:12");
    CHECK(error_location("int main(void) {\n  int a = 0;\n  return a[0];\n}", &msg) == "3:11");
    CHECK(msg == "t.c:3:11: subscripted value is neither array nor pointer");
    CHECK(error_location("struct S;\nint main(void) {\n  struct S *p = 0;\n  return p->x;\n}", &msg) == "4:11");
    CHECK(msg == "t.c:4:11: dereferencing pointer to incomplete type 'struct S'");
    CHECK(error_location("struct S;\nint main(void) {\n  struct S s;\n  return 0;\n}", &msg) == "3:12");
    CHECK(error_location("int n;\nint a[n];\nint main(void) { return 0; }", &msg) == "2:7");
    CHECK(msg == "t.c:2:7: variably modified type at file scope");
    CHECK(error_location("int a[-1];\nint main(void) { return 0; }", &msg) == "1:7");
    CHECK(error_location("int main(void) {\n  int n = 2;\n  struct T { int a[n]; } t;\n  return 0;\n}", &msg) ==
          "3:20");
    CHECK(error_location("int main(void) {\n  int n = 2;\n  static int a[n];\n  return 0;\n}", &msg) == "3:14");
    CHECK(error_location("int main(void) {\n  int n = 2;\n  int a[n] = {1};\n  return 0;\n}", &msg) == "3:12");
    CHECK(error_location("int main(void) {\n  int a[];\n  return 0;\n}", &msg) == "2:7");
    CHECK(msg == "t.c:2:7: array size missing in 'a'");
    CHECK(error_location("struct S { int a; };\nstruct S { int b; };\nint main(void) { return 0; }", &msg) == "2:1");
    CHECK(msg == "t.c:2:1: redefinition of 'struct S'");
    CHECK(error_location("struct S { int a; };\nunion S u;\nint main(void) { return 0; }", &msg) == "2:7");
    CHECK(error_location("struct S { int a; int a; };\nint main(void) { return 0; }", &msg) == "1:23");
    CHECK(error_location("struct S { int a[]; int b; };\nint main(void) { return 0; }", &msg) == "1:16");
    CHECK(error_location("int a[2] = {[2] = 1};\nint main(void) { return 0; }", &msg) == "1:14");
    CHECK(msg == "t.c:1:14: array index in initializer exceeds array bounds");
    CHECK(error_location("struct P { int x; } p = {.y = 1};\nint main(void) { return 0; }", &msg) == "1:27");
    CHECK(error_location("int x;\nint *p = &x + x;\nint main(void) { return 0; }", &msg) == "2:15");
    CHECK(msg == "t.c:2:15: initializer element is not constant");
    CHECK(error_location("int main(void) {\n  int x;\n  static int *p = &x;\n  return 0;\n}", &msg) == "3:20");
    CHECK(error_location("int a[3] = 1;\nint main(void) { return 0; }", &msg) == "1:12");
}

TEST_CASE("bit-fields: the layout GCC gives them, and the constraints on their declarations") {
    std::string msg;
    // sizeof as GCC on x86-64: units of the declared type, never straddled; `:0` closes a unit.
    const char* sizes =
        "struct A { unsigned long x : 3; unsigned y : 3; int z : 3; unsigned w : 32; unsigned char c : 2; };\n"
        "struct B { char a; int x : 4; int y : 30; char c; };\n"
        "struct C { int a : 3; int : 0; int b : 2; };\n"
        "union U { int a : 3; char b; };\n"
        "_Static_assert(sizeof(struct A) == 16, \"A\");\n_Static_assert(sizeof(struct B) == 12, \"B\");\n"
        "_Static_assert(sizeof(struct C) == 8, \"C\");\n_Static_assert(sizeof(union U) == 4, \"U\");\n"
        "int main(void) { return 0; }";
    CHECK(craig::frontend::parse_string(sizes, "t.c", craig::frontend::DataModel::LP64).main_function());
    CHECK(error_location("struct B { int f : 33; };\nint main(void) { return 0; }", &msg) == "1:20");
    CHECK(msg == "t.c:1:20: width of bit-field 'f' exceeds its type (32 bits)");
    CHECK(error_location("struct B { int f : 0; };\nint main(void) { return 0; }", &msg) == "1:20");
    CHECK(error_location("struct B { int f : 2; } b;\nint main(void) { int *p = &b.f; return 0; }", &msg) == "2:27");
    CHECK(msg == "t.c:2:27: cannot take the address of bit-field 'f'");
    CHECK(error_location("struct B { int f : 2; } b;\nint main(void) { return sizeof b.f; }", &msg) == "2:25");
}

TEST_CASE("unsupported constructs report their construct at their location") {
    std::string msg;
    CHECK(error_location("struct B { int n; int d[]; };\nint main(void) {\n  struct B *b;\n  return b->n;\n}",
                         &msg) == "3:13");  // the variable's declaration, reported at its use
    CHECK(msg == "unsupported: t.c:3:13: flexible array member");
    // A pointer declared before the definition reaches the members: the same construct.
    CHECK(unsupported("struct B; struct B *b; struct B { int n; int d[]; }; int main(void) { return b->n; }") ==
          "flexible array member");
    CHECK(unsupported("struct B { char c; int i; } __attribute__((packed)) b; int main(void) { return b.i; }") ==
          "packed or aligned struct");
    CHECK(unsupported("struct B { struct { int a; }; } b; int main(void) { return b.a; }") ==
          "anonymous struct member");
    CHECK(unsupported("struct B { float f; } b; int main(void) { return b.f > 0; }") == "float");
    CHECK(unsupported("struct B { float f; }; int main(void) { return 0; }").empty());
    CHECK(error_location("int main(void) {\n  int n = 2;\n  int a[n];\n  return sizeof(a);\n}", &msg) == "4:10");
    CHECK(msg == "unsupported: t.c:4:10: sizeof of a variable length array");
    CHECK(unsupported("int main(void) { int n = 2; return sizeof(int[n]); }") == "sizeof of a variable length array");
    CHECK(unsupported("int main(void) { int n = 2; typedef int T[n]; return 0; }") == "variable length array");
    CHECK(unsupported("int main(void) { int n = 2; int (*p)[n] = 0; return p == 0; }") == "variable length array");
    CHECK(unsupported("int f(int n, int a[][n]) { return a[0][0]; } int main(void) { return 0; }").empty());
    CHECK(unsupported("int f(int n, int a[][n]) { return a[0][0]; } int main(void) { return f(1, 0); }") ==
          "variable length array");
    CHECK(unsupported("int main(void) { int a[4] = {[0 ... 2] = 1}; return a[0]; }") == "designator range");
    CHECK(unsupported("int f(int); int main(void) { int (*g)(int) = f; return 0; }") ==
          "address of an undefined function");
    CHECK(unsupported("int f(int g(int)) { return 0; } int main(void) { return f(0); }").empty());
    CHECK(unsupported("void *__VERIFIER_nondet_pointer(void);\n"
                      "int main(void) { int *p = __VERIFIER_nondet_pointer(); return 0; }") == "pointer");
    // External code could write through pointers: unsupported when reachable.
    std::string ext = "void fill(int *p);\nint main(void) {\n  int a[2];\n  fill(a);\n  return a[0];\n}";
    CHECK(error_location(ext, &msg) == "4:3");
    CHECK(msg == "unsupported: t.c:4:3: external function with pointer arguments");
    CHECK(unsupported("char *name(void); int main(void) { name(); return 0; }") ==
          "external function with pointer arguments");
    CHECK(unsupported("int main(void) { int a[2]; unknown(a); return 0; }") ==
          "external function with pointer arguments");
    CHECK(unsupported("int count(int *p) { return *p; } int main(void) { int a[2] = {0}; return count(a); }").empty());
    CHECK(unsupported("void *malloc(unsigned long n) { return 0; } int main(void) { malloc(1); return 0; }") ==
          "definition of an allocation function");
}

TEST_CASE("malloc, calloc, alloca and free are builtins") {
    TranslationUnit tu = parse_string(
        "extern void *malloc(unsigned long); void free(void *);\n"
        "int main(void) { int *p = malloc(8); int *q = calloc(2, 4); char *c = __builtin_alloca(3);"
        " int *r = alloca(4); free(p); free(q); return 0; }",
        "t.c", DataModel::LP64);
    CHECK(tu.find_function("malloc")->builtin == Builtin::Malloc);
    CHECK(tu.find_function("calloc")->builtin == Builtin::Calloc);  // implicitly declared
    CHECK(tu.find_function("__builtin_alloca")->builtin == Builtin::Malloc);
    CHECK(tu.find_function("alloca")->builtin == Builtin::Malloc);
    CHECK(tu.find_function("free")->builtin == Builtin::Free);
    CHECK(to_string(tu.find_function("calloc")->return_type) == "void *");
    CHECK(to_string(tu.find_function("calloc")->params[1]->type) == "unsigned long");
    CHECK(!tu.find_function("free")->external);
}

TEST_CASE("main's unused pointer parameters") {
    TranslationUnit tu = parse_string("int main(int argc, char **argv) { return argc; }", "t.c", DataModel::ILP32);
    CHECK(tu.main_function()->params[1]->type.is_unsupported());
    TranslationUnit tu2 =
        parse_string("int main(int argc, char *argv[]) { return argv == 0; }", "t.c", DataModel::ILP32);
    CHECK(to_string(tu2.main_function()->params[1]->type) == "char **");
}

TEST_CASE("initialisers: designators, brace elision, strings") {
    TranslationUnit tu = parse_string(
        "struct P { int x, y; }; struct Q { struct P p; int a[3]; char n[4]; };\n"
        "int a[5] = {1, [3] = 4, 5}; int b[] = {1, 2, 3}; int c[] = {[9] = 1};\n"
        "int m[2][3] = {1, 2, 3, 4}; int m2[2][3] = {{1}, {4, 5}};\n"
        "struct P ps[2] = {1, 2, 3}; struct P pd = {.y = 2, .x = 1};\n"
        "struct Q q = {.p.y = 1, 2, {3, 4}, 5}; struct Q q2 = {.p.y = 1, {2}, \"ab\", 9};\n"
        "char s[] = \"ab\"; char s2[2] = \"ab\"; char s3[5] = {\"ab\"}; char s4[2][3] = {\"ab\", \"c\"};\n"
        "union U { char c; int i; } u = {.i = 7}; union U u2 = {1};\n"
        "int x = {3}; int e[3]; struct P z; int *np;\n"
        "static char big[1048576] = {1};\n",
        "t.c", DataModel::ILP32);
    CHECK(print(*global(tu, "a").init) == "{ [0] = 1, [3] = 4, [4] = 5 }");
    CHECK(to_string(global(tu, "b").type) == "int [3]");
    CHECK(to_string(global(tu, "b").init->type) == "int [3]");
    CHECK(to_string(global(tu, "c").type) == "int [10]");
    CHECK(print(*global(tu, "m").init) == "{ [0] = { [0] = 1, [1] = 2, [2] = 3 }, [1] = { [0] = 4 } }");
    CHECK(print(*global(tu, "m2").init) == "{ [0] = { [0] = 1 }, [1] = { [0] = 4, [1] = 5 } }");
    CHECK(print(*global(tu, "ps").init) == "{ [0] = { .x = 1, .y = 2 }, [1] = { .x = 3 } }");
    CHECK(print(*global(tu, "pd").init) == "{ .x = 1, .y = 2 }");
    CHECK(global(tu, "pd").init->positions == std::vector<std::uint64_t>{0, 1});
    // After `.p.y = 1` the next member is a: 2 starts it by brace elision, {3, 4} initialises
    // a[1] (4 is excess), 5 is a[2].
    REQUIRE(global(tu, "q").init);
    CHECK(print(*global(tu, "q").init) == "{ .p = { .y = 1 }, .a = { [0] = 2, [1] = 3, [2] = 5 } }");
    REQUIRE(global(tu, "q2").init);
    CHECK(print(*global(tu, "q2").init) ==
          "{ .p = { .y = 1 }, .a = { [0] = 2 }, .n = { [0] = (char)97, [1] = (char)98, [2] = (char)0 } }");
    CHECK(print(*global(tu, "s").init) == "{ [0] = (char)97, [1] = (char)98, [2] = (char)0 }");
    CHECK(to_string(global(tu, "s").type) == "char [3]");
    CHECK(print(*global(tu, "s2").init) == "{ [0] = (char)97, [1] = (char)98 }");
    CHECK(print(*global(tu, "s3").init) == "{ [0] = (char)97, [1] = (char)98, [2] = (char)0 }");
    CHECK(print(*global(tu, "s4").init) ==
          "{ [0] = { [0] = (char)97, [1] = (char)98, [2] = (char)0 }, [1] = { [0] = (char)99, [1] = (char)0 } }");
    CHECK(print(*global(tu, "u").init) == "{ .i = 7 }");
    CHECK(print(*global(tu, "u2").init) == "{ .c = (char)1 }");
    CHECK(print(*global(tu, "x").init) == "3");
    CHECK(print(*global(tu, "e").init) == "{}");  // no initialiser: all zero
    CHECK(print(*global(tu, "z").init) == "{}");
    CHECK(print(*global(tu, "np").init) == "(int *)0");
    const Expr& big = *global(tu, "big").init;
    CHECK(big.operands.size() == 1);
    CHECK(to_string(big.type) == "char [1048576]");
}

TEST_CASE("initialisers: nested designators continue in the sub-aggregate; constants of static objects") {
    TranslationUnit tu = parse_string(
        "struct I { int x, y; }; struct O { struct I in; int z; };\n"
        "struct O o = {.in.x = 1, 2, 3}; struct O o2 = {.in = {5}, .in.y = 6};\n"
        "int g[4]; struct O so; int *p1 = &g[2]; int *p2 = g + 1; int *p3 = &so.in.y; int (*p4)[4] = &g;\n"
        "int *p5 = g; int *p6 = &g[1] - 1;\n",
        "t.c", DataModel::ILP32);
    CHECK(print(*global(tu, "o").init) == "{ .in = { .x = 1, .y = 2 }, .z = 3 }");
    CHECK(print(*global(tu, "o2").init) == "{ .in = { .x = 5, .y = 6 } }");
    CHECK(print(*global(tu, "p1").init) == "&g[2]");
    CHECK(print(*global(tu, "p2").init) == "g + 1");
    CHECK(print(*global(tu, "p3").init) == "&so.in.y");
    CHECK(print(*global(tu, "p4").init) == "&g");
    CHECK(global(tu, "p5").init->kind == ExprKind::Decay);
    CHECK(print(*global(tu, "p6").init) == "&g[1] - 1");
    // Unsupported initialisers of globals leave them unsupported where used.
    CHECK(unsupported("char *msg = \"hi\"; int main(void) { return 0; }").empty());
    CHECK(unsupported("char *msg = \"hi\"; int main(void) { return msg != 0; }").empty());
    CHECK(unsupported("int x; void *vx = &x; int main(void) { return vx != 0; }") ==
          "pointer conversion in a constant initializer");
}

TEST_CASE("initialisers of automatic variables; variable-length arrays") {
    TranslationUnit tu = parse_with_decls(
        "int n = a; int v[n][3]; int w[n][a + 1]; struct pair sp = sa; struct pair arr2[2] = {sa, {1}};\n"
        "int z[4] = {a, [2] = b}; char str[] = \"xy\"; int *ip = {0};\n"
        "return 0;");
    const auto& stmts = tu.main_function()->body->stmts;
    const VarDecl& v = *stmts[1]->vars[0];
    CHECK(to_string(v.type) == "int [*][3]");
    REQUIRE(v.vla_lengths.size() == 2);
    CHECK(v.vla_lengths[0]);
    CHECK(!v.vla_lengths[1]);
    const VarDecl& w = *stmts[2]->vars[0];
    REQUIRE(w.vla_lengths.size() == 2);
    CHECK(print(*w.vla_lengths[1]) == "a + 1");
    CHECK(print(*stmts[2]) == "int w[n][a + 1];\n");
    CHECK(print(*stmts[3]) == "struct pair sp = sa;\n");
    CHECK(print(*stmts[4]) == "struct pair arr2[2] = { [0] = sa, [1] = { .x = 1 } };\n");
    CHECK(print(*stmts[5]) == "int z[4] = { [0] = a, [2] = b };\n");
    CHECK(print(*stmts[6]) == "char str[3] = { [0] = (char)120, [1] = (char)121, [2] = (char)0 };\n");
    CHECK(print(*stmts[7]) == "int *ip = (int *)0;\n");
    // Only the given elements are listed, also for automatic arrays.
    CHECK(mbody("int big[100000] = {[99999] = 1};") == "int big[100000] = { [99999] = 1 };");
}

TEST_CASE("struct tags: scopes, forward declarations, anonymous and nested structs, typedefs") {
    TranslationUnit tu = parse_string(
        "struct L; struct L *head; struct L { int v; struct L *next; };\n"
        "typedef struct { int a; } Anon; Anon an; typedef struct T { struct In { int k; } in; } T; T t;\n"
        "struct In in2;\n"
        "int main(void) { struct L { char c; } inner; inner.c = 1; return head->v + an.a + t.in.k + in2.k; }",
        "t.c", DataModel::ILP32);
    CHECK(global(tu, "head").type.target().info->complete);
    CHECK(global(tu, "an").type.info->tag.empty());
    CHECK(global(tu, "in2").type == global(tu, "t").type.info->fields[0].type);
    const Stmt& decl = *tu.main_function()->body->stmts[0];
    CHECK(decl.vars[0]->type != global(tu, "head").type.target());  // the inner struct L hides the outer one
    CHECK(to_string(decl.vars[0]->type) == "struct L");
}

TEST_CASE("the printer prints declarators and new expressions as C") {
    TranslationUnit tu = parse_string(
        "int *f(int (*a)[4], char **b) { return a[1]; }\n"
        "int main(void) { int m[2][4]; int (*p)[4] = m; int *q = f(m, 0); return *q + (*p)[1]; }",
        "t.c", DataModel::ILP32);
    CHECK(print(*tu.find_function("f")) == "int *f(int (*a)[4], char **b)\n{\n  return a[1];\n}\n");
    CHECK(print(*tu.main_function()->body) ==
          "{\n  int m[2][4];\n  int (*p)[4] = m;\n  int *q = f(m, (char **)0);\n  return *q + (*p)[1];\n}\n");
}
