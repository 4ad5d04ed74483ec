; Quantifiers are not supported. True answer: unsat (f is positive everywhere, f(3) < 0).
(set-logic UFLIA)
(declare-fun f (Int) Int)
(assert (forall ((x Int)) (> (f x) 0)))
(assert (< (f 3) 0))
(check-sat)
(get-info :reason-unknown)
