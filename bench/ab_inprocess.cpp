// clfft-ab: an A/B of an environment setting inside one process. The library reads its switches
// and CLFFT_NG_* settings at each bake, so one plan is baked per value of the variable; all of
// them then run on the same buffers, taking turns for K rounds (R timed runs each, the order
// rotated every round). Separate processes on the VMs here differ by up to 2x for one plan
// (bench/ab.sh needs many of them); within a process, the ratio of each round's medians holds
// still, and its median over the rounds is what this prints. Each value's output is compared
// with the first value's, so a faster but wrong variant shows. Its disk cache is
// $TMPDIR/clfft-ab-cache unless CLFFT_CACHE_PATH is set (no wisdom from measured bakes there).
//
//   clfft-ab VARIABLE "V1 V2 ..." [--rounds K] [--runs R] -x N [-y N] [-z N] [-b B] [--double]
//            [--inplace] [--r2c | --c2r]
//
// Exit status: 0 success, 1 outputs differ, 2 error.

#include "bench_common.h"

#include <clFFT.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

enum class Kind { C2C, R2C, C2R };

struct Options {
    std::string variable;
    std::vector<std::string> values;
    std::vector<size_t> lengths;
    size_t batch = 0;
    size_t rounds = 9, runs = 7;
    bool dbl = false, inplace = false;
    Kind kind = Kind::C2C;
};

[[noreturn]] void usage()
{
    std::fputs("usage: clfft-ab VARIABLE \"V1 V2 ...\" [--rounds K] [--runs R] -x N [-y N] [-z N] [-b B]\n"
               "                [--double] [--inplace] [--r2c | --c2r]\n"
               "  one plan baked per value of VARIABLE, run in turns on the same buffers; prints each\n"
               "  value's median GFLOP/s and the median over rounds of its time ratio to the first value\n",
               stderr);
    std::exit(2);
}

size_t count(const char* text)
{
    char* end = nullptr;
    const unsigned long long v = std::strtoull(text, &end, 10);
    if (!end || *end || v == 0)
        usage();
    return static_cast<size_t>(v);
}

Options parse(int argc, char** argv)
{
    if (argc < 3)
        usage();
    Options o;
    o.variable = argv[1];
    std::istringstream vs(argv[2]);
    for (std::string v; vs >> v;)
        o.values.push_back(v);
    size_t dims[3] = {0, 1, 1};
    for (int i = 3; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> const char* {
            if (i + 1 >= argc)
                usage();
            return argv[++i];
        };
        if (a == "-x")
            dims[0] = count(next());
        else if (a == "-y")
            dims[1] = count(next());
        else if (a == "-z")
            dims[2] = count(next());
        else if (a == "-b")
            o.batch = count(next());
        else if (a == "--rounds")
            o.rounds = count(next());
        else if (a == "--runs")
            o.runs = count(next());
        else if (a == "--double")
            o.dbl = true;
        else if (a == "--inplace")
            o.inplace = true;
        else if (a == "--r2c")
            o.kind = Kind::R2C;
        else if (a == "--c2r")
            o.kind = Kind::C2R;
        else
            usage();
    }
    if (o.values.empty() || dims[0] == 0)
        usage();
    o.lengths.push_back(dims[0]);
    if (dims[1] > 1 || dims[2] > 1)
        o.lengths.push_back(dims[1]);
    if (dims[2] > 1)
        o.lengths.push_back(dims[2]);
    return o;
}

struct Layout {
    size_t inElems = 0, outElems = 0;      // reals per transform on each side
    size_t inDistance = 0, outDistance = 0; // in the units clFFT counts (complex or real values)
    size_t inStrides[3] = {1, 1, 1}, outStrides[3] = {1, 1, 1};
};

// Packed rows; in place, the real side is padded to the complex side's row (clFFT's rule).
Layout layoutOf(const Options& o)
{
    Layout l;
    const size_t n0 = o.lengths[0], rest = bench::pointsPerTransform(o.lengths) / n0;
    const size_t half = n0 / 2 + 1;
    const size_t realRow = o.kind != Kind::C2C && o.inplace ? 2 * half : n0;
    size_t inRow = n0, outRow = n0; // in values of each side's kind
    if (o.kind == Kind::R2C) {
        inRow = realRow;
        outRow = half;
    } else if (o.kind == Kind::C2R) {
        inRow = half;
        outRow = realRow;
    }
    for (size_t d = 1; d < o.lengths.size(); ++d) {
        l.inStrides[d] = l.inStrides[d - 1] * (d == 1 ? inRow : o.lengths[d - 1]);
        l.outStrides[d] = l.outStrides[d - 1] * (d == 1 ? outRow : o.lengths[d - 1]);
    }
    l.inDistance = inRow * rest;
    l.outDistance = outRow * rest;
    l.inElems = l.inDistance * (o.kind == Kind::R2C ? 1 : 2);
    l.outElems = l.outDistance * (o.kind == Kind::C2R ? 1 : 2);
    return l;
}

clfftPlanHandle bake(bench::Cl& cl, const Options& o, const Layout& l)
{
    clfftPlanHandle plan = 0;
    const auto dim = static_cast<clfftDim>(o.lengths.size());
    bench::checkFft(clfftCreateDefaultPlan(&plan, cl.context, dim, o.lengths.data()), "clfftCreateDefaultPlan");
    bench::checkFft(clfftSetPlanPrecision(plan, o.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE), "clfftSetPlanPrecision");
    clfftLayout in = CLFFT_COMPLEX_INTERLEAVED, out = CLFFT_COMPLEX_INTERLEAVED;
    if (o.kind == Kind::R2C) {
        in = CLFFT_REAL;
        out = CLFFT_HERMITIAN_INTERLEAVED;
    } else if (o.kind == Kind::C2R) {
        in = CLFFT_HERMITIAN_INTERLEAVED;
        out = CLFFT_REAL;
    }
    bench::checkFft(clfftSetLayout(plan, in, out), "clfftSetLayout");
    bench::checkFft(clfftSetResultLocation(plan, o.inplace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE), "clfftSetResultLocation");
    bench::checkFft(clfftSetPlanBatchSize(plan, o.batch), "clfftSetPlanBatchSize");
    bench::checkFft(clfftSetPlanInStride(plan, dim, const_cast<size_t*>(l.inStrides)), "clfftSetPlanInStride");
    bench::checkFft(clfftSetPlanOutStride(plan, dim, const_cast<size_t*>(l.outStrides)), "clfftSetPlanOutStride");
    bench::checkFft(clfftSetPlanDistance(plan, l.inDistance, l.outDistance), "clfftSetPlanDistance");
    bench::checkFft(clfftBakePlan(plan, 1, &cl.queue, nullptr, nullptr), "clfftBakePlan");
    return plan;
}

} // namespace

int main(int argc, char** argv)
try {
    Options o = parse(argc, argv);
    const size_t points = bench::pointsPerTransform(o.lengths);
    const size_t realBytes = o.dbl ? 8 : 4;
    if (o.batch == 0) // about 32 MiB of complex input
        o.batch = std::max<size_t>(1, (size_t(32) << 20) / (points * 2 * realBytes));
    const Layout l = layoutOf(o);
    const size_t inBytes = l.inElems * o.batch * realBytes, outBytes = l.outElems * o.batch * realBytes;

    // A cache of its own: a wisdom record in the user's cache names one plan for every value of
    // the variable (a bake takes wisdom at any rigor), which would make any A/B read even.
    if (!std::getenv("CLFFT_CACHE_PATH")) {
        const char* tmp = std::getenv("TMPDIR");
        const std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/clfft-ab-cache";
        setenv("CLFFT_CACHE_PATH", dir.c_str(), 1);
    }
    bench::checkFft([] {
        clfftSetupData setup;
        clfftInitSetupData(&setup);
        return clfftSetup(&setup);
    }(), "clfftSetup");
    bench::Cl cl;
    cl.open();
    cl_mem in = cl.buffer(std::max(inBytes, o.inplace ? outBytes : 0));
    cl_mem out = o.inplace ? nullptr : cl.buffer(outBytes);

    // Input: random values; a C2R row gets real values at 0 and N/2, which plans could otherwise
    // read differently (1D rows only: 2D/3D C2R input is not made Hermitian across the other
    // dimensions, so variants may then differ in their outputs without being wrong).
    std::vector<unsigned char> host(std::max(inBytes, o.inplace ? outBytes : 0));
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-1, 1);
    for (size_t i = 0; i < host.size() / realBytes; ++i)
        bench::storeValue(host, i, u(rng), o.dbl);
    if (o.kind == Kind::C2R) {
        const size_t n0 = o.lengths[0], rows = l.inDistance * o.batch / (n0 / 2 + 1);
        for (size_t r = 0; r < rows; ++r) {
            const size_t base = 2 * r * (n0 / 2 + 1);
            bench::storeValue(host, base + 1, 0, o.dbl);
            if (n0 % 2 == 0)
                bench::storeValue(host, base + 2 * (n0 / 2) + 1, 0, o.dbl);
        }
    }
    auto upload = [&] {
        bench::checkCl(clEnqueueWriteBuffer(cl.queue, in, CL_TRUE, 0, host.size(), host.data(), 0, nullptr, nullptr),
                       "clEnqueueWriteBuffer");
    };
    upload();

    std::vector<clfftPlanHandle> plans;
    for (const std::string& v : o.values) {
        setenv(o.variable.c_str(), v.c_str(), 1);
        plans.push_back(bake(cl, o, l));
    }
    unsetenv(o.variable.c_str());

    auto run = [&](clfftPlanHandle p) {
        cl_mem outs[1] = {out};
        bench::checkFft(clfftEnqueueTransform(p, o.kind == Kind::C2R ? CLFFT_BACKWARD : CLFFT_FORWARD, 1, &cl.queue, 0,
                                              nullptr, nullptr, &in, o.inplace ? nullptr : outs, nullptr),
                        "clfftEnqueueTransform");
        bench::checkCl(clFinish(cl.queue), "clFinish");
    };

    // Outputs against the first value's (and a first run of every plan, outside the timing).
    int status = 0;
    std::vector<unsigned char> first(outBytes), other(outBytes);
    for (size_t k = 0; k < plans.size(); ++k) {
        upload();
        run(plans[k]);
        std::vector<unsigned char>& dst = k == 0 ? first : other;
        bench::checkCl(clEnqueueReadBuffer(cl.queue, o.inplace ? in : out, CL_TRUE, 0, outBytes, dst.data(), 0, nullptr,
                                           nullptr),
                       "clEnqueueReadBuffer");
        if (k == 0)
            continue;
        double diff = 0, norm = 0;
        for (size_t i = 0; i < outBytes / realBytes; ++i) {
            const double a = bench::loadValue(first, i, o.dbl), b = bench::loadValue(other, i, o.dbl);
            diff += (a - b) * (a - b);
            norm += a * a;
        }
        const double rel = std::sqrt(diff / std::max(norm, 1e-300));
        if (!(rel < (o.dbl ? 1e-12 : 1e-5))) {
            std::fprintf(stderr, "%s=%s: output differs from %s=%s (relative L2 %.3g)\n", o.variable.c_str(),
                         o.values[k].c_str(), o.variable.c_str(), o.values[0].c_str(), rel);
            status = 1;
        }
    }
    if (o.inplace)
        upload();

    // Rounds: every plan R runs, in an order rotated each round; ratios to value 0 per round.
    std::vector<std::vector<double>> medians(plans.size()), ratios(plans.size());
    std::vector<double> t(o.runs);
    for (size_t r = 0; r < o.rounds; ++r) {
        std::vector<double> roundMedian(plans.size());
        for (size_t j = 0; j < plans.size(); ++j) {
            const size_t k = (j + r) % plans.size();
            run(plans[k]); // warm-up after the other plan
            for (size_t i = 0; i < o.runs; ++i) {
                const double t0 = bench::nowMs();
                run(plans[k]);
                t[i] = bench::nowMs() - t0;
            }
            roundMedian[k] = bench::median(t);
            medians[k].push_back(roundMedian[k]);
        }
        for (size_t k = 0; k < plans.size(); ++k)
            ratios[k].push_back(roundMedian[0] / roundMedian[k]);
    }

    double flops = 5.0 * static_cast<double>(points) * std::log2(static_cast<double>(points)) * static_cast<double>(o.batch);
    if (o.kind != Kind::C2C)
        flops /= 2;
    std::printf("%s, batch %zu, %zu rounds of %zu runs:", bench::joinLengths(o.lengths).c_str(), o.batch, o.rounds, o.runs);
    for (size_t k = 0; k < plans.size(); ++k) {
        const double ms = bench::median(medians[k]);
        std::vector<double> sorted = ratios[k];
        std::sort(sorted.begin(), sorted.end());
        std::printf("  %s=%s %.2f GFLOP/s", o.variable.c_str(), o.values[k].c_str(), flops / ms / 1e6);
        if (k > 0)
            std::printf(" x%.3f [%.3f-%.3f]", bench::median(ratios[k]), sorted.front(), sorted.back());
    }
    std::printf("\n");
    for (clfftPlanHandle& p : plans)
        clfftDestroyPlan(&p);
    clfftTeardown();
    return status;
} catch (const std::exception& e) {
    std::fprintf(stderr, "clfft-ab: %s\n", e.what());
    return 2;
}
