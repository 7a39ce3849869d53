// Planner: Problem -> passes. Each pass is one kernel launch described by a KernelSpec plus
// the runtime arguments (strides, counts) and which buffers it reads and writes. Buffer
// assignment is decided here, apart from the choice of algorithm in the spec.
#pragma once

#include "kernel_spec.h"
#include "problem.h"
#include "tuning.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace clfft_ng {

// What the planner needs to know of the device (read at bake time), and the switches the
// environment sets (read once, at bake, by plan.cpp).
struct DeviceLimits {
    std::size_t localMemBytes = 32768;
    std::size_t maxWorkGroupSize = 256;
    DeviceClass deviceClass = DeviceClass::GpuGeneric; // chooses the tuning profile and kernel forms
    bool laneKernels = true;    // CLFFT_NG_LANES=0 switches the CPU lane and row-lane kernels off
    bool rowLaneKernels = true; // CLFFT_NG_ROW_LANES=0 switches the row-lane kernels off
    bool rowVectorKernels = true; // CLFFT_NG_ROW_VECTORS=0 switches the row-vector kernels off
    bool rowLaneBluestein = true; // CLFFT_NG_ROW_LANE_BLUESTEIN=0: Bluestein not in row-lane kernels
    bool laneRowChunks = true;  // CLFFT_NG_ROW_CHUNKS=0: lane kernels gather rows element by element
    // CLFFT_NG_LANE_GROUP_BYTES=n: the profile's laneGroupBytes replaced (1: one set per group)
    std::size_t laneGroupBytes = 0;
    bool laneRowBlocks = true;  // CLFFT_NG_ROW_BLOCKS=0: short contiguous rows not moved as blocks
    bool paddedDims = true;     // CLFFT_NG_PADDED_DIMS=0: 2D/3D never go through a padded temporary
    // CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (CLFFT_NG_CACHE_BYTES replaces it): CPU-form passes whose
    // data exceed it store past the caches, where the profile says so (0: never).
    std::size_t cacheBytes = 0;
    bool isCpu() const
    {
        return deviceClass == DeviceClass::Cpu || deviceClass == DeviceClass::CpuIntel || deviceClass == DeviceClass::CpuAmdZen5;
    }
    // CLFFT_REQUEST_LIB_NOMEMALLOC: plans that can work in the client's buffers do so (a
    // multi-dimensional out-of-place C2R then overwrites its input, as clFFT's does).
    bool noLibraryMemory = false;
    // CL_DEVICE_MAX_MEM_ALLOC_SIZE: a temporary padded for speed must still fit one allocation.
    std::size_t maxAllocBytes = static_cast<std::size_t>(-1);
};

// Wide: the output side in single precision, for the passes before the last of a 16-bit plan
// (the client's 16-bit output buffer cannot hold their single-precision values).
enum class BufferRole { Input, Output, Temp, Temp2, Temp3, Wide };

struct PassPlan {
    KernelSpec spec;
    BufferRole source = BufferRole::Input;
    BufferRole destination = BufferRole::Output;
    ComplexLayout sourceLayout = ComplexLayout::Interleaved;
    ComplexLayout destinationLayout = ComplexLayout::Interleaved;
    std::size_t transforms = 1;       // transforms this launch computes
    std::size_t inStride = 1;         // element stride along the transform
    std::size_t outStride = 1;
    std::vector<IoDim> batch;         // spec.batchDims entries, innermost first
    bool appliesScale = false;        // the last pass applies the plan's scale
    double scaleShare = 1.0;          // ... |scale| to this power (16-bit plans share it out)
    bool appliesPre = false;          // binds the pre-callback's userdata
    bool appliesPost = false;         // binds the post-callback's userdata
    int fixedDirection = 0;           // +1 or -1: the pass's direction whatever the enqueue's (0: that)
    std::size_t workGroups() const;
};

struct ExecutionPlan {
    std::vector<PassPlan> passes;
    std::size_t tmpBytes = 0;  // temporary buffer the passes need (0: none); the client may give it
    std::size_t tmp2Bytes = 0; // a second one (multi-kernel Bluestein, long real rows), always the library's own
    std::size_t tmp3Bytes = 0; // a third (those when the data already sits in the first), the library's own
    std::size_t wideBytes = 0; // BufferRole::Wide (16-bit plans), the library's own
};

// The tuning profile of the device's class (tuning.cpp).
const TuningProfile& tuningFor(const DeviceLimits& limits);

// The plan the device's tuning profile chooses. Throws StatusError (CLFFT_NOTIMPLEMENTED) for
// problems no strategy accepts.
ExecutionPlan planProblem(const Problem& problem, const DeviceLimits& limits);

// Candidate plans for measured planning: the profile's plan first (planProblem's), then
// distinct plans from variants of the profile's choices (planner.cpp, kVariants: shorter single
// kernels and convolutions, other group sizes, on CPUs each kernel form switched off, row-lane
// radices, real rows in pairs), ordered by estimatedCost (planner/cost.h). Every candidate is a correct plan for
// the problem. Throws as planProblem. The default set leaves out candidates estimated above the
// profile's measureCostCutoff times the cheapest (CPUs: a compile costs a second per kernel there).
struct Candidate {
    const char* variant;       // what differs from the profile's plan
    double estimatedCost;
    ExecutionPlan plan;
};
// Default: the variants MEASURE times. Exhaustive: those, then finer values of the profile
// (EXHAUSTIVE times them all).
enum class CandidateSet { Default, Exhaustive };
std::vector<Candidate> planCandidates(const Problem& problem, const DeviceLimits& limits,
                                      CandidateSet set = CandidateSet::Default);

// The plan of the candidate called `label` (Candidate::variant) alone, without planning the
// others: what a wisdom record names. Empty for a label this planner does not have, or a
// variant with no plan for the problem.
std::optional<ExecutionPlan> planVariant(const Problem& problem, const DeviceLimits& limits, const std::string& label);

// Batch dimensions with unit counts dropped and contiguous neighbours merged.
std::vector<IoDim> normaliseBatch(std::vector<IoDim> dims);

// A buffer step of `points` values of `elementBytes` each, one cache line (64 bytes) longer
// where it is a multiple of 512 bytes: lanes of rows a power of two apart share cache sets
// (docs/history/performance.md, "Column passes that step by powers of two"). The library's own
// temporaries (paddedStepsView) and multi-device pencils use it.
std::size_t paddedStep(std::size_t points, std::size_t elementBytes);

} // namespace clfft_ng
