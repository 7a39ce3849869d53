// The cost model, one module: what a radix pass, an FFT, a plan's pass and a whole plan cost,
// and the bytes a pass moves through global memory (--explain prints them). Built on
// generator/cost_model.h, the per-radix arithmetic the generator's radix choice needs there
// (generator/ may not include src/). The profile fields that weigh the model (laneRadix16Cost,
// laneCostFactor, stockhamCostFactor) are read here and nowhere else in the planner.
#pragma once

#include "cost_model.h"
#include "planner.h"
#include "tuning.h"

#include <cstddef>

namespace clfft_ng {

// Cost of an FFT of n points (hasCodeletFactors(n)) with chooseRadices(n): n x its passes' costs.
double fftCost(std::size_t n);

// The radix16Cost (chooseRadices) of a lane pass under the profile: its laneRadix16Cost, or
// kNoRadix16Cost where the pass may not take radix 16 at all.
double laneRadix16PassCost(const TuningProfile& profile, bool withoutRadix16);

// Bytes a pass reads and writes in global memory (data only, tables and callbacks excluded).
struct PassTraffic {
    std::size_t readBytes = 0;
    std::size_t writeBytes = 0;
};
PassTraffic passTraffic(const PassPlan& pass);

// The cost model's estimate of a plan's time, in bytes of global-memory traffic: every pass's
// reads and writes, plus its radix passes through local memory (fftCost) at kLocalTripCost of a
// global trip; each pass weighted by its kernel form's cost factor in the device's profile (on a
// CPU, a lane or Stockham pass moves the same bytes slower than a row-lane pass).
constexpr double kLocalTripCost = 0.25;
double estimatedCost(const ExecutionPlan& plan, const TuningProfile& profile);

} // namespace clfft_ng
