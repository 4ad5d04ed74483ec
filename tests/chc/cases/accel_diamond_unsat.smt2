; A diamond: each step increments a or b, and i. The paths alternate and have no exact closure here,
; so acceleration adds an under-approximation next to the loop (1200 steps in one edge); unsafe: a
; run with a >= 1000 reaches i = 1200. Its derivation lists all 1202 clause instances.
(set-logic HORN)
(set-info :status unsat)
(declare-fun inv (Int Int Int) Bool)
(assert (forall ((i Int) (a Int) (b Int)) (=> (and (= i 0) (= a 0) (= b 0)) (inv i a b))))
(assert (forall ((i Int) (a Int) (b Int)) (=> (and (inv i a b) (< i 1200)) (inv (+ i 1) (+ a 1) b))))
(assert (forall ((i Int) (a Int) (b Int)) (=> (and (inv i a b) (< i 1200)) (inv (+ i 1) a (+ b 1)))))
(assert (forall ((i Int) (a Int) (b Int)) (=> (and (inv i a b) (>= i 1200) (>= a 1000)) false)))
(check-sat)
