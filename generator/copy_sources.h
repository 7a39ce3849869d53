// The copy kernels: OpenCL C for the copies that move data between buffers around the FFT passes,
// not FFT passes themselves (no KernelSpec, no table, no launch shape: the caller launches them).
// Two members: the row copy of a plan split over several devices (built by src/multi_device.cpp,
// launched by src/multi_device_exchange.cpp), and the strided block copies of libclFFT-mpi
// (mpi/copy_kernels.cpp: packs, unpacks, local transposes). The row copy's text is part of its
// key in the program cache: a change to it rebuilds its binaries.
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

} // namespace clfft_ng
