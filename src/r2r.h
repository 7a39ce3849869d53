// Real-to-real plans (clfftNgSetPlanR2R, docs/r2r.md): per dimension, a
// pre-stage kernel, an ordinary real or complex plan of about n points, and a
// post-stage kernel (generator/r2r_stages.h). The plan mutex is held by the
// callers, as for bakePlan/enqueuePlan.
#pragma once

#include "executor.h"
#include "plan.h"

#include "r2r_stages.h"

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace clfft_ng {

struct R2RStageBake {
    R2RStageSpec preSpec, postSpec;
    KernelRef pre, post;
    MemRef preTable, postTable;
    std::unique_ptr<Plan> inner; // the FFT between the stages, on the library's buffers
    R2RInner shape;
    std::size_t rows = 1;
    bool readsInput = false; // the first dimension reads the client's input
    bool directIn = false;   // no pre-stage: the FFT reads the client's rows (R2HC, DHT)
    bool directOut = false;  // no post-stage: the FFT writes the client's rows (HC2R)
    bool fusedIn = false;    // ... the pre-stage done in the FFT's loads (directIn too)
    bool fusedOut = false;   // ... the post-stage done in the FFT's stores (directOut too)
    bool pairedColumns = false; // the FFT is a complex one of pairs of real columns (R2RFusion::paired)
    std::size_t readStride = 1, writeStride = 1;
    std::vector<std::pair<std::size_t, std::size_t>> readRows,
        writeRows; // (count, stride)
};

struct R2RBake {
    cl_device_id device = nullptr;
    std::vector<R2RStageBake> stages;
    std::size_t aBytes = 0, bBytes = 0;    // the FFT's input and output, all rows
    std::size_t inBytes = 0, outBytes = 0; // what the client's buffers must hold
    std::size_t wideBytes = 0;             // 16-bit plans of several dimensions: the output in floats
    struct Scratch {
        MemRef a, b, wide;
    };
    std::map<cl_command_queue, Scratch> scratch;
};

// Bakes an r2r plan (settings.r2rKinds set) for the queue's device; sets
// plan.baked (no passes, the explanation) and plan.r2r. Throws StatusError.
void bakeR2R(Plan& plan, cl_command_queue queue);

// Enqueues a baked r2r plan. Throws StatusError.
void enqueueR2R(Plan& plan, const EnqueueRequest& request);

} // namespace clfft_ng
