; Bool, Int and Real arguments together: impact needs its invariant discovery (affine hull over
; the arithmetic variables only) to find x = 2r
(set-logic HORN)
(declare-fun inv (Bool Int Real) Bool)
(assert (inv true 0 0.0))
(assert (forall ((b Bool) (x Int) (r Real)) (=> (and (inv b x r) (< x 50)) (inv (not b) (+ x 1) (+ r 0.5)))))
(assert (forall ((b Bool) (x Int) (r Real)) (=> (and (inv b x r) (>= x 50) (not (= r (* 0.5 x)))) false)))
(check-sat)
