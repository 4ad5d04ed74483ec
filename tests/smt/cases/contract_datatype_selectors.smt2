; declare-datatype (one datatype), parametric declare-datatypes, selectors and testers (the
; 2.6 (_ is C) and the is-C of z3 and cvc5). True answer: sat (l = (cons 3 nil)).
(set-logic QF_UFDTLIA)
(declare-datatype Pair ((mk (fst Int) (snd Int))))
(declare-datatypes ((L 1)) ((par (T) ((nil) (cons (hd T) (tl (L T)))))))
(declare-const n Int)
(assert (= (fst (mk n 2)) 1))
(check-sat)
(assert (is-mk (mk n n)))
(check-sat)
(assert ((_ is mk) (mk 1 n)))
(check-sat)
