; check-sat-assuming with an assumption that fails: the command answers the error (or
; `unsupported`) only, never sat; the assertions are unchanged.
(set-logic QF_LIA)
(declare-const x Int)
(assert (> x 0))
(check-sat-assuming ((< x O)))
(check-sat-assuming ((forall ((y Int)) (> y x))))
(check-sat-assuming ((< x 0)))
(check-sat)
