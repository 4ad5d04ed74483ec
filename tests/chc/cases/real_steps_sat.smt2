; x climbs from 0 by 1/2 while x < 3 (over the reals): it never exceeds 3. The guard's strict
; bound matters: x < 3 with x' = x + 1/2 gives x' < 7/2, and only x' <= 3 is inductive.
(set-logic HORN)
(declare-fun inv (Real) Bool)
(assert (inv 0.0))
(assert (forall ((x Real)) (=> (and (inv x) (< x 3.0)) (inv (+ x 0.5)))))
(assert (forall ((x Real)) (=> (and (inv x) (> x 3.0)) false)))
(check-sat)
