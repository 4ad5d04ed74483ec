; UF + LIA, AB-mixed over the integers with coefficient 2: x = z follows from 2x = y = 2z; the
; integer LA rule enumerates the integers between the bounds (div by the coefficient).
(set-option :produce-interpolants true)
(set-logic QF_UFLIA)
(declare-fun f (Int) Int)
(declare-fun x () Int)
(declare-fun y () Int)
(declare-fun z () Int)
(assert (! (and (= (* 2 x) y) (= (f x) 1)) :named A))
(assert (! (and (= (* 2 z) y) (= (f z) 0)) :named B))
(check-sat)
(get-interpolants A B)
