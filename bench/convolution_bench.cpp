// convolution-bench: a convolution plan (clfftNgSetPlanConvolution, issue 60) against the same
// convolution done by hand through the public API: a forward plan, a multiply kernel of the
// bench's own, an inverse plan (the "unfused sequence" of issue 60's speed goals).
//
// Each case is timed in alternating rounds (ours first in even rounds, the sequence first in odd
// ones); a run is the median of K convolutions after W warm-up ones, each enqueued and waited
// for with clFinish; a side's time is the median of its rounds. The ratio is sequence / ours
// (above 1: the convolution plan is faster). The first results of both are compared (relative L2
// distance), so that the two compute the same thing. The linear cases give ours the zero-input and
// skipped-output ranges of the lower half of every dimension (the sequence runs on the same data,
// zeros in the padding) and compare the kept outputs only.
//
//   convolution-bench [--quick] [--rounds R] [--iters K] [--warmup W]
//
// Run as docs/performance.md ("Convolution") does:
//   POCL_AFFINITY=1 nice build/bench/convolution-bench
// Exit status: 0 success, 1 the two results differ, 2 error.

#include "bench_common.h"
#include "vkfft_convolution.h"

#include <clFFT-ng.h>
#include <clFFT.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace {

using bench::checkCl;
using bench::checkFft;

struct Case {
    const char* name;
    std::vector<size_t> lengths; // clFFT order
    bool real;
    size_t batch, inC, outC;
    bool quick; // in --quick's list
    // Linear convolution: the input is zero and the output not needed outside the lower half of
    // every dimension; ours says so (clfftNgSetPlanZeroInput/SkipOutput), the sequence cannot.
    bool linear = false;
};

const std::vector<Case> kCases = {
    {"real 2D 1024x1024", {1024, 1024}, true, 1, 1, 1, true},
    {"real 2D 512x512 batch 4", {512, 512}, true, 4, 1, 1, false},
    {"real 2D 512x512 channels 3->2", {512, 512}, true, 1, 3, 2, false},
    {"real 3D 64^3", {64, 64, 64}, true, 1, 1, 1, true},
    {"real 3D 128^3", {128, 128, 128}, true, 1, 1, 1, false},
    {"c2c 3D 64^3 channels 2->2", {64, 64, 64}, false, 1, 2, 2, false},
    // issue 60's (b) and (c)
    {"(b) real 3D 256^3 linear, 128^3", {256, 256, 256}, true, 1, 1, 1, false, true},
    {"(c) real 2D 2048x2048 batch 4", {2048, 2048}, true, 4, 1, 1, false},
};

// Whether buffer element i (packed transforms of `lengths`) lies in the lower half of every
// dimension: the region a linear case computes.
bool inLowerHalf(const std::vector<size_t>& lengths, size_t i)
{
    for (size_t n : lengths) {
        if (i % n >= n / 2)
            return false;
        i /= n;
    }
    return true;
}

// The bench's own multiply: one work-item per frequency point and output channel.
const char* const kMultiplySource = R"CL(
__kernel void multiply(__global const float2* a, __global const float2* s, __global float2* b,
                       uint points, uint inC, uint outC)
{
    const uint p = get_global_id(0), row = get_global_id(1);
    if (p >= points)
        return;
    const uint entry = row / outC, k = row % outC;
    float2 acc = (float2)(0.0f, 0.0f);
    for (uint j = 0; j < inC; ++j) {
        const float2 x = a[(entry * inC + j) * points + p];
        const float2 f = s[(k * inC + j) * points + p];
        acc += (float2)(f.x * x.x - f.y * x.y, f.x * x.y + f.y * x.x);
    }
    b[row * points + p] = acc;
}
)CL";

clfftPlanHandle makePlan(bench::Cl& cl, const Case& c, clfftLayout in, clfftLayout out, size_t batch)
{
    clfftPlanHandle h = 0;
    checkFft(clfftCreateDefaultPlan(&h, cl.context, static_cast<clfftDim>(c.lengths.size()), c.lengths.data()),
             "clfftCreateDefaultPlan");
    checkFft(clfftSetLayout(h, in, out), "clfftSetLayout");
    checkFft(clfftSetResultLocation(h, CLFFT_OUTOFPLACE), "clfftSetResultLocation");
    checkFft(clfftSetPlanBatchSize(h, batch), "clfftSetPlanBatchSize");
    return h;
}

// Packed strides and distance of one side: n0 elements along dimension 0.
void setSide(clfftPlanHandle h, const Case& c, size_t n0, bool input, size_t* dist)
{
    size_t st[3] = {1, n0, n0 * (c.lengths.size() > 1 ? c.lengths[1] : 1)};
    *dist = st[c.lengths.size() - 1] * c.lengths.back();
    if (c.lengths.size() == 1)
        *dist = n0;
    const clfftDim dim = static_cast<clfftDim>(c.lengths.size());
    checkFft(input ? clfftSetPlanInStride(h, dim, st) : clfftSetPlanOutStride(h, dim, st), "stride");
}

double timeRun(bench::Cl& cl, int iters, int warmup, const std::function<void()>& once)
{
    std::vector<double> t;
    for (int i = 0; i < warmup + iters; ++i) {
        const double s = bench::nowMs();
        once();
        checkCl(clFinish(cl.queue), "clFinish");
        if (i >= warmup)
            t.push_back(bench::nowMs() - s);
    }
    return bench::median(t);
}

int runCase(bench::Cl& cl, cl_kernel mul, const Case& c, int rounds, int iters, int warmup)
{
    const size_t N = bench::pointsPerTransform(c.lengths);
    const size_t n0 = c.real ? c.lengths[0] / 2 + 1 : c.lengths[0];
    const size_t M = N / c.lengths[0] * n0;
    const size_t inT = c.batch * c.inC, outT = c.batch * c.outC;
    const size_t valBytes = c.real ? 4 : 8;
    cl_mem in = cl.buffer(inT * N * valBytes), outOurs = cl.buffer(outT * N * valBytes),
           outSeq = cl.buffer(outT * N * valBytes);
    cl_mem spectrum = cl.buffer(c.inC * c.outC * M * 8), a = cl.buffer(inT * M * 8), b = cl.buffer(outT * M * 8);
    {
        bench::Random rng{0x2545F4914F6CDD1Dull};
        std::vector<float> host(inT * N * valBytes / 4), spec(c.inC * c.outC * M * 2);
        for (size_t i = 0; i < host.size(); ++i) // a linear case's padding holds zeros for the sequence
            host[i] = c.linear && !inLowerHalf(c.lengths, i / (valBytes / 4) % N) ? 0.0f : static_cast<float>(rng.next());
        for (float& v : spec)
            v = static_cast<float>(rng.next());
        checkCl(clEnqueueWriteBuffer(cl.queue, in, CL_TRUE, 0, host.size() * 4, host.data(), 0, nullptr, nullptr),
                "write");
        checkCl(clEnqueueWriteBuffer(cl.queue, spectrum, CL_TRUE, 0, spec.size() * 4, spec.data(), 0, nullptr, nullptr),
                "write");
    }
    // A real filter where VkFFT runs too (real, one channel, one transform): the spectrum is its
    // R2C transform, as VkFFT's kernel application makes its own from the same filter.
    std::vector<float> filter;
    if (c.real && c.inC == 1 && c.outC == 1 && c.batch == 1) {
        bench::Random rng{0x9E3779B97F4A7C15ull};
        filter.resize(N);
        for (float& v : filter)
            v = static_cast<float>(rng.next());
        cl_mem h = cl.buffer(N * 4);
        checkCl(clEnqueueWriteBuffer(cl.queue, h, CL_TRUE, 0, N * 4, filter.data(), 0, nullptr, nullptr), "write");
        clfftPlanHandle r2c = makePlan(cl, c, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED, 1);
        size_t di = 0, dd = 0;
        setSide(r2c, c, c.lengths[0], true, &di);
        setSide(r2c, c, n0, false, &dd);
        checkFft(clfftSetPlanDistance(r2c, di, dd), "clfftSetPlanDistance");
        checkFft(clfftBakePlan(r2c, 1, &cl.queue, nullptr, nullptr), "clfftBakePlan");
        checkFft(clfftEnqueueTransform(r2c, CLFFT_FORWARD, 1, &cl.queue, 0, nullptr, nullptr, &h, &spectrum, nullptr),
                 "enqueue");
        checkCl(clFinish(cl.queue), "clFinish");
        clfftDestroyPlan(&r2c);
        clReleaseMemObject(h);
        cl.mems.erase(std::find(cl.mems.begin(), cl.mems.end(), h));
    }
    const clfftLayout timeLayout = c.real ? CLFFT_REAL : CLFFT_COMPLEX_INTERLEAVED;
    const clfftLayout freqLayout = c.real ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_COMPLEX_INTERLEAVED;
    size_t dIn = 0, dOut = 0;
    // Ours: one plan.
    clfftPlanHandle conv = makePlan(cl, c, timeLayout, freqLayout, c.batch);
    setSide(conv, c, c.lengths[0], true, &dIn);
    setSide(conv, c, c.lengths[0], false, &dOut);
    checkFft(clfftSetPlanDistance(conv, dIn, dOut), "clfftSetPlanDistance");
    checkFft(clfftNgSetPlanConvolution(conv, CLFFT_NG_CONVOLVE, spectrum, static_cast<cl_uint>(c.inC),
                                       static_cast<cl_uint>(c.outC)),
             "clfftNgSetPlanConvolution");
    for (size_t d = 0; c.linear && d < c.lengths.size(); ++d) {
        checkFft(clfftNgSetPlanZeroInput(conv, d, c.lengths[d] / 2, c.lengths[d]), "clfftNgSetPlanZeroInput");
        checkFft(clfftNgSetPlanSkipOutput(conv, d, c.lengths[d] / 2, c.lengths[d]), "clfftNgSetPlanSkipOutput");
    }
    checkFft(clfftBakePlan(conv, 1, &cl.queue, nullptr, nullptr), "clfftBakePlan");
    // The sequence: forward plan, the bench's multiply, inverse plan.
    clfftPlanHandle fwd = makePlan(cl, c, timeLayout, freqLayout, inT);
    setSide(fwd, c, c.lengths[0], true, &dIn);
    setSide(fwd, c, n0, false, &dOut);
    checkFft(clfftSetPlanDistance(fwd, dIn, dOut), "clfftSetPlanDistance");
    checkFft(clfftBakePlan(fwd, 1, &cl.queue, nullptr, nullptr), "clfftBakePlan");
    clfftPlanHandle inv = makePlan(cl, c, freqLayout, timeLayout, outT);
    setSide(inv, c, n0, true, &dIn);
    setSide(inv, c, c.lengths[0], false, &dOut);
    checkFft(clfftSetPlanDistance(inv, dIn, dOut), "clfftSetPlanDistance");
    checkFft(clfftBakePlan(inv, 1, &cl.queue, nullptr, nullptr), "clfftBakePlan");

    const cl_uint points = static_cast<cl_uint>(M), ic = static_cast<cl_uint>(c.inC), oc = static_cast<cl_uint>(c.outC);
    checkCl(clSetKernelArg(mul, 0, sizeof a, &a), "arg");
    checkCl(clSetKernelArg(mul, 1, sizeof spectrum, &spectrum), "arg");
    checkCl(clSetKernelArg(mul, 2, sizeof b, &b), "arg");
    checkCl(clSetKernelArg(mul, 3, sizeof points, &points), "arg");
    checkCl(clSetKernelArg(mul, 4, sizeof ic, &ic), "arg");
    checkCl(clSetKernelArg(mul, 5, sizeof oc, &oc), "arg");
    const size_t local[2] = {64, 1}, global[2] = {(M + 63) / 64 * 64, outT};

    auto ours = [&]() {
        checkFft(clfftEnqueueTransform(conv, CLFFT_FORWARD, 1, &cl.queue, 0, nullptr, nullptr, &in, &outOurs, nullptr),
                 "enqueue");
    };
    auto sequence = [&]() {
        checkFft(clfftEnqueueTransform(fwd, CLFFT_FORWARD, 1, &cl.queue, 0, nullptr, nullptr, &in, &a, nullptr),
                 "enqueue");
        checkCl(clEnqueueNDRangeKernel(cl.queue, mul, 2, nullptr, global, local, 0, nullptr, nullptr), "multiply");
        checkFft(clfftEnqueueTransform(inv, CLFFT_BACKWARD, 1, &cl.queue, 0, nullptr, nullptr, &b, &outSeq, nullptr),
                 "enqueue");
    };
    ours();
    sequence();
    checkCl(clFinish(cl.queue), "clFinish");
    std::vector<float> x(outT * N * valBytes / 4), y(x.size());
    checkCl(clEnqueueReadBuffer(cl.queue, outOurs, CL_TRUE, 0, x.size() * 4, x.data(), 0, nullptr, nullptr), "read");
    checkCl(clEnqueueReadBuffer(cl.queue, outSeq, CL_TRUE, 0, y.size() * 4, y.data(), 0, nullptr, nullptr), "read");
    double d2 = 0, r2 = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        if (c.linear && !inLowerHalf(c.lengths, i / (valBytes / 4) % N))
            continue;
        d2 += (static_cast<double>(x[i]) - y[i]) * (static_cast<double>(x[i]) - y[i]);
        r2 += static_cast<double>(y[i]) * y[i];
    }
    const double diff = std::sqrt(d2 / std::max(r2, 1e-300));

    // VkFFT's convolution mode (real data, one channel, one transform): our result compared with
    // its result on the outputs both keep.
    std::unique_ptr<bench::VkfftConvolution> vk;
    std::string vkWhy = "real, one channel, batch 1 only";
    double vkDiff = 0;
    if (c.real && c.inC == 1 && c.outC == 1 && c.batch == 1) {
        vk = bench::makeVkfftConvolution(cl.device, cl.context, cl.queue, c.lengths, c.linear, filter, in,
                                         N * valBytes, vkWhy);
        std::string why;
        if (vk && (!vk->enqueue(why) || clFinish(cl.queue) != CL_SUCCESS)) {
            vkWhy = why;
            vk.reset();
        }
        if (vk) {
            std::vector<float> z;
            if (!vk->result(z, why))
                throw bench::Error(why);
            double e2 = 0, o2 = 0;
            for (size_t i = 0; i < z.size(); ++i) {
                if (c.linear && !inLowerHalf(c.lengths, i % N))
                    continue;
                e2 += (static_cast<double>(z[i]) - x[i]) * (static_cast<double>(z[i]) - x[i]);
                o2 += static_cast<double>(x[i]) * x[i];
            }
            vkDiff = std::sqrt(e2 / std::max(o2, 1e-300));
        }
    }
    auto vkfft = [&]() {
        std::string why;
        if (!vk->enqueue(why))
            throw bench::Error(why);
    };

    // each round runs the sides in a rotated order
    std::vector<std::function<void()>> sides = {ours, sequence};
    if (vk)
        sides.push_back(vkfft);
    std::vector<std::vector<double>> t(sides.size());
    for (int r = 0; r < rounds; ++r)
        for (size_t k = 0; k < sides.size(); ++k) {
            const size_t s = (k + static_cast<size_t>(r)) % sides.size();
            t[s].push_back(timeRun(cl, iters, warmup, sides[s]));
        }
    const double mo = bench::median(t[0]), ms = bench::median(t[1]);
    if (vk)
        std::printf("| %-34s | %9.2f | %9.2f | %5.2f | %.1e | %9.2f | %5.2f | %.1e |\n", c.name, mo, ms, ms / mo, diff,
                    bench::median(t[2]), bench::median(t[2]) / mo, vkDiff);
    else
        std::printf("| %-34s | %9.2f | %9.2f | %5.2f | %.1e | n/a: %s | | |\n", c.name, mo, ms, ms / mo, diff,
                    vkWhy.c_str());
    std::fflush(stdout);
    clfftDestroyPlan(&conv);
    clfftDestroyPlan(&fwd);
    clfftDestroyPlan(&inv);
    vk.reset();
    for (cl_mem m : {in, outOurs, outSeq, spectrum, a, b}) {
        clReleaseMemObject(m);
        cl.mems.erase(std::find(cl.mems.begin(), cl.mems.end(), m));
    }
    return diff < 1e-5 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    try {
        bool quick = false;
        int rounds = 5, iters = 5, warmup = 2;
        for (int i = 1; i < argc; ++i) {
            const std::string a = argv[i];
            auto value = [&]() {
                if (i + 1 >= argc)
                    throw bench::Error(a + " needs a value");
                return std::atoi(argv[++i]);
            };
            if (a == "--quick")
                quick = true;
            else if (a == "--rounds")
                rounds = std::max(1, value());
            else if (a == "--iters")
                iters = std::max(1, value());
            else if (a == "--warmup")
                warmup = std::max(0, value());
            else
                throw bench::Error("unknown option " + a + " (--quick, --rounds R, --iters K, --warmup W)");
        }
        bench::Cl cl;
        cl.open();
        clfftSetupData setup;
        checkFft(clfftInitSetupData(&setup), "clfftInitSetupData");
        checkFft(clfftSetup(&setup), "clfftSetup");
        cl_int err = CL_SUCCESS;
        const char* source = kMultiplySource;
        cl_program program = clCreateProgramWithSource(cl.context, 1, &source, nullptr, &err);
        checkCl(err, "clCreateProgramWithSource");
        checkCl(clBuildProgram(program, 1, &cl.device, "-cl-std=CL1.2", nullptr, nullptr), "clBuildProgram");
        cl_kernel mul = clCreateKernel(program, "multiply", &err);
        checkCl(err, "clCreateKernel");
        std::printf("device: %s, driver %s; single precision, out of place; median of %d rounds of %d runs\n\n",
                    cl.deviceString(CL_DEVICE_NAME).c_str(), cl.deviceString(CL_DRIVER_VERSION).c_str(), rounds, iters);
        std::printf("| %-34s | %9s | %9s | %5s | %7s | %9s | %5s | %7s |\n|---|---:|---:|---:|---:|---:|---:|---:|\n",
                    "case", "ours ms", "seq. ms", "ratio", "diff", "VkFFT ms", "ratio", "diff");
        int status = 0;
        for (const Case& c : kCases)
            if (!quick || c.quick)
                status |= runCase(cl, mul, c, rounds, iters, warmup);
        clReleaseKernel(mul);
        clReleaseProgram(program);
        clfftTeardown();
        return status;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "convolution-bench: %s\n", e.what());
        return 2;
    }
}
