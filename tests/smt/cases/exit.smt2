; Nothing after (exit) is executed.
(set-logic QF_UF)
(declare-const p Bool)
(assert p)
(check-sat)
(exit)
(assert (not p))
(check-sat)
