; Two real counters move in opposite directions from a symbolic start: x + y stays n (engine pdr,
; tests/cli/chc.sh); the bad state needs the relation, not bounds.
(set-logic HORN)
(declare-fun inv (Real Real Real) Bool)
(assert (forall ((x Real) (y Real) (n Real)) (=> (and (= x n) (= y 0.0) (>= n 0.0)) (inv x y n))))
(assert (forall ((x Real) (y Real) (n Real) (x1 Real) (y1 Real))
  (=> (and (inv x y n) (> x 0.0) (= x1 (- x 0.5)) (= y1 (+ y 0.5))) (inv x1 y1 n))))
(assert (forall ((x Real) (y Real) (n Real)) (=> (and (inv x y n) (not (= (+ x y) n))) false)))
(check-sat)
