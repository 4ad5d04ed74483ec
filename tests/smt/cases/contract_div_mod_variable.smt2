; div and mod by a non-constant are not decided. True answers: unsat (mod x y < y for y > 0),
; then sat after the pop (x = 6, y = 2).
(set-logic QF_NIA)
(declare-const x Int)
(declare-const y Int)
(assert (> y 0))
(push 1)
(assert (= (mod x y) y))
(check-sat)
(pop 1)
(assert (= (div x y) 3))
(assert (= y 2))
(check-sat)
