// Source text of global accesses by a side's storage (KernelSpec::inStorage, outStorage): the
// plan's precision as it is, or 16-bit values widened to single precision on load and rounded to
// nearest even on store (docs/precision.md). Half uses core OpenCL C's vload_half/vstore_half_rte
// (no cl_khr_fp16 needed); bfloat16 is the upper half of a float's bits, rounded by integer steps.
#pragma once

#include "kernel_prelude.h"
#include "kernel_spec.h"

#include <string>

namespace clfft_ng {

// The element type of a buffer of reals (or of the two reals of a complex value) stored as s.
inline std::string storageRealType(Storage s)
{
    return s == Storage::Half ? "half" : s == Storage::BFloat16 ? "ushort" : "real_t";
}

// Functions the accesses below call (bfloat16 only); emitted once per kernel with the typedefs.
// A NaN keeps a mantissa bit (quiet) so that rounding cannot carry it into an infinity.
inline std::string storageFunctions(Storage in, Storage out)
{
    if (in != Storage::BFloat16 && out != Storage::BFloat16)
        return {};
    std::string t = "static inline float bf16Load(ushort b) { return as_float((uint)b << 16); }\n"
                    "static inline ushort bf16Round(float f)\n{\n"
                    "    const uint u = as_uint(f);\n"
                    "    if ((u & 0x7fffffffu) > 0x7f800000u)\n        return (ushort)((u >> 16) | 0x40u);\n"
                    "    return (ushort)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);\n}\n";
    for (const char* n : {"2", "4", "8", "16"}) {
        const std::string N = n;
        t += "static inline float" + N + " bf16Load" + N + "(ushort" + N + " b) { return as_float" + N + "(convert_uint" + N +
             "(b) << 16); }\n";
        // integer steps only (a blend by the NaN mask, no select or isnan calls)
        t += "static inline ushort" + N + " bf16Round" + N + "(float" + N + " v)\n{\n    const uint" + N + " u = as_uint" + N +
             "(v), r = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16, q = (u >> 16) | 0x40u;\n    const uint" + N +
             " nan = as_uint" + N + "((u & 0x7fffffffu) > 0x7f800000u);\n    return convert_ushort" + N + "(r ^ ((r ^ q) & nan));\n}\n";
    }
    return t + "\n";
}

inline std::string storageFunctions(const KernelSpec& spec) { return storageFunctions(spec.inStorage, spec.outStorage); }

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

// `n` consecutive reals (a vector) from element `at` of buffer p of the side's storage. Native
// buffers are cast to reals only where p is a complex interleaved side's (`complexSide`).
inline std::string loadVectorAt(Storage s, std::size_t n, const std::string& p, const std::string& at, bool complexSide = false)
{
    const std::string N = std::to_string(n);
    const std::string ptr = s == Storage::Native && !complexSide
                                ? p + " + " + at
                                : "(__global const " + storageRealType(s) + "*)" + p + " + " + at;
    if (s == Storage::Half)
        return "vload_half" + N + "(0, " + ptr + ")";
    if (s == Storage::BFloat16)
        return "bf16Load" + N + "(vload" + N + "(0, " + ptr + "))";
    return "vload" + N + "(0, " + ptr + ")";
}

// Statement storing vector v of n reals at element `at` of buffer p (Native: vectorStore, which
// streams past the caches where the spec says so).
inline std::string storeVectorAt(const KernelSpec& spec, Storage s, std::size_t n, const std::string& v,
                                 const std::string& p, const std::string& at, bool complexSide = false, bool mayStream = true)
{
    const std::string N = std::to_string(n);
    const std::string ptr = s == Storage::Native && !complexSide ? p + " + " + at
                                                                 : "(__global " + storageRealType(s) + "*)" + p + " + " + at;
    if (s == Storage::Half)
        return "vstore_half" + N + "_rte(" + v + ", 0, " + ptr + ");";
    if (s == Storage::BFloat16)
        return "vstore" + N + "(bf16Round" + N + "(" + v + "), 0, " + ptr + ");";
    return mayStream ? vectorStore(spec, n, v, ptr) : "vstore" + N + "(" + v + ", 0, " + ptr + ");";
}

// Vector `index` (elements index * n to index * n + n - 1) of buffer p, as OpenCL C's vloadn.
inline std::string loadVectorIndexed(Storage s, std::size_t n, const std::string& index, const std::string& p)
{
    const std::string N = std::to_string(n);
    if (s == Storage::Half)
        return "vload_half" + N + "(" + index + ", " + p + ")";
    if (s == Storage::BFloat16)
        return "bf16Load" + N + "(vload" + N + "(" + index + ", " + p + "))";
    return "vload" + N + "(" + index + ", " + p + ")";
}

// Statement storing vector v as vector `index` of buffer p, as OpenCL C's vstoren.
inline std::string storeVectorIndexed(Storage s, std::size_t n, const std::string& v, const std::string& index,
                                      const std::string& p)
{
    const std::string N = std::to_string(n);
    if (s == Storage::Half)
        return "vstore_half" + N + "_rte(" + v + ", " + index + ", " + p + ");";
    if (s == Storage::BFloat16)
        return "vstore" + N + "(bf16Round" + N + "(" + v + "), " + index + ", " + p + ");";
    return "vstore" + N + "(" + v + ", " + index + ", " + p + ");";
}

} // namespace clfft_ng
