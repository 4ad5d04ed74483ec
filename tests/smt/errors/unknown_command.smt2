; Not an SMT-LIB command.
(set-logic QF_UF)
(check-sat-now)
