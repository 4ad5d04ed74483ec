; x counts up from 0: by 1 below 100, by 2 from there until 5000: it ends even (5000).
; Unsafe after 2550 iterations; the derivation through the accelerated loop has 2552 clause
; instances, found by one solver query and checked.
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 5000) (< x 100) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 5000) (>= x 100) (= y (+ x 2))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 5000) (= (mod x 2) 0)) false)))
(check-sat)
