// The copy kernels: OpenCL C for the copies that move data between buffers around the FFT passes,
// not FFT passes themselves (no KernelSpec, no table, no launch shape: the caller launches them).
// Three members: the row copy of a plan split over several devices (built by src/multi_device.cpp,
// launched by src/multi_device_exchange.cpp), the strided block copies of libclFFT-mpi
// (mpi/copy_kernels.cpp: packs, unpacks, local transposes), and the Python package's N-d copy and
// plane scaling (served by clfftNgGetHelperKernelSource, launched by python/clfft_ng/_engine.py).
// The row copy's text is part of its key in the program cache: a change to it rebuilds its
// binaries.
#pragma once

#include <string>

namespace clfft_ng {

// clfft_ng_copy_rect(src, so, sr, ss, dst, d0, dr, ds, n): one work-item per row (global ids 0
// and 1 the row and the slice), n 32-bit words a row; offsets and pitches in words. Queue
// positions after the first (`replica` > 0) get a program of their own: the source starts with
// "#define CLFFT_NG_REPLICA <replica>".
// unitBytes 2 (16-bit plans, docs/precision.md): the same over 16-bit units (ushort), offsets and
// pitches in those.
std::string multiDeviceCopySource(int replica, int unitBytes = 4);

// libclFFT-mpi's copies of 3-index blocks, one work-item an element (global ids 0, 1, 2 the
// indices c, b, a): clfft_mpi_copy8 / copy16 (element sizes 8 and 16 bytes; the innermost index
// contiguous on both sides: soff, s1, s2, doff, d1, d2) and clfft_mpi_scopy4 / scopy8 / scopy16
// (every index strided: soff, s0, s1, s2, doff, d0, d1, d2). All arguments in elements.
const char* mpiCopySource();

// One element type of the helper kernels: float, double, float2 or double2.
struct HelperElement {
    bool isDouble = false;
    bool isComplex = false;
};

// clfft_ng_copy_nd(dst, doff, src, soff, meta, nd, total, scale): one work-item per element of
// dst's shape (nd dimensions, row-major, `total` elements). meta holds four arrays of nd longs:
// dst's shape, dst's strides, src's shape, src's strides (elements). dst[i] = scale * src[i] where
// i lies inside src's shape, 0 elsewhere: crop, zero-pad, reorder and convert in one pass (real to
// complex fills the imaginary part with 0, complex to real keeps the real part). scale has dst's
// real type.
std::string helperCopySource(HelperElement src, HelperElement dst);

// clfft_ng_scale_plane(buf, off, meta, nd, total, f): buf[off + i . strides] *= f over an nd-dim
// real plane (meta: shape, then strides, nd longs each), one work-item per element.
std::string helperScalePlaneSource(bool isDouble);

} // namespace clfft_ng
