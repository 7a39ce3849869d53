// clfft-bench: times complex FFT plans through the clFFT 2.x C interface only, so that the same
// binary measures whichever libclFFT.so.2 the dynamic loader picks (ours, or clFFT 2.12 from the
// system, chosen with LD_LIBRARY_PATH). It reports which library file was loaded and its version,
// the bake time, the median and minimum time of enqueue + clFinish, and GFLOP/s counted as
// 5 N log2(N) per transform. The first result is checked against FFTW so that a fast but wrong
// run does not go unnoticed.
//
// Exit status: 0 success, 1 result outside tolerance, 2 error (bad arguments, OpenCL or clFFT
// failure).

#include "bench_common.h"

#include <clFFT.h>
#include <fftw3.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

namespace {

// ---- Errors ------------------------------------------------------------------------------

// Messages name an OpenCL status CL_<name> and every clfftStatus CLFFT_<name>, as clFFT.h's enum
// does (CLFFT_INVALID_VALUE is CL_INVALID_VALUE).
void checkCl(cl_int err, const char* what)
{
    bench::checkStatus(err, what, "OpenCL status", "CL_");
}

void checkFft(clfftStatus st, const char* what)
{
    bench::checkStatus(static_cast<int>(st), what, "clfftStatus", "CLFFT_");
}

// ---- Options -----------------------------------------------------------------------------

struct Options : bench::CommonOptions {
    size_t batch = 0;                 // 0: derive from bytes
    size_t bytes = size_t(32) << 20;  // target input size when batch is not given
    bool inplace = false;
    bool planar = false;
    bool csv = false;
    std::string label;

    Options() : CommonOptions(50, 5) {}
};

// The usage text after the usage and --len lines that bench::printUsage starts it with.
void usageRest(FILE* f)
{
    std::fputs("  --batch B        number of transforms\n"
               "  --bytes S        choose the batch so that the input is about S bytes\n"
               "                   (suffixes K, M, G are binary; default 32M when --batch is not given)\n",
               f);
    std::fputs(bench::kDoubleHelp, f);
    std::fputs("  --inplace        in-place transform (default out-of-place)\n"
               "  --planar         complex planar layout (default interleaved)\n"
               "  --iters K        timed runs (default 50)\n"
               "  --warmup W       untimed runs before them (default 5)\n"
               "  --csv            print one CSV line:\n"
               "                   lib,case,precision,lengths,batch,median_ms,gflops,bake_ms,min_ms,rel_err,ok,libpath\n"
               "  --label NAME     value of the lib column (default: path of the loaded libclFFT)\n"
               "The library is whichever libclFFT.so.2 the loader finds; pick one with LD_LIBRARY_PATH.\n",
               f);
}

// A count of at least 1; with allowSuffix, K, M or G (binary) may follow it, then B or iB.
bool parseSize(const std::string& text, size_t& out, bool allowSuffix)
{
    unsigned long long v = 0;
    const char* end = nullptr;
    if (!bench::parseLeadingCount(text, v, end))
        return false;
    std::string suffix(end);
    unsigned shift = 0;
    if (allowSuffix && !suffix.empty()) {
        char c = static_cast<char>(std::toupper(static_cast<unsigned char>(suffix[0])));
        if (c == 'K')
            shift = 10;
        else if (c == 'M')
            shift = 20;
        else if (c == 'G')
            shift = 30;
        else
            return false;
        std::string rest = suffix.substr(1);
        if (!(rest.empty() || rest == "B" || rest == "iB" || rest == "IB" || rest == "ib" || rest == "b"))
            return false;
    } else if (!suffix.empty()) {
        return false;
    }
    if (v == 0 || v > (ULLONG_MAX >> shift))
        return false;
    out = static_cast<size_t>(v << shift);
    return true;
}

// Returns -1 to continue, else an exit code.
int parseOptions(int argc, char** argv, Options& o)
{
    const bench::CommandLine cmd{"error: ", usageRest, "", ""};
    bool haveBatch = false, haveBytes = false;
    const int rc = bench::parseCommandLine(argc, argv, cmd, o, [&](bench::Args& args) {
        const std::string& a = args.arg();
        std::string v;
        if (a == "--inplace") {
            o.inplace = true;
        } else if (a == "--planar") {
            o.planar = true;
        } else if (a == "--csv") {
            o.csv = true;
        } else if (a == "--batch") {
            if (args.value(v) && !parseSize(v, o.batch, false))
                args.bad(v);
            haveBatch = true;
        } else if (a == "--bytes") {
            if (args.value(v) && !parseSize(v, o.bytes, true))
                args.bad(v);
            haveBytes = true;
        } else if (a == "--label") {
            args.value(o.label);
        } else {
            return false;
        }
        return true;
    });
    if (rc >= 0)
        return rc;
    if (haveBatch && haveBytes) {
        std::fprintf(stderr, "error: give --batch or --bytes, not both\n");
        return 2;
    }
    if (!haveBatch)
        o.batch = 0;
    return -1;
}

// ---- Host data in the device format --------------------------------------------------------

// Packs complex values (double) into the bytes of one side of the transform: one buffer
// (interleaved) or two (planar re, im), in float or double.
std::vector<std::vector<unsigned char>> packData(const std::vector<double>& re, const std::vector<double>& im,
                                                 bool dbl, bool planar)
{
    const size_t n = re.size(), elt = dbl ? sizeof(double) : sizeof(float);
    std::vector<std::vector<unsigned char>> out(planar ? 2 : 1);
    for (auto& b : out)
        b.resize(n * elt * (planar ? 1 : 2));
    auto put = [dbl](std::vector<unsigned char>& b, size_t idx, double v) { bench::storeValue(b, idx, v, dbl); };
    for (size_t i = 0; i < n; ++i) {
        if (planar) {
            put(out[0], i, re[i]);
            put(out[1], i, im[i]);
        } else {
            put(out[0], 2 * i, re[i]);
            put(out[0], 2 * i + 1, im[i]);
        }
    }
    return out;
}

void unpackData(const std::vector<std::vector<unsigned char>>& in, bool dbl, bool planar, std::vector<double>& re,
                std::vector<double>& im)
{
    auto get = [dbl](const std::vector<unsigned char>& b, size_t idx) { return bench::loadValue(b, idx, dbl); };
    for (size_t i = 0; i < re.size(); ++i) {
        re[i] = planar ? get(in[0], i) : get(in[0], 2 * i);
        im[i] = planar ? get(in[1], i) : get(in[0], 2 * i + 1);
    }
}

// Relative L2 error of the device result against FFTW in double precision.
double referenceError(const Options& o, size_t batch, const std::vector<double>& inRe, const std::vector<double>& inIm,
                      const std::vector<double>& outRe, const std::vector<double>& outIm)
{
    const size_t per = bench::pointsPerTransform(o.lengths);
    const size_t total = per * batch;
    fftw_complex* a = static_cast<fftw_complex*>(fftw_malloc(total * sizeof(fftw_complex)));
    fftw_complex* b = static_cast<fftw_complex*>(fftw_malloc(total * sizeof(fftw_complex)));
    if (!a || !b) {
        fftw_free(a);
        fftw_free(b);
        throw bench::Error("out of host memory for the FFTW reference");
    }
    for (size_t i = 0; i < total; ++i) {
        a[i][0] = inRe[i];
        a[i][1] = inIm[i];
    }
    // FFTW wants the slowest-varying dimension first; clFFT lists the fastest first.
    int n[3];
    const int rank = static_cast<int>(o.lengths.size());
    for (int d = 0; d < rank; ++d)
        n[d] = static_cast<int>(o.lengths[o.lengths.size() - 1 - static_cast<size_t>(d)]);
    fftw_plan p = fftw_plan_many_dft(rank, n, static_cast<int>(batch), a, nullptr, 1, static_cast<int>(per), b, nullptr,
                                     1, static_cast<int>(per), FFTW_FORWARD, FFTW_ESTIMATE);
    if (!p) {
        fftw_free(a);
        fftw_free(b);
        throw bench::Error("FFTW could not plan the reference transform");
    }
    fftw_execute(p);
    fftw_destroy_plan(p);
    double diff2 = 0, ref2 = 0;
    for (size_t i = 0; i < total; ++i) {
        const double dr = outRe[i] - b[i][0], di = outIm[i] - b[i][1];
        diff2 += dr * dr + di * di;
        ref2 += b[i][0] * b[i][0] + b[i][1] * b[i][1];
    }
    fftw_free(a);
    fftw_free(b);
    return ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
}

struct Result {
    size_t batch = 0;
    double bakeMs = 0, medianMs = 0, minMs = 0, gflops = 0, relErr = 0;
    bool ok = false;
};

Result runBenchmark(const Options& o, bench::Cl& cl)
{
    Result r;
    const size_t per = bench::pointsPerTransform(o.lengths);
    const size_t elt = o.dbl ? sizeof(double) : sizeof(float);
    r.batch = o.batch ? o.batch : std::max<size_t>(1, o.bytes / (per * 2 * elt));
    if (r.batch > SIZE_MAX / per || per * r.batch > static_cast<size_t>(INT_MAX))
        throw bench::Error("problem too large");
    const size_t total = per * r.batch;

    // Plan.
    clfftSetupData setup;
    checkFft(clfftInitSetupData(&setup), "clfftInitSetupData");
    checkFft(clfftSetup(&setup), "clfftSetup");
    struct Teardown {
        clfftPlanHandle plan = 0;
        ~Teardown()
        {
            if (plan)
                clfftDestroyPlan(&plan);
            clfftTeardown();
        }
    } guard;
    const clfftDim dim = static_cast<clfftDim>(o.lengths.size());
    checkFft(clfftCreateDefaultPlan(&guard.plan, cl.context, dim, o.lengths.data()), "clfftCreateDefaultPlan");
    clfftPlanHandle plan = guard.plan;
    checkFft(clfftSetPlanPrecision(plan, o.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE), "clfftSetPlanPrecision");
    const clfftLayout layout = o.planar ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
    checkFft(clfftSetLayout(plan, layout, layout), "clfftSetLayout");
    checkFft(clfftSetResultLocation(plan, o.inplace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE), "clfftSetResultLocation");
    checkFft(clfftSetPlanBatchSize(plan, r.batch), "clfftSetPlanBatchSize");

    double t0 = bench::nowMs();
    checkFft(clfftBakePlan(plan, 1, &cl.queue, nullptr, nullptr), "clfftBakePlan");
    checkCl(clFinish(cl.queue), "clFinish");
    r.bakeMs = bench::nowMs() - t0;

    size_t tmpBytes = 0;
    checkFft(clfftGetTmpBufSize(plan, &tmpBytes), "clfftGetTmpBufSize");
    cl_mem tmp = tmpBytes ? cl.buffer(tmpBytes) : nullptr;

    // Data: a fixed pseudo-random sequence in [-1, 1).
    std::vector<double> inRe(total), inIm(total);
    bench::Random random{0x9E3779B97F4A7C15ull};
    auto next = [&random]() { return random.next(); };
    for (size_t i = 0; i < total; ++i) {
        // Round to the device precision so that the reference sees the same input.
        inRe[i] = o.dbl ? next() : static_cast<double>(static_cast<float>(next()));
        inIm[i] = o.dbl ? next() : static_cast<double>(static_cast<float>(next()));
    }
    auto host = packData(inRe, inIm, o.dbl, o.planar);
    const size_t bufBytes = host[0].size();
    cl_mem in[2] = {nullptr, nullptr}, out[2] = {nullptr, nullptr};
    for (size_t k = 0; k < host.size(); ++k) {
        in[k] = cl.buffer(bufBytes);
        checkCl(clEnqueueWriteBuffer(cl.queue, in[k], CL_TRUE, 0, bufBytes, host[k].data(), 0, nullptr, nullptr),
                "clEnqueueWriteBuffer");
        if (!o.inplace)
            out[k] = cl.buffer(bufBytes);
    }
    cl_mem* outArg = o.inplace ? nullptr : out;
    cl_mem* resultBufs = o.inplace ? in : out;

    // First run, checked against FFTW.
    checkFft(clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &cl.queue, 0, nullptr, nullptr, in, outArg, tmp),
             "clfftEnqueueTransform");
    for (size_t k = 0; k < host.size(); ++k)
        checkCl(clEnqueueReadBuffer(cl.queue, resultBufs[k], CL_TRUE, 0, bufBytes, host[k].data(), 0, nullptr, nullptr),
                "clEnqueueReadBuffer");
    {
        std::vector<double> outRe(total), outIm(total);
        unpackData(host, o.dbl, o.planar, outRe, outIm);
        host.clear();
        host.shrink_to_fit();
        r.relErr = referenceError(o, r.batch, inRe, inIm, outRe, outIm);
    }
    const double tolerance = o.dbl ? 1e-12 : 1e-5;
    r.ok = r.relErr <= tolerance;  // false for NaN

    // Timed runs. In place, the data would grow by sqrt(N) per forward transform, so the
    // directions alternate (the backward transform scales by 1/N and brings it back).
    std::vector<double> times;
    times.reserve(static_cast<size_t>(o.iters));
    for (int i = 0; i < o.warmup + o.iters; ++i) {
        const clfftDirection dir = (o.inplace && i % 2 == 0) ? CLFFT_BACKWARD : CLFFT_FORWARD;
        const double s = bench::nowMs();
        checkFft(clfftEnqueueTransform(plan, dir, 1, &cl.queue, 0, nullptr, nullptr, in, outArg, tmp),
                 "clfftEnqueueTransform");
        checkCl(clFinish(cl.queue), "clFinish");
        if (i >= o.warmup)
            times.push_back(bench::nowMs() - s);
    }
    r.medianMs = bench::median(times);
    r.minMs = *std::min_element(times.begin(), times.end());
    const double flops = 5.0 * static_cast<double>(per) * std::log2(static_cast<double>(per)) *
                         static_cast<double>(r.batch);
    r.gflops = r.medianMs > 0 ? flops / (r.medianMs * 1e6) : 0.0;
    return r;
}

}  // namespace

int main(int argc, char** argv)
{
    Options o;
    int rc = parseOptions(argc, argv, o);
    if (rc >= 0)
        return rc;

    const std::string libPath = bench::loadedLibraryPath();
    const std::string version = bench::clfftVersion();

    const std::string caseName = "c2c-" + std::to_string(o.lengths.size()) + "d-" +
                                 (o.inplace ? "inplace" : "outofplace") + "-" + (o.planar ? "planar" : "interleaved");
    const char* precision = o.dbl ? "double" : "single";
    const std::string lengths = bench::joinLengths(o.lengths);

    bench::Cl cl;
    Result r;
    try {
        cl.open();
        if (!o.csv) {
            std::printf("library:   %s (clFFT %s)\n", libPath.c_str(), version.c_str());
            std::printf("device:    %s, driver %s\n", cl.deviceString(CL_DEVICE_NAME).c_str(),
                        cl.deviceString(CL_DRIVER_VERSION).c_str());
            std::fflush(stdout);
        }
        r = runBenchmark(o, cl);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s [%s %s %s; library %s]\n", e.what(), caseName.c_str(), precision,
                     lengths.c_str(), libPath.c_str());
        return 2;
    }

    const size_t per = bench::pointsPerTransform(o.lengths);
    const double inMiB = static_cast<double>(per * r.batch * 2 * (o.dbl ? 8 : 4)) / (1024.0 * 1024.0);
    if (o.csv) {
        std::printf("%s,%s,%s,%s,%zu,%.4f,%.3f,%.1f,%.4f,%.3e,%d,%s\n", o.label.empty() ? libPath.c_str() : o.label.c_str(),
                    caseName.c_str(), precision, lengths.c_str(), r.batch, r.medianMs, r.gflops, r.bakeMs, r.minMs,
                    r.relErr, r.ok ? 1 : 0, libPath.c_str());
    } else {
        std::printf("case:      %s %s, lengths %s, batch %zu (%.1f MiB in)\n", caseName.c_str(), precision,
                    lengths.c_str(), r.batch, inMiB);
        std::printf("bake:      %.1f ms\n", r.bakeMs);
        std::printf("check:     relative L2 error vs FFTW %.3e%s\n", r.relErr,
                    r.ok ? "" : "   <-- WRONG RESULT (above tolerance)");
        std::printf("time:      median %.4f ms, min %.4f ms over %d runs (%d warm-up)%s\n", r.medianMs, r.minMs, o.iters,
                    o.warmup, o.inplace ? ", directions alternating" : "");
        std::printf("speed:     %.3f GFLOP/s (5 N log2 N per transform, median)\n", r.gflops);
    }
    if (!r.ok)
        std::fprintf(stderr, "warning: relative error %.3e above tolerance %s %s %s [library %s]\n", r.relErr,
                     caseName.c_str(), precision, lengths.c_str(), libPath.c_str());
    return r.ok ? 0 : 1;
}
