int __return_main;
void abort(void);
void reach_error() { }
int __VERIFIER_nondet_int();
int main();
int __return_334;
 int main()
 {
 int main__x = 0;
 int main__y = 50;
 label_1:;
 if (main__x < 100)
 {
 if (main__x < 50)
 {
 main__x = main__x + 1;
 goto label_1;
 }
 else
 {
 main__x = main__x + 1;
 main__y = main__y + 1;
 goto label_1;
 }
 }
 else
 {
 if (main__y != 100)
 {
 {reach_error();}
 }
 __return_main = 0;
 return __return_main;
 }
 }
