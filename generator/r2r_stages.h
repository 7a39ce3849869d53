// Real-to-real transforms (docs/r2r.md): FFTW's eleven r2r kinds, each computed
// as one real or complex FFT of about n points between two stage kernels of
// this family. The pre-stage reads the client's rows (any strides, the
// pre-callback spliced in) and writes the FFT's input: the reordering
// (Makhoul's for DCT-II), the symmetric extension (DCT-I/DST-I), the
// pre-twiddles (DCT-III, DCT-IV); the post-stage reads the FFT's output and
// writes the client's rows (post-twiddles, halfcomplex packing, scale, the
// post-callback). Pure C++, no OpenCL calls.
#pragma once

#include "kernel_spec.h"

#include <complex>
#include <cstddef>
#include <string>
#include <vector>

namespace clfft_ng {

// FFTW's numbering (clfftNgR2RKind in clFFT-ng.h, fftw_r2r_kind).
enum class R2RKind {
    R2HC = 0,
    HC2R = 1,
    DHT = 2,
    REDFT00 = 3,
    REDFT01 = 4,
    REDFT10 = 5,
    REDFT11 = 6,
    RODFT00 = 7,
    RODFT01 = 8,
    RODFT10 = 9,
    RODFT11 = 10,
};

const char* r2rKindName(R2RKind kind); // FFTW's name in lower case: "redft10"
bool r2rLengthValid(R2RKind kind,
                    std::size_t n); // REDFT00 needs n >= 2, the others n >= 1

// The FFT between the stages of one kind at length n.
struct R2RInner {
    enum class Kind { RealToComplex, ComplexToReal, ComplexToComplex } kind = Kind::RealToComplex;
    std::size_t length = 0; // the FFT's length m
    std::size_t aElems = 0; // FFT input per row: reals (R2C) or complex values
    bool aComplex = false;
    std::size_t bElems = 0; // FFT output per row
    bool bComplex = false;
};
R2RInner r2rInner(R2RKind kind, std::size_t n);

struct R2RStageSpec {
    Precision precision = Precision::Single;
    R2RKind kind = R2RKind::REDFT10;
    bool post = false;     // false: client rows -> FFT input; true: FFT output -> client rows
    std::size_t n = 1;     // the transform's length
    int rowDims = 1;       // dimensions numbering the rows on the client's side (1..3)
    bool index64 = false;  // offsets past 2^32 elements
    bool columns = false;  // the FFT's buffers hold point q of row r at q * rows + r
    bool cpuForm = false;  // work-items loop over a part of a row, few work-groups (PoCL, CPUs)
    CallbackCode callback; // the client's pre- (pre-stage) or post-callback (post-stage)
    // The client side's values (pre: in, post: out; docs/precision.md): 16-bit ones widened on
    // load and rounded to nearest even on store, the arithmetic in single precision.
    Storage storage = Storage::Native;

    std::string kernelName() const;
    bool hasTable() const;
};

// The stage's OpenCL C. Parameters, in order: the client's buffer and the FFT's buffer (pre: in,
// a; post: b, out), the table (hasTable), idx_t stride, idx_t rows, idx_t per (r2rStageLaunch's),
// idx_t n, idx_t points (of a row the stage writes), idx_t rowElems (of a row of the FFT's
// buffer), then for each row dimension but the last (idx_t count, idx_t stride) and the last's
// idx_t stride, the post-stage's real_t scale, the callback's userdata buffers (max(1, count)).
// The source depends on the length only through its parity (DCT-IV/DST-IV).
std::string r2rStageSource(const R2RStageSpec& spec);

// Twiddles of the stage (empty without a table), exact before rounding to the
// precision.
std::vector<std::complex<long double>> r2rStageTable(const R2RStageSpec& spec);

// Twiddles of a stage fused into a pass's loads (out false) or stores (R2RFusion): the stage
// kernels' own table (r2rStageTable) at the client's length f.n; empty for the kinds without.
// A pass with both sides fused holds the input's table, then the output's.
std::vector<std::complex<long double>> r2rFusedTable(const R2RFusion& f, bool out);
std::size_t r2rFusedTableLength(const R2RFusion& f, bool out);
// A complex lane pass on paired real columns (R2RFusion::paired), and whether its kind is one
// of the R2C family (the columns' spectra separated after the FFT; else the C2R family's,
// combined before it).
bool r2rPaired(const KernelSpec& spec);
bool r2rPairedForward(const KernelSpec& spec);

// The launch: work-items over (blocks of points of a row, rows) or (rows, blocks); returns the
// points per work-item (the kernel's `per`).
std::size_t r2rStageLaunch(const R2RStageSpec& spec, std::size_t rows, std::size_t global[2], std::size_t local[2]);

} // namespace clfft_ng
