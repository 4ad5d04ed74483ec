; LIA: y = 2x in A, y = 2z + 1 in B. The GCD test splits on x - z, an AB-mixed term; the two
; sides are Farkas leaves combined by the integer LA rule (the interpolant uses div).
(set-option :produce-interpolants true)
(set-logic QF_LIA)
(declare-fun x () Int)
(declare-fun y () Int)
(declare-fun z () Int)
(assert (! (= (* 2 x) y) :named A))
(assert (! (= (+ (* 2 z) 1) y) :named B))
(check-sat)
(get-interpolants A B)
