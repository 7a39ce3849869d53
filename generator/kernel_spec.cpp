#include "kernel_spec.h"

#include "lanes.h"

#include <sstream>

namespace clfft_ng {

std::size_t complexBytes(Precision p) { return p == Precision::Double ? 16 : 8; }

bool KernelSpec::usesLocalMemory() const
{
    // Between radix passes; before the first pass of a real backward transform (the
    // hermitian half is expanded there); after the last pass of an even real forward one.
    if (kind == PassKind::RealMerge || kind == PassKind::RealSplit)
        return false;
    return row.width || radices.size() >= 2 || kind == PassKind::RealBackward || kind == PassKind::Bluestein ||
           kind == PassKind::Rader || (kind == PassKind::RealForward && halfLengthReal());
}

std::size_t KernelSpec::localMemBytes() const
{
    if (!usesLocalMemory())
        return 0;
    if (lane.width)
        return laneLocalBuffers(*this) * lane.width * length * complexBytes(precision);
    if (row.width) // two buffers of the passes' vectors, each with a vector to spare (row_lanes.cpp)
        return transformsPerGroup * 2 * (length + row.width) * complexBytes(precision);
    return transformsPerGroup * length * complexBytes(precision) / (stockham.splitExchange ? 2 : 1);
}

static const char* layoutTag(ComplexLayout l) { return l == ComplexLayout::Interleaved ? "i" : "p"; }

std::string KernelSpec::kernelName() const
{
    std::ostringstream os;
    switch (kind) {
    case PassKind::Complex: os << "fft_c2c_n" << length; break;
    case PassKind::RealForward: os << "fft_r2c_n" << realLength; break;
    case PassKind::RealBackward: os << "fft_c2r_n" << realLength; break;
    case PassKind::RealMerge: os << "fft_r2c_merge_n" << realLength; break;
    case PassKind::RealSplit: os << "fft_c2r_split_n" << realLength; break;
    case PassKind::Bluestein:
        os << (realDirection > 0 ? "fft_r2c" : realDirection < 0 ? "fft_c2r" : "fft_c2c") << "_bluestein_n"
           << transformLength << "_m" << length;
        break;
    case PassKind::Rader: os << (realDirection > 0 ? "fft_r2c" : realDirection < 0 ? "fft_c2r" : "fft_c2c") << "_rader_n" << transformLength; break;
    }
    os << "_r";
    if (radices.empty())
        os << "1";
    for (std::size_t i = 0; i < radices.size(); ++i)
        os << (i ? "x" : "") << radices[i];
    os << (precision == Precision::Double ? "_dp" : "_sp") << "_";
    // The real side of a real pass has no layout choice: it is written "r".
    os << (realInputSide() ? "r" : layoutTag(inLayout)) << (realOutputSide() ? "r" : layoutTag(outLayout));
    if (lane.width)
        os << "_v" << lane.width << "l" << lane.dim << (lane.gatherIn ? "g" : "") << (lane.gatherOut ? "s" : "")
           << (lane.full ? "" : "p") << (lane.realPairs ? "u" : "") << (lane.oneBuffer ? "o" : "") << "t" << threadsPerTransform;
    else if (row.width)
        os << "_w" << row.width << (row.pairs ? "p" : "") << "b" << transformsPerGroup << "t" << threadsPerTransform;
    else
        os << "_b" << transformsPerGroup << "t" << threadsPerTransform << (stockham.transformMajor ? "c" : "r");
    os << "_d" << batchDims << (index64 ? "_i64" : "") << (stockham.splitExchange ? "_sx" : "")
       << (stageTwiddleLength ? "_tw" + std::to_string(stageTwiddleLength) : "");
    if (fusedStep != FusedStep::None)
        os << (fusedStep == FusedStep::Load       ? "_bsload"
               : fusedStep == FusedStep::Multiply ? "_bsmul"
               : fusedStep == FusedStep::Store    ? "_bsstore"
               : fusedStep == FusedStep::RealLoad ? "_rload"
                                                          : "_rstore")
           << transformLength << "m" << bluesteinPadded << "s" << fusedPositionStride
           << (realDirection > 0 ? "r" : realDirection < 0 ? "h" : "");
    os << (inPlace ? "_ip" : "") << (pre.present ? "_pre" : "")
       << (post.present ? "_post" : "");
    return os.str();
}

std::string KernelSpec::describe() const
{
    std::ostringstream os;
    switch (kind) {
    case PassKind::Complex: os << "complex, length " << length; break;
    case PassKind::RealForward: os << "real forward, length " << realLength << " (complex FFT of " << length << ")"; break;
    case PassKind::RealBackward: os << "real backward, length " << realLength << " (complex FFT of " << length << ")"; break;
    case PassKind::RealMerge: os << "real forward merge step, length " << realLength; break;
    case PassKind::RealSplit: os << "real backward split step, length " << realLength; break;
    case PassKind::Bluestein: os << "complex, length " << transformLength << " by Bluestein over " << length; break;
    case PassKind::Rader: os << "complex, prime length " << transformLength << " by Rader over " << length; break;
    }
    os << ", radices";
    for (int r : radices)
        os << " " << r;
    os << ", " << (precision == Precision::Double ? "double" : "single") << ", in "
       << (inLayout == ComplexLayout::Interleaved ? "interleaved" : "planar") << ", out "
       << (outLayout == ComplexLayout::Interleaved ? "interleaved" : "planar") << ", "
       << (lane.width ? "vectors of " + std::to_string(lane.width) + " transforms along batch dim " +
                           std::to_string(lane.dim) + ", "
           : row.width ? std::to_string(row.width) + " points per vector" + (row.pairs ? " from two rows" : "") + ", " +
                            std::to_string(transformsPerGroup) + " transform(s) x "
                      : std::to_string(transformsPerGroup) + " transform(s) x ")
       << threadsPerTransform << " work-item(s) per group"
       << (stockham.transformMajor ? " (transform-major)" : "") << ", " << batchDims << " batch dim(s)"
       << (index64 ? ", 64-bit indices" : "") << (stockham.splitExchange ? ", split exchange" : "")
       << (stageTwiddleLength ? ", stage twiddles of " + std::to_string(stageTwiddleLength) : "")
       << (inPlace ? ", in place" : "")
       << (pre.present ? ", pre-callback " + pre.functionName : "")
       << (post.present ? ", post-callback " + post.functionName : "");
    return os.str();
}

bool KernelSpec::operator==(const KernelSpec& o) const { return fields() == o.fields(); }

} // namespace clfft_ng
