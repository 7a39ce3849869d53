#include "problem.h"

#include "cl_object.h"
#include "plan.h"

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

} // namespace

Problem makeProblem(const PlanSettings& s)
{
    if (!isComplex(s.inLayout) || !isComplex(s.outLayout))
        throw StatusError{CLFFT_NOTIMPLEMENTED}; // real-data transforms: not yet
    if (s.preCallback.set || s.postCallback.set)
        throw StatusError{CLFFT_NOTIMPLEMENTED}; // callbacks: not yet
    if (s.transposed == CLFFT_TRANSPOSED && s.rank > 1)
        throw StatusError{CLFFT_TRANSPOSED_NOTIMPLEMENTED};

    Problem p;
    p.kind = TransformKind::ComplexToComplex;
    p.precision = (s.precision == CLFFT_DOUBLE || s.precision == CLFFT_DOUBLE_FAST) ? Precision::Double
                                                                                      : Precision::Single;
    p.inLayout = complexLayoutOf(s.inLayout);
    p.outLayout = complexLayoutOf(s.outLayout);
    p.inPlace = s.placement == CLFFT_INPLACE;

    const auto is = s.effectiveInStrides();
    const auto os = s.effectiveOutStrides();
    const std::size_t idist = s.effectiveInDistance();
    const std::size_t odist = s.effectiveOutDistance();
    if (p.inPlace) {
        // One buffer holds both sides: every element must be read and written at one place.
        if (p.inLayout != p.outLayout || idist != odist)
            throw StatusError{CLFFT_INVALID_ARG_VALUE};
        for (int d = 0; d < s.rank; ++d)
            if (is[d] != os[d])
                throw StatusError{CLFFT_INVALID_ARG_VALUE};
    }
    for (int d = 0; d < s.rank; ++d)
        p.dims.push_back(IoDim{s.lengths[d], is[d], os[d]});
    p.batch.push_back(IoDim{s.batch, idist, odist});
    return p;
}

} // namespace clfft_ng
