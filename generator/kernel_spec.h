// KernelSpec: everything the generator needs to emit one kernel (one pass of a plan), and
// nothing about OpenCL objects. A plain value: two equal specs give byte-identical source.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace clfft_ng {

enum class Precision { Single, Double };

// How the client's values sit in memory on one side of a pass: in the plan's precision, or as
// 16-bit values (IEEE binary16, bfloat16) widened to single precision on load and rounded to
// nearest even on store (docs/precision.md). Only the sides that touch the client's buffers.
enum class Storage { Native, Half, BFloat16 };

// How complex values of one side of a pass sit in memory.
enum class ComplexLayout { Interleaved, Planar };

// What one pass computes along its dimension.
enum class PassKind {
    Complex,      // complex in, complex out
    RealForward,  // real in, hermitian half (N/2+1 points) out
    RealBackward, // hermitian half in, real out
    // Long real transforms (N = 2M, M too long for one kernel) around a multi-pass complex
    // FFT of M points on z[n] = x[2n] + i x[2n+1]: the elementwise step between Z and the
    // hermitian half X, as a kernel of its own (real_split.cpp).
    RealMerge,    // Z -> X[0..M] (after the forward complex FFT)
    RealSplit,    // X[0..M] -> Z (before the backward complex FFT)
    // Any length N by Bluestein's chirp-z algorithm (Bluestein 1970; Rabiner, Schafer and
    // Rader 1969): X = conj(b) . IDFT_M(DFT_M(x . conj(b)) . DFT_M(b~)), b[n] = exp(pi i n^2/N),
    // the convolution of length M >= 2N-1 done with two rounds of Stockham passes of M points
    // in one kernel; `length` is M, `transformLength` is N.
    Bluestein,
    // A prime length p by Rader's algorithm (Rader 1968): with a primitive root g, the outputs
    // X[g^-m] - x[0] are the cyclic convolution of x[g^q] with w^(g^-q) over L = p - 1 points,
    // done with two rounds of Stockham passes of L points in one kernel (like Bluestein's, at
    // about half its length). `length` is L, `transformLength` is p.
    Rader,
};

// Steps fused into the first and last sub-passes of a multi-pass FFT: those of a multi-kernel
// Bluestein (a prime too long for one kernel, two FFTs of M points), and the real edges of a
// long real row computed as a complex FFT of N points. The position along the transform of
// element e of the transform with batch coordinate 0 j is p = j + e * fusedPositionStride.
enum class FusedStep {
    None,
    Load,     // first sub-pass: x[p] conj(b[p]) for p < N, zero up to M
    Multiply, // last sub-pass of the first FFT: conj(v[p] * DFT_M(b~)[p] / M)
    Store,    // last sub-pass of the second FFT: X[p] = conj(b[p]) conj(v[p]) for p < N
    RealLoad, // first sub-pass on real data: reals (R2C) or the hermitian half expanded (C2R)
    RealStore,// last sub-pass on real data: X[p] for p <= N/2 (R2C) or the real parts (C2R)
};

// The most batch dimensions a kernel walks (other FFT dimensions plus the batch itself,
// after the planner has dropped unit dimensions and merged contiguous ones).
constexpr int kMaxBatchDims = 4;

// A user callback spliced into the kernel's load (pre) or store (post) of global memory.
struct CallbackCode {
    bool present = false;
    std::string functionName;
    std::string source;             // the client's text, copied verbatim into the program
    int userdataCount = 0;          // cl_mem userdata buffers (the function takes max(1, n))
    std::size_t localMemBytes = 0;  // > 0: a __local buffer of this size is the last argument
    bool operator==(const CallbackCode& o) const
    {
        return present == o.present && functionName == o.functionName && source == o.source &&
               userdataCount == o.userdataCount && localMemBytes == o.localMemBytes;
    }
};

// The shape of a Stockham kernel (the GPU form) beyond transforms and work-items per group.
struct StockhamShape {
    bool transformMajor = false; // adjacent work-items on adjacent transforms (columns)
    bool splitExchange = false;  // local memory holds one component at a time (half the bytes)
};

// The shape of a lane kernel (CPU devices, lanes.cpp): each value is a vector of `width`
// transforms that are neighbours along batch dimension `dim`. width 0: not a lane kernel.
struct LaneShape {
    std::size_t width = 0;
    int dim = -1;
    // The side's lanes are not at unit stride (or need a mask): the side is read (written)
    // element by element, lanes past the end clamped.
    bool gatherIn = false, gatherOut = false;
    bool full = false;      // the lane dimension's count is a multiple of width
    bool realPairs = false; // even real lane passes: unit stride on the real side
    bool oneBuffer = false; // one local buffer where two would not fit (laneLocalBuffers)
    // Gathered rows whose points sit at unit stride (interleaved complex): the side moves whole
    // chunks of `width` points of every lane's row (vector loads and stores) through a
    // transpose in registers and local memory, instead of element by element.
    bool rowsIn = false, rowsOut = false;
    // One pass on one work-item whose rows may be one contiguous block (unit point stride, row
    // distance equal to the length, checked at run time): the side moves the W rows as `length`
    // vectors of W points each, permuted in registers; other groups and strides fall back to the
    // element-wise (or chunked) path.
    bool blocksIn = false, blocksOut = false;
    // Sets of `width` lanes one work-group computes one after the other (PoCL spends 5-10 ns
    // starting a group: as long as moving a few hundred bytes).
    std::size_t setsPerGroup = 1;
    // Several passes on one work-item per set: the passes exchange through private arrays with
    // constant indices (registers, spilled to the stack), no local memory, no barriers.
    bool registers = false;
};

// The shape of a row-lane kernel (CPU devices, row_lanes.cpp): one transform of contiguous
// points per slot, point 8a + b in lane b of vector a; radices are those of length / width.
// width 0: not a row-lane kernel.
struct RowLaneShape {
    std::size_t width = 0;
    // Real passes on two rows at once: rows 2m and 2m+1 as the real and imaginary parts of one
    // complex FFT of `length` = realLength points (instead of half the length).
    bool pairs = false;
    // Two complex rows per vector (4 single lanes, packed): lanes 0-3 of every float8 hold slot
    // s's transform, lanes 4-7 the transform transformsPerGroup further on (as with pairs, a slot
    // holds two transforms); the A-point passes run at the CPU's full vector width.
    bool stacked = false;
    // One work-item per transform (threadsPerTransform 1) with every pass in registers: the
    // passes and the transposes across the lanes exchange through private arrays with constant
    // indices, no local memory, no barriers.
    bool registers = false;
    // The input row in pieces (a row gathered from every device's pencils, docs/multi-device.md):
    // point c of a row at pieceBase + c % pieceLength + (c / pieceLength) * pieceDistance from the
    // row's offset. pieceLength 0: the row is contiguous.
    std::size_t pieceLength = 0;
    std::size_t pieceDistance = 0;
    std::size_t pieceBase = 0;
    // Complex rows whose two buffers fill local memory exactly (single 32768, double 16384 in
    // 512 KiB): buffers of A vectors each (no padding, no spare vector), and the zero the items
    // read after barriers from the twiddle table instead of local memory.
    bool tight = false;
};

// The shape of a row-vector kernel (CPU devices, row_vectors.cpp): every short row (factors 2,
// 3, 5, 7) whole in a few vectors of interleaved reals, one work-item per group walking the
// group's rows. rowsPerGroup 0: not a row-vector kernel.
struct RowVectorShape {
    std::size_t rowsPerGroup = 0;
    // Rows side by side in each vector (1: one row per vector); wider vectors where a row's own
    // vectors are narrow (odd lengths: one point each).
    std::size_t stack = 1;
};

// A real-to-real kind's reordering and twiddles fused into a real pass's global accesses
// (docs/r2r.md, r2r_stages.h): on the input side the pass reads the client's row of n reals
// (n the pass's real length) where it would read the real or hermitian row; on the output side
// it writes the row of n reals where it would write them. kind: FFTW's number
// (clfftNgR2RKind), -1 none. The planner puts it only on the kernels that take it (planner.cpp).
struct R2RFusion {
    int kind = -1;
    std::size_t n = 0; // the client's row length (the pass's real length but for DCT-I, DST-I, DCT-IV)
    // Two real columns side by side as one complex column: a complex lane pass of the FFT's full
    // length on the client's reals read as pairs (lane_r2r.cpp), strides counting pairs.
    bool paired = false;
    bool present() const { return kind >= 0; }
    bool pairedColumns() const { return present() && paired; }
};

// Elements begin <= e < end along a pass's transform on one side (docs/zero-padding.md): on the
// input side they read as zero and are never loaded, on the output side they are not stored.
// The index is the side's own: reals on a real side, the N/2+1 points on a hermitian side.
struct PointRange {
    std::size_t begin = 0, end = 0;
    bool present() const { return end > begin; }
    bool operator==(const PointRange& o) const { return begin == o.begin && end == o.end; }
};

// One kernel (one pass of a plan): the algorithm (what it computes: kind, lengths, radices,
// precision, layouts, the fused steps, callbacks), the work-group (transforms and work-items
// per group) and the family's shape (stockham, lane, row). The family is the shape that is set
// (families.cpp). Runtime arguments (strides, counts, scale, direction) are not part of the
// spec, so one binary serves every stride.
struct KernelSpec {
    // ---- the algorithm
    PassKind kind = PassKind::Complex;
    std::size_t realLength = 0;         // real passes: N, the real points per transform
    std::size_t length = 1;             // points of the complex FFT the passes compute
                                        // (real passes: N/2 for even N, N for odd N)
    std::vector<int> radices;           // Stockham passes in order, product == length
    Precision precision = Precision::Single;
    ComplexLayout inLayout = ComplexLayout::Interleaved;  // complex/hermitian side layouts
    ComplexLayout outLayout = ComplexLayout::Interleaved;
    int batchDims = 1;                  // 1..kMaxBatchDims
    bool index64 = false;               // 64-bit offsets (buffers beyond 2^32 elements)
    // Multi-pass transforms (a global Stockham pass over sub-transforms of this length): input
    // point e of the transform whose batch coordinate 0 is j is multiplied by
    // exp(-2 pi i j e / stageTwiddleLength) at load. 0: no such twiddle.
    std::size_t stageTwiddleLength = 0;
    // The length N of the whole transform where the kernel computes another: Bluestein (over M
    // = length), Rader (over p - 1), and the fused steps of multi-pass Bluestein and real rows.
    std::size_t transformLength = 0;
    // PassKind::Rader and Bluestein on real data: +1 real input, hermitian half out (R2C);
    // -1 hermitian half in, real output (C2R); 0 complex. The steps of a multi-kernel Bluestein
    // on real data: Load reads reals (+1) or the hermitian half (-1, expanded by symmetry),
    // Store keeps the hermitian half (+1) or writes the real parts (-1).
    int realDirection = 0;
    FusedStep fusedStep = FusedStep::None;
    std::size_t bluesteinPadded = 0;      // Bluestein steps: M
    std::size_t fusedPositionStride = 0;  // fused steps: see FusedStep
    // The pass reads and writes one buffer: work-items write addresses others have read, so the
    // barriers between its global reads and writes also fence global memory.
    bool inPlace = false;
    // CPU forms (lanes, row lanes): whole-vector stores of the output bypass the caches
    // (non-temporal) where aligned; for passes whose data exceed the last-level cache.
    bool streamStores = false;
    CallbackCode pre;                   // called for every input point (first pass of a plan)
    CallbackCode post;                  // called for every output point (last pass of a plan)
    R2RFusion r2rIn;                    // the first pass's loads (R2C: the reordering; C2R: the halfcomplex row)
    R2RFusion r2rOut;                   // the last pass's stores (R2C: the halfcomplex row; C2R: the order undone)
    Storage inStorage = Storage::Native;  // 16-bit sides: arithmetic in single precision
    Storage outStorage = Storage::Native;
    PointRange zeroIn;                  // input elements read as zero (zero-padded input)
    PointRange skipOut;                 // output elements not stored (pruned output)
    // Convolution passes (src/convolution.cpp; lane kernels): 1 convolve, 2 correlate. Two rounds
    // of the radix passes, the forward DFT of the input, then the inverse DFT of its product with
    // the spectrum (conj(spectrum) to correlate), read at the input's offsets modulo the period.
    int convolve = 0;

    // ---- the work-group
    std::size_t transformsPerGroup = 1; // B
    std::size_t threadsPerTransform = 1;// T

    // ---- the family's shape
    StockhamShape stockham;
    LaneShape lane;
    RowLaneShape row;
    RowVectorShape rowVector;
    // Split/merge kernels (CPU devices): pairs (k, M - k) per work-item, as vectors of this many
    // consecutive k and their mirrors (unit strides, checked at run time). 0: one pair each.
    std::size_t pairVector = 0;

    // The barrier the kernel's work-items meet at (a global fence too when in place).
    const char* barrier() const
    {
        return inPlace ? "    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n" : "    barrier(CLK_LOCAL_MEM_FENCE);\n";
    }
    std::size_t workGroupSize() const
    {
        return lane.width || rowVector.rowsPerGroup ? threadsPerTransform : transformsPerGroup * threadsPerTransform;
    }
    // Real passes of even length run a half-length complex FFT with a split/merge step.
    bool halfLengthReal() const
    {
        return (kind == PassKind::RealForward || kind == PassKind::RealBackward) && realLength % 2 == 0;
    }
    // Whether the input (output) side holds real values (paired r2r columns: pairs of them).
    bool realInputSide() const
    {
        return kind == PassKind::RealForward || (r2rIn.present() && !r2rIn.paired) ||
               (realDirection > 0 && (fusedStep == FusedStep::None || fusedStep == FusedStep::Load ||
                                      fusedStep == FusedStep::RealLoad));
    }
    bool realOutputSide() const
    {
        return kind == PassKind::RealBackward || (r2rOut.present() && !r2rOut.paired) ||
               (realDirection < 0 && (fusedStep == FusedStep::None || fusedStep == FusedStep::Store ||
                                      fusedStep == FusedStep::RealStore));
    }
    // Whether the kernel exchanges data through local memory at all.
    bool usesLocalMemory() const;
    // Bytes of local memory the kernel declares (the callbacks' own excluded).
    std::size_t localMemBytes() const;
    // Self-describing kernel function name: kind, length, radices, precision, layouts, shape.
    std::string kernelName() const;
    // Compact one-line description for the source header and logs.
    std::string describe() const;

    // Every field, once, as text (the one field list): equality compares the values, describe()
    // prints the fields that differ from a default spec. kernelName() is the compact form; the
    // plan corpus test checks that one name means one source, so a field that changes the
    // source and not the name fails it.
    struct Field {
        const char* name;
        std::string value;   // complete (a callback's whole text)
        std::string summary; // what describe() prints (a callback's name)
    };
    std::vector<Field> fieldList() const;
    bool operator==(const KernelSpec& o) const;
};

std::size_t complexBytes(Precision p);
// Bytes of one real value on a side stored as `s` (the plan's precision where Native).
std::size_t realBytes(Precision p, Storage s);

} // namespace clfft_ng
