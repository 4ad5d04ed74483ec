; Strings are not supported. True answer: unsat ("ab" has length 2).
(set-logic QF_SLIA)
(declare-const s String)
(declare-const n Int)
(assert (= s "ab"))
(assert (= n (str.len s)))
(assert (= n 3))
(check-sat)
