// Device shapes for the host-only planner tests: what DeviceLimits a GPU or CPU of a given local
// memory and work-group size reports. No machine here has most of them.
#pragma once

#include "planner.h"

#include <cstddef>

namespace clfft_test {

inline clfft_ng::DeviceLimits gpuShape(std::size_t localBytes, std::size_t maxGroup)
{
    clfft_ng::DeviceLimits l;
    l.localMemBytes = localBytes;
    l.maxWorkGroupSize = maxGroup;
    l.deviceClass = clfft_ng::DeviceClass::GpuGeneric;
    return l;
}

// PoCL reports 4096 work-items per group.
inline clfft_ng::DeviceLimits cpuShape(std::size_t localBytes)
{
    clfft_ng::DeviceLimits l = gpuShape(localBytes, 4096);
    l.deviceClass = clfft_ng::DeviceClass::Cpu;
    return l;
}

} // namespace clfft_test
