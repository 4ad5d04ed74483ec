; A symbol cannot be declared twice with one signature in the same scope (another sort overloads it).
(set-logic QF_UF)
(declare-const p Bool)
(push 1)
(declare-const p Bool)
