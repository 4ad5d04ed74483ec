; Bit-vector literals and operators over supported sorts are not supported either. True
; answer: sat (n = 10).
(set-logic ALL)
(declare-const n Int)
(assert (> n 0))
(assert (= (bv2nat #x0A) n))
(check-sat)
(assert (= ((_ extract 3 0) #xAB) #xB))
(check-sat)
