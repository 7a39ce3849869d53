// The arithmetic core of the cost model: what one radix pass costs. It sits here, not in
// src/planner/cost.h with the rest of the model, because the generator's radix choice
// (factorize.cpp) needs it and generator/ may not include src/. The planner-facing module built
// on it (fftCost, passTraffic, estimatedCost) is src/planner/cost.h.
#pragma once

namespace clfft_ng {

// A Stockham pass of radix r costs one trip of every point through local memory (the 1) plus
// the butterfly's arithmetic per point, which grows slowly with r (pocketfft's habit: one model,
// written down once, for the radix choice and the planner's length choices alike).
double radixPassCost(int r);
// The same with radix 16's cost replaced by radix16Cost where that is > 0: the lane kernels'
// radix-16 butterflies on vectors cost more than their one trip through local memory saves
// (TuningProfile::laneRadix16Cost).
double radixPassCost(int r, double radix16Cost);
// A radix16Cost that keeps radix 16 out of any choice.
constexpr double kNoRadix16Cost = 1e9;

} // namespace clfft_ng
