; #x and #b are the only literals that start with #.
(set-logic QF_UF)
(declare-const p Bool)
(assert (= p #o17))
