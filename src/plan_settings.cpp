// What the client's settings (PlanSettings, plan.h) imply without a device: the strides and
// distances derived from the lengths, the default backward scale, the bytes each buffer must
// hold, and the Problem the planner is given. The bake itself: plan.cpp.
#include "plan.h"

#include "problem.h"

#include <algorithm>
#include <utility>

namespace clfft_ng {

namespace {

// Points along dimension 0 as stored on one side (complex: N0; hermitian: N0/2+1; real: N0,
// padded to 2*(N0/2+1) in place, where the hermitian result overwrites the real input; a
// real-to-real plan's rows are N0 reals in place too).
std::size_t storedExtent0(clfftLayout layout, std::size_t n0, bool inPlace)
{
    switch (layout) {
    case CLFFT_HERMITIAN_INTERLEAVED:
    case CLFFT_HERMITIAN_PLANAR: return n0 / 2 + 1;
    case CLFFT_REAL: return inPlace ? 2 * (n0 / 2 + 1) : n0;
    default: return n0;
    }
}

std::array<std::size_t, 3> packedStrides(const PlanSettings& s, clfftLayout layout, bool transposedOutput)
{
    // Extents in storage order: a transposed output stores dimension 1 innermost.
    std::array<std::size_t, 3> extent{{storedExtent0(layout, s.lengths[0], s.placement == CLFFT_INPLACE && s.r2rKinds.empty()), s.lengths[1],
                                       s.lengths[2]}};
    if (transposedOutput)
        std::swap(extent[0], extent[1]);
    std::array<std::size_t, 3> st{{1, 1, 1}};
    for (int d = 1; d < 3; ++d)
        st[d] = st[d - 1] * extent[d - 1];
    return st;
}

} // namespace

std::size_t PlanSettings::points() const
{
    std::size_t n = 1;
    for (int d = 0; d < rank; ++d)
        n *= lengths[d];
    return n;
}

std::array<std::size_t, 3> PlanSettings::effectiveInStrides() const
{
    return inStridesSet ? inStrides : packedStrides(*this, inLayout, false);
}

std::array<std::size_t, 3> PlanSettings::effectiveOutStrides() const
{
    if (outStridesSet)
        return outStrides;
    const bool transposedOutput = transposed == CLFFT_TRANSPOSED && rank > 1;
    return packedStrides(*this, outLayout, transposedOutput);
}

std::size_t PlanSettings::effectiveInDistance() const
{
    if (inDistance != 0)
        return inDistance;
    const auto st = effectiveInStrides();
    const std::size_t last = rank == 1 ? storedExtent0(inLayout, lengths[0], placement == CLFFT_INPLACE && r2rKinds.empty())
                                       : lengths[rank - 1];
    return st[rank - 1] * last;
}

std::size_t PlanSettings::effectiveOutDistance() const
{
    if (outDistance != 0)
        return outDistance;
    const auto st = effectiveOutStrides();
    std::size_t last = rank == 1 ? storedExtent0(outLayout, lengths[0], placement == CLFFT_INPLACE && r2rKinds.empty()) : lengths[rank - 1];
    if (transposed == CLFFT_TRANSPOSED && rank == 2)
        last = storedExtent0(outLayout, lengths[0], placement == CLFFT_INPLACE && r2rKinds.empty()); // stored outermost
    return st[rank - 1] * last;
}

double PlanSettings::effectiveBackwardScale() const
{
    return backwardScaleSet ? backwardScale : 1.0 / static_cast<double>(points());
}

clfftDirection PlanSettings::effectiveDirection(clfftDirection requested) const
{
    if (inLayout == CLFFT_REAL)
        return CLFFT_FORWARD;
    if (outLayout == CLFFT_REAL)
        return CLFFT_BACKWARD;
    return requested;
}

// Bytes each buffer of one side must hold: the largest element offset the plan touches, plus
// one, times the element size (per buffer: a planar side has two buffers of this size). One
// buffer serves both sides in place. False when a size computation overflows size_t: no
// buffer can hold such data, and the planner's own arithmetic would overflow too.
Storage storageOf(int precision)
{
    return precision == 16 ? Storage::Half : precision == 17 ? Storage::BFloat16 : Storage::Native;
}

bool planBufferBytes(const PlanSettings& s, std::size_t* inBytes, std::size_t* outBytes)
{
    const Problem p = makeProblem(s);
    auto side = [&](bool input, std::size_t* bytes) {
        const std::size_t real = realBytes(p.precision, input ? p.inStorage : p.outStorage);
        const clfftLayout layout = input ? s.inLayout : s.outLayout;
        // An r2r-fused side is the client's rows of n reals, whatever the layout says; of n pairs
        // of reals where its columns are paired.
        const R2RFusion& fusion = input ? p.r2rIn : p.r2rOut;
        const bool fused = fusion.present();
        const bool hermitian = !fused && (layout == CLFFT_HERMITIAN_INTERLEAVED || layout == CLFFT_HERMITIAN_PLANAR);
        std::size_t element = real;
        if ((!fused || fusion.paired) && (layout == CLFFT_COMPLEX_INTERLEAVED || layout == CLFFT_HERMITIAN_INTERLEAVED))
            element = 2 * real;
        std::size_t last = 0; // largest offset, in elements
        auto addSpan = [&](std::size_t n, std::size_t stride) {
            std::size_t span = 0;
            return !__builtin_mul_overflow(n - 1, stride, &span) && !__builtin_add_overflow(last, span, &last);
        };
        for (std::size_t d = 0; d < p.dims.size(); ++d) {
            std::size_t n = (d == 0 && hermitian) ? p.dims[0].n / 2 + 1 : p.dims[d].n;
            if (d == 0 && fused) // the client's row of n points
                n = fusion.n;
            if (!addSpan(n, input ? p.dims[d].inStride : p.dims[d].outStride))
                return false;
        }
        for (const IoDim& b : p.batch)
            if (!addSpan(b.n, input ? b.inStride : b.outStride))
                return false;
        // Rows in pieces reach past the strides: the base, and the distance between pieces.
        if (const RowPieces& rp = p.inPieces; input && rp.length && !p.dims.empty() && rp.distance >= rp.length) {
            if (!addSpan(p.dims[0].n / rp.length, rp.distance - rp.length) ||
                __builtin_add_overflow(last, rp.base, &last))
                return false;
        }
        return !__builtin_add_overflow(last, std::size_t(1), &last) && !__builtin_mul_overflow(last, element, bytes);
    };
    // The points of all transforms must be countable too (work sizes, scales).
    std::size_t points = s.batch;
    for (int d = 0; d < s.rank; ++d)
        if (__builtin_mul_overflow(points, s.lengths[d], &points))
            return false;
    if (!side(true, inBytes) || !side(false, outBytes))
        return false;
    if (s.placement == CLFFT_INPLACE)
        *inBytes = *outBytes = std::max(*inBytes, *outBytes);
    return true;
}

namespace {

bool isComplex(clfftLayout l) { return l == CLFFT_COMPLEX_INTERLEAVED || l == CLFFT_COMPLEX_PLANAR; }

ComplexLayout complexLayoutOf(clfftLayout l)
{
    return (l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR) ? ComplexLayout::Planar
                                                                        : ComplexLayout::Interleaved;
}

} // namespace

CallbackCode callbackCode(const CallbackSettings& cb)
{
    CallbackCode code;
    code.present = cb.set;
    if (cb.set) {
        code.functionName = cb.functionName;
        code.source = cb.source;
        code.userdataCount = static_cast<int>(cb.userdata.size());
        code.localMemBytes = static_cast<std::size_t>(cb.localMemBytes);
    }
    return code;
}

// Zero-padded input and pruned output (docs/zero-padding.md): checked against the plan's rank and
// lengths now, since the setters could not know them.
void addRanges(const PlanSettings& s, Problem& p, bool transposed)
{
    bool any = false;
    for (std::size_t d = 0; d < 3; ++d) {
        for (const PointRange* r : {&s.zeroInput[d], &s.skipOutput[d]}) {
            if (!r->present())
                continue;
            any = true;
            const bool input = r == &s.zeroInput[d];
            const bool hermitian = d == 0 && (input ? p.kind == TransformKind::ComplexToReal
                                                    : p.kind == TransformKind::RealToComplex);
            if (d >= static_cast<std::size_t>(s.rank))
                throw StatusError{CLFFT_INVALID_ARG_VALUE};
            const std::size_t n = hermitian ? s.lengths[0] / 2 + 1 : s.lengths[d];
            // The whole dimension: an input of zeros, or no output at all.
            if (r->end > n || (r->begin == 0 && r->end == n))
                throw StatusError{CLFFT_INVALID_ARG_VALUE};
        }
    }
    if (!any)
        return;
    if (transposed || p.inPlaceViaCopy || !s.r2rKinds.empty() || p.r2rIn.present() || p.r2rOut.present() ||
        p.inPieces.length)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    p.zeroIn.assign(s.zeroInput.begin(), s.zeroInput.begin() + s.rank);
    p.skipOut.assign(s.skipOutput.begin(), s.skipOutput.begin() + s.rank);
}

Problem makeProblem(const PlanSettings& s)
{
    // Transposed output (clFFT, FFTW-MPI's TRANSPOSED_OUT): the first two dimensions of the
    // result swapped. The output strides describe the transposed array; the passes simply
    // write with dimension 0's and 1's output strides exchanged (in place, through the
    // temporary buffer: see planner.cpp).
    const bool transposed = s.transposed == CLFFT_TRANSPOSED && s.rank > 1;
    if (transposed && (s.inLayout == CLFFT_REAL || s.outLayout == CLFFT_REAL))
        throw StatusError{CLFFT_TRANSPOSED_NOTIMPLEMENTED};

    Problem p;
    if (isComplex(s.inLayout))
        p.kind = TransformKind::ComplexToComplex;
    else if (s.inLayout == CLFFT_REAL)
        p.kind = TransformKind::RealToComplex;
    else
        p.kind = TransformKind::ComplexToReal;
    p.precision = (s.precision == CLFFT_DOUBLE || s.precision == CLFFT_DOUBLE_FAST) ? Precision::Double
                                                                                      : Precision::Single;
    p.inStorage = s.inStorage.value_or(storageOf(s.precision));
    p.outStorage = s.outStorage.value_or(storageOf(s.precision));
    p.inLayout = complexLayoutOf(s.inLayout);
    p.outLayout = complexLayoutOf(s.outLayout);
    p.inPlace = s.placement == CLFFT_INPLACE;
    p.pre = callbackCode(s.preCallback);
    p.post = callbackCode(s.postCallback);
    p.inPieces = s.inPieces;
    p.r2rIn = s.r2rIn;
    p.r2rOut = s.r2rOut;

    const auto is = s.effectiveInStrides();
    const auto os = s.effectiveOutStrides();
    const std::size_t idist = s.effectiveInDistance();
    const std::size_t odist = s.effectiveOutDistance();
    if (p.inPlace) {
        // One buffer holds both sides: every transform must occupy the same memory on both.
        // clFFT 2.12 says CLFFT_INVALID_PLAN for complex sides that differ in place.
        if (p.kind == TransformKind::ComplexToComplex) {
            if (p.inLayout != p.outLayout || idist != odist)
                throw StatusError{CLFFT_INVALID_PLAN};
            for (int d = 0; d < s.rank && !transposed; ++d)
                if (is[d] != os[d])
                    throw StatusError{CLFFT_INVALID_PLAN};
        } else {
            // Real rows (in reals) and hermitian rows (in complex values) start at the same
            // bytes: strides of the outer dimensions and distances differ by a factor of 2.
            // The hermitian side must be interleaved: a real side has a single buffer.
            const bool forward = p.kind == TransformKind::RealToComplex;
            if ((forward ? p.outLayout : p.inLayout) != ComplexLayout::Interleaved)
                throw StatusError{CLFFT_INVALID_PLAN}; // clFFT 2.12's status for hermitian planar in place
            const auto& realStrides = forward ? is : os;
            const auto& hermStrides = forward ? os : is;
            const std::size_t realDist = forward ? idist : odist, hermDist = forward ? odist : idist;
            bool sameRows = s.batch <= 1 || realDist == 2 * hermDist;
            for (int d = 1; d < s.rank; ++d)
                sameRows = sameRows && realStrides[d] == 2 * hermStrides[d];
            if (!sameRows) {
                p.inPlace = false;
                p.inPlaceViaCopy = true;
            }
        }
    }
    for (int d = 0; d < s.rank; ++d)
        p.dims.push_back(IoDim{s.lengths[d], is[d], os[d]});
    if (transposed)
        std::swap(p.dims[0].outStride, p.dims[1].outStride);
    p.batch.push_back(IoDim{s.batch, idist, odist});
    p.batch.insert(p.batch.end(), s.extraBatch.begin(), s.extraBatch.end());
    addRanges(s, p, transposed);
    p.leadDim = s.leadDim;
    return p;
}

} // namespace clfft_ng
