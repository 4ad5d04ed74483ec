// expected: UNKNOWN
// args: --engine bmc
// timeout: 20
// reason: a block allocated in a loop is not tracked
// A linked list built in a loop: its blocks are one untracked summary object whose reads are
// arbitrary, so the model's counterexample does not replay; the reason names that cause (was
// only "counterexample not confirmed by replay").
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = 0;
  while (__VERIFIER_nondet_int() && n < 5) {
    struct node *p = malloc(sizeof *p);
    if (!p) return 0;
    p->v = 1;
    p->next = head;
    head = p;
    n++;
  }
  int s = 0;
  for (struct node *q = head; q; q = q->next) s += q->v;
  if (s != n) reach_error();
  return 0;
}
