// Measured planning: the rigor of a bake, and the key of its wisdom (FFTW's wisdom, for OpenCL:
// the plan a measurement chose, remembered so that later bakes of the same problem on the same
// device take it without timing). Records: wisdom_store.h; docs/tuning.md, "Measured plans and
// wisdom".
#pragma once

#include "planner.h"
#include "wisdom_store.h"

#include <string>

namespace clfft_ng {

// How a plan is chosen: the cost model alone, the best of the few best candidates timed on the
// device, or every candidate (more variants) timed. Values of clfftNgRigor; CLFFT_NG_RIGOR
// (env_settings.h) gives the rigor of plans whose client set none.
enum class Rigor { Estimate = 0, Measure = 1, Exhaustive = 2 };

const char* rigorName(Rigor r);

// SHA-256 of the problem (every field the planner reads), the planner's device limits and
// switches, the device's identity (names, versions, driver) and the library release.
std::string wisdomKey(const Problem& problem, const DeviceLimits& limits, const DeviceIdentity& device);
std::string problemText(const Problem& problem);
std::string planFingerprint(const std::string& explainedPlan);

} // namespace clfft_ng
