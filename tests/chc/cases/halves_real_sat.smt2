; x halves from 1: it stays positive (over the reals).
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 1.0) (= y 0.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real))
  (=> (and (inv x y) (= x1 (/ x 2)) (= y1 (+ y x1))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (<= x 0.0)) false)))
(check-sat)
