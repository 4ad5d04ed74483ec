; get-interpolants that leaves named assertions out (issue 50, item 3): every active assertion
; that no partition names, like B below, belongs to the root partition (the last one), so
; (get-interpolants A C) interpolates A against C and B, and its interpolant may mention b,
; which A and B share. The check (--check-interpolants) reads the vocabulary of each partition
; from its assertions: B and C conjoined fold to false (b <= -4 and not b <= -4), and the
; symbols of that conjunction are not those of the partition.
(set-option :print-success false)
(set-option :produce-interpolants true)
(set-logic QF_LIA)
(declare-const a Int)
(declare-const b Int)
(assert (! (and (= a 1) (= b (- 1))) :named A))
(assert (! (and (> b (- 4)) (= b 0)) :named B))
(check-sat)
(push 1)
(assert (! (and (<= b (- 4)) (>= a 0)) :named C))
(check-sat)
(get-interpolants A C)
(get-interpolants C A)
(get-interpolants A B C)
(get-interpolants B A)
(pop 1)
(assert (! (> a 1) :named D))
(check-sat)
(get-interpolants D A)
(get-interpolants B D)
