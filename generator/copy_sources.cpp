// The copy kernels' OpenCL C (copy_sources.h).
#include "copy_sources.h"

#include <sstream>

namespace clfft_ng {

std::string multiDeviceCopySource(int replica, int unitBytes)
{
    std::ostringstream src;
    if (replica > 0)
        src << "#define CLFFT_NG_REPLICA " << replica << "\n";
    // Rows copied as 32-bit words (16-bit units for 16-bit plans), 16 at a time (the runtime's
    // copy is a memcpy per row).
    const char* t = unitBytes == 2 ? "ushort" : "uint";
    src << "__kernel void clfft_ng_copy_rect(__global const " << t << "* src, ulong so, ulong sr, ulong ss,"
        << " __global " << t << "* dst, ulong d0, ulong dr, ulong ds, ulong n)\n{\n"
        << "    const ulong y = get_global_id(0), z = get_global_id(1);\n"
        << "    __global const " << t << "* a = src + so + y * sr + z * ss;\n"
        << "    __global " << t << "* b = dst + d0 + y * dr + z * ds;\n"
        << "    ulong x = 0;\n"
        << "    for (; x + 16 <= n; x += 16)\n        vstore16(vload16(0, a + x), 0, b + x);\n"
        << "    for (; x < n; ++x)\n        b[x] = a[x];\n}\n";
    return src.str();
}

namespace {

// A strided copy of 3-index blocks with a contiguous innermost index (COPY3), and one with every
// index strided (COPYS).
const char* kCopySource = R"CLC(
#define COPY3(NAME, T) \
__kernel void NAME(__global const T* src, __global T* dst, ulong soff, ulong s1, ulong s2, \
                   ulong doff, ulong d1, ulong d2) \
{ \
	const ulong c = get_global_id(0), b = get_global_id(1), a = get_global_id(2); \
	dst[doff + a * d2 + b * d1 + c] = src[soff + a * s2 + b * s1 + c]; \
}
COPY3(clfft_mpi_copy8, uint2)
COPY3(clfft_mpi_copy16, ulong2)
#define COPYS(NAME, T) \
__kernel void NAME(__global const T* src, __global T* dst, ulong soff, ulong s0, ulong s1, ulong s2, \
                   ulong doff, ulong d0, ulong d1, ulong d2) \
{ \
	const ulong c = get_global_id(0), b = get_global_id(1), a = get_global_id(2); \
	dst[doff + a * d2 + b * d1 + c * d0] = src[soff + a * s2 + b * s1 + c * s0]; \
}
COPYS(clfft_mpi_scopy4, uint)
COPYS(clfft_mpi_scopy8, uint2)
COPYS(clfft_mpi_scopy16, ulong2)
)CLC";

} // namespace

const char* mpiCopySource() { return kCopySource; }

} // namespace clfft_ng
