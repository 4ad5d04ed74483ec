// expected: TRUE
// args: --engine impact
// Reduced from SV-COMP loop-invgen/MADWiFi-encode_ie_ok. A covering check here is
// satisfiable over the integers but unbounded; with the solver's default branch budget
// it took 15 s before answering unknown. Covering checks now have a small budget.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
int main(void) {
  int p, i, leader_len = __VERIFIER_nondet_int(), bufsize = __VERIFIER_nondet_int(),
         ielen = __VERIFIER_nondet_int(), bufsize_0;
  if (!(leader_len < 1000000) || !(bufsize < 1000000) || !(ielen < 1000000)) return 0;
  if (leader_len <= 0 || bufsize <= 0 || ielen <= 0) return 0;
  if (bufsize < leader_len) return 0;
  p = 0;
  bufsize_0 = bufsize;
  bufsize -= leader_len;
  p += leader_len;
  if (bufsize < 2 * ielen) return 0;
  for (i = 0; i < ielen && bufsize > 2; i++) {
    __VERIFIER_assert(0 <= p);
    __VERIFIER_assert(p + 1 < bufsize_0);
    p += 2;
  }
  return 0;
}
