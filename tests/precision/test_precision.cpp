// 16-bit storage (issue 59, docs/precision.md).
//  - conversions: the generator's load and store text (generator/storage.h) run on the device
//    for every one of the 65536 bit patterns of half and of bfloat16, and for the floats that
//    decide rounding (midpoints between neighbours, a float ulp either side, overflow, float
//    subnormals, random floats); expected values from the definition (the nearest value, ties to
//    the even pattern, overflow to infinity from halfway above the largest finite value), and for
//    half from the compiler's _Float16 too where it has one. The host's float16.h (clfft-client's
//    reference) is checked against the same definition.
//  - transforms of every shape family in both formats against FFTW in double on the same 16-bit
//    inputs: relative L2 error <= 2x that of the exact result rounded once to the storage.
//    (Layouts drawn at random: test_layouts draws 16-bit cases as well.)
#define BOOST_TEST_MODULE precision
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "cl_raii.h"
#include "float16.h"
#include "storage.h"
#include "test_env.h"
#include "test_tier.h"

#include <clFFT-ng.h>
#include <clFFT.h>
#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace bdata = boost::unit_test::data;
using namespace clfft_test;
using clfft_ng::Storage;

namespace {

// ---- the definition ----------------------------------------------------------------------------

bool isBf(Storage s) { return s == Storage::BFloat16; }

// The value of a 16-bit pattern, from the format's fields (not float16.h's code).
double value16(Storage s, std::uint16_t b)
{
    const int expBits = isBf(s) ? 8 : 5, mantBits = isBf(s) ? 7 : 10, bias = (1 << (expBits - 1)) - 1;
    const int e = (b >> mantBits) & ((1 << expBits) - 1);
    const int m = b & ((1 << mantBits) - 1);
    const double sign = (b & 0x8000) ? -1.0 : 1.0;
    if (e == (1 << expBits) - 1)
        return m ? std::nan("") : sign * HUGE_VAL;
    if (e == 0)
        return sign * std::ldexp(double(m), 1 - bias - mantBits);
    return sign * std::ldexp(double(m + (1 << mantBits)), e - bias - mantBits);
}

bool isNan16(Storage s, std::uint16_t b)
{
    return isBf(s) ? (b & 0x7f80) == 0x7f80 && (b & 0x7f) : (b & 0x7c00) == 0x7c00 && (b & 0x3ff);
}

// The finite non-negative patterns in increasing order (their values increase with the bits).
std::vector<std::uint16_t> finitePositives(Storage s)
{
    std::vector<std::uint16_t> v;
    const std::uint16_t inf = isBf(s) ? 0x7f80 : 0x7c00;
    for (std::uint32_t b = 0; b < inf; ++b)
        v.push_back(std::uint16_t(b));
    return v;
}

// The pattern x rounds to: the nearest value, ties to the even pattern, infinity from halfway
// above the largest finite value (as IEEE 754's rounding would go on with one more exponent).
std::uint16_t expectedRound(Storage s, float x)
{
    static const std::vector<std::uint16_t> halfPos = finitePositives(Storage::Half), bfPos = finitePositives(Storage::BFloat16);
    const std::vector<std::uint16_t>& pos = isBf(s) ? bfPos : halfPos;
    const std::uint16_t sign = std::signbit(x) ? 0x8000 : 0;
    const double a = std::fabs(double(x));
    const std::uint16_t inf = isBf(s) ? 0x7f80 : 0x7c00;
    const double maxv = value16(s, pos.back()), ulpTop = maxv - value16(s, pos[pos.size() - 2]);
    if (a >= maxv + ulpTop / 2)
        return sign | inf;
    // the first pattern whose value is >= a
    auto it = std::lower_bound(pos.begin(), pos.end(), a, [&](std::uint16_t b, double v) { return value16(s, b) < v; });
    if (it == pos.end())
        return sign | pos.back();
    if (value16(s, *it) == a || it == pos.begin())
        return sign | *it;
    const std::uint16_t hi = *it, lo = *(it - 1);
    const double dhi = value16(s, hi) - a, dlo = a - value16(s, lo);
    if (dlo < dhi)
        return sign | lo;
    if (dhi < dlo)
        return sign | hi;
    return sign | ((lo & 1) ? hi : lo);
}

// The floats whose rounding the tests check: every 16-bit value, the midpoints between
// neighbours and a float ulp either side of them, overflow, float subnormals, random floats.
std::vector<float> roundingProbes(Storage s)
{
    std::vector<float> v;
    const std::vector<std::uint16_t> pos = finitePositives(s);
    for (std::size_t i = 0; i < pos.size(); ++i) {
        const float a = float(value16(s, pos[i]));
        v.push_back(a);
        if (i + 1 < pos.size()) {
            const float mid = float((value16(s, pos[i]) + value16(s, pos[i + 1])) / 2); // exact in float
            v.push_back(mid);
            v.push_back(std::nextafter(mid, 0.0f));
            v.push_back(std::nextafter(mid, HUGE_VALF));
        }
    }
    const float maxv = float(value16(s, pos.back()));
    v.push_back(std::nextafter(maxv, HUGE_VALF));
    v.push_back(HUGE_VALF);
    v.push_back(3.0e38f);
    v.push_back(std::numeric_limits<float>::denorm_min());
    v.push_back(1.0e-40f);
    std::mt19937 rng(59);
    for (int i = 0; i < 20000; ++i) {
        std::uint32_t u = rng();
        float f;
        std::memcpy(&f, &u, sizeof f);
        if (!std::isnan(f))
            v.push_back(f);
    }
    const std::size_t n = v.size();
    for (std::size_t i = 0; i < n; ++i)
        v.push_back(-v[i]);
    return v;
}

// ---- the device's conversions -----------------------------------------------------------------

std::string conversionProgram(Storage s)
{
    clfft_ng::KernelSpec spec;
    spec.inStorage = spec.outStorage = s;
    const std::string T = clfft_ng::storageRealType(s);
    return "typedef float real_t;\ntypedef float2 real2_t;\n" + clfft_ng::storageFunctions(spec) +
           "__kernel void widen(__global const " + T + "* in, __global float* out)\n{ const uint i = get_global_id(0); out[i] = " +
           clfft_ng::loadRealAt(s, "in", "i") + "; }\n"
           "__kernel void widen2(__global const " + T + "* in, __global float2* out)\n{ const uint i = get_global_id(0); out[i] = " +
           clfft_ng::loadComplexAt(s, "in", "i") + "; }\n"
           "__kernel void narrow(__global const float* in, __global " + T + "* out)\n{ const uint i = get_global_id(0); " +
           clfft_ng::storeRealAt(s, "out", "i", "in[i]") + " }\n"
           "__kernel void narrow2(__global const float2* in, __global " + T + "* out)\n{ const uint i = get_global_id(0); " +
           clfft_ng::storeComplexAt(s, "out", "i", "in[i]") + " }\n";
}

struct Program {
    cl_program program = nullptr;
    explicit Program(const std::string& src)
    {
        ClEnv& env = ClEnv::get();
        const char* text = src.c_str();
        cl_int err = CL_SUCCESS;
        program = clCreateProgramWithSource(env.context, 1, &text, nullptr, &err);
        BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
        err = clBuildProgram(program, 1, &env.device, "", nullptr, nullptr);
        if (err != CL_SUCCESS) {
            std::vector<char> log(65536);
            clGetProgramBuildInfo(program, env.device, CL_PROGRAM_BUILD_LOG, log.size() - 1, log.data(), nullptr);
            BOOST_FAIL("conversion program does not build: " << log.data() << "\n" << src);
        }
    }
    ~Program() { clReleaseProgram(program); }
    // Runs kernel `name` over `count` items from `in` into `out`.
    void run(const char* name, const void* in, std::size_t inBytes, void* out, std::size_t outBytes, std::size_t count) const
    {
        ClEnv& env = ClEnv::get();
        cl_int err = CL_SUCCESS;
        cl_kernel k = clCreateKernel(program, name, &err);
        BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
        ScopedBuffer a(inBytes, in), b(outBytes);
        clSetKernelArg(k, 0, sizeof(cl_mem), &a.mem);
        clSetKernelArg(k, 1, sizeof(cl_mem), &b.mem);
        BOOST_REQUIRE_EQUAL(clEnqueueNDRangeKernel(env.queue, k, 1, nullptr, &count, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
        env.read(b.mem, outBytes, out);
        clReleaseKernel(k);
    }
};

std::uint32_t bitsOf(float f)
{
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

// Widening is exact: every pattern gives its value (a NaN a NaN), as reals and as complex pairs.
void checkWiden(Storage s)
{
    const Program p(conversionProgram(s));
    std::vector<std::uint16_t> all(65536);
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = std::uint16_t(i);
    std::vector<float> got(65536), got2(65536);
    p.run("widen", all.data(), all.size() * 2, got.data(), got.size() * 4, all.size());
    p.run("widen2", all.data(), all.size() * 2, got2.data(), got2.size() * 4, all.size() / 2);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::uint16_t b = all[i];
        for (const float g : {got[i], got2[i]}) {
            bool ok = isNan16(s, b) ? std::isnan(g) : double(g) == value16(s, b) && std::signbit(g) == bool(b & 0x8000);
#if defined(__FLT16_MAX__)
            if (s == Storage::Half && !isNan16(s, b)) { // the compiler's own conversion agrees
                _Float16 h;
                std::memcpy(&h, &b, 2);
                ok = ok && bitsOf(float(h)) == bitsOf(g);
            }
#endif
            if (!ok && wrong++ < 5)
                BOOST_ERROR("pattern 0x" << std::hex << b << std::dec << " widened to " << g << ", expected " << value16(s, b));
        }
    }
    BOOST_TEST(wrong == 0u);
}

// Narrowing rounds to nearest even, reals and complex pairs alike.
void checkNarrow(Storage s)
{
    const Program p(conversionProgram(s));
    std::vector<float> probes = roundingProbes(s);
    if (probes.size() % 2)
        probes.push_back(0.0f);
    std::vector<std::uint16_t> got(probes.size()), got2(probes.size());
    p.run("narrow", probes.data(), probes.size() * 4, got.data(), got.size() * 2, probes.size());
    p.run("narrow2", probes.data(), probes.size() * 4, got2.data(), got2.size() * 2, probes.size() / 2);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < probes.size(); ++i) {
        const std::uint16_t want = expectedRound(s, probes[i]);
        bool ok = got[i] == want && got2[i] == want;
#if defined(__FLT16_MAX__)
        if (s == Storage::Half) {
            const _Float16 h = static_cast<_Float16>(probes[i]);
            std::uint16_t hb;
            std::memcpy(&hb, &h, 2);
            ok = ok && hb == want;
        }
#endif
        if (!ok && wrong++ < 5)
            BOOST_ERROR(std::hexfloat << probes[i] << std::defaultfloat << " rounded to 0x" << std::hex << got[i] << "/0x"
                                      << got2[i] << ", expected 0x" << want << std::dec);
    }
    BOOST_TEST(wrong == 0u);
    // NaN stays a NaN (quiet or not), with its sign.
    std::vector<float> nans = {std::nanf(""), -std::nanf(""), std::nanf("0x1"), std::nanf("0x400000")};
    std::vector<std::uint16_t> n(nans.size());
    p.run("narrow", nans.data(), nans.size() * 4, n.data(), n.size() * 2, nans.size());
    for (std::size_t i = 0; i < nans.size(); ++i)
        BOOST_CHECK_MESSAGE(isNan16(s, n[i]), "NaN " << i << " narrowed to 0x" << std::hex << n[i]);
}

// The host's conversions (clfft-client's reference) against the same definition.
void checkHost(Storage s)
{
    std::size_t wrong = 0;
    for (std::uint32_t b = 0; b < 65536; ++b) {
        const float f = isBf(s) ? clfft_ng::bf16ToFloat(std::uint16_t(b)) : clfft_ng::halfToFloat(std::uint16_t(b));
        const bool ok = isNan16(s, std::uint16_t(b)) ? std::isnan(f) : double(f) == value16(s, std::uint16_t(b));
        wrong += !ok;
    }
    for (const float x : roundingProbes(s)) {
        const std::uint16_t got = isBf(s) ? clfft_ng::floatToBf16(x) : clfft_ng::floatToHalf(x);
        if (got != expectedRound(s, x) && wrong++ < 5)
            BOOST_ERROR("host: " << std::hexfloat << x << std::defaultfloat << " -> 0x" << std::hex << got);
    }
    BOOST_TEST(wrong == 0u);
}

} // namespace

BOOST_AUTO_TEST_SUITE(conversions)
BOOST_AUTO_TEST_CASE(half_widen_every_pattern) { checkWiden(Storage::Half); }
BOOST_AUTO_TEST_CASE(bfloat16_widen_every_pattern) { checkWiden(Storage::BFloat16); }
BOOST_AUTO_TEST_CASE(half_round_to_nearest_even) { checkNarrow(Storage::Half); }
BOOST_AUTO_TEST_CASE(bfloat16_round_to_nearest_even) { checkNarrow(Storage::BFloat16); }
BOOST_AUTO_TEST_CASE(host_half) { checkHost(Storage::Half); }
BOOST_AUTO_TEST_CASE(host_bfloat16) { checkHost(Storage::BFloat16); }
BOOST_AUTO_TEST_SUITE_END()

// ---- transforms ------------------------------------------------------------------------------------

namespace {

enum class Kind { C2C, R2C, C2R };

struct Shape {
    const char* name;
    Kind kind;
    std::vector<std::size_t> lengths;
    std::size_t batch;
    bool inPlace;
    clfftLayout in, out;
    clfftDirection dir;
    double amplitude = 1.0; // inputs uniform in [-amplitude, amplitude)
    bool callbacks = false; // a pre-callback reading the 16-bit input doubled, a post-callback storing
};


// One of each plan family: one kernel, several dimensions, planar, real both ways and in place,
// odd, prime (Rader), Bluestein, long rows over several passes, a 2D real whose intermediate
// goes through the wide buffer, batches.
const std::vector<Shape> kShapes = {
    {"c2c_1024_inplace", Kind::C2C, {1024}, 3, true, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, CLFFT_FORWARD},
    {"c2c_60x50_planar_backward", Kind::C2C, {60, 50}, 2, false, CLFFT_COMPLEX_PLANAR, CLFFT_COMPLEX_INTERLEAVED, CLFFT_BACKWARD},
    {"c2c_16x12x10", Kind::C2C, {16, 12, 10}, 1, false, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_PLANAR, CLFFT_FORWARD},
    {"c2c_prime_1021", Kind::C2C, {1021}, 2, false, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, CLFFT_FORWARD},
    {"c2c_bluestein_4999", Kind::C2C, {4999}, 1, true, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, CLFFT_BACKWARD},
    {"c2c_long_2pow18", Kind::C2C, {262144}, 1, false, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, CLFFT_FORWARD},
    {"r2c_4096_batch", Kind::R2C, {4096}, 8, false, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_FORWARD},
    {"r2c_odd_99x20_inplace", Kind::R2C, {99, 20}, 1, true, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_FORWARD},
    {"r2c_long_100000", Kind::R2C, {100000}, 1, false, CLFFT_REAL, CLFFT_HERMITIAN_PLANAR, CLFFT_FORWARD},
    {"c2r_1000x30_inplace", Kind::C2R, {1000, 30}, 1, true, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL, CLFFT_BACKWARD},
    {"c2r_32x16x8", Kind::C2R, {32, 16, 8}, 2, false, CLFFT_HERMITIAN_PLANAR, CLFFT_REAL, CLFFT_BACKWARD},
    {"c2r_long_131072", Kind::C2R, {131072}, 1, false, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL, CLFFT_BACKWARD},
    // A spectrum's range (values to a few hundred): the backward 1/N shared out over the passes
    // keeps the unscaled intermediates (here past 65504) inside half's range.
    {"c2c_backward_of_spectrum_1024x256", Kind::C2C, {1024, 256}, 1, false, CLFFT_COMPLEX_INTERLEAVED,
     CLFFT_COMPLEX_INTERLEAVED, CLFFT_BACKWARD, 300.0},
    // Callbacks with the single-precision prototypes, reading and writing the 16-bit buffers.
    {"c2c_callbacks_1000", Kind::C2C, {1000}, 2, false, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, CLFFT_FORWARD,
     1.0, true},
    {"c2c_callbacks_2d_in_place", Kind::C2C, {64, 30}, 1, true, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED,
     CLFFT_BACKWARD, 1.0, true},
};

// The callbacks of the shapes that ask for them (docs/callbacks.md, "16-bit storage").
const char* kPreHalf = "float2 preHalf(__global void* in, uint offset, __global void* ud)\n"
                       "{ return 2.0f * vload_half2(offset, (__global const half*)in); }\n";
const char* kPostHalf = "void postHalf(__global void* out, uint offset, __global void* ud, float2 v)\n"
                        "{ vstore_half2_rte(v, offset, (__global half*)out); }\n";
const char* kPreBf16 = "float2 preBf16(__global void* in, uint offset, __global void* ud)\n"
                       "{ const ushort2 b = vload2(offset, (__global const ushort*)in);\n"
                       "  return 2.0f * as_float2(convert_uint2(b) << 16); }\n";
// rounds toward zero (truncation): the callback decides how its values are stored
const char* kPostBf16 = "void postBf16(__global void* out, uint offset, __global void* ud, float2 v)\n"
                        "{ vstore2(convert_ushort2(as_uint2(v) >> 16), offset, (__global ushort*)out); }\n";

std::size_t product(const std::vector<std::size_t>& v)
{
    std::size_t p = 1;
    for (std::size_t n : v)
        p *= n;
    return p;
}

// A side of the shape: counts per dimension (clFFT order), packed strides (real in place: rows of
// 2(N0/2+1) reals), element bytes per array.
struct Side {
    std::vector<std::size_t> counts, strides;
    std::size_t dist = 0;
    bool real = false, planar = false;
    std::size_t elements(std::size_t batch) const { return dist * batch; }
    // element offset of logical point k (dimension 0 fastest, then batch)
    std::size_t offset(std::size_t k) const
    {
        std::size_t off = 0;
        for (std::size_t d = 0; d < counts.size(); ++d) {
            off += (k % counts[d]) * strides[d];
            k /= counts[d];
        }
        return off + k * dist;
    }
    std::size_t points() const { return product(counts); }
};

Side sideOf(const Shape& s, bool input)
{
    const clfftLayout l = input ? s.in : s.out;
    Side side;
    side.real = l == CLFFT_REAL;
    side.planar = l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR;
    side.counts = s.lengths;
    const bool herm = l == CLFFT_HERMITIAN_INTERLEAVED || l == CLFFT_HERMITIAN_PLANAR;
    if (herm)
        side.counts[0] = s.lengths[0] / 2 + 1;
    std::size_t st = 1;
    for (std::size_t d = 0; d < side.counts.size(); ++d) {
        side.strides.push_back(st);
        st *= d == 0 && side.real && s.inPlace ? 2 * (s.lengths[0] / 2 + 1) : side.counts[d];
    }
    side.dist = st;
    return side;
}

double widened(Storage s, std::uint16_t b) { return isBf(s) ? clfft_ng::bf16ToFloat(b) : clfft_ng::halfToFloat(b); }
std::uint16_t rounded(Storage s, double v)
{
    return isBf(s) ? clfft_ng::floatToBf16(float(v)) : clfft_ng::floatToHalf(float(v));
}

// FFTW in double over the logical points (re, im; packed, batch outermost).
void reference(const Shape& s, const std::vector<double>& re, const std::vector<double>& im, std::vector<double>& ore,
               std::vector<double>& oim)
{
    std::vector<int> n(s.lengths.rbegin(), s.lengths.rend()); // FFTW: last dimension fastest
    const int rank = int(n.size()), howmany = int(s.batch);
    const std::size_t N = product(s.lengths), H = N / s.lengths[0] * (s.lengths[0] / 2 + 1);
    if (s.kind == Kind::C2C) {
        std::vector<fftw_complex> a(N * s.batch);
        for (std::size_t i = 0; i < a.size(); ++i) {
            a[i][0] = re[i];
            a[i][1] = im[i];
        }
        fftw_plan p = fftw_plan_many_dft(rank, n.data(), howmany, a.data(), nullptr, 1, int(N), a.data(), nullptr, 1, int(N),
                                         s.dir == CLFFT_FORWARD ? FFTW_FORWARD : FFTW_BACKWARD, FFTW_ESTIMATE);
        fftw_execute(p);
        fftw_destroy_plan(p);
        const double scale = s.dir == CLFFT_FORWARD ? 1.0 : 1.0 / double(N);
        ore.resize(a.size());
        oim.resize(a.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            ore[i] = a[i][0] * scale;
            oim[i] = a[i][1] * scale;
        }
    } else if (s.kind == Kind::R2C) {
        std::vector<double> a(re);
        std::vector<fftw_complex> b(H * s.batch);
        fftw_plan p = fftw_plan_many_dft_r2c(rank, n.data(), howmany, a.data(), nullptr, 1, int(N), b.data(), nullptr, 1,
                                             int(H), FFTW_ESTIMATE);
        fftw_execute(p);
        fftw_destroy_plan(p);
        ore.resize(b.size());
        oim.resize(b.size());
        for (std::size_t i = 0; i < b.size(); ++i) {
            ore[i] = b[i][0];
            oim[i] = b[i][1];
        }
    } else {
        std::vector<fftw_complex> a(H * s.batch);
        for (std::size_t i = 0; i < a.size(); ++i) {
            a[i][0] = re[i];
            a[i][1] = im[i];
        }
        std::vector<double> b(N * s.batch);
        fftw_plan p = fftw_plan_many_dft_c2r(rank, n.data(), howmany, a.data(), nullptr, 1, int(H), b.data(), nullptr, 1,
                                             int(N), FFTW_ESTIMATE);
        fftw_execute(p);
        fftw_destroy_plan(p);
        ore.resize(b.size());
        for (std::size_t i = 0; i < b.size(); ++i)
            ore[i] = b[i] / double(N);
        oim.clear();
    }
}

void runShape(const Shape& s, Storage storage)
{
    const clfftPrecision precision = isBf(storage) ? CLFFT_NG_BFLOAT16 : CLFFT_NG_HALF;
    ScopedPlan plan;
    createPlanFor(plan, s.lengths, precision, s.in, s.out, s.inPlace, s.batch);
    if (s.callbacks) {
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanCallback(plan.h, isBf(storage) ? "preBf16" : "preHalf",
                                                   isBf(storage) ? kPreBf16 : kPreHalf, 0, PRECALLBACK, nullptr, 0));
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanCallback(plan.h, isBf(storage) ? "postBf16" : "postHalf",
                                                   isBf(storage) ? kPostBf16 : kPostHalf, 0, POSTCALLBACK, nullptr, 0));
    }
    const Side in = sideOf(s, true), out = sideOf(s, false);
    const clfftDim dim = clfftDim(s.lengths.size());
    std::vector<std::size_t> is = in.strides, os = out.strides;
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanInStride(plan.h, dim, is.data()));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanOutStride(plan.h, dim, os.data()));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanDistance(plan.h, in.dist, out.dist));
    ClEnv& env = ClEnv::get();
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
    clfftPrecision back = CLFFT_SINGLE;
    REQUIRE_CLFFT_SUCCESS(clfftGetPlanPrecision(plan.h, &back));
    BOOST_TEST(int(back) == int(precision));

    // Inputs: uniform in [-1, 1) rounded to the storage (C2R: the spectrum of real data).
    const std::size_t inPoints = in.points() * s.batch;
    std::vector<double> re(inPoints), im(in.real ? 0 : inPoints);
    std::mt19937_64 rng(std::hash<std::string>()(s.name));
    std::uniform_real_distribution<double> u(-s.amplitude, s.amplitude);
    if (s.kind == Kind::C2R) {
        Shape fwd = s;
        fwd.kind = Kind::R2C;
        std::vector<double> x(product(s.lengths) * s.batch), unused;
        for (double& v : x)
            v = u(rng);
        reference(fwd, x, unused, re, im);
        const double k = 1.0 / std::sqrt(double(product(s.lengths)));
        for (std::size_t i = 0; i < re.size(); ++i) {
            re[i] *= k;
            im[i] *= k;
        }
    } else {
        for (double& v : re)
            v = u(rng);
        for (double& v : im)
            v = u(rng);
    }
    // The device's buffers (one buffer in place: sized for either side), sentinel-filled.
    const std::size_t perArrayIn = in.elements(s.batch) * (in.real || in.planar ? 1 : 2);
    const std::size_t perArrayOut = out.elements(s.batch) * (out.real || out.planar ? 1 : 2);
    const std::uint16_t sentinel = rounded(storage, -7777.25);
    std::vector<std::vector<std::uint16_t>> hin(in.planar ? 2 : 1,
                                                std::vector<std::uint16_t>(s.inPlace ? std::max(perArrayIn, perArrayOut) : perArrayIn, sentinel));
    for (std::size_t k = 0; k < inPoints; ++k) {
        const std::size_t off = in.offset(k);
        const std::uint16_t r = rounded(storage, re[k]), i = in.real ? 0 : rounded(storage, im[k]);
        re[k] = widened(storage, r);
        if (!in.real)
            im[k] = widened(storage, i);
        if (in.real)
            hin[0][off] = r;
        else if (in.planar) {
            hin[0][off] = r;
            hin[1][off] = i;
        } else {
            hin[0][2 * off] = r;
            hin[0][2 * off + 1] = i;
        }
    }
    std::vector<ScopedBuffer> bufs;
    cl_mem inMem[2] = {nullptr, nullptr}, outMem[2] = {nullptr, nullptr};
    for (std::size_t a = 0; a < hin.size(); ++a) {
        bufs.emplace_back(hin[a].size() * 2, hin[a].data());
        inMem[a] = bufs.back().mem;
    }
    std::vector<std::vector<std::uint16_t>> hout(out.planar ? 2 : 1, std::vector<std::uint16_t>(perArrayOut, sentinel));
    if (!s.inPlace)
        for (std::size_t a = 0; a < hout.size(); ++a) {
            bufs.emplace_back(hout[a].size() * 2, hout[a].data());
            outMem[a] = bufs.back().mem;
        }
    REQUIRE_CLFFT_SUCCESS(clfftEnqueueTransform(plan.h, s.dir, 1, &env.queue, 0, nullptr, nullptr, inMem,
                                                s.inPlace ? nullptr : outMem, nullptr));
    std::vector<std::vector<std::uint16_t>> result = s.inPlace ? hin : hout;
    for (std::size_t a = 0; a < result.size(); ++a)
        env.read(s.inPlace ? inMem[a] : outMem[a], result[a].size() * 2, result[a].data());

    std::vector<double> rre, rim;
    if (s.callbacks) // the pre-callback doubles what it reads
        for (std::size_t k = 0; k < re.size(); ++k) {
            re[k] *= 2;
            if (!im.empty())
                im[k] *= 2;
        }
    reference(s, re, im, rre, rim);
    double diff2 = 0, round2 = 0, ref2 = 0;
    std::vector<bool> written(result[0].size(), false);
    for (std::size_t k = 0; k < rre.size(); ++k) {
        const std::size_t off = out.offset(k);
        double gr = 0, gi = 0;
        if (out.real) {
            gr = widened(storage, result[0][off]);
            written[off] = true;
        } else if (out.planar) {
            gr = widened(storage, result[0][off]);
            gi = widened(storage, result[1][off]);
            written[off] = true;
        } else {
            gr = widened(storage, result[0][2 * off]);
            gi = widened(storage, result[0][2 * off + 1]);
            written[2 * off] = written[2 * off + 1] = true;
        }
        const double ri = rim.empty() ? 0.0 : rim[k];
        diff2 += (gr - rre[k]) * (gr - rre[k]) + (gi - ri) * (gi - ri);
        const double qr = widened(storage, rounded(storage, rre[k])) - rre[k];
        const double qi = widened(storage, rounded(storage, ri)) - ri;
        round2 += qr * qr + qi * qi;
        ref2 += rre[k] * rre[k] + ri * ri;
    }
    const double err = std::sqrt(diff2 / ref2), best = std::sqrt(round2 / ref2);
    BOOST_TEST_MESSAGE(s.name << (isBf(storage) ? " bfloat16" : " half") << ": relative L2 error " << err << ", rounding once "
                              << best << " (ratio " << err / best << ")");
    // bfloat16's post-callback truncates: one unit in the last place, not half of one
    const double bound = (s.callbacks && isBf(storage) ? 4 : 2) * best;
    BOOST_CHECK_MESSAGE(err <= bound, s.name << ": relative L2 error " << err << " > " << bound);
    // Out of place: what lies outside the output layout keeps its sentinel (not written as 16-bit
    // values of anything else) and the input is left as it was.
    if (!s.inPlace) {
        std::size_t touched = 0;
        for (std::size_t i = 0; i < result[0].size(); ++i)
            touched += !written[i] && result[0][i] != sentinel;
        BOOST_CHECK_MESSAGE(touched == 0, s.name << ": " << touched << " positions outside the output layout written");
        for (std::size_t a = 0; a < hin.size(); ++a) {
            std::vector<std::uint16_t> now(hin[a].size());
            env.read(inMem[a], now.size() * 2, now.data());
            BOOST_CHECK_MESSAGE(now == hin[a], s.name << ": the input buffer changed");
        }
    }
}

} // namespace

namespace {

struct Case {
    Shape shape;
    Storage storage;
};
std::ostream& operator<<(std::ostream& os, const Case& c)
{
    return os << c.shape.name << (isBf(c.storage) ? " bfloat16" : " half");
}

// The quick tier: every plan family once, the two formats taking turns; the sweep: the rest.
std::vector<Case> cases()
{
    const std::vector<std::string> quick = {"c2c_1024_inplace", "c2c_60x50_planar_backward", "c2c_16x12x10",
                                            "c2c_bluestein_4999", "r2c_4096_batch", "r2c_long_100000",
                                            "c2r_1000x30_inplace", "c2c_backward_of_spectrum_1024x256",
                                            "c2c_callbacks_2d_in_place"};
    std::vector<Case> q, sw;
    for (const Shape& s : kShapes) {
        const auto at = std::find(quick.begin(), quick.end(), s.name);
        const Storage first = at != quick.end() && (at - quick.begin()) % 2 ? Storage::BFloat16 : Storage::Half;
        const Storage second = first == Storage::Half ? Storage::BFloat16 : Storage::Half;
        (at != quick.end() ? q : sw).push_back({s, first});
        sw.push_back({s, second});
    }
    return tiered(q, sw);
}

} // namespace

BOOST_AUTO_TEST_SUITE(transforms)
BOOST_DATA_TEST_CASE(against_fftw, bdata::make(cases()), c) { runShape(c.shape, c.storage); }
BOOST_AUTO_TEST_SUITE_END()
