; A counter from 0 to 10: x < 0 is unreachable (sat: an invariant exists), x > 5 reachable (unsat).
(set-logic HORN)
(set-info :status sat)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 10)) (inv (+ x 1)))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 0)) false)))
(check-sat)
