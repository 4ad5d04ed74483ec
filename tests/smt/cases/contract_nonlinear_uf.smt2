; A non-linear term under an uninterpreted function. True answer: unsat (x = 0 makes x*y = 0,
; so f(x*y) = f(0)).
(set-logic QF_UFNIA)
(declare-fun f (Int) Int)
(declare-const x Int)
(declare-const y Int)
(assert (= x 0))
(assert (= (f (* x y)) 1))
(assert (= (f 0) 2))
(check-sat)
