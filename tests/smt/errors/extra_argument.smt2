; declare-const takes a symbol and a sort.
(set-logic QF_LRA)
(declare-const x Real 0.0)
