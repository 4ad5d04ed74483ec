; define-funs-rec is not supported. True answer: sat (4 is even).
(set-logic UFLIA)
(define-funs-rec ((ev ((n Int)) Bool) (od ((n Int)) Bool))
  ((ite (= n 0) true (od (- n 1))) (ite (= n 0) false (ev (- n 1)))))
(declare-const k Int)
(assert (= k 4))
(assert (ev k))
(check-sat)
