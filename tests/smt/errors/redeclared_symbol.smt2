; A symbol cannot be declared twice in the same scope.
(set-logic QF_UF)
(declare-const p Bool)
(push 1)
(declare-const p Bool)
