; a Boolean argument flips each step; x grows only when it is true
(set-logic HORN)
(declare-fun inv (Bool Int) Bool)
(assert (inv true 0))
(assert (forall ((b Bool) (x Int)) (=> (inv b x) (inv (not b) (ite b (+ x 1) x)))))
(assert (forall ((b Bool) (x Int)) (=> (and (inv b x) (< x 0)) false)))
(check-sat)
