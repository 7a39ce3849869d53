// Calls that clFFT 2.12 accepts and computes correctly, which its clients and its own test suite
// rely on (issue 16, docs/compatibility.md):
//  aliasing        out-of-place plans given one cl_mem as input and output (ufo-filters' ifft
//                  and chirp-z paths): through the in-place twin (complex sides of the same
//                  geometry) or a copy of the input, checked against FFTW on the input as it was;
//  real_direction  real plans take their direction from the layouts, whatever enqueue is given
//                  (clFFT's suite passes CLFFT_ENDDIRECTION);
//  setup_data      clfftSetup with zeroed or foreign version fields (ufo-filters);
//  copy_plan       clfftCopyPlan copies every setting but the callbacks.
#define BOOST_TEST_MODULE clfft_compat
#include <boost/test/unit_test.hpp>

#include "fftw_reference.h"
#include "test_env.h"

#include <clFFT.h>

#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

using namespace clfft_test;
using namespace clfft_test::fftw_ref;

namespace {

struct Case {
    std::string name;
    clfftPrecision precision;
    std::vector<std::size_t> lengths;
    std::size_t batch;
    clfftLayout in, out;
    std::vector<std::size_t> inStrides, outStrides; // empty: the plan's defaults
    std::size_t inDist = 0, outDist = 0;             // 0: the plan's defaults
    bool planarSwapped = false;                      // planar out = (in im, in re)
    bool inPlace = false;                            // an in-place plan rather than aliased buffers
};


bool hermitian(clfftLayout l) { return l == CLFFT_HERMITIAN_INTERLEAVED || l == CLFFT_HERMITIAN_PLANAR; }

// Element counts of one side: the hermitian side holds N0/2+1 points along dimension 0.
std::vector<std::size_t> countsOf(const Case& c, clfftLayout l)
{
    std::vector<std::size_t> n = c.lengths;
    if (hermitian(l))
        n[0] = n[0] / 2 + 1;
    return n;
}

SideDesc sideOf(const Case& c, clfftLayout l, const std::vector<std::size_t>& strides, std::size_t dist)
{
    SideDesc d = SideDesc::packed(l, countsOf(c, l), c.batch);
    if (!strides.empty())
        d.strides = strides;
    if (dist)
        d.dist = dist;
    else if (!strides.empty()) {
        d.dist = 0;
        for (std::size_t k = 0; k < d.counts.size(); ++k)
            d.dist = std::max(d.dist, d.counts[k] * d.strides[k]);
    }
    return d;
}

template <class T> std::size_t bytesPerElement(clfftLayout l) { return isPlanar(l) || isReal(l) ? sizeof(T) : 2 * sizeof(T); }

template <class T, class R> void run(const Case& c)
{
    ClEnv& env = ClEnv::get();
    const SideDesc inDesc = sideOf(c, c.in, c.inStrides, c.inDist);
    const SideDesc outDesc = sideOf(c, c.out, c.outStrides, c.outDist);

    clfftPlanHandle h = 0;
    const clfftDim dim = static_cast<clfftDim>(c.lengths.size());
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env.context, dim, c.lengths.data()), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetPlanPrecision(h, c.precision), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetLayout(h, c.in, c.out), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetResultLocation(h, c.inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetPlanBatchSize(h, c.batch), CLFFT_SUCCESS);
    std::vector<std::size_t> is = inDesc.strides, os = outDesc.strides;
    BOOST_REQUIRE_EQUAL(clfftSetPlanInStride(h, dim, is.data()), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetPlanOutStride(h, dim, os.data()), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetPlanDistance(h, inDesc.dist, outDesc.dist), CLFFT_SUCCESS);
    const clfftStatus baked = clfftBakePlan(h, 1, &env.queue, nullptr, nullptr);
    if (c.precision == CLFFT_DOUBLE && !env.hasDouble) {
        BOOST_CHECK_EQUAL(baked, CLFFT_DEVICE_NO_DOUBLE);
        clfftDestroyPlan(&h);
        return;
    }
    BOOST_REQUIRE_EQUAL(baked, CLFFT_SUCCESS);

    // One host image per cl_mem, large enough for either side's reach; the input side is
    // written into it, the output side read out of it afterwards.
    std::size_t points = 1;
    for (std::size_t l : c.lengths)
        points *= l;
    HostSide<T> x(inDesc);
    fillRandom(x, seedFrom(c.name));
    if (hermitian(c.in)) {
        // A C2R input must be the spectrum of a real signal: FFTW's of random data.
        HostSide<T> r(SideDesc::packed(CLFFT_REAL, c.lengths, c.batch));
        fillRandom(r, seedFrom(c.name));
        x = reference_r2c<R>(c.lengths, R(1), r, inDesc).template convert<T>();
    }
    const std::size_t inBytes = inDesc.extent() * bytesPerElement<T>(c.in);
    const std::size_t outBytes = outDesc.extent() * bytesPerElement<T>(c.out);
    const std::size_t bytes = std::max(inBytes, outBytes);
    const std::size_t nbuf = isPlanar(c.in) || isPlanar(c.out) ? 2 : 1;
    std::vector<std::vector<unsigned char>> image(nbuf, std::vector<unsigned char>(bytes, 0));
    for (std::size_t k = 0; k < x.arrays(); ++k)
        std::memcpy(image[k].data(), x.array(k).data(), x.array(k).size() * sizeof(T));
    std::vector<cl_mem> mems;
    for (std::size_t k = 0; k < nbuf; ++k) {
        cl_int err = CL_SUCCESS;
        mems.push_back(clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, image[k].data(), &err));
        BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
    }
    cl_mem ins[2] = {mems[0], nbuf > 1 ? mems[1] : nullptr};
    cl_mem outs[2] = {mems[0], nbuf > 1 ? mems[1] : nullptr};
    if (c.planarSwapped)
        std::swap(outs[0], outs[1]);
    if (!isPlanar(c.in) && isPlanar(c.out))
        ins[1] = nullptr; // interleaved input lives in the first buffer, which the output shares
    cl_event done = nullptr;
    BOOST_REQUIRE_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &env.queue, 0, nullptr, &done, ins,
                                              c.inPlace ? nullptr : outs, nullptr),
                        CLFFT_SUCCESS);
    BOOST_REQUIRE(done != nullptr);
    BOOST_REQUIRE_EQUAL(clWaitForEvents(1, &done), CL_SUCCESS);
    clReleaseEvent(done);

    HostSide<T> y(outDesc);
    for (std::size_t k = 0; k < y.arrays(); ++k) {
        cl_mem m = outs[k];
        BOOST_REQUIRE_EQUAL(clEnqueueReadBuffer(env.queue, m, CL_TRUE, 0, y.array(k).size() * sizeof(T),
                                                y.array(k).data(), 0, nullptr, nullptr),
                            CL_SUCCESS);
    }
    HostSide<R> ref;
    if (isReal(c.in))
        ref = reference_r2c<R>(c.lengths, R(1), x, outDesc);
    else if (isReal(c.out))
        ref = reference_c2r<R>(c.lengths, R(1) / R(points), x, outDesc);
    else
        ref = reference_c2c<R>(c.lengths, CLFFT_FORWARD, R(1), x, outDesc);
    const ErrorStats e = compare(y, ref);
    const double tol = c.precision == CLFFT_DOUBLE ? 1e-12 : 1e-5;
    BOOST_TEST_MESSAGE(c.name << ": relative L2 error " << double(e.relL2));
    BOOST_TEST(double(e.relL2) < tol);

    for (cl_mem m : mems)
        clReleaseMemObject(m);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
}

std::vector<Case> cases()
{
    const clfftLayout CI = CLFFT_COMPLEX_INTERLEAVED, CP = CLFFT_COMPLEX_PLANAR, HI = CLFFT_HERMITIAN_INTERLEAVED,
                      HP = CLFFT_HERMITIAN_PLANAR, RE = CLFFT_REAL;
    const clfftPrecision S = CLFFT_SINGLE, D = CLFFT_DOUBLE;
    return {
        // Same geometry on both sides: the in-place twin.
        {"c2c 1D 64 x 3 interleaved", S, {64}, 3, CI, CI, {}, {}},
        {"c2c 1D 1000 interleaved", S, {1000}, 1, CI, CI, {}, {}},
        {"c2c 1D 97 (Rader/Bluestein) x 2", S, {97}, 2, CI, CI, {}, {}},
        {"c2c 2D 32 x 24 interleaved", S, {32, 24}, 2, CI, CI, {}, {}},
        {"c2c 3D 8 x 6 x 4 planar", S, {8, 6, 4}, 1, CP, CP, {}, {}},
        {"c2c 1D 4096 x 2 double", D, {4096}, 2, CI, CI, {}, {}},
        {"c2c 1D 65536 (multi-pass)", S, {65536}, 1, CI, CI, {}, {}},
        {"c2c 2D 16 x 16 strided 2, distance 700", S, {16, 16}, 2, CI, CI, {2, 40}, {2, 40}, 700, 700},
        // Different geometry, or sides that share only part of their buffers: a copy of the input.
        {"c2c 1D 64 x 4, output distance 80", S, {64}, 4, CI, CI, {}, {}, 64, 80},
        {"c2c 1D 128, output stride 2", S, {128}, 1, CI, CI, {1}, {2}},
        {"c2c 1D 48 planar, output re/im swapped", S, {48}, 2, CP, CP, {}, {}, 0, 0, true},
        {"c2c 1D 60 interleaved -> planar", S, {60}, 1, CI, CP, {}, {}},
        {"c2c 2D 20 x 12 planar -> interleaved double", D, {20, 12}, 1, CP, CI, {}, {}},
        {"r2c 1D 64 x 3", S, {64}, 3, RE, HI, {}, {}},
        {"r2c 1D 100 x 2 hermitian planar", S, {100}, 2, RE, HP, {}, {}},
        {"r2c 2D 16 x 10 double", D, {16, 10}, 1, RE, HI, {}, {}},
        {"r2c 1D 4099", S, {4099}, 1, RE, HI, {}, {}},
        {"c2r 1D 64 x 3", S, {64}, 3, HI, RE, {}, {}},
        {"c2r 2D 12 x 9 hermitian planar", S, {12, 9}, 2, HP, RE, {}, {}},
        {"c2r 3D 8 x 4 x 6 double", D, {8, 4, 6}, 1, HI, RE, {}, {}},
    };
}

// In-place real plans whose real and hermitian rows do not start at the same bytes (clFFT 2.12
// accepts any strides there; its own suite uses such plans): read all, then write.
std::vector<Case> inPlaceRealCases()
{
    const clfftLayout HI = CLFFT_HERMITIAN_INTERLEAVED, RE = CLFFT_REAL;
    const clfftPrecision S = CLFFT_SINGLE, D = CLFFT_DOUBLE;
    std::vector<Case> v = {
        {"in-place r2c 9 x 2, real stride 16 / distance 272, hermitian stride 2 / distance 20", S, {9}, 2, RE, HI,
         {16}, {2}, 272, 20},
        {"in-place c2r 9 x 2, hermitian stride 2 / distance 20, real stride 16 / distance 272", S, {9}, 2, HI, RE,
         {2}, {16}, 20, 272},
        {"in-place r2c 64 x 3, packed real rows (distance 64), hermitian distance 40", S, {64}, 3, RE, HI, {1}, {1}, 64,
         40},
        {"in-place r2c 2D 10 x 6, real rows of 12, hermitian rows of 8, double", D, {10, 6}, 1, RE, HI, {1, 12},
         {1, 8}, 0, 0},
        {"in-place c2r 2D 16 x 5, hermitian rows of 9, real rows of 20", S, {16, 5}, 2, HI, RE, {1, 9}, {1, 20}, 0, 0},
    };
    for (Case& c : v)
        c.inPlace = true;
    return v;
}

} // namespace

BOOST_AUTO_TEST_SUITE(aliasing)

BOOST_AUTO_TEST_CASE(out_of_place_on_one_buffer)
{
    for (const Case& c : cases()) {
        BOOST_TEST_CONTEXT(c.name)
        {
            if (c.precision == CLFFT_DOUBLE)
                run<double, long double>(c);
            else
                run<float, double>(c);
        }
    }
}

BOOST_AUTO_TEST_CASE(in_place_real_rows_at_other_places)
{
    for (const Case& c : inPlaceRealCases()) {
        BOOST_TEST_CONTEXT(c.name)
        {
            if (c.precision == CLFFT_DOUBLE)
                run<double, long double>(c);
            else
                run<float, double>(c);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_direction)

// R2C with direction ENDDIRECTION, 0 or 99 (and C2R likewise) computes the forward (backward)
// real transform; a complex plan still refuses such a direction.
BOOST_AUTO_TEST_CASE(any_direction_for_real_plans)
{
    ClEnv& env = ClEnv::get();
    const std::size_t n = 32, batch = 2;
    const Case fwd{"r2c 32 x 2", CLFFT_SINGLE, {n}, batch, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED, {}, {}};
    const SideDesc realDesc = sideOf(fwd, CLFFT_REAL, {}, 0);
    const SideDesc hermDesc = sideOf(fwd, CLFFT_HERMITIAN_INTERLEAVED, {}, 0);
    HostSide<float> x(realDesc);
    fillRandom(x, 7);
    const HostSide<double> spectrum = reference_r2c<double>({n}, 1.0, x, hermDesc);
    for (int d : {int(ENDDIRECTION), 0, 99, int(CLFFT_BACKWARD)}) {
        for (bool forward : {true, false}) {
            BOOST_TEST_CONTEXT((forward ? "r2c" : "c2r") << " with direction " << d)
            {
                clfftPlanHandle h = 0;
                BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env.context, CLFFT_1D, &n), CLFFT_SUCCESS);
                BOOST_REQUIRE_EQUAL(clfftSetLayout(h, forward ? CLFFT_REAL : CLFFT_HERMITIAN_INTERLEAVED,
                                                   forward ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_REAL),
                                    CLFFT_SUCCESS);
                BOOST_REQUIRE_EQUAL(clfftSetResultLocation(h, CLFFT_OUTOFPLACE), CLFFT_SUCCESS);
                BOOST_REQUIRE_EQUAL(clfftSetPlanBatchSize(h, batch), CLFFT_SUCCESS);
                const HostSide<float> in = forward ? x : spectrum.convert<float>();
                HostSide<float> out(forward ? hermDesc : realDesc);
                cl_int err = CL_SUCCESS;
                cl_mem a = clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                          in.a.size() * sizeof(float), const_cast<float*>(in.a.data()), &err);
                cl_mem b = clCreateBuffer(env.context, CL_MEM_READ_WRITE, out.a.size() * sizeof(float), nullptr, &err);
                clfftDirection dir;
                std::memcpy(&dir, &d, sizeof dir);
                BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, dir, 1, &env.queue, 0, nullptr, nullptr, &a, &b, nullptr),
                                  CLFFT_SUCCESS);
                BOOST_REQUIRE_EQUAL(clEnqueueReadBuffer(env.queue, b, CL_TRUE, 0, out.a.size() * sizeof(float),
                                                        out.a.data(), 0, nullptr, nullptr),
                                    CL_SUCCESS);
                const ErrorStats e = forward ? compare(out, spectrum) : compare(out, x.convert<double>());
                BOOST_TEST(double(e.relL2) < 1e-5);
                clReleaseMemObject(a);
                clReleaseMemObject(b);
                BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
            }
        }
    }
    // A complex plan needs a direction.
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env.context, CLFFT_1D, &n), CLFFT_SUCCESS);
    cl_int err = CL_SUCCESS;
    cl_mem a = clCreateBuffer(env.context, CL_MEM_READ_WRITE, n * 2 * sizeof(float), nullptr, &err);
    const int end = ENDDIRECTION;
    clfftDirection dir;
    std::memcpy(&dir, &end, sizeof dir);
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, dir, 1, &env.queue, 0, nullptr, nullptr, &a, nullptr, nullptr),
                      CLFFT_INVALID_ARG_VALUE);
    clReleaseMemObject(a);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(setup_data)

// ufo-filters passes a zero-filled clfftSetupData; clFFT 2.12 reads only debugFlags.
BOOST_AUTO_TEST_CASE(any_version_fields)
{
    ClEnv::get();
    for (cl_uint major : {0u, 1u, 2u, 3u, 0xffffffffu}) {
        clfftSetupData data;
        std::memset(&data, 0, sizeof data);
        data.major = major;
        data.minor = 77;
        BOOST_TEST_CONTEXT("major " << major)
        BOOST_CHECK_EQUAL(clfftSetup(&data), CLFFT_SUCCESS);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(copy_plan)

// A copy of a plan with a pre-callback that doubles the input computes the plain transform.
BOOST_AUTO_TEST_CASE(callbacks_are_not_copied)
{
    ClEnv& env = ClEnv::get();
    const std::size_t n = 16;
    clfftPlanHandle h = 0, copy = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env.context, CLFFT_1D, &n), CLFFT_SUCCESS);
    const char* twice = "float2 twice(__global void* in, uint off, __global void* ud) {"
                        " return ((__global float2*)in)[off] * 2.0f; }";
    BOOST_REQUIRE_EQUAL(clfftSetPlanCallback(h, "twice", twice, 0, PRECALLBACK, nullptr, 0), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftCopyPlan(&copy, env.context, h), CLFFT_SUCCESS);
    std::vector<float> x(2 * n, 0.0f), y(2 * n);
    x[0] = 1.0f; // an impulse: every output is 1 without the callback, 2 with it
    for (clfftPlanHandle p : {copy, h}) {
        cl_int err = CL_SUCCESS;
        cl_mem buf = clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, x.size() * sizeof(float),
                                    x.data(), &err);
        BOOST_REQUIRE_EQUAL(clfftEnqueueTransform(p, CLFFT_FORWARD, 1, &env.queue, 0, nullptr, nullptr, &buf, nullptr,
                                                  nullptr),
                            CLFFT_SUCCESS);
        BOOST_REQUIRE_EQUAL(clEnqueueReadBuffer(env.queue, buf, CL_TRUE, 0, y.size() * sizeof(float), y.data(), 0,
                                                nullptr, nullptr),
                            CL_SUCCESS);
        const float expect = p == copy ? 1.0f : 2.0f;
        for (std::size_t k = 0; k < n; ++k)
            BOOST_TEST(std::abs(y[2 * k] - expect) < 1e-6f);
        clReleaseMemObject(buf);
    }
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&copy), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
}

BOOST_AUTO_TEST_SUITE_END()
