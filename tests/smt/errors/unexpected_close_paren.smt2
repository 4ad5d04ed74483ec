; A closing parenthesis that matches nothing stops the script.
(set-logic QF_UF)
(declare-const p Bool)
(assert p))
(check-sat)
