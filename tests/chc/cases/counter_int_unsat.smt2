; x counts up from 0 by 3: it reaches 9.
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 3))) (inv y))))
(assert (forall ((x Int)) (not (and (inv x) (= x 9)))))
(check-sat)
