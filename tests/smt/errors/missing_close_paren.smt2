; The end of the input inside a term: the innermost open list is reported.
(set-logic QF_UF)
(declare-const p Bool)
(assert (and p
  (or p (not p))
