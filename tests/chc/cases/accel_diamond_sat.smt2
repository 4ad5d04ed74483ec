; The safe diamond: a + b = i at every step, so i >= 1200 and a + b /= i never hold together. The
; under-approximation added next to the loop leaves the loop in place; the invariant is the loop's.
(set-logic HORN)
(set-info :status sat)
(declare-fun inv (Int Int Int) Bool)
(assert (forall ((i Int) (a Int) (b Int)) (=> (and (= i 0) (= a 0) (= b 0)) (inv i a b))))
(assert (forall ((i Int) (a Int) (b Int)) (=> (and (inv i a b) (< i 1200)) (inv (+ i 1) (+ a 1) b))))
(assert (forall ((i Int) (a Int) (b Int)) (=> (and (inv i a b) (< i 1200)) (inv (+ i 1) a (+ b 1)))))
(assert (forall ((i Int) (a Int) (b Int)) (=> (and (inv i a b) (>= i 1200) (not (= (+ a b) i))) false)))
(check-sat)
