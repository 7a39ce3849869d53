// r2r-bench: real-to-real transforms (clfftNgSetPlanR2R) against our R2C plan of the same shape,
// FFTW's r2r plans and VkFFT's DCTs, in one process on the default OpenCL device (issue 58).
//
// Each case is timed in alternating rounds: a round runs every library once, starting with a
// different one each round, and a run is the median of K transforms after W warm-up ones (device
// libraries: enqueue + clFinish; FFTW: the wall clock of fftw_execute). A library's time is the
// median of its rounds. The machine is shared and PoCL's speed drifts from minute to minute, so
// the rounds interleave the libraries rather than timing each one in a block.
//
//   ours      the r2r plan, out of place, packed rows of reals
//   ours R2C  the R2C plan of the same lengths, batch and precision, out of place: r2r / r2c is
//             the goal (<= 1.2); for the kinds computed through a C2R (HC2R, DCT-III,
//             DST-III) the C2R plan of the same shape instead (column "ours C2R" in the JSON
//             note), its input the R2C's output. DCT-I and DST-I run an FFT of 2(n-1) or
//             2(n+1) points, not n: their ratio is to the R2C of n all the same.
//   FFTW      fftw(f)_plan_many_r2r, FFTW_MEASURE, T threads (default 2), out of place
//   VkFFT     its OpenCL backend on our context and queue, out of place; DCT-I to IV only (the
//             VkFFT Debian ships has no DST, DHT or halfcomplex transform); n/a with the reason
//
// The first result of ours and of VkFFT is checked against FFTW in double precision (relative L2
// error over the whole batch); VkFFT's forward DCTs use FFTW's scale, so no factor is applied.
// A result of ours above the tolerance is marked WRONG and makes the exit status 1.
//
//   r2r-bench [--case N] [--quick] [--rounds R] [--iters K] [--warmup W] [--threads T]
//             [--json FILE] [--list]
//
// Run it as docs/performance.md ("Real-to-real transforms") does:
//   POCL_AFFINITY=1 nice build/bench/r2r-bench --json build/r2r-bench.json
// Exit status: 0 success, 1 a result of ours outside tolerance, 2 error.

#include "bench_common.h"
#include "json_text.h"
#include "vkfft_r2r.h"

#include <clFFT-ng.h>
#include <clFFT.h>
#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace {

using bench::checkCl;
using bench::checkFft;

// ---- Cases -------------------------------------------------------------------------------

struct Case {
    const char* name;
    std::vector<size_t> lengths;  // clFFT order: lengths[0] varies fastest
    clfftNgR2RKind kind;          // along every dimension
    size_t batch;
    bool dbl;
    bool quick;  // part of --quick
};

// Issue 58's goals, then DHT and R2HC for reference.
const std::vector<Case>& cases()
{
    static const std::vector<Case> list = {
        {"DCT-II 512x512", {512, 512}, CLFFT_NG_REDFT10, 16, false, true},
        {"DCT-II 512x512 double", {512, 512}, CLFFT_NG_REDFT10, 16, true, false},
        {"DCT-II 4096", {4096}, CLFFT_NG_REDFT10, 512, false, true},
        {"DCT-II 4096 double", {4096}, CLFFT_NG_REDFT10, 512, true, false},
        {"DCT-III 4096", {4096}, CLFFT_NG_REDFT01, 512, false, false},
        {"DCT-IV 1024", {1024}, CLFFT_NG_REDFT11, 1024, false, true},
        {"DST-I 128^3", {128, 128, 128}, CLFFT_NG_RODFT00, 1, false, false},
        {"DCT-I (REDFT00) 1025", {1025}, CLFFT_NG_REDFT00, 256, false, false},
        {"DHT 4096", {4096}, CLFFT_NG_DHT, 512, false, false},
        {"R2HC 4096", {4096}, CLFFT_NG_R2HC, 512, false, false},
    };
    return list;
}

// ---- Options -----------------------------------------------------------------------------

struct Options {
    int rounds = 7, iters = 5, warmup = 1, threads = 2;
    int only = 0;  // 1-based case number, 0: all
    bool quick = false, list = false;
    std::string json;
};

void usage(FILE* f, const char* argv0)
{
    std::fprintf(f,
                 "usage: %s [options]\n"
                 "  --case N       run case N only (1-based, see --list)\n"
                 "  --quick        the cases marked quick, 3 rounds of 3 transforms\n"
                 "  --rounds R     alternating rounds per case (default 7)\n"
                 "  --iters K      timed transforms per run, their median is the run's time (default 5)\n"
                 "  --warmup W     untimed transforms before each run (default 1)\n"
                 "  --threads T    FFTW's threads (default 2)\n"
                 "  --json FILE    also write the numbers to FILE\n"
                 "  --list         list the cases and exit\n",
                 argv0);
}

// Returns -1 to continue, else an exit code.
int parseOptions(int argc, char** argv, Options& o)
{
    bench::Args args(argc, argv, "r2r-bench: ");
    bool rounds = false, iters = false;
    while (args.next()) {
        const std::string& a = args.arg();
        std::string v;
        if (a == "-h" || a == "--help") {
            usage(stdout, argv[0]);
            return 0;
        } else if (a == "--quick") {
            o.quick = true;
        } else if (a == "--list") {
            o.list = true;
        } else if (a == "--case") {
            if (args.value(v) && (!bench::parseInt(v, o.only, 1) || o.only > static_cast<int>(cases().size())))
                args.bad(v, " (want a case number, see --list)");
        } else if (a == "--rounds") {
            rounds = true;
            if (args.value(v) && !bench::parseInt(v, o.rounds, 1))
                args.bad(v, " (want a count >= 1)");
        } else if (a == "--iters") {
            iters = true;
            if (args.value(v) && !bench::parseInt(v, o.iters, 1))
                args.bad(v, " (want a count >= 1)");
        } else if (a == "--warmup") {
            if (args.value(v) && !bench::parseInt(v, o.warmup, 0))
                args.bad(v, " (want a count >= 0)");
        } else if (a == "--threads") {
            if (args.value(v) && !bench::parseInt(v, o.threads, 1))
                args.bad(v, " (want a count >= 1)");
        } else if (a == "--json") {
            if (args.value(v))
                o.json = v;
        } else {
            std::fprintf(stderr, "r2r-bench: unknown argument '%s'\n", a.c_str());
            usage(stderr, argv[0]);
            return 2;
        }
        if (args.failed())
            return 2;
    }
    // --quick lowers the defaults only, so that --quick --rounds 5 means what it says.
    if (o.quick && !rounds)
        o.rounds = 3;
    if (o.quick && !iters)
        o.iters = 3;
    return -1;
}

// ---- FFTW --------------------------------------------------------------------------------

// FFTW's kinds share our numbering (clFFT-ng.h), so a kind converts as its value.
template <class R>
struct Fftw;

template <>
struct Fftw<double> {
    using Plan = fftw_plan;
    static double* alloc(size_t n) { return static_cast<double*>(fftw_malloc(n * sizeof(double))); }
    static void release(void* p) { fftw_free(p); }
    static void threads(int t) { fftw_plan_with_nthreads(t); }
    static Plan plan(int rank, const int* n, int howmany, double* in, double* out, int dist,
                     const fftw_r2r_kind* kinds, unsigned flags)
    {
        return fftw_plan_many_r2r(rank, n, howmany, in, nullptr, 1, dist, out, nullptr, 1, dist, kinds, flags);
    }
    static void execute(Plan p) { fftw_execute(p); }
    static void destroy(Plan p) { fftw_destroy_plan(p); }
};

template <>
struct Fftw<float> {
    using Plan = fftwf_plan;
    static float* alloc(size_t n) { return static_cast<float*>(fftwf_malloc(n * sizeof(float))); }
    static void release(void* p) { fftwf_free(p); }
    static void threads(int t) { fftwf_plan_with_nthreads(t); }
    static Plan plan(int rank, const int* n, int howmany, float* in, float* out, int dist,
                     const fftw_r2r_kind* kinds, unsigned flags)
    {
        return fftwf_plan_many_r2r(rank, n, howmany, in, nullptr, 1, dist, out, nullptr, 1, dist, kinds, flags);
    }
    static void execute(Plan p) { fftwf_execute(p); }
    static void destroy(Plan p) { fftwf_destroy_plan(p); }
};

// One FFTW r2r plan of a case with its own arrays, freed with it.
class FftwRun {
public:
    virtual ~FftwRun() = default;
    virtual void execute() = 0;
    // Copies `values` (the case's input, as doubles) into the input array.
    virtual void fill(const std::vector<double>& values) = 0;
    // The output array, as doubles.
    virtual std::vector<double> result() const = 0;
};

template <class R>
class FftwRunOf final : public FftwRun {
public:
    using F = Fftw<R>;

    // Plans before the caller fills the input: FFTW_MEASURE writes over both arrays.
    FftwRunOf(const Case& c, size_t total, unsigned flags, int threads) : total_(total)
    {
        in_ = F::alloc(total);
        out_ = F::alloc(total);
        if (!in_ || !out_)
            throw bench::Error("FFTW: out of memory");
        const int rank = static_cast<int>(c.lengths.size());
        int n[3];
        std::vector<fftw_r2r_kind> kinds(static_cast<size_t>(rank));  // one enum type for both precisions
        size_t per = 1;
        for (int d = 0; d < rank; ++d) {
            n[d] = static_cast<int>(c.lengths[static_cast<size_t>(rank - 1 - d)]);  // FFTW: slowest first
            kinds[static_cast<size_t>(d)] = static_cast<fftw_r2r_kind>(c.kind);
            per *= c.lengths[static_cast<size_t>(d)];
        }
        F::threads(threads);
        plan_ = F::plan(rank, n, static_cast<int>(c.batch), in_, out_, static_cast<int>(per), kinds.data(), flags);
        if (!plan_)
            throw bench::Error("FFTW could not plan the transform");
    }

    ~FftwRunOf() override
    {
        if (plan_)
            F::destroy(plan_);
        F::release(in_);
        F::release(out_);
    }

    FftwRunOf(const FftwRunOf&) = delete;
    FftwRunOf& operator=(const FftwRunOf&) = delete;

    void execute() override { F::execute(plan_); }

    void fill(const std::vector<double>& values) override
    {
        for (size_t i = 0; i < total_; ++i)
            in_[i] = static_cast<R>(values[i]);
    }

    std::vector<double> result() const override { return std::vector<double>(out_, out_ + total_); }

private:
    size_t total_;
    R* in_ = nullptr;
    R* out_ = nullptr;
    typename F::Plan plan_ = nullptr;
};

std::unique_ptr<FftwRun> makeFftw(const Case& c, bool dbl, size_t total, unsigned flags, int threads)
{
    if (dbl)
        return std::make_unique<FftwRunOf<double>>(c, total, flags, threads);
    return std::make_unique<FftwRunOf<float>>(c, total, flags, threads);
}

// ---- Device side -------------------------------------------------------------------------

// A case's buffers and plans, released when the case is done (the context stays for the next).
struct CaseResources {
    std::vector<cl_mem> mems;
    clfftPlanHandle r2r = 0, r2c = 0;
    bool haveR2r = false, haveR2c = false;
    std::unique_ptr<bench::VkfftR2r> vkfft;
    cl_command_queue queue = nullptr;

    CaseResources() = default;
    CaseResources(const CaseResources&) = delete;
    CaseResources& operator=(const CaseResources&) = delete;

    ~CaseResources()
    {
        if (queue)
            clFinish(queue);
        vkfft.reset();
        if (haveR2r)
            clfftDestroyPlan(&r2r);
        if (haveR2c)
            clfftDestroyPlan(&r2c);
        for (cl_mem m : mems)
            clReleaseMemObject(m);
    }

    cl_mem buffer(cl_context context, size_t bytes)
    {
        cl_int err = CL_SUCCESS;
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &err);
        checkCl(err, "clCreateBuffer");
        mems.push_back(m);
        return m;
    }
};

// The r2r plan: the brief's sequence of calls (clfftNgSetPlanR2R sets real layouts in and out and
// leaves the strides packed).
clfftPlanHandle makeR2r(bench::Cl& cl, CaseResources& res, const Case& c)
{
    clfftPlanHandle plan = 0;
    std::vector<size_t> lengths = c.lengths;
    checkFft(clfftCreateDefaultPlan(&plan, cl.context, static_cast<clfftDim>(lengths.size()), lengths.data()),
             "r2r clfftCreateDefaultPlan");
    res.r2r = plan;
    res.haveR2r = true;
    checkFft(clfftSetPlanPrecision(plan, c.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE), "r2r clfftSetPlanPrecision");
    checkFft(clfftSetResultLocation(plan, CLFFT_OUTOFPLACE), "r2r clfftSetResultLocation");
    checkFft(clfftSetPlanBatchSize(plan, c.batch), "r2r clfftSetPlanBatchSize");
    std::vector<clfftNgR2RKind> kinds(lengths.size(), c.kind);
    checkFft(clfftNgSetPlanR2R(plan, kinds.size(), kinds.data()), "clfftNgSetPlanR2R");
    checkFft(clfftBakePlan(plan, 1, &cl.queue, nullptr, nullptr), "r2r clfftBakePlan");
    return plan;
}

// The kinds whose FFT is a C2R (the inverse ones).
bool inverseKind(clfftNgR2RKind k) { return k == CLFFT_NG_HC2R || k == CLFFT_NG_REDFT01 || k == CLFFT_NG_RODFT01; }

// The R2C plan of the same shape, out of place, rows of n/2+1 hermitian values out (c2r: the
// C2R plan, hermitian rows in, real rows out).
clfftPlanHandle makeR2c(bench::Cl& cl, CaseResources& res, const Case& c, bool c2r = false)
{
    clfftPlanHandle plan = 0;
    std::vector<size_t> lengths = c.lengths;
    const clfftDim dim = static_cast<clfftDim>(lengths.size());
    checkFft(clfftCreateDefaultPlan(&plan, cl.context, dim, lengths.data()), "R2C clfftCreateDefaultPlan");
    res.r2c = plan;
    res.haveR2c = true;
    checkFft(clfftSetPlanPrecision(plan, c.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE), "R2C clfftSetPlanPrecision");
    checkFft(c2r ? clfftSetLayout(plan, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL)
                 : clfftSetLayout(plan, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED),
             "R2C clfftSetLayout");
    checkFft(clfftSetResultLocation(plan, CLFFT_OUTOFPLACE), "R2C clfftSetResultLocation");
    std::vector<size_t> inStride(lengths.size()), outStride(lengths.size());
    size_t inDist = 1, outDist = 1;
    for (size_t d = 0; d < lengths.size(); ++d) {
        inStride[d] = inDist;
        outStride[d] = outDist;
        inDist *= lengths[d];
        outDist *= d == 0 ? lengths[0] / 2 + 1 : lengths[d];
    }
    if (c2r) {
        std::swap(inStride, outStride);
        std::swap(inDist, outDist);
    }
    checkFft(clfftSetPlanInStride(plan, dim, inStride.data()), "R2C clfftSetPlanInStride");
    checkFft(clfftSetPlanOutStride(plan, dim, outStride.data()), "R2C clfftSetPlanOutStride");
    checkFft(clfftSetPlanDistance(plan, inDist, outDist), "R2C clfftSetPlanDistance");
    checkFft(clfftSetPlanBatchSize(plan, c.batch), "R2C clfftSetPlanBatchSize");
    checkFft(clfftBakePlan(plan, 1, &cl.queue, nullptr, nullptr), "R2C clfftBakePlan");
    return plan;
}

// ---- Checks ------------------------------------------------------------------------------

// ||scale * got - ref|| / ||ref|| over the whole batch; NaN stays NaN.
double relativeL2(const std::vector<double>& got, const std::vector<double>& ref, double scale)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
        const double e = scale * got[i] - ref[i];
        num += e * e;
        den += ref[i] * ref[i];
    }
    return std::sqrt(num / (den > 0 ? den : 1.0));
}

std::vector<double> readReals(cl_command_queue queue, cl_mem m, size_t n, bool dbl)
{
    std::vector<unsigned char> bytes(n * (dbl ? sizeof(double) : sizeof(float)));
    checkCl(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, bytes.size(), bytes.data(), 0, nullptr, nullptr),
            "clEnqueueReadBuffer");
    std::vector<double> out(n);
    for (size_t i = 0; i < n; ++i)
        out[i] = bench::loadValue(bytes, i, dbl);
    return out;
}

// ---- One case ----------------------------------------------------------------------------

// One timed library of a case. run: one transform, complete when it returns.
struct Lib {
    const char* name;
    std::function<void()> run;
    std::string why;  // empty: available
    std::vector<double> roundMs;
    double ms = NAN;
};

struct Row {
    const Case* c = nullptr;
    double oursMs = NAN, r2cMs = NAN, fftwMs = NAN, vkfftMs = NAN;
    double oursErr = NAN, vkfftErr = NAN;
    bool oursOk = false;
    std::string error;      // the case failed as a whole
    std::string vkfftWhy;   // why VkFFT's column is empty
    std::string r2cWhy;     // why the R2C column is empty
    std::vector<double> oursRounds, r2cRounds, fftwRounds, vkfftRounds;
};

double tolerance(bool dbl)
{
    return dbl ? 1e-10 : 1e-4;
}

Row runCase(bench::Cl& cl, const Case& c, const Options& o)
{
    Row row;
    row.c = &c;
    CaseResources res;
    res.queue = cl.queue;
    const size_t per = bench::pointsPerTransform(c.lengths);
    const size_t total = per * c.batch;
    const size_t elt = c.dbl ? sizeof(double) : sizeof(float);
    const size_t halfPer = per / c.lengths[0] * (c.lengths[0] / 2 + 1);

    // FFTW first: its measured planning overwrites its arrays, and takes a while.
    std::unique_ptr<FftwRun> fftw = makeFftw(c, c.dbl, total, FFTW_MEASURE, o.threads);
    // The reference: FFTW in double precision on the same values, planned without measuring.
    std::unique_ptr<FftwRun> ref = makeFftw(c, true, total, FFTW_ESTIMATE, 1);

    // The input, rounded to the case's precision once so that every library sees the same values.
    std::vector<unsigned char> host(total * elt);
    bench::Random random{0x9E3779B97F4A7C15ull};
    for (size_t i = 0; i < total; ++i)
        bench::storeValue(host, i, random.next(), c.dbl);
    std::vector<double> values(total);
    for (size_t i = 0; i < total; ++i)
        values[i] = bench::loadValue(host, i, c.dbl);
    fftw->fill(values);
    ref->fill(values);
    ref->execute();
    const std::vector<double> want = ref->result();
    ref.reset();

    cl_mem in = res.buffer(cl.context, total * elt);
    cl_mem out = res.buffer(cl.context, total * elt);
    cl_mem r2cOut = res.buffer(cl.context, 2 * halfPer * c.batch * elt);
    cl_mem c2rOut = res.buffer(cl.context, total * elt); // the C2R's real rows (inverse kinds)
    cl_mem vkIn = res.buffer(cl.context, total * elt);
    cl_mem vkOut = res.buffer(cl.context, total * elt);
    for (cl_mem m : {in, vkIn})
        checkCl(clEnqueueWriteBuffer(cl.queue, m, CL_TRUE, 0, host.size(), host.data(), 0, nullptr, nullptr),
                "clEnqueueWriteBuffer");

    clfftPlanHandle r2r = makeR2r(cl, res, c);
    size_t tmpBytes = 0;
    checkFft(clfftGetTmpBufSize(r2r, &tmpBytes), "r2r clfftGetTmpBufSize");
    cl_mem r2rTmp = tmpBytes ? res.buffer(cl.context, tmpBytes) : nullptr;

    std::vector<Lib> libs;
    libs.push_back({"ours", [&]() {
                        checkFft(clfftEnqueueTransform(r2r, CLFFT_FORWARD, 1, &cl.queue, 0, nullptr, nullptr, &in,
                                                       &out, r2rTmp),
                                 "r2r clfftEnqueueTransform");
                        checkCl(clFinish(cl.queue), "clFinish");
                    },
                    "", {}, NAN});

    // R2C: a failure to plan it leaves its column empty rather than losing the case.
    clfftPlanHandle r2c = 0;
    cl_mem r2cTmp = nullptr;
    std::string r2cWhy;
    const bool c2r = inverseKind(c.kind);
    try {
        r2c = makeR2c(cl, res, c);
        checkFft(clfftGetTmpBufSize(r2c, &tmpBytes), "R2C clfftGetTmpBufSize");
        r2cTmp = tmpBytes ? res.buffer(cl.context, tmpBytes) : nullptr;
        if (c2r) { // the C2R reads a true spectrum (the R2C's), then writes the real rows
            checkFft(clfftEnqueueTransform(r2c, CLFFT_FORWARD, 1, &cl.queue, 0, nullptr, nullptr, &in, &r2cOut, r2cTmp),
                     "R2C clfftEnqueueTransform");
            checkCl(clFinish(cl.queue), "clFinish");
            clfftDestroyPlan(&res.r2c);
            res.haveR2c = false;
            r2c = makeR2c(cl, res, c, true);
            checkFft(clfftGetTmpBufSize(r2c, &tmpBytes), "C2R clfftGetTmpBufSize");
            r2cTmp = tmpBytes ? res.buffer(cl.context, tmpBytes) : nullptr;
        }
    } catch (const bench::Error& e) {
        r2cWhy = e.what();
    }
    libs.push_back({"ours R2C", [&]() {
                        checkFft(c2r ? clfftEnqueueTransform(r2c, CLFFT_BACKWARD, 1, &cl.queue, 0, nullptr, nullptr,
                                                             &r2cOut, &c2rOut, r2cTmp)
                                     : clfftEnqueueTransform(r2c, CLFFT_FORWARD, 1, &cl.queue, 0, nullptr, nullptr, &in,
                                                             &r2cOut, r2cTmp),
                                 "R2C clfftEnqueueTransform");
                        checkCl(clFinish(cl.queue), "clFinish");
                    },
                    r2cWhy, {}, NAN});
    libs.push_back({"FFTW", [&]() { fftw->execute(); }, "", {}, NAN});

    std::string vkWhy;
    res.vkfft = bench::makeVkfftR2r(cl.device, cl.context, cl.queue, c.lengths, c.batch, c.dbl, c.kind, vkIn, vkOut,
                                    total * elt, vkWhy);
    libs.push_back({"VkFFT", [&]() {
                        std::string why;
                        if (!res.vkfft->enqueue(why))
                            throw bench::Error(why);
                        checkCl(clFinish(cl.queue), "clFinish");
                    },
                    res.vkfft ? "" : vkWhy, {}, NAN});

    // The first transform of each library: checked (ours, VkFFT), and the first launch's costs
    // (PoCL's kernel set-up) kept out of the rounds.
    libs[0].run();
    const std::vector<double> got = readReals(cl.queue, out, total, c.dbl);
    row.oursErr = relativeL2(got, want, 1.0);
    row.oursOk = row.oursErr <= tolerance(c.dbl);  // false for NaN
    for (size_t i = 1; i < libs.size(); ++i)
        if (libs[i].why.empty())
            libs[i].run();
    if (res.vkfft) {
        const std::vector<double> vk = readReals(cl.queue, vkOut, total, c.dbl);
        // VkFFT's DCT-I to IV are FFTW's REDFT00/10/01/11 with FFTW's scale (unnormalised, the
        // factors of 2 included): compared as they come, 1D and 2D agree to rounding.
        row.vkfftErr = relativeL2(vk, want, 1.0);
    }

    for (int r = 0; r < o.rounds; ++r) {
        for (size_t k = 0; k < libs.size(); ++k) {
            Lib& lib = libs[(static_cast<size_t>(r) + k) % libs.size()];
            if (!lib.why.empty())
                continue;
            for (int w = 0; w < o.warmup; ++w)
                lib.run();
            std::vector<double> times;
            for (int i = 0; i < o.iters; ++i) {
                const double t0 = bench::nowMs();
                lib.run();
                times.push_back(bench::nowMs() - t0);
            }
            lib.roundMs.push_back(bench::median(times));
        }
    }
    for (Lib& lib : libs)
        if (!lib.roundMs.empty())
            lib.ms = bench::median(lib.roundMs);

    row.oursMs = libs[0].ms;
    row.r2cMs = libs[1].ms;
    row.fftwMs = libs[2].ms;
    row.vkfftMs = libs[3].ms;
    row.oursRounds = libs[0].roundMs;
    row.r2cRounds = libs[1].roundMs;
    row.fftwRounds = libs[2].roundMs;
    row.vkfftRounds = libs[3].roundMs;
    row.r2cWhy = libs[1].why;
    row.vkfftWhy = libs[3].why;
    return row;
}

// ---- Output ------------------------------------------------------------------------------

std::string fmt(const char* f, double v)
{
    if (!std::isfinite(v))
        return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

void printRow(const Row& r)
{
    const Case& c = *r.c;
    std::string label = std::string(c.name) + ", batch " + std::to_string(c.batch);
    if (!r.error.empty()) {
        std::printf("| %s | error: %s | | | | | | | |\n", label.c_str(), r.error.c_str());
        return;
    }
    const std::string vkMs = r.vkfftWhy.empty() ? fmt("%.3f", r.vkfftMs) : "n/a (" + r.vkfftWhy + ")";
    const std::string vkErr = r.vkfftWhy.empty() ? fmt("%.1e", r.vkfftErr) : "n/a";
    const std::string r2cMs = r.r2cWhy.empty() ? fmt("%.3f", r.r2cMs) : "n/a (" + r.r2cWhy + ")";
    const std::string oursErr = fmt("%.1e", r.oursErr) + (r.oursOk ? "" : " WRONG");
    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s / %s |\n", label.c_str(), fmt("%.3f", r.oursMs).c_str(),
                r2cMs.c_str(), fmt("%.2f", r.oursMs / r.r2cMs).c_str(), fmt("%.3f", r.fftwMs).c_str(),
                fmt("%.2f", r.fftwMs / r.oursMs).c_str(), vkMs.c_str(), fmt("%.2f", r.vkfftMs / r.oursMs).c_str(),
                oursErr.c_str(), vkErr.c_str());
}

std::string jsonArray(const std::vector<double>& v)
{
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + jsonNumber(v[i]);
    return s + "]";
}

std::string jsonRow(const Row& r)
{
    const Case& c = *r.c;
    std::string j = "{\"case\": " + jsonString(c.name);
    j += ", \"lengths\": " + jsonString(bench::joinLengths(c.lengths));
    j += ", \"kind\": " + std::to_string(static_cast<int>(c.kind));
    j += ", \"batch\": " + std::to_string(c.batch);
    j += std::string(", \"precision\": ") + (c.dbl ? "\"double\"" : "\"single\"");
    if (!r.error.empty())
        return j + ", \"error\": " + jsonString(r.error) + "}";
    j += ", \"ours_ms\": " + jsonNumber(r.oursMs);
    j += ", \"r2c_ms\": " + jsonNumber(r.r2cMs);
    j += ", \"r2r_over_r2c\": " + jsonNumber(r.oursMs / r.r2cMs);
    j += ", \"fftw_ms\": " + jsonNumber(r.fftwMs);
    j += ", \"fftw_over_ours\": " + jsonNumber(r.fftwMs / r.oursMs);
    j += ", \"vkfft_ms\": " + jsonNumber(r.vkfftMs);
    j += ", \"vkfft_over_ours\": " + jsonNumber(r.vkfftMs / r.oursMs);
    j += ", \"ours_error\": " + jsonNumber(r.oursErr);
    j += std::string(", \"ours_ok\": ") + (r.oursOk ? "true" : "false");
    j += ", \"vkfft_error\": " + jsonNumber(r.vkfftErr);
    j += ", \"r2c_note\": " + jsonString(r.r2cWhy);
    j += ", \"vkfft_note\": " + jsonString(r.vkfftWhy);
    j += ", \"ours_rounds_ms\": " + jsonArray(r.oursRounds);
    j += ", \"r2c_rounds_ms\": " + jsonArray(r.r2cRounds);
    j += ", \"fftw_rounds_ms\": " + jsonArray(r.fftwRounds);
    j += ", \"vkfft_rounds_ms\": " + jsonArray(r.vkfftRounds);
    return j + "}";
}

}  // namespace

int main(int argc, char** argv)
{
    Options o;
    const int rc = parseOptions(argc, argv, o);
    if (rc >= 0)
        return rc;
    if (o.list) {
        for (size_t i = 0; i < cases().size(); ++i) {
            const Case& c = cases()[i];
            std::printf("%2zu  %s, batch %zu%s\n", i + 1, c.name, c.batch, c.quick ? "  (quick)" : "");
        }
        return 0;
    }

    std::vector<Row> rows;
    std::string device, library = bench::loadedLibraryPath(), version = bench::clfftVersion();
    const std::string vkVersion = bench::vkfftVersion();
    bool allOk = true;
    try {
        bench::Cl cl;
        cl.open();
        device = cl.deviceString(CL_DEVICE_NAME);
        clfftSetupData setup;
        checkFft(clfftInitSetupData(&setup), "clfftInitSetupData");
        checkFft(clfftSetup(&setup), "clfftSetup");
        if (!fftw_init_threads() || !fftwf_init_threads())
            throw bench::Error("fftw_init_threads failed");
        std::printf("library: %s (clFFT %s)\ndevice:  %s\nFFTW:    %s, %d threads, FFTW_MEASURE\nVkFFT:   %s\n",
                    library.c_str(), version.c_str(), device.c_str(), fftw_version, o.threads,
                    vkVersion.empty() ? "n/a (VkFFT not found)" : vkVersion.c_str());
        std::printf("timing:  %d alternating rounds, each run the median of %d transforms after %d warm-up; "
                    "ms per batch\n\n",
                    o.rounds, o.iters, o.warmup);
        std::printf("| case | ours ms | ours R2C ms | r2r/r2c | FFTW ms | ours vs FFTW | VkFFT ms | ours vs VkFFT | "
                    "rel. L2 error ours / VkFFT |\n");
        std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        std::fflush(stdout);
        for (size_t i = 0; i < cases().size(); ++i) {
            const Case& c = cases()[i];
            if (o.only ? static_cast<int>(i) + 1 != o.only : (o.quick && !c.quick))
                continue;
            Row row;
            try {
                row = runCase(cl, c, o);
            } catch (const bench::Error& e) {
                row = Row{};
                row.c = &c;
                row.error = e.what();
            }
            allOk = allOk && row.error.empty() && row.oursOk;
            printRow(row);
            std::fflush(stdout);
            rows.push_back(row);
        }
        clfftTeardown();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "r2r-bench: error: %s\n", e.what());
        return 2;
    }
    std::printf("\nours vs FFTW, ours vs VkFFT: their time / ours (above 1 we are faster); errors: relative L2 "
                "against FFTW in double precision\n");

    if (!o.json.empty()) {
        std::string j = "{\"library\": " + jsonString(library);
        j += ", \"version\": " + jsonString(version);
        j += ", \"device\": " + jsonString(device);
        j += ", \"fftw\": " + jsonString(fftw_version);
        j += ", \"fftw_threads\": " + std::to_string(o.threads);
        j += ", \"vkfft\": " + jsonString(vkVersion);
        j += ", \"rounds\": " + std::to_string(o.rounds);
        j += ", \"iters\": " + std::to_string(o.iters);
        j += ", \"warmup\": " + std::to_string(o.warmup);
        j += ", \"cases\": [";
        for (size_t i = 0; i < rows.size(); ++i)
            j += (i ? ", " : "") + jsonRow(rows[i]);
        j += "]}\n";
        FILE* f = std::fopen(o.json.c_str(), "w");
        if (!f || std::fputs(j.c_str(), f) < 0 || std::fclose(f) != 0) {
            std::fprintf(stderr, "r2r-bench: cannot write %s\n", o.json.c_str());
            return 2;
        }
    }
    return allOk ? 0 : 1;
}
