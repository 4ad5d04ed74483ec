; Quantifiers are not supported. True answer: sat (y = 1, x = 5).
(set-logic LIA)
(declare-const y Int)
(assert (> y 0))
(assert (exists ((x Int)) (and (> x y) (< x 10))))
(check-sat)
