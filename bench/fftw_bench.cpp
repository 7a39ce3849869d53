// fftw-bench: times FFTW on the same cases as clfft-client --profile, for run_bench.py.
// Out-of-place, forward; c2c (complex interleaved) or r2c; FFTW_MEASURE (or --estimate) with
// T threads (default 2). Plans first (timed: plan_ms), then fills the input, runs W warm-up
// transforms and reports the median of K timed ones, with GFLOP/s (5 N log2 N per complex
// transform, 2.5 N log2 N per real one) and GB/s (input and output bytes, once each), as one
// JSON object.
//   fftw-bench --len N[xM[xK]] [--batch B] [--real] [--double] [--threads T] [--iters K]
//              [--warmup W] [--estimate]
// Lengths are given fastest-varying first, as clFFT and clfft-client take them.

#include <fftw3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Options {
    std::vector<int> len;
    int batch = 1, threads = 2, iters = 20, warmup = 3;
    bool real = false, dbl = false, estimate = false;
};

double nowMs()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The two FFTW precisions behind one interface.
struct Double {
    using R = double;
    using C = fftw_complex;
    using Plan = fftw_plan;
    static void* alloc(size_t b) { return fftw_malloc(b); }
    static void release(void* p) { fftw_free(p); }
    static void threads(int t) { fftw_init_threads(); fftw_plan_with_nthreads(t); }
    static Plan c2c(int r, const int* n, int h, C* in, C* out, int di, int dout, unsigned f)
    {
        return fftw_plan_many_dft(r, n, h, in, nullptr, 1, di, out, nullptr, 1, dout, FFTW_FORWARD, f);
    }
    static Plan r2c(int r, const int* n, int h, R* in, C* out, int di, int dout, unsigned f)
    {
        return fftw_plan_many_dft_r2c(r, n, h, in, nullptr, 1, di, out, nullptr, 1, dout, f);
    }
    static void execute(Plan p) { fftw_execute(p); }
    static void destroy(Plan p) { fftw_destroy_plan(p); }
};

struct Single {
    using R = float;
    using C = fftwf_complex;
    using Plan = fftwf_plan;
    static void* alloc(size_t b) { return fftwf_malloc(b); }
    static void release(void* p) { fftwf_free(p); }
    static void threads(int t) { fftwf_init_threads(); fftwf_plan_with_nthreads(t); }
    static Plan c2c(int r, const int* n, int h, C* in, C* out, int di, int dout, unsigned f)
    {
        return fftwf_plan_many_dft(r, n, h, in, nullptr, 1, di, out, nullptr, 1, dout, FFTW_FORWARD, f);
    }
    static Plan r2c(int r, const int* n, int h, R* in, C* out, int di, int dout, unsigned f)
    {
        return fftwf_plan_many_dft_r2c(r, n, h, in, nullptr, 1, di, out, nullptr, 1, dout, f);
    }
    static void execute(Plan p) { fftwf_execute(p); }
    static void destroy(Plan p) { fftwf_destroy_plan(p); }
};

template <typename P>
int run(const Options& o)
{
    using R = typename P::R;
    const int rank = static_cast<int>(o.len.size());
    int n[3];
    for (int d = 0; d < rank; ++d)
        n[d] = o.len[static_cast<size_t>(rank - 1 - d)];  // FFTW: slowest dimension first
    size_t full = 1;
    for (int l : o.len)
        full *= static_cast<size_t>(l);
    const size_t half = full / static_cast<size_t>(o.len[0]) * static_cast<size_t>(o.len[0] / 2 + 1);
    const size_t inReals = (o.real ? full : 2 * full) * static_cast<size_t>(o.batch);
    const size_t outReals = 2 * (o.real ? half : full) * static_cast<size_t>(o.batch);
    R* in = static_cast<R*>(P::alloc(inReals * sizeof(R)));
    R* out = static_cast<R*>(P::alloc(outReals * sizeof(R)));
    if (!in || !out) {
        std::fprintf(stderr, "fftw-bench: out of memory\n");
        return 4;
    }
    P::threads(o.threads);
    const unsigned flags = o.estimate ? FFTW_ESTIMATE : FFTW_MEASURE;
    const double t0 = nowMs();
    typename P::Plan plan =
        o.real ? P::r2c(rank, n, o.batch, in, reinterpret_cast<typename P::C*>(out), static_cast<int>(full),
                        static_cast<int>(half), flags)
               : P::c2c(rank, n, o.batch, reinterpret_cast<typename P::C*>(in), reinterpret_cast<typename P::C*>(out),
                        static_cast<int>(full), static_cast<int>(full), flags);
    const double planMs = nowMs() - t0;
    if (!plan) {
        std::fprintf(stderr, "fftw-bench: FFTW could not plan the transform\n");
        return 3;
    }
    unsigned s = 12345u;
    for (size_t i = 0; i < inReals; ++i) {  // after planning: FFTW_MEASURE overwrites the arrays
        s = s * 1103515245u + 12345u;
        in[i] = static_cast<R>(static_cast<double>((s >> 8) & 0xffff) / 32768.0 - 1.0);
    }
    std::vector<double> times;
    for (int i = 0; i < o.warmup + o.iters; ++i) {
        const double a = nowMs();
        P::execute(plan);
        if (i >= o.warmup)
            times.push_back(nowMs() - a);
    }
    P::destroy(plan);
    P::release(in);
    P::release(out);
    std::sort(times.begin(), times.end());
    const size_t m = times.size();
    const double med = (m % 2) ? times[m / 2] : 0.5 * (times[m / 2 - 1] + times[m / 2]);
    const double flops =
        (o.real ? 2.5 : 5.0) * static_cast<double>(full) * std::log2(static_cast<double>(full)) * o.batch;
    const double bytes = static_cast<double>(inReals + outReals) * sizeof(R);
    std::printf("{\"lib\": \"fftw\", \"version\": \"%s\", \"threads\": %d, \"flags\": \"%s\", \"plan_ms\": %.3f, "
                "\"median_ms\": %.5f, \"min_ms\": %.5f, \"max_ms\": %.5f, \"runs\": %d, \"gflops\": %.4f, "
                "\"gbps\": %.4f, \"ok\": true}\n",
                fftw_version, o.threads, o.estimate ? "FFTW_ESTIMATE" : "FFTW_MEASURE", planMs, med, times.front(),
                times.back(), o.iters, med > 0 ? flops / (med * 1e6) : 0.0, med > 0 ? bytes / (med * 1e6) : 0.0);
    return 0;
}

bool positive(const char* text, int& out)
{
    char* end = nullptr;
    const long v = std::strtol(text, &end, 10);
    if (end == text || *end != '\0' || v <= 0 || v > (1L << 30))
        return false;
    out = static_cast<int>(v);
    return true;
}

}  // namespace

int main(int argc, char** argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
        bool ok = true;
        if (a == "--real")
            o.real = true;
        else if (a == "--double")
            o.dbl = true;
        else if (a == "--estimate")
            o.estimate = true;
        else if (a == "--len" && v) {
            std::string t = argv[++i];
            size_t pos = 0;
            while (ok) {
                const size_t x = t.find('x', pos);
                int l = 0;
                ok = positive(t.substr(pos, x == std::string::npos ? std::string::npos : x - pos).c_str(), l);
                o.len.push_back(l);
                if (x == std::string::npos)
                    break;
                pos = x + 1;
            }
            ok = ok && o.len.size() <= 3;
        } else if (a == "--batch" && v)
            ok = positive(argv[++i], o.batch);
        else if (a == "--threads" && v)
            ok = positive(argv[++i], o.threads);
        else if (a == "--iters" && v)
            ok = positive(argv[++i], o.iters);
        else if (a == "--warmup" && v)
            ok = positive(argv[++i], o.warmup) || std::strcmp(argv[i], "0") == 0;
        else
            ok = false;
        if (!ok) {
            std::fprintf(stderr, "fftw-bench: bad argument '%s'\nusage: fftw-bench --len N[xM[xK]] [--batch B] "
                                 "[--real] [--double] [--threads T] [--iters K] [--warmup W] [--estimate]\n",
                         a.c_str());
            return 2;
        }
    }
    if (o.len.empty()) {
        std::fprintf(stderr, "fftw-bench: --len is required\n");
        return 2;
    }
    return o.dbl ? run<Double>(o) : run<Single>(o);
}
