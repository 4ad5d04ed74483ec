; bv2nat (bit-vectors mixed with integers) is not supported; bit-vector terms alone are
; (the extract folds to a constant). True answer: sat (n = 10).
(set-logic ALL)
(declare-const n Int)
(assert (> n 0))
(assert (= (bv2nat #x0A) n))
(check-sat)
(assert (= ((_ extract 3 0) #xAB) #xB))
(check-sat)
