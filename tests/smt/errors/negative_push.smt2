; -1 is a symbol, not a numeral.
(set-logic QF_UF)
(push -1)
