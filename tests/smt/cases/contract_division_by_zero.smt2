; Division by zero is total but unspecified in SMT-LIB; craig keeps (div x 0) opaque and does
; not decide it. True answers: sat ((div x 0) may be 3), then unsat (it cannot be both 3 and
; 4), which craig finds by congruence.
(set-logic QF_LIA)
(declare-const x Int)
(assert (= (div x 0) 3))
(check-sat)
(assert (= (div x 0) 4))
(check-sat)
