; Numerals have no leading zeros (SMT-LIB 2.6, section 3.1).
(set-logic QF_LIA)
(declare-const x Int)
(assert (> x   007))
