// The C entry points that read and change a plan's settings (clfftGetPlan*/clfftSetPlan*, the
// layouts, callbacks, rigor) and report on its bake. Lifetime, bake and enqueue: api.cpp.
#include "api_checks.h"
#include "api_guard.h"
#include "env_settings.h"
#include "library.h"
#include "multi_device.h"
#include "plan.h"

#include <clFFT-ng.h>
#include <clFFT.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <new>

using namespace clfft_ng;

extern "C" {

// ---- Getters and setters ----------------------------------------------------------------
// Getters check the handle first, then the out-pointer. Setters check handle, then values;
// a rejected setter leaves the plan untouched, an accepted one un-bakes it.

#define CLFFT_NG_GETTER_PTR_CHECK(ptr)                                                              \
    if (!(ptr))                                                                                     \
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;

CLFFTAPI clfftStatus clfftGetPlanPrecision(const clfftPlanHandle plHandle, clfftPrecision* precision)
{
    CLFFT_NG_GETTER_PTR_CHECK(precision)
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        std::memcpy(precision, &p.settings.precision, sizeof *precision); // 16-bit values: past the enum
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftSetPlanPrecision(clfftPlanHandle plHandle, clfftPrecision precision)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!validPrecision(precision))
            return CLFFT_INVALID_ARG_VALUE;
        if (raw(precision) == CLFFT_SINGLE_FAST || raw(precision) == CLFFT_DOUBLE_FAST)
            return CLFFT_NOTIMPLEMENTED; // as clFFT 2.12, whose own tests expect it
        p.settings.precision = raw(precision);
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftGetPlanScale(const clfftPlanHandle plHandle, clfftDirection dir, cl_float* scale)
{
    CLFFT_NG_GETTER_PTR_CHECK(scale)
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!scaleDirection(dir))
            return CLFFT_INVALID_ARG_VALUE;
        *scale = static_cast<cl_float>(raw(dir) == CLFFT_FORWARD ? p.settings.forwardScale
                                                                 : p.settings.effectiveBackwardScale());
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftSetPlanScale(clfftPlanHandle plHandle, clfftDirection dir, cl_float scale)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!scaleDirection(dir)) // any value, NaN and infinities too, as clFFT 2.12
            return CLFFT_INVALID_ARG_VALUE;
        if (raw(dir) == CLFFT_FORWARD) {
            p.settings.forwardScale = scale;
        } else {
            p.settings.backwardScale = scale;
            p.settings.backwardScaleSet = true;
        }
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftGetPlanBatchSize(const clfftPlanHandle plHandle, size_t* batchSize)
{
    CLFFT_NG_GETTER_PTR_CHECK(batchSize)
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        *batchSize = p.settings.batch;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftSetPlanBatchSize(clfftPlanHandle plHandle, size_t batchSize)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        // clFFT 2.12 accepts a batch of 0 here; bake and enqueue then refuse it.
        p.settings.batch = batchSize;
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftGetPlanDim(const clfftPlanHandle plHandle, clfftDim* dim, cl_uint* size)
{
    if (!dim || !size)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        *dim = static_cast<clfftDim>(p.settings.rank);
        *size = static_cast<cl_uint>(p.settings.rank);
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftSetPlanDim(clfftPlanHandle plHandle, const clfftDim dim)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!validDim(dim))
            return badDimStatus();
        PlanSettings& s = p.settings;
        const int rank = raw(dim);
        s.inStrideCount = s.outStrideCount = rank;
        if (rank != s.rank) {
            for (int d = rank; d < 3; ++d)
                s.lengths[d] = 1;
            s.rank = rank;
            s.inStridesSet = s.outStridesSet = false; // distances the client set stay, as in clFFT
        }
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

namespace {

// Shared body of the length and stride getters: `dim` entries, as long as the plan holds that
// many (clFFT 2.12: CLFFT_INVALID_ARG_INDEX past them).
clfftStatus getTriple(clfftPlanHandle plHandle, clfftDim dim, size_t* out,
                      std::array<std::size_t, 3> (*read)(const PlanSettings&), int (*count)(const PlanSettings&))
{
    if (!out)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!validDim(dim))
            return badDimStatus();
        if (raw(dim) > count(p.settings))
            return CLFFT_INVALID_ARG_INDEX;
        const auto v = read(p.settings);
        for (int d = 0; d < raw(dim); ++d)
            out[d] = v[d];
        return CLFFT_SUCCESS;
    });
}

// Shared body of the length and stride setters: `dim` values (which need not be the plan's rank).
clfftStatus setTriple(clfftPlanHandle plHandle, clfftDim dim, const size_t* in,
                      void (*write)(PlanSettings&, const size_t*, int))
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!in)
            return CLFFT_INVALID_HOST_PTR;
        if (!validDim(dim))
            return badDimStatus();
        if (!allPositive(in, raw(dim)))
            return CLFFT_INVALID_ARG_VALUE;
        write(p.settings, in, raw(dim));
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

int rankOf(const PlanSettings& s) { return s.rank; }
int inStrideCountOf(const PlanSettings& s) { return s.inStrideCount; }
int outStrideCountOf(const PlanSettings& s) { return s.outStrideCount; }

} // namespace

CLFFTAPI clfftStatus clfftGetPlanLength(const clfftPlanHandle plHandle, const clfftDim dim, size_t* clLengths)
{
    return getTriple(
        plHandle, dim, clLengths, [](const PlanSettings& s) { return s.lengths; }, rankOf);
}

// As in clFFT 2.12, the lengths' dim becomes the plan's rank. Strides the client set stay
// while the rank does; a new rank derives them again (clFFT would keep arrays of the old size
// and read past them); distances the client set stay.
CLFFTAPI clfftStatus clfftSetPlanLength(clfftPlanHandle plHandle, const clfftDim dim, const size_t* clLengths)
{
    return setTriple(plHandle, dim, clLengths, [](PlanSettings& s, const size_t* v, int n) {
        if (n != s.rank) {
            s.rank = n;
            s.inStridesSet = s.outStridesSet = false; // distances the client set stay, as in clFFT
        }
        for (int d = 0; d < 3; ++d)
            s.lengths[d] = d < n ? v[d] : 1;
    });
}

CLFFTAPI clfftStatus clfftGetPlanInStride(const clfftPlanHandle plHandle, const clfftDim dim, size_t* clStrides)
{
    return getTriple(
        plHandle, dim, clStrides, [](const PlanSettings& s) { return s.effectiveInStrides(); }, inStrideCountOf);
}

// A stride setter's dim may differ from the rank (clFFT 2.12 keeps an array of that size):
// the given strides replace the first dim ones, the others keep their values.
CLFFTAPI clfftStatus clfftSetPlanInStride(clfftPlanHandle plHandle, const clfftDim dim, size_t* clStrides)
{
    return setTriple(plHandle, dim, clStrides, [](PlanSettings& s, const size_t* v, int n) {
        s.inStrides = s.effectiveInStrides();
        for (int d = 0; d < n; ++d)
            s.inStrides[d] = v[d];
        s.inStridesSet = true;
        s.inStrideCount = n;
    });
}

CLFFTAPI clfftStatus clfftGetPlanOutStride(const clfftPlanHandle plHandle, const clfftDim dim, size_t* clStrides)
{
    return getTriple(
        plHandle, dim, clStrides, [](const PlanSettings& s) { return s.effectiveOutStrides(); }, outStrideCountOf);
}

CLFFTAPI clfftStatus clfftSetPlanOutStride(clfftPlanHandle plHandle, const clfftDim dim, size_t* clStrides)
{
    return setTriple(plHandle, dim, clStrides, [](PlanSettings& s, const size_t* v, int n) {
        s.outStrides = s.effectiveOutStrides();
        for (int d = 0; d < n; ++d)
            s.outStrides[d] = v[d];
        s.outStridesSet = true;
        s.outStrideCount = n;
    });
}

CLFFTAPI clfftStatus clfftGetPlanDistance(const clfftPlanHandle plHandle, size_t* iDist, size_t* oDist)
{
    if (!iDist || !oDist)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        const PlanSettings& st = p.settings;
        *iDist = st.distancesSet ? st.inDistance : st.effectiveInDistance();
        *oDist = st.distancesSet ? st.outDistance : st.effectiveOutDistance();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftSetPlanDistance(clfftPlanHandle plHandle, size_t iDist, size_t oDist)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        // 0 means "derive it": gpyfft passes 0, 0 for plans without a batch axis.
        p.settings.inDistance = iDist;
        p.settings.outDistance = oDist;
        p.settings.distancesSet = true;
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftGetLayout(const clfftPlanHandle plHandle, clfftLayout* iLayout, clfftLayout* oLayout)
{
    if (!iLayout || !oLayout)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        *iLayout = p.settings.inLayout;
        *oLayout = p.settings.outLayout;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftSetLayout(clfftPlanHandle plHandle, clfftLayout iLayout, clfftLayout oLayout)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (raw(iLayout) >= ENDLAYOUT || raw(oLayout) >= ENDLAYOUT)
            return CLFFT_INVALID_ARG_VALUE;
        // Real to real only on a real-to-real plan (clfftNgSetPlanR2R); clFFT 2.12 has none.
        const bool r2r = !p.settings.r2rKinds.empty() && iLayout == CLFFT_REAL && oLayout == CLFFT_REAL;
        if (!validLayout(iLayout) || !validLayout(oLayout) || (!validLayoutPair(iLayout, oLayout) && !r2r))
            return CLFFT_NOTIMPLEMENTED; // as clFFT 2.12: a pair it does not transform
        p.settings.inLayout = iLayout;
        p.settings.outLayout = oLayout;
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftGetResultLocation(const clfftPlanHandle plHandle, clfftResultLocation* placeness)
{
    CLFFT_NG_GETTER_PTR_CHECK(placeness)
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        *placeness = p.settings.placement;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftSetResultLocation(clfftPlanHandle plHandle, clfftResultLocation placeness)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (raw(placeness) != CLFFT_INPLACE && raw(placeness) != CLFFT_OUTOFPLACE)
            return CLFFT_INVALID_ARG_VALUE;
        p.settings.placement = placeness;
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftGetPlanTransposeResult(const clfftPlanHandle plHandle, clfftResultTransposed* transposed)
{
    CLFFT_NG_GETTER_PTR_CHECK(transposed)
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        *transposed = p.settings.transposed;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftSetPlanTransposeResult(clfftPlanHandle plHandle, clfftResultTransposed transposed)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (raw(transposed) != CLFFT_NOTRANSPOSE && raw(transposed) != CLFFT_TRANSPOSED)
            return CLFFT_INVALID_ARG_VALUE;
        p.settings.transposed = transposed;
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftGetTmpBufSize(const clfftPlanHandle plHandle, size_t* buffersize)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        // A plan split over several queues takes no client scratch buffer (its sub-plans use
        // the library's): baked, it needs 0 bytes.
        const bool split = p.multi && splitOverQueues(*p.multi);
        if (!p.baked && !split)
            return CLFFT_INVALID_OPERATION; // before the pointer, in clFFT 2.12's order
        if (!buffersize)
            return CLFFT_INVALID_HOST_PTR;
        *buffersize = split ? 0 : p.baked->tmpBytes;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgExplainPlan(const clfftPlanHandle plHandle, char* text, size_t size, size_t* needed)
{
    if (!text && size > 0)
        return CLFFT_INVALID_HOST_PTR;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (p.multi && splitOverQueues(*p.multi))
            return copyTextOut(explainMulti(*p.multi), text, size, needed);
        if (!p.baked)
            return CLFFT_INVALID_OPERATION;
        return copyTextOut(p.baked->explanation, text, size, needed);
    });
}

CLFFTAPI clfftStatus clfftNgSetPlanRigor(clfftPlanHandle plHandle, clfftNgRigor rigor)
{
    const int r = raw(rigor);
    if (r < CLFFT_NG_ESTIMATE || r > CLFFT_NG_EXHAUSTIVE)
        return Library::get().find(plHandle) ? CLFFT_INVALID_ARG_VALUE : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (p.settings.rigor != r)
            p.invalidate();
        p.settings.rigor = r;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgGetPlanRigor(const clfftPlanHandle plHandle, clfftNgRigor* rigor)
{
    CLFFT_NG_GETTER_PTR_CHECK(rigor)
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        *rigor = static_cast<clfftNgRigor>(p.settings.rigor >= 0 ? p.settings.rigor
                                                                  : static_cast<int>(EnvSettings::fromEnvironment().rigor));
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgSetPlanR2R(clfftPlanHandle plHandle, size_t dims, const clfftNgR2RKind* kinds)
{
    if (dims > 0 && !kinds)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    if (dims > 3)
        return Library::get().find(plHandle) ? CLFFT_INVALID_ARG_VALUE : CLFFT_INVALID_PLAN;
    std::vector<int> k;
    for (size_t d = 0; d < dims; ++d) {
        const int v = raw(kinds[d]);
        if (v < CLFFT_NG_R2HC || v > CLFFT_NG_RODFT11)
            return Library::get().find(plHandle) ? CLFFT_INVALID_ARG_VALUE : CLFFT_INVALID_PLAN;
        k.push_back(v);
    }
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (p.settings.r2rKinds != k)
            p.invalidate();
        // The kinds bring their layouts; a DFT again gets clFFT's default ones back.
        const bool realToReal = p.settings.inLayout == CLFFT_REAL && p.settings.outLayout == CLFFT_REAL;
        if (!k.empty()) {
            p.settings.inLayout = p.settings.outLayout = CLFFT_REAL;
        } else if (realToReal) {
            p.settings.inLayout = p.settings.outLayout = CLFFT_COMPLEX_INTERLEAVED;
        }
        p.settings.r2rKinds = std::move(k);
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgGetPlanR2R(const clfftPlanHandle plHandle, size_t dims, clfftNgR2RKind* kinds)
{
    if (dims > 0 && !kinds)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (dims != p.settings.r2rKinds.size())
            return CLFFT_INVALID_ARG_VALUE;
        for (size_t d = 0; d < dims; ++d)
            kinds[d] = static_cast<clfftNgR2RKind>(p.settings.r2rKinds[d]);
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgSetPlanConvolution(clfftPlanHandle plHandle, clfftNgConvolution mode, cl_mem spectrum,
                                               cl_uint inChannels, cl_uint outChannels)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!spectrum) {
            if (p.settings.convolution.set())
                p.invalidate();
            p.settings.convolution = ConvolutionSettings{};
            return CLFFT_SUCCESS;
        }
        const int m = raw(mode);
        if ((m != CLFFT_NG_CONVOLVE && m != CLFFT_NG_CORRELATE) || inChannels == 0 || outChannels == 0)
            return CLFFT_INVALID_ARG_VALUE;
        cl_mem_object_type type = 0;
        cl_context context = nullptr;
        if (clGetMemObjectInfo(spectrum, CL_MEM_TYPE, sizeof type, &type, nullptr) != CL_SUCCESS ||
            type != CL_MEM_OBJECT_BUFFER ||
            clGetMemObjectInfo(spectrum, CL_MEM_CONTEXT, sizeof context, &context, nullptr) != CL_SUCCESS)
            return CLFFT_INVALID_MEM_OBJECT;
        if (context != p.settings.context.get())
            return CLFFT_INVALID_CONTEXT;
        if (!p.settings.r2rKinds.empty())
            return CLFFT_NOTIMPLEMENTED;
        ConvolutionSettings c;
        c.mode = m;
        c.spectrum = MemRef::retain(spectrum);
        c.inChannels = inChannels;
        c.outChannels = outChannels;
        p.settings.convolution = std::move(c); // releases a spectrum it replaces
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgGetPlanConvolution(const clfftPlanHandle plHandle, clfftNgConvolution* mode,
                                               cl_mem* spectrum, cl_uint* inChannels, cl_uint* outChannels)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        const ConvolutionSettings& c = p.settings.convolution;
        if (mode)
            *mode = static_cast<clfftNgConvolution>(c.mode);
        if (spectrum)
            *spectrum = c.spectrum.get();
        if (inChannels)
            *inChannels = static_cast<cl_uint>(c.inChannels);
        if (outChannels)
            *outChannels = static_cast<cl_uint>(c.outChannels);
        return CLFFT_SUCCESS;
    });
}

// Not in clFFT's public header: an internal helper clFFT 2.12 exports. Reports the local
// memory the baked plan's kernels use.
CLFFTAPI clfftStatus clfftLocalMemSize(const clfftPlanHandle plHandle, cl_ulong* local_mem_size)
{
    CLFFT_NG_GETTER_PTR_CHECK(local_mem_size)
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!p.baked)
            return CLFFT_INVALID_OPERATION;
        cl_ulong bytes = 0;
        for (const BakedPass& bp : p.baked->passes)
            bytes = std::max<cl_ulong>(bytes, bp.pass.spec.localMemBytes());
        *local_mem_size = bytes;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftSetPlanCallback(clfftPlanHandle plHandle, const char* funcName, const char* funcString,
                                          int localMemSize, clfftCallbackType callbackType, cl_mem* userdata,
                                          int numUserdataBuffers)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!funcName || !funcString)
            return CLFFT_INVALID_HOST_PTR;
        if (raw(callbackType) != PRECALLBACK && raw(callbackType) != POSTCALLBACK)
            return CLFFT_INVALID_ARG_VALUE;
        if (numUserdataBuffers < 0 || funcName[0] == '\0')
            return CLFFT_INVALID_ARG_VALUE;
        if (numUserdataBuffers > 0 && !userdata)
            return CLFFT_INVALID_HOST_PTR;
        for (int i = 0; i < numUserdataBuffers; ++i)
            if (!userdata[i])
                return CLFFT_INVALID_MEM_OBJECT;
        CallbackSettings cb;
        cb.set = true;
        cb.functionName = funcName; // copied: the caller's strings may go away after the call
        cb.source = funcString;
        cb.localMemBytes = std::max(localMemSize, 0); // clFFT 2.12 takes a negative size as none
        for (int i = 0; i < numUserdataBuffers; ++i)
            cb.userdata.push_back(MemRef::retain(userdata[i]));
        // clFFT 2.12 binds userdata[0] whenever the array is given, whatever the count.
        if (numUserdataBuffers == 0 && userdata && userdata[0])
            cb.userdata.push_back(MemRef::retain(userdata[0]));
        (callbackType == PRECALLBACK ? p.settings.preCallback : p.settings.postCallback) = std::move(cb);
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

} // extern "C"

namespace {

// clfftNgSetPlanZeroInput / SkipOutput (docs/zero-padding.md): the length is checked again at
// bake, where the rank and the lengths are final.
clfftStatus setRange(clfftPlanHandle plHandle, size_t dim, size_t begin, size_t end, bool input)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (dim >= 3 || begin > end || (end > begin && end > p.settings.lengths[dim]))
            return CLFFT_INVALID_ARG_VALUE;
        PointRange& r = (input ? p.settings.zeroInput : p.settings.skipOutput)[dim];
        const PointRange next = begin == end ? PointRange{} : PointRange{begin, end};
        if (!(r == next))
            p.invalidate();
        r = next;
        return CLFFT_SUCCESS;
    });
}

clfftStatus getRange(clfftPlanHandle plHandle, size_t dim, size_t* begin, size_t* end, bool input)
{
    if (!begin || !end)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (dim >= 3)
            return CLFFT_INVALID_ARG_VALUE;
        const PointRange& r = (input ? p.settings.zeroInput : p.settings.skipOutput)[dim];
        *begin = r.begin;
        *end = r.end;
        return CLFFT_SUCCESS;
    });
}

} // namespace

CLFFTAPI clfftStatus clfftNgSetPlanZeroInput(clfftPlanHandle plHandle, size_t dim, size_t begin, size_t end)
{
    return setRange(plHandle, dim, begin, end, true);
}

CLFFTAPI clfftStatus clfftNgSetPlanSkipOutput(clfftPlanHandle plHandle, size_t dim, size_t begin, size_t end)
{
    return setRange(plHandle, dim, begin, end, false);
}

CLFFTAPI clfftStatus clfftNgGetPlanZeroInput(const clfftPlanHandle plHandle, size_t dim, size_t* begin, size_t* end)
{
    return getRange(plHandle, dim, begin, end, true);
}

CLFFTAPI clfftStatus clfftNgGetPlanSkipOutput(const clfftPlanHandle plHandle, size_t dim, size_t* begin, size_t* end)
{
    return getRange(plHandle, dim, begin, end, false);
}
