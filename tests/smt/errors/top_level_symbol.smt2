; Commands are parenthesised; a bare word is a syntax error that stops the script.
(set-logic QF_UF)
check-sat
(check-sat)
