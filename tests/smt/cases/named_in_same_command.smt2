; SMT-LIB 2.6, 3.6.5: a :named term is defined as soon as its annotation is parsed, so the
; rest of the same command may use the name (as cvc5's regression
; parser/use-name-in-same-command.smt2 does with nested named Int terms). Before the fix the
; names were unknown until the end of the command: four errors, and sat twice.
(set-logic QF_UFLIA)
(declare-fun g (Int) Int)
(declare-fun h (Int) Int)
(declare-const a Int)
(declare-const b Int)
(declare-const c Int)
; d and gd are Int terms named inside the term and used further right in it
(assert (= c (! (+ (! (g (! (- b a) :named d)) :named gd) (h d)) :named s)))
(assert (! (= (h d) gd) :named e))
; a Bool name used in the same assertion
(assert (and (! (= a 1) :named a1) (=> a1 (= b 4))))
(check-sat)
; with a = 1 and b = 4: d = 3, s = g(3) + h(3) = 2 g(3)
(assert (not (= s (* 2 (g 3)))))
(check-sat)
