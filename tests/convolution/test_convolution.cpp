// Convolution plans (clfftNgSetPlanConvolution, issue 60, docs/convolution.md) through the public
// interface.
//
// Reference: direct convolution (or cross-correlation) on the host in double precision, circular
// or, for the zero-padded cases, linear (no wrap-around: it equals the device's circular result
// only where the padding is wide enough); FFTW in double for sizes where the direct sum is too
// slow. The filter spectra are FFTW's transforms of random filters (real ones for real plans),
// rounded to the plan's precision. Input values are random in [-1, 1), rounded to the precision;
// the client buffers' unused elements (padding, gaps between strided transforms) hold 777, which
// would show in the result if the plan read them.
//
// Bound (relative L2 over every output element): single 4e-6, double 1e-13, times
// max(1, log2(N) / 12) as clfft-client's --verify.
//
// Coverage (suite / what). Quick (the default tier): 1D C2C 16 (1x1, correlation 2x3 in place,
// planar input 3x3 with a backward scale), real 2D 15x6 (3x2 batch 2; correlation 2x2 in place),
// real 1D 32 linear convolution of 20 and 13 points, double 3D C2C 6x5x4 2x2, real 1D 17
// (prime) correlation with strided input, real 3D 12x8x6 correlation batch 2 (this one and the
// 6x5x4 with the client's scratch buffer of clfftGetTmpBufSize's bytes), C2C 65536 1x1 (two
// passes each way, unfused: the passes deferred for the fusion built after all); every error
// status, the getter, NULL clearing, un-baking, the spectrum's reference count (retain/release,
// copies). Sweep (CLFFT_TEST_TIER=sweep,
// CTest entry test_convolution_sweep): C2C 1000 batch 3, double prime 97 3x3, real 4096 batch 2,
// real 2D 64x48 linear, double real 3D 16x12x10 2x3 in place, planar C2C 30x14 in place 3x3,
// real 2D 128x128 and C2C 3D 32^3 against FFTW, double C2C 20x9 batch 3 in place. Plans of one
// channel each way and two or more dimensions run the multiply inside the transforms on a CPU
// device (quick: real 12x8x6 correlation batch 2); the explanation must say so there.
//
// Cost: each distinct (lengths, precision, real/complex, planar input) bakes 1-2 FFT programs
// (forward and inverse share the C2C one) and each (precision, mode) one multiply program: the
// quick tier compiles about 14 programs (about 20 s on PoCL with empty caches).
#define BOOST_TEST_MODULE convolution
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "cl_raii.h"
#include "explain_plan.h"
#include "test_env.h"
#include "test_tier.h"

#include <clFFT-ng.h>
#include <clFFT.h>
#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

using namespace clfft_test;
using cd = std::complex<double>;

namespace {

struct Case {
    std::string name;
    std::vector<std::size_t> n; // lengths, clFFT order
    bool real = false, dbl = false, inPlace = false, planarIn = false, planarOut = false;
    int mode = CLFFT_NG_CONVOLVE;
    std::size_t inC = 1, outC = 1, batch = 1;
    std::vector<std::size_t> signal, filter; // non-empty: linear convolution of these supports
    std::size_t inStride0 = 1, distPad = 0;  // input stride along dimension 0, gap after each transform
    double scale = 0;                        // non-zero: the backward scale set
    // The multiply runs inside the transforms (one channel each way, two or more dimensions): on
    // a CPU device, where the planner takes lane kernels, the explanation must say so.
    bool fusedOnCpu = false;
    bool unfusedOnCpu = false; // the explanation must show the multiply step (on a CPU device)
    bool clientTmp = false; // the enqueue gives a buffer of clfftGetTmpBufSize's bytes
};

std::ostream& operator<<(std::ostream& os, const Case& c)
{
    return os << c.name;
}

struct Dims {
    std::size_t n[3] = {1, 1, 1};
    std::size_t total() const { return n[0] * n[1] * n[2]; }
};

Dims dimsOf(const std::vector<std::size_t>& v)
{
    Dims d;
    for (std::size_t i = 0; i < v.size(); ++i)
        d.n[i] = v[i];
    return d;
}

struct Rng {
    std::uint64_t s;
    explicit Rng(const std::string& seed) : s(1469598103934665603ull)
    {
        for (char ch : seed)
            s = (s ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
    }
    double next()
    {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return static_cast<double>(s >> 11) / 4503599627370496.0 - 1.0;
    }
};

double roundTo(bool dbl, double v)
{
    return dbl ? v : static_cast<double>(static_cast<float>(v));
}

// Random values inside `support` (all of the lengths when empty), zero elsewhere.
std::vector<cd> randomData(Rng& rng, std::size_t count, const Dims& d, const std::vector<std::size_t>& support,
                           bool real, bool dbl)
{
    const Dims s = support.empty() ? d : dimsOf(support);
    std::vector<cd> v(count * d.total());
    for (std::size_t t = 0; t < count; ++t)
        for (std::size_t i2 = 0; i2 < s.n[2]; ++i2)
            for (std::size_t i1 = 0; i1 < s.n[1]; ++i1)
                for (std::size_t i0 = 0; i0 < s.n[0]; ++i0) {
                    const double re = roundTo(dbl, rng.next()), im = real ? 0.0 : roundTo(dbl, rng.next());
                    v[t * d.total() + (i2 * d.n[1] + i1) * d.n[0] + i0] = cd(re, im);
                }
    return v;
}

// FFTW in double over `count` packed transforms of the lengths (sign: FFTW_FORWARD/BACKWARD).
std::vector<cd> fftwFull(const std::vector<cd>& x, std::size_t count, const Case& c, int sign)
{
    int n[3];
    const int rank = static_cast<int>(c.n.size());
    for (int d = 0; d < rank; ++d)
        n[d] = static_cast<int>(c.n[static_cast<std::size_t>(rank - 1 - d)]); // slowest first
    const std::size_t total = dimsOf(c.n).total();
    std::vector<cd> in = x, out(x.size());
    fftw_plan p = fftw_plan_many_dft(rank, n, static_cast<int>(count), reinterpret_cast<fftw_complex*>(in.data()),
                                     nullptr, 1, static_cast<int>(total), reinterpret_cast<fftw_complex*>(out.data()),
                                     nullptr, 1, static_cast<int>(total), sign, FFTW_ESTIMATE);
    BOOST_REQUIRE(p);
    fftw_execute(p);
    fftw_destroy_plan(p);
    return out;
}

// The reference result: every output channel of every entry, packed, scaled by `scale`.
std::vector<cd> reference(const Case& c, const std::vector<cd>& x, const std::vector<cd>& h, double scale)
{
    const Dims d = dimsOf(c.n);
    const std::size_t N = d.total();
    std::vector<cd> y(c.batch * c.outC * N);
    const bool correlate = c.mode == CLFFT_NG_CORRELATE;
    const double work = static_cast<double>(N) * static_cast<double>(N) * static_cast<double>(c.batch * c.inC * c.outC);
    if (work > 4e8) { // FFTW: the spectra multiplied as the plan does
        const std::vector<cd> X = fftwFull(x, c.batch * c.inC, c, FFTW_FORWARD);
        const std::vector<cd> H = fftwFull(h, c.inC * c.outC, c, FFTW_FORWARD);
        for (std::size_t b = 0; b < c.batch; ++b)
            for (std::size_t k = 0; k < c.outC; ++k)
                for (std::size_t j = 0; j < c.inC; ++j)
                    for (std::size_t p = 0; p < N; ++p) {
                        const cd f = H[(k * c.inC + j) * N + p];
                        y[(b * c.outC + k) * N + p] += (correlate ? std::conj(f) : f) * X[(b * c.inC + j) * N + p];
                    }
        y = fftwFull(y, c.batch * c.outC, c, FFTW_BACKWARD);
        for (cd& v : y)
            v *= scale;
        return y;
    }
    // Direct sums: y[i] = sum_m h[m] x[i - m] (correlation: conj(h[m]) x[i + m]), circular, or
    // linear (no wrap) for the padded cases; the unnormalised inverse makes it N times that.
    const bool linear = !c.signal.empty();
    const double factor = scale * static_cast<double>(N);
    for (std::size_t b = 0; b < c.batch; ++b)
        for (std::size_t k = 0; k < c.outC; ++k)
            for (std::size_t j = 0; j < c.inC; ++j) {
                const cd* xs = &x[(b * c.inC + j) * N];
                const cd* hs = &h[(k * c.inC + j) * N];
                cd* ys = &y[(b * c.outC + k) * N];
                for (std::size_t m = 0; m < N; ++m) {
                    if (hs[m] == cd(0, 0))
                        continue;
                    const cd f = correlate ? std::conj(hs[m]) : hs[m];
                    const std::size_t m0 = m % d.n[0], m1 = m / d.n[0] % d.n[1], m2 = m / (d.n[0] * d.n[1]);
                    for (std::size_t i2 = 0; i2 < d.n[2]; ++i2) {
                        if (linear && i2 < m2)
                            continue;
                        const std::size_t s2 = correlate ? (i2 + m2) % d.n[2] : (i2 + d.n[2] - m2) % d.n[2];
                        for (std::size_t i1 = 0; i1 < d.n[1]; ++i1) {
                            if (linear && i1 < m1)
                                continue;
                            const std::size_t s1 = correlate ? (i1 + m1) % d.n[1] : (i1 + d.n[1] - m1) % d.n[1];
                            for (std::size_t i0 = 0; i0 < d.n[0]; ++i0) {
                                if (linear && i0 < m0)
                                    continue;
                                const std::size_t s0 = correlate ? (i0 + m0) % d.n[0] : (i0 + d.n[0] - m0) % d.n[0];
                                ys[(i2 * d.n[1] + i1) * d.n[0] + i0] += f * xs[(s2 * d.n[1] + s1) * d.n[0] + s0];
                            }
                        }
                    }
                }
            }
    for (cd& v : y)
        v *= factor;
    return y;
}

// One side of the client's data: strides and distance in elements (reals for a real side).
struct Side {
    std::size_t stride[3] = {1, 1, 1};
    std::size_t dist = 0;
    std::size_t span(std::size_t count, const Dims& d) const
    {
        std::size_t last = (count - 1) * dist;
        for (int i = 0; i < 3; ++i)
            last += (d.n[i] - 1) * stride[i];
        return last + 1;
    }
    std::size_t offset(std::size_t t, std::size_t i0, std::size_t i1, std::size_t i2) const
    {
        return t * dist + i0 * stride[0] + i1 * stride[1] + i2 * stride[2];
    }
};

Side packedSide(const Dims& d, std::size_t stride0, std::size_t row0, std::size_t pad)
{
    Side s;
    s.stride[0] = stride0;
    s.stride[1] = stride0 * row0;
    s.stride[2] = s.stride[1] * d.n[1];
    s.dist = s.stride[2] * d.n[2] + pad;
    return s;
}

// Host images of the client's buffers: reals, `values` per element (2: interleaved) in one or
// two buffers (planar).
struct Host {
    bool dbl;
    std::vector<std::vector<double>> bufs;
    std::size_t bytes(std::size_t b) const { return bufs[b].size() * (dbl ? 8 : 4); }
    std::vector<unsigned char> raw(std::size_t b) const
    {
        std::vector<unsigned char> r(bytes(b));
        for (std::size_t i = 0; i < bufs[b].size(); ++i) {
            if (dbl) {
                std::memcpy(&r[i * 8], &bufs[b][i], 8);
            } else {
                const float f = static_cast<float>(bufs[b][i]);
                std::memcpy(&r[i * 4], &f, 4);
            }
        }
        return r;
    }
    void fromRaw(std::size_t b, const std::vector<unsigned char>& r)
    {
        for (std::size_t i = 0; i < bufs[b].size(); ++i) {
            if (dbl) {
                std::memcpy(&bufs[b][i], &r[i * 8], 8);
            } else {
                float f = 0;
                std::memcpy(&f, &r[i * 4], 4);
                bufs[b][i] = f;
            }
        }
    }
};

void runCase(const Case& c)
{
    ClEnv& env = ClEnv::get();
    if (c.dbl && !env.hasDouble) {
        notRunOnThisDevice(c.name, "no fp64");
        return;
    }
    const Dims d = dimsOf(c.n);
    const std::size_t N = d.total();
    const std::size_t inT = c.batch * c.inC, outT = c.batch * c.outC;
    Rng rng(c.name);
    const std::vector<cd> x = randomData(rng, inT, d, c.signal, c.real, c.dbl);
    const std::vector<cd> h = randomData(rng, c.inC * c.outC, d, c.filter, c.real, c.dbl);

    // The spectra: FFTW's transforms of the filters (the hermitian half for a real plan).
    const std::vector<cd> H = fftwFull(h, c.inC * c.outC, c, FFTW_FORWARD);
    const std::size_t half0 = c.real ? d.n[0] / 2 + 1 : d.n[0];
    const std::size_t M = half0 * d.n[1] * d.n[2];
    Host spec{c.dbl, {std::vector<double>(2 * c.inC * c.outC * M)}};
    for (std::size_t f = 0; f < c.inC * c.outC; ++f)
        for (std::size_t i2 = 0; i2 < d.n[2]; ++i2)
            for (std::size_t i1 = 0; i1 < d.n[1]; ++i1)
                for (std::size_t i0 = 0; i0 < half0; ++i0) {
                    const cd v = H[f * N + (i2 * d.n[1] + i1) * d.n[0] + i0];
                    const std::size_t at = f * M + (i2 * d.n[1] + i1) * half0 + i0;
                    spec.bufs[0][2 * at] = v.real();
                    spec.bufs[0][2 * at + 1] = v.imag();
                }
    const auto specRaw = spec.raw(0);
    ScopedBuffer spectrum(specRaw.size(), specRaw.data());

    // The client's sides: a real side in place has rows padded to 2 (N0/2+1) reals.
    const std::size_t row0 = c.real && c.inPlace ? 2 * (d.n[0] / 2 + 1) : d.n[0];
    const Side in = packedSide(d, c.inStride0, row0, c.distPad);
    const Side out = c.inPlace ? in : packedSide(d, 1, d.n[0], 0);
    const bool planarIn = c.planarIn, planarOut = c.inPlace ? c.planarIn : c.planarOut;
    const std::size_t inVals = c.real || planarIn ? 1 : 2, outVals = c.real || planarOut ? 1 : 2;
    std::size_t inElems = in.span(inT, d), outElems = out.span(outT, d);
    if (c.inPlace)
        inElems = outElems = std::max(inElems, outElems);
    Host hin{c.dbl, std::vector<std::vector<double>>(planarIn ? 2 : 1, std::vector<double>(inElems * inVals, 777.0))};
    for (std::size_t t = 0; t < inT; ++t)
        for (std::size_t i2 = 0; i2 < d.n[2]; ++i2)
            for (std::size_t i1 = 0; i1 < d.n[1]; ++i1)
                for (std::size_t i0 = 0; i0 < d.n[0]; ++i0) {
                    const cd v = x[t * N + (i2 * d.n[1] + i1) * d.n[0] + i0];
                    const std::size_t o = in.offset(t, i0, i1, i2);
                    if (c.real) {
                        hin.bufs[0][o] = v.real();
                    } else if (planarIn) {
                        hin.bufs[0][o] = v.real();
                        hin.bufs[1][o] = v.imag();
                    } else {
                        hin.bufs[0][2 * o] = v.real();
                        hin.bufs[0][2 * o + 1] = v.imag();
                    }
                }

    ScopedPlan plan;
    const clfftPrecision prec = c.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE;
    const clfftLayout inLayout = c.real ? CLFFT_REAL : planarIn ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
    const clfftLayout outLayout = c.real      ? CLFFT_HERMITIAN_INTERLEAVED
                                  : planarOut ? CLFFT_COMPLEX_PLANAR
                                              : CLFFT_COMPLEX_INTERLEAVED;
    createPlanFor(plan, c.n, prec, inLayout, outLayout, c.inPlace, c.batch);
    const std::size_t rank = c.n.size();
    setPlanStrides(plan, std::vector<std::size_t>(in.stride, in.stride + rank),
                   std::vector<std::size_t>(out.stride, out.stride + rank), in.dist, out.dist);
    if (c.scale != 0)
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_BACKWARD, static_cast<cl_float>(c.scale)));
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(plan.h, static_cast<clfftNgConvolution>(c.mode), spectrum.mem,
                                                    static_cast<cl_uint>(c.inC), static_cast<cl_uint>(c.outC)));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
    // On a CPU device the printed plan shows which form runs (docs/convolution.md, "What runs").
    if ((c.fusedOnCpu || c.unfusedOnCpu) && env.limits.isCpu) {
        const std::string text = explainPlan(plan.h);
        const bool fused = text.find("the multiply fused into the transforms") != std::string::npos &&
                           text.find("_xco") != std::string::npos;
        const bool steps = text.find("step 2, multiply") != std::string::npos;
        BOOST_CHECK_MESSAGE(c.fusedOnCpu ? fused : steps && !fused,
                            c.name << (c.fusedOnCpu ? ": not fused" : ": not the unfused steps") << " on a CPU device:\n"
                                   << text);
    }

    std::vector<ScopedBuffer> inBufs, outBufs;
    for (std::size_t b = 0; b < hin.bufs.size(); ++b) {
        const auto r = hin.raw(b);
        inBufs.emplace_back(r.size(), r.data());
    }
    Host hout{c.dbl, std::vector<std::vector<double>>(planarOut ? 2 : 1, std::vector<double>(outElems * outVals))};
    if (!c.inPlace)
        for (std::size_t b = 0; b < hout.bufs.size(); ++b)
            outBufs.emplace_back(hout.bytes(b));
    cl_mem ins[2] = {inBufs[0].mem, inBufs.size() > 1 ? inBufs[1].mem : nullptr};
    cl_mem outs[2] = {c.inPlace ? nullptr : outBufs[0].mem, outBufs.size() > 1 ? outBufs[1].mem : nullptr};
    // Either direction argument: the forward one for real plans, the backward one for some C2C.
    const clfftDirection dir = c.name.size() % 2 ? CLFFT_BACKWARD : CLFFT_FORWARD;
    // The client's scratch buffer: clfftGetTmpBufSize's bytes (the forward spectra); one byte
    // fewer is refused.
    std::size_t tmpBytes = 0;
    REQUIRE_CLFFT_SUCCESS(clfftGetTmpBufSize(plan.h, &tmpBytes));
    BOOST_CHECK_GE(tmpBytes, c.batch * c.inC * M * (c.dbl ? 16 : 8));
    std::unique_ptr<ScopedBuffer> tmp, small;
    if (c.clientTmp) {
        tmp = std::make_unique<ScopedBuffer>(tmpBytes);
        small = std::make_unique<ScopedBuffer>(tmpBytes - 1);
        BOOST_CHECK_EQUAL(clfftEnqueueTransform(plan.h, dir, 1, &env.queue, 0, nullptr, nullptr, ins,
                                                c.inPlace ? nullptr : outs, small->mem),
                          CLFFT_INVALID_BUFFER_SIZE);
    }
    cl_event done = nullptr;
    REQUIRE_CLFFT_SUCCESS(clfftEnqueueTransform(plan.h, dir, 1, &env.queue, 0, nullptr, &done, ins,
                                                c.inPlace ? nullptr : outs, tmp ? tmp->mem : nullptr));
    BOOST_REQUIRE(done);
    BOOST_REQUIRE_EQUAL(clWaitForEvents(1, &done), CL_SUCCESS);
    clReleaseEvent(done);
    for (std::size_t b = 0; b < hout.bufs.size(); ++b) {
        std::vector<unsigned char> r(hout.bytes(b));
        env.read(c.inPlace ? ins[b] : outs[b], r.size(), r.data());
        hout.fromRaw(b, r);
    }
    if (!c.inPlace) { // the input is left as it was
        for (std::size_t b = 0; b < hin.bufs.size(); ++b) {
            std::vector<unsigned char> r(hin.bytes(b));
            env.read(ins[b], r.size(), r.data());
            BOOST_CHECK_MESSAGE(r == hin.raw(b), c.name << ": the input buffer changed");
        }
    }

    const double scale = c.scale != 0 ? roundTo(false, c.scale) : 1.0 / static_cast<double>(N);
    const std::vector<cd> y = reference(c, x, h, scale);
    long double diff2 = 0, ref2 = 0;
    for (std::size_t t = 0; t < outT; ++t)
        for (std::size_t i2 = 0; i2 < d.n[2]; ++i2)
            for (std::size_t i1 = 0; i1 < d.n[1]; ++i1)
                for (std::size_t i0 = 0; i0 < d.n[0]; ++i0) {
                    const cd want = y[t * N + (i2 * d.n[1] + i1) * d.n[0] + i0];
                    const std::size_t o = out.offset(t, i0, i1, i2);
                    cd got;
                    if (c.real)
                        got = cd(hout.bufs[0][o], 0);
                    else if (planarOut)
                        got = cd(hout.bufs[0][o], hout.bufs[1][o]);
                    else
                        got = cd(hout.bufs[0][2 * o], hout.bufs[0][2 * o + 1]);
                    const cd w = c.real ? cd(want.real(), 0) : want;
                    diff2 += std::norm(got - w);
                    ref2 += std::norm(w);
                }
    const double err = static_cast<double>(std::sqrt(diff2 / std::max(ref2, 1e-300L)));
    const double bound = (c.dbl ? 1e-13 : 4e-6) * std::max(1.0, std::log2(static_cast<double>(N)) / 12.0);
    BOOST_TEST_MESSAGE(c.name << ": relative L2 error " << err << " (bound " << bound << ")");
    BOOST_CHECK_MESSAGE(err <= bound, c.name << ": relative L2 error " << err << " above " << bound);
}

Case make(std::string name, std::vector<std::size_t> n, bool real, int mode, std::size_t inC, std::size_t outC,
          std::size_t batch)
{
    Case c;
    c.name = std::move(name);
    c.n = std::move(n);
    c.real = real;
    c.mode = mode;
    c.inC = inC;
    c.outC = outC;
    c.batch = batch;
    return c;
}

std::vector<Case> quickCases()
{
    std::vector<Case> v;
    v.push_back(make("c2c 16 convolve 1x1", {16}, false, CLFFT_NG_CONVOLVE, 1, 1, 1));
    Case c = make("c2c 16 correlate 2x3 batch 2 in place", {16}, false, CLFFT_NG_CORRELATE, 2, 3, 2);
    c.inPlace = true;
    v.push_back(c);
    c = make("c2c 16 planar in, 3x3, batch 2, scale 0.5", {16}, false, CLFFT_NG_CONVOLVE, 3, 3, 2);
    c.planarIn = true;
    c.scale = 0.5;
    v.push_back(c);
    v.push_back(make("real 15x6 convolve 3x2 batch 2", {15, 6}, true, CLFFT_NG_CONVOLVE, 3, 2, 2));
    c = make("real 15x6 correlate 2x2 in place", {15, 6}, true, CLFFT_NG_CORRELATE, 2, 2, 1);
    c.inPlace = true;
    v.push_back(c);
    c = make("real 32 linear convolution of 20 and 13 points", {32}, true, CLFFT_NG_CONVOLVE, 1, 1, 3);
    c.signal = {20};
    c.filter = {13};
    v.push_back(c);
    c = make("double c2c 6x5x4 convolve 2x2, the client's scratch buffer", {6, 5, 4}, false, CLFFT_NG_CONVOLVE, 2,
             2, 1);
    c.dbl = true;
    c.clientTmp = true;
    v.push_back(c);
    c = make("double real 17 correlate, input stride 2", {17}, true, CLFFT_NG_CORRELATE, 1, 2, 2);
    c.dbl = true;
    c.inStride0 = 2;
    c.distPad = 3;
    v.push_back(c);
    c = make("real 12x8x6 correlate batch 2 (fused), the client's scratch buffer", {12, 8, 6}, true,
             CLFFT_NG_CORRELATE, 1, 1, 2);
    c.fusedOnCpu = true;
    c.clientTmp = true;
    v.push_back(c);
    // One channel each way but not fusable (two passes of one long dimension): the passes the
    // inner plans left for the fusion (PlanSettings::deferPass) are built after all.
    c = make("c2c 65536 convolve, one channel, unfused", {65536}, false, CLFFT_NG_CONVOLVE, 1, 1, 1);
    c.unfusedOnCpu = true;
    v.push_back(c);
    return v;
}

std::vector<Case> sweepCases()
{
    std::vector<Case> v;
    v.push_back(make("c2c 1000 convolve batch 3", {1000}, false, CLFFT_NG_CONVOLVE, 1, 1, 3));
    Case c = make("double c2c 97 correlate 3x3", {97}, false, CLFFT_NG_CORRELATE, 3, 3, 1);
    c.dbl = true;
    v.push_back(c);
    v.push_back(make("real 4096 convolve batch 2", {4096}, true, CLFFT_NG_CONVOLVE, 1, 1, 2));
    c = make("real 64x48 linear convolution of 40x30 and 25x19", {64, 48}, true, CLFFT_NG_CONVOLVE, 1, 1, 1);
    c.signal = {40, 30};
    c.filter = {25, 19};
    v.push_back(c);
    c = make("double real 16x12x10 convolve 2x3 batch 2 in place", {16, 12, 10}, true, CLFFT_NG_CONVOLVE, 2, 3, 2);
    c.dbl = true;
    c.inPlace = true;
    v.push_back(c);
    c = make("c2c 30x14 planar in place 3x3", {30, 14}, false, CLFFT_NG_CONVOLVE, 3, 3, 1);
    c.planarIn = c.planarOut = true;
    c.inPlace = true;
    v.push_back(c);
    c = make("c2c 30x14 interleaved in, planar out, correlate", {30, 14}, false, CLFFT_NG_CORRELATE, 1, 1, 2);
    c.planarOut = true;
    v.push_back(c);
    c = make("real 128x128 convolve (FFTW reference)", {128, 128}, true, CLFFT_NG_CONVOLVE, 1, 1, 1);
    c.fusedOnCpu = true;
    v.push_back(c);
    c = make("c2c 32x32x32 correlate (FFTW reference)", {32, 32, 32}, false, CLFFT_NG_CORRELATE, 1, 1, 1);
    c.fusedOnCpu = true;
    v.push_back(c);
    c = make("double c2c 20x9 convolve batch 3 in place (fused)", {20, 9}, false, CLFFT_NG_CONVOLVE, 1, 1, 3);
    c.dbl = true;
    c.inPlace = true;
    c.fusedOnCpu = true;
    v.push_back(c);
    return v;
}

cl_uint refCount(cl_mem m)
{
    cl_uint n = 0;
    clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof n, &n, nullptr);
    return n;
}

bool baked(clfftPlanHandle h)
{
    std::size_t needed = 0;
    return clfftNgExplainPlan(h, nullptr, 0, &needed) == CLFFT_SUCCESS;
}

} // namespace

BOOST_DATA_TEST_CASE(convolution_results, boost::unit_test::data::make(tiered(quickCases(), sweepCases())), c)
{
    runCase(c);
}

BOOST_AUTO_TEST_CASE(convolution_api)
{
    ClEnv& env = ClEnv::get();
    const std::size_t n = 16;
    ScopedBuffer spectrum(6 * n * 8), small(n * 8 - 8), other(n * 8);
    ScopedPlan plan;
    createPlanFor(plan, {n}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 1);
    const cl_uint base = refCount(spectrum.mem);

    // Refused arguments leave the plan as it was.
    BOOST_CHECK_EQUAL(clfftNgSetPlanConvolution(plan.h, static_cast<clfftNgConvolution>(0), spectrum.mem, 1, 1),
                      CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgSetPlanConvolution(plan.h, static_cast<clfftNgConvolution>(3), spectrum.mem, 1, 1),
                      CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, spectrum.mem, 0, 1),
                      CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, spectrum.mem, 1, 0),
                      CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgSetPlanConvolution(0xdead, CLFFT_NG_CONVOLVE, spectrum.mem, 1, 1), CLFFT_INVALID_PLAN);
    BOOST_CHECK_EQUAL(refCount(spectrum.mem), base);
    {
        cl_int e = CL_SUCCESS;
        cl_context ctx2 = clCreateContext(nullptr, 1, &env.device, nullptr, nullptr, &e);
        BOOST_REQUIRE_EQUAL(e, CL_SUCCESS);
        cl_mem foreign = clCreateBuffer(ctx2, CL_MEM_READ_WRITE, n * 8, nullptr, &e);
        BOOST_REQUIRE_EQUAL(e, CL_SUCCESS);
        BOOST_CHECK_EQUAL(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, foreign, 1, 1), CLFFT_INVALID_CONTEXT);
        clReleaseMemObject(foreign);
        clReleaseContext(ctx2);
    }
    clfftNgConvolution mode = CLFFT_NG_CORRELATE;
    cl_mem got = spectrum.mem;
    cl_uint ic = 0, oc = 0;
    REQUIRE_CLFFT_SUCCESS(clfftNgGetPlanConvolution(plan.h, &mode, &got, &ic, &oc));
    BOOST_CHECK_EQUAL(static_cast<int>(mode), 0);
    BOOST_CHECK(got == nullptr);

    // Set, read back, retained; setting un-bakes.
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
    BOOST_CHECK(baked(plan.h));
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CORRELATE, spectrum.mem, 2, 3));
    BOOST_CHECK(!baked(plan.h));
    BOOST_CHECK_EQUAL(refCount(spectrum.mem), base + 1);
    REQUIRE_CLFFT_SUCCESS(clfftNgGetPlanConvolution(plan.h, &mode, &got, &ic, &oc));
    BOOST_CHECK_EQUAL(mode, CLFFT_NG_CORRELATE);
    BOOST_CHECK(got == spectrum.mem);
    BOOST_CHECK_EQUAL(ic, 2u);
    BOOST_CHECK_EQUAL(oc, 3u);
    REQUIRE_CLFFT_SUCCESS(clfftNgGetPlanConvolution(plan.h, nullptr, nullptr, nullptr, nullptr));

    // The explanation names the convolution and its steps.
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
    const std::string text = explainPlan(plan.h);
    BOOST_CHECK_MESSAGE(text.find("convolution (correlate)") != std::string::npos &&
                            text.find("channels 2 in, 3 out") != std::string::npos &&
                            text.find("step 2, multiply") != std::string::npos &&
                            text.find("step 3, inverse") != std::string::npos,
                        text);

    // A copy retains it too; replacing and clearing release it; so does destroying.
    {
        ScopedPlan copy;
        REQUIRE_CLFFT_SUCCESS(clfftCopyPlan(&copy.h, env.context, plan.h));
        BOOST_CHECK_EQUAL(refCount(spectrum.mem), base + 2);
    }
    BOOST_CHECK_EQUAL(refCount(spectrum.mem), base + 1);
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, other.mem, 1, 1));
    BOOST_CHECK_EQUAL(refCount(spectrum.mem), base);
    BOOST_CHECK_EQUAL(refCount(other.mem), base + 1);
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, nullptr, 0, 0));
    BOOST_CHECK_EQUAL(refCount(other.mem), base);
    REQUIRE_CLFFT_SUCCESS(clfftNgGetPlanConvolution(plan.h, &mode, &got, nullptr, nullptr));
    BOOST_CHECK_EQUAL(static_cast<int>(mode), 0);
    {
        ScopedPlan gone;
        createPlanFor(gone, {n}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 1);
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(gone.h, CLFFT_NG_CONVOLVE, other.mem, 1, 1));
        BOOST_CHECK_EQUAL(refCount(other.mem), base + 1);
    }
    BOOST_CHECK_EQUAL(refCount(other.mem), base);

    // Cleared: an ordinary transform again (a delta's forward transform is all ones).
    {
        std::vector<float> delta(2 * n, 0.0f), result(2 * n);
        delta[0] = 1.0f;
        ScopedBuffer a(delta.size() * 4, delta.data()), b(result.size() * 4);
        REQUIRE_CLFFT_SUCCESS(
            clfftEnqueueTransform(plan.h, CLFFT_FORWARD, 1, &env.queue, 0, nullptr, nullptr, &a.mem, &b.mem, nullptr));
        readBuffer(b.mem, result);
        for (std::size_t i = 0; i < n; ++i)
            BOOST_CHECK_SMALL(std::abs(result[2 * i] - 1.0f) + std::abs(result[2 * i + 1]), 1e-6f);
    }

    // A spectrum smaller than the channels need: at bake and at the enqueue's implicit bake.
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, small.mem, 1, 1));
    BOOST_CHECK_EQUAL(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr), CLFFT_INVALID_BUFFER_SIZE);
    {
        ScopedBuffer a(2 * n * 4), b(2 * n * 4);
        BOOST_CHECK_EQUAL(
            clfftEnqueueTransform(plan.h, CLFFT_FORWARD, 1, &env.queue, 0, nullptr, nullptr, &a.mem, &b.mem, nullptr),
            CLFFT_INVALID_BUFFER_SIZE);
    }
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, spectrum.mem, 2, 3));
    BOOST_CHECK_EQUAL(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr), CLFFT_SUCCESS);
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, spectrum.mem, 3, 3));
    BOOST_CHECK_EQUAL(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr), CLFFT_INVALID_BUFFER_SIZE);
    // Client buffers too small for the channels: the inner plans' checks.
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, spectrum.mem, 2, 1));
    {
        ScopedBuffer a(2 * n * 4), b(2 * n * 4);
        BOOST_CHECK_EQUAL(
            clfftEnqueueTransform(plan.h, CLFFT_FORWARD, 1, &env.queue, 0, nullptr, nullptr, &a.mem, &b.mem, nullptr),
            CLFFT_INVALID_BUFFER_SIZE);
    }

    // Plans it does not run: transposed output, callbacks, 16-bit storage, C2R, r2r, queue arrays.
    {
        ScopedPlan t;
        createPlanFor(t, {n, n}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 1);
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanTransposeResult(t.h, CLFFT_TRANSPOSED));
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(t.h, CLFFT_NG_CONVOLVE, spectrum.mem, 1, 1));
        BOOST_CHECK_EQUAL(clfftBakePlan(t.h, 1, &env.queue, nullptr, nullptr), CLFFT_TRANSPOSED_NOTIMPLEMENTED);
    }
    {
        ScopedPlan cb;
        createPlanFor(cb, {n}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 1);
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanCallback(
            cb.h, "pre",
            "float2 pre(__global void* in, uint o, __global void* u) { return ((__global float2*)in)[o]; }", 0,
            PRECALLBACK, nullptr, 0));
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(cb.h, CLFFT_NG_CONVOLVE, spectrum.mem, 1, 1));
        BOOST_CHECK_EQUAL(clfftBakePlan(cb.h, 1, &env.queue, nullptr, nullptr), CLFFT_NOTIMPLEMENTED);
    }
    {
        // A 16-bit plan's spectrum stays single precision (docs/convolution.md): n complex floats;
        // one of n values of 16-bit pairs is too small. Results: the client_convolve_half_* tests.
        ScopedPlan half;
        createPlanFor(half, {n}, CLFFT_NG_HALF, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 1);
        ScopedBuffer sixteen(n * 4);
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(half.h, CLFFT_NG_CONVOLVE, sixteen.mem, 1, 1));
        BOOST_CHECK_EQUAL(clfftBakePlan(half.h, 1, &env.queue, nullptr, nullptr), CLFFT_INVALID_BUFFER_SIZE);
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(half.h, CLFFT_NG_CONVOLVE, spectrum.mem, 1, 1));
        BOOST_CHECK_EQUAL(clfftBakePlan(half.h, 1, &env.queue, nullptr, nullptr), CLFFT_SUCCESS);
    }
    {
        ScopedPlan c2r;
        createPlanFor(c2r, {n}, CLFFT_SINGLE, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL, false, 1);
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(c2r.h, CLFFT_NG_CONVOLVE, spectrum.mem, 1, 1));
        BOOST_CHECK_EQUAL(clfftBakePlan(c2r.h, 1, &env.queue, nullptr, nullptr), CLFFT_INVALID_ARG_VALUE);
        BOOST_CHECK(!baked(c2r.h));
    }
    {
        ScopedPlan r2r;
        createPlanFor(r2r, {n}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 1);
        const clfftNgR2RKind kind = CLFFT_NG_REDFT10;
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanR2R(r2r.h, 1, &kind));
        BOOST_CHECK_EQUAL(clfftNgSetPlanConvolution(r2r.h, CLFFT_NG_CONVOLVE, spectrum.mem, 1, 1),
                          CLFFT_NOTIMPLEMENTED);
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanR2R(r2r.h, 0, nullptr));
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(r2r.h, CLFFT_NG_CONVOLVE, spectrum.mem, 1, 1));
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanR2R(r2r.h, 1, &kind));
        BOOST_CHECK_EQUAL(clfftBakePlan(r2r.h, 1, &env.queue, nullptr, nullptr), CLFFT_NOTIMPLEMENTED);
    }
    {
        ScopedPlan multi;
        createPlanFor(multi, {n}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 2);
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanQueueArrays(multi.h, CL_TRUE));
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(multi.h, CLFFT_NG_CONVOLVE, spectrum.mem, 1, 1));
        cl_int e = CL_SUCCESS;
        cl_command_queue second = clCreateCommandQueue(env.context, env.device, 0, &e);
        BOOST_REQUIRE_EQUAL(e, CL_SUCCESS);
        cl_command_queue qs[2] = {env.queue, second};
        BOOST_CHECK_EQUAL(clfftBakePlan(multi.h, 2, qs, nullptr, nullptr), CLFFT_NOTIMPLEMENTED);
        clReleaseCommandQueue(second);
    }
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanConvolution(plan.h, CLFFT_NG_CONVOLVE, nullptr, 0, 0));
    BOOST_CHECK_EQUAL(refCount(spectrum.mem), base);
}
