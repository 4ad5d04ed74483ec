typedef unsigned long int size_t;
typedef __builtin_va_list __gnuc_va_list;
typedef struct _IO_FILE FILE;
struct _IO_FILE { int _flags; char *_IO_read_ptr; };
extern int fscanf (FILE *__restrict __stream, const char *__restrict __format, ...) __asm__ ("" "__isoc99_fscanf") __attribute__ ((__nothrow__ , __leaf__));
extern void *memcpy (void *__restrict __dest, const void *__restrict __src, size_t __n) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__nonnull__ (1, 2)));
__extension__ typedef long long int __int64_t;
extern _Float128 strtof128 (const char *__restrict __nptr, char **__restrict __endptr);
typedef int (*__compar_fn_t) (const void *, const void *);
extern void (*signal (int __sig, void (*__handler) (int))) (int);
typedef union { int __i; double __d; } __u;
_Static_assert(sizeof(int) == 4, "int is 32 bits");
int main(int argc, char *argv[]) { __int64_t v = argc; return (int)v; }
