; Floating point is not supported. True answer: sat (a NaN exists).
(set-logic QF_FP)
(declare-const a Float32)
(declare-const r RoundingMode)
(assert (fp.isNaN a))
(assert (= r RNE))
(check-sat)
