; get-info :name answers with the solver's name.
(get-info :name)
(set-logic QF_UF)
(check-sat)
