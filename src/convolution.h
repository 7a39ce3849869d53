// Convolution plans (clfftNgSetPlanConvolution, docs/convolution.md): an inner forward plan from
// the client's input into a library buffer, the multiply stage (generator/convolution_stage.h)
// into a second one, and an inner inverse plan into the client's output. The plan mutex is held
// by the callers, as for bakePlan/enqueuePlan.
#pragma once

#include "executor.h"
#include "plan.h"

#include "convolution_stage.h"

#include <map>
#include <memory>
#include <utility>

namespace clfft_ng {

struct ConvolutionBake {
    cl_device_id device = nullptr;
    std::unique_ptr<Plan> forward, inverse; // on the library's buffers on one side each
    ConvolutionStageSpec spec;
    KernelRef multiply;
    std::size_t points = 0;     // complex values of one spectrum
    std::size_t outputRows = 0; // batch * outChannels
    std::size_t aBytes = 0, bBytes = 0;
    bool fused = false; // the multiply runs in the inverse plan's first pass (no second buffer)
    std::map<cl_command_queue, std::pair<MemRef, MemRef>> scratch;
};

// Bakes a convolution plan (settings.convolution set) for the queue's device; sets plan.baked (no
// passes, the explanation) and plan.conv. Throws StatusError.
void bakeConvolution(Plan& plan, cl_command_queue queue);

// Enqueues a baked convolution plan. Throws StatusError.
void enqueueConvolution(Plan& plan, const EnqueueRequest& request);

} // namespace clfft_ng
