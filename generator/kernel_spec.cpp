#include "kernel_spec.h"

#include <sstream>

namespace clfft_ng {

std::size_t complexBytes(Precision p) { return p == Precision::Double ? 16 : 8; }

std::size_t KernelSpec::localMemBytes() const
{
    if (radices.size() < 2)
        return 0; // a single radix pass goes straight from global memory to global memory
    return transformsPerGroup * length * complexBytes(precision) / (splitExchange ? 2 : 1);
}

static const char* layoutTag(ComplexLayout l) { return l == ComplexLayout::Interleaved ? "i" : "p"; }

std::string KernelSpec::kernelName() const
{
    std::ostringstream os;
    os << "fft_c2c_n" << length << "_r";
    if (radices.empty())
        os << "1";
    for (std::size_t i = 0; i < radices.size(); ++i)
        os << (i ? "x" : "") << radices[i];
    os << (precision == Precision::Double ? "_dp" : "_sp") << "_" << layoutTag(inLayout) << layoutTag(outLayout)
       << "_b" << transformsPerGroup << "t" << threadsPerTransform << (transformMajorThreads ? "c" : "r")
       << "_d" << batchDims << (index64 ? "_i64" : "") << (splitExchange ? "_sx" : "");
    return os.str();
}

std::string KernelSpec::describe() const
{
    std::ostringstream os;
    os << "length " << length << ", radices";
    for (int r : radices)
        os << " " << r;
    os << ", " << (precision == Precision::Double ? "double" : "single") << ", in "
       << (inLayout == ComplexLayout::Interleaved ? "interleaved" : "planar") << ", out "
       << (outLayout == ComplexLayout::Interleaved ? "interleaved" : "planar") << ", " << transformsPerGroup
       << " transform(s) x " << threadsPerTransform << " work-item(s) per group"
       << (transformMajorThreads ? " (transform-major)" : "") << ", " << batchDims << " batch dim(s)"
       << (index64 ? ", 64-bit indices" : "") << (splitExchange ? ", split exchange" : "");
    return os.str();
}

bool KernelSpec::operator==(const KernelSpec& o) const
{
    return length == o.length && radices == o.radices && precision == o.precision && inLayout == o.inLayout &&
           outLayout == o.outLayout && batchDims == o.batchDims && transformsPerGroup == o.transformsPerGroup &&
           threadsPerTransform == o.threadsPerTransform && transformMajorThreads == o.transformMajorThreads &&
           index64 == o.index64 && splitExchange == o.splitExchange;
}

} // namespace clfft_ng
