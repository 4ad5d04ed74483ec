; f takes one argument.
(set-logic QF_UF)
(declare-sort U 0)
(declare-const a U)
(declare-fun f (U) U)
(assert (= (f a a) a))
