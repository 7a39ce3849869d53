#include "problem.h"

#include "cl_object.h"
#include "plan.h"

#include <utility>

namespace clfft_ng {

std::size_t Problem::transformPoints() const
{
    std::size_t n = 1;
    for (const IoDim& d : dims)
        n *= d.n;
    return n;
}

namespace {

bool isComplex(clfftLayout l) { return l == CLFFT_COMPLEX_INTERLEAVED || l == CLFFT_COMPLEX_PLANAR; }

ComplexLayout complexLayoutOf(clfftLayout l)
{
    return (l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR) ? ComplexLayout::Planar
                                                                        : ComplexLayout::Interleaved;
}

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

} // namespace

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
    p.inLayout = complexLayoutOf(s.inLayout);
    p.outLayout = complexLayoutOf(s.outLayout);
    p.inPlace = s.placement == CLFFT_INPLACE;
    p.pre = callbackCode(s.preCallback);
    p.post = callbackCode(s.postCallback);
    p.inPieces = s.inPieces;

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
    return p;
}

} // namespace clfft_ng
