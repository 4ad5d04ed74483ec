; A left-out assertion in the middle of a sequence: L, asserted between P0 and P2, joins the
; last partition P3 (so I_1 may mention b, which P3 and L share with P2), also when P0 and P2
; are one partition.
(set-option :print-success false)
(set-option :produce-interpolants true)
(set-logic QF_LIA)
(declare-const a Int)
(declare-const b Int)
(assert (! (= a 5) :named P0))
(assert (! (<= b 0) :named L))
(assert (! (= b a) :named P2))
(check-sat)
(push 1)
(assert (! (and (> b 0) (> a 0)) :named P3))
(check-sat)
(get-interpolants P0 P2 P3)
(get-interpolants (and P0 P2) P3)
