// Numerical and API tests of real-to-real transforms (clfftNgSetPlanR2R, issue 58) through the
// public interface.
//
// Reference: FFTW's own r2r (fftw*_plan_many_r2r), never our code. Each case's input (random
// values in [-1, 1) with every bit of the precision random, padding included, seeded from the
// case description) goes through FFTW twice on the host: in long double (taken as exact), and in
// the case's precision (FFTW float for single, FFTW double for double). FFTW's error is the
// relative L2 distance of its result in the case's precision from the long-double one, measured
// as the other suites measure (fftw_reference.h's compare: logical elements only, accumulated in
// long double); ours is measured the same way. The bound: ours <= 1.5 x FFTW's plus one unit
// roundoff of the precision. The unit roundoff covers FFTW's exact or nearly exact short
// transforms, and the DFTs of lengths with a prime factor above 47 (Rader, Bluestein), whose error
// is 1.2-1.5 times FFTW's in plain C2C too (the sweep's DST-IV of 59, an R2C of 118: 1.51; the
// primes up to 47 are radices, docs/plans.md). A fixed bound per precision, as the DFT suites use,
// would hide an r2r path several times less accurate than FFTW yet below 1e-6.
//
// Batches hold about 4096 values (make()), so that the two error norms are measured on enough
// values for their ratio to be stable.
//
// Every run also checks what transformOnce checks (out of place: the input buffer unchanged, no
// output padding written); in place with padded rows, that the padding keeps its input values.
//
// Coverage (suite / what). Each list has a quick share (the default tier) and a sweep share
// (CLFFT_TEST_TIER=sweep; CTest entry test_r2r_sweep):
//  r2r_1d         every kind 1-D at lengths 1..64, 100, 127, 128, 1000, 1024, 1025, 4096, 4099
//                 (double: 1..64 at one length in four, 1, 5, ..., 61)
//                 (REDFT00 from 2), single and double. Quick: every kind at 15, 16,
//                 1000 and at 17 or 2 in single, R2HC and REDFT11 at 1; double R2HC 16, HC2R 15,
//                 REDFT00 16, REDFT10 1000.
//  r2r_multidim   2-D and 3-D with a kind per dimension. Quick: 12x10 REDFT10 x RODFT01,
//                 6x5x4 DHT x REDFT11 x RODFT00.
//  r2r_layouts    strides, distances, column-major batches, in place (packed rows of n reals,
//                 padded rows), the enqueue direction (ignored). Quick: the 1-D ones on quick
//                 lengths (strides are kernel arguments: no new compile).
//  r2r_scale      the forward scale multiplies FFTW's unnormalised result.
//  r2r_fused      the stages fused into the FFT's row-lane kernel of two rows: each fusable kind
//                 (DCT-II/III, DST-II/III, R2HC, DHT, HC2R) on rows of 128-4096 reals, odd
//                 batches, in place, padded rows, scale, double, a 2-D plan; where the plain real
//                 transform of the rows is such a kernel on the device, the plan must say the
//                 stages are fused. Sweep: 4096 and 128 in both precisions.
//  r2r_callbacks  a pre-callback multiplying the input by userdata weights w[off] and a
//                 post-callback adding userdata g[off] (offsets into the client's buffers),
//                 checked against FFTW of the host's x .* w, scaled, plus g.
//  r2r_16bit      half and bfloat16 storage against FFTW long double on the widened input,
//                 bound 2x the exact result rounded once. Quick: 1-D DCT-II, 2-D in place, DHT of
//                 65536 (an FFT of two passes reading the 16-bit rows), callbacks reading and
//                 writing 16-bit. Sweep: 3-D, R2HC, a 2-D plan with bfloat16 callbacks.
//  r2r_api        clfftNgSetPlanR2R / clfftNgGetPlanR2R round trips, a refused call changes
//                 nothing, setting kinds un-bakes, clfftCopyPlan copies the kinds.
//  r2r_errors     kinds on C2C, R2C and C2R plans, kinds that do not match the rank, REDFT00 of
//                 length 1: CLFFT_INVALID_ARG_VALUE at bake (and at the implicit bake of enqueue),
//                 the plan left un-baked.
//
// Cost: each distinct (length, kinds, precision, batch shape, callbacks) is a plan of 2-3 PoCL
// compiles (pre-stage, FFT, post-stage); strides, distances, scale and direction are arguments, so
// the layout and scale cases reuse the 1-D quick kernels. Quick tier: 144 programs, about 35 s
// with empty caches on 2 shared cores, 5 s warm; sweep 13 min cold before the double short lengths
// were thinned (now about 10), 2 min warm; .ci/run runs a third of it.
#define BOOST_TEST_MODULE r2r
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "cl_raii.h"
#include "device_buffers.h"
#include "explain_plan.h"
#include "fftw_reference.h"
#include "float16.h"
#include "host_sides.h"
#include "test_env.h"
#include "test_tier.h"
#include "transform_case.h"

#include <clFFT-ng.h>
#include <clFFT.h>
#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace bdata = boost::unit_test::data;
using namespace clfft_test;
using namespace clfft_test::fftw_ref;

namespace r2r {

// The header promises FFTW's numbering: the reference passes our kinds to FFTW as they are.
static_assert(int(CLFFT_NG_R2HC) == int(FFTW_R2HC) && int(CLFFT_NG_HC2R) == int(FFTW_HC2R) &&
                  int(CLFFT_NG_DHT) == int(FFTW_DHT) && int(CLFFT_NG_REDFT00) == int(FFTW_REDFT00) &&
                  int(CLFFT_NG_REDFT01) == int(FFTW_REDFT01) && int(CLFFT_NG_REDFT10) == int(FFTW_REDFT10) &&
                  int(CLFFT_NG_REDFT11) == int(FFTW_REDFT11) && int(CLFFT_NG_RODFT00) == int(FFTW_RODFT00) &&
                  int(CLFFT_NG_RODFT01) == int(FFTW_RODFT01) && int(CLFFT_NG_RODFT10) == int(FFTW_RODFT10) &&
                  int(CLFFT_NG_RODFT11) == int(FFTW_RODFT11),
              "clfftNgR2RKind must number the kinds as FFTW does");

using Kind = clfftNgR2RKind;
constexpr Kind R2HC = CLFFT_NG_R2HC, HC2R = CLFFT_NG_HC2R, DHT = CLFFT_NG_DHT, REDFT00 = CLFFT_NG_REDFT00,
               REDFT01 = CLFFT_NG_REDFT01, REDFT10 = CLFFT_NG_REDFT10, REDFT11 = CLFFT_NG_REDFT11,
               RODFT00 = CLFFT_NG_RODFT00, RODFT01 = CLFFT_NG_RODFT01, RODFT10 = CLFFT_NG_RODFT10,
               RODFT11 = CLFFT_NG_RODFT11;
const std::vector<Kind> kAllKinds = {R2HC,    HC2R,    DHT,     REDFT00, REDFT01, REDFT10,
                                     REDFT11, RODFT00, RODFT01, RODFT10, RODFT11};

const char* kindName(Kind k)
{
    switch (k) {
    case CLFFT_NG_R2HC: return "r2hc";
    case CLFFT_NG_HC2R: return "hc2r";
    case CLFFT_NG_DHT: return "dht";
    case CLFFT_NG_REDFT00: return "redft00";
    case CLFFT_NG_REDFT01: return "redft01";
    case CLFFT_NG_REDFT10: return "redft10";
    case CLFFT_NG_REDFT11: return "redft11";
    case CLFFT_NG_RODFT00: return "rodft00";
    case CLFFT_NG_RODFT01: return "rodft01";
    case CLFFT_NG_RODFT10: return "rodft10";
    case CLFFT_NG_RODFT11: return "rodft11";
    }
    return "?";
}

// ---- FFTW's r2r in each precision ---------------------------------------------------------------

template <class R> struct FftwR2R;
#define R2R_TEST_FFTW(R, P)                                                                                      \
    template <> struct FftwR2R<R> {                                                                              \
        static P##_plan plan(int rank, const int* n, int howmany, R* in, int dist, R* out, const fftw_r2r_kind* k) \
        {                                                                                                        \
            return P##_plan_many_r2r(rank, n, howmany, in, nullptr, 1, dist, out, nullptr, 1, dist, k,            \
                                     FFTW_ESTIMATE);                                                             \
        }                                                                                                        \
        static void run(P##_plan p)                                                                              \
        {                                                                                                        \
            P##_execute(p);                                                                                      \
            P##_destroy_plan(p);                                                                                 \
        }                                                                                                        \
    };
R2R_TEST_FFTW(float, fftwf)
R2R_TEST_FFTW(double, fftw)
R2R_TEST_FFTW(long double, fftwl)
#undef R2R_TEST_FFTW

// FFTW's r2r of packed logical data (dimension 0 fastest, then the batch), in precision R.
template <class R>
std::vector<R> fftwR2R(const std::vector<std::size_t>& lengths, const std::vector<Kind>& kinds, std::size_t batch,
                       std::vector<R> in)
{
    const int rank = int(lengths.size());
    int n[3];
    fftw_r2r_kind k[3];
    std::size_t per = 1;
    for (int d = 0; d < rank; ++d) { // FFTW lists the slowest dimension first
        n[d] = int(lengths[std::size_t(rank - 1 - d)]);
        k[d] = fftw_r2r_kind(kinds[std::size_t(rank - 1 - d)]);
        per *= lengths[std::size_t(d)];
    }
    std::vector<R> out(per * batch);
    // A copy of the input: FFTW may destroy the input of HC2R. Planning with FFTW_ESTIMATE
    // leaves both arrays alone.
    auto p = FftwR2R<R>::plan(rank, n, int(batch), in.data(), int(per), out.data(), k);
    if (!p)
        throw std::runtime_error("FFTW could not plan the r2r reference");
    FftwR2R<R>::run(p);
    return out;
}

// ---- Cases --------------------------------------------------------------------------------------

struct Case {
    std::vector<std::size_t> lengths;
    std::vector<Kind> kinds;
    std::size_t batch = 2;
    clfftPrecision precision = CLFFT_SINGLE;
    bool inPlace = false;
    std::vector<std::size_t> inStrides, outStrides; // empty: never set (the library's defaults)
    std::size_t inDist = 0, outDist = 0;
    float scale = 0;          // 0: never set (FFTW's unnormalised result)
    bool callbacks = false;   // the weighting pre-callback and the shifting post-callback
    bool backwardArg = false; // enqueue with CLFFT_BACKWARD: the kinds decide, not the argument
    bool fusable = false;     // dimension 0's stages can be fused (checkFusion)
    // Where the library plans the CPU forms: 1, a dimension's columns run paired (two real
    // columns as one complex column); -1, none does.
    int pairedOnCpu = 0;

    Case& prec(clfftPrecision p) { precision = p; return *this; }
    Case& batches(std::size_t b) { batch = b; return *this; }
    // Batches stored column-major: distance 1, the batch count as stride (both sides).
    Case& columnMajor() { return istrides({batch}, 1).ostrides({batch}, 1); }
    Case& inplace() { inPlace = true; return *this; }
    Case& istrides(std::vector<std::size_t> s, std::size_t d) { inStrides = std::move(s); inDist = d; return *this; }
    Case& ostrides(std::vector<std::size_t> s, std::size_t d) { outStrides = std::move(s); outDist = d; return *this; }
    Case& scaled(float s) { scale = s; return *this; }
    Case& withCallbacks() { callbacks = true; return *this; }
    Case& backward() { backwardArg = true; return *this; }
    Case& fused() { fusable = true; return *this; }
    Case& paired(bool yes = true) { pairedOnCpu = yes ? 1 : -1; return *this; }

    SideDesc inSide() const
    {
        if (inStrides.empty())
            return SideDesc::packed(CLFFT_REAL, lengths, batch);
        return explicitSide(CLFFT_REAL, lengths, inStrides, inDist, batch);
    }
    // In place both sides are one: the output strides repeat the input's.
    SideDesc outSide() const
    {
        if (inPlace || outStrides.empty())
            return inPlace ? inSide() : SideDesc::packed(CLFFT_REAL, lengths, batch);
        return explicitSide(CLFFT_REAL, lengths, outStrides, outDist, batch);
    }
};

// The batch is large enough for about 4096 values: the bound compares two error norms, and over
// a few dozen values their ratio swings by 2x from one input to the next (16-point HC2R: 2.45 with
// batch 2, 1.21 with batch 256), which would make the bound fail at random.
Case make(std::vector<std::size_t> lengths, std::vector<Kind> kinds)
{
    Case c;
    c.lengths = std::move(lengths);
    c.kinds = std::move(kinds);
    std::size_t points = 1;
    for (std::size_t n : c.lengths)
        points *= n;
    c.batch = std::max<std::size_t>(2, (4096 + points - 1) / points);
    return c;
}
Case make1(std::size_t n, Kind k, clfftPrecision p = CLFFT_SINGLE) { return make({n}, {k}).prec(p); }

std::string describe(const Case& c)
{
    std::ostringstream s;
    s << caseHead(c.lengths, c.batch, c.precision) << " r2r ";
    for (std::size_t d = 0; d < c.kinds.size(); ++d)
        s << (d ? "x" : "") << kindName(c.kinds[d]);
    s << ' ' << placementName(c.inPlace) << stridesText("in", c.inStrides, "dist", c.inDist)
      << (c.inPlace ? "" : stridesText("out", c.outStrides, "dist", c.outDist));
    if (c.scale != 0)
        s << " scale " << c.scale;
    if (c.callbacks)
        s << " pre+post callbacks";
    if (c.backwardArg)
        s << " enqueued BACKWARD";
    return s.str();
}
std::ostream& operator<<(std::ostream& os, const Case& c) { return os << describe(c); }

// ---- Callbacks ----------------------------------------------------------------------------------

std::string withType(std::string text, bool dbl)
{
    const std::string key = "R_T", type = dbl ? "double" : "float";
    for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + type.size()))
        text.replace(at, key.size(), type);
    return text;
}

// Input point * w[off]: off must be the element's offset in the client's input buffer.
const char* kPreText = "R_T r2rWeightIn(__global void* in, uint off, __global void* ud)\n"
                       "{\n"
                       "    return ((__global const R_T*)in)[off] * ((__global const R_T*)ud)[off];\n"
                       "}\n";
// Output value (scaled already) + g[off], stored at the output offset off.
const char* kPostText = "void r2rShiftOut(__global void* out, uint off, __global void* ud, R_T y)\n"
                        "{\n"
                        "    ((__global R_T*)out)[off] = y + ((__global const R_T*)ud)[off];\n"
                        "}\n";

// ---- One case -----------------------------------------------------------------------------------

void setKinds(clfftPlanHandle h, const std::vector<Kind>& kinds)
{
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanR2R(h, kinds.size(), kinds.data()));
}

// The plan of a case, kinds first (as a client that makes an r2r plan would), not baked.
void makePlan(ScopedPlan& plan, const Case& c)
{
    ClEnv& env = ClEnv::get();
    REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&plan.h, env.context, clfftDim(c.lengths.size()), c.lengths.data()));
    setKinds(plan.h, c.kinds);
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanPrecision(plan.h, c.precision));
    REQUIRE_CLFFT_SUCCESS(clfftSetLayout(plan.h, CLFFT_REAL, CLFFT_REAL));
    REQUIRE_CLFFT_SUCCESS(clfftSetResultLocation(plan.h, c.inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanBatchSize(plan.h, c.batch));
    if (!c.inStrides.empty())
        setPlanStrides(plan, c.inStrides, c.inPlace ? c.inStrides : c.outStrides, c.inDist,
                       c.inPlace ? c.inDist : c.outDist);
    if (c.scale != 0)
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_FORWARD, c.scale));
}

// A double case on a device without fp64: the bake must refuse it (as for every other plan).
bool doubleRefused(const Case& c, const std::string& what)
{
    if (c.precision != CLFFT_DOUBLE || ClEnv::get().hasDouble)
        return false;
    ScopedPlan plan;
    makePlan(plan, c);
    const clfftStatus st = clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr);
    BOOST_CHECK_MESSAGE(st == CLFFT_DEVICE_NO_DOUBLE,
                        what << ": double r2r bake on a device without fp64 returned " << int(st));
    notRunOnThisDevice(what, "no fp64 (bake checked to fail with CLFFT_DEVICE_NO_DOUBLE)");
    return true;
}

// A case whose dimension 0 has fusable stages (docs/r2r.md, "Fused stages") must run them
// fused wherever the plain real transform of its rows (R2C, or C2R for the inverse kinds) runs
// as one row-lane kernel of two rows (CPU forms) or one Stockham kernel (GPU forms) on this
// device: the expectation comes from that plan, as baked here (other kernels keep the stages).
void checkFusion(const Case& c, clfftPlanHandle r2rPlan, const std::string& what)
{
    const Kind k = c.kinds[0];
    const bool c2r = k == REDFT01 || k == RODFT01 || k == HC2R;
    const bool quarterWave = k == REDFT11 || k == RODFT11; // even n: a complex FFT of n/2
    ClEnv& env = ClEnv::get();
    ScopedPlan real;
    // DCT-I, DST-I: an R2C of the extension, 2(n-1) or 2(n+1)
    const std::size_t n = quarterWave      ? c.lengths[0] / 2
                          : k == REDFT00 ? 2 * (c.lengths[0] - 1)
                          : k == RODFT00 ? 2 * (c.lengths[0] + 1)
                                         : c.lengths[0];
    REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&real.h, env.context, CLFFT_1D, &n));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanPrecision(real.h, c.precision));
    if (quarterWave)
        REQUIRE_CLFFT_SUCCESS(clfftSetLayout(real.h, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED));
    else
        REQUIRE_CLFFT_SUCCESS(clfftSetLayout(real.h, c2r ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_REAL,
                                             c2r ? CLFFT_REAL : CLFFT_HERMITIAN_INTERLEAVED));
    REQUIRE_CLFFT_SUCCESS(clfftSetResultLocation(real.h, CLFFT_OUTOFPLACE));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanBatchSize(real.h, c.batch));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(real.h, 1, &env.queue, nullptr, nullptr));
    const std::string plain = explainPlan(real.h), ours = explainPlan(r2rPlan);
    auto has = [&plain](const char* s) { return plain.find(s) != std::string::npos; };
    const bool onePass =
        !has("pass 2") && (quarterWave ? has("kind complex,") : has("kind real forward") || has("kind real backward"));
    // DCT-IV: a row-lane kernel of 8 lanes through local memory, not packed (n/16 a multiple of 8)
    const bool rowPairs = has("pass 1: row lanes") &&
                          (quarterWave ? has("row lanes 8") && !has("in registers yes") && !has("exactly the row yes") &&
                                             !has("two rows per vector yes") && (n / 8) % 8 == 0
                                       : has("two rows yes") ||
                                             // one real row (merge, split): Makhoul's kinds and the halfcomplex ones
                                             (k != REDFT00 && k != RODFT00 && !has("in registers yes") &&
                                              !has("two rows per vector yes")));
    if (!onePass || !(rowPairs || has("pass 1: stockham"))) {
        BOOST_TEST_MESSAGE(what << ": the plain real transform is not one row-lane kernel of two rows or one Stockham "
                                   "kernel here; the stages run as kernels (fusion not expected)");
        return;
    }
    const bool loads = k != R2HC && k != DHT, stores = k != HC2R; // the others have no such stage
    BOOST_CHECK_MESSAGE(!loads || ours.find("pre-stage fused into the FFT's loads") != std::string::npos,
                        what << ": pre-stage not fused; plan:\n" << ours);
    BOOST_CHECK_MESSAGE(!stores || ours.find("post-stage fused into the FFT's stores") != std::string::npos,
                        what << ": post-stage not fused; plan:\n" << ours);
}

// Packed logical values of a side (dimension 0 fastest, then the batch).
template <class T> std::vector<T> logical(const HostSide<T>& h)
{
    std::vector<T> v(h.desc.elementsPerBatch() * h.desc.batch);
    h.desc.forEach([&](std::size_t off, std::size_t lin) { v[lin] = h.a[off]; });
    return v;
}

// Random values in [-1, 1) that use the whole precision of T. fillRandom's values (multiples of
// 2^-23) have 29 spare bits in double: FFTW double then adds them exactly, and at small lengths its
// error is 0 (REDFT00 of 4), which no bound relative to it can meet. In float they are full.
template <class T> void fillFull(HostSide<T>& h, std::uint64_t seed)
{
    if (sizeof(T) == sizeof(float)) {
        fillRandom(h, seed);
        return;
    }
    Random r(seed);
    for (T& v : h.a) // 53 random bits
        v = T(double(std::int64_t(r.next() >> 11) - (std::int64_t(1) << 52)) / double(std::int64_t(1) << 52));
}

template <class R> HostSide<R> packedSide(const Case& c, std::vector<R> values)
{
    HostSide<R> h(SideDesc::packed(CLFFT_REAL, c.lengths, c.batch));
    h.a = std::move(values);
    return h;
}

template <class T> void runCase(const Case& c)
{
    ClEnv& env = ClEnv::get();
    const std::string what = describe(c);
    if (doubleRefused(c, what))
        return;
    BOOST_TEST_MESSAGE("case: " << what);
    const bool dbl = c.precision == CLFFT_DOUBLE;
    const SideDesc inD = c.inSide(), outD = c.outSide();
    const std::uint64_t seed = seedFrom(what);

    HostSide<T> x(inD);
    fillFull(x, seed);
    // The callbacks' tables, indexed by offsets into the input and the output buffer.
    HostSide<T> w(inD), g(outD);
    fillFull(w, seed ^ 0x1111);
    fillFull(g, seed ^ 0x2222);

    ScopedPlan plan;
    makePlan(plan, c);
    ScopedBuffer wBuf, gBuf;
    if (c.callbacks) {
        wBuf = ScopedBuffer(w.a.size() * sizeof(T), w.a.data());
        gBuf = ScopedBuffer(g.a.size() * sizeof(T), g.a.data());
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanCallback(plan.h, "r2rWeightIn", withType(kPreText, dbl).c_str(), 0,
                                                   PRECALLBACK, &wBuf.mem, 1));
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanCallback(plan.h, "r2rShiftOut", withType(kPostText, dbl).c_str(), 0,
                                                   POSTCALLBACK, &gBuf.mem, 1));
    }
    const clfftStatus baked = clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr);
    BOOST_REQUIRE_MESSAGE(baked == CLFFT_SUCCESS, what << ": clfftBakePlan returned " << int(baked));
    if (c.fusable)
        checkFusion(c, plan.h, what);
    if (c.pairedOnCpu && env.limits.cpuForms) {
        const std::string text = explainPlan(plan.h);
        const bool paired = text.find("two real columns as one complex column") != std::string::npos;
        BOOST_CHECK_MESSAGE(paired == (c.pairedOnCpu > 0),
                            what << (paired ? ": columns paired" : ": no columns paired") << "; plan:\n" << text);
    }

    const HostSide<T> y =
        transformOnce(plan.h, c.inPlace, c.backwardArg ? CLFFT_BACKWARD : CLFFT_FORWARD, x, outD, nullptr, what);
    if (c.inPlace) { // positions outside the layout keep what the input had there
        const std::vector<bool> pad = paddingMask(inD);
        std::size_t changed = 0, first = 0;
        for (std::size_t off = 0; off < pad.size(); ++off)
            if (pad[off] && y.a[off] != x.a[off] && changed++ == 0)
                first = off;
        BOOST_CHECK_MESSAGE(changed == 0, what << ": " << changed << " padding positions of the in-place buffer "
                                               << "changed (first at element " << first << ")");
    }

    // What the transform reads: x, weighted on the device in T (one rounding, as here).
    std::vector<T> in = logical(x);
    if (c.callbacks) {
        const std::vector<T> wl = logical(w);
        for (std::size_t i = 0; i < in.size(); ++i)
            in[i] = T(in[i] * wl[i]);
    }
    const std::vector<T> gl = logical(g);
    const long double scale = c.scale != 0 ? (long double)c.scale : 1.0L;

    std::vector<long double> exact =
        fftwR2R<long double>(c.lengths, c.kinds, c.batch, std::vector<long double>(in.begin(), in.end()));
    std::vector<T> fftwT = fftwR2R<T>(c.lengths, c.kinds, c.batch, in);
    for (std::size_t i = 0; i < exact.size(); ++i) {
        exact[i] *= scale;
        if (c.scale != 0)
            fftwT[i] = T(fftwT[i] * T(c.scale));
        if (c.callbacks) {
            exact[i] += (long double)gl[i];
            fftwT[i] = T(fftwT[i] + gl[i]);
        }
    }
    const HostSide<long double> exactH = packedSide(c, std::move(exact));
    const ErrorStats ours = compare(y, exactH), theirs = compare(packedSide(c, std::move(fftwT)), exactH);
    const long double floor = (long double)std::numeric_limits<T>::epsilon() / 2;
    const long double bound = 1.5L * theirs.relL2 + floor;
    std::ostringstream ratio; // "exact" where FFTW made no error at all
    if (theirs.relL2 > 0)
        ratio << double(ours.relL2 / theirs.relL2);
    else
        ratio << "FFTW exact";
    BOOST_TEST_MESSAGE(what << ": relative L2 error " << double(ours.relL2) << ", FFTW's " << double(theirs.relL2)
                            << " (ratio " << ratio.str() << ")");
    BOOST_CHECK_MESSAGE(ours.relL2 <= bound,
                        what << ": relative L2 error vs FFTW long double " << double(ours.relL2) << " > bound "
                             << double(bound) << " (1.5 x FFTW " << (dbl ? "double" : "float") << "'s "
                             << double(theirs.relL2) << " + unit roundoff; ratio "
                             << ratio.str() << "; max abs error "
                             << double(ours.maxAbs) << " at logical element " << ours.worst << ", ||ref|| "
                             << double(ours.refNorm) << ")");
}

void run(const Case& c)
{
    if (c.precision == CLFFT_DOUBLE)
        runCase<double>(c);
    else
        runCase<float>(c);
}

// ---- Case lists ---------------------------------------------------------------------------------

// The lengths every kind runs at in the sweep (REDFT00 from 2).
std::vector<std::size_t> sweepLengths(Kind k)
{
    std::vector<std::size_t> v;
    for (std::size_t n = k == REDFT00 ? 2 : 1; n <= 64; ++n)
        v.push_back(n);
    for (std::size_t n : {100, 127, 128, 1000, 1024, 1025, 4096, 4099})
        v.push_back(n);
    return v;
}

// Quick (each 1-D r2r plan costs 2-3 PoCL compiles, about 0.7 s): in single every kind at 15
// (odd), 16 (even) and 1000, the kinds of even number (R2HC, DHT, REDFT01, ...) at 17 (prime),
// the others at 2 (small), R2HC and REDFT11 at 1; in double four kinds at one length each. The
// rest: sweep.
bool quick1d(Kind k, std::size_t n, clfftPrecision p)
{
    if (p == CLFFT_SINGLE)
        return n == 15 || n == 16 || n == 1000 || n == (int(k) % 2 == 0 ? 17u : 2u) ||
               (n == 1 && (k == R2HC || k == REDFT11));
    switch (k) {
    case CLFFT_NG_R2HC: return n == 16;
    case CLFFT_NG_HC2R: return n == 15;
    case CLFFT_NG_REDFT00: return n == 16;
    case CLFFT_NG_REDFT10: return n == 1000;
    default: return false;
    }
}

std::vector<Case> oneDimCases()
{
    std::vector<Case> q, s;
    // Double runs the short lengths at one in four (1, 5, ..., 61) and every longer one: the
    // stages' code is the same in both precisions, and each case costs its compiles.
    for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE})
        for (Kind k : kAllKinds)
            for (std::size_t n : sweepLengths(k))
                if (quick1d(k, n, p))
                    q.push_back(make1(n, k, p));
                else if (p == CLFFT_SINGLE || n > 64 || n % 4 == 1)
                    s.push_back(make1(n, k, p));
    return tiered(q, s);
}

// Quick: one 2-D and one 3-D shape of mixed kinds. Sweep: more shapes (odd, prime, unit and
// long dimensions), double, batches.
std::vector<Case> multidimCases()
{
    std::vector<Case> q, s;
    q.push_back(make({12, 10}, {REDFT10, RODFT01}));
    q.push_back(make({6, 5, 4}, {DHT, REDFT11, RODFT00}));
    s.push_back(make({16, 15}, {HC2R, REDFT00}));
    s.push_back(make({17, 9}, {RODFT11, R2HC}));
    s.push_back(make({64, 32}, {RODFT10, DHT}).prec(CLFFT_DOUBLE));
    s.push_back(make({1, 16}, {REDFT01, RODFT10}));
    s.push_back(make({16, 1}, {REDFT11, RODFT01}));
    s.push_back(make({1000, 3}, {REDFT10, REDFT01}));
    s.push_back(make({5, 128}, {RODFT00, HC2R}).prec(CLFFT_DOUBLE));
    s.push_back(make({8, 6, 5}, {REDFT01, RODFT00, HC2R}).prec(CLFFT_DOUBLE));
    s.push_back(make({7, 4, 3}, {R2HC, REDFT00, RODFT11}));
    s.push_back(make({16, 16, 16}, {REDFT10, REDFT10, REDFT10}).batches(1));
    s.push_back(make({9, 10, 11}, {RODFT01, DHT, REDFT11}).prec(CLFFT_DOUBLE));
    return tiered(q, s);
}

// Strides, distances and placement on the kernels of quick 1-D cases: input stride 2
// with gaps between transforms; both sides strided; column-major batches (distance 1); in place
// with the default rows of n reals and with padded rows; the enqueue direction. Sweep: 2-D and
// 3-D layouts, more batches, double.
std::vector<Case> layoutCases()
{
    std::vector<Case> q, s;
    q.push_back(make1(16, REDFT10).istrides({2}, 40).ostrides({1}, 20));
    q.push_back(make1(15, RODFT11).istrides({3}, 50).ostrides({2}, 33));
    q.push_back(make1(17, DHT).columnMajor());
    q.push_back(make1(16, HC2R).inplace());
    q.push_back(make1(17, REDFT01).inplace().istrides({1}, 20));
    q.push_back(make1(15, R2HC).inplace().columnMajor());
    q.push_back(make1(1000, RODFT10).istrides({1}, 1003).ostrides({1}, 1001).backward());
    q.push_back(make1(16, R2HC, CLFFT_DOUBLE).istrides({2}, 33).ostrides({1}, 17));
    s.push_back(make1(15, HC2R, CLFFT_DOUBLE).inplace());
    s.push_back(make1(17, RODFT00, CLFFT_DOUBLE).inplace().istrides({1}, 19));
    s.push_back(make1(64, REDFT11).istrides({64}, 1).ostrides({1}, 64));
    s.push_back(make1(100, REDFT00).istrides({1}, 128).ostrides({41}, 1));
    s.push_back(make({12, 10}, {REDFT10, RODFT01}).istrides({1, 13}, 140).ostrides({2, 25}, 260));
    s.push_back(make({12, 10}, {REDFT10, RODFT01}).istrides({10, 1}, 120).ostrides({1, 12}, 120)); // transposed input
    s.push_back(make({12, 10}, {REDFT10, RODFT01}).inplace().istrides({1, 14}, 150));
    s.push_back(make({12, 10}, {REDFT10, RODFT01}).inplace());
    s.push_back(make({6, 5, 4}, {DHT, REDFT11, RODFT00}).istrides({1, 7, 40}, 170).ostrides({3, 18, 90}, 400));
    s.push_back(make({6, 5, 4}, {DHT, REDFT11, RODFT00}).inplace().backward());
    s.push_back(make({64, 32}, {RODFT10, DHT}).prec(CLFFT_DOUBLE).istrides({1, 66}, 2200).ostrides({1, 64}, 2048));
    return tiered(q, s);
}

// The forward scale (a cl_float) on quick kernels; sweep: 2-D, double, long rows.
std::vector<Case> scaleCases()
{
    std::vector<Case> q, s;
    q.push_back(make1(15, RODFT10).scaled(0.37f).backward());
    q.push_back(make1(16, REDFT00, CLFFT_DOUBLE).scaled(2.5f));
    q.push_back(make1(2, RODFT00).scaled(-3.0f));
    s.push_back(make({12, 10}, {REDFT10, RODFT01}).scaled(1.0f / 480));
    s.push_back(make1(1000, REDFT10, CLFFT_DOUBLE).scaled(0.001f));
    s.push_back(make1(4099, DHT).scaled(0.5f));
    return tiered(q, s);
}

// The pre- and post-callback (with a scale, so the post-callback must see the scaled value) on
// strided sides, so that wrong offsets show. Quick: single 1-D; sweep: double, 2-D, in place,
// long rows.
std::vector<Case> callbackCases()
{
    std::vector<Case> q, s;
    q.push_back(make1(16, REDFT10).istrides({2}, 40).ostrides({1}, 19).scaled(0.5f).withCallbacks());
    s.push_back(make1(15, RODFT01, CLFFT_DOUBLE).istrides({2}, 33).ostrides({3}, 50).withCallbacks());
    s.push_back(make1(17, HC2R).inplace().istrides({1}, 20).withCallbacks());
    s.push_back(make({12, 10}, {REDFT10, RODFT01}).withCallbacks().scaled(0.25f));
    s.push_back(make1(1000, DHT).withCallbacks());
    s.push_back(make1(4096, REDFT11).withCallbacks());
    return tiered(q, s);
}

// The stages fused into a row-lane kernel of two rows (rows of a multiple of 128 reals up to
// 4096, unit stride): every fusable kind, odd batches (the last pair's second row absent), in
// place, padded distances, the scale, double, and a 2-D plan whose dimension 0 fuses; columns
// (lane kernels) of 2-D and 3-D plans, strided. Sweep: the longest rows, both precisions.
std::vector<Case> fusedCases()
{
    std::vector<Case> q, s;
    q.push_back(make1(1024, REDFT10).batches(3).fused());
    q.push_back(make1(128, RODFT10).batches(5).inplace().fused());
    q.push_back(make1(256, REDFT01).istrides({1}, 300).ostrides({1}, 260).batches(4).fused());
    q.push_back(make1(1024, RODFT01).batches(3).inplace().fused());
    q.push_back(make1(512, R2HC).batches(3).fused());
    q.push_back(make1(128, DHT).batches(6).scaled(0.25f).fused());
    q.push_back(make1(256, HC2R).batches(3).scaled(0.5f).fused());
    q.push_back(make1(1024, REDFT10).inplace().istrides({1}, 1030).batches(3).scaled(2.0f).fused());
    q.push_back(make1(512, REDFT10, CLFFT_DOUBLE).batches(3).fused());
    q.push_back(make1(128, REDFT01, CLFFT_DOUBLE).batches(2).fused());
    q.push_back(make1(1024, REDFT11).batches(3).fused());
    q.push_back(make1(512, RODFT11, CLFFT_DOUBLE).batches(3).inplace().fused());
    q.push_back(make1(64, RODFT11).batches(5).fused()); // a complex row of 32 (row vectors): the stages
    q.push_back(make1(129, REDFT00).batches(3).fused());
    q.push_back(make1(8192, RODFT01).batches(1).fused()); // one real row a kernel (split)
    q.push_back(make1(256, REDFT10, CLFFT_DOUBLE).batches(1).fused()); // (merge)
    q.push_back(make1(127, RODFT00, CLFFT_DOUBLE).batches(3).inplace().fused());
    q.push_back(make({65, 33}, {REDFT00, RODFT00}).batches(2).fused());
    q.push_back(make({256, 6}, {REDFT10, RODFT01}).batches(1).fused());
    // columns (lane kernels), rows numbered by two dimensions (the FFT's extra batch dimension)
    q.push_back(make({128, 16}, {REDFT10, REDFT01}).batches(3).fused());
    q.push_back(make({16, 128}, {DHT, RODFT10}).batches(2).inplace());
    q.push_back(make({24, 30}, {R2HC, HC2R}).batches(3)); // the FFT reads / writes rows of two dimensions
    q.push_back(make({8, 12, 10}, {HC2R, RODFT01, REDFT10}).prec(CLFFT_DOUBLE).istrides({1, 9, 110}, 1200).ostrides({1, 8, 96}, 1000));
    // columns in even numbers at even strides: two real columns as one complex column (CPU forms)
    q.push_back(make({32, 64}, {REDFT10, REDFT10}).batches(2).paired());
    q.push_back(make({20, 60}, {REDFT10, REDFT01}).batches(2).paired()); // a group of fewer lanes
    q.push_back(make({24, 63}, {RODFT10, RODFT00}).prec(CLFFT_DOUBLE).inplace().paired());
    q.push_back(make({12, 40, 32}, {R2HC, HC2R, DHT}).batches(1).paired());
    q.push_back(make({20, 15}, {REDFT10, RODFT01}).batches(3).paired()); // an odd length
    q.push_back(make({30, 9}, {REDFT10, HC2R}).istrides({1, 32}, 300).ostrides({1, 34}, 320).batches(3).paired());
    q.push_back(make1(64, REDFT00).batches(64).columnMajor().inplace().paired()); // 1-D, column-major batches
    q.push_back(make({15, 16}, {REDFT10, RODFT01}).batches(2).paired(false)); // an odd number: real lanes
    q.push_back(make({30, 9}, {REDFT10, DHT}).istrides({1, 31}, 300).ostrides({1, 31}, 290).batches(2).paired(false)); // odd strides
    for (Kind k : {REDFT10, RODFT10, REDFT01, RODFT01, R2HC, DHT, HC2R, REDFT11, RODFT11})
        for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE}) {
            s.push_back(make1(4096, k, p).batches(3).fused());
            s.push_back(make1(128, k, p).batches(7).inplace().fused());
        }
    for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE}) {
        s.push_back(make1(2049, REDFT00, p).batches(3).fused());
        s.push_back(make1(2047, RODFT00, p).batches(2).inplace().fused());
        s.push_back(make({1025, 17}, {REDFT00, RODFT00}).prec(p).batches(1).fused());
        if (p == CLFFT_SINGLE) // one real row a kernel past 4096 (merge, split); double one-row kernels: quick
            for (Kind k : {REDFT10, RODFT10, REDFT01, RODFT01, R2HC, DHT, HC2R})
                s.push_back(make1(16384, k, p).batches(1).fused());
    }
    return tiered(q, s);
}

} // namespace r2r

using r2r::Case;

BOOST_AUTO_TEST_SUITE(r2r_1d)
BOOST_DATA_TEST_CASE(kinds_lengths_precisions, bdata::make(r2r::oneDimCases()), c) { r2r::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(r2r_multidim)
BOOST_DATA_TEST_CASE(mixed_kinds, bdata::make(r2r::multidimCases()), c) { r2r::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(r2r_layouts)
BOOST_DATA_TEST_CASE(strides_distances_placement, bdata::make(r2r::layoutCases()), c) { r2r::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(r2r_scale)
BOOST_DATA_TEST_CASE(forward_scale, bdata::make(r2r::scaleCases()), c) { r2r::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(r2r_fused)
BOOST_DATA_TEST_CASE(stages_in_the_fft_kernel, bdata::make(r2r::fusedCases()), c) { r2r::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(r2r_callbacks)
BOOST_DATA_TEST_CASE(weighted_in_shifted_out, bdata::make(r2r::callbackCases()), c) { r2r::run(c); }
BOOST_AUTO_TEST_SUITE_END()

// ---- 16-bit storage (docs/precision.md) ---------------------------------------------------------
// Half and bfloat16 buffers, single-precision arithmetic. Reference: FFTW in long double on the
// 16-bit input widened exactly; bound (issue 59): the relative L2 error of ours <= 2 x that of the
// exact result rounded once to the storage format. Packed layouts, out of place and in place.
namespace r2r {

struct Narrow {
    std::vector<std::size_t> lengths;
    std::vector<Kind> kinds;
    std::size_t batch;
    // 16 (CLFFT_NG_HALF) or 17 (CLFFT_NG_BFLOAT16): an int, as a clfftPrecision holding either
    // is out of the enum's range in C++ (UBSan's enum check on every load).
    int precision;
    bool inPlace;
    bool callbacks = false; // a pre-callback reading the 16-bit input, a post-callback storing it
    bool fusedOnCpu = false; // on a CPU device the printed plan must show every stage fused
};

constexpr int kHalf = 16, kBFloat16 = 17; // CLFFT_NG_HALF, CLFFT_NG_BFLOAT16

float widen16(int p, std::uint16_t b) { return p == kHalf ? clfft_ng::halfToFloat(b) : clfft_ng::bf16ToFloat(b); }
std::uint16_t round16(int p, float f) { return p == kHalf ? clfft_ng::floatToHalf(f) : clfft_ng::floatToBf16(f); }

void runNarrow(const Narrow& c)
{
    ClEnv& env = ClEnv::get();
    std::size_t count = c.batch;
    for (std::size_t n : c.lengths)
        count *= n;
    std::mt19937 rng(unsigned(count * 7 + c.kinds.size()));
    std::uniform_real_distribution<float> u(-1, 1);
    std::vector<std::uint16_t> in(count);
    std::vector<long double> widened(count);
    for (std::size_t i = 0; i < count; ++i) {
        in[i] = round16(c.precision, u(rng));
        widened[i] = widen16(c.precision, in[i]);
    }
    const std::vector<long double> exact = fftwR2R<long double>(c.lengths, c.kinds, c.batch, widened);

    ScopedPlan plan;
    REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&plan.h, env.context, clfftDim(c.lengths.size()), c.lengths.data()));
    setKinds(plan.h, c.kinds);
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanPrecision(plan.h, c.precision == kHalf ? CLFFT_NG_HALF : CLFFT_NG_BFLOAT16));
    REQUIRE_CLFFT_SUCCESS(clfftSetResultLocation(plan.h, c.inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanBatchSize(plan.h, c.batch));
    if (c.callbacks) { // the callbacks take single-precision values and touch the 16-bit buffers themselves
        const bool half = c.precision == kHalf;
        const std::string pre = std::string("float load16(__global void* in, uint off, __global void* ud)\n{\n") +
                                (half ? "    return vload_half(off, (__global const half*)in);\n"
                                      : "    return as_float((uint)((__global const ushort*)in)[off] << 16);\n") +
                                "}\n";
        // bfloat16 stored by truncation (the callback's choice), half rounded
        const std::string post = std::string("void store16(__global void* out, uint off, __global void* ud, float y)\n{\n") +
                                 (half ? "    vstore_half_rte(y, off, (__global half*)out);\n"
                                       : "    ((__global ushort*)out)[off] = (ushort)(as_uint(y) >> 16);\n") +
                                 "}\n";
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanCallback(plan.h, "load16", pre.c_str(), 0, PRECALLBACK, nullptr, 0));
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanCallback(plan.h, "store16", post.c_str(), 0, POSTCALLBACK, nullptr, 0));
    }
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
    if (c.fusedOnCpu && env.limits.isCpu) { // the CPU forms' fused stages read and write 16-bit rows
        const std::string text = explainPlan(plan.h);
        std::size_t fused = 0;
        for (std::size_t at = text.find("stage fused into the FFT's"); at != std::string::npos;
             at = text.find("stage fused into the FFT's", at + 1))
            ++fused;
        BOOST_TEST(fused == 2 * c.lengths.size(), "not every stage fused:\n" << text);
    }
    const std::uint16_t sentinel = 0x7e01;
    ScopedBuffer inBuf(count * 2, in.data());
    std::vector<std::uint16_t> outInit(count, sentinel);
    ScopedBuffer outBuf = c.inPlace ? ScopedBuffer() : ScopedBuffer(count * 2, outInit.data());
    cl_mem inMem = inBuf.mem, outMem = outBuf.mem;
    REQUIRE_CLFFT_SUCCESS(clfftEnqueueTransform(plan.h, CLFFT_FORWARD, 1, &env.queue, 0, nullptr, nullptr, &inMem,
                                                c.inPlace ? nullptr : &outMem, nullptr));
    std::vector<std::uint16_t> got(count), inAfter(count);
    env.read(c.inPlace ? inMem : outMem, count * 2, got.data());
    long double diff2 = 0, round2 = 0, ref2 = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const long double g = widen16(c.precision, got[i]);
        const long double once = widen16(c.precision, round16(c.precision, float(exact[i])));
        diff2 += (g - exact[i]) * (g - exact[i]);
        round2 += (once - exact[i]) * (once - exact[i]);
        ref2 += exact[i] * exact[i];
    }
    const double err = double(std::sqrt(diff2 / ref2)), best = double(std::sqrt(round2 / ref2));
    // The truncating post-callback of bfloat16: one unit in the last place, not half of one.
    const double bound = (c.callbacks && c.precision == kBFloat16 ? 4 : 2) * best;
    BOOST_TEST_MESSAGE("relative L2 error " << err << ", rounded once " << best << " (ratio " << err / best << ")");
    BOOST_TEST(err <= bound, "relative L2 error " << err << " > " << bound);
    if (!c.inPlace) {
        env.read(inMem, count * 2, inAfter.data());
        BOOST_TEST(inAfter == in, "the input buffer changed");
    }
}

} // namespace r2r

BOOST_AUTO_TEST_SUITE(r2r_16bit)
BOOST_AUTO_TEST_CASE(half_and_bfloat16_storage)
{
    using namespace r2r;
    struct Listed {
        const char* name;
        Narrow c;
        bool quick;
    };
    const std::vector<Listed> cases = {
        {"1-D REDFT10 of 100, half", {{100}, {REDFT10}, 41, kHalf, false}, true},
        {"2-D RODFT00 x HC2R 17x12, bfloat16, in place", {{17, 12}, {RODFT00, HC2R}, 20, kBFloat16, true}, true},
        {"3-D REDFT10 x REDFT01 x DHT 16x8x6, half", {{16, 8, 6}, {REDFT10, REDFT01, DHT}, 6, kHalf, false},
         false},
        {"1-D R2HC of 64 (the FFT reads the 16-bit rows), bfloat16", {{64}, {R2HC}, 64, kBFloat16, false},
         false},
        {"1-D REDFT11 of 50 with callbacks, half", {{50}, {REDFT11}, 82, kHalf, false, true}, true},
        {"1-D DHT of 65536 (an FFT of two passes on the 16-bit rows), half", {{65536}, {DHT}, 1, kHalf, false},
         true},
        {"2-D DHT x RODFT11 12x10 with callbacks, bfloat16",
         {{12, 10}, {DHT, RODFT11}, 34, kBFloat16, false, true}, false},
        // the stages fused into the CPU forms' kernels: row lanes of two rows, of one complex
        // row (DCT-IV), DCT-I's extension; lanes down the columns
        {"1-D REDFT10 of 1024, bfloat16, fused", {{1024}, {REDFT10}, 6, kBFloat16, false, false, true}, true},
        {"1-D REDFT11 of 1024, half, fused", {{1024}, {REDFT11}, 2, kHalf, false, false, true}, true},
        {"2-D REDFT10 x RODFT10 24x32, half, fused", {{24, 32}, {REDFT10, RODFT10}, 2, kHalf, false, false, true},
         true},
        {"1-D RODFT01 of 512, half, in place, fused", {{512}, {RODFT01}, 3, kHalf, true, false, true}, false},
        {"1-D REDFT00 of 129, bfloat16, fused", {{129}, {REDFT00}, 4, kBFloat16, false, false, true}, false},
    };
    for (const Listed& l : cases)
        if (inTier(l.quick))
            BOOST_TEST_CONTEXT(l.name) { runNarrow(l.c); }
}
BOOST_AUTO_TEST_SUITE_END()

namespace r2r {

// The kinds a plan reports (dims given); the status of the get.
clfftStatus getKinds(clfftPlanHandle h, std::size_t dims, std::vector<Kind>& out)
{
    // 15: no kind, yet within the enum's range of values (-1 is not: UBSan's enum check).
    out.assign(dims, Kind(15));
    return clfftNgGetPlanR2R(h, dims, out.data());
}

void checkKinds(clfftPlanHandle h, const std::vector<Kind>& want, const std::string& what)
{
    std::vector<Kind> got;
    const clfftStatus st = getKinds(h, want.size(), got);
    BOOST_CHECK_MESSAGE(st == CLFFT_SUCCESS, what << ": clfftNgGetPlanR2R(" << want.size() << ") returned " << int(st));
    BOOST_CHECK_MESSAGE(got == want, what << ": clfftNgGetPlanR2R reports other kinds than those set");
}

bool isBaked(clfftPlanHandle h)
{
    std::size_t tmp = 0;
    return clfftGetTmpBufSize(h, &tmp) == CLFFT_SUCCESS;
}

void checkStatus(clfftStatus got, clfftStatus want, const std::string& what)
{
    BOOST_CHECK_MESSAGE(got == want, what << ": returned " << int(got) << ", expected " << int(want));
}

} // namespace r2r

BOOST_AUTO_TEST_SUITE(r2r_api)

// Set and get: each kind alone, three kinds on a 3-D plan, dims 0 (a DFT again); a get with
// another count than the kinds set is refused.
BOOST_AUTO_TEST_CASE(set_get_round_trip)
{
    using namespace r2r;
    ClEnv& env = ClEnv::get();
    ScopedPlan plan;
    const std::size_t lengths[3] = {8, 6, 4};
    REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&plan.h, env.context, CLFFT_3D, lengths));
    std::vector<Kind> got;
    checkStatus(getKinds(plan.h, 0, got), CLFFT_SUCCESS, "get 0 kinds of a new plan (a DFT)");
    checkStatus(getKinds(plan.h, 1, got), CLFFT_INVALID_ARG_VALUE, "get 1 kind of a DFT plan");
    for (Kind k : kAllKinds) {
        setKinds(plan.h, {k});
        checkKinds(plan.h, {k}, std::string("one kind ") + kindName(k));
    }
    // Real to real again on an r2r plan: accepted, the kinds stay.
    REQUIRE_CLFFT_SUCCESS(clfftSetLayout(plan.h, CLFFT_REAL, CLFFT_REAL));
    checkKinds(plan.h, {RODFT11}, "after clfftSetLayout real to real");
    const std::vector<Kind> three = {DHT, RODFT11, REDFT01};
    setKinds(plan.h, three);
    checkKinds(plan.h, three, "three kinds");
    checkStatus(getKinds(plan.h, 2, got), CLFFT_INVALID_ARG_VALUE, "get 2 kinds of a plan with 3");
    checkStatus(clfftNgGetPlanR2R(plan.h, 3, nullptr), CLFFT_INVALID_HOST_PTR, "get 3 kinds into NULL");

    // clfftCopyPlan copies every setting, the kinds too.
    ScopedPlan copy;
    REQUIRE_CLFFT_SUCCESS(clfftCopyPlan(&copy.h, env.context, plan.h));
    checkKinds(copy.h, three, "the copy of a plan with three kinds");

    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanR2R(plan.h, 0, nullptr));
    checkStatus(getKinds(plan.h, 0, got), CLFFT_SUCCESS, "get 0 kinds after clearing them");
    checkStatus(getKinds(plan.h, 3, got), CLFFT_INVALID_ARG_VALUE, "get 3 kinds after clearing them");
    checkKinds(copy.h, three, "the copy after the original was cleared");
}

// Refused sets (kind out of range, dims above 3, NULL kinds, a handle never made) change
// nothing: the kinds set before are still reported.
BOOST_AUTO_TEST_CASE(refused_set_changes_nothing)
{
    using namespace r2r;
    ClEnv& env = ClEnv::get();
    ScopedPlan plan;
    const std::size_t lengths[2] = {8, 6};
    REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&plan.h, env.context, CLFFT_2D, lengths));
    const std::vector<Kind> before = {REDFT10, RODFT01};
    setKinds(plan.h, before);

    const Kind past[2] = {REDFT10, Kind(11)};
    checkStatus(clfftNgSetPlanR2R(plan.h, 2, past), CLFFT_INVALID_ARG_VALUE, "kind 11 (past RODFT11)");
    const Kind negative[2] = {Kind(-1), DHT};
    checkStatus(clfftNgSetPlanR2R(plan.h, 2, negative), CLFFT_INVALID_ARG_VALUE, "kind -1");
    const Kind four[4] = {DHT, DHT, DHT, DHT};
    checkStatus(clfftNgSetPlanR2R(plan.h, 4, four), CLFFT_INVALID_ARG_VALUE, "dims 4");
    checkStatus(clfftNgSetPlanR2R(plan.h, 2, nullptr), CLFFT_INVALID_HOST_PTR, "dims 2 with kinds NULL");
    checkKinds(plan.h, before, "after the refused sets");

    const Kind one[1] = {DHT};
    checkStatus(clfftNgSetPlanR2R(clfftPlanHandle(987654), 1, one), CLFFT_INVALID_PLAN, "set on a handle never made");
    std::vector<Kind> got(1);
    checkStatus(clfftNgGetPlanR2R(clfftPlanHandle(987654), 1, got.data()), CLFFT_INVALID_PLAN,
                "get on a handle never made");
}

// Setting other kinds un-bakes a baked plan (the next enqueue bakes again, with the new kinds).
BOOST_AUTO_TEST_CASE(set_unbakes)
{
    using namespace r2r;
    ScopedPlan plan;
    makePlan(plan, make1(16, REDFT10)); // a quick 1-D kernel
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    BOOST_CHECK_MESSAGE(isBaked(plan.h), "an r2r plan does not look baked after clfftBakePlan");
    setKinds(plan.h, {RODFT10});
    BOOST_CHECK_MESSAGE(!isBaked(plan.h), "clfftNgSetPlanR2R with other kinds left the plan baked");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(r2r_errors)

namespace {

// Bakes the plan, expecting `want` and an un-baked plan; then the implicit bake of an enqueue,
// expecting the same status and no event.
void checkRefused(clfftPlanHandle h, clfftStatus want, const std::string& what)
{
    ClEnv& env = ClEnv::get();
    const clfftStatus st = clfftBakePlan(h, 1, &env.queue, nullptr, nullptr);
    BOOST_CHECK_MESSAGE(st == want, what << ": clfftBakePlan returned " << int(st) << ", expected " << int(want));
    BOOST_CHECK_MESSAGE(!r2r::isBaked(h), what << ": the plan looks baked after a refused bake");
    ScopedBuffer a(4096), b(4096);
    cl_mem in[2] = {a.mem, b.mem}, out[2] = {b.mem, a.mem};
    cl_event ev = nullptr;
    const clfftStatus es = clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &env.queue, 0, nullptr, &ev, in, out, nullptr);
    BOOST_CHECK_MESSAGE(es == want, what << ": clfftEnqueueTransform returned " << int(es) << ", expected " << int(want));
    BOOST_CHECK_MESSAGE(ev == nullptr, what << ": a refused enqueue returned an event");
    if (ev)
        clReleaseEvent(ev);
    clFinish(env.queue);
}

// An out-of-place single-precision r2r plan of `lengths` with `kinds` (which set its layouts).
void makeRaw(ScopedPlan& plan, const std::vector<std::size_t>& lengths, const std::vector<r2r::Kind>& kinds)
{
    REQUIRE_CLFFT_SUCCESS(
        clfftCreateDefaultPlan(&plan.h, ClEnv::get().context, clfftDim(lengths.size()), lengths.data()));
    REQUIRE_CLFFT_SUCCESS(clfftSetResultLocation(plan.h, CLFFT_OUTOFPLACE));
    r2r::setKinds(plan.h, kinds);
}

void checkLayouts(clfftPlanHandle h, clfftLayout in, clfftLayout out, const std::string& what)
{
    clfftLayout i = CLFFT_COMPLEX_PLANAR, o = CLFFT_COMPLEX_PLANAR;
    REQUIRE_CLFFT_SUCCESS(clfftGetLayout(h, &i, &o));
    BOOST_CHECK_MESSAGE(i == in && o == out, what << ": layouts " << layoutName(i) << " -> " << layoutName(o)
                                                   << ", expected " << layoutName(in) << " -> " << layoutName(out));
}

} // namespace

// Setting kinds makes the layouts real to real; real to real is refused on a DFT plan; another
// pair set on an r2r plan afterwards (C2C, R2C, C2R) is refused at bake and at the implicit bake
// of enqueue; clearing the kinds makes the plan a C2C DFT (clFFT's default layouts) that bakes.
BOOST_AUTO_TEST_CASE(kinds_on_dft_plans)
{
    using namespace r2r;
    {
        ScopedPlan dft;
        const std::size_t n = 16;
        REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&dft.h, ClEnv::get().context, CLFFT_1D, &n));
        checkStatus(clfftSetLayout(dft.h, CLFFT_REAL, CLFFT_REAL), CLFFT_NOTIMPLEMENTED,
                    "clfftSetLayout real to real on a DFT plan");
    }
    struct Pair {
        clfftLayout in, out;
        const char* name;
    };
    for (const Pair& p : {Pair{CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, "C2C"},
                          Pair{CLFFT_COMPLEX_PLANAR, CLFFT_COMPLEX_INTERLEAVED, "C2C planar in"},
                          Pair{CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED, "R2C"},
                          Pair{CLFFT_HERMITIAN_PLANAR, CLFFT_REAL, "C2R"}}) {
        ScopedPlan plan;
        makeRaw(plan, {16}, {REDFT10});
        checkLayouts(plan.h, CLFFT_REAL, CLFFT_REAL, "a plan given a kind");
        REQUIRE_CLFFT_SUCCESS(clfftSetLayout(plan.h, p.in, p.out));
        checkRefused(plan.h, CLFFT_INVALID_ARG_VALUE, std::string("REDFT10 kind on a plan set to ") + p.name + " after it");
    }
    ScopedPlan plan;
    makeRaw(plan, {16}, {REDFT10});
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanR2R(plan.h, 0, nullptr));
    checkLayouts(plan.h, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, "an r2r plan with its kinds cleared");
    const clfftStatus st = clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr);
    BOOST_CHECK_MESSAGE(st == CLFFT_SUCCESS, "the plan with its kinds cleared: clfftBakePlan returned " << int(st));
}

// One kind per dimension, checked at bake: fewer or more kinds than the rank (also after the
// rank changes with clfftSetPlanDim) are refused.
BOOST_AUTO_TEST_CASE(kinds_not_matching_the_rank)
{
    using namespace r2r;
    {
        ScopedPlan plan;
        makeRaw(plan, {8, 4}, {REDFT10});
        checkRefused(plan.h, CLFFT_INVALID_ARG_VALUE, "2-D r2r plan with 1 kind");
        setKinds(plan.h, {REDFT10, DHT, RODFT11});
        checkRefused(plan.h, CLFFT_INVALID_ARG_VALUE, "2-D r2r plan with 3 kinds");
    }
    {
        ScopedPlan plan;
        makeRaw(plan, {8}, {REDFT10, DHT});
        checkRefused(plan.h, CLFFT_INVALID_ARG_VALUE, "1-D r2r plan with 2 kinds");
    }
    {
        ScopedPlan plan;
        makeRaw(plan, {8, 4}, {REDFT10, DHT});
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanDim(plan.h, CLFFT_1D));
        checkRefused(plan.h, CLFFT_INVALID_ARG_VALUE, "2 kinds on a plan made 1-D by clfftSetPlanDim");
    }
}

// REDFT00 needs n >= 2 (its logical DFT has 2(n-1) points), along any dimension; the length can
// change after the kinds are set, so the bake checks it.
BOOST_AUTO_TEST_CASE(redft00_of_length_1)
{
    using namespace r2r;
    {
        ScopedPlan plan;
        makeRaw(plan, {1}, {REDFT00}); // the set succeeds: the length may still change
        checkRefused(plan.h, CLFFT_INVALID_ARG_VALUE, "1-D REDFT00 of length 1");
    }
    {
        ScopedPlan plan;
        makeRaw(plan, {8}, {REDFT00});
        const std::size_t one = 1;
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanLength(plan.h, CLFFT_1D, &one));
        checkRefused(plan.h, CLFFT_INVALID_ARG_VALUE, "REDFT00 of length 8 set to length 1 afterwards");
    }
    {
        ScopedPlan plan;
        makeRaw(plan, {8, 1}, {RODFT10, REDFT00});
        checkRefused(plan.h, CLFFT_INVALID_ARG_VALUE, "2-D 8x1 RODFT10 x REDFT00 (REDFT00 of length 1)");
    }
}

// A batch of 0 (accepted by the setter, as by clFFT 2.12) leaves nothing to plan: refused at bake
// as on DFT plans.
BOOST_AUTO_TEST_CASE(batch_of_zero)
{
    using namespace r2r;
    ScopedPlan plan;
    makeRaw(plan, {16}, {REDFT10});
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanBatchSize(plan.h, 0));
    checkRefused(plan.h, CLFFT_INVALID_ARG_VALUE, "r2r plan with batch 0");
}

BOOST_AUTO_TEST_SUITE_END()
