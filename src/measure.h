// Timing candidate plans on the device (measured planning, issue 20; docs/tuning.md).
#pragma once

#include "plan.h"

#include <memory>
#include <vector>

namespace clfft_ng {

// One candidate's samples: the median and the fastest, in milliseconds per transform set
// (negative: the plan could not run).
struct PlanTiming {
    double median = -1;
    double fastest = -1;
    bool ran() const { return fastest >= 0; }
};

// Times each baked plan (all of one problem, settings `s`) running forward on scratch buffers
// of the plan's size, never the client's, on a queue of its own on `device`: one warm-up, then
// `rounds` rounds that time every plan once in turn (alternating, so drift hits all alike),
// each sample long enough to dwarf the enqueue overhead. Empty when the scratch buffers or the
// queue cannot be had (the caller falls back to the cost model). Compilation is done before.
std::vector<PlanTiming> timeBakedPlans(const PlanSettings& s, cl_device_id device,
                                       std::vector<std::unique_ptr<BakedPlan>>& plans, int rounds);

} // namespace clfft_ng
