typedef struct node node_t;
struct node {
  int value;
  node_t *next;
  struct { char tag; short weight[2]; } meta;
};
union word { unsigned char bytes[4]; unsigned int value; };
struct pair { int x, y; } origin = {.y = 0}, points[3] = {{1, 2}, [2].x = 5, 6};
static struct node list[2] = {{1, &list[1]}, {2, 0}};
char name[] = "craig";
char code[3] = "abc";
int length(const node_t *n) {
  int k = 0;
  while (n) {
    k++;
    n = n->next;
  }
  return k;
}
int main(void) {
  struct pair p = points[2], q;
  union word w = {{1, 0, 0, 0}};
  node_t local = {.value = 3, .meta.weight = {1, 2}};
  q = p;
  q.y += local.meta.weight[1];
  local.next = &list[0];
  w.value++;
  return length(&local) + q.y + w.bytes[0] + name[1] + code[2] + (int)sizeof(struct node);
}
