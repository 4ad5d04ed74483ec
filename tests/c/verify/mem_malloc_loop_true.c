// expected: TRUE
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = NULL;
  int n = 0;
  do {
    struct node *x = malloc(sizeof(struct node));
    x->v = n;
    x->next = head;
    head = x;
    n++;
  } while (n < 3 && __VERIFIER_nondet_int());
  if (head == NULL || n < 1) reach_error();
  return 0;
}
