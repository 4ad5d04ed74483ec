; A declaration or definition that fails leaves the name denoting something other than what
; the script declares: an older symbol, a theory symbol, a numeral. Assertions using such a
; name are kept but may not mean what the script means: neither sat nor unsat is trusted.
(set-logic QF_UFLRA)
; x stays an Int: x = 1.5 would be unsat, the script's Real x makes it sat (a declaration with
; another sort would overload x: overloaded_symbols.smt2)
(declare-const x Int)
(define-fun x () Real 1.5)
(assert (= x 1.5))
(check-sat)
(get-info :reason-unknown)
(reset-assertions)
; the theory's + would make this unsat, the script's uninterpreted + makes it sat
(declare-fun + (Real Real) Real)
(assert (= (+ 1.0 1.0) 3.0))
(check-sat)
(reset-assertions)
; a sort redefinition, and a symbol declared with the contested sort
(define-sort S () Int)
(define-sort S () Real)
(declare-const y S)
(assert (= (* 2.0 y) 1.0))
(check-sat)
(reset-assertions)
; the doubt is scoped, and ends with a successful declaration of the name
(declare-const z Int)
(push 1)
(define-fun z () Int 0)
(assert (> z 0))
(check-sat)
(pop 1)
(assert (> z 0))
(check-sat)
(declare-fun g (U) Int)
(declare-sort U 0)
(declare-fun g (U) Int)
(declare-const u U)
(assert (= (g u) 1))
(check-sat)
; check-sat-assuming
(declare-const w Int)
(define-fun w () Int 5)
(check-sat-assuming ((= w 3)))
