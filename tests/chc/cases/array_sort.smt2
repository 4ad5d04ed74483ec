(set-logic HORN)
(declare-fun p ((Array Int Int)) Bool)
(check-sat)
