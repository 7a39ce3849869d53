#include "kernel_prelude.h"

#include "kernel_args.h"
#include "storage.h"

namespace clfft_ng {

std::string kernelHeaderComment(const KernelSpec& spec, const std::vector<std::string>& notes)
{
    std::string text = "// clfft-ng generated kernel: " + spec.kernelName() + "\n// " + spec.describe() + "\n";
    for (const std::string& note : notes)
        text += "// " + note + "\n";
    return text;
}

std::string precisionTypes(const KernelSpec& spec, const std::vector<std::pair<std::string, std::string>>& vectors)
{
    const std::string real = spec.precision == Precision::Double ? "double" : "float";
    std::string text;
    if (spec.precision == Precision::Double)
        text += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
    text += "typedef " + real + " real_t;\ntypedef " + real + "2 real2_t;\n";
    for (const auto& [name, width] : vectors)
        text += "typedef " + real + width + " " + name + ";\n";
    text += spec.index64 ? "typedef ulong idx_t;\n\n" : "typedef uint idx_t;\n\n";
    return text + storageFunctions(spec);
}

std::string streamStoreFunctions(const KernelSpec& spec, const std::vector<std::size_t>& counts)
{
    if (!spec.streamStores)
        return {};
    const std::size_t realBytes = complexBytes(spec.precision) / 2;
    std::string text;
    for (std::size_t n : counts) {
        const std::string c = std::to_string(n), type = (realBytes == 8 ? "double" : "float") + c;
        text += "static inline void stream" + c + "(" + type + " v, __global real_t* p)\n{\n    if ((((ulong)p) & " +
                std::to_string(n * realBytes - 1) + "u) == 0u)\n        __builtin_nontemporal_store(v, (__global " + type +
                "*)p);\n    else\n        vstore" + c + "(v, 0, p);\n}\n\n";
    }
    return text;
}

std::string vectorStore(const KernelSpec& spec, std::size_t count, const std::string& value, const std::string& p)
{
    const std::string c = std::to_string(count);
    return spec.streamStores ? "stream" + c + "(" + value + ", " + p + ");" : "vstore" + c + "(" + value + ", 0, " + p + ");";
}

std::string complexMultiply()
{
    return "static inline real2_t cmul(real2_t a, real2_t b)\n{\n"
           "    return (real2_t)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);\n}\n\n";
}

std::string callbackSources(const KernelSpec& spec)
{
    std::string text;
    if (spec.pre.present)
        text += "// ---- pre-callback (client code)\n" + spec.pre.source + "\n// ---- end of pre-callback\n\n";
    if (spec.post.present)
        text += "// ---- post-callback (client code)\n" + spec.post.source + "\n// ---- end of post-callback\n\n";
    return text;
}

std::string kernelSignature(const KernelSpec& spec, std::size_t workGroupSize)
{
    return "__kernel __attribute__((reqd_work_group_size(" + std::to_string(workGroupSize) + ", 1, 1)))\nvoid " +
           spec.kernelName() + "(\n" + kernelParameters(spec) + "\n{\n";
}

std::string batchOffsets(const KernelSpec& spec, const std::string& indent, const std::string& inOff,
                         const std::string& outOff)
{
    std::string text;
    for (int d = 0; d + 1 < spec.batchDims; ++d) {
        const std::string n = std::to_string(d);
        text += indent + "{ const idx_t c = rest % count" + n + "; rest /= count" + n + "; " + inOff + " += c * inStride" +
                n + "; " + outOff + " += c * outStride" + n + "; }\n";
    }
    const std::string last = std::to_string(spec.batchDims - 1);
    return text + indent + inOff + " += rest * inStride" + last + "; " + outOff + " += rest * outStride" + last + ";";
}

} // namespace clfft_ng
