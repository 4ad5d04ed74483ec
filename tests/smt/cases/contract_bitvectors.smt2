; Bit-vectors (QF_BV) are decided by bit-blasting: x + 1 = x has no solution modulo 2^8, and
; with p alone the script is sat. Functions over bit-vectors go through Ackermann's reduction
; (ufbv_ackermann.smt2); a function that mixes bit-vectors with Int stays unsupported.
(set-logic QF_UFBV)
(declare-const x (_ BitVec 8))
(declare-const p Bool)
(assert p)
(push 1)
(assert (= (bvadd x #x01) x))
(check-sat)
(pop 1)
(check-sat)
(declare-fun f ((_ BitVec 8)) Int)
(assert (= (f x) 1))
(check-sat)
