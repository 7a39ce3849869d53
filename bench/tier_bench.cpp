// tier-bench: the first transform of a plan (create, bake, first enqueue, finish) and its steady
// speed on one tier (issue 62, docs/cache.md "Tiers"); bench/tier-first-call.sh runs it in fresh
// processes with empty kernel caches but for the generic program. With --tier auto it also
// reports when the specialized kernels replaced the generic tier.
//   tier-bench --tier generic|specialized|auto [--double] [--r2c|--c2r] [--batch B] [--runs N] L0 [L1 [L2]]
//   tier-bench --warm-generic   (bakes the generic program of both precisions into the disk cache)
#include <clFFT-ng.h>
#include <clFFT.h>

#include "cl_device_select.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

void check(clfftStatus st, const char* what)
{
    if (st != CLFFT_SUCCESS) {
        std::fprintf(stderr, "tier-bench: %s failed: %d\n", what, static_cast<int>(st));
        std::exit(1);
    }
}

struct Options {
    int tier = 1;
    bool dbl = false, r2c = false, c2r = false, warm = false;
    std::size_t batch = 1;
    int runs = 20;
    std::vector<std::size_t> lengths;
};

} // namespace

int main(int argc, char** argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--tier" && i + 1 < argc) {
            const std::string v = argv[++i];
            o.tier = v == "auto" ? 0 : v == "generic" ? 2 : 1;
        } else if (a == "--double") {
            o.dbl = true;
        } else if (a == "--r2c") {
            o.r2c = true;
        } else if (a == "--c2r") {
            o.c2r = true;
        } else if (a == "--warm-generic") {
            o.warm = true;
        } else if (a == "--batch" && i + 1 < argc) {
            o.batch = std::strtoul(argv[++i], nullptr, 10);
        } else if (a == "--runs" && i + 1 < argc) {
            o.runs = std::atoi(argv[++i]);
        } else {
            o.lengths.push_back(std::strtoul(a.c_str(), nullptr, 10));
        }
    }
    if (o.warm)
        o.lengths = {8};
    if (o.lengths.empty() || o.lengths.size() > 3) {
        std::fprintf(stderr, "usage: tier-bench --tier generic|specialized|auto [--double] [--r2c|--c2r] [--batch B] "
                             "[--runs N] L0 [L1 [L2]]\n");
        return 2;
    }
    const auto start = Clock::now();
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    unsigned pi = 0, di = 0;
    char err[512] = {0};
    if (clfft_select_device(&platform, &device, &pi, &di, err, sizeof err) != 0) {
        std::fprintf(stderr, "tier-bench: %s\n", err);
        return 1;
    }
    cl_int e = CL_SUCCESS;
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &e);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &e);
    clfftSetupData setup;
    check(clfftInitSetupData(&setup), "clfftInitSetupData");
    check(clfftSetup(&setup), "clfftSetup");
    const double setupMs = msSince(start);

    if (o.warm) {
        // Every kernel of the generic programs launched once: PoCL generates a kernel's code at its
        // first launch (about a second each), and keeps it in its own cache (POCL_CACHE_DIR).
        // 128: radices 16, 8; 315: 9, 5, 7; 429: 3, 11, 13; 64: 4; 34: 2 and the DFT pass; 257: Bluestein.
        const std::size_t lengths[] = {128, 315, 429, 64, 34, 257};
        std::vector<char> zeros(2 * 8 * 429, 0);
        cl_mem buf = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, zeros.size(), zeros.data(), &e);
        for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE})
            for (std::size_t n : lengths) {
                clfftPlanHandle h = 0;
                check(clfftCreateDefaultPlan(&h, context, CLFFT_1D, &n), "clfftCreateDefaultPlan");
                check(clfftSetPlanPrecision(h, p), "clfftSetPlanPrecision");
                check(clfftNgSetPlanTiering(h, CLFFT_NG_TIER_GENERIC_ONLY), "clfftNgSetPlanTiering");
                check(clfftBakePlan(h, 1, &queue, nullptr, nullptr), "clfftBakePlan");
                check(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &queue, 0, nullptr, nullptr, &buf, nullptr, nullptr),
                      "clfftEnqueueTransform");
                clFinish(queue);
                clfftDestroyPlan(&h);
            }
        clReleaseMemObject(buf);
        std::printf("generic programs baked in %.0f ms\n", msSince(start));
        clfftTeardown();
        return 0;
    }

    std::size_t points = 1;
    for (std::size_t l : o.lengths)
        points *= l;
    const std::size_t real = o.dbl ? 8 : 4;
    const std::size_t complexPoints = o.r2c || o.c2r ? points / o.lengths[0] * (o.lengths[0] / 2 + 1) : points;
    const std::size_t inBytes = (o.c2r ? 2 * complexPoints : o.r2c ? points : 2 * points) * real * o.batch;
    const std::size_t outBytes = (o.r2c ? 2 * complexPoints : o.c2r ? points : 2 * points) * real * o.batch;
    std::vector<char> zeros(std::max(inBytes, outBytes), 0);
    cl_mem in = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, inBytes, zeros.data(), &e);
    cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, outBytes, zeros.data(), &e);

    const auto t0 = Clock::now();
    clfftPlanHandle h = 0;
    check(clfftCreateDefaultPlan(&h, context, static_cast<clfftDim>(o.lengths.size()), o.lengths.data()),
          "clfftCreateDefaultPlan");
    check(clfftSetPlanPrecision(h, o.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE), "clfftSetPlanPrecision");
    check(clfftSetPlanBatchSize(h, o.batch), "clfftSetPlanBatchSize");
    check(clfftSetResultLocation(h, CLFFT_OUTOFPLACE), "clfftSetResultLocation");
    if (o.r2c)
        check(clfftSetLayout(h, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED), "clfftSetLayout");
    if (o.c2r)
        check(clfftSetLayout(h, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL), "clfftSetLayout");
    check(clfftNgSetPlanTiering(h, static_cast<clfftNgTiering>(o.tier)), "clfftNgSetPlanTiering");
    check(clfftBakePlan(h, 1, &queue, nullptr, nullptr), "clfftBakePlan");
    const double bakeMs = msSince(t0);
    auto once = [&] {
        check(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &queue, 0, nullptr, nullptr, &in, &out, nullptr),
              "clfftEnqueueTransform");
        clFinish(queue);
    };
    once();
    const double firstMs = msSince(t0);
    clfftNgTiering firstTier = CLFFT_NG_TIER_AUTO;
    clfftNgGetPlanTier(h, &firstTier);

    // AUTO: transforms back to back until the specialized kernels take over.
    double switchMs = 0;
    int genericRuns = 0;
    if (o.tier == 0) {
        for (clfftNgTiering t = firstTier; t == CLFFT_NG_TIER_GENERIC_ONLY && msSince(t0) < 600000;) {
            once();
            ++genericRuns;
            clfftNgGetPlanTier(h, &t);
        }
        switchMs = msSince(t0);
    }
    for (int i = 0; i < 3; ++i)
        once();
    std::vector<double> times;
    for (int i = 0; i < o.runs; ++i) {
        const auto r0 = Clock::now();
        once();
        times.push_back(msSince(r0));
    }
    std::sort(times.begin(), times.end());
    clfftNgTiering tier = CLFFT_NG_TIER_AUTO;
    clfftNgGetPlanTier(h, &tier);
    std::string shape;
    for (std::size_t l : o.lengths)
        shape += (shape.empty() ? "" : "x") + std::to_string(l);
    std::printf("%s %s %s batch %zu, tier %s: setup %.1f ms, bake %.1f ms, first transform (bake + enqueue + finish) "
                "%.1f ms, then %s; median %.3f ms per run",
                o.r2c ? "r2c" : o.c2r ? "c2r" : "c2c", shape.c_str(), o.dbl ? "double" : "single", o.batch,
                o.tier == 0 ? "auto" : o.tier == 2 ? "generic" : "specialized", setupMs, bakeMs, firstMs,
                tier == CLFFT_NG_TIER_GENERIC_ONLY ? "generic" : "specialized", times[times.size() / 2]);
    if (o.tier == 0)
        std::printf(", first on %s, specialized after %.0f ms (%d generic transforms)",
                    firstTier == CLFFT_NG_TIER_GENERIC_ONLY ? "generic" : "specialized", switchMs, genericRuns);
    std::printf("\n");
    clfftDestroyPlan(&h);
    clReleaseMemObject(in);
    clReleaseMemObject(out);
    clfftTeardown();
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    return 0;
}
