; Arrays over a declared sort: select over store at the same index. True answer: unsat.
(set-logic QF_AUF)
(declare-sort E 0)
(declare-fun a () (Array E E))
(declare-const i E)
(declare-const v E)
(assert (not (= (select (store a i v) i) v)))
(check-sat)
