// Convolution plans: the bake (checks, the two inner plans, the multiply kernel) and the enqueue
// (forward, multiply, inverse, chained by events on the client's queue).
#include "convolution.h"

#include "device_info.h"
#include "env_settings.h"
#include "kernel_binding.h"
#include "stage_kernels.h"
#include "tiering.h"

#include <chrono>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace clfft_ng {

namespace {

bool isDouble(const PlanSettings& s)
{
    return s.precision == CLFFT_DOUBLE || s.precision == CLFFT_DOUBLE_FAST;
}

bool mulOk(std::size_t a, std::size_t b, std::size_t* out)
{
    return !__builtin_mul_overflow(a, b, out);
}

// The client's output side: real for a real plan (strides counting reals, packed N0 rows by
// default), the input's own strides in place.
void outputSide(const PlanSettings& s, std::array<std::size_t, 3>* strides, std::size_t* distance)
{
    if (s.placement == CLFFT_INPLACE) {
        *strides = s.effectiveInStrides();
        *distance = s.effectiveInDistance();
        return;
    }
    if (s.inLayout != CLFFT_REAL) {
        *strides = s.effectiveOutStrides();
        *distance = s.effectiveOutDistance();
        return;
    }
    std::array<std::size_t, 3> st{{1, s.lengths[0], s.lengths[0] * s.lengths[1]}};
    if (s.outStridesSet)
        st = s.outStrides;
    *strides = st;
    *distance = s.outDistance != 0
                    ? s.outDistance
                    : st[static_cast<std::size_t>(s.rank - 1)] * s.lengths[static_cast<std::size_t>(s.rank - 1)];
}

const char* layoutName(clfftLayout l)
{
    switch (l) {
    case CLFFT_COMPLEX_INTERLEAVED: return "complex interleaved";
    case CLFFT_COMPLEX_PLANAR: return "complex planar";
    case CLFFT_HERMITIAN_INTERLEAVED: return "hermitian interleaved";
    case CLFFT_HERMITIAN_PLANAR: return "hermitian planar";
    case CLFFT_REAL: return "real";
    default: return "?";
    }
}

// A complex pass of whole transforms in a form with two rounds (lanes, Stockham).
bool wholeRows(const KernelSpec& k)
{
    return !k.row.width && !k.rowVector.rowsPerGroup && !k.pairVector && k.kind == PassKind::Complex &&
           !k.stageTwiddleLength && k.fusedStep == FusedStep::None && !k.pre.present && !k.post.present &&
           k.inLayout == ComplexLayout::Interleaved && k.inStorage == Storage::Native && k.outStorage == Storage::Native;
}

// The complex dimension the forward plan's last pass transforms in place in the packed library
// buffer, found by its stride there, where that pass can be fused (fuseMultiply); else -1. The
// inverse plan starts with that dimension; otherwise it keeps the planner's order.
int lastDimension(const Plan& forward, const std::array<std::size_t, 3>& packed)
{
    if (!forward.baked || forward.generic || forward.baked->passes.size() < 2)
        return -1;
    const PassPlan& last = forward.baked->passes.back().pass;
    if (last.source != BufferRole::Output || last.destination != BufferRole::Output || !wholeRows(last.spec))
        return -1;
    const PlanSettings& s = forward.settings;
    for (int d = s.inLayout == CLFFT_REAL ? 1 : 0; d < s.rank; ++d)
        if (packed[static_cast<std::size_t>(d)] == last.inStride &&
            s.lengths[static_cast<std::size_t>(d)] == last.spec.length)
            return d;
    return -1;
}

// The multiply inside the transforms: where the forward plan's last pass and the inverse plan's
// first transform the same rows of the library buffer (lane or Stockham kernels), one kernel does both with
// the spectrum between (KernelSpec::convolve), and the multiply stage and a trip through memory
// go. One channel each way (a channel sum needs every input's spectrum at once).
bool fuseMultiply(const Plan& plan, cl_device_id device, ConvolutionBake& conv)
{
    const ConvolutionSettings& c = plan.settings.convolution;
    if (c.inChannels != 1 || c.outChannels != 1 || !conv.forward->baked || !conv.inverse->baked ||
        conv.forward->generic || conv.inverse->generic)
        return false;
    std::vector<BakedPass>& forward = conv.forward->baked->passes;
    std::vector<BakedPass>& inverse = conv.inverse->baked->passes;
    if (forward.size() < 2 || inverse.empty())
        return false;
    const PassPlan& f = forward.back().pass;
    const PassPlan& i = inverse.front().pass;
    // the forward pass leaves its result in place in the library buffer, where the inverse reads
    if (f.source != BufferRole::Output || f.destination != BufferRole::Output || i.source != BufferRole::Input ||
        !wholeRows(f.spec) || !wholeRows(i.spec) || f.spec.length != i.spec.length || f.inStride != i.inStride ||
        f.transforms != i.transforms)
        return false;
    PassPlan fused = i;
    KernelSpec& k = fused.spec;
    k.convolve = c.mode == 2 ? 2 : 1;
    k.zeroIn = f.spec.zeroIn; // rows the forward passes left out are masked as they were there
    k.lane.rowsIn = k.lane.rowsOut = k.lane.blocksIn = k.lane.blocksOut = false;
    fused.fixedDirection = 1; // its first round runs forward; the second, forward on the conjugate, inverts
    BakedPass bp;
    try {
        if (!bakeExtraPass(plan, device, fused, &bp))
            return false;
    } catch (const std::invalid_argument&) { // a lane kernel the two rounds do not take
        return false;
    }
    bp.spectrum = c.spectrum;
    bp.spectrumPeriod = conv.points;
    // the inverse plan's text names the kernel that now runs first
    std::string& text = conv.inverse->baked->explanation;
    const std::string before = i.spec.kernelName(), after = k.kernelName();
    if (const std::size_t at = text.find(before); at != std::string::npos)
        text.replace(at, before.size(), after);
    forward.pop_back();
    inverse.front() = std::move(bp);
    return true;
}

// The passes an inner plan left unbuilt (PlanSettings::deferPass) that fuseMultiply did not
// replace; a pass whose kernel does not fit the device as built alone has the plan baked again.
void buildDeferredPasses(Plan& inner, cl_command_queue queue, cl_device_id device)
{
    if (!inner.baked)
        return;
    for (BakedPass& bp : inner.baked->passes) {
        if (bp.kernel)
            continue;
        BakedPass built;
        if (!bakeExtraPass(inner, device, bp.pass, &built)) {
            inner.settings.deferPass = 0;
            bakePlan(inner, queue);
            return;
        }
        bp = std::move(built);
    }
}

} // namespace

void bakeConvolution(Plan& plan, cl_command_queue queue)
{
    const PlanSettings& s = plan.settings;
    const ConvolutionSettings& c = s.convolution;
    cl_device_id device = nullptr;
    if (clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, nullptr) != CL_SUCCESS)
        throw StatusError{CLFFT_INVALID_COMMAND_QUEUE};
    if (!s.r2rKinds.empty() || s.preCallback.set || s.postCallback.set)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    // 16-bit plans (docs/precision.md): the forward plan widens the client's input, the inverse
    // rounds its output; the spectra, the client's spectrum and the arithmetic are single precision.
    const Storage storage = storageOf(s.precision);
    const bool narrow = storage != Storage::Native;
    if (s.transposed == CLFFT_TRANSPOSED && s.rank > 1)
        throw StatusError{CLFFT_TRANSPOSED_NOTIMPLEMENTED};
    if (s.batch == 0 || c.inChannels == 0 || c.outChannels == 0)
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const bool real = s.inLayout == CLFFT_REAL;
    const bool complexIn = s.inLayout == CLFFT_COMPLEX_INTERLEAVED || s.inLayout == CLFFT_COMPLEX_PLANAR;
    const bool complexOut = s.outLayout == CLFFT_COMPLEX_INTERLEAVED || s.outLayout == CLFFT_COMPLEX_PLANAR;
    const bool hermitianOut = s.outLayout == CLFFT_HERMITIAN_INTERLEAVED || s.outLayout == CLFFT_HERMITIAN_PLANAR;
    // A real convolution plan is an R2C plan (its output layout names the frequency domain).
    if (!(real && hermitianOut) && !(complexIn && (complexOut || s.placement == CLFFT_INPLACE)))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const bool dbl = isDouble(s);
    if (dbl && deviceInfo<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG) == 0)
        throw StatusError{CLFFT_DEVICE_NO_DOUBLE};
    const bool inPlace = s.placement == CLFFT_INPLACE;

    auto conv = std::make_shared<ConvolutionBake>();
    conv->device = device;
    const std::size_t n0 = real ? s.lengths[0] / 2 + 1 : s.lengths[0];
    std::size_t points = n0;
    for (int d = 1; d < s.rank; ++d)
        if (!mulOk(points, s.lengths[static_cast<std::size_t>(d)], &points))
            throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const std::size_t complexBytes = dbl ? 2 * sizeof(cl_double) : 2 * sizeof(cl_float);
    std::size_t inRows = 0, outRows = 0, spectrumBytes = 0;
    if (!mulOk(s.batch, c.inChannels, &inRows) || !mulOk(s.batch, c.outChannels, &outRows) ||
        !mulOk(c.inChannels * c.outChannels, points, &spectrumBytes) ||
        !mulOk(spectrumBytes, complexBytes, &spectrumBytes) || !mulOk(inRows * points, complexBytes, &conv->aBytes) ||
        !mulOk(outRows * points, complexBytes, &conv->bBytes) || inRows > SIZE_MAX / points ||
        outRows > SIZE_MAX / points)
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const cl_ulong maxAlloc = deviceInfo<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    if (conv->aBytes > maxAlloc || conv->bBytes > maxAlloc)
        throw StatusError{CLFFT_INVALID_BUFFER_SIZE};
    // The spectrum: the plan's context (a copied plan keeps its spectrum) and all the bytes.
    cl_context memContext = nullptr;
    std::size_t memBytes = 0;
    if (clGetMemObjectInfo(c.spectrum.get(), CL_MEM_CONTEXT, sizeof memContext, &memContext, nullptr) != CL_SUCCESS ||
        clGetMemObjectInfo(c.spectrum.get(), CL_MEM_SIZE, sizeof memBytes, &memBytes, nullptr) != CL_SUCCESS)
        throw StatusError{CLFFT_INVALID_MEM_OBJECT};
    if (memContext != s.context.get())
        throw StatusError{CLFFT_INVALID_CONTEXT};
    if (memBytes < spectrumBytes)
        throw StatusError{CLFFT_INVALID_BUFFER_SIZE};
    conv->points = points;
    conv->outputRows = outRows;

    // The library's spectra, packed: n0 complex values along dimension 0, then the others.
    const std::array<std::size_t, 3> packed{{1, n0, n0 * s.lengths[1]}};
    std::array<std::size_t, 3> outStrides{};
    std::size_t outDistance = 0;
    outputSide(s, &outStrides, &outDistance);
    const int tiering = tierModeOf(s) == TierMode::GenericOnly ? static_cast<int>(TierMode::GenericOnly)
                                                               : static_cast<int>(TierMode::SpecializedOnly);
    int leadDim = -1;
    auto innerPlan = [&](bool forward) {
        auto p = std::make_unique<Plan>();
        p->services = plan.services;
        PlanSettings& t = p->settings;
        t.context = s.context;
        t.rank = s.rank;
        t.inStrideCount = t.outStrideCount = s.rank;
        t.lengths = s.lengths;
        t.precision = narrow ? CLFFT_SINGLE : s.precision;
        if (narrow) {
            t.inStorage = forward ? storage : Storage::Native;
            t.outStorage = forward ? Storage::Native : storage;
        }
        t.placement = CLFFT_OUTOFPLACE;
        t.rigor = s.rigor;
        t.tiering = tiering;
        t.forwardScale = 1.0;
        t.backwardScale = forward ? 1.0 : s.effectiveBackwardScale();
        t.backwardScaleSet = true;
        t.inStridesSet = t.outStridesSet = t.distancesSet = true;
        if (forward) {
            t.batch = inRows;
            t.inLayout = s.inLayout;
            t.outLayout = real ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_COMPLEX_INTERLEAVED;
            t.inStrides = s.effectiveInStrides();
            t.inDistance = s.effectiveInDistance();
            t.outStrides = packed;
            t.outDistance = points;
        } else {
            t.batch = outRows;
            t.inLayout = real ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_COMPLEX_INTERLEAVED;
            t.outLayout = real ? CLFFT_REAL : inPlace ? s.inLayout : s.outLayout;
            t.inStrides = packed;
            t.inDistance = points;
            t.outStrides = outStrides;
            t.outDistance = outDistance;
        }
        // Zero-padded input and pruned output (docs/zero-padding.md): the forward plan skips the
        // zeros, the inverse the outputs not needed (linear convolution).
        if (forward)
            t.zeroInput = s.zeroInput;
        else
            t.skipOutput = s.skipOutput;
        t.leadDim = forward ? -1 : leadDim;
        // The passes fuseMultiply would replace are built only if it does not (a cold bake of
        // real 512x512 builds 3 programs instead of 5).
        if (c.inChannels == 1 && c.outChannels == 1)
            t.deferPass = forward ? -1 : 1;
        bakePlan(*p, queue);
        return p;
    };
    conv->forward = innerPlan(true);
    // one channel each way: the plans fuseMultiply can join
    leadDim = c.inChannels == 1 && c.outChannels == 1 ? lastDimension(*conv->forward, packed) : -1;
    conv->inverse = innerPlan(false);
    std::string fusedNote;
    if (fuseMultiply(plan, device, *conv))
        fusedNote = "the forward plan's last pass and the inverse plan's first run as one kernel, " +
                    conv->inverse->baked->passes.front().pass.spec.kernelName() +
                    ": the forward rows, the product with the spectrum, the inverse rows; no multiply step\n";
    conv->fused = !fusedNote.empty();
    buildDeferredPasses(*conv->forward, queue, device);
    buildDeferredPasses(*conv->inverse, queue, device);
    conv->spec.precision = dbl ? Precision::Double : Precision::Single;
    conv->spec.correlate = c.mode == 2;
    std::size_t largest = 0;
    conv->spec.index64 = !mulOk(std::max(inRows, std::max(outRows, c.inChannels * c.outChannels)), points, &largest) ||
                         largest > 0xffffffffu;
    if (!conv->fused) // the fused pass multiplies; the stage kernel is not built
        conv->multiply = buildStageKernel(plan, device, convolutionStageSource(conv->spec), conv->spec.kernelName());

    std::ostringstream explain;
    explain << "convolution (" << (c.mode == 2 ? "correlate" : "convolve") << "), " << s.lengths[0];
    for (int d = 1; d < s.rank; ++d)
        explain << "x" << s.lengths[static_cast<std::size_t>(d)];
    explain << ", batch " << s.batch << ", channels " << c.inChannels << " in, " << c.outChannels << " out, "
            << (dbl                            ? "double"
                : storage == Storage::Half     ? "half storage (single spectrum and arithmetic)"
                : storage == Storage::BFloat16 ? "bfloat16 storage (single spectrum and arithmetic)"
                                               : "single")
            << ", " << layoutName(s.inLayout) << " in, "
            << (real ? "real" : layoutName(inPlace ? s.inLayout : s.outLayout)) << " out, "
            << (inPlace ? "in place" : "out of place") << ", backward scale " << s.effectiveBackwardScale()
            << (conv->fused ? "; the multiply fused into the transforms\n"
                            : "; three steps (a multiply stage between the transforms)\n");
    if (conv->fused)
        explain << fusedNote << "forward over " << inRows << " transforms into a library buffer of " << conv->aBytes
                << " bytes, all passes but the last: " << conv->forward->baked->explanation << "inverse over "
                << outRows << " transforms, its first pass the fused one: " << conv->inverse->baked->explanation;
    else
        explain << "step 1, forward over " << inRows << " transforms into a library buffer of " << conv->aBytes
                << " bytes: " << conv->forward->baked->explanation << "step 2, multiply: " << conv->spec.kernelName()
                << ", " << points << " points x " << outRows << " outputs, summing " << c.inChannels
                << " input channel(s), into a library buffer of " << conv->bBytes << " bytes\n"
                << "step 3, inverse over " << outRows << " transforms: " << conv->inverse->baked->explanation;

    auto baked = std::make_unique<BakedPlan>();
    baked->device = device;
    baked->explanation = explain.str();
    // clfftGetTmpBufSize: the library buffer A (the forward spectra), which the client may give.
    baked->tmpBytes = conv->aBytes;
    if (EnvSettings::fromEnvironment().explain) // the inner plans printed themselves as they baked
        std::fprintf(stderr, "clfft-ng plan: %s", baked->explanation.c_str());
    plan.baked = std::move(baked);
    plan.conv = std::move(conv);
}

void enqueueConvolution(Plan& plan, const EnqueueRequest& rq)
{
    const PlanSettings& s = plan.settings;
    ConvolutionBake& conv = *plan.conv;
    auto& scratch = conv.scratch[rq.queue];
    if (rq.tmpBuffer)
        checkBufferSize(rq.tmpBuffer, conv.aBytes);
    cl_mem a = rq.tmpBuffer ? rq.tmpBuffer : scratchBuffer(s.context.get(), scratch.first, conv.aBytes);
    cl_mem b = conv.fused ? nullptr : scratchBuffer(s.context.get(), scratch.second, conv.bBytes);

    EnqueueRequest fwd;
    fwd.direction = CLFFT_FORWARD;
    fwd.queue = rq.queue;
    fwd.numWaitEvents = rq.numWaitEvents;
    fwd.waitEvents = rq.waitEvents;
    cl_event fwdEvent = nullptr;
    fwd.outEvent = &fwdEvent;
    fwd.inputs = rq.inputs;
    cl_mem aOut[1] = {a};
    fwd.outputs = aOut;
    enqueuePlan(*conv.forward, fwd);
    EventRef forwardDone(fwdEvent);
    // The inverse plan from `input` into the client's output, after `wait` (none: nullptr).
    auto inverse = [&](cl_mem input, cl_event wait) {
        EnqueueRequest inv;
        inv.direction = CLFFT_BACKWARD;
        inv.queue = rq.queue;
        inv.numWaitEvents = wait ? 1 : 0;
        inv.waitEvents = wait ? &wait : nullptr;
        cl_event invEvent = nullptr;
        inv.outEvent = &invEvent;
        cl_mem in[1] = {input};
        inv.inputs = in;
        inv.outputs = s.placement == CLFFT_INPLACE ? rq.inputs : rq.outputs;
        enqueuePlan(*conv.inverse, inv);
        EventRef inverseDone(invEvent);
        if (rq.outEvent)
            *rq.outEvent = inverseDone.release();
    };
    if (conv.fused) { // the inverse's first pass multiplies (fuseMultiply)
        inverse(a, forwardDone.get());
        return;
    }

    // CLFFT_NG_PROFILE: the stage's wall time on stderr (blocking; a diagnostic).
    static const bool profile = EnvSettings::fromEnvironment().profile;
    if (profile)
        clFinish(rq.queue);
    const auto t0 = std::chrono::steady_clock::now();
    {
        ArgBinder args(conv.multiply.get(), conv.spec.index64, conv.spec.precision == Precision::Double);
        args.mem(a);
        args.mem(s.convolution.spectrum.get());
        args.mem(b);
        args.index(conv.points);
        args.index(s.convolution.inChannels);
        args.index(s.convolution.outChannels);
    }
    std::size_t global[2], local[2];
    convolutionStageLaunch(conv.points, conv.outputRows, global, local);
    cl_event mulEvent = nullptr;
    cl_event fwdWait = forwardDone.get();
    const cl_int err = clEnqueueNDRangeKernel(rq.queue, conv.multiply.get(), 2, nullptr, global, local, fwdWait ? 1 : 0,
                                              fwdWait ? &fwdWait : nullptr, &mulEvent);
    if (err != CL_SUCCESS)
        throw StatusError{err};
    EventRef multiplied(mulEvent);
    if (profile) {
        clFinish(rq.queue);
        std::fprintf(stderr, "clfft-ng profile: %s: %.3f ms\n", conv.spec.kernelName().c_str(),
                     std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }

    inverse(b, multiplied.get());
}

} // namespace clfft_ng
