; Division of reals by a non-constant is not decided. True answer: sat (x = 2, y = 1).
(set-logic QF_NRA)
(declare-const x Real)
(declare-const y Real)
(assert (= (/ x y) 2.0))
(assert (= x 2.0))
(assert (= y 1.0))
(check-sat)
