// Generator tests: run on the host, no OpenCL device. They pin down the properties the rest
// of the library relies on: radix choices multiply to the length, sources are deterministic
// and self-describing, twiddle tables have the layout the kernels index, literals round-trip.
#define BOOST_TEST_MODULE generator
#include <boost/test/unit_test.hpp>

#include "butterfly.h"
#include "factorize.h"
#include "generate.h"
#include "kernel_spec.h"
#include "lanes.h"
#include "row_lanes.h"
#include "stockham.h"
#include "tables.h"
#include "unit_roots.h"

#include <cmath>
#include <fftw3.h>
#include <cstdlib>
#include <set>
#include <string>

using namespace clfft_ng;

namespace {

KernelSpec specFor(std::size_t n, Precision p = Precision::Single)
{
    KernelSpec s;
    s.length = n;
    s.radices = chooseRadices(n);
    s.precision = p;
    s.threadsPerTransform = s.radices.size() >= 2 ? n / static_cast<std::size_t>(s.radices.front()) : 1;
    s.transformsPerGroup = 2;
    s.batchDims = 2;
    return s;
}

// specFor as a lane kernel: 8 transforms side by side along dimension 0, the group full, one set
// per group.
KernelSpec laneSpecFor(std::size_t n)
{
    KernelSpec s = specFor(n);
    s.lane.width = 8;
    s.lane.dim = 0;
    s.lane.full = true;
    s.transformsPerGroup = 1;
    return s;
}

} // namespace

BOOST_AUTO_TEST_CASE(codelet_factors_are_the_primes_up_to_47)
{
    BOOST_TEST(hasCodeletFactors(1));
    BOOST_TEST(hasCodeletFactors(2 * 3 * 5 * 7 * 11 * 13));
    BOOST_TEST(!hasCodeletFactors(0));
    // the primes 17..47 are radices of their own (one pass of the odd-prime codelet)
    BOOST_TEST(hasCodeletFactors(17));
    BOOST_TEST(hasCodeletFactors(2 * 19 * 47));
    BOOST_TEST(!hasCodeletFactors(53));
    BOOST_TEST(!hasCodeletFactors(2 * 59));
    BOOST_TEST(!hasCodeletFactors(4096 * 53));
}

BOOST_AUTO_TEST_CASE(radices_multiply_to_every_supported_length_up_to_4096)
{
    for (std::size_t n = 1; n <= 4096; ++n) {
        if (!hasCodeletFactors(n))
            continue;
        BOOST_TEST_CONTEXT("n = " << n)
        {
            std::size_t product = 1;
            for (int r : chooseRadices(n)) {
                BOOST_TEST(isCodeletRadix(r));
                BOOST_TEST((r <= 16 || isPrimeRadix(r)));
                product *= static_cast<std::size_t>(r);
            }
            BOOST_TEST(product == n);
        }
    }
    BOOST_TEST(chooseRadices(1).empty());
    BOOST_TEST((chooseRadices(4096) == std::vector<int>{16, 16, 16}));
    BOOST_TEST((chooseRadices(512) == std::vector<int>{8, 8, 8}));
    BOOST_TEST((chooseRadices(1000) == std::vector<int>{10, 10, 10}));
}

BOOST_AUTO_TEST_CASE(source_is_deterministic_and_names_itself)
{
    for (std::size_t n : {1u, 8u, 1000u, 2187u, 4096u}) {
        const KernelSpec s = specFor(n);
        const std::string a = generateStockhamSource(s), b = generateStockhamSource(s);
        BOOST_TEST(a == b);
        BOOST_TEST(a.find("void " + s.kernelName() + "(") != std::string::npos);
        BOOST_TEST(s.kernelName().find("n" + std::to_string(n)) != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(kernel_names_differ_when_specs_differ)
{
    std::set<std::string> names;
    KernelSpec s = specFor(1000);
    names.insert(s.kernelName());
    s.precision = Precision::Double;
    names.insert(s.kernelName());
    s.inLayout = ComplexLayout::Planar;
    names.insert(s.kernelName());
    s.outLayout = ComplexLayout::Planar;
    names.insert(s.kernelName());
    s.index64 = true;
    names.insert(s.kernelName());
    s.stockham.transformMajor = true;
    names.insert(s.kernelName());
    s.batchDims = 3;
    names.insert(s.kernelName());
    BOOST_TEST(names.size() == 7u);
}

BOOST_AUTO_TEST_CASE(twiddle_table_holds_exp_minus_2_pi_i_k_r_over_span_radix)
{
    const KernelSpec s = specFor(60); // radices 5, 4, 3 -> spans 1, 5, 20
    const auto t = stockhamTwiddles(s);
    BOOST_TEST(t.size() == stockhamTwiddleCount(s));
    std::size_t expected = 0, span = 1;
    for (int r : s.radices) {
        if (span > 1)
            expected += span * static_cast<std::size_t>(r - 1);
        span *= static_cast<std::size_t>(r);
    }
    BOOST_TEST(t.size() == expected);
    // Second pass: span = first radix; entry (k, r) at k*(R-1) + r-1.
    const int r0 = s.radices[0], r1 = s.radices[1];
    const std::size_t k = 3;
    const int r = 2;
    const long double angle = -2.0L * 3.141592653589793238462643383279502884L * static_cast<long double>(k * r) /
                              static_cast<long double>(r0 * r1);
    const auto w = t[k * static_cast<std::size_t>(r1 - 1) + static_cast<std::size_t>(r - 1)];
    BOOST_TEST(std::fabs(static_cast<double>(w.real() - std::cos(angle))) < 1e-18);
    BOOST_TEST(std::fabs(static_cast<double>(w.imag() - std::sin(angle))) < 1e-18);
}

BOOST_AUTO_TEST_CASE(unit_roots_are_exact_at_eighths_and_agree_with_the_long_double_library)
{
    // Folded into [0, pi/4] first: the quarter and half turns come out exact, and every root
    // stays within a few long double ulps of cosl/sinl of the unreduced angle.
    for (std::size_t n : {8u, 12u, 40u, 1000u, 4099u, 8320u, 1u << 20}) {
        if (n % 4 == 0) {
            BOOST_TEST((unitRoot(n / 4, n) == std::complex<long double>(0.0L, -1.0L)));
            BOOST_TEST((unitRoot(3 * n / 4, n) == std::complex<long double>(0.0L, 1.0L)));
        }
        if (n % 2 == 0)
            BOOST_TEST((unitRoot(n / 2, n) == std::complex<long double>(-1.0L, 0.0L)));
        BOOST_TEST((unitRoot(n, n) == std::complex<long double>(1.0L, 0.0L)));
        long double worst = 0;
        for (std::size_t e = 0; e < n; e += 1 + n / 997) {
            const long double angle = -2.0L * kPi * static_cast<long double>(e) / static_cast<long double>(n);
            worst = std::max(worst, std::abs(unitRoot(e, n) - std::complex<long double>(std::cos(angle), std::sin(angle))));
            // conj symmetry, exactly
            BOOST_TEST((unitRoot(n - e, n) == std::conj(unitRoot(e, n))));
        }
        BOOST_TEST(static_cast<double>(worst) < 2e-18, "n " << n << " worst " << static_cast<double>(worst));
    }
}

BOOST_AUTO_TEST_CASE(bluestein_spectrum_is_fftw_long_double_dft_of_the_chirp_kernel)
{
    // The spectrum Bluestein kernels multiply by (tables.h bluesteinKernel), against FFTW's long
    // double DFT of the same sequence: M with factors 2, 5 and 13 (4099's convolution length
    // 8320), a power of two and a prime factor 3 length.
    for (const auto& [n, m] : {std::pair<std::size_t, std::size_t>{4099, 8320}, {1009, 2048}, {17, 48}}) {
        const auto chirp = bluesteinChirp(n);
        for (std::size_t k = 0; k < n; ++k) {
            const long double angle = -kPi * static_cast<long double>((k * k) % (2 * n)) / static_cast<long double>(n);
            BOOST_TEST(static_cast<double>(std::abs(chirp[k] - std::complex<long double>(std::cos(angle), std::sin(angle)))) <
                       1e-17);
        }
        fftwl_complex* data = fftwl_alloc_complex(m);
        fftwl_plan plan = fftwl_plan_dft_1d(static_cast<int>(m), data, data, FFTW_FORWARD, FFTW_ESTIMATE);
        for (std::size_t j = 0; j < m; ++j)
            data[j][0] = data[j][1] = 0;
        for (std::size_t j = 0; j < n; ++j) {
            data[j][0] = chirp[j].real();
            data[j][1] = -chirp[j].imag();
            if (j > 0) {
                data[m - j][0] = chirp[j].real();
                data[m - j][1] = -chirp[j].imag();
            }
        }
        fftwl_execute(plan);
        const auto spectrum = bluesteinKernel(n, m);
        BOOST_TEST(spectrum.size() == m);
        long double worst = 0;
        for (std::size_t j = 0; j < m; ++j)
            worst = std::max(worst, std::abs(spectrum[j] * static_cast<long double>(m) -
                                             std::complex<long double>(data[j][0], data[j][1])));
        fftwl_destroy_plan(plan);
        fftwl_free(data);
        // Entries are sums of n unit terms (4099, 8320: worst 6e-17, about 600 long double ulps of 1).
        BOOST_TEST(static_cast<double>(worst) < 1e-15, "n " << n << " m " << m << " worst " << static_cast<double>(worst));
    }
}

BOOST_AUTO_TEST_CASE(literals_round_trip_in_their_precision)
{
    const long double v = 0.70710678118654752440L;
    std::string f = realLiteral(v, Precision::Single);
    BOOST_TEST(f.back() == 'f');
    BOOST_TEST(std::strtof(f.c_str(), nullptr) == static_cast<float>(v));
    std::string d = realLiteral(v, Precision::Double);
    BOOST_TEST(std::strtod(d.c_str(), nullptr) == static_cast<double>(v));
    BOOST_TEST(realLiteral(1.0L, Precision::Double) == "1.0");
    BOOST_TEST(realLiteral(-0.5L, Precision::Single) == "(-0.5f)");
}

BOOST_AUTO_TEST_CASE(codelets_exist_for_every_radix_the_planner_uses)
{
    for (int r : {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 23, 29, 31, 37, 41, 43, 47}) {
        BOOST_TEST_CONTEXT("radix " << r)
        {
            const std::string src = emitCodelet(r, Precision::Double);
            BOOST_TEST(src.find("void dft" + std::to_string(r) + "(") != std::string::npos);
            BOOST_TEST(src.find("x[" + std::to_string(r - 1) + "] =") != std::string::npos);
        }
    }
    BOOST_CHECK_THROW(emitCodelet(53, Precision::Single), std::invalid_argument);
    BOOST_CHECK_THROW(emitCodelet(34, Precision::Single), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(double_kernels_enable_fp64_and_single_kernels_do_not)
{
    BOOST_TEST(generateStockhamSource(specFor(64, Precision::Double)).find("cl_khr_fp64") != std::string::npos);
    BOOST_TEST(generateStockhamSource(specFor(64, Precision::Single)).find("cl_khr_fp64") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(scalar_codelets_name_both_components)
{
    for (int r : {2, 3, 4, 5, 7, 8, 11, 13, 16}) {
        BOOST_TEST_CONTEXT("radix " << r)
        {
            const std::string src = emitScalarCodelet(r, Precision::Single, "float8");
            BOOST_TEST(src.find("void dft" + std::to_string(r) + "s(float8* xr, float8* xi)") != std::string::npos);
            BOOST_TEST(src.find("xr[" + std::to_string(r - 1) + "] =") != std::string::npos);
            BOOST_TEST(src.find("xi[" + std::to_string(r - 1) + "] =") != std::string::npos);
            BOOST_TEST(src.find("real2_t") == std::string::npos); // vector-of-lanes safe: no complex vectors
        }
    }
}

BOOST_AUTO_TEST_CASE(lane_kernels_load_whole_vectors_only_where_lanes_are_neighbours)
{
    KernelSpec s = laneSpecFor(64);
    const std::string unit = generateKernelSource(s);
    BOOST_TEST(unit.find("void " + s.kernelName() + "(") != std::string::npos);
    BOOST_TEST(s.kernelName().find("_v8l0t") != std::string::npos);
    BOOST_TEST(unit.find("vload16") != std::string::npos);
    BOOST_TEST(unit.find("vstore16") != std::string::npos);
    BOOST_TEST(unit.find("laneIn[") == std::string::npos);
    BOOST_TEST(s.workGroupSize() == s.threadsPerTransform);
    s.lane.gatherIn = s.lane.gatherOut = true;
    const std::string gathered = generateKernelSource(s);
    BOOST_TEST(gathered.find("vstore16") == std::string::npos);
    BOOST_TEST(gathered.find("laneIn[7]") != std::string::npos);
    BOOST_TEST(gathered.find("laneOut[0]") != std::string::npos);
    BOOST_TEST(s.kernelName().find("_v8l0gst") != std::string::npos);
    s.lane.gatherIn = s.lane.gatherOut = false;
    s.lane.full = false; // a group cut short: vector loads and stores only when every lane is valid
    const std::string partial = generateKernelSource(s);
    BOOST_TEST(partial.find("if (valid == 8u) { const vreal2_t z = vload16") != std::string::npos);
    BOOST_TEST(partial.find("laneOut[7]") != std::string::npos);
    BOOST_TEST(s.kernelName().find("_v8l0pt") != std::string::npos);
    s.pre.present = true; // lane kernels never carry callbacks (the planner keeps those passes)
    BOOST_CHECK_THROW(generateKernelSource(s), std::invalid_argument);
}

// A convolution pass (KernelSpec::convolve): the lane and Stockham kernels run their passes twice
// with the client's spectrum, read at the input's offsets, between the rounds (conjugated for
// correlation), and conjugate at the store; the other forms refuse it.
BOOST_AUTO_TEST_CASE(convolution_passes_take_the_spectrum_between_two_rounds)
{
    KernelSpec s = specFor(64);
    s.convolve = 1;
    const std::string stockham = generateKernelSource(s);
    BOOST_TEST(s.kernelName().find("_xconv") != std::string::npos);
    BOOST_TEST(stockham.find("__global const real2_t* spectrum, const idx_t spectrumPeriod") != std::string::npos);
    BOOST_TEST(stockham.find("soff = ioff % spectrumPeriod") != std::string::npos);
    BOOST_TEST(stockham.find("scaleIm = -scale * dirSign") != std::string::npos);
    BOOST_TEST(stockham.find("(real2_t)(S.x, -S.y)") == std::string::npos);
    std::size_t passes = 0;
    for (std::size_t at = stockham.find("// pass "); at != std::string::npos; at = stockham.find("// pass ", at + 1))
        ++passes;
    BOOST_TEST(passes == 2 * s.radices.size());
    s.convolve = 2;
    BOOST_TEST(generateKernelSource(s).find("(real2_t)(S.x, -S.y)") != std::string::npos);
    BOOST_TEST(s.kernelName().find("_xcorr") != std::string::npos);
    BOOST_TEST(!(s == specFor(64)));

    KernelSpec l = laneSpecFor(64);
    l.convolve = 1;
    const std::string lanes = generateKernelSource(l);
    BOOST_TEST(lanes.find("vload16(0, (__global const real_t*)spectrum") != std::string::npos);
    BOOST_TEST(lanes.find("soff = ioff % spectrumPeriod") != std::string::npos);
    l.lane.rowsIn = true; // rows by chunks move the input around the two rounds: not taken
    l.lane.gatherIn = true;
    BOOST_CHECK_THROW(generateKernelSource(l), std::invalid_argument);

    KernelSpec r = specFor(64);
    r.convolve = 1;
    r.row.width = 8;
    BOOST_CHECK_THROW(generateKernelSource(r), std::invalid_argument);
}

// Lane kernels exchange through local memory between passes; where a pass reads local memory
// and writes it, the passes alternate between two buffers, so that no pass reads and writes
// one buffer (one barrier per exchange, nothing held across a barrier).
BOOST_AUTO_TEST_CASE(lane_kernel_passes_alternate_between_two_local_buffers)
{
    auto barriers = [](const std::string& src) {
        std::size_t n = 0;
        for (std::size_t at = src.find("barrier("); at != std::string::npos; at = src.find("barrier(", at + 1))
            ++n;
        return n;
    };
    KernelSpec s = laneSpecFor(512);
    s.radices = {8, 8, 8};
    s.threadsPerTransform = 64;
    const std::string three = generateKernelSource(s);
    BOOST_TEST(laneLocalBuffers(s) == 2u);
    BOOST_TEST(s.localMemBytes() == 2u * 8u * 512u * 8u);
    BOOST_TEST(three.find("__local vreal_t lr1[512], li1[512];") != std::string::npos);
    BOOST_TEST(barriers(three) == 2u); // before passes 1 and 2
    s.length = 64; // two passes: the middle exchange only, one buffer
    s.radices = {8, 8};
    s.threadsPerTransform = 8;
    const std::string two = generateKernelSource(s);
    BOOST_TEST(laneLocalBuffers(s) == 1u);
    BOOST_TEST(s.localMemBytes() == 8u * 64u * 8u);
    BOOST_TEST(two.find("lr1") == std::string::npos);
    BOOST_TEST(barriers(two) == 1u);
    s.kind = PassKind::RealForward; // the merge stage reads what the last pass wrote
    s.realLength = 128;
    s.lane.gatherIn = true;
    BOOST_TEST(laneLocalBuffers(s) == 2u);
    BOOST_TEST(barriers(generateKernelSource(s)) == 2u);
}

// Passes in registers: one work-item per set, its indices constants (no get_local_id), the
// exchange arrays private; no local memory, no barrier; a name of its own; more work-items
// are refused.
BOOST_AUTO_TEST_CASE(lane_passes_in_registers_use_no_local_memory)
{
    KernelSpec s = laneSpecFor(48);
    s.radices = {8, 6};
    s.threadsPerTransform = 6;
    s.lane.gatherIn = s.lane.gatherOut = true;
    s.lane.rowsIn = s.lane.rowsOut = true;
    const std::string local = generateKernelSource(s);
    BOOST_TEST(local.find("__local") != std::string::npos);
    BOOST_TEST(local.find("barrier(") != std::string::npos);
    const std::string localName = s.kernelName();
    s.lane.registers = true;
    BOOST_CHECK_THROW(generateKernelSource(s), std::invalid_argument);
    s.threadsPerTransform = 1;
    s.lane.setsPerGroup = 4;
    const std::string regs = generateKernelSource(s);
    BOOST_TEST(s.localMemBytes() == 0u);
    BOOST_TEST(regs.find("__local") == std::string::npos);
    BOOST_TEST(regs.find("barrier(") == std::string::npos);
    BOOST_TEST(regs.find("get_local_id") == std::string::npos);
    BOOST_TEST(regs.find("vreal_t lr0[48], li0[48];") != std::string::npos);
    BOOST_TEST(s.kernelName() != localName);
}

// Odd real lengths on lanes: the full-length FFT reads the reals element by element (the real
// side must be gathered) and keeps X[k] for k <= N/2; backward, points above N/2 come from
// their mirror N - k, and only the real parts are stored.
BOOST_AUTO_TEST_CASE(lane_odd_real_passes_read_reals_and_keep_the_hermitian_half)
{
    KernelSpec s = laneSpecFor(45);
    s.kind = PassKind::RealForward;
    s.realLength = 45;
    BOOST_CHECK_THROW(generateKernelSource(s), std::invalid_argument); // real side not gathered
    s.lane.gatherIn = true;
    const std::string fwd = generateKernelSource(s);
    BOOST_TEST(fwd.find("vi[0] = (vreal_t)0;") != std::string::npos);
    BOOST_TEST(fwd.find(") <= 22u) {") != std::string::npos);
    BOOST_TEST(fwd.find("_ri_v8l0gt") != std::string::npos);
    s.kind = PassKind::RealBackward;
    s.lane.gatherIn = false;
    BOOST_CHECK_THROW(generateKernelSource(s), std::invalid_argument); // real output not scattered
    s.lane.gatherOut = true;
    const std::string bwd = generateKernelSource(s);
    BOOST_TEST(bwd.find("ioff + (idx_t)(45u - (") != std::string::npos);
    BOOST_TEST(bwd.find("out[o + laneOut[7]] = a.s7;") != std::string::npos);
    BOOST_TEST(bwd.find("vload16") != std::string::npos); // the hermitian side, lanes neighbours
}

// Row-lane kernels: point 8a + b of a contiguous transform in lane b of vector a, so every
// global access is a whole vector; the table is the A-point passes' twiddles, then w_N^(b k)
// for k < A, lanes innermost.
BOOST_AUTO_TEST_CASE(row_lane_kernels_move_whole_vectors)
{
    KernelSpec s = specFor(64); // A = 64 points per lane
    s.length = 512;
    s.row.width = 8;
    s.transformsPerGroup = 4;
    s.threadsPerTransform = 8;
    s.batchDims = 1;
    const std::string src = generateKernelSource(s);
    BOOST_TEST(s.kernelName().find("_w8b4t8") != std::string::npos);
    BOOST_TEST(src.find("reqd_work_group_size(32, 1, 1)") != std::string::npos);
    BOOST_TEST(src.find("vload16") != std::string::npos);
    BOOST_TEST(src.find("vstore16") != std::string::npos);
    BOOST_TEST(src.find("laneIn[") == std::string::npos); // nothing gathered
    BOOST_TEST(src.find("void dft8s(") != std::string::npos);
    // the DFTs across the lanes take 8 whole vectors, transposed in registers
    const std::string lastPassBuffer = std::to_string((s.radices.size() + 1) % 2);
    BOOST_TEST(src.find("transpose8(lr" + lastPassBuffer + " + 8u * g, ur);") != std::string::npos);
    BOOST_TEST(src.find("LR[") == std::string::npos);
    // two buffers, the passes alternating between them, each with a vector to spare, and the
    // zero the passes after a barrier read their item index through
    BOOST_TEST(s.localMemBytes() == 4u * 2u * (512u + 8u) * 8u + kRowLaneZeroBytes);
    BOOST_TEST(src.find("__local uint zeroAfterBarrier;") != std::string::npos);
    BOOST_TEST(src.find("const uint tFresh = t + *(volatile __local uint*)&zeroAfterBarrier;") != std::string::npos);
    // so one barrier per pass (before each pass after the first, and before the DFTs across the
    // lanes): no pass reads and writes one buffer
    std::size_t barriers = 0;
    for (std::size_t at = src.find("barrier("); at != std::string::npos; at = src.find("barrier(", at + 1))
        ++barriers;
    BOOST_TEST(barriers == s.radices.size());
    const auto table = kernelTable(s);
    const std::size_t passTwiddles = table.size() - 64 * 8;
    const long double pi = 3.141592653589793238462643383279502884L;
    for (std::size_t k : {0u, 1u, 63u})
        for (std::size_t b : {0u, 5u, 7u}) {
            const auto v = table[passTwiddles + k * 8 + b];
            const long double angle = -2.0L * pi * static_cast<long double>(b * k) / 512.0L;
            BOOST_TEST(std::fabs(static_cast<double>(v.real() - std::cos(angle))) < 1e-18);
            BOOST_TEST(std::fabs(static_cast<double>(v.imag() - std::sin(angle))) < 1e-18);
        }
    // Even real rows: the complex FFT of the pairs z[n] = x[2n] + i x[2n+1], whose spectrum
    // becomes the hermitian half 8 outputs at a time (R2C), or is built from it (C2R); the
    // split/merge factors exp(-2 pi i k / 1024), k < 512, follow the lane table.
    KernelSpec r = s;
    r.kind = PassKind::RealForward;
    r.realLength = 1024;
    const std::string r2c = generateKernelSource(r);
    BOOST_TEST(r2c.find("vload16(0, in + ioff + (idx_t)(") != std::string::npos);
    BOOST_TEST(r2c.find("Z -> hermitian half") != std::string::npos);
    BOOST_TEST(r2c.find(".s76543210") != std::string::npos);
    // X[k] and X[N-k] from one load of Z[k] and Z[N-k] (the mirrors stored reversed, down to
    // X[N]), then X[N/2]
    BOOST_TEST(r2c.find("out + 2u * (ooff + 505u - k0)") != std::string::npos);
    BOOST_TEST(r2c.find("out[ooff + 256u] = (real2_t)(Xr, Xi);") != std::string::npos);
    BOOST_TEST(kernelTable(r).size() == table.size() + 512u);
    const auto merge = kernelTable(r)[table.size() + 100];
    BOOST_TEST(std::fabs(static_cast<double>(merge.real() - std::cos(-2.0L * pi * 100.0L / 1024.0L))) < 1e-18);
    r.kind = PassKind::RealBackward;
    const std::string c2r = generateKernelSource(r);
    BOOST_TEST(c2r.find("hermitian half -> Z") != std::string::npos);
    BOOST_TEST(c2r.find("0, zr + 505u - k0)") != std::string::npos); // Z[N-k] with Z[k]
    BOOST_TEST(c2r.find("zr[256u] = Er - Oi;") != std::string::npos); // then Z[N/2]
    BOOST_TEST(c2r.find("vstore16(z, 0, out + ooff + 2u * (") != std::string::npos);
    // Two real rows per complex FFT of their length (row.pairs): no split/merge factors.
    KernelSpec pr = r;
    pr.row.pairs = true;
    pr.realLength = 512;
    BOOST_TEST(pr.kernelName().find("_w8pb4t8") != std::string::npos);
    BOOST_TEST(kernelTable(pr).size() == table.size());
    const std::string pairsC2r = generateKernelSource(pr);
    BOOST_TEST(pairsC2r.find("two hermitian halves -> Z") != std::string::npos);
    BOOST_TEST(pairsC2r.find("0, zr + 505u - k0)") != std::string::npos); // Z[N-k] from the loads of Z[k]
    pr.kind = PassKind::RealForward;
    const std::string pairsR2c = generateKernelSource(pr);
    BOOST_TEST(pairsR2c.find("vload8(0, in + ioffB + (idx_t)(") != std::string::npos);
    BOOST_TEST(pairsR2c.find("Z -> the two hermitian halves") != std::string::npos);
    pr.realLength = 1024; // pairs transform the whole row
    BOOST_CHECK_THROW(generateKernelSource(pr), std::invalid_argument);
    r.realLength = 1023; // odd real lengths keep the lane kernels
    BOOST_CHECK_THROW(generateKernelSource(r), std::invalid_argument);
    s.length = 520; // not 8 x a multiple of 8
    BOOST_CHECK_THROW(generateKernelSource(s), std::invalid_argument);
    s.length = 512;
    s.stageTwiddleLength = 4096; // sub-passes keep lane kernels
    BOOST_CHECK_THROW(generateKernelSource(s), std::invalid_argument);
}

// Complex row-lane buffers of a power-of-two number of vectors holding 128 KiB or more take a
// spare vector after every 64 (the radix-8 passes' reads 8 KiB apart would share an L1 set):
// every local index, the DFTs across the lanes' blocks of 8 included, goes through the padding.
BOOST_AUTO_TEST_CASE(row_lane_buffers_padded_past_128_kib)
{
    KernelSpec s = specFor(64);
    s.length = 16384; // A = 2048 vectors of 8 single complex points: 128 KiB a buffer
    s.radices = {4, 8, 8, 8};
    s.row.width = 8;
    s.transformsPerGroup = 1;
    s.threadsPerTransform = 256;
    s.batchDims = 1;
    BOOST_TEST(rowLanePadPeriod(s) == 64u);
    BOOST_TEST(rowLaneBufferVectors(s) == 2048u + 1u + 32u);
    BOOST_TEST(s.localMemBytes() == 2u * (2048u + 1u + 32u) * 8u * 8u + kRowLaneZeroBytes);
    const std::string src = generateKernelSource(s);
    BOOST_TEST(src.find("__local vreal_t lr0All[2081], li0All[2081];") != std::string::npos);
    BOOST_TEST(src.find("vr[1] = lr0[((t + 0u) + 256u) + ((t + 0u) + 256u) / 64u];") != std::string::npos);
    BOOST_TEST(src.find("transpose8(lr" + std::to_string((s.radices.size() + 1) % 2) + " + (8u * g) + (8u * g) / 64u, ur);") !=
               std::string::npos);
    KernelSpec d = s; // double 8192: 1024 vectors of 8 double complex points
    d.precision = Precision::Double;
    d.length = 8192;
    d.radices = {2, 8, 8, 8};
    BOOST_TEST(rowLanePadPeriod(d) == 64u);
    BOOST_TEST(rowLanePadPeriod(1024, 8, Precision::Double) == 64u);
    KernelSpec b = s; // a Bluestein convolution of a power-of-two length pads alike
    b.kind = PassKind::Bluestein;
    b.transformLength = 8191;
    BOOST_TEST(rowLanePadPeriod(b) == 64u);
    // no padding: 64 KiB buffers (single 8192, double 4096), A not a power of two, real rows
    // (their Z is indexed point by point), the passes in registers
    KernelSpec n = s;
    n.length = 8192;
    n.radices = {16, 8, 8};
    BOOST_TEST(rowLanePadPeriod(n) == 0u);
    BOOST_TEST(rowLaneBufferVectors(n) == 1024u + 1u);
    BOOST_TEST(generateKernelSource(n).find(") / 64u]") == std::string::npos);
    BOOST_TEST(rowLanePadPeriod(512, 8, Precision::Double) == 0u);
    BOOST_TEST(rowLanePadPeriod(2040, 8, Precision::Single) == 0u);
    KernelSpec r = s;
    r.kind = PassKind::RealForward;
    r.realLength = 32768;
    BOOST_TEST(rowLanePadPeriod(r) == 0u);
    KernelSpec g = specFor(64);
    g.length = 512;
    g.row.width = 8;
    g.row.registers = true;
    g.transformsPerGroup = 1;
    g.threadsPerTransform = 1;
    g.batchDims = 1;
    const std::string inRegisters = generateKernelSource(g);
    BOOST_TEST(inRegisters.find("zeroAfterBarrier") == std::string::npos);
    BOOST_TEST(g.localMemBytes() == 0u);
}

// Tight row-lane buffers (complex rows whose two padded buffers exceed local memory, single
// 32768 in 512 KiB): A vectors each, no zero in local memory (the items after a barrier read the
// lane table's first imaginary part), and a power of two of vectors swizzled: vector e at
// e ^ ((e >> 6) & 56), whole 8-vector blocks moving together. Not for real or packed rows.
BOOST_AUTO_TEST_CASE(row_lane_tight_buffers)
{
    KernelSpec s = specFor(64);
    s.length = 32768; // A = 4096 vectors: 256 KiB a buffer
    s.radices = {8, 8, 8, 8};
    s.row.width = 8;
    s.row.tight = true;
    s.transformsPerGroup = 1;
    s.threadsPerTransform = 256;
    s.batchDims = 1;
    BOOST_TEST(rowLanePadPeriod(s) == 0u);
    BOOST_TEST(rowLaneBufferVectors(s) == 4096u);
    BOOST_TEST(s.localMemBytes() == 2u * 32768u * 8u);
    BOOST_TEST(s.kernelName().find("_w8eb1t256") != std::string::npos, s.kernelName());
    const std::string src = generateKernelSource(s);
    BOOST_TEST(src.find("__local vreal_t lr0All[4096], li0All[4096];") != std::string::npos);
    BOOST_TEST(src.find("zeroAfterBarrier") == std::string::npos);
    BOOST_TEST(src.find("t + (uint)*((volatile __global const real_t*)(tw + " + std::to_string(tableLayout(s).laneTable) +
                        "u) + 1)") != std::string::npos);
    BOOST_TEST(src.find("vr[1] = lr0[(((t + 0u) + 512u) ^ ((((t + 0u) + 512u) >> 6) & 56u))];") != std::string::npos);
    BOOST_TEST(src.find("transpose8(lr" + std::to_string((s.radices.size() + 1) % 2) +
                        " + ((8u * g) ^ (((8u * g) >> 6) & 56u)), ur);") != std::string::npos);
    // the lane table's first entry is exp(0): an imaginary part of zero
    const auto table = rowLaneTwiddles(s);
    BOOST_TEST(table.at(tableLayout(s).laneTable).imag() == 0.0L);
    BOOST_TEST(table.at(tableLayout(s).laneTable).real() == 1.0L);
    // not a power of two: tight, not swizzled
    KernelSpec n = s;
    n.length = 8 * 3000;
    n.radices = {8, 5, 5, 5, 3};
    BOOST_TEST(n.localMemBytes() == 2u * 24000u * 8u);
    BOOST_TEST(generateKernelSource(n).find("& 56u)") == std::string::npos);
    KernelSpec r = s;
    r.kind = PassKind::RealForward;
    r.realLength = 65536;
    BOOST_CHECK_THROW(generateKernelSource(r), std::invalid_argument);
}

// The row-lane Bluestein on real data: R2C loads reals (imaginary parts zero) and keeps the
// hermitian half; C2R loads the hermitian half, whole vectors above Nt/2 reversed and conjugated
// (the vector straddling Nt/2 lane by lane), and stores the real parts.
BOOST_AUTO_TEST_CASE(row_lane_bluestein_on_real_data)
{
    KernelSpec s = specFor(64);
    s.kind = PassKind::Bluestein;
    s.transformLength = 1019;
    s.length = 2048;
    s.radices = {4, 8, 8};
    s.row.width = 8;
    s.transformsPerGroup = 1;
    s.threadsPerTransform = 64;
    s.batchDims = 1;
    s.realDirection = 1;
    BOOST_TEST(s.kernelName().find("fft_r2c_bluestein_n1019_m2048") == 0u);
    BOOST_TEST(s.realInputSide());
    const std::string r2c = generateKernelSource(s);
    BOOST_TEST(r2c.find("__global real_t* in") != std::string::npos);
    BOOST_TEST(r2c.find("= vload8(0, in + ioff + n0); vi[") != std::string::npos);
    BOOST_TEST(r2c.find("xr[l] = in[ioff + n0 + l];") != std::string::npos);
    BOOST_TEST(r2c.find("< 510u) { const uint k0 = ") != std::string::npos); // k <= 1019 / 2
    BOOST_TEST(r2c.find("if (k0 + 8u <= 510u)") != std::string::npos);
    s.realDirection = -1;
    BOOST_TEST(s.realOutputSide());
    const std::string c2r = generateKernelSource(s);
    BOOST_TEST(c2r.find("__global real_t* out") != std::string::npos);
    BOOST_TEST(c2r.find("if (n0 + 7u <= 509u)") != std::string::npos);
    BOOST_TEST(c2r.find("(ioff + (idx_t)(1019u - 7u - n0)))") != std::string::npos);
    BOOST_TEST(c2r.find(".s76543210") != std::string::npos);
    BOOST_TEST(c2r.find("m = n <= 509u ? n : 1019u - n;") != std::string::npos);
    BOOST_TEST(c2r.find("vstore8(Xr, 0, out + ooff + k0);") != std::string::npos);
    BOOST_TEST(c2r.find("out[ooff + k0 + l] = xr[l];") != std::string::npos);
}

// Row-lane kernels of 16 lanes (float16): the real side moves whole 64-byte vectors, the
// complex side 8 points at a time, and the DFTs across the lanes are a radix-2 step over the
// halves of each vector, then two 8-point DFTs on 8-lane halves.
BOOST_AUTO_TEST_CASE(row_lane_kernels_of_16_lanes)
{
    KernelSpec s = specFor(4);
    s.radices = {4, 8, 8}; // A = 256 points per lane
    s.length = 4096;
    s.row.width = 16;
    s.row.pairs = true;
    s.kind = PassKind::RealForward;
    s.realLength = 4096;
    s.transformsPerGroup = 1;
    s.threadsPerTransform = 64;
    s.batchDims = 1;
    BOOST_TEST(s.kernelName().find("_w16pb1t64") != std::string::npos);
    BOOST_TEST(s.localMemBytes() == 2u * (4096u + 16u) * 8u + kRowLaneZeroBytes);
    const std::string r2c = generateKernelSource(s);
    BOOST_TEST(r2c.find("typedef float16 vreal_t;") != std::string::npos);
    BOOST_TEST(r2c.find("vr[0] = vload16(0, in + ioff + (idx_t)(") != std::string::npos); // a whole line of row 2m
    BOOST_TEST(r2c.find("vi[0] = vload16(0, in + ioffB + (idx_t)(") != std::string::npos); // and of row 2m + 1
    BOOST_TEST(r2c.find("void dft8c(creal_t* xr, creal_t* xi)") != std::string::npos);
    BOOST_TEST(r2c.find("hr[i] = yr.lo + yr.hi;") != std::string::npos);
    BOOST_TEST(r2c.find("transpose8(hr, ur); transpose8(hi, ui); dft8c(ur, ui);") != std::string::npos);
    // the odd outputs c = 2c' + 1 land A (2c' + 1) points in: 256 for c' = 0
    BOOST_TEST(r2c.find("vstore8(ur[0], 0, zr + 8u * g + 256u);") != std::string::npos);
    BOOST_TEST(r2c.find("Z -> the two hermitian halves") != std::string::npos);
    BOOST_TEST(r2c.find("float32") == std::string::npos);
    // the lane table: w_N^(b k) for 16 lanes
    const auto table = kernelTable(s);
    BOOST_TEST(table.size() == 4u * 7u + 32u * 7u + 256u * 16u); // passes of span 4 and 32, then lanes
    const long double pi = 3.141592653589793238462643383279502884L;
    const auto v = table[4u * 7u + 32u * 7u + 255u * 16u + 15u];
    BOOST_TEST(std::fabs(static_cast<double>(v.real() - std::cos(-2.0L * pi * 255.0L * 15.0L / 4096.0L))) < 1e-18);
    s.kind = PassKind::RealBackward; // C2R pairs: the real rows stored 8 values at a time
    BOOST_TEST(generateKernelSource(s).find("if (validB) vstore8(ui[0] * scaleIm, 0, out + ooffB + 8u * g + 256u);") !=
               std::string::npos);
    s.kind = PassKind::Complex; // complex rows: two lines per vector
    s.row.pairs = false;
    const std::string c2c = generateKernelSource(s);
    BOOST_TEST(c2c.find("vr[0] = (vreal_t)(r0, r1); vi[0] = (vreal_t)(i0, i1) * dirSign;") != std::string::npos);
    s.length = 4096 + 64; // the DFTs across the lanes take 8 k of A = length / 16
    s.radices = {2, 4, 4, 8};
    BOOST_CHECK_THROW(generateKernelSource(s), std::invalid_argument);
    s.length = 4096;
    s.row.width = 4;
    BOOST_CHECK_THROW(generateKernelSource(s), std::invalid_argument);
}

// Packed row lanes (rows of 8 A points, A not a multiple of 8): the group's vectors back to back,
// the DFTs across the lanes over blocks of 8 of them that span transforms, a work-item per period
// of lcm(A, 8) vectors; each run of a block's lanes of one transform stored in aligned pieces,
// guarded by its transform's validity. A group of a part of a period is refused.
BOOST_AUTO_TEST_CASE(packed_row_lanes_cross_transforms)
{
    auto packed = [](std::size_t A, std::size_t width, std::size_t groups) { // one pass over A vectors
        KernelSpec k = specFor(A);
        k.length = A * width;
        k.row.width = width;
        k.transformsPerGroup = groups;
        k.threadsPerTransform = 1;
        k.batchDims = 1;
        return k;
    };
    KernelSpec s = packed(6, 8, 8); // A = 6: a period of 24 vectors, 4 transforms in 3 blocks
    BOOST_REQUIRE(rowLanePacked(s));
    const std::string src = generateKernelSource(s);
    const std::string buf = std::to_string((s.radices.size() + 1) % 2);
    BOOST_TEST(src.find("for (uint per = lid; per < 2u; per += 8u) {") != std::string::npos);
    for (int p = 0; p < 3; ++p)
        BOOST_TEST(src.find("transpose8(lr" + buf + "All + (per * 3u + " + std::to_string(p) + "u) * 8u, ur);") !=
                   std::string::npos);
    BOOST_TEST(src.find("transpose8(lr" + buf + "All + (per * 3u + 3u)") == std::string::npos);
    BOOST_TEST(src.find("const bool valid3 = m3 < nTransforms;") != std::string::npos);
    BOOST_TEST(src.find("valid4") == std::string::npos);
    // block 0, output 1: lanes 0-5 are points 6..11 of transform 0 (4 + 2 lanes), lanes 6-7
    // points 6..7 of transform 1
    BOOST_TEST(src.find("vstore8(z.s01234567, 0, (__global real_t*)out + 2u * (ooff0 + 6u + 0u));") != std::string::npos);
    BOOST_TEST(src.find("vstore4(z.s89ab, 0, (__global real_t*)out + 2u * (ooff0 + 6u + 4u));") != std::string::npos);
    BOOST_TEST(src.find("vstore4(z.scdef, 0, (__global real_t*)out + 2u * (ooff1 + 6u + 0u));") != std::string::npos);
    BOOST_TEST(src.find("stream") == std::string::npos); // not streamed (spec.streamStores unset)
    BOOST_TEST(s.localMemBytes() >= 8u * 2u * 48u * 8u); // the kernel's slots: A vectors each
    s.transformsPerGroup = 2; // half a period
    BOOST_TEST(!rowLanePacked(s));
    BOOST_CHECK_THROW(generateKernelSource(s), std::invalid_argument);
    // A = 4: two transforms per block, half a line each, streamed where the spec says
    s.length = 32;
    s.radices = {4};
    s.transformsPerGroup = 2;
    s.streamStores = true;
    BOOST_REQUIRE(rowLanePacked(s));
    const std::string a4 = generateKernelSource(s);
    BOOST_TEST(a4.find("stream8(z.s89abcdef, (__global real_t*)out + 2u * (ooff1 + 4u + 0u));") != std::string::npos);
    s.inLayout = s.outLayout = ComplexLayout::Planar; // planar: the components' own pieces
    const std::string planar = generateKernelSource(s);
    BOOST_TEST(planar.find("vstore4(zr.s4567, 0, outRe + (ooff1 + 4u + 0u));") != std::string::npos);
    // Four lanes (float4), 20 points: A = 5, a period of 20 vectors in 5 blocks of 4, 4 transforms
    KernelSpec f = packed(5, 4, 4);
    BOOST_REQUIRE(rowLanePacked(f));
    const std::string four = generateKernelSource(f);
    BOOST_TEST(four.find("typedef float4 creal_t;") != std::string::npos);
    BOOST_TEST(four.find("vload8(0, (__global const real_t*)in + 2u * (") != std::string::npos);
    BOOST_TEST(four.find("static inline void transpose4(") != std::string::npos);
    BOOST_TEST(four.find("transpose4(lr" + std::to_string((f.radices.size() + 1) % 2) + "All + (per * 5u + 4u) * 4u, ur);") !=
               std::string::npos);
    BOOST_TEST(four.find("dft4s(ur, ui);") != std::string::npos);
    BOOST_TEST(four.find("transpose8") == std::string::npos);
    // block 1, output 0: lane 0 is point 4 of transform 0, lanes 1-3 points 0-2 of transform 1
    BOOST_TEST(four.find("vstore2(z.s01, 0, (__global real_t*)out + 2u * (ooff0 + 4u + 0u));") != std::string::npos);
    BOOST_TEST(four.find("vstore2(z.s23, 0, (__global real_t*)out + 2u * (ooff1 + 0u + 0u));") != std::string::npos);
    BOOST_TEST(four.find("vstore4(z.s4567, 0, (__global real_t*)out + 2u * (ooff1 + 0u + 1u));") != std::string::npos);
    // Stacked: slot s's transform in lanes 0-3 of a float8, transform s + 4 in lanes 4-7; the
    // transposes and the DFT across the lanes work on both halves, each half stores its own
    f.row.stacked = true;
    const std::string st = generateKernelSource(f);
    BOOST_TEST(st.find("typedef float8 vreal_t;") != std::string::npos);
    BOOST_TEST(st.find("const idx_t m = (idx_t)get_group_id(0) * 8u + s;") != std::string::npos);
    BOOST_TEST(st.find("const bool validH = m + 4u < nTransforms;") != std::string::npos);
    BOOST_TEST(st.find("(vreal_t)(z0.even, z1.even)") != std::string::npos);
    BOOST_TEST(st.find("t[1] = (vreal_t)(r0.s1, r1.s1, r2.s1, r3.s1, r0.s5, r1.s5, r2.s5, r3.s5);") != std::string::npos);
    BOOST_TEST(st.find("cr = (vreal_t)(z.even, z.even)") != std::string::npos);
    BOOST_TEST(st.find("const bool valid1H = m1H < nTransforms;") != std::string::npos);
    BOOST_TEST(st.find("const creal_t zr = ur[0].hi * scaleRe") != std::string::npos);
    BOOST_TEST(st.find("vstore2(z.s23, 0, (__global real_t*)out + 2u * (ooff1H + 0u + 0u));") != std::string::npos);
    BOOST_TEST(f.localMemBytes() - kRowLaneZeroBytes == 2 * (KernelSpec(packed(5, 4, 4)).localMemBytes() - kRowLaneZeroBytes));
    f.row.stacked = false;
    f.transformsPerGroup = 2;
    BOOST_CHECK_THROW(generateKernelSource(f), std::invalid_argument);
    KernelSpec e = packed(2, 8, 4); // stacking is for 4 lanes only
    e.row.stacked = true;
    BOOST_CHECK_THROW(generateKernelSource(e), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(lane_stage_twiddles_follow_the_stockham_table)
{
    KernelSpec s = laneSpecFor(16);
    s.lane.full = false;
    s.stageTwiddleLength = 16 * 40;
    const auto table = kernelTable(s);
    BOOST_TEST(table.size() == stockhamTwiddleCount(s) + 16u * 8u);
    const long double pi = 3.141592653589793238462643383279502884L;
    for (std::size_t e : {0u, 1u, 7u, 15u})
        for (std::size_t l : {0u, 3u, 7u}) {
            const auto w = table[stockhamTwiddleCount(s) + e * 8 + l];
            const long double angle = -2.0L * pi * static_cast<long double>(l * e) / static_cast<long double>(16 * 40);
            BOOST_TEST(std::fabs(static_cast<double>(w.real() - std::cos(angle))) < 1e-18);
            BOOST_TEST(std::fabs(static_cast<double>(w.imag() - std::sin(angle))) < 1e-18);
        }
    BOOST_TEST(generateKernelSource(s).find("vload16(0, (__global const real_t*)(tw + ") != std::string::npos);
    BOOST_TEST(!laneDirectStageTwiddles(s)); // single: the group's factor times the lane table

    // Double: every lane's whole twiddle in one row per point, 40 coordinates rounded up to 40
    // (a multiple of 8), one vector load at coord0 and no multiply between table entries.
    s.precision = Precision::Double;
    BOOST_TEST_REQUIRE(laneDirectStageTwiddles(s));
    const auto direct = kernelTable(s);
    BOOST_TEST(direct.size() == stockhamTwiddleCount(s) + 16u * 40u);
    BOOST_TEST(laneTwiddleCount(s) == 16u * 40u);
    for (std::size_t e : {0u, 1u, 7u, 15u})
        for (std::size_t c : {0u, 3u, 39u}) {
            const auto w = direct[stockhamTwiddleCount(s) + e * 40 + c];
            const long double angle = -2.0L * pi * static_cast<long double>(c * e % 640) / 640.0L;
            BOOST_TEST(std::fabs(static_cast<double>(w.real() - std::cos(angle))) < 1e-18);
            BOOST_TEST(std::fabs(static_cast<double>(w.imag() - std::sin(angle))) < 1e-18);
        }
    const std::string src = generateKernelSource(s);
    BOOST_TEST(src.find(" * 40u + (uint)coord0)); const vreal_t wr = z.even, wi = z.odd;") != std::string::npos);
    // 37 coordinates: rows padded to 40, so the last set's lanes read inside the table
    s.stageTwiddleLength = 16 * 37;
    BOOST_TEST(laneTwiddleCount(s) == 16u * 40u);
    // a table past 1 MiB keeps the two-level form
    s.length = 256;
    s.radices = {16, 16};
    s.stageTwiddleLength = 256 * 512;
    BOOST_TEST(!laneDirectStageTwiddles(s));
}
