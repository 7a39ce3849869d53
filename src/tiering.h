// Tiers of a plan (issue 62, docs/cache.md "Tiers"): the generic tier runs any supported plan
// with one program per precision whose kernels take the sizes as arguments (generator/generic.h),
// so a new size needs no compile; the specialized tier is the generated kernels of plan.cpp.
#pragma once

#include "executor.h"
#include "plan.h"
#include "problem.h"

#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clfft_ng {

// Values of clfftNgTiering (include/clFFT-ng.h).
enum class TierMode { Auto = 0, SpecializedOnly = 1, GenericOnly = 2 };

// The plan's mode: its own (clfftNgSetPlanTiering), else CLFFT_NG_TIERING, else the default.
TierMode tierModeOf(const PlanSettings& settings);
TierMode tierModeFromEnvironment();
const char* tierModeName(TierMode mode);

// Empty when the generic tier can run the problem, else why not (printed in the plan).
std::string genericUnsupported(const Problem& problem, const PlanSettings& settings);

// One side of a generic pass: which buffer, how values sit there, the stride along the
// transform and the strides of the three outer axes (in the side's elements).
struct GenericView {
    enum class Role { Input, Output, Tmp0, Tmp1, TmpH } role = Role::Input;
    int layout = 0; // GenericLayout
    int storage = 0; // the client's 16-bit values: 1 half, 2 bfloat16 (the kernels' layout + 4 x storage)
    std::size_t stride = 1;
    std::array<std::size_t, 3> outer{{0, 0, 0}};
};

// A constant table of the generic passes: the n roots of unity of length n, Bluestein's chirp of
// length n, or the spectrum of its convolution kernel for n points padded to m.
struct GenericTable {
    enum class Kind { Roots, Chirp, Spectrum } kind = Kind::Roots;
    std::size_t n = 1, m = 0;
    std::size_t entries() const { return kind == Kind::Spectrum ? m : n; }
    bool operator==(const GenericTable& o) const { return kind == o.kind && n == o.n && m == o.m; }
};

struct GenericPass {
    // Stockham: a radix pass (the DFT kernel past the butterflies); BluesteinIn: chirped rows
    // padded to `span`; Pointwise: values times the table (the spectrum, or the output chirp).
    enum class Op { Stockham, BluesteinIn, Pointwise } op = Op::Stockham;
    int fixedSign = 0; // Bluestein's inner FFTs: +1 forward, -1 backward whatever the client's direction
    GenericView src, dst;
    std::array<std::size_t, 3> counts{{1, 1, 1}}; // outer axes
    std::size_t n = 1, radix = 1, span = 1;
    std::size_t table = 0; // index into GenericBake::tables
    bool hermIn = false;
    std::size_t outLimit = 0;
    bool scaled = false; // the plan's scale applies to its stores
    std::size_t axis = 0; // the axis (axesOf) its rows run along
    // Zero-input ranges of the values it reads and skipped-output ranges of those it stores
    // (docs/zero-padding.md), [lo, hi) by index: 0 the position along the row, 1-3 the outer
    // axes; lo == hi: none. Set where the pass reads the client's input or writes its output.
    std::array<std::size_t, 4> zeroLo{}, zeroHi{}, skipLo{}, skipHi{};
};

// A specialized bake running in the background for a plan on the generic tier (AUTO).
struct TierJob;

struct GenericBake {
    ~GenericBake();               // cancels a background bake not started yet
    std::shared_ptr<TierJob> job; // AUTO: the specialized bake that replaces this tier
    bool doublePrecision = false;
    ProgramRef program;
    KernelRef radixKernel, dftKernel, bluesteinInKernel, pointwiseKernel;
    std::map<std::size_t, KernelRef> codeletKernels; // by radix (genericCodeletRadices)
    std::size_t localSize = 64;
    std::vector<MemRef> tables;
    std::vector<GenericPass> passes;
    std::size_t tmpBytes = 0;  // each of Tmp0, Tmp1
    std::size_t tmpHBytes = 0; // TmpH: a C2R plan's hermitian rows after the outer dimensions, or
                               // any plan's rows between dimensions when its output has skipped
                               // ranges or 16-bit storage
    struct Scratch {
        MemRef tmp0, tmp1, tmpH;
    };
    std::map<cl_command_queue, Scratch> scratch;
};

// Plans the generic passes of `problem` (no OpenCL calls; the tests read the pass list).
void planGenericPasses(const Problem& problem, GenericBake* bake, std::vector<GenericTable>* tables);

// Bakes `plan` on the generic tier when its mode asks for it and the tier can run it: true
// then (plan.generic and an empty plan.baked holding the explanation are set). False leaves
// the plan to the specialized bake; *note then says why when the mode asked for the generic tier.
// AUTO also starts the specialized bake on a background worker (on `queue`'s device).
bool bakeGenericTier(Plan& plan, cl_command_queue queue, cl_device_id device, const Problem& problem,
                     std::string* note);

// Drops the background bakes not started and waits for the one running (clfftTeardown, exit).
void cancelBackgroundCompiles();

// Background bakes that failed since the library was loaded (the plan kept its generic tier).
std::size_t backgroundCompileFailures();

// Enqueues a plan baked on the generic tier (plan mutex held); a specialized bake finished in the
// background replaces the tier first. Throws StatusError.
void enqueueGenericTier(Plan& plan, const EnqueueRequest& request);

} // namespace clfft_ng
