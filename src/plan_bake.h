// The bake's parts that plan.cpp (the plan a bake takes) and plan_measured.cpp (measured
// planning and wisdom) share: the device a plan is baked for, and building a plan's programs.
#pragma once

#include "plan.h"
#include "planner.h"
#include "problem.h"
#include "wisdom.h"

#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clfft_ng {

struct BakeTarget {
    cl_device_id device = nullptr;
    DeviceLimits limits;
    BakeServices services; // the plan's: programs and wisdom
    bool dump = false;
    bool quiet = false; // CLFFT_QUIET: no compiler log when a kernel fails to build
    int replica = 0; // > 0: the kernels get programs of their own (sharesLoadedKernels)
    // Bytes of CL_KERNEL_LOCAL_MEM_SIZE beyond the device's local memory that still run: NVIDIA
    // reports 4-32 more than a kernel declares, and on an H200 (driver 580) kernels declaring
    // all 48 KiB ran; planning them again in less cost double 6144 0.54x, 3072 0.76x there.
    std::size_t localMemSlack = 0;
};

// What the compiled kernels of a plan allow: smaller work-groups than the device's (register
// pressure), less local memory than the device's (a compiler's own bytes beyond our arrays:
// NVIDIA's reports 4-32 more than the kernel declares, so a kernel planned to fill local memory
// exactly cannot run there).
struct KernelFit {
    std::size_t workGroupSize = 0;
    std::size_t localMemBytes = 0;
};

// Oclgrind (21.10) crashes when two host threads call it at once: bakes there use one thread.
bool takesConcurrentCalls(cl_device_id device);

// The OpenCL C of one pass as compiled for the target.
std::string passSource(const BakeTarget& t, const PassPlan& pass);

// Runs tasks[0..n) on up to `workers` threads (this one among them), started in `order` (all of
// 0..n, or empty: in index order); each task's exception, for the caller to rethrow in order.
std::vector<std::exception_ptr> runTasks(const std::vector<std::function<void()>>& tasks, std::size_t workers,
                                         const std::vector<std::size_t>& order = {});

// Compiles the kernels of `exec` and uploads their tables; null when a kernel does not fit the
// limits the plan was made for (*fit: within which to plan again). plan.cpp says more.
std::unique_ptr<BakedPlan> buildPlan(const PlanSettings& s, const BakeTarget& t, const Problem& problem,
                                     const ExecutionPlan& exec, const std::string& header, KernelFit* fit,
                                     bool persist = true, bool parallel = true,
                                     const std::vector<std::string>* ready = nullptr);

// Whether measured planning and wisdom apply to the problem (not callbacks, not fused r2r stages).
bool measurable(const Problem& problem);

// The plan wisdom names for the problem on this device, with its record.
std::optional<std::pair<ExecutionPlan, WisdomRecord>> wisdomChoice(const BakeTarget& t, const Problem& problem,
                                                                   const std::string& key);

// The printed plan's first line for a plan wisdom named.
std::string wisdomHeader(const WisdomRecord& record);

// The plan wisdom names, or the fastest candidate timed on the device (then remembered as
// wisdom). Null when neither applies: estimate rigor without wisdom, callbacks (their userdata
// is the client's), fused r2r stages (one family takes them), or nothing could be timed; the
// caller then takes the profile's plan.
std::unique_ptr<BakedPlan> bakeMeasured(const PlanSettings& s, const BakeTarget& t, const Problem& problem,
                                        Rigor rigor);

} // namespace clfft_ng
