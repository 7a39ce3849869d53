// RAII ownership of OpenCL objects: one reference, released exactly once.
#pragma once

#include "status_error.h"

#include <CL/cl.h>

#include <utility>

namespace clfft_ng {

template <typename Handle, cl_int(CL_API_CALL* Retain)(Handle), cl_int(CL_API_CALL* Release)(Handle)>
class ClObject {
public:
    ClObject() = default;
    // Takes over a reference the caller already owns (e.g. from clCreate*).
    explicit ClObject(Handle h) : handle_(h) {}
    // Adds a reference of our own to a handle someone else owns.
    static ClObject retain(Handle h)
    {
        if (h)
            Retain(h);
        return ClObject(h);
    }
    ClObject(const ClObject& o) : handle_(o.handle_)
    {
        if (handle_)
            Retain(handle_);
    }
    ClObject(ClObject&& o) noexcept : handle_(std::exchange(o.handle_, nullptr)) {}
    ClObject& operator=(ClObject o) noexcept
    {
        std::swap(handle_, o.handle_);
        return *this;
    }
    ~ClObject() { reset(); }

    void reset()
    {
        if (handle_)
            Release(handle_);
        handle_ = nullptr;
    }
    Handle get() const { return handle_; }
    Handle release() { return std::exchange(handle_, nullptr); }
    explicit operator bool() const { return handle_ != nullptr; }

private:
    Handle handle_ = nullptr;
};

using ContextRef = ClObject<cl_context, clRetainContext, clReleaseContext>;
using ProgramRef = ClObject<cl_program, clRetainProgram, clReleaseProgram>;
using KernelRef = ClObject<cl_kernel, clRetainKernel, clReleaseKernel>;
using MemRef = ClObject<cl_mem, clRetainMemObject, clReleaseMemObject>;
using EventRef = ClObject<cl_event, clRetainEvent, clReleaseEvent>;
using QueueRef = ClObject<cl_command_queue, clRetainCommandQueue, clReleaseCommandQueue>;

} // namespace clfft_ng
