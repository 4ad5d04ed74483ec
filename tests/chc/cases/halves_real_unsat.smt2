; y sums the halves of 1: it exceeds 0.9 (after 4 steps, 0.9375).
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 1.0) (= y 0.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real))
  (=> (and (inv x y) (= x1 (/ x 2)) (= y1 (+ y x1))) (inv x1 y1))))
(assert (not (exists ((x Real) (y Real)) (and (inv x y) (> y 0.9)))))
(check-sat)
