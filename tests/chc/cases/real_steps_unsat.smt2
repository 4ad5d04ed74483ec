; x climbs from 0 by 1/2 while x < 3 (over the reals): it reaches 3 exactly, so x < 3 fails.
(set-logic HORN)
(declare-fun inv (Real) Bool)
(assert (inv 0.0))
(assert (forall ((x Real)) (=> (and (inv x) (< x 3.0)) (inv (+ x 0.5)))))
(assert (forall ((x Real)) (=> (and (inv x) (>= x 3.0)) false)))
(check-sat)
