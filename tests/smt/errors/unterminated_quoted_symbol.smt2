; A quoted symbol may span lines, but it must end.
(set-logic QF_UF)
(declare-const |a
b Bool)
(check-sat)
