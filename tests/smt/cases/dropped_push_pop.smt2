; A push or pop that fails leaves the assertion stack out of step with the script. After a
; failed push the assertions are still the script's until a pop removes a level too many;
; after that, and after a failed pop (which keeps assertions the script removed), neither sat
; nor unsat can be trusted until reset-assertions. Before the fix: unsat, sat (the script's
; stack still has x < 0 there), and unsat for the script's x > 0 alone.
(set-logic QF_LIA)
(declare-const x Int)
(assert (> x 0))
(push 1)
(push a)
(assert (< x 0))
(check-sat)
(pop 1)
(check-sat)
(get-info :reason-unknown)
(reset-assertions)
(declare-const x Int)
(push 1)
(assert (< x 0))
(pop 2)
(assert (> x 0))
(check-sat)
(reset-assertions)
(declare-const x Int)
(assert (> x 0))
(check-sat)
