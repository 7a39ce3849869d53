// Tests of pre- and post-callbacks (clfftSetPlanCallback) through the public clFFT API.
//
// Reference: FFTW (tests/support/fftw_reference.h) of the pre-processed input, post-processed on
// the host: a pre-callback that multiplies input point `off` by a userdata table w[off] is
// checked against FFT(w .* x); a post-callback that stores y*c + g(off) is checked against
// FFTW's y times c plus g(off), computed on the host. Single precision is compared with FFTW
// in double, double with FFTW in long double; relative L2 error bounds 1e-6 / 1e-14.
//
// Coverage (suite / what):
//  cb_prototypes   every prototype of docs/callbacks.md: pre and post x C2C / R2C / C2R x
//                  interleaved / planar x single / double x with / without local memory (each
//                  plan has both callbacks, one of them using a __local buffer: every work-item
//                  writes its own slot and reads it back, race-free); C2C plans also run
//                  backward, where the plan's 1/N scale must be applied before the post-callback.
//  cb_multikernel  2-D and 3-D C2C, 2-D R2C, 2-D C2R (even and odd first dimension), padded
//                  layouts: counting callbacks (atomic_inc on a userdata counter indexed by the
//                  offset) prove the pre-callback runs exactly once per input point and the
//                  post-callback once per output point (0 at padding and past the end); the
//                  transform stays correct.
//  cb_userdata     several userdata buffers (n = 2 with local memory, n = 3 with a side output),
//                  and n = 0 (the userdata parameter receives NULL).
//  cb_errors       a callback that does not compile, one whose signature is wrong (missing
//                  parameter, scalar where a vector is passed), a function name absent from the
//                  text: clfftBakePlan and the implicit bake of enqueue return
//                  CLFFT_BUILD_PROGRAM_FAILURE, the plan stays un-baked, the compiler log is on
//                  stderr; registering a correct callback afterwards makes the plan work.
//  cb_semantics    a second registration replaces the first; a callback declaring its own struct
//                  type before the function (and whose text buffer is overwritten right after
//                  registration); two plans of the same shape differing only in the callback text
//                  give different (each correct) results.
#define BOOST_TEST_MODULE callbacks
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "fftw_reference.h"
#include "cl_raii.h"
#include "device_buffers.h"
#include "host_sides.h"
#include "test_env.h"

#include <clFFT.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace bdata = boost::unit_test::data;
using namespace clfft_test;
using namespace clfft_test::fftw_ref;

namespace cb {

enum class Kind { C2C, R2C, C2R };

const char* kindName(Kind k) { return k == Kind::C2C ? "C2C" : k == Kind::R2C ? "R2C" : "C2R"; }

template <class V> ScopedBuffer deviceCopy(const V& v) { return ScopedBuffer(v.size() * sizeof(v[0]), v.data()); }

// Callback text with R2_T / R_T standing for the precision's vector / scalar type.
template <class T> std::string typed(std::string text)
{
    const bool dbl = sizeof(T) == sizeof(double);
    auto replaceAll = [&](const std::string& from, const std::string& to) {
        for (std::size_t p = text.find(from); p != std::string::npos; p = text.find(from, p + to.size()))
            text.replace(p, from.size(), to);
    };
    replaceAll("R2_T", dbl ? "double2" : "float2");
    replaceAll("R_T", dbl ? "double" : "float");
    return text;
}

// ---- One transform shape ---------------------------------------------------------------------------

struct Shape {
    Kind kind = Kind::C2C;
    std::vector<std::size_t> lengths;
    std::size_t batch = 1;
    SideDesc in, out;
};

clfftLayout complexLayout(Kind k, bool planar)
{
    if (k == Kind::C2C)
        return planar ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
    return planar ? CLFFT_HERMITIAN_PLANAR : CLFFT_HERMITIAN_INTERLEAVED;
}

// Packed shape (no padding) of `kind` with the given complex layout.
Shape packedShape(Kind kind, std::vector<std::size_t> lengths, std::size_t batch, bool planar)
{
    Shape s;
    s.kind = kind;
    s.lengths = lengths;
    s.batch = batch;
    const clfftLayout cl = complexLayout(kind, planar);
    switch (kind) {
    case Kind::C2C:
        s.in = SideDesc::packed(cl, lengths, batch);
        s.out = SideDesc::packed(cl, lengths, batch);
        break;
    case Kind::R2C:
        s.in = SideDesc::packed(CLFFT_REAL, lengths, batch);
        s.out = SideDesc::packed(cl, hermCounts(lengths), batch);
        break;
    case Kind::C2R:
        s.in = SideDesc::packed(cl, hermCounts(lengths), batch);
        s.out = SideDesc::packed(CLFFT_REAL, lengths, batch);
        break;
    }
    return s;
}

SideDesc side(clfftLayout layout, std::vector<std::size_t> counts, std::vector<std::size_t> strides, std::size_t dist,
              std::size_t batch)
{
    SideDesc s;
    s.layout = layout;
    s.counts = std::move(counts);
    s.strides = std::move(strides);
    s.dist = dist;
    s.batch = batch;
    return s;
}

std::string describe(const Shape& s)
{
    std::ostringstream o;
    o << kindName(s.kind) << ' ' << shapeText(s.lengths) << " batch " << s.batch << ' ' << layoutName(s.in.layout) << "->" << layoutName(s.out.layout);
    return o.str();
}

// An out-of-place plan of the shape, strides and distances set explicitly, not baked.
void createPlan(ScopedPlan& plan, const Shape& s, clfftPrecision precision)
{
    createPlanFor(plan, s.lengths, precision, s.in.layout, s.out.layout, false, s.batch);
    setPlanStrides(plan, s.in.strides, s.out.strides, s.in.dist, s.out.dist);
}

void setCallback(const ScopedPlan& plan, const std::string& name, const std::string& text, int localBytes,
                 clfftCallbackType type, std::vector<cl_mem> userdata)
{
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanCallback(plan.h, name.c_str(), text.c_str(), localBytes, type,
                                               userdata.empty() ? nullptr : userdata.data(), int(userdata.size())));
}

// Random input of the shape's input side (padding random too). C2R input is the exact hermitian
// spectrum of a random real signal (padding random).
template <class T> HostSide<T> makeInput(const Shape& s, std::uint64_t seed)
{
    HostSide<T> x(s.in);
    fillRandom(x, seed);
    if (s.kind == Kind::C2R) {
        HostSide<T> sig(SideDesc::packed(CLFFT_REAL, s.lengths, s.batch));
        fillRandom(sig, seed ^ 0x1234);
        const HostSide<long double> spec = reference_r2c<long double>(s.lengths, 1.0L, sig, s.in);
        s.in.forEach([&](std::size_t off, std::size_t) { x.set(off, T(spec.re(off)), T(spec.im(off))); });
    }
    return x;
}

// Runs the baked (or un-baked) plan out of place on `input`; returns the output side, which
// starts as the sentinel everywhere. Userdata buffers are the callbacks' business.
template <class T>
HostSide<T> runPlan(const ScopedPlan& plan, const Shape& s, clfftDirection dir, const HostSide<T>& input,
                    const std::string& what)
{
    ClEnv& env = ClEnv::get();
    HostSide<T> y(s.out, sentinel<T>());
    DeviceSide in, out;
    in.create(input);
    out.create(y);
    cl_event ev = nullptr;
    const clfftStatus st =
        clfftEnqueueTransform(plan.h, dir, 1, &env.queue, 0, nullptr, &ev, in.mem, out.mem, nullptr);
    BOOST_REQUIRE_MESSAGE(st == CLFFT_SUCCESS, what << ": clfftEnqueueTransform returned " << int(st));
    waitForTransform(ev);
    out.download(y);
    return y;
}

// FFTW's result of the shape for input x (precision R), scaled.
template <class R> HostSide<R> reference(const Shape& s, clfftDirection dir, R scale, const HostSide<R>& x)
{
    switch (s.kind) {
    case Kind::C2C: return reference_c2c<R>(s.lengths, dir, scale, x, s.out);
    case Kind::R2C: return reference_r2c<R>(s.lengths, scale, x, s.out);
    case Kind::C2R: break;
    }
    return reference_c2r<R>(s.lengths, scale, x, s.out);
}

template <class T, class R>
void checkClose(const HostSide<T>& ours, const HostSide<R>& ref, const std::string& what)
{
    checkRelativeError(compare(ours, ref), relativeTolerance<T>(), what);
}


// ---- cb_prototypes -----------------------------------------------------------------------------

struct Proto {
    Kind kind = Kind::C2C;
    bool planar = false;
    clfftPrecision precision = CLFFT_SINGLE;
    bool preLocal = false; // pre-callback uses local memory (post does not), or the reverse
};

std::ostream& operator<<(std::ostream& os, const Proto& p)
{
    return os << kindName(p.kind) << ' ' << (p.planar ? "planar" : "interleaved") << ' '
              << (p.precision == CLFFT_DOUBLE ? "double" : "single") << ' '
              << (p.preLocal ? "pre with local memory, post without" : "pre without local memory, post with");
}

std::vector<Proto> protoCases()
{
    std::vector<Proto> v;
    for (Kind k : {Kind::C2C, Kind::R2C, Kind::C2R})
        for (bool planar : {false, true})
            for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE})
                for (bool local : {true, false})
                    v.push_back(Proto{k, planar, p, local});
    return v;
}

// The pre-callback: input point * w[off] (w: R_T table in userdata).
std::string preText(Kind kind, bool planar, bool local)
{
    std::string params, load, type = "R2_T";
    if (kind == Kind::R2C) {
        type = "R_T";
        params = "__global void* in, uint off, __global void* ud";
        load = "((__global const R_T*)in)[off]";
    } else if (!planar) {
        params = "__global void* in, uint off, __global void* ud";
        load = "((__global const R2_T*)in)[off]";
    } else {
        params = "__global void* re, __global void* im, uint off, __global void* ud";
        load = "(R2_T)(((__global const R_T*)re)[off], ((__global const R_T*)im)[off])";
    }
    std::ostringstream s;
    s << type << " weightIn(" << params << (local ? ", __local void* lm" : "") << ")\n{\n"
      << "    const R_T w = ((__global const R_T*)ud)[off];\n"
      << "    " << type << " v = " << load << " * w;\n";
    if (local) // each work-item writes its own slot, reads it back: race-free
        s << "    __local " << type << "* slot = (__local " << type << "*)lm + get_local_id(0);\n"
          << "    *slot = v * (R_T)2;\n"
          << "    v = *slot * (R_T)0.5;\n";
    s << "    return v;\n}\n";
    return s.str();
}

// The post-callback: stores y * 1.5 + (g[off], -2 g[off]) (real output: y * 1.5 + g[off]).
std::string postText(Kind kind, bool planar, bool local)
{
    std::ostringstream s;
    const std::string lm = local ? ", __local void* lm" : "";
    if (kind == Kind::C2R) {
        s << "void shiftOut(__global void* out, uint off, __global void* ud, R_T y" << lm << ")\n{\n"
          << "    const R_T g = ((__global const R_T*)ud)[off];\n"
          << "    R_T v = y * (R_T)1.5;\n";
        if (local)
            s << "    __local R_T* slot = (__local R_T*)lm + get_local_id(0);\n    *slot = v;\n    v = *slot;\n";
        s << "    ((__global R_T*)out)[off] = v + g;\n}\n";
    } else if (!planar) {
        s << "void shiftOut(__global void* out, uint off, __global void* ud, R2_T y" << lm << ")\n{\n"
          << "    const R_T g = ((__global const R_T*)ud)[off];\n"
          << "    R2_T v = y * (R_T)1.5;\n";
        if (local)
            s << "    __local R2_T* slot = (__local R2_T*)lm + get_local_id(0);\n    *slot = v;\n    v = *slot;\n";
        s << "    ((__global R2_T*)out)[off] = v + (R2_T)(g, -2 * g);\n}\n";
    } else {
        s << "void shiftOut(__global void* re, __global void* im, uint off, __global void* ud, R_T yre, R_T yim" << lm
          << ")\n{\n"
          << "    const R_T g = ((__global const R_T*)ud)[off];\n"
          << "    R2_T v = (R2_T)(yre, yim) * (R_T)1.5;\n";
        if (local)
            s << "    __local R2_T* slot = (__local R2_T*)lm + get_local_id(0);\n    *slot = v;\n    v = *slot;\n";
        s << "    ((__global R_T*)re)[off] = v.x + g;\n    ((__global R_T*)im)[off] = v.y - 2 * g;\n}\n";
    }
    return s.str();
}

template <class T, class R> void runProto(const Proto& p)
{
    std::ostringstream name;
    name << p;
    const std::string what = name.str();
    if (clfft_test::checkDoubleRefused(p.precision, {16}, what))
        return;
    const Shape s = packedShape(p.kind, {16}, 2, p.planar);
    const HostSide<T> x = makeInput<T>(s, seedFrom(what));

    // Userdata: w (input weights) and g (output offsets), indexed by the buffer offset.
    std::vector<T> w(s.in.extent()), g(s.out.extent());
    for (std::size_t k = 0; k < w.size(); ++k)
        w[k] = T(0.5 + 0.25 * double(k % 5));
    for (std::size_t k = 0; k < g.size(); ++k)
        g[k] = T(0.125 * double(k % 9) - 0.5);
    ScopedBuffer wBuf = deviceCopy(w), gBuf = deviceCopy(g);
    const int localBytes = int(256 * 2 * sizeof(T)); // one R2_T slot per work-item (<= 256 per group)

    ScopedPlan plan;
    createPlan(plan, s, p.precision);
    setCallback(plan, "weightIn", typed<T>(preText(p.kind, p.planar, p.preLocal)), p.preLocal ? localBytes : 0,
                PRECALLBACK, {wBuf.mem});
    setCallback(plan, "shiftOut", typed<T>(postText(p.kind, p.planar, !p.preLocal)), p.preLocal ? 0 : localBytes,
                POSTCALLBACK, {gBuf.mem});
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));

    // w .* x, in the reference precision.
    HostSide<R> xw = x.template convert<R>();
    s.in.forEach([&](std::size_t off, std::size_t) { xw.set(off, xw.re(off) * R(w[off]), xw.im(off) * R(w[off])); });

    std::vector<clfftDirection> dirs{p.kind == Kind::C2R ? CLFFT_BACKWARD : CLFFT_FORWARD};
    if (p.kind == Kind::C2C)
        dirs.push_back(CLFFT_BACKWARD);
    for (clfftDirection dir : dirs) {
        const std::string label = what + (dir == CLFFT_FORWARD ? " forward" : " backward");
        const HostSide<T> y = runPlan(plan, s, dir, x, label);
        const R scale = dir == CLFFT_FORWARD ? R(1) : R(1) / R(s.lengths[0]);
        HostSide<R> ref = reference<R>(s, dir, scale, xw);
        s.out.forEach([&](std::size_t off, std::size_t) {
            ref.set(off, ref.re(off) * R(1.5) + R(g[off]), ref.im(off) * R(1.5) - 2 * R(g[off]));
        });
        checkClose(y, ref, label);
        checkPaddingKept(y, paddingMask(y.desc), label); // callbacks write only at their offsets
    }
}

// ---- cb_multikernel ------------------------------------------------------------------------------

struct Multi {
    Shape shape;
    std::string label;
};

std::ostream& operator<<(std::ostream& os, const Multi& m) { return os << m.label; }

std::vector<Multi> multiCases()
{
    constexpr clfftLayout CI = CLFFT_COMPLEX_INTERLEAVED, HI = CLFFT_HERMITIAN_INTERLEAVED, RE = CLFFT_REAL;
    std::vector<Multi> v;
    auto add = [&](Kind k, std::vector<std::size_t> l, std::size_t batch, SideDesc in, SideDesc out) {
        Shape s;
        s.kind = k;
        s.lengths = std::move(l);
        s.batch = batch;
        s.in = std::move(in);
        s.out = std::move(out);
        v.push_back(Multi{s, describe(s) + " (padded)"});
    };
    // 2-D C2C: rows padded on both sides, gaps between transforms.
    add(Kind::C2C, {16, 12}, 2, side(CI, {16, 12}, {1, 20}, 250, 2), side(CI, {16, 12}, {1, 18}, 230, 2));
    // 3-D C2C: padded rows and planes.
    add(Kind::C2C, {8, 6, 5}, 2, side(CI, {8, 6, 5}, {1, 9, 60}, 310, 2), side(CI, {8, 6, 5}, {1, 10, 61}, 320, 2));
    // 2-D R2C: real rows padded, hermitian rows padded.
    add(Kind::R2C, {16, 12}, 2, side(RE, {16, 12}, {1, 19}, 240, 2), side(HI, {9, 12}, {1, 11}, 140, 2));
    // 2-D C2R, even and odd first dimension (k <= N0/2 read once each).
    add(Kind::C2R, {16, 12}, 2, side(HI, {9, 12}, {1, 11}, 140, 2), side(RE, {16, 12}, {1, 19}, 240, 2));
    add(Kind::C2R, {15, 12}, 2, side(HI, {8, 12}, {1, 10}, 125, 2), side(RE, {15, 12}, {1, 17}, 210, 2));
    // Plans of several kernels in one dimension: multi-pass 16384 (two sub-passes), Rader 17,
    // multi-kernel Bluestein 4099 (two rounds of sub-passes), real Rader 17, a Rader column.
    auto packed = [&](Kind k, std::vector<std::size_t> l, std::size_t batch) {
        const Shape s = packedShape(k, std::move(l), batch, false);
        v.push_back(Multi{s, describe(s) + " (packed)"});
    };
    packed(Kind::C2C, {16384}, 1);
    packed(Kind::C2C, {17}, 3);
    packed(Kind::C2C, {4099}, 1);
    packed(Kind::R2C, {17}, 2);
    packed(Kind::R2C, {16, 17}, 1);
    // Long real rows with callbacks of the real prototype: a complex FFT of all N points whose
    // first sub-pass calls the pre-callback on the reals (R2C 16384; 4099 = Bluestein on real
    // data) and whose last calls the post-callback on the reals (C2R 16384 x 2, after the column
    // pass that calls the pre-callback).
    packed(Kind::R2C, {16384}, 1);
    packed(Kind::R2C, {4099}, 1);
    packed(Kind::C2R, {16384, 2}, 1);
    // C2R rows whose first pass reads hermitian point k for k and N-k (Rader 17, the odd multi-pass
    // 15625 = 5^6, Bluestein 4099): the pre-callback gets a staging pass of its own.
    packed(Kind::C2R, {17}, 2);
    packed(Kind::C2R, {15625}, 1);
    packed(Kind::C2R, {4099}, 1);
    return v;
}

// Pre/post callbacks that count their calls per offset and pass values through unchanged.
std::string countPreText(Kind k)
{
    if (k == Kind::R2C)
        return "R_T countIn(__global void* in, uint off, __global void* ud)\n{\n"
               "    atomic_inc(&((__global uint*)ud)[off]);\n    return ((__global const R_T*)in)[off];\n}\n";
    return "R2_T countIn(__global void* in, uint off, __global void* ud)\n{\n"
           "    atomic_inc(&((__global uint*)ud)[off]);\n    return ((__global const R2_T*)in)[off];\n}\n";
}

std::string countPostText(Kind k)
{
    if (k == Kind::C2R)
        return "void countOut(__global void* out, uint off, __global void* ud, R_T y)\n{\n"
               "    atomic_inc(&((__global uint*)ud)[off]);\n    ((__global R_T*)out)[off] = y;\n}\n";
    return "void countOut(__global void* out, uint off, __global void* ud, R2_T y)\n{\n"
           "    atomic_inc(&((__global uint*)ud)[off]);\n    ((__global R2_T*)out)[off] = y;\n}\n";
}

// Every counter must be 1 at the side's logical offsets and 0 elsewhere (padding, and a guard
// region past the end of the data).
void checkCounts(const std::vector<cl_uint>& counts, const SideDesc& d, const std::string& what)
{
    const std::vector<bool> pad = paddingMask(d);
    std::size_t wrongLogical = 0, wrongPadding = 0, firstBad = 0;
    cl_uint firstValue = 0;
    for (std::size_t off = 0; off < counts.size(); ++off) {
        const bool logical = off < pad.size() && !pad[off];
        const cl_uint want = logical ? 1 : 0;
        if (counts[off] != want) {
            if (wrongLogical + wrongPadding == 0) {
                firstBad = off;
                firstValue = counts[off];
            }
            (logical ? wrongLogical : wrongPadding)++;
        }
    }
    BOOST_CHECK_MESSAGE(wrongLogical == 0 && wrongPadding == 0,
                        what << ": " << wrongLogical << " data offsets not called exactly once, " << wrongPadding
                             << " padding/out-of-range offsets called (first wrong offset " << firstBad << ": count "
                             << firstValue << ")");
}

template <class T, class R> void runMulti(const Multi& m)
{
    const Shape& s = m.shape;
    const HostSide<T> x = makeInput<T>(s, seedFrom(m.label));
    constexpr std::size_t guard = 256;
    std::vector<cl_uint> preCounts(s.in.extent() + guard, 0), postCounts(s.out.extent() + guard, 0);
    ScopedBuffer preBuf = deviceCopy(preCounts), postBuf = deviceCopy(postCounts);

    ScopedPlan plan;
    createPlan(plan, s, CLFFT_SINGLE);
    setCallback(plan, "countIn", typed<T>(countPreText(s.kind)), 0, PRECALLBACK, {preBuf.mem});
    setCallback(plan, "countOut", typed<T>(countPostText(s.kind)), 0, POSTCALLBACK, {postBuf.mem});
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));

    const clfftDirection dir = s.kind == Kind::C2R ? CLFFT_BACKWARD : CLFFT_FORWARD;
    const HostSide<T> y = runPlan(plan, s, dir, x, m.label);
    long double n = 1;
    for (std::size_t l : s.lengths)
        n *= (long double)l;
    const R scale = dir == CLFFT_FORWARD ? R(1) : R(1.0L / n);
    checkClose(y, reference<R>(s, dir, scale, x.template convert<R>()), m.label + ": transform");
    checkPaddingKept(y, paddingMask(y.desc), m.label);
    readBuffer(preBuf.mem, preCounts);
    readBuffer(postBuf.mem, postCounts);
    checkCounts(preCounts, s.in, m.label + ": pre-callback");
    checkCounts(postCounts, s.out, m.label + ": post-callback");
}

// ---- helpers for the single-plan tests ---------------------------------------------------------------

// C2C 1-D length 16, batch 2, interleaved, packed, single precision.
Shape smallC2C() { return packedShape(Kind::C2C, {16}, 2, false); }

// FFT(a*x + b(off)) for the small C2C shape, forward, in double.
HostSide<double> affineRef(const Shape& s, const HostSide<float>& x, const std::vector<float>& a,
                           const std::vector<float>& b)
{
    HostSide<double> xa = x.convert<double>();
    s.in.forEach([&](std::size_t off, std::size_t) {
        xa.set(off, xa.re(off) * a[off] + (b.empty() ? 0.0 : b[off]), xa.im(off) * a[off]);
    });
    return reference<double>(s, CLFFT_FORWARD, 1.0, xa);
}

// Captures what the library writes to stderr (file descriptor 2) while f runs.
template <class F> std::string captureStderr(F f)
{
    std::fflush(stderr);
    char path[] = "/tmp/clfft_cb_stderr_XXXXXX";
    const int fd = mkstemp(path);
    BOOST_REQUIRE(fd >= 0);
    const int saved = dup(2);
    dup2(fd, 2);
    f();
    std::fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(fd);
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::remove(path);
    return text.str();
}

bool isBaked(const ScopedPlan& plan)
{
    std::size_t tmp = 0;
    return clfftGetTmpBufSize(plan.h, &tmp) == CLFFT_SUCCESS;
}

struct BrokenCase {
    std::string label, name, text;
    clfftCallbackType type;
};

std::ostream& operator<<(std::ostream& os, const BrokenCase& b) { return os << b.label; }

std::vector<BrokenCase> brokenCases()
{
    return {
        {"pre-callback with a syntax error", "broken",
         "float2 broken(__global void* in, uint off, __global void* ud)\n{\n    return this is not C;\n}\n",
         PRECALLBACK},
        {"pre-callback missing its userdata parameter", "noUserdata",
         "float2 noUserdata(__global void* in, uint off)\n{\n    return ((__global float2*)in)[off];\n}\n",
         PRECALLBACK},
        {"post-callback taking a scalar where the C2C value is a vector", "scalarOut",
         "void scalarOut(__global void* out, uint off, __global void* ud, float y, float z)\n{\n"
         "    ((__global float*)out)[off] = y + z;\n}\n",
         POSTCALLBACK},
        {"function name absent from the text", "notThere",
         "float2 somethingElse(__global void* in, uint off, __global void* ud)\n{\n"
         "    return ((__global float2*)in)[off];\n}\n",
         PRECALLBACK},
    };
}

} // namespace cb

// ---- Test cases ----------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(cb_prototypes)
BOOST_DATA_TEST_CASE(pre_and_post, bdata::make(cb::protoCases()), p)
{
    if (p.precision == CLFFT_DOUBLE)
        cb::runProto<double, long double>(p);
    else
        cb::runProto<float, double>(p);
}
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(cb_multikernel)
BOOST_DATA_TEST_CASE(called_once_per_point, bdata::make(cb::multiCases()), m) { cb::runMulti<float, double>(m); }

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(cb_userdata)

// n = 2 (with local memory) for the pre-callback, n = 3 for the post-callback: x*a + b on input,
// y*c + d on output, y itself (real part) stored into the third buffer.
BOOST_AUTO_TEST_CASE(several_buffers)
{
    using namespace cb;
    const Shape s = smallC2C();
    const HostSide<float> x = makeInput<float>(s, 17);
    const std::size_t n = s.in.extent();
    std::vector<float> a(n), b(n), c(n), d(n), side0(n, -1.0f);
    for (std::size_t k = 0; k < n; ++k) {
        a[k] = float(0.25 * double(k % 7) - 0.75);
        b[k] = float(0.0625 * double(k % 3));
        c[k] = float(1.0 + 0.5 * double(k % 4));
        d[k] = float(0.03125 * double(k % 11) - 0.125);
    }
    ScopedBuffer aB = deviceCopy(a), bB = deviceCopy(b), cB = deviceCopy(c), dB = deviceCopy(d);
    ScopedBuffer sideB = deviceCopy(side0);
    ScopedPlan plan;
    createPlan(plan, s, CLFFT_SINGLE);
    setCallback(plan, "affineIn",
                "float2 affineIn(__global void* in, uint off, __global void* ua, __global void* ub, __local void* lm)\n"
                "{\n"
                "    __local float2* slot = (__local float2*)lm + get_local_id(0);\n"
                "    *slot = ((__global const float2*)in)[off] * ((__global const float*)ua)[off];\n"
                "    return *slot + (float2)(((__global const float*)ub)[off], 0.0f);\n"
                "}\n",
                2048, PRECALLBACK, {aB.mem, bB.mem});
    setCallback(plan, "affineOut",
                "void affineOut(__global void* out, uint off, __global void* uc, __global void* ud,\n"
                "               __global void* side, float2 y)\n"
                "{\n"
                "    ((__global float*)side)[off] = y.x;\n"
                "    ((__global float2*)out)[off] = y * ((__global const float*)uc)[off]\n"
                "                                 + (float2)(((__global const float*)ud)[off], 0.0f);\n"
                "}\n",
                0, POSTCALLBACK, {cB.mem, dB.mem, sideB.mem});
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    const HostSide<float> y = runPlan(plan, s, CLFFT_FORWARD, x, "several userdata buffers");

    const HostSide<double> fy = affineRef(s, x, a, b);
    HostSide<double> ref = fy;
    s.out.forEach([&](std::size_t off, std::size_t) {
        ref.set(off, fy.re(off) * c[off] + d[off], fy.im(off) * c[off]);
    });
    checkClose(y, ref, "several userdata buffers: output");
    // The third post buffer received Re(y) before the post-processing.
    readBuffer(sideB.mem, side0);
    HostSide<float> sideOut(SideDesc::packed(CLFFT_REAL, s.lengths, s.batch));
    sideOut.a = side0;
    HostSide<double> sideRef(sideOut.desc);
    s.out.forEach([&](std::size_t off, std::size_t) { sideRef.set(off, fy.re(off), 0.0); });
    checkClose(sideOut, sideRef, "several userdata buffers: third post buffer");
}

// n = 0: the userdata parameter is still there and receives NULL.
BOOST_AUTO_TEST_CASE(no_buffer_gets_null)
{
    using namespace cb;
    const Shape s = smallC2C();
    const HostSide<float> x = makeInput<float>(s, 18);
    ScopedPlan plan;
    createPlan(plan, s, CLFFT_SINGLE);
    setCallback(plan, "nullIn",
                "float2 nullIn(__global void* in, uint off, __global void* ud)\n{\n"
                "    return ud == 0 ? ((__global const float2*)in)[off] * 2.0f : (float2)(1.0e6f, 1.0e6f);\n}\n",
                0, PRECALLBACK, {});
    setCallback(plan, "nullOut",
                "void nullOut(__global void* out, uint off, __global void* ud, float2 y)\n{\n"
                "    ((__global float2*)out)[off] = ud == 0 ? y * 0.25f : (float2)(-1.0e6f, -1.0e6f);\n}\n",
                0, POSTCALLBACK, {});
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    const HostSide<float> y = runPlan(plan, s, CLFFT_FORWARD, x, "no userdata");
    const std::vector<float> two(s.in.extent(), 2.0f);
    HostSide<double> ref = affineRef(s, x, two, {});
    s.out.forEach([&](std::size_t off, std::size_t) { ref.set(off, ref.re(off) * 0.25, ref.im(off) * 0.25); });
    checkClose(y, ref, "no userdata buffers (NULL userdata)");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(cb_errors)

BOOST_DATA_TEST_CASE(bad_callback_fails_bake, bdata::make(cb::brokenCases()), bc)
{
    using namespace cb;
    unsetenv("CLFFT_QUIET");
    ClEnv& env = ClEnv::get();
    const Shape s = smallC2C();
    ScopedPlan plan;
    createPlan(plan, s, CLFFT_SINGLE);
    setCallback(plan, bc.name, bc.text, 0, bc.type, {});
    clfftStatus st = CLFFT_SUCCESS;
    const std::string log = captureStderr([&] { st = clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr); });
    BOOST_CHECK_MESSAGE(st == CLFFT_BUILD_PROGRAM_FAILURE,
                        bc.label << ": clfftBakePlan returned " << int(st) << ", expected CLFFT_BUILD_PROGRAM_FAILURE");
    BOOST_CHECK_MESSAGE(!isBaked(plan), bc.label << ": the plan is baked after a failed bake");
    BOOST_CHECK_MESSAGE(log.find("clfft-ng: building kernel") != std::string::npos,
                        bc.label << ": no build log on stderr (got: \"" << log.substr(0, 300) << "\")");
    BOOST_TEST_MESSAGE(bc.label << ": stderr had " << log.size() << " bytes");

    // The implicit bake of enqueue fails the same way and returns no event.
    const HostSide<float> x = makeInput<float>(s, 19);
    ScopedBuffer in = deviceCopy(x.a), out = deviceCopy(x.a);
    cl_event ev = nullptr;
    clfftStatus es = CLFFT_SUCCESS;
    captureStderr([&] {
        es = clfftEnqueueTransform(plan.h, CLFFT_FORWARD, 1, &env.queue, 0, nullptr, &ev, &in.mem, &out.mem, nullptr);
    });
    BOOST_CHECK_MESSAGE(es == CLFFT_BUILD_PROGRAM_FAILURE,
                        bc.label << ": clfftEnqueueTransform returned " << int(es)
                                 << ", expected CLFFT_BUILD_PROGRAM_FAILURE");
    BOOST_CHECK_MESSAGE(ev == nullptr, bc.label << ": a failed enqueue returned an event");
    if (ev)
        clReleaseEvent(ev);
    BOOST_CHECK_MESSAGE(!isBaked(plan), bc.label << ": the plan is baked after a failed enqueue");

    // A correct callback of the same type replaces the broken one: the plan works again.
    if (bc.type == PRECALLBACK)
        setCallback(plan, "tripleIn",
                    "float2 tripleIn(__global void* in, uint off, __global void* ud)\n"
                    "{\n    return ((__global const float2*)in)[off] * 3.0f;\n}\n",
                    0, PRECALLBACK, {});
    else
        setCallback(plan, "tripleOut",
                    "void tripleOut(__global void* out, uint off, __global void* ud, float2 y)\n"
                    "{\n    ((__global float2*)out)[off] = y * 3.0f;\n}\n",
                    0, POSTCALLBACK, {});
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
    const HostSide<float> y = runPlan(plan, s, CLFFT_FORWARD, x, bc.label + ", then fixed");
    const std::vector<float> three(s.in.extent(), 3.0f);
    checkClose(y, affineRef(s, x, three, {}), bc.label + ": after registering a correct callback");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(cb_semantics)

// The second registration of a type replaces the first: only its effect is seen.
BOOST_AUTO_TEST_CASE(second_registration_replaces_first)
{
    using namespace cb;
    const Shape s = smallC2C();
    const HostSide<float> x = makeInput<float>(s, 20);
    std::vector<float> table(s.in.extent(), 100.0f);
    ScopedBuffer tb = deviceCopy(table);
    ScopedPlan plan;
    createPlan(plan, s, CLFFT_SINGLE);
    setCallback(plan, "firstIn",
                "float2 firstIn(__global void* in, uint off, __global void* ud)\n"
                "{\n    return ((__global const float2*)in)[off] * ((__global const float*)ud)[off];\n}\n",
                0, PRECALLBACK, {tb.mem});
    setCallback(plan, "secondIn",
                "float2 secondIn(__global void* in, uint off, __global void* ud)\n"
                "{\n    return ((__global const float2*)in)[off] * -0.5f;\n}\n",
                0, PRECALLBACK, {});
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    const HostSide<float> y = runPlan(plan, s, CLFFT_FORWARD, x, "replaced pre-callback");
    checkClose(y, affineRef(s, x, std::vector<float>(s.in.extent(), -0.5f), {}), "replaced pre-callback");

    // Replacing after a bake un-bakes the plan; the enqueue bakes the new one.
    setCallback(plan, "thirdIn",
                "float2 thirdIn(__global void* in, uint off, __global void* ud)\n"
                "{\n    return ((__global const float2*)in)[off] * ((__global const float*)ud)[off];\n}\n",
                0, PRECALLBACK, {tb.mem});
    const HostSide<float> y2 = runPlan(plan, s, CLFFT_FORWARD, x, "pre-callback replaced after a bake");
    checkClose(y2, affineRef(s, x, table, {}), "pre-callback replaced after a bake");
}

// The callback text declares its own struct type before the function. The text is copied at
// registration: the caller's buffer is overwritten before the bake.
BOOST_AUTO_TEST_CASE(own_struct_type)
{
    using namespace cb;
    struct Params {
        float scale;
        float shift;
        std::uint32_t period;
        std::uint32_t pad;
    };
    const Shape s = smallC2C();
    const HostSide<float> x = makeInput<float>(s, 21);
    const Params params{1.5f, 0.25f, 5, 0};
    ScopedBuffer pb;
    pb.mem = ClEnv::get().buffer(sizeof params, &params);
    std::string text = "typedef struct { float scale; float shift; uint period; uint pad; } CbParams;\n"
                       "float2 structIn(__global void* in, uint off, __global void* ud)\n{\n"
                       "    __global const CbParams* p = (__global const CbParams*)ud;\n"
                       "    return ((__global const float2*)in)[off] * p->scale\n"
                       "         + (float2)(p->shift * (float)(off % p->period), 0.0f);\n}\n";
    std::string fname = "structIn";
    ScopedPlan plan;
    createPlan(plan, s, CLFFT_SINGLE);
    setCallback(plan, fname, text, 0, PRECALLBACK, {pb.mem});
    std::fill(text.begin(), text.end(), '#');
    std::fill(fname.begin(), fname.end(), '#');
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    const HostSide<float> y = runPlan(plan, s, CLFFT_FORWARD, x, "struct userdata");
    std::vector<float> a(s.in.extent(), params.scale), b(s.in.extent());
    for (std::size_t k = 0; k < b.size(); ++k)
        b[k] = params.shift * float(k % params.period);
    checkClose(y, affineRef(s, x, a, b), "callback with its own struct type");
}

// Two plans of the same shape whose callbacks differ only in their text (same function name)
// give different results, each the right one: the text is part of the kernel.
BOOST_AUTO_TEST_CASE(callback_text_changes_the_result)
{
    using namespace cb;
    const Shape s = smallC2C();
    const HostSide<float> x = makeInput<float>(s, 22);
    ScopedPlan p1, p2;
    createPlan(p1, s, CLFFT_SINGLE);
    createPlan(p2, s, CLFFT_SINGLE);
    const std::string head = "float2 sameName(__global void* in, uint off, __global void* ud)\n{\n";
    setCallback(p1, "sameName", head + "    return ((__global const float2*)in)[off] * 2.0f;\n}\n", 0, PRECALLBACK,
                {});
    setCallback(p2, "sameName", head + "    return ((__global const float2*)in)[off] * -3.0f;\n}\n", 0, PRECALLBACK,
                {});
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(p1.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(p2.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    const HostSide<float> y1 = runPlan(p1, s, CLFFT_FORWARD, x, "text A");
    const HostSide<float> y2 = runPlan(p2, s, CLFFT_FORWARD, x, "text B");
    checkClose(y1, affineRef(s, x, std::vector<float>(s.in.extent(), 2.0f), {}), "callback text A (x * 2)");
    checkClose(y2, affineRef(s, x, std::vector<float>(s.in.extent(), -3.0f), {}), "callback text B (x * -3)");
}

BOOST_AUTO_TEST_SUITE_END()
