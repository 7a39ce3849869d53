// real-ratio: measures, in one process, how long a real-to-complex transform takes against a
// complex one of the same lengths. The real-data goal is R2C time per transform <= 0.6 x C2C time
// per transform; timing the two in separate processes is too noisy on a shared machine (1.5-2x
// from one process to the next), so this tool bakes both plans on one context and queue and
// alternates them: R2C, C2C, R2C, C2C, ... each timed as enqueue + clFinish.
//
// Only the clFFT 2.x C interface is used, so the same binary measures whichever libclFFT.so.2
// the dynamic loader picks (ours, or clFFT 2.12 from the system, chosen with LD_LIBRARY_PATH);
// the loaded file and its version are reported. A few bins of the first transform of each plan
// are checked against a direct DFT, so that a fast but wrong plan does not go unnoticed.
//
//   real-ratio [--len N[xM[xK]]] [--mib X] [--iters K] [--warmup W] [--double] [--json]
//
// Exit status: 0 success, 1 a checked bin outside tolerance, 2 error (bad arguments, OpenCL or
// clFFT failure).

#include "bench_common.h"
#include "json_text.h"

#include <clFFT.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

namespace {

using bench::checkCl;
using bench::checkFft;

// ---- Options -----------------------------------------------------------------------------

struct Options : bench::CommonOptions {
    double mib = 32;  // input MiB per batch, for each of the two plans
    bool json = false;

    Options() : CommonOptions(20, 3) {}
};

// The usage text after the usage and --len lines that bench::printUsage starts it with.
void usageRest(FILE* f)
{
    std::fputs("  --mib X          input MiB per batch of each plan (default 32): the R2C batch is\n"
               "                   floor(X MiB / (N reals)), the C2C batch floor(X MiB / (N complex values))\n"
               "  --iters K        timed R2C + C2C pairs (default 20)\n"
               "  --warmup W       untimed runs of each plan before them (default 3)\n",
               f);
    std::fputs(bench::kDoubleHelp, f);
    std::fputs("  --json           also print one JSON line at the end\n"
               "Both plans are forward and out of place: R2C real -> hermitian interleaved, C2C complex\n"
               "interleaved. The library is whichever libclFFT.so.2 the loader finds; pick one with\n"
               "LD_LIBRARY_PATH.\n",
               f);
}

// Returns -1 to continue, else an exit code.
int parseOptions(int argc, char** argv, Options& o)
{
    const bench::CommandLine cmd{"real-ratio: ", usageRest, " (want a count >= 1)", " (want a count >= 0)"};
    return bench::parseCommandLine(argc, argv, cmd, o, [&o](bench::Args& args) {
        std::string v;
        if (args.arg() == "--json") {
            o.json = true;
        } else if (args.arg() == "--mib") {
            if (!args.value(v))
                return true;
            char* end = nullptr;
            errno = 0;
            o.mib = std::strtod(v.c_str(), &end);
            if (v.empty() || errno != 0 || *end != '\0' || !(o.mib > 0) || !std::isfinite(o.mib) || o.mib > 1e6)
                args.bad(v, " (want a positive number)");
        } else {
            return false;
        }
        return true;
    });
}

// ---- OpenCL and clFFT objects, released in reverse order ----------------------------------

// bench::Cl releases the buffers, queue and context after the plans and clfftTeardown.
struct Resources : bench::Cl {
    bool setup = false;
    clfftPlanHandle r2c = 0, c2c = 0;
    bool haveR2c = false, haveC2c = false;

    ~Resources()
    {
        if (queue)
            clFinish(queue);
        if (haveR2c)
            clfftDestroyPlan(&r2c);
        if (haveC2c)
            clfftDestroyPlan(&c2c);
        if (setup)
            clfftTeardown();
    }
};

// ---- Host data ---------------------------------------------------------------------------

// n values from a fixed pseudo-random sequence in [-1, 1), in the device's precision.
std::vector<unsigned char> randomValues(size_t n, bool dbl, uint64_t seed)
{
    bench::Random random{seed};
    std::vector<unsigned char> out(n * (dbl ? sizeof(double) : sizeof(float)));
    for (size_t i = 0; i < n; ++i)
        bench::storeValue(out, i, random.next(), dbl);
    return out;
}

// Largest error over a few output bins of the first transform against a direct DFT in double
// precision, relative to the input's L2 norm (the size of a typical output bin). real: the
// input holds real values (R2C, output rows of N0/2+1 bins), else complex interleaved ones.
double checkBins(const std::vector<size_t>& len, bool real, bool dbl, const std::vector<unsigned char>& in,
                 const std::vector<unsigned char>& out)
{
    size_t n[3] = {1, 1, 1};
    for (size_t d = 0; d < len.size(); ++d)
        n[d] = len[d];
    const size_t per = n[0] * n[1] * n[2];
    const size_t outRow = real ? n[0] / 2 + 1 : n[0];
    const double kPi = 3.14159265358979323846;
    // exp(-2 pi i m / N_d) for every m, per dimension.
    std::vector<std::complex<double>> tw[3];
    for (int d = 0; d < 3; ++d) {
        tw[d].resize(n[d]);
        for (size_t m = 0; m < n[d]; ++m) {
            const double a = -2.0 * kPi * static_cast<double>(m) / static_cast<double>(n[d]);
            tw[d][m] = std::complex<double>(std::cos(a), std::sin(a));
        }
    }
    std::vector<std::complex<double>> x(per);
    double norm2 = 0;
    for (size_t i = 0; i < per; ++i) {
        x[i] = real ? std::complex<double>(bench::loadValue(in, i, dbl), 0.0)
                    : std::complex<double>(bench::loadValue(in, 2 * i, dbl), bench::loadValue(in, 2 * i + 1, dbl));
        norm2 += std::norm(x[i]);
    }
    const double scale = norm2 > 0 ? std::sqrt(norm2) : 1.0;
    // Bin 0, bin 1, the last bin R2C stores in a row, and one in the middle (each mod N_d).
    const size_t bins[4][3] = {{0, 0, 0}, {1, 0, 0}, {n[0] / 2, 1, 1}, {n[0] / 3, 2, 3}};
    double worst = 0;
    for (const auto& b : bins) {
        const size_t k0 = b[0] % n[0], k1 = b[1] % n[1], k2 = b[2] % n[2];
        std::complex<double> ref = 0;
        for (size_t i2 = 0; i2 < n[2]; ++i2)
            for (size_t i1 = 0; i1 < n[1]; ++i1) {
                const std::complex<double> w12 = tw[2][(k2 * i2) % n[2]] * tw[1][(k1 * i1) % n[1]];
                const std::complex<double>* row = &x[(i2 * n[1] + i1) * n[0]];
                std::complex<double> s = 0;
                for (size_t i0 = 0; i0 < n[0]; ++i0)
                    s += row[i0] * tw[0][(k0 * i0) % n[0]];
                ref += s * w12;
            }
        const size_t at = (k2 * n[1] + k1) * outRow + k0;
        const std::complex<double> got(bench::loadValue(out, 2 * at, dbl), bench::loadValue(out, 2 * at + 1, dbl));
        const double e = std::abs(got - ref) / scale;
        worst = std::isnan(e) ? e : std::max(worst, e);
        if (std::isnan(worst))
            break;
    }
    return worst;
}

// ---- The measurement ---------------------------------------------------------------------

struct Result {
    size_t r2cBatch = 0, c2cBatch = 0;
    double r2cMedianMs = 0, c2cMedianMs = 0, ratio = 0, ratioIterMedian = 0;
    double r2cErr = 0, c2cErr = 0;
    std::vector<double> r2cMs, c2cMs;
};

// One out-of-place forward plan. Strides and distances are given explicitly: rows of N0 values
// on the input side; on the output side rows of N0 (C2C) or N0/2+1 (R2C, hermitian) values.
clfftPlanHandle makePlan(Resources& res, const Options& o, bool real, size_t batch, const char* which)
{
    clfftPlanHandle plan = 0;
    const std::string w = std::string(which) + " ";
    const clfftDim dim = static_cast<clfftDim>(o.lengths.size());
    std::vector<size_t> lengths = o.lengths;
    checkFft(clfftCreateDefaultPlan(&plan, res.context, dim, lengths.data()), w + "clfftCreateDefaultPlan");
    (real ? res.r2c : res.c2c) = plan;
    (real ? res.haveR2c : res.haveC2c) = true;
    checkFft(clfftSetPlanPrecision(plan, o.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE), w + "clfftSetPlanPrecision");
    if (real)
        checkFft(clfftSetLayout(plan, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED), w + "clfftSetLayout");
    else
        checkFft(clfftSetLayout(plan, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED), w + "clfftSetLayout");
    checkFft(clfftSetResultLocation(plan, CLFFT_OUTOFPLACE), w + "clfftSetResultLocation");
    const size_t outRow = real ? o.lengths[0] / 2 + 1 : o.lengths[0];
    std::vector<size_t> inStride(o.lengths.size()), outStride(o.lengths.size());
    size_t inDist = 1, outDist = 1;
    for (size_t d = 0; d < o.lengths.size(); ++d) {
        inStride[d] = inDist;
        outStride[d] = outDist;
        inDist *= o.lengths[d];
        outDist *= d == 0 ? outRow : o.lengths[d];
    }
    checkFft(clfftSetPlanInStride(plan, dim, inStride.data()), w + "clfftSetPlanInStride");
    checkFft(clfftSetPlanOutStride(plan, dim, outStride.data()), w + "clfftSetPlanOutStride");
    checkFft(clfftSetPlanDistance(plan, inDist, outDist), w + "clfftSetPlanDistance");
    checkFft(clfftSetPlanBatchSize(plan, batch), w + "clfftSetPlanBatchSize");
    checkFft(clfftBakePlan(plan, 1, &res.queue, nullptr, nullptr), w + "clfftBakePlan");
    return plan;
}

Result measure(const Options& o, Resources& res)
{
    Result r;
    const size_t per = bench::pointsPerTransform(o.lengths);
    const size_t elt = o.dbl ? sizeof(double) : sizeof(float);
    const double bytes = o.mib * 1048576.0;
    r.r2cBatch = std::max<size_t>(1, static_cast<size_t>(bytes / static_cast<double>(per * elt)));
    r.c2cBatch = std::max<size_t>(1, static_cast<size_t>(bytes / static_cast<double>(per * 2 * elt)));
    if (r.r2cBatch > static_cast<size_t>(INT_MAX) / per)
        throw bench::Error("problem too large");
    const size_t outPer = per / o.lengths[0] * (o.lengths[0] / 2 + 1);  // hermitian values per R2C transform

    clfftSetupData setup;
    checkFft(clfftInitSetupData(&setup), "clfftInitSetupData");
    checkFft(clfftSetup(&setup), "clfftSetup");
    res.setup = true;
    clfftPlanHandle r2c = makePlan(res, o, true, r.r2cBatch, "R2C");
    clfftPlanHandle c2c = makePlan(res, o, false, r.c2cBatch, "C2C");
    checkCl(clFinish(res.queue), "clFinish");

    size_t tmpBytes = 0;
    checkFft(clfftGetTmpBufSize(r2c, &tmpBytes), "R2C clfftGetTmpBufSize");
    cl_mem r2cTmp = tmpBytes ? res.buffer(tmpBytes) : nullptr;
    checkFft(clfftGetTmpBufSize(c2c, &tmpBytes), "C2C clfftGetTmpBufSize");
    cl_mem c2cTmp = tmpBytes ? res.buffer(tmpBytes) : nullptr;

    const std::vector<unsigned char> r2cHost = randomValues(per * r.r2cBatch, o.dbl, 0x9E3779B97F4A7C15ull);
    const std::vector<unsigned char> c2cHost = randomValues(2 * per * r.c2cBatch, o.dbl, 0xD1B54A32D192ED03ull);
    cl_mem r2cIn = res.buffer(r2cHost.size()), r2cOut = res.buffer(2 * outPer * r.r2cBatch * elt);
    cl_mem c2cIn = res.buffer(c2cHost.size()), c2cOut = res.buffer(c2cHost.size());
    checkCl(clEnqueueWriteBuffer(res.queue, r2cIn, CL_TRUE, 0, r2cHost.size(), r2cHost.data(), 0, nullptr, nullptr),
            "clEnqueueWriteBuffer");
    checkCl(clEnqueueWriteBuffer(res.queue, c2cIn, CL_TRUE, 0, c2cHost.size(), c2cHost.data(), 0, nullptr, nullptr),
            "clEnqueueWriteBuffer");

    auto runR2c = [&]() {
        checkFft(clfftEnqueueTransform(r2c, CLFFT_FORWARD, 1, &res.queue, 0, nullptr, nullptr, &r2cIn, &r2cOut, r2cTmp),
                 "R2C clfftEnqueueTransform");
        checkCl(clFinish(res.queue), "clFinish");
    };
    auto runC2c = [&]() {
        checkFft(clfftEnqueueTransform(c2c, CLFFT_FORWARD, 1, &res.queue, 0, nullptr, nullptr, &c2cIn, &c2cOut, c2cTmp),
                 "C2C clfftEnqueueTransform");
        checkCl(clFinish(res.queue), "clFinish");
    };

    // First run of each, checked on a few bins of its first transform.
    runR2c();
    runC2c();
    {
        std::vector<unsigned char> got(2 * outPer * elt);
        checkCl(clEnqueueReadBuffer(res.queue, r2cOut, CL_TRUE, 0, got.size(), got.data(), 0, nullptr, nullptr),
                "clEnqueueReadBuffer");
        r.r2cErr = checkBins(o.lengths, true, o.dbl, r2cHost, got);
        got.resize(2 * per * elt);
        checkCl(clEnqueueReadBuffer(res.queue, c2cOut, CL_TRUE, 0, got.size(), got.data(), 0, nullptr, nullptr),
                "clEnqueueReadBuffer");
        r.c2cErr = checkBins(o.lengths, false, o.dbl, c2cHost, got);
    }

    for (int i = 0; i < o.warmup; ++i) {
        runR2c();
        runC2c();
    }
    std::vector<double> iterRatios;
    for (int i = 0; i < o.iters; ++i) {
        double t0 = bench::nowMs();
        runR2c();
        const double r2cMs = bench::nowMs() - t0;
        t0 = bench::nowMs();
        runC2c();
        const double c2cMs = bench::nowMs() - t0;
        r.r2cMs.push_back(r2cMs);
        r.c2cMs.push_back(c2cMs);
        iterRatios.push_back((r2cMs / static_cast<double>(r.r2cBatch)) / (c2cMs / static_cast<double>(r.c2cBatch)));
    }
    r.r2cMedianMs = bench::median(r.r2cMs);
    r.c2cMedianMs = bench::median(r.c2cMs);
    r.ratio = (r.r2cMedianMs / static_cast<double>(r.r2cBatch)) / (r.c2cMedianMs / static_cast<double>(r.c2cBatch));
    r.ratioIterMedian = bench::median(iterRatios);
    return r;
}

}  // namespace

int main(int argc, char** argv)
{
    Options o;
    const int rc = parseOptions(argc, argv, o);
    if (rc >= 0)
        return rc;

    const std::string library = bench::loadedLibraryPath();
    const std::string version = bench::clfftVersion();
    const char* precision = o.dbl ? "double" : "single";
    const std::string lengths = bench::joinLengths(o.lengths);

    Result r;
    std::string device;
    try {
        Resources res;
        res.open();
        device = res.deviceString(CL_DEVICE_NAME);
        std::printf("library:   %s (clFFT %s)\n", library.c_str(), version.c_str());
        std::printf("device:    %s\n", device.c_str());
        std::fflush(stdout);
        r = measure(o, res);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "real-ratio: error: %s [%s %s; library %s]\n", e.what(), precision, lengths.c_str(),
                     library.c_str());
        return 2;
    }

    const double tolerance = o.dbl ? 1e-10 : 1e-4;
    const bool ok = r.r2cErr <= tolerance && r.c2cErr <= tolerance;  // false for NaN
    const double r2cPer = r.r2cMedianMs / static_cast<double>(r.r2cBatch);
    const double c2cPer = r.c2cMedianMs / static_cast<double>(r.c2cBatch);
    std::printf("case:      %s, lengths %s, forward, out of place, %g MiB input per batch\n", precision,
                lengths.c_str(), o.mib);
    std::printf("check:     largest error of a few bins vs a direct DFT: R2C %.2e, C2C %.2e%s\n", r.r2cErr, r.c2cErr,
                ok ? "" : "   <-- WRONG RESULT (above tolerance)");
    std::printf("R2C:       batch %zu, median %.4f ms per batch, %.3f us per transform\n", r.r2cBatch, r.r2cMedianMs,
                1e3 * r2cPer);
    std::printf("C2C:       batch %zu, median %.4f ms per batch, %.3f us per transform\n", r.c2cBatch, r.c2cMedianMs,
                1e3 * c2cPer);
    std::printf("ratio:     R2C / C2C per transform %.3f (of the medians), %.3f (median of the %d per-iteration "
                "ratios; %d warm-up)\n",
                r.ratio, r.ratioIterMedian, o.iters, o.warmup);
    if (o.json) {
        std::string j = "{";
        j += "\"library\": " + jsonString(library);
        j += ", \"version\": " + jsonString(version);
        j += ", \"device\": " + jsonString(device);
        j += ", \"precision\": " + jsonString(precision);
        j += ", \"lengths\": " + jsonString(lengths);
        j += ", \"mib\": " + jsonNumber(o.mib);
        j += ", \"iters\": " + std::to_string(o.iters);
        j += ", \"warmup\": " + std::to_string(o.warmup);
        j += ", \"r2c_batch\": " + std::to_string(r.r2cBatch);
        j += ", \"c2c_batch\": " + std::to_string(r.c2cBatch);
        j += ", \"r2c_median_ms\": " + jsonNumber(r.r2cMedianMs);
        j += ", \"c2c_median_ms\": " + jsonNumber(r.c2cMedianMs);
        j += ", \"r2c_per_transform_ms\": " + jsonNumber(r2cPer);
        j += ", \"c2c_per_transform_ms\": " + jsonNumber(c2cPer);
        j += ", \"ratio\": " + jsonNumber(r.ratio);
        j += ", \"ratio_iter_median\": " + jsonNumber(r.ratioIterMedian);
        j += ", \"r2c_error\": " + jsonNumber(r.r2cErr);
        j += ", \"c2c_error\": " + jsonNumber(r.c2cErr);
        j += std::string(", \"ok\": ") + (ok ? "true" : "false");
        j += "}";
        std::printf("%s\n", j.c_str());
    }
    if (!ok)
        std::fprintf(stderr, "real-ratio: warning: result outside tolerance %.0e [%s %s; library %s]\n", tolerance,
                     precision, lengths.c_str(), library.c_str());
    return ok ? 0 : 1;
}
