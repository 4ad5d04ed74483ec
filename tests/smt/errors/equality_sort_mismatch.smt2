; Both sides of = must have the same sort.
(set-logic QF_UF)
(declare-sort U 0)
(declare-const a U)
(declare-const p Bool)
(assert (or p (= a p)))
