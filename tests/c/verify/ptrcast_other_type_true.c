// expected: TRUE
// Pointers cast to another struct type are compared, not used (heap-manipulation's list
// checks): such a pointer views the same address, so it equals the other views of it.
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct list_head { struct list_head *next, *prev; };
struct node { int value; struct list_head linkage; };
int main(void) {
  struct node n;
  struct list_head *h = &n.linkage;
  __VERIFIER_assert((struct node *)h != &n);
  __VERIFIER_assert(&n == (struct node *)&n.value);
  __VERIFIER_assert((struct list_head *)(struct node *)h == h);
  return 0;
}
