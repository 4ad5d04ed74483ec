; An assertion must be a formula.
(set-logic QF_LIA)
(declare-const x Int)
(assert (+ x 1))
