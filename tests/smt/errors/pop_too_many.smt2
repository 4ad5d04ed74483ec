; Only one level was pushed.
(set-logic QF_UF)
(push 1)
(pop 2)
