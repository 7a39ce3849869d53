// The cases of the numerical suites (c2c, real, large, anylength): the fields and builders their
// complex and real cases share, the sides they describe, and the start of their descriptions.
// Each suite derives its Case (CRTP, so the builders return the suite's own type) and adds what
// only it checks. Descriptions seed the random inputs: changing their text changes the inputs.
#pragma once

#include <clFFT.h>

#include "cl_raii.h"
#include "fftw_reference.h"
#include "host_sides.h"
#include "test_env.h"

#include <cstddef>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace clfft_test {

using fftw_ref::layoutName;

// The short names the case lists use.
constexpr clfftLayout II = CLFFT_COMPLEX_INTERLEAVED;
constexpr clfftLayout PL = CLFFT_COMPLEX_PLANAR;
constexpr clfftLayout HI = CLFFT_HERMITIAN_INTERLEAVED;
constexpr clfftLayout HP = CLFFT_HERMITIAN_PLANAR;
constexpr clfftLayout RE = CLFFT_REAL;
constexpr clfftPrecision SP = CLFFT_SINGLE;
constexpr clfftPrecision DP = CLFFT_DOUBLE;

// "2D 64x32 batch 3 double".
inline std::string caseHead(const std::vector<std::size_t>& lengths, std::size_t batch, clfftPrecision precision)
{
    return shapeText(lengths) + " batch " + std::to_string(batch) + (precision == CLFFT_DOUBLE ? " double" : " single");
}
inline const char* placementName(bool inPlace) { return inPlace ? "in-place" : "out-of-place"; }
// " <name> {s0,s1} <distName> <dist>" when strides are set, else nothing.
inline std::string stridesText(const char* name, const std::vector<std::size_t>& strides, const char* distName,
                               std::size_t dist)
{
    if (strides.empty())
        return "";
    return std::string(" ") + name + ' ' + listText(strides) + ' ' + distName + ' ' + std::to_string(dist);
}

// A case of lengths (clFFT order), batch and precision; the rest at its defaults.
template <class C> C makeCase(std::vector<std::size_t> lengths, std::size_t batch, clfftPrecision p)
{
    C c;
    c.lengths = std::move(lengths);
    c.batch = batch;
    c.precision = p;
    return c;
}

// A complex-to-complex case. Empty strides: never set on the plan (library defaults, packed);
// when set, the distances are set too (in place the output side repeats the input side).
template <class Case> struct ComplexCaseBase {
    std::vector<std::size_t> lengths;
    std::size_t batch = 1;
    clfftPrecision precision = CLFFT_SINGLE;
    clfftLayout in = CLFFT_COMPLEX_INTERLEAVED, out = CLFFT_COMPLEX_INTERLEAVED;
    bool inPlace = false;
    std::vector<std::size_t> inStrides, outStrides;
    std::size_t inDist = 0, outDist = 0;

    Case& prec(clfftPrecision p) { precision = p; return self(); }
    Case& layouts(clfftLayout i, clfftLayout o) { in = i; out = o; return self(); }
    Case& inplace(bool ip = true) { inPlace = ip; return self(); }
    Case& istrides(std::vector<std::size_t> s, std::size_t d) { inStrides = std::move(s); inDist = d; return self(); }
    Case& ostrides(std::vector<std::size_t> s, std::size_t d) { outStrides = std::move(s); outDist = d; return self(); }

    // One side of the lengths: packed, or the strides and distance given.
    SideDesc side(clfftLayout layout, const std::vector<std::size_t>& strides, std::size_t dist) const
    {
        if (strides.empty())
            return SideDesc::packed(layout, lengths, batch);
        return explicitSide(layout, lengths, strides, dist, batch);
    }
    SideDesc inSide() const { return side(in, inStrides, inDist); }

    // A plan of the case with sides inD and outD, not baked: the strides and distances are set
    // only when the case sets some.
    void createPlan(ScopedPlan& plan, const SideDesc& inD, const SideDesc& outD) const
    {
        createPlanFor(plan, lengths, precision, in, out, inPlace, batch);
        if (!inStrides.empty() || !outStrides.empty())
            setPlanStrides(plan, inD.strides, outD.strides, inD.dist, outD.dist);
    }

    // "1D 13 batch 2 single interleaved->planar out-of-place" and " istrides {2} idist 30 ...".
    std::string headText() const
    {
        return caseHead(lengths, batch, precision) + ' ' + layoutName(in) + "->" + layoutName(out) + ' ' +
               placementName(inPlace);
    }
    std::string stridesText() const
    {
        return clfft_test::stridesText("istrides", inStrides, "idist", inDist) +
               clfft_test::stridesText("ostrides", outStrides, "odist", outDist);
    }

private:
    Case& self() { return static_cast<Case&>(*this); }
};

// A real case: the real side and a hermitian side. Empty strides: library defaults (packed; in
// place the real rows padded to 2*(N0/2+1)).
template <class Case> struct RealCaseBase {
    std::vector<std::size_t> lengths; // real lengths
    std::size_t batch = 1;
    clfftPrecision precision = CLFFT_SINGLE;
    clfftLayout herm = CLFFT_HERMITIAN_INTERLEAVED;
    bool inPlace = false;
    std::vector<std::size_t> realStrides, hermStrides;
    std::size_t realDist = 0, hermDist = 0;

    Case& prec(clfftPrecision p) { precision = p; return self(); }
    Case& layout(clfftLayout h) { herm = h; return self(); }
    Case& inplace(bool ip = true) { inPlace = ip; return self(); }
    Case& rstrides(std::vector<std::size_t> s, std::size_t d) { realStrides = std::move(s); realDist = d; return self(); }
    Case& hstrides(std::vector<std::size_t> s, std::size_t d) { hermStrides = std::move(s); hermDist = d; return self(); }

    SideDesc realSide() const { return realSideOf(lengths, batch, inPlace, realStrides, realDist); }
    SideDesc hermSide() const { return hermSideOf(herm, lengths, batch, hermStrides, hermDist); }

    // The R2C (forward) or C2R plan of the case, not baked; strides as for complex cases.
    void createPlan(ScopedPlan& plan, bool forward, const SideDesc& realD, const SideDesc& hermD) const
    {
        const SideDesc& inD = forward ? realD : hermD;
        const SideDesc& outD = forward ? hermD : realD;
        createPlanFor(plan, lengths, precision, inD.layout, outD.layout, inPlace, batch);
        if (!realStrides.empty() || !hermStrides.empty())
            setPlanStrides(plan, inD.strides, outD.strides, inD.dist, outD.dist);
    }

    // "1D 100 batch 2 single real<->hermitian interleaved in-place" and " real strides ...".
    std::string headText() const
    {
        return caseHead(lengths, batch, precision) + " real<->" + layoutName(herm) + ' ' + placementName(inPlace);
    }
    std::string stridesText() const
    {
        return clfft_test::stridesText("real strides", realStrides, "dist", realDist) +
               clfft_test::stridesText("hermitian strides", hermStrides, "dist", hermDist);
    }

private:
    Case& self() { return static_cast<Case&>(*this); }
};

} // namespace clfft_test
