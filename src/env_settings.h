// The environment variables the library reads to plan and bake, read in one place
// (env_settings.cpp). Not `PlanSettings`: that name is the client's settings (plan.h).
//
// | variable                        | meaning                                                   | default        |
// |---------------------------------|-----------------------------------------------------------|----------------|
// | CLFFT_QUIET                     | set: no compiler log on stderr when a kernel fails to build| unset: printed |
// | CLFFT_DUMP_PROGRAMS             | set: every generated kernel written to <kernel>.cl         | unset          |
// | CLFFT_REQUEST_LIB_NOMEMALLOC    | set: plans work in the client's buffers where they can     | unset          |
// | CLFFT_NG_RIGOR                  | estimate / measure / exhaustive: rigor of plans whose      | estimate       |
// |                                 | client set none (anything else: estimate, with a warning)  |                |
// | CLFFT_NG_CANDIDATE              | k: bake candidate k of planCandidates; non-digits: the     | unset: profile |
// |                                 | candidate of that variant name                             |                |
// | CLFFT_NG_CANDIDATE_SET          | exhaustive: CLFFT_NG_CANDIDATE counts in the exhaustive set| default set    |
// | CLFFT_NG_EXPLAIN                | non-empty, not starting with 0: each bake prints its plan  | unset          |
// | CLFFT_NG_PROFILE                | set: every kernel waited for and timed (read once)         | unset          |
// | CLFFT_NG_FORMS                  | cpu, cpu-intel, cpu-zen5, gpu (on a CPU device),           | the device's   |
// |                                 | gpu-nvidia, gpu-amd, gpu-intel: that profile's forms       | own profile    |
// | CLFFT_NG_LOCAL_MEM_LIMIT        | bytes: plan for at most this much local memory             | the device's   |
// | CLFFT_NG_LANE_GROUP_BYTES       | bytes: replaces the profile's laneGroupBytes               | the profile's  |
// | CLFFT_NG_CACHE_BYTES            | bytes: replaces CL_DEVICE_GLOBAL_MEM_CACHE_SIZE            | the device's   |
// | CLFFT_NG_LANES                  | 0: no lane or row-lane kernels                             | on             |
// | CLFFT_NG_ROW_LANES              | 0: no row-lane kernels                                     | on             |
// | CLFFT_NG_ROW_VECTORS            | 0: no row-vector kernels                                   | on             |
// | CLFFT_NG_ROW_LANE_BLUESTEIN     | 0: Bluestein rows not in row-lane kernels                  | on             |
// | CLFFT_NG_ROW_CHUNKS             | 0: lane kernels gather rows point by point                 | on             |
// | CLFFT_NG_ROW_BLOCKS             | 0: short contiguous rows not moved as one block            | on             |
// | CLFFT_NG_PADDED_DIMS            | 0: 2D/3D complex plans keep dimension 0 first              | on             |
// | CLFFT_NG_ROW_PIECES             | 0: 2D over several devices exchanges pencils instead       | on             |
//
// "set" means present in the environment, empty included. Every value is read at each bake
// (tests change them between plans), except CLFFT_NG_PROFILE, read at the first enqueue. The
// kernel cache (cache/), MPI (mpi/) and FFTW (fftw3/) layers read their own: docs/environment.md
// lists them all.
#pragma once

#include "planner.h"
#include "wisdom.h"

#include <cstddef>
#include <optional>
#include <string>

namespace clfft_ng {

struct EnvSettings {
    bool quiet = false;
    bool dumpPrograms = false;
    bool noLibraryMemory = false;
    Rigor rigor = Rigor::Estimate;
    // CLFFT_NG_CANDIDATE: a candidate instead of the profile's plan, by index or by variant name
    // (a test of one variant then stays on it when the list of candidates changes).
    bool chooseCandidate = false;
    std::size_t candidateIndex = 0;
    std::string candidateLabel; // non-empty: choose by variant name
    CandidateSet candidateSet = CandidateSet::Default;
    bool explain = false;
    bool profile = false;
    std::string forms; // CLFFT_NG_FORMS as given (empty: unset)
    std::optional<std::size_t> localMemLimit;
    std::optional<std::size_t> laneGroupBytes;
    std::optional<std::size_t> cacheBytes;
    bool lanes = true;
    bool rowLanes = true;
    bool rowVectors = true;
    bool rowLaneBluestein = true;
    bool rowChunks = true;
    bool rowBlocks = true;
    bool paddedDims = true;
    bool rowPieces = true;

    static EnvSettings fromEnvironment();

    // The device class CLFFT_NG_FORMS asks for, or `detected` when it names none that applies.
    DeviceClass deviceClass(DeviceClass detected, bool cpuDevice) const;
    // The planner's limits as the variables above change them (the device's values already in
    // `limits`): local memory cap, device class, form switches, lane groups, cache size.
    void applyTo(DeviceLimits& limits, bool cpuDevice) const;
};

// A choice variable set to none of its values: says so on stderr once per process and value
// (unless CLFFT_QUIET is set), naming the values it takes and the default it falls back to; a
// typo otherwise changes nothing without a word.
void warnUnknownSetting(const char* name, const char* value, const char* accepted, const char* fallback);

} // namespace clfft_ng
