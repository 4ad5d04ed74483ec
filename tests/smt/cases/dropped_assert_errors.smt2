; An error anywhere inside an assert drops the assertion: check-sat answers unknown, never
; sat, and :reason-unknown names the error. Intended answer: unsat (the typo O for 0).
(set-logic QF_LIA)
(declare-const x Int)
(declare-const p Bool)
(assert (> x 0))
(assert (< x O))
(check-sat)
(get-info :reason-unknown)
(reset-assertions)
(declare-const x Int)
(declare-const p Bool)
; a sort error
(assert (and p 1))
(check-sat)
(reset-assertions)
(declare-const x Int)
; a malformed token inside the term
(assert (< x 007))
(check-sat)
(reset-assertions)
(declare-const x Int)
; two terms in one assert
(assert (> x 0) (< x 0))
(check-sat)
(reset-assertions)
(declare-const x Int)
; a name that is already declared
(assert (! (> x 0) :named x))
(check-sat)
(get-info :reason-unknown)
(reset-assertions)
; nothing dropped any more
(check-sat)
