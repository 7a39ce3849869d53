#include "kernel_spec.h"

#include "lanes.h"
#include "row_lanes.h"

#include <sstream>

namespace clfft_ng {

std::size_t complexBytes(Precision p) { return p == Precision::Double ? 16 : 8; }
std::size_t realBytes(Precision p, Storage s) { return s == Storage::Native ? complexBytes(p) / 2 : 2; }

bool KernelSpec::usesLocalMemory() const
{
    // Between radix passes; before the first pass of a real backward transform (the
    // hermitian half is expanded there); after the last pass of an even real forward one.
    // Lane passes in registers exchange through private arrays.
    if (kind == PassKind::RealMerge || kind == PassKind::RealSplit || (lane.width && lane.registers) ||
        (row.width && row.registers) || rowVector.rowsPerGroup)
        return false;
    return row.width || radices.size() >= 2 || convolve || kind == PassKind::RealBackward ||
           kind == PassKind::Bluestein || kind == PassKind::Rader || (kind == PassKind::RealForward && halfLengthReal());
}

std::size_t KernelSpec::localMemBytes() const
{
    if (!usesLocalMemory())
        return 0;
    if (lane.width)
        return laneLocalBuffers(*this) * lane.width * length * complexBytes(precision);
    if (row.width) // two buffers of the passes' vectors (row_lanes.cpp), and a uint read after barriers
        return transformsPerGroup * (row.stacked ? 2 : 1) * 2 * rowLaneBufferVectors(*this) * row.width *
                   complexBytes(precision) + (row.registers || row.tight ? 0 : kRowLaneZeroBytes);
    return transformsPerGroup * length * complexBytes(precision) / (stockham.splitExchange ? 2 : 1);
}

static const char* layoutTag(ComplexLayout l) { return l == ComplexLayout::Interleaved ? "i" : "p"; }
static const char* storageTag(Storage s) { return s == Storage::Half ? "h" : s == Storage::BFloat16 ? "b" : "n"; }

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
           << (lane.full ? "" : "p") << (lane.realPairs ? "u" : "") << (lane.oneBuffer ? "o" : "") << (lane.rowsIn ? "c" : "")
           << (lane.rowsOut ? "k" : "") << (lane.blocksIn ? "q" : "") << (lane.blocksOut ? "z" : "")
           << (lane.setsPerGroup > 1 ? "x" + std::to_string(lane.setsPerGroup) : "") << (lane.registers ? "r" : "") << "t"
           << threadsPerTransform;
    else if (row.width)
    {
        os << "_w" << row.width << (row.pairs ? "p" : "") << (row.stacked ? "h" : "") << (row.registers ? "r" : "") << (row.tight ? "e" : "") << "b" << transformsPerGroup << "t" << threadsPerTransform;
        if (row.pieceLength)
            os << "s" << row.pieceLength << "x" << row.pieceDistance << "o" << row.pieceBase;
    }
    else if (rowVector.rowsPerGroup)
        os << "_y" << rowVector.rowsPerGroup << (rowVector.stack > 1 ? "s" + std::to_string(rowVector.stack) : "");
    else
        os << "_b" << transformsPerGroup << "t" << threadsPerTransform << (stockham.transformMajor ? "c" : "r")
           << (pairVector ? "v" + std::to_string(pairVector) : "");
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
    os << (inPlace ? "_ip" : "") << (streamStores ? "_nt" : "") << (pre.present ? "_pre" : "")
       << (post.present ? "_post" : "");
    if (r2rIn.present())
        os << "_r2ri" << r2rIn.kind << "n" << r2rIn.n << (r2rIn.paired ? "p" : "");
    if (r2rOut.present())
        os << "_r2ro" << r2rOut.kind << "n" << r2rOut.n << (r2rOut.paired ? "p" : "");
    if (inStorage != Storage::Native || outStorage != Storage::Native)
        os << "_s" << storageTag(inStorage) << storageTag(outStorage);
    if (zeroIn.present())
        os << "_z" << zeroIn.begin << "t" << zeroIn.end;
    if (skipOut.present())
        os << "_k" << skipOut.begin << "t" << skipOut.end;
    if (convolve)
        os << (convolve == 2 ? "_xcorr" : "_xconv");
    return os.str();
}

namespace {

const char* kindText(PassKind k)
{
    switch (k) {
    case PassKind::Complex: return "complex";
    case PassKind::RealForward: return "real forward";
    case PassKind::RealBackward: return "real backward";
    case PassKind::RealMerge: return "real merge";
    case PassKind::RealSplit: return "real split";
    case PassKind::Bluestein: return "bluestein";
    case PassKind::Rader: return "rader";
    }
    return "?";
}

const char* stepText(FusedStep f)
{
    switch (f) {
    case FusedStep::None: return "none";
    case FusedStep::Load: return "load";
    case FusedStep::Multiply: return "multiply";
    case FusedStep::Store: return "store";
    case FusedStep::RealLoad: return "real load";
    case FusedStep::RealStore: return "real store";
    }
    return "?";
}

const char* storageText(Storage s)
{
    return s == Storage::Half ? "half" : s == Storage::BFloat16 ? "bfloat16" : "native";
}

std::string radicesText(const std::vector<int>& radices)
{
    std::string t;
    for (std::size_t i = 0; i < radices.size(); ++i)
        t += (i ? "x" : "") + std::to_string(radices[i]);
    return t.empty() ? "-" : t;
}

const char* convolutionText(int convolve) { return convolve == 2 ? "correlate" : convolve ? "convolve" : "none"; }

std::string callbackText(const CallbackCode& c, bool whole)
{
    if (!c.present)
        return "-";
    std::string t = c.functionName + " (" + std::to_string(c.userdataCount) + " userdata, " +
                    std::to_string(c.localMemBytes) + " B local)";
    return whole ? t + "\n" + c.source : t;
}

} // namespace

std::vector<KernelSpec::Field> KernelSpec::fieldList() const
{
    auto n = [](std::size_t v) { return std::to_string(v); };
    auto b = [](bool v) { return std::string(v ? "yes" : "no"); };
    auto layout = [](ComplexLayout l) { return std::string(l == ComplexLayout::Interleaved ? "interleaved" : "planar"); };
    std::vector<Field> f = {
        {"kind", kindText(kind), {}},
        {"real length", n(realLength), {}},
        {"length", n(length), {}},
        {"radices", radicesText(radices), {}},
        {"precision", precision == Precision::Double ? "double" : "single", {}},
        {"in", layout(inLayout), {}},
        {"out", layout(outLayout), {}},
        {"batch dims", std::to_string(batchDims), {}},
        {"64-bit indices", b(index64), {}},
        {"stage twiddles of", n(stageTwiddleLength), {}},
        {"transform length", n(transformLength), {}},
        {"real direction", std::to_string(realDirection), {}},
        {"fused step", stepText(fusedStep), {}},
        {"bluestein M", n(bluesteinPadded), {}},
        {"position stride", n(fusedPositionStride), {}},
        {"in place", b(inPlace), {}},
        {"stream stores", b(streamStores), {}},
        {"pre-callback", callbackText(pre, true), callbackText(pre, false)},
        {"post-callback", callbackText(post, true), callbackText(post, false)},
        {"r2r kind in", std::to_string(r2rIn.kind) + " n " + n(r2rIn.n) + (r2rIn.paired ? " paired columns" : ""), {}},
        {"r2r kind out", std::to_string(r2rOut.kind) + " n " + n(r2rOut.n) + (r2rOut.paired ? " paired columns" : ""), {}},
        {"in storage", storageText(inStorage), {}},
        {"out storage", storageText(outStorage), {}},
        {"zero input", n(zeroIn.begin) + ".." + n(zeroIn.end), {}},
        {"skipped output", n(skipOut.begin) + ".." + n(skipOut.end), {}},
        {"convolution", convolutionText(convolve), {}},
        {"transforms per group", n(transformsPerGroup), {}},
        {"work-items per transform", n(threadsPerTransform), {}},
        {"transform-major", b(stockham.transformMajor), {}},
        {"split exchange", b(stockham.splitExchange), {}},
        {"lanes", n(lane.width), {}},
        {"lane dim", std::to_string(lane.dim), {}},
        {"gathered in", b(lane.gatherIn), {}},
        {"scattered out", b(lane.gatherOut), {}},
        {"full lanes", b(lane.full), {}},
        {"real pairs", b(lane.realPairs), {}},
        {"one local buffer", b(lane.oneBuffer), {}},
        {"rows in by chunks", b(lane.rowsIn), {}},
        {"rows out by chunks", b(lane.rowsOut), {}},
        {"rows in as blocks", b(lane.blocksIn), {}},
        {"rows out as blocks", b(lane.blocksOut), {}},
        {"lane sets per group", n(lane.setsPerGroup), {}},
        {"passes in registers", b(lane.registers), {}},
        {"row lanes", n(row.width), {}},
        {"two rows", b(row.pairs), {}},
        {"two rows per vector", b(row.stacked), {}},
        {"row passes in registers", b(row.registers), {}},
        {"row buffers exactly the row", b(row.tight), {}},
        {"input pieces", n(row.pieceLength), {}},
        {"input piece distance", n(row.pieceDistance), {}},
        {"input piece base", n(row.pieceBase), {}},
        {"rows per vector group", n(rowVector.rowsPerGroup), {}},
        {"rows per vector", n(rowVector.stack), {}},
        {"pairs per vector", n(pairVector), {}},
    };
    for (Field& x : f)
        if (x.summary.empty())
            x.summary = x.value;
    return f;
}

// The fields that differ from a default spec (kind, length and precision always).
std::string KernelSpec::describe() const
{
    const std::vector<Field> mine = fieldList(), base = KernelSpec().fieldList();
    std::string t;
    for (std::size_t i = 0; i < mine.size(); ++i) {
        const std::string name = mine[i].name;
        if (mine[i].value == base[i].value && name != "kind" && name != "length" && name != "precision")
            continue;
        t += (t.empty() ? "" : ", ") + name + " " + mine[i].summary;
    }
    return t;
}

bool KernelSpec::operator==(const KernelSpec& o) const
{
    const std::vector<Field> a = fieldList(), b = o.fieldList();
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].value != b[i].value)
            return false;
    return true;
}

} // namespace clfft_ng
