; An Int counter i and a Real r that moves by 1/4 while i < 8, together with a Bool that flips:
; r stays within [-2, 2] (a box over a mixed Int/Real state; the Bool is left unconstrained).
(set-logic HORN)
(declare-fun inv (Bool Int Real) Bool)
(assert (inv true 0 0.0))
(assert (forall ((b Bool) (i Int) (r Real) (r1 Real))
  (=> (and (inv b i r) (< i 8) (or (= r1 (+ r 0.25)) (= r1 (- r 0.25))))
      (inv (not b) (+ i 1) r1))))
(assert (forall ((b Bool) (i Int) (r Real)) (=> (and (inv b i r) (or (> r 2.0) (< r (- 2.0)))) false)))
(check-sat)
