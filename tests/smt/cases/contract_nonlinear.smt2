; Non-linear integer arithmetic is not decided: unknown, never a guess. True answers: unsat
; (no integer squares to 2), then sat after a pop (x = 2, y = 3).
(set-logic QF_NIA)
(declare-const x Int)
(declare-const y Int)
(push 1)
(assert (= (* x x) 2))
(check-sat)
(pop 1)
(assert (= (* x y) 6))
(assert (> x 1))
(assert (> y 1))
(check-sat)
(get-info :reason-unknown)
