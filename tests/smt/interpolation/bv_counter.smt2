; QF_BV (issue 22, item 2): a 4-bit counter stepped by an adder and a multiplier, with local
; temporaries in the middle partitions; sequence, binary and tree interpolants over the bits
; of the shared counters (lifted to words where A fixes a run of bits).
(set-option :produce-interpolants true)
(set-logic QF_BV)
(declare-fun x0 () (_ BitVec 4))
(declare-fun x1 () (_ BitVec 4))
(declare-fun x2 () (_ BitVec 4))
(declare-fun t1 () (_ BitVec 4))
(declare-fun t2 () (_ BitVec 4))
(assert (! (bvult x0 #x3) :named P0))
(assert (! (and (= t1 (bvadd x0 #x1)) (= x1 (bvor t1 #x8))) :named P1))
(assert (! (and (= t2 (bvmul x1 #x2)) (= x2 (bvlshr t2 #x1))) :named P2))
(assert (! (bvuge x2 #x4) :named P3))
(check-sat)
(get-interpolants P0 P1 P2 P3)
(get-interpolants (and P0 P1) (and P2 P3))
(get-interpolants P0 (P1) P2 P3)
(get-dag-interpolants 0 4 (0 1 P0) (1 2 P1) (2 3 P2) (3 4 P3))
