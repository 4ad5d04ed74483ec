; State/transition interpolants (craig's get-state-transition-interpolants, Def. 6.1 of
; Albarghouthi's thesis): a caller's guard, two calls (each a transition over its own copy of
; the interface) and a negated summary; one partition is a conjunction, one assertion unnamed
; (it joins the last formula). Answers list g_0 s_0 g_1 s_1 g_2.
(set-option :produce-interpolants true)
(set-logic QF_LIA)
(declare-fun p () Int)
(declare-fun a1 () Int)
(declare-fun b1 () Int)
(declare-fun a2 () Int)
(declare-fun b2 () Int)
(declare-fun r () Int)
(declare-fun c () Bool)
(assert (! (and (>= p 0) (= a1 (+ p 1))) :named guard))
(assert (! (or (and c (= b1 (+ a1 1))) (and (not c) (= b1 (+ a1 2)))) :named call1))
(assert (! (= a2 b1) :named link))
(assert (! (>= b2 (* 2 a2)) :named call2))
(assert (! (= r b2) :named ret))
(assert (< r 4))
(check-sat)
(get-state-transition-interpolants guard call1 (and link call2) ret)
(get-state-transition-interpolants (and guard call1) link call2 ret)
(get-state-transition-interpolants guard (and call1 link call2 ret))
