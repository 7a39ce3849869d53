// Source text of global accesses by a side's storage (KernelSpec::inStorage, outStorage): the
// plan's precision as it is, or 16-bit values widened to single precision on load and rounded to
// nearest even on store (docs/precision.md). Half uses core OpenCL C's vload_half/vstore_half_rte
// (no cl_khr_fp16 needed); bfloat16 is the upper half of a float's bits, rounded by integer steps.
#pragma once

#include "kernel_spec.h"

#include <string>

namespace clfft_ng {

// The element type of a buffer of reals (or of the two reals of a complex value) stored as s.
inline std::string storageRealType(Storage s)
{
    return s == Storage::Half ? "half" : s == Storage::BFloat16 ? "ushort" : "real_t";
}

// Functions the accesses below call (bfloat16 only); emitted once per kernel with the typedefs.
inline std::string storageFunctions(const KernelSpec& spec)
{
    if (spec.inStorage != Storage::BFloat16 && spec.outStorage != Storage::BFloat16)
        return {};
    // A NaN keeps a mantissa bit (quiet) so that rounding cannot carry it into an infinity.
    return "static inline float bf16Load(ushort b) { return as_float((uint)b << 16); }\n"
           "static inline float2 bf16Load2(ushort2 b) { return as_float2(convert_uint2(b) << 16); }\n"
           "static inline ushort bf16Round(float f)\n{\n"
           "    const uint u = as_uint(f);\n"
           "    if ((u & 0x7fffffffu) > 0x7f800000u)\n        return (ushort)((u >> 16) | 0x40u);\n"
           "    return (ushort)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);\n}\n"
           "static inline ushort2 bf16Round2(float2 v) { return (ushort2)(bf16Round(v.x), bf16Round(v.y)); }\n\n";
}

// The complex value (real2_t) at element `at` of interleaved buffer p.
inline std::string loadComplexAt(Storage s, const std::string& p, const std::string& at)
{
    if (s == Storage::Half)
        return "vload_half2(" + at + ", " + p + ")";
    if (s == Storage::BFloat16)
        return "bf16Load2(vload2(" + at + ", " + p + "))";
    return p + "[" + at + "]";
}

// The real value at element `at` of buffer p.
inline std::string loadRealAt(Storage s, const std::string& p, const std::string& at)
{
    if (s == Storage::Half)
        return "vload_half(" + at + ", " + p + ")";
    if (s == Storage::BFloat16)
        return "bf16Load(" + p + "[" + at + "])";
    return p + "[" + at + "]";
}

// Statement storing complex `v` at element `at` of interleaved buffer p.
inline std::string storeComplexAt(Storage s, const std::string& p, const std::string& at, const std::string& v)
{
    if (s == Storage::Half)
        return "vstore_half2_rte(" + v + ", " + at + ", " + p + ");";
    if (s == Storage::BFloat16)
        return "vstore2(bf16Round2(" + v + "), " + at + ", " + p + ");";
    return p + "[" + at + "] = " + v + ";";
}

// Statement storing real `v` at element `at` of buffer p.
inline std::string storeRealAt(Storage s, const std::string& p, const std::string& at, const std::string& v)
{
    if (s == Storage::Half)
        return "vstore_half_rte(" + v + ", " + at + ", " + p + ");";
    if (s == Storage::BFloat16)
        return p + "[" + at + "] = bf16Round(" + v + ");";
    return p + "[" + at + "] = " + v + ";";
}

} // namespace clfft_ng
