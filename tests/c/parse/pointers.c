extern void *malloc(unsigned long);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);
int table[4][3] = {{1, 2, 3}, {4}, [3] = {7, 8, 9}};
int *cursor = &table[1][0];
int (*row)[3] = table + 2;
int sum(const int *v, int n) {
  int s = 0;
  for (const int *p = v; p < v + n; p++) s += *p;
  return s;
}
int main(void) {
  int n = 4;
  int vla[n][3];
  int *heap = malloc(n * sizeof(int));
  int *zero = calloc(n, sizeof *zero);
  if (!heap || zero == (void *)0) return 1;
  for (int i = 0; i < n; i++) {
    heap[i] = i;
    i[zero] += heap[i];
    vla[i][2] = *(heap + i);
  }
  int **pp = &heap;
  (*pp)[1] -= 1;
  long d = &heap[3] - heap;
  free(heap);
  free(zero);
  return sum(table[0], 3) + (int)d + (*row)[1] + *cursor + vla[0][2];
}
