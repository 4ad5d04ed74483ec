; A string literal that never ends stops the script.
(set-logic QF_UF)
(echo "never
closed)
(check-sat)
