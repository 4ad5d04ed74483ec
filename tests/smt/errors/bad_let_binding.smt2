; A let binding is a pair (symbol term).
(set-logic QF_UF)
(declare-const p Bool)
(assert (let ((q) (r p)) (and q r)))
