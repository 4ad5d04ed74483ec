(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (exists ((y Int)) (= x (+ y y))) (p x))))
(check-sat)
