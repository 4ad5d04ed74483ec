typedef unsigned int uint;
typedef uint count_t;
enum color { RED, GREEN = 5, BLUE };
enum { NEG = -1 };
static int counter;
extern int ext;
int g = BLUE * 2 + sizeof(short);
const volatile long cv = 3;
int add(int, int);
static inline int add(int x, int y) { return x + y; }
count_t f(enum color c) { static int calls = 0; calls++; return (count_t)c + calls; }
old(x, y) int x; char y; { return x + y; }
int main() { register int r = add(1, 2); return r + f(GREEN) + old(1, 2) + counter; }
