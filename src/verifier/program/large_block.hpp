// Large-block encoding (Beyer et al., FMCAD 2009): the plain program summarised
// between cut points.
//
// Cut points: entry, error, exit, truncated and every loop head, i.e. every target of
// a back edge of a depth-first search from entry, so that the plain graph without the
// cut points is acyclic; also every location the plain program marks `cut_point`. For each pair of cut points (c, d) connected by a path whose
// inner locations are not cut points, the result has one edge c -> d whose formula
// describes all those paths: each plain edge e in between gets a Boolean aux flag
// t_e with t_e -> (reached(src) and formula(e)), each inner location a flag that
// implies one of its incoming t_e, and values that differ between incoming edges
// get a fresh version equal to the value of the edge taken. A model of the block
// formula therefore contains a path: walk back from d along edges whose flag is true
// (Edge::steps lists them with their renamed inputs, in topological order).
//
// Locations unreachable from entry are dropped. The result shares the variables
// (and their terms) of the plain program.
#pragma once

#include "verifier/program/program.hpp"

namespace craig::verifier {

Program large_block(const Program& plain);

}  // namespace craig::verifier
