// Executor: binds buffers and runtime arguments and enqueues a baked plan's passes on the
// client's queue, chaining them with events. Never blocks.
#pragma once

#include "plan.h"

namespace clfft_ng {

struct EnqueueRequest {
    clfftDirection direction = CLFFT_FORWARD;
    cl_command_queue queue = nullptr;
    cl_uint numWaitEvents = 0;
    const cl_event* waitEvents = nullptr;
    cl_event* outEvent = nullptr; // may be null
    cl_mem* inputs = nullptr;
    cl_mem* outputs = nullptr;    // ignored in place
    cl_mem tmpBuffer = nullptr;   // client's temporary buffer, may be null
};

// CLFFT_INVALID_BUFFER_SIZE (thrown) when `mem` holds fewer than `needed` bytes.
void checkBufferSize(cl_mem mem, std::size_t needed);

// Plan mutex held by the caller; the plan is baked. Throws StatusError.
void enqueuePlan(Plan& plan, const EnqueueRequest& request);

} // namespace clfft_ng
