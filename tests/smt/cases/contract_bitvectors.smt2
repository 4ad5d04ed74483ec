; Bit-vectors (QF_BV) are decided by bit-blasting: x + 1 = x has no solution modulo 2^8, and
; with p alone the script is sat. Uninterpreted functions over bit-vectors stay unsupported.
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(declare-const p Bool)
(assert p)
(push 1)
(assert (= (bvadd x #x01) x))
(check-sat)
(pop 1)
(check-sat)
(declare-fun f ((_ BitVec 8)) (_ BitVec 8))
(assert (= (f x) x))
(check-sat)
