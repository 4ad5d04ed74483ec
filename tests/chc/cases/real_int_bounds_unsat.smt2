; As real_int_bounds_sat, but r may reach 2 exactly (8 steps of 1/4), which the query excludes.
(set-logic HORN)
(declare-fun inv (Bool Int Real) Bool)
(assert (inv true 0 0.0))
(assert (forall ((b Bool) (i Int) (r Real) (r1 Real))
  (=> (and (inv b i r) (< i 8) (or (= r1 (+ r 0.25)) (= r1 (- r 0.25))))
      (inv (not b) (+ i 1) r1))))
(assert (forall ((b Bool) (i Int) (r Real)) (=> (and (inv b i r) (>= r 2.0)) false)))
(check-sat)
