; let: nested lets shadow outer bindings, a binding may change the sort of a name, and the
; bindings of one let are parallel (they see the outer scope only).
(set-logic QF_UF)
(declare-sort U 0)
(declare-const a U)
(declare-const b U)
(declare-fun f (U) U)
(assert (not (= a b)))
(push 1)
; inner x is b, so this is (= b b): true
(assert (let ((x a)) (let ((x b)) (= x b))))
(check-sat)
(pop 1)
(push 1)
; parallel: y is bound to the outer x (= a), not to b
(assert (let ((x a)) (let ((x b) (y x)) (= y b))))
(check-sat)
(pop 1)
(push 1)
; x rebound from U to Bool
(assert (let ((x (f a))) (let ((x (= x (f a)))) (not x))))
(check-sat)
(pop 1)
(push 1)
; swap through parallel bindings
(assert (let ((x a) (y b)) (let ((x y) (y x)) (and (= x b) (= y a)))))
(check-sat)
(pop 1)
