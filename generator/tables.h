// The constant tables the Stockham and lane kernels read (and their layout), built on the host
// in long double and rounded once to the kernel's precision by the caller (generate.h
// kernelTable): radix-pass twiddles, real split/merge factors, two-level stage twiddles,
// Bluestein's chirp and kernel spectrum, Rader's permutations and spectrum.
#pragma once

#include "kernel_spec.h"

#include <complex>
#include <cstddef>
#include <vector>

namespace clfft_ng {

// Twiddle factors the kernel reads: for each pass after the first (radix R, span Ns = product
// of the earlier radices), for k < Ns and 1 <= r < R, exp(-2 pi i k r / (Ns R)), in that order;
// then, for even real lengths N = 2M, exp(-2 pi i k / N) for k = 0..M/2.
// Computed in long double; the caller rounds them once to the kernel's precision.
std::vector<std::complex<long double>> stockhamTwiddles(const KernelSpec& spec);

// Bluestein's chirp conj(b[k]) = exp(-pi i k^2 / N), k < N, and the spectrum of its kernel
// DFT_M(b~) / M (b~[j] = b[j] = b[M-j] for j < N, 0 elsewhere), both in long double.
std::vector<std::complex<long double>> bluesteinChirp(std::size_t n);
std::vector<std::complex<long double>> bluesteinKernel(std::size_t n, std::size_t m);

// Rader: the smallest primitive root of p (0 when p is not a prime), and the kernel's table
// (input permutation, output permutation, spectrum of the convolution kernel / L).
std::size_t primitiveRoot(std::size_t p);
std::vector<std::complex<long double>> raderTables(std::size_t p);

// Stage twiddles exp(-2 pi i e / M) of a sub-pass come from two tables of L and ceil(M / L)
// entries, L = ceil(sqrt(M)) (after the pass twiddles in stockhamTwiddles' table).
std::size_t stageSplit(const KernelSpec& spec);

// Number of entries stockhamTwiddles returns (at least 1: a table is always bound).
std::size_t stockhamTwiddleCount(const KernelSpec& spec);

// One table layout for every family: where each section of the kernel's constant table starts.
// Stockham and lane kernels: pass twiddles, real factors, stage tables, steps (the order
// stockhamTwiddles builds them), then the lane table. Row lanes: pass twiddles, the lanes'
// twiddles w_N^(bk) (laneTable), real factors. Split/merge: the two-level factor table
// (stageTables). Row vectors: none (constants in the source).
struct TableLayout {
    std::size_t passTwiddles = 0; // the radix passes' twiddles
    std::size_t realFactors = 0;  // half-length real passes: exp(-2 pi i k / N), k <= M/2
    std::size_t stageTables = 0;  // multi-pass: the two-level stage twiddles (unit_roots.h)
    std::size_t steps = 0;        // Bluestein's chirp (N) then spectrum (M); Rader's permutations
                                  // and spectrum (3 L); a fused step's chirp or spectrum
    std::size_t end = 0;          // entries of the Stockham table (at least 1 are uploaded)
    std::size_t laneTable = 0;    // lane kernels: the per-lane twiddles (after a chirp's W spare);
                                  // row lanes: the lanes' twiddles
    std::size_t r2r = 0;          // fused r2r stages' twiddles (r2rFusedTable), at the end
};
TableLayout tableLayout(const KernelSpec& spec);

} // namespace clfft_ng
