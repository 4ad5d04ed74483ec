; Sorts must be declared before use.
(set-logic QF_UF)
(declare-fun f (Elem) Bool)
