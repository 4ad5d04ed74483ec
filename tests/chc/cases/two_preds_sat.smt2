; two predicates of different arities and sorts; p's arguments reach q in a different order
(set-logic HORN)
(declare-fun p (Int Real) Bool)
(declare-fun q (Real Int Int) Bool)
(assert (forall ((n Int)) (=> (>= n 0) (p n 0.5))))
(assert (forall ((n Int) (r Real)) (=> (and (p n r) (< n 10)) (p (+ n 1) (+ r 1)))))
(assert (forall ((n Int) (r Real)) (=> (p n r) (q r n n))))
(assert (forall ((r Real) (a Int) (b Int)) (=> (and (q r a b) (< r 0.0)) false)))
(check-sat)
