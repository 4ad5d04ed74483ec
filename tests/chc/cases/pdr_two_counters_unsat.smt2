; As pdr_two_counters_sat.smt2, but y may also take a step of 0.25 once x is below 3: then x + y
; falls below n (engine pdr, tests/cli/chc.sh); the derivation needs several loop steps.
(set-logic HORN)
(declare-fun inv (Real Real Real) Bool)
(assert (forall ((x Real) (y Real) (n Real)) (=> (and (= x n) (= y 0.0) (>= n 4.0)) (inv x y n))))
(assert (forall ((x Real) (y Real) (n Real) (x1 Real) (y1 Real))
  (=> (and (inv x y n) (> x 0.0) (= x1 (- x 0.5)) (or (= y1 (+ y 0.5)) (and (< x 3.0) (= y1 (+ y 0.25))))) (inv x1 y1 n))))
(assert (forall ((x Real) (y Real) (n Real)) (=> (and (inv x y n) (not (= (+ x y) n))) false)))
(check-sat)
