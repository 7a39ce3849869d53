// Plan: the user's settings, validated by the API layer, plus the baked result.
#pragma once

#include "cl_object.h"
#include "planner.h"

#include <clFFT.h>

#include <array>
#include <atomic>
#include <map>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clfft_ng {

struct CallbackSettings {
    bool set = false;
    std::string functionName;
    std::string source;
    int localMemBytes = 0;
    std::vector<MemRef> userdata;
};

// clfftNgSetPlanConvolution (docs/convolution.md): the filter spectra the plan multiplies by
// between its forward and inverse transform; mode 0: an ordinary transform.
struct ConvolutionSettings {
    int mode = 0; // a clfftNgConvolution value
    MemRef spectrum;
    std::size_t inChannels = 1, outChannels = 1;
    bool set() const { return mode != 0; }
};

// Everything the client set, as the client set it. Values the client never set are derived
// on demand (effective*), so that changing the lengths updates them as clFFT does.
struct PlanSettings {
    ContextRef context;
    int rank = 1;
    // How many entries clFFT's stride arrays hold: set by clfftSetPlanDim and by the stride
    // setters' dim, which may differ from the rank; the stride getters fill at most this many.
    int inStrideCount = 1;
    int outStrideCount = 1;
    std::array<std::size_t, 3> lengths{{1, 1, 1}};
    std::array<std::size_t, 3> inStrides{{1, 1, 1}};
    std::array<std::size_t, 3> outStrides{{1, 1, 1}};
    bool inStridesSet = false;
    bool outStridesSet = false;
    std::size_t inDistance = 0;  // 0: derived from lengths and strides
    std::size_t outDistance = 0; // 0: derived
    bool distancesSet = false;   // the getter reports what the client set, 0 too (as clFFT 2.12)
    std::size_t batch = 1;
    // clfftPrecision's values and the 16-bit ones past its range (CLFFT_NG_HALF, _BFLOAT16): an
    // int, since a clfftPrecision holding those is out of range in C++ (UBSan's enum check).
    int precision = CLFFT_SINGLE;
    clfftLayout inLayout = CLFFT_COMPLEX_INTERLEAVED;
    clfftLayout outLayout = CLFFT_COMPLEX_INTERLEAVED;
    clfftResultLocation placement = CLFFT_INPLACE;
    clfftResultTransposed transposed = CLFFT_NOTRANSPOSE;
    // Kept in double: the default 1/N must not be rounded to float for double transforms.
    double forwardScale = 1.0;
    double backwardScale = 1.0;
    bool backwardScaleSet = false;
    // clfftNgSetPlanRigor (a clfftNgRigor value); -1: CLFFT_NG_RIGOR, read at bake.
    int rigor = -1;
    // clfftNgSetPlanTiering (a clfftNgTiering value); -1: CLFFT_NG_TIERING, read at bake.
    int tiering = -1;
    // Not the client's: a background bake of the tiering worker (src/tiering.cpp), which leaves its
    // binaries to PoCL's own cache (taking one while the client launches kernels can deadlock PoCL 3.1).
    bool background = false;
    // clfftNgSetPlanQueueArrays: clfftBakePlan and clfftEnqueueTransform take more than one queue.
    bool queueArrays = false;
    // Not the client's: the queue-array position of a multi-device sub-plan. Its kernels get
    // programs of their own on PoCL's CPU devices (buildPlan, docs/multi-device.md).
    int replica = 0;
    // Not the client's: a multi-device sub-plan reading its rows from every device's pencils.
    RowPieces inPieces;
    // Not the client's: an r2r plan's inner FFT with the r2r stages fused into its loads or
    // stores (src/r2r.cpp); the fused side's strides and distance count reals.
    R2RFusion r2rIn, r2rOut;
    // Not the client's: a side's storage other than the precision's (a 16-bit r2r plan's inner
    // FFT: 16-bit where it reads or writes the client's rows, single on the library's buffers).
    std::optional<Storage> inStorage, outStorage;
    // Not the client's: batch dimensions after the plan's batch (an r2r plan's inner FFT over
    // the client's rows numbered by several dimensions).
    std::vector<IoDim> extraBatch;
    CallbackSettings preCallback;
    CallbackSettings postCallback;
    // clfftNgSetPlanR2R: one clfftNgR2RKind per dimension; empty: a DFT (docs/r2r.md).
    std::vector<int> r2rKinds;
    // clfftNgSetPlanZeroInput / SkipOutput, per dimension (docs/zero-padding.md).
    std::array<PointRange, 3> zeroInput{}, skipOutput{};
    ConvolutionSettings convolution;
    int leadDim = -1; // not the client's: the dimension the complex passes take first (Problem::leadDim)
    // Not the client's: a convolution's inner plan leaves this pass unbuilt (-1: the last, 1: the
    // first; 0: none) where its kernel may be fused away; buildDeferredPasses builds it if not.
    int deferPass = 0;

    std::array<std::size_t, 3> effectiveInStrides() const;
    std::array<std::size_t, 3> effectiveOutStrides() const;
    std::size_t effectiveInDistance() const;
    std::size_t effectiveOutDistance() const;
    double effectiveBackwardScale() const;
    // The direction an enqueue asking for `requested` runs: real transforms take theirs from the
    // layouts, whatever the client asks.
    clfftDirection effectiveDirection(clfftDirection requested) const;
    // The scale of that direction.
    double scaleFor(clfftDirection direction) const
    {
        return direction == CLFFT_FORWARD ? forwardScale : effectiveBackwardScale();
    }
    std::size_t points() const; // product of the lengths of the plan's rank
};

// A pass ready to run: its kernel and its constant data.
struct BakedPass {
    PassPlan pass;
    KernelRef kernel;
    MemRef twiddles;
    // Convolution passes (KernelSpec::convolve): the plan's spectrum and its points.
    MemRef spectrum;
    std::size_t spectrumPeriod = 0;
};

struct BakedPlan {
    cl_device_id device = nullptr;
    std::vector<BakedPass> passes;
    std::string explanation; // the plan printed (plan_text.h): clfftNgExplainPlan, CLFFT_NG_EXPLAIN
    std::size_t tmpBytes = 0;
    bool inPlaceViaCopy = false; // Problem::inPlaceViaCopy: out-of-place passes, input copied first
    std::size_t tmp2Bytes = 0; // a second and a third scratch buffer (multi-kernel Bluestein,
    std::size_t tmp3Bytes = 0; // long real rows), always our own
    std::size_t wideBytes = 0; // BufferRole::Wide (16-bit plans), our own
    // The library's temporary buffers, one pair per command queue: two queues running one plan
    // at once (possibly concurrently on the device) must not share scratch memory. Allocated
    // at the first enqueue on a queue that needs them (the first without a client buffer).
    struct Scratch {
        MemRef tmp, tmp2, tmp3, wide;
        MemRef inputCopy[2]; // an out-of-place enqueue whose input and output buffers alias
    };
    std::map<cl_command_queue, Scratch> scratch;
    // The same settings in place, for out-of-place enqueues on one buffer (executor.cpp).
    std::unique_ptr<BakedPlan> inPlaceTwin;
    bool inPlaceTwinFailed = false;
};

struct MultiDeviceBake; // several devices: multi_device.h
struct GenericBake;     // the generic tier: tiering.h
struct R2RBake;         // real-to-real plans: r2r.h
struct ConvolutionBake; // convolution plans: convolution.h

class ProgramCache; // cache/program_cache.h
class WisdomStore;  // cache/wisdom_store.h

// What a bake takes from the library, the layer above (library.h hands it to each plan it
// creates; copies and sub-plans pass it on): the compiled programs, the measured plans and
// clfftSetup's debug flags, read at each bake. The library outlives every plan.
struct BakeServices {
    ProgramCache* programs = nullptr;
    WisdomStore* wisdom = nullptr;
    const std::atomic<cl_ulong>* debugFlags = nullptr;
};

struct Plan {
    std::mutex mutex; // guards everything below; held by setters, bake and enqueue
    BakeServices services;
    PlanSettings settings;
    std::unique_ptr<BakedPlan> baked;
    // Several devices (multi_device.h): the client's split weights (empty: even) and the plan
    // baked for a queue array. A setter drops the bake, not the weights.
    std::vector<double> splitWeights;
    std::shared_ptr<MultiDeviceBake> multi;
    std::shared_ptr<R2RBake> r2r; // with `baked` (which then has no passes) for r2r plans
    std::shared_ptr<GenericBake> generic; // likewise for plans baked on the generic tier
    std::shared_ptr<ConvolutionBake> conv; // likewise for convolution plans

    void invalidate()
    {
        baked.reset();
        multi.reset();
        r2r.reset();
        generic.reset();
        conv.reset();
    }
};

// Bakes the plan for the device of `queue` (plan mutex held by the caller). Throws StatusError.
void bakePlan(Plan& plan, cl_command_queue queue);

// A CPU device of PoCL, whose driver quirks (and their absence) the library knows.
bool isPoclCpu(cl_device_id device);

// The client's callback as the generator takes it (plan_settings.cpp).
CallbackCode callbackCode(const CallbackSettings& cb);

// The 16-bit storage a precision names (clFFT-ng.h's CLFFT_NG_HALF, CLFFT_NG_BFLOAT16); Native
// for clFFT's own precisions.
Storage storageOf(int precision);

// Builds the Problem of a plan (plan_settings.cpp); throws StatusError for settings that cannot
// be computed (in-place with differing strides, real layouts until supported, ...).
Problem makeProblem(const PlanSettings& settings);

// Bytes each buffer of one side must hold for the plan's strides and distances (per buffer: a
// planar side has two). False when the computation overflows size_t.
bool planBufferBytes(const PlanSettings& s, std::size_t* inBytes, std::size_t* outBytes);

} // namespace clfft_ng
