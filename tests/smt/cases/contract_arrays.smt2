; Arrays are not supported. True answer: sat (a stored 5 at index 1).
(set-logic QF_ALIA)
(declare-const a (Array Int Int))
(declare-const i Int)
(assert (= i 1))
(assert (= (select (store a 1 5) i) 5))
(check-sat)
