; A comma is not part of the SMT-LIB syntax.
(set-logic QF_UF)
(declare-const p Bool)
(declare-const q Bool)
(assert (and p, q))
