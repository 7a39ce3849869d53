// One device property read from the runtime, with the library's status when it does not
// answer. Below the API layer: the bake (plan.cpp) and the multi-device bake read devices too.
#pragma once

#include "status_error.h"

#include <CL/cl.h>
#include <clFFT.h>

namespace clfft_ng {

// A device property of type T; CLFFT_INVALID_DEVICE when the runtime does not answer.
template <typename T>
T deviceInfo(cl_device_id device, cl_device_info what)
{
    T value{};
    if (clGetDeviceInfo(device, what, sizeof value, &value, nullptr) != CL_SUCCESS)
        throw StatusError{CLFFT_INVALID_DEVICE};
    return value;
}

} // namespace clfft_ng
