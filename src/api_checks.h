// Checks of argument values shared by the C entry points (api.cpp, api_settings.cpp): which enum
// values and lengths clFFT 2.12 accepts, and the status it answers the others with.
#pragma once

#include "api_guard.h"

#include <clFFT.h>

#include <cstddef>

namespace clfft_ng {

inline bool validDim(const clfftDim& d) { return raw(d) >= CLFFT_1D && raw(d) <= CLFFT_3D; }
inline bool validLayout(const clfftLayout& l) { return raw(l) >= CLFFT_COMPLEX_INTERLEAVED && raw(l) < ENDLAYOUT; }
// clFFT 2.12's values, and the 16-bit storage of clFFT-ng.h (CLFFT_NG_HALF, CLFFT_NG_BFLOAT16).
inline bool validPrecision(const clfftPrecision& p)
{
    return (raw(p) >= CLFFT_SINGLE && raw(p) < ENDPRECISION) || raw(p) == 16 || raw(p) == 17;
}
inline bool validDirection(const clfftDirection& d) { return raw(d) == CLFFT_FORWARD || raw(d) == CLFFT_BACKWARD; }
// The scale accessors of clFFT 2.12 refuse only values from ENDDIRECTION up; any direction
// other than forward names the backward scale.
inline bool scaleDirection(const clfftDirection& d) { return raw(d) < ENDDIRECTION; }
inline bool isComplexLayout(clfftLayout l) { return l == CLFFT_COMPLEX_INTERLEAVED || l == CLFFT_COMPLEX_PLANAR; }
inline bool isHermitianLayout(clfftLayout l) { return l == CLFFT_HERMITIAN_INTERLEAVED || l == CLFFT_HERMITIAN_PLANAR; }
inline bool isPlanarLayout(clfftLayout l) { return l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR; }

// A layout or dimension value outside the enum: clFFT 2.12 answers values at or past the END
// marker with CLFFT_INVALID_ARG_VALUE and the others (below the first value, or a pair it does not
// transform) with CLFFT_NOTIMPLEMENTED, from the default branches of its switches.
inline clfftStatus badDimStatus() { return CLFFT_NOTIMPLEMENTED; }

inline bool validLayoutPair(clfftLayout in, clfftLayout out)
{
    if (isComplexLayout(in))
        return isComplexLayout(out);
    if (in == CLFFT_REAL)
        return isHermitianLayout(out);
    return isHermitianLayout(in) && out == CLFFT_REAL;
}

inline bool allPositive(const std::size_t* v, int n)
{
    for (int i = 0; i < n; ++i)
        if (v[i] == 0)
            return false;
    return true;
}

} // namespace clfft_ng
