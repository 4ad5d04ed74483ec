; A logic craig does not implement: set-logic is accepted (leniently), its constructs are
; unsupported. True answer: unsat (m[0] cannot be both 1 and 2).
(set-logic QF_ABV)
(declare-const m (Array (_ BitVec 4) (_ BitVec 4)))
(assert (= (select m #x0) #x1))
(assert (= (select m #x0) #x2))
(check-sat)
