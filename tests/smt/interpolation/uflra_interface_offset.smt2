; UF + LRA, AB-mixed with offsets: the interface equality is (a1 + 2) = (b1 - 3), whose normal
; form a1 - b1 = -5 names neither argument; the EUF leaf relates them by constant offsets.
(set-option :produce-interpolants true)
(set-logic QF_UFLRA)
(declare-fun f (Real) Real)
(declare-fun a1 () Real)
(declare-fun b1 () Real)
(declare-fun s () Real)
(assert (! (and (= a1 (+ s 1.0)) (> (f (+ a1 2.0)) 0.0)) :named A))
(assert (! (and (= b1 (+ s 6.0)) (< (f (- b1 3.0)) 0.0)) :named B))
(check-sat)
(get-interpolants A B)
