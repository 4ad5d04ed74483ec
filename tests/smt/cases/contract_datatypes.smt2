; Datatypes are not supported: the sort, its constructors and the constants of the sort are
; unsupported. True answer: unsat (a Color is red or green).
(set-logic QF_DT)
(declare-datatypes ((Color 0)) (((red) (green))))
(declare-const c Color)
(assert (not (= c red)))
(assert (not (= c green)))
(check-sat)
