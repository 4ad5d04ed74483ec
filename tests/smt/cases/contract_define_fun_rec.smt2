; issue 15, defect 2: define-fun-rec is not supported; an assertion using the function was an
; error (unknown symbol) and check-sat answered sat. True answer (z3, cvc5): unsat (3! = 6).
(set-logic UFLIA)
(define-fun-rec fact ((n Int)) Int (ite (<= n 0) 1 (* n (fact (- n 1)))))
(assert (= (fact 3) 7))
(check-sat)
(get-info :reason-unknown)
