// Tiers (issue 62, docs/cache.md "Tiers"): the tiering API, the generic tier's results against
// FFTW on a few shapes the numerical suites' generic runs (CTest *_generic) do not spell out, a new
// size baked with no compile, the fallback to specialized kernels, AUTO taking cached specialized
// kernels at once, the switch from the generic to
// the specialized tier while a thread enqueues continuously, and destroy/teardown with a
// background compile in flight. The numerical suites themselves run on the generic tier as
// test_c2c_generic, test_real_generic, test_layouts_generic and test_anylength_generic.
#define BOOST_TEST_MODULE tiering
#include <boost/test/unit_test.hpp>

#include <clFFT-ng.h>
#include <clFFT.h>
#include <fftw3.h>

#include "cl_raii.h"
#include "test_env.h"

#include <chrono>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace clfft_test;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::string explain(clfftPlanHandle h)
{
    std::size_t needed = 0;
    if (clfftNgExplainPlan(h, nullptr, 0, &needed) != CLFFT_SUCCESS)
        return std::string();
    std::string text(needed, '\0');
    clfftNgExplainPlan(h, &text[0], text.size(), nullptr);
    text.resize(needed > 0 ? needed - 1 : 0);
    return text;
}

clfftNgTiering tierOf(clfftPlanHandle h)
{
    clfftNgTiering t = CLFFT_NG_TIER_AUTO;
    REQUIRE_CLFFT_SUCCESS(clfftNgGetPlanTier(h, &t));
    return t;
}

std::vector<std::complex<double>> randomComplex(std::size_t n, unsigned seed)
{
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> d(-1, 1);
    std::vector<std::complex<double>> v(n);
    for (auto& x : v)
        x = {d(gen), d(gen)};
    return v;
}

// FFTW's forward (sign -1) or backward transform of `batch` packed arrays of `lengths` (clFFT
// order: lengths[0] fastest), in double.
std::vector<std::complex<double>> fftwC2C(std::vector<std::complex<double>> x, std::vector<int> lengths, int batch,
                                          int sign)
{
    std::vector<int> n(lengths.rbegin(), lengths.rend()); // FFTW: slowest first
    int points = 1;
    for (int l : lengths)
        points *= l;
    std::vector<std::complex<double>> y(x.size());
    fftw_plan p = fftw_plan_many_dft(
        static_cast<int>(n.size()), n.data(), batch, reinterpret_cast<fftw_complex*>(x.data()), nullptr, 1, points,
        reinterpret_cast<fftw_complex*>(y.data()), nullptr, 1, points, sign, FFTW_ESTIMATE);
    fftw_execute(p);
    fftw_destroy_plan(p);
    return y;
}

template <class T> double relativeError(const std::vector<T>& ours, const std::vector<std::complex<double>>& ref)
{
    long double num = 0, den = 0;
    for (std::size_t i = 0; i < ref.size(); ++i) {
        const std::complex<long double> a(ours[2 * i], ours[2 * i + 1]);
        const std::complex<long double> b(ref[i].real(), ref[i].imag());
        num += std::norm(a - b);
        den += std::norm(b);
    }
    return den > 0 ? static_cast<double>(std::sqrt(num / den)) : static_cast<double>(std::sqrt(num));
}

// A complex interleaved plan of `lengths` and `batch`, in place, baked with `mode`.
void makePlan(ScopedPlan& plan, const std::vector<std::size_t>& lengths, std::size_t batch, clfftPrecision precision,
              clfftNgTiering mode, const clfftNgRigor* rigor = nullptr)
{
    createPlanFor(plan, lengths, precision, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, true, batch);
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanTiering(plan.h, mode));
    if (rigor)
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanRigor(plan.h, *rigor));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
}

// Runs the plan forward in place on x (single precision interleaved) and returns the result.
std::vector<float> forward(clfftPlanHandle h, const std::vector<std::complex<double>>& x)
{
    std::vector<float> host(2 * x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        host[2 * i] = static_cast<float>(x[i].real());
        host[2 * i + 1] = static_cast<float>(x[i].imag());
    }
    ScopedBuffer buf(host.size() * sizeof(float), host.data());
    cl_event done = nullptr;
    const clfftStatus st =
        clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &ClEnv::get().queue, 0, nullptr, &done, &buf.mem, nullptr, nullptr);
    BOOST_REQUIRE_EQUAL(int(st), int(CLFFT_SUCCESS));
    clWaitForEvents(1, &done);
    clReleaseEvent(done);
    readBuffer(buf.mem, host);
    return host;
}

} // namespace

BOOST_AUTO_TEST_SUITE(tiering_api)

BOOST_AUTO_TEST_CASE(set_get_and_rejects)
{
    ScopedPlan plan;
    createPlanFor(plan, {8}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, true, 1);
    clfftNgTiering mode = CLFFT_NG_TIER_GENERIC_ONLY;
    REQUIRE_CLFFT_SUCCESS(clfftNgGetPlanTiering(plan.h, &mode));
    // Unset: CLFFT_NG_TIERING, else specialized only (the default while AUTO is opt-in).
    const char* env = std::getenv("CLFFT_NG_TIERING");
    if (!env)
        BOOST_TEST(mode == CLFFT_NG_TIER_SPECIALIZED_ONLY);
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanTiering(plan.h, CLFFT_NG_TIER_GENERIC_ONLY));
    REQUIRE_CLFFT_SUCCESS(clfftNgGetPlanTiering(plan.h, &mode));
    BOOST_TEST(mode == CLFFT_NG_TIER_GENERIC_ONLY);
    BOOST_TEST(clfftNgSetPlanTiering(plan.h, static_cast<clfftNgTiering>(7)) == CLFFT_INVALID_ARG_VALUE);
    BOOST_TEST(clfftNgGetPlanTiering(plan.h, nullptr) == CLFFT_INVALID_HOST_PTR);
    BOOST_TEST(clfftNgGetPlanTier(plan.h, &mode) == CLFFT_INVALID_OPERATION); // not baked
    clfftPlanHandle bogus = 987654;
    BOOST_TEST(clfftNgSetPlanTiering(bogus, CLFFT_NG_TIER_AUTO) == CLFFT_INVALID_PLAN);
    BOOST_TEST(clfftNgGetPlanTier(bogus, &mode) == CLFFT_INVALID_PLAN);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(generic_tier)

// The generic program is compiled once per precision; a new size after that compiles nothing.
BOOST_AUTO_TEST_CASE(new_size_compiles_nothing)
{
    {
        ScopedPlan warm;
        makePlan(warm, {16}, 1, CLFFT_SINGLE, CLFFT_NG_TIER_GENERIC_ONLY);
    }
    clfftNgCacheStats before{}, after{};
    REQUIRE_CLFFT_SUCCESS(clfftNgGetCacheStats(&before));
    const std::vector<std::size_t> lengths{36, 40, 44}; // 5.4 s to compile on PoCL (issue 62)
    ScopedPlan plan;
    const auto t0 = Clock::now();
    makePlan(plan, lengths, 1, CLFFT_SINGLE, CLFFT_NG_TIER_GENERIC_ONLY);
    const double bakeMs = msSince(t0);
    REQUIRE_CLFFT_SUCCESS(clfftNgGetCacheStats(&after));
    BOOST_TEST(after.sourceBuilds == before.sourceBuilds);
    BOOST_TEST(after.binaryLoads == before.binaryLoads);
    BOOST_TEST(tierOf(plan.h) == CLFFT_NG_TIER_GENERIC_ONLY);
    BOOST_TEST(explain(plan.h).rfind("tier: generic", 0) == 0u, explain(plan.h));
    BOOST_TEST_MESSAGE("bake of 36x40x44 on the generic tier: " << bakeMs << " ms");

    const auto x = randomComplex(36 * 40 * 44, 1);
    const std::vector<float> y = forward(plan.h, x);
    const double err = relativeError(y, fftwC2C(x, {36, 40, 44}, 1, FFTW_FORWARD));
    BOOST_TEST(err < 2e-6, "36x40x44 generic vs FFTW: relative error " << err);
}

// Shapes by hand: a prime factor above the butterflies (a DFT pass) in a batch of 2D rows, a
// large prime (Bluestein), and a double 3D plan with length 1 in the middle.
BOOST_AUTO_TEST_CASE(prime_factors_and_double)
{
    {
        ScopedPlan plan;
        makePlan(plan, {17 * 3, 6}, 3, CLFFT_SINGLE, CLFFT_NG_TIER_GENERIC_ONLY);
        BOOST_TEST(explain(plan.h).find("radix 17 (dft)") != std::string::npos, explain(plan.h));
        const auto x = randomComplex(51 * 6 * 3, 2);
        const double err = relativeError(forward(plan.h, x), fftwC2C(x, {51, 6}, 3, FFTW_FORWARD));
        BOOST_TEST(err < 2e-6, "51x6 batch 3: relative error " << err);
    }
    {
        // A prime past the DFT pass's range: Bluestein's steps with two power-of-two FFTs.
        ScopedPlan plan;
        makePlan(plan, {4099}, 2, CLFFT_SINGLE, CLFFT_NG_TIER_GENERIC_ONLY);
        BOOST_TEST(explain(plan.h).find("bluestein chirp of 4099 points padded to 16384") != std::string::npos,
                   explain(plan.h));
        const auto x = randomComplex(4099 * 2, 7);
        const double err = relativeError(forward(plan.h, x), fftwC2C(x, {4099}, 2, FFTW_FORWARD));
        BOOST_TEST(err < 2e-6, "4099 batch 2 (Bluestein): relative error " << err);
    }
    if (!ClEnv::get().hasDouble)
        return;
    ScopedPlan plan;
    makePlan(plan, {10, 1, 7}, 2, CLFFT_DOUBLE, CLFFT_NG_TIER_GENERIC_ONLY);
    const auto x = randomComplex(70 * 2, 3);
    std::vector<double> host(2 * x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        host[2 * i] = x[i].real();
        host[2 * i + 1] = x[i].imag();
    }
    ScopedBuffer buf(host.size() * sizeof(double), host.data());
    REQUIRE_CLFFT_SUCCESS(clfftEnqueueTransform(plan.h, CLFFT_BACKWARD, 1, &ClEnv::get().queue, 0, nullptr, nullptr,
                                                &buf.mem, nullptr, nullptr));
    BOOST_REQUIRE_EQUAL(clFinish(ClEnv::get().queue), CL_SUCCESS);
    readBuffer(buf.mem, host);
    auto ref = fftwC2C(x, {10, 1, 7}, 2, FFTW_BACKWARD);
    for (auto& v : ref)
        v /= 70.0; // clFFT's default backward scale
    const double err = relativeError(host, ref);
    BOOST_TEST(err < 1e-14, "10x1x7 double backward: relative error " << err);
}

// A plan the generic tier cannot run gets its specialized kernels, and says why.
BOOST_AUTO_TEST_CASE(callbacks_fall_back_to_specialized)
{
    ScopedPlan plan;
    createPlanFor(plan, {8}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, true, 1);
    const char* source = "float2 twice(__global void* in, uint offset, __global void* userdata) {"
                         " return 2.0f * ((__global float2*)in)[offset]; }";
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanCallback(plan.h, "twice", source, 0, PRECALLBACK, nullptr, 0));
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanTiering(plan.h, CLFFT_NG_TIER_GENERIC_ONLY));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    BOOST_TEST(tierOf(plan.h) == CLFFT_NG_TIER_SPECIALIZED_ONLY);
    BOOST_TEST(explain(plan.h).find("generic tier cannot run this plan: callbacks") != std::string::npos,
               explain(plan.h));
    const auto x = randomComplex(8, 4);
    auto ref = fftwC2C(x, {8}, 1, FFTW_FORWARD);
    for (auto& v : ref)
        v *= 2.0;
    const double err = relativeError(forward(plan.h, x), ref);
    BOOST_TEST(err < 2e-6, "callback plan: relative error " << err);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(auto_tier)

// AUTO: the bake returns on the generic tier; transforms enqueued back to back stay correct
// while the specialized kernels land, and the plan switches between two transforms.
BOOST_AUTO_TEST_CASE(switch_while_enqueuing)
{
    const std::size_t n = 2 * 3 * 5 * 7 * 11; // 2310: a size no other quick test compiles
    ScopedPlan plan;
    const auto t0 = Clock::now();
    makePlan(plan, {n}, 3, CLFFT_SINGLE, CLFFT_NG_TIER_AUTO);
    const double bakeMs = msSince(t0);
    BOOST_TEST(tierOf(plan.h) == CLFFT_NG_TIER_GENERIC_ONLY);
    BOOST_TEST(explain(plan.h).find("compile in the background") != std::string::npos, explain(plan.h));

    const auto x = randomComplex(n * 3, 5);
    const auto ref = fftwC2C(x, {static_cast<int>(n)}, 3, FFTW_FORWARD);
    int generic = 0, specialized = 0;
    double worst = 0;
    const auto start = Clock::now();
    while (specialized < 3 && msSince(start) < 120000) {
        worst = std::max(worst, relativeError(forward(plan.h, x), ref));
        // The tier after the enqueue is the one it ran: the switch happens at its start.
        (tierOf(plan.h) == CLFFT_NG_TIER_GENERIC_ONLY ? generic : specialized) += 1;
    }
    BOOST_TEST_MESSAGE("auto: bake " << bakeMs << " ms, " << generic << " generic transforms, then specialized after "
                                     << msSince(start) << " ms; worst error " << worst);
    BOOST_TEST(specialized >= 3, "the specialized kernels never replaced the generic tier");
    BOOST_TEST(worst < 2e-6);
    BOOST_TEST(explain(plan.h).find("tier: specialized (auto: compiled in the background") != std::string::npos,
               explain(plan.h));
}

// An out-of-place plan given one buffer as both sides runs as in place (clFFT 2.12 accepts it):
// on the generic tier, and after AUTO switched to the specialized kernels (whose in-place twin
// must be specialized too).
BOOST_AUTO_TEST_CASE(aliased_out_of_place_on_both_tiers)
{
    const std::size_t n = 96;
    ScopedPlan plan;
    createPlanFor(plan, {n}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 2);
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanTiering(plan.h, CLFFT_NG_TIER_AUTO));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    const auto x = randomComplex(2 * n, 8);
    const auto ref = fftwC2C(x, {static_cast<int>(n)}, 2, FFTW_FORWARD);
    auto aliased = [&] {
        std::vector<float> host(4 * n);
        for (std::size_t i = 0; i < x.size(); ++i) {
            host[2 * i] = static_cast<float>(x[i].real());
            host[2 * i + 1] = static_cast<float>(x[i].imag());
        }
        ScopedBuffer buf(host.size() * sizeof(float), host.data());
        REQUIRE_CLFFT_SUCCESS(clfftEnqueueTransform(plan.h, CLFFT_FORWARD, 1, &ClEnv::get().queue, 0, nullptr, nullptr,
                                                    &buf.mem, &buf.mem, nullptr));
        BOOST_REQUIRE_EQUAL(clFinish(ClEnv::get().queue), CL_SUCCESS);
        readBuffer(buf.mem, host);
        return relativeError(host, ref);
    };
    bool sawGeneric = false;
    const auto start = Clock::now();
    while (tierOf(plan.h) == CLFFT_NG_TIER_GENERIC_ONLY && msSince(start) < 120000) {
        sawGeneric = true;
        const double err = aliased();
        BOOST_TEST(err < 2e-6, "aliased, generic tier: relative error " << err);
        if (err >= 2e-6)
            break;
    }
    BOOST_TEST_MESSAGE("aliased: generic tier seen " << sawGeneric);
    BOOST_REQUIRE(tierOf(plan.h) == CLFFT_NG_TIER_SPECIALIZED_ONLY);
    const double err = aliased();
    BOOST_TEST(err < 2e-6, "aliased, specialized tier: relative error " << err);
}

// A plan the specialized kernels refuse (a zero-input range short of the end on dimension 1,
// docs/zero-padding.md "Not yet"): AUTO runs it on the generic tier, and when the background
// bake's refusal arrives the plan keeps that tier and says so.
BOOST_AUTO_TEST_CASE(auto_keeps_the_generic_tier_for_ranges_only_it_runs)
{
    const std::size_t batch = 2;
    auto x = randomComplex(16 * 8 * batch, 6);
    for (std::size_t b = 0; b < batch; ++b)
        for (std::size_t i1 = 2; i1 < 4; ++i1)
            for (std::size_t i0 = 0; i0 < 16; ++i0)
                x[b * 128 + i1 * 16 + i0] = 0; // the range: zero in FFTW's input
    const auto ref = fftwC2C(x, {16, 8}, static_cast<int>(batch), FFTW_FORWARD);
    ScopedPlan plan;
    createPlanFor(plan, {16, 8}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, true, batch);
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanZeroInput(plan.h, 1, 2, 4));
    REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanTiering(plan.h, CLFFT_NG_TIER_AUTO));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    BOOST_TEST(tierOf(plan.h) == CLFFT_NG_TIER_GENERIC_ONLY);
    bool kept = false;
    const auto start = Clock::now();
    while (!kept && msSince(start) < 120000) {
        const double err = relativeError(forward(plan.h, x), ref);
        BOOST_TEST(err < 2e-6, "relative error " << err);
        kept = explain(plan.h).find("failed; generic kept") != std::string::npos;
    }
    BOOST_TEST(kept, explain(plan.h));
    BOOST_TEST(tierOf(plan.h) == CLFFT_NG_TIER_GENERIC_ONLY);
}

// AUTO on a problem whose specialized kernels are already built (in this process, then on disk
// in a fresh one: teardown and setup clear the memory) bakes them at once: no generic tier.
BOOST_AUTO_TEST_CASE(cached_kernels_skip_the_generic_tier)
{
    const std::size_t n = 4 * 3 * 5 * 11; // 660
    const auto x = randomComplex(2 * n, 9);
    const auto ref = fftwC2C(x, {static_cast<int>(n)}, 2, FFTW_FORWARD);
    auto autoBakesSpecialized = [&](const char* where) {
        ScopedPlan plan;
        makePlan(plan, {n}, 2, CLFFT_SINGLE, CLFFT_NG_TIER_AUTO);
        BOOST_TEST(tierOf(plan.h) == CLFFT_NG_TIER_SPECIALIZED_ONLY, where);
        BOOST_TEST(explain(plan.h).find("tier: specialized (auto: its kernels are in the cache)") != std::string::npos,
                   where << ": " << explain(plan.h));
        BOOST_TEST(relativeError(forward(plan.h, x), ref) < 2e-6, where);
    };
    auto restart = [] {
        REQUIRE_CLFFT_SUCCESS(clfftTeardown());
        clfftSetupData setup;
        REQUIRE_CLFFT_SUCCESS(clfftInitSetupData(&setup));
        REQUIRE_CLFFT_SUCCESS(clfftSetup(&setup));
    };
    char dir[] = "/tmp/clfft-tiering-cache.XXXXXX";
    BOOST_REQUIRE(mkdtemp(dir) != nullptr);
    const char* before = std::getenv("CLFFT_CACHE_PATH");
    const std::string saved = before ? before : "";
    setenv("CLFFT_CACHE_PATH", dir, 1);
    restart(); // the disk configuration is read again at the next build
    {
        ScopedPlan plan;
        makePlan(plan, {n}, 2, CLFFT_SINGLE, CLFFT_NG_TIER_SPECIALIZED_ONLY);
    }
    autoBakesSpecialized("in memory");
    restart();
    autoBakesSpecialized("on disk");
    // A measured plan: the bake that measured it left wisdom and its winner's kernels; AUTO with
    // the same rigor takes wisdom's plan from the cache, nothing measured again.
    const std::size_t m = 64;
    const clfftNgRigor measure = CLFFT_NG_MEASURE;
    const auto y = randomComplex(m, 4);
    const auto yref = fftwC2C(y, {static_cast<int>(m)}, 1, FFTW_FORWARD);
    {
        ScopedPlan plan;
        makePlan(plan, {m}, 1, CLFFT_SINGLE, CLFFT_NG_TIER_SPECIALIZED_ONLY, &measure);
    }
    {
        ScopedPlan plan;
        makePlan(plan, {m}, 1, CLFFT_SINGLE, CLFFT_NG_TIER_AUTO, &measure);
        const std::string text = explain(plan.h);
        BOOST_TEST(tierOf(plan.h) == CLFFT_NG_TIER_SPECIALIZED_ONLY);
        BOOST_TEST(text.find("tier: specialized (auto: its kernels are in the cache)\nwisdom: ") != std::string::npos,
                   text);
        BOOST_TEST(relativeError(forward(plan.h, y), yref) < 2e-6);
    }
    if (before)
        setenv("CLFFT_CACHE_PATH", saved.c_str(), 1);
    else
        unsetenv("CLFFT_CACHE_PATH");
    restart();
    BOOST_TEST(std::system(("rm -rf " + std::string(dir)).c_str()) == 0);
}

// Destroying a plan whose specialized compile is queued or running returns at once; teardown
// waits for the compile in flight at most; the library works after clfftSetup again.
BOOST_AUTO_TEST_CASE(destroy_and_teardown_in_flight)
{
    for (std::size_t n : {3 * 5 * 7 * 13, 2 * 5 * 7 * 13}) {
        ScopedPlan plan;
        makePlan(plan, {n}, 1, CLFFT_SINGLE, CLFFT_NG_TIER_AUTO);
        const auto t0 = Clock::now();
        REQUIRE_CLFFT_SUCCESS(clfftDestroyPlan(&plan.h));
        BOOST_TEST(msSince(t0) < 200.0, "destroy blocked for " << msSince(t0) << " ms");
    }
    {
        ScopedPlan plan;
        makePlan(plan, {4 * 9 * 11 * 13}, 1, CLFFT_SINGLE, CLFFT_NG_TIER_AUTO);
        plan.h = 0; // teardown destroys it
        REQUIRE_CLFFT_SUCCESS(clfftTeardown());
        clfftSetupData setup;
        REQUIRE_CLFFT_SUCCESS(clfftInitSetupData(&setup));
        REQUIRE_CLFFT_SUCCESS(clfftSetup(&setup));
    }
    ScopedPlan plan;
    makePlan(plan, {12}, 1, CLFFT_SINGLE, CLFFT_NG_TIER_GENERIC_ONLY);
    const auto x = randomComplex(12, 6);
    const double err = relativeError(forward(plan.h, x), fftwC2C(x, {12}, 1, FFTW_FORWARD));
    BOOST_TEST(err < 2e-6);
}

BOOST_AUTO_TEST_SUITE_END()
