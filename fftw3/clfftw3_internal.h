// Internal to libclfftw3 / libclfftw3f: the types and functions the parts of the FFTW 3.3
// interface share (docs/fftw-compat.md). Not installed.
//
// Built twice: without CLFFTW_SINGLE as libclfftw3 (double, fftw_*), with it as libclfftw3f
// (single, fftwf_*). Each library owns one OpenCL context on one device (CLFFTW_DEVICE), created
// at the first plan, and every plan owns a queue, a clFFT plan and the device buffers it needs.
//
// Every problem is first reduced to one description (Problem): the kind (c2c, r2c, c2r, r2r), the
// transform dimensions and the loop ("howmany") dimensions, each with an input and an output
// stride counted in reals, and the arrays as real pointers (a complex array is a pointer to its
// real parts and one to its imaginary parts, so interleaved and split arrays look the same).
// Two ways to run it:
//  - direct: the clFFT plan reads and writes the client's arrays in their own layout (positive
//    strides, interleaved or split (planar) complex arrays, at most one loop dimension after
//    merging). On a CPU device the client's memory is wrapped in CL_MEM_USE_HOST_PTR buffers (no
//    copy); elsewhere the spans of the arrays are copied to and from device buffers of the plan.
//  - packed: any other layout (negative or zero strides, several loop dimensions, overlapping
//    arrays): the input is gathered into a packed mapped buffer, transformed out of place, and
//    the result scattered to the client's output. Rank above 3 (clFFT's limit) runs packed only,
//    as passes of clFFT plans of rank <= 3 between packed device buffers.
// A plan that can run direct also keeps the packed plan (built when first needed) for
// new-array executions whose arrays do not fit the direct form.
//
// The parts: clfftw3_device.cpp (the OpenCL device and context, clFFT plans and their buffers),
// clfftw3_layout.cpp (walks over a side's elements, simplifying a problem, the direct form),
// clfftw3_problem.cpp (FFTW's argument forms to a Problem), clfftw3_plan.cpp (planning),
// clfftw3_execute.cpp (execution: direct, packed, host copy), clfftw3_wisdom.cpp (wisdom and its
// C calls), clfftw3_api.cpp (the other C entry points).
#pragma once

#include "clfftw3.h"

#include <clFFT.h>

#include <mutex>
#include <set>
#include <string>
#include <vector>

#ifdef CLFFTW_SINGLE
#define API(name) fftwf_##name
typedef float real_t;
static const clfftPrecision kPrecision = CLFFT_SINGLE;
static const char* const kPrefix = "fftwf";
#else
#define API(name) fftw_##name
typedef double real_t;
static const clfftPrecision kPrecision = CLFFT_DOUBLE;
static const char* const kPrefix = "fftw";
#endif

typedef API(complex) complex_t;
typedef API(iodim) iodim_t;
typedef API(iodim64) iodim64_t;
typedef API(r2r_kind) r2r_kind_t;

// Everything here has hidden visibility and is left out of the version script: only the fftw_* /
// fftwf_* names leave the library.
namespace clfftw {

enum class Kind { c2c, r2c, c2r, r2r };

struct Dim {
    long long n;
    long long is; // input stride in reals
    long long os; // output stride in reals
    int r2r = -1; // r2r problems: the kind along this transform dimension (FFTW_R2HC...)
};

struct Arrays {
    real_t* inRe = nullptr;
    real_t* inIm = nullptr; // null for a real input
    real_t* outRe = nullptr;
    real_t* outIm = nullptr; // null for a real output
};

struct Problem {
    Kind kind = Kind::c2c;
    int sign = FFTW_FORWARD;
    std::vector<Dim> dims; // transform dimensions, slowest first (FFTW order)
    std::vector<Dim> loops; // howmany dimensions
    unsigned flags = 0;
    double scale = 1; // r2r: the factor of the size-1 dimensions simplify() took out
};

// ---- the OpenCL environment of this library (clfftw3_device.cpp) -------------------------------

struct Env {
    bool tried = false;
    bool ok = false;
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    bool zeroCopy = false; // wrap host memory (CPU devices)
    bool hostStorage = false; // wrapped host memory is the buffer itself (no map needed)
    std::string name;
};

extern std::mutex g_planMutex; // planning, wisdom, the environment
extern Env g_env;
extern std::set<std::string> g_wisdom; // keys of the problems planned or imported (clfftw3_wisdom.cpp)

// Writes a line to stderr unless CLFFTW_QUIET is set.
void complain(const std::string& text);

// Under g_planMutex: the device and context, set up at the first call; false where there is none.
bool env_ready();

// ---- the device side of a plan (clfftw3_device.cpp) ---------------------------------------------

// One clFFT plan of a multi-pass packed plan (rank > 3): it reads buffer src and writes buffer
// dst, numbered 0 (bufIn[0]), 1 (bufOut[0]), 2 (bufTmp).
struct Pass {
    clfftPlanHandle handle = 0;
    clfftDirection dir = CLFFT_FORWARD;
    int src = 0, dst = 1;
};

struct DevPlan {
    clfftPlanHandle handle = 0;
    bool made = false;
    bool inPlace = false;
    bool planarIn = false, planarOut = false; // split complex sides (two buffers each)
    // direct plans: reach (in reals) of each input and output array from its base pointer
    long long inReach = 0, outReach = 0;
    bool outDense = true; // direct: the output span holds only elements the transform writes
    // buffers the plan owns: packed buffers (mapped by the host), or device copies (direct, no
    // zero copy); [1] holds the imaginary parts of a planar side
    cl_mem bufIn[2] = {nullptr, nullptr}, bufOut[2] = {nullptr, nullptr};
    size_t bytesIn = 0, bytesOut = 0; // of each buffer
    // packed plans of rank > 3: the passes in order (handle above unused), a third buffer for
    // the intermediate results, and the buffer that holds the result (0, 1 or 2 as in Pass)
    std::vector<Pass> passes;
    cl_mem bufTmp = nullptr;
    int result = 1;
    // packed plans: the order of the axes (0.. the loops, then the transform dimensions) in the
    // packed input and in the packed result; empty: loops then dimensions, as given
    std::vector<int> gatherOrder, scatterOrder;
};

void release_dev(DevPlan& d);

// What one clFFT plan computes: lengths and strides in FFTW order (slowest first), strides in the
// side's elements (complex or real), distances per transform in elements. Planar sides are split
// complex arrays (re and im in two buffers with the same strides).
struct ClfftShape {
    Kind kind = Kind::c2c;
    std::vector<int> r2r; // r2r: the kind of each dimension, slowest first
    bool inPlace = false, planarIn = false, planarOut = false;
    std::vector<long long> n, is, os;
    long long batch = 1, idist = 0, odist = 0;
    double scale = 1; // the forward scale (r2r plans)
};

// Creates and bakes a clFFT plan of rank 1 to 3 on the queue; false (and no handle) on failure.
bool bake_clfft(clfftPlanHandle* handle, cl_command_queue queue, const ClfftShape& s, unsigned flags);

// bake_clfft into d, which remembers the placement and the planar sides.
bool make_clfft(DevPlan& d, cl_command_queue queue, const ClfftShape& s, unsigned flags);

// ---- layouts (clfftw3_layout.cpp) -------------------------------------------------------------

// Elements along the complex side's last dimension of a real transform.
inline long long half_len(long long n) { return n / 2 + 1; }

inline bool is_complex_in(Kind k) { return k == Kind::c2c || k == Kind::c2r; }
inline bool is_complex_out(Kind k) { return k == Kind::c2c || k == Kind::r2c; }

// Dimensions of one side as (n, stride) pairs, loops first then transform dimensions, with the
// complex side of a real transform halved along its last dimension.
struct Walk {
    std::vector<long long> n;
    std::vector<long long> s;
};

Walk side_walk(const Problem& pb, bool input);

// The same over the axes in this order (axes 0.. the loops, then the transform dimensions, as
// in DevPlan::gatherOrder); an empty order is side_walk's.
Walk order_walk(const Problem& pb, const std::vector<int>& order, bool input);

// Elements of an axis on one side (the complex side of a real transform halves the last
// dimension).
long long axis_len(const Problem& pb, int axis, bool input);

long long walk_count(const Walk& w);

// Calls f(offset) for every element of the walk in row-major order, offsets in reals.
template <class F> void walk_each(const Walk& w, F f)
{
    const size_t r = w.n.size();
    if (r == 0) {
        f(0LL);
        return;
    }
    for (long long n : w.n)
        if (n <= 0)
            return;
    std::vector<long long> idx(r, 0);
    const long long nLast = w.n[r - 1], sLast = w.s[r - 1];
    long long base = 0;
    for (;;) {
        long long off = base;
        for (long long i = 0; i < nLast; ++i, off += sLast)
            f(off);
        // odometer over the outer dimensions
        size_t k = r - 1;
        for (;;) {
            if (k == 0)
                return;
            --k;
            ++idx[k];
            base += w.s[k];
            if (idx[k] < w.n[k])
                break;
            base -= w.s[k] * w.n[k];
            idx[k] = 0;
        }
    }
}

// Lowest and highest offset (in reals) the walk reaches.
void walk_span(const Walk& w, long long* lo, long long* hi);

// Drops size-1 loop dimensions and merges nested ones (a loop that steps over another's whole run
// on both sides). Transform dimensions of size 1 are identities and go away, except the last one
// of a real transform (the halved dimension); a c2c or r2r problem left with none is a host copy.
// A size-1 r2r dimension of a DCT or DST kind multiplies by a constant (2, sqrt 2 or 1), which
// goes into pb.scale; false where FFTW has no transform (REDFT00 of one point).
bool simplify(Problem& pb);

// Can the arrays run through a direct plan of this problem? Fills the clFFT description.
struct DirectForm {
    std::vector<long long> n, is, os;
    long long batch = 1, idist = 0, odist = 0;
    bool inPlace = false;
    bool planarIn = false, planarOut = false;
    long long inReach = 0, outReach = 0; // reals, of each array of the side
    bool outDense = true;
};

bool direct_form(const Problem& pb, const Arrays& a, DirectForm* f);

bool same_direct_shape(const DirectForm& f, const DevPlan& d);

} // namespace clfftw

// ---- plans (clfftw3_plan.cpp) ---------------------------------------------------------------------

struct API(plan_s) {
    clfftw::Problem pb;
    clfftw::Arrays arrays; // those given at planning (fftw_execute)
    std::string key; // wisdom key
    bool noop = false; // a loop dimension of size 0
    bool hostOnly = false; // rank-0 transforms: copies on the host
    cl_command_queue queue = nullptr;
    bool hasDirect = false;
    bool directTried = false; // a direct clFFT plan was attempted (at planning or at an execution)
    clfftw::DevPlan direct;
    clfftw::DevPlan packed;
    bool packedTried = false;
    std::mutex execMutex; // executions of one plan take turns

    API(plan_s)() = default;
    API(plan_s)(const API(plan_s)&) = delete;
    API(plan_s)& operator=(const API(plan_s)&) = delete;
    ~API(plan_s)();
};

namespace clfftw {

typedef API(plan_s) Plan;

// Under g_planMutex: the packed plan (gather, out-of-place transform, scatter).
bool make_packed(Plan* p);

// Under g_planMutex: the direct plan for the arrays given at planning.
bool make_direct(Plan* p, const DirectForm& f);

// A plan of the problem for these arrays, or null where it cannot be planned.
Plan* make_plan(Problem pb, const Arrays& a);

void destroy(Plan* p);

// The plan as fftw_sprint_plan shows it. Under g_planMutex.
std::string plan_text(const Plan* p);
// A malloc'd NUL-terminated copy (FFTW's sprint_plan and export_wisdom_to_string hand the
// caller a string to free()); NULL when out of memory.
char* malloc_copy(const std::string& s);

// Points per transform; *transforms: the number of transforms.
double plan_points(const Plan* p, double* transforms);

// ---- from FFTW's argument forms (clfftw3_problem.cpp) ------------------------------------------

// Array descriptions from the FFTW argument forms.
Arrays complex_io(complex_t* in, complex_t* out);

Plan* plan_many_c2c(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride, int idist,
                    complex_t* out, const int* onembed, int ostride, int odist, int sign, unsigned flags);
Plan* plan_many_r2c(int rank, const int* n, int howmany, real_t* in, const int* inembed, int istride, int idist,
                    complex_t* out, const int* onembed, int ostride, int odist, unsigned flags);
Plan* plan_many_c2r(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride, int idist,
                    real_t* out, const int* onembed, int ostride, int odist, unsigned flags);

// The guru interfaces, IO = iodim_t or iodim64_t (both instantiated in clfftw3_problem.cpp); unit:
// reals per element of the complex sides (2 interleaved, 1 split).
template <class IO>
Plan* guru_c2c(int rank, const IO* dims, int hrank, const IO* hdims, real_t* ri, real_t* ii, real_t* ro, real_t* io,
               int sign, unsigned flags, int unit);
template <class IO>
Plan* guru_r2c(int rank, const IO* dims, int hrank, const IO* hdims, real_t* in, real_t* ro, real_t* io,
               unsigned flags, int unit);
template <class IO>
Plan* guru_c2r(int rank, const IO* dims, int hrank, const IO* hdims, real_t* ri, real_t* ii, real_t* out,
               unsigned flags, int unit);

// Real-to-real: kinds[i] along dimension i (FFTW's numbering, which clfftNgR2RKind shares).
Plan* plan_many_r2r(int rank, const int* n, int howmany, real_t* in, const int* inembed, int istride, int idist,
                    real_t* out, const int* onembed, int ostride, int odist, const r2r_kind_t* kinds, unsigned flags);
template <class IO>
Plan* guru_r2r(int rank, const IO* dims, int hrank, const IO* hdims, real_t* in, real_t* out,
               const r2r_kind_t* kinds, unsigned flags);

// ---- wisdom (clfftw3_wisdom.cpp) ------------------------------------------------------------------

// The wisdom key of a problem planned for these arrays.
std::string problem_key(const Problem& pb, const Arrays& a);

// ---- execution (clfftw3_execute.cpp) --------------------------------------------------------------

// Runs the plan on these arrays (the planning ones or new ones), direct where they fit.
void execute_arrays(Plan* p, const Arrays& a);

} // namespace clfftw
