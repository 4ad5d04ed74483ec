// expected: FALSE
// container_of reaches the other node, whose value differs.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct list_head { struct list_head *next, *prev; };
struct node { int value; struct list_head linkage; };
#define container_of(p) ((struct node *)((char *)(p) - (unsigned long)(&((struct node *)0)->linkage)))
int main(void) {
  struct node a, b;
  a.value = __VERIFIER_nondet_int();
  b.value = a.value + 1;
  a.linkage.next = &b.linkage;
  b.linkage.prev = &a.linkage;
  struct node *n = container_of(a.linkage.next);
  __VERIFIER_assert(n == &b);
  __VERIFIER_assert(container_of(n->linkage.prev)->value == n->value);
  return 0;
}
