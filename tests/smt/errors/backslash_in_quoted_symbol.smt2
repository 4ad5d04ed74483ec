; Quoted symbols may not contain a backslash.
(set-logic QF_UF)
(declare-const |a\b| Bool)
