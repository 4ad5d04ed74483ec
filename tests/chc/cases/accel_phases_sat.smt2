; x counts up from 0: by 1 below 65521, by 2 from there (odd from then on) until 268435455:
; it ends odd. Safe; the proof needs the phase change (x <= 65521 or x odd), which acceleration
; gives at once: the closure of the two phases in one order.
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 268435455) (< x 65521) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 268435455) (>= x 65521) (= y (+ x 2))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 268435455) (= (mod x 2) 0)) false)))
(check-sat)
