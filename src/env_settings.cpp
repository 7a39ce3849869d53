#include "env_settings.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>
#include <string>

namespace clfft_ng {

namespace {

// Present in the environment, even empty: how the diagnostic flags have always been read.
bool isSet(const char* name) { return std::getenv(name) != nullptr; }

// A switch set to 0: the comparison switches are on unless exactly "0".
bool switchedOff(const char* name)
{
    const char* e = std::getenv(name);
    return e && std::string(e) == "0";
}

// A byte count; unset or empty leaves the device's or profile's value (strtoull: no digits is 0).
std::optional<std::size_t> bytesOf(const char* name)
{
    const char* v = std::getenv(name);
    if (!v || !*v)
        return std::nullopt;
    return static_cast<std::size_t>(std::strtoull(v, nullptr, 10));
}

Rigor rigorOf(const char* name)
{
    const char* e = std::getenv(name);
    if (!e || !*e)
        return Rigor::Estimate;
    const std::string v = e;
    if (v == "measure")
        return Rigor::Measure;
    if (v == "exhaustive")
        return Rigor::Exhaustive;
    if (v != "estimate")
        warnUnknownSetting(name, e, "estimate, measure, exhaustive", "estimate");
    return Rigor::Estimate;
}

} // namespace

void warnUnknownSetting(const char* name, const char* value, const char* accepted, const char* fallback)
{
    if (isSet("CLFFT_QUIET"))
        return;
    static std::mutex mutex;
    static std::set<std::string> warned;
    std::lock_guard<std::mutex> lock(mutex);
    if (!warned.insert(std::string(name) + "=" + value).second)
        return;
    std::fprintf(stderr, "clfft-ng: ignoring %s=%s (takes %s); using %s\n", name, value, accepted, fallback);
}

EnvSettings EnvSettings::fromEnvironment()
{
    EnvSettings e;
    e.quiet = isSet("CLFFT_QUIET");
    e.dumpPrograms = isSet("CLFFT_DUMP_PROGRAMS");
    e.noLibraryMemory = isSet("CLFFT_REQUEST_LIB_NOMEMALLOC");
    e.rigor = rigorOf("CLFFT_NG_RIGOR");
    if (const char* c = std::getenv("CLFFT_NG_CANDIDATE"); c && *c) {
        e.chooseCandidate = true;
        const std::string text = c;
        if (text.find_first_not_of("0123456789") != std::string::npos)
            e.candidateLabel = text;
        else
            e.candidateIndex = std::strtoull(c, nullptr, 10);
    }
    if (const char* set = std::getenv("CLFFT_NG_CANDIDATE_SET"); set && std::string(set) == "exhaustive")
        e.candidateSet = CandidateSet::Exhaustive;
    if (const char* x = std::getenv("CLFFT_NG_EXPLAIN"); x && *x && *x != '0')
        e.explain = true;
    e.profile = isSet("CLFFT_NG_PROFILE");
    if (const char* f = std::getenv("CLFFT_NG_FORMS"))
        e.forms = f;
    e.localMemLimit = bytesOf("CLFFT_NG_LOCAL_MEM_LIMIT");
    e.laneGroupBytes = bytesOf("CLFFT_NG_LANE_GROUP_BYTES");
    e.cacheBytes = bytesOf("CLFFT_NG_CACHE_BYTES");
    e.lanes = !switchedOff("CLFFT_NG_LANES");
    e.rowLanes = !switchedOff("CLFFT_NG_ROW_LANES");
    e.rowVectors = !switchedOff("CLFFT_NG_ROW_VECTORS");
    e.rowLaneBluestein = !switchedOff("CLFFT_NG_ROW_LANE_BLUESTEIN");
    e.rowChunks = !switchedOff("CLFFT_NG_ROW_CHUNKS");
    e.rowBlocks = !switchedOff("CLFFT_NG_ROW_BLOCKS");
    e.paddedDims = !switchedOff("CLFFT_NG_PADDED_DIMS");
    e.rowPieces = !switchedOff("CLFFT_NG_ROW_PIECES");
    return e;
}

DeviceClass EnvSettings::deviceClass(DeviceClass detected, bool cpuDevice) const
{
    // The forms of the other device class, to check them on a simulated device (Oclgrind
    // reports a GPU; the CPU forms must be as clean under it as the GPU forms).
    if (forms == "cpu")
        return DeviceClass::Cpu;
    if (forms == "cpu-intel")
        return DeviceClass::CpuIntel;
    if (forms == "cpu-zen5")
        return DeviceClass::CpuAmdZen5;
    if (forms == "gpu" && cpuDevice)
        return DeviceClass::GpuGeneric;
    if (forms == "gpu-nvidia")
        return DeviceClass::GpuNvidia;
    if (forms == "gpu-amd")
        return DeviceClass::GpuAmd;
    if (forms == "gpu-intel")
        return DeviceClass::GpuIntel;
    if (!forms.empty() && forms != "gpu")
        warnUnknownSetting("CLFFT_NG_FORMS", forms.c_str(), "cpu, cpu-intel, cpu-zen5, gpu, gpu-nvidia, gpu-amd, gpu-intel",
                           "the device's own forms");
    return detected;
}

void EnvSettings::applyTo(DeviceLimits& limits, bool cpuDevice) const
{
    // A smaller local memory can be imposed to exercise the paths small-memory devices take.
    if (localMemLimit)
        limits.localMemBytes = std::min(limits.localMemBytes, *localMemLimit);
    limits.deviceClass = deviceClass(limits.deviceClass, cpuDevice);
    // Switches for comparisons (docs/tuning.md): the CPU kernel forms off.
    limits.laneKernels = lanes;
    limits.rowLaneKernels = rowLanes;
    limits.rowVectorKernels = rowVectors;
    limits.rowLaneBluestein = rowLaneBluestein;
    limits.laneRowChunks = rowChunks;
    limits.laneRowBlocks = rowBlocks;
    limits.paddedDims = paddedDims;
    if (laneGroupBytes)
        limits.laneGroupBytes = *laneGroupBytes;
    if (cacheBytes)
        limits.cacheBytes = *cacheBytes;
    limits.noLibraryMemory = noLibraryMemory;
}

} // namespace clfft_ng
