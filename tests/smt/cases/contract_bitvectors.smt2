; Bit-vectors are not supported: the declaration and the assertion answer `unsupported`, and
; check-sat must answer unknown. True answer: unsat (x + 1 = x has no solution modulo 2^8).
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(declare-const p Bool)
(assert p)
(assert (= (bvadd x #x01) x))
(check-sat)
(get-info :reason-unknown)
